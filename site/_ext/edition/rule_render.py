"""Rules as docutils nodes: the rule with its badge, claim, quoted passages, interpretation,
alternatives and 'Cite this rule' block; the comparison table of sources that speak of one game."""

from __future__ import annotations

from docutils import nodes
from sphinx import addnodes

from edition.data import Verified, article_of, rule_by_id

STATUS_WORDS = {
    "holds": "holds: the engine verifies it, and changing any value of the claim makes it fail",
    "contradicted": "contradicted: the text states it, and the engine refutes it",
    "open": "open: one of competing readings of the text; the engine finds this one {reading}",
    "asserted": "asserted: the text states it; the engine does not model it",
}


def xref(target: str, *content: nodes.Node, classes: list[str] | None = None) -> addnodes.pending_xref:
    """A link to an anchor registered by the edition (a TEI id or a rule id); Sphinx resolves it and,
    nitpicky, fails the build when the anchor does not exist."""
    ref = addnodes.pending_xref("", refdomain="std", reftype="ref", reftarget=target, refexplicit=True, refwarn=True)
    ref += nodes.inline("", "", *content, classes=classes or [])
    return ref


def badge(verified: Verified) -> nodes.inline:
    """The status; an open reading says whether the engine finds it consistent (never a failure)."""
    text = f"open · {verified.reading}" if verified.badge == "open" else verified.badge
    return nodes.inline("", text, classes=["badge", f"status-{verified.badge}"])


def rule_section(verified: Verified, source_title: str, base: str) -> nodes.section:
    """One rule, anchored by its id. `base` leads from this page to the root of the site."""
    rule = verified.rule
    section = nodes.section(ids=[rule.id], classes=["rule", f"status-{verified.badge}"])
    title = nodes.title("", "")
    title += nodes.literal("", rule.id)
    title += nodes.Text(" ")
    title += badge(verified)
    section += title
    quote = nodes.block_quote(classes=["rule-quote", "language-fr"])
    quote += nodes.paragraph("", rule.quote)
    section += quote
    fields = nodes.field_list()
    fields += field("Claim", nodes.paragraph("", f"{rule.kind}: {rule.claim_text}"))
    fields += field("Status", nodes.paragraph("", STATUS_WORDS[verified.badge].format(reading=verified.reading)))
    fields += field("Passages", passage_links(rule.passages))
    interpretation = f"{rule.interpretation['text']} (certainty: {rule.interpretation['cert']})"
    fields += field("Interpretation", nodes.paragraph("", interpretation))
    if rule.note:
        fields += field("Note", nodes.paragraph("", rule.note))
    for label, ids in (("Alternatives", rule.alternatives), ("Disagrees with", rule.disagrees_with)):
        if ids:
            fields += field(label, rule_links(ids))
    fields += field("Engine check", nodes.paragraph("", f"{rule.check_name}: {verified.detail}"))
    fields += field("Test", nodes.paragraph("", "", nodes.literal("", f"pytest -k '{rule.id}'")))
    section += fields
    section += cite_block(verified, source_title, base)
    return section


def cite_block(verified: Verified, source_title: str, base: str) -> nodes.container:
    """'Cite this rule': source, passages, rule id and the permalink, which depends on the id only."""
    rule = verified.rule
    permalink = f"{base}id/{rule.id}.html"
    box = nodes.container(classes=["cite-rule"])
    box += nodes.paragraph("", "Cite this rule", classes=["cite-title"])
    text = nodes.paragraph(classes=["cite-text"])
    where = ", ".join([*dict.fromkeys(article_of(p) for p in rule.passages), *printed(rule.pages)])
    text += nodes.Text(f"Académie, rule {rule.id}, after {source_title} (source {rule.source}), {where} ")
    text += nodes.Text(f"(passage{'s' if len(rule.passages) > 1 else ''} {', '.join(rule.passages)}). ")
    text += nodes.reference("", f"id/{rule.id}.html", refuri=permalink, classes=["permalink-url"])
    box += text
    return box


def printed(pages: tuple[str, ...]) -> list[str]:
    """'p. 85' or 'pp. 85-86': the printed pages, where the source prints them."""
    if not pages:
        return []
    return [f"p. {pages[0]}" if len(pages) == 1 else f"pp. {pages[0]}–{pages[-1]}"]


def passage_links(passages: tuple[str, ...]) -> nodes.paragraph:
    para = nodes.paragraph()
    for n, passage in enumerate(passages):
        if n:
            para += nodes.Text(", ")
        para += xref(passage, nodes.literal("", passage), classes=["passage-link"])
    return para


def rule_links(ids: tuple[str, ...] | list[str]) -> nodes.paragraph:
    para = nodes.paragraph()
    for n, rule_id in enumerate(ids):
        if n:
            para += nodes.Text(", ")
        verified = rule_by_id().get(rule_id)
        para += xref(rule_id, nodes.literal("", rule_id), classes=["rule-link"])
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


def comparison(rules: list[Verified], sources: list[tuple[str, str]]) -> nodes.table:
    """Kinds of rule down, sources across: what each source says of the same game."""
    kinds = sorted({v.rule.kind for v in rules})
    rows = []
    for kind in kinds:
        cells: list[nodes.Node] = [nodes.paragraph("", kind)]
        for source_id, _title in sources:
            cell = nodes.bullet_list(classes=["compact"])
            for verified in (v for v in rules if v.rule.kind == kind and v.rule.source == source_id):
                item = nodes.list_item()
                para = nodes.paragraph()
                para += xref(verified.rule.id, nodes.literal("", verified.rule.id), classes=["rule-link"])
                para += nodes.Text(f" {verified.rule.claim_text} ")
                para += badge(verified)
                item += para
                cell += item
            cells.append(cell if len(cell) else nodes.paragraph("", "(silent)"))
        rows.append(cells)
    return table(["Kind", *(title for _, title in sources)], rows, ["comparison"])
