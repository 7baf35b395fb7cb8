"""Rules as docutils nodes: a rule under its plain-language title, with its claim as a sentence, its
quote, its badge and the raw data behind a disclosure; the 'Cite this' block; the comparison of the
sources that speak of one game, row by row of what they claim."""

from __future__ import annotations

from docutils import nodes
from lxml import html as lxml_html
from sphinx import addnodes

from edition.data import Verified, citations, rule_by_id

STATUS_WORDS = {
    "holds": "holds: the engine verifies it, and changing any value of the claim makes it fail",
    "contradicted": "contradicted: the text states it, and the engine refutes it",
    "open": "open: one of competing readings of the text; the engine finds this one {reading}",
    "asserted": "asserted: the text states it; the engine does not model it",
    "proposed": "proposed: drafted automatically from the text and not yet reviewed; the engine finds it {reading}",
}
# The order of the reader's sections of a game (rules.json gives each rule's section).
SECTIONS = (
    "Players and cards",
    "The deal",
    "The talon and the exchange",
    "Play",
    "Values and scoring",
    "Penalties",
    "Procedures",
    "Advice and remarks",
)


class disclosure(nodes.General, nodes.Element):  # noqa: N801 - docutils names nodes in lower case
    """<details> with a <summary>: what a reader opens when he wants it (the raw data of a rule)."""


def visit_disclosure(self, node: disclosure) -> None:
    self.body.append(self.starttag(node, "details", ""))
    self.body.append(f"<summary>{self.encode(node['summary'])}</summary>\n")


def depart_disclosure(self, node: disclosure) -> None:
    self.body.append("</details>\n")


def xref(target: str, *content: nodes.Node, classes: list[str] | None = None) -> addnodes.pending_xref:
    """A link to an anchor registered by the edition (a TEI id or a rule id); Sphinx resolves it and,
    nitpicky, fails the build when the anchor does not exist."""
    ref = addnodes.pending_xref("", refdomain="std", reftype="ref", reftarget=target, refexplicit=True, refwarn=True)
    ref += nodes.inline("", "", *content, classes=classes or [])
    return ref


def badge(verified: Verified) -> nodes.inline:
    """The status; an open reading says whether the engine finds it consistent (never a failure)."""
    shown = verified.badge in ("open", "proposed")
    text = f"{verified.badge} · {verified.reading}" if shown else verified.badge
    return nodes.inline("", text, classes=["badge", f"status-{verified.badge}"])


def rule_section(verified: Verified, base: str, anchor: str = "") -> nodes.section:
    """One rule under its title, anchored by its id (or `anchor`); `base` leads to the site's root."""
    rule = verified.rule
    section = nodes.section(ids=[anchor or rule.id], classes=["rule", f"status-{verified.badge}"])
    title = nodes.title("", rule.title)
    title += nodes.Text(" ")
    title += badge(verified)
    section += title
    if rule.claim_sentence:
        section += nodes.paragraph("", rule.claim_sentence, classes=["claim-sentence"])
    quote = nodes.block_quote(classes=["rule-quote", "language-fr"])
    quote += nodes.paragraph("", rule.quote)
    section += quote
    where = nodes.paragraph(classes=["rule-where"])
    where += nodes.Text(f"{rule.place} · " if rule.place else "")
    where += passage_links(rule.passages)
    where += nodes.Text(" · ")
    where += nodes.reference("", "cite this rule", refuri=f"{base}rules/{rule.id}.html", classes=["rule-page-link"])
    section += where
    details = disclosure(summary="The rule's data and verification")
    details += details_fields(verified)
    section += details
    return section


def details_fields(verified: Verified) -> nodes.field_list:
    rule = verified.rule
    fields = nodes.field_list()
    fields += field("Rule id", nodes.paragraph("", "", nodes.literal("", rule.id)))
    fields += field("Status", nodes.paragraph("", STATUS_WORDS[verified.badge].format(reading=verified.reading)))
    interpretation = f"{rule.interpretation['text']} (certainty: {rule.interpretation['cert']})"
    fields += field("Interpretation", nodes.paragraph("", interpretation))
    if rule.note:
        fields += field("Note", nodes.paragraph("", rule.note))
    for label, ids in (("Alternatives", rule.alternatives), ("Disagrees with", rule.disagrees_with)):
        if ids:
            fields += field(label, rule_links(ids))
    fields += field("Claim (data)", nodes.paragraph("", "", nodes.literal("", f"{rule.kind}: {rule.claim_text}")))
    fields += field("Engine check", nodes.paragraph("", f"{rule.check_name}: {verified.detail}"))
    fields += field("Test", nodes.paragraph("", "", nodes.literal("", f"pytest -k '{rule.id}'")))
    return fields


def cite_block(key: str, kind: str, base: str, reading_note: str = "") -> nodes.container:
    """'Cite this': the entry in each CSL style, where it stands in its source, the permalink, the
    access date (today's, filled in by the page) and the BibTeX, RIS and CSL-JSON downloads."""
    record = citations()[kind][key]
    box = nodes.container(classes=["cite-rule"])
    box += nodes.paragraph("", f"Cite this {'rule' if kind == 'rules' else 'source'}", classes=["cite-title"])
    for style, label in citations()["styles"].items():
        para = nodes.paragraph(classes=["cite-text", f"cite-{style}"])
        para += nodes.strong("", f"{label}: ")
        para += styled(record["styles"][style])
        box += para
    facts = nodes.field_list(classes=["cite-facts"])
    if "where" in record:
        facts += field("In the source", nodes.paragraph("", record["where"], classes=["cite-where"]))
    if reading_note:
        facts += field("Reading", nodes.paragraph("", reading_note, classes=["cite-reading"]))
    link = nodes.paragraph()
    link += nodes.reference("", f"id/{key}.html", refuri=f"{base}id/{key}.html", classes=["permalink-url"])
    facts += field("Permalink", link)
    facts += field("Accessed", nodes.paragraph("", "", nodes.inline("", "", classes=["access-date"])))
    downloads = nodes.paragraph(classes=["cite-downloads"])
    for n, (suffix, label) in enumerate((("bib", "BibTeX"), ("ris", "RIS"), ("json", "CSL-JSON"))):
        downloads += nodes.Text(" · " if n else "")
        downloads += nodes.reference("", label, refuri=f"{base}cite/{key}.{suffix}", classes=[f"download-{suffix}"])
    facts += field("Download", downloads)
    box += facts
    return box


def styled(fragment: str) -> list[nodes.Node]:
    """citeproc-py's HTML (text and <i>) as docutils nodes, so that nothing is pasted as markup."""
    root = lxml_html.fragment_fromstring(fragment, create_parent="span")
    return _nodes(root)


def _nodes(element) -> list[nodes.Node]:
    out: list[nodes.Node] = [nodes.Text(element.text)] if element.text else []
    for child in element:
        inner = _nodes(child)
        out.append(nodes.emphasis("", "", *inner) if child.tag == "i" else nodes.inline("", "", *inner))
        if child.tail:
            out.append(nodes.Text(child.tail))
    return out


def passage_links(passages: tuple[str, ...]) -> nodes.inline:
    para = nodes.inline()
    for n, passage in enumerate(passages):
        if n:
            para += nodes.Text(", ")
        para += xref(passage, nodes.Text(passage), classes=["passage-link"])
    return para


def rule_links(ids: tuple[str, ...] | list[str]) -> nodes.paragraph:
    para = nodes.paragraph()
    for n, rule_id in enumerate(ids):
        if n:
            para += nodes.Text(", ")
        verified = rule_by_id().get(rule_id)
        label = verified.rule.title if verified else rule_id
        para += xref(rule_id, nodes.Text(label), classes=["rule-link"])
        if verified:
            para += nodes.Text(" ")
            para += badge(verified)
    return para


def field(name: str, body: nodes.Node) -> nodes.field:
    item = nodes.field()
    item += nodes.field_name("", name)
    value = nodes.field_body()
    value += body
    item += value
    return item


def table(header: list[str], rows: list[list[nodes.Node]], classes: list[str]) -> nodes.table:
    """A docutils table of nodes (each cell one node)."""
    grid = nodes.table(classes=classes)
    group = nodes.tgroup(cols=len(header))
    grid += group
    for _ in header:
        group += nodes.colspec(colwidth=1)
    head = nodes.thead()
    head += _row([nodes.paragraph("", h) for h in header])
    group += head
    body = nodes.tbody()
    for row in rows:
        body += _row(row)
    group += body
    return grid


def _row(cells: list[nodes.Node]) -> nodes.row:
    row = nodes.row()
    for cell in cells:
        entry = nodes.entry()
        entry += cell
        row += entry
    return row
