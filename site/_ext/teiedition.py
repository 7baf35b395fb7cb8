"""Sphinx extension: render the corpus TEI structurally (lxml to docutils nodes), one page per source."""

from __future__ import annotations

from pathlib import Path

from docutils import nodes
from docutils.parsers.rst import Directive, directives
from lxml import etree
from sphinx.application import Sphinx

from corpus import paths
from corpus.fileio import parse_xml
from corpus.readings import element_reading
from corpus.sources import all_sources
from corpus.spans import TEI_NS, XML_ID

NS = {"tei": TEI_NS}
BLOCK_TAGS = {"p", "head", "ab", "item", "trailer"}


def _local(element: etree._Element) -> str:
    return etree.QName(element).localname if isinstance(element.tag, str) else ""


class TeiSource(Directive):
    """`.. tei-source:: reversis` renders the regularised reading, each block anchored by its id."""

    required_arguments = 1
    has_content = False
    option_spec = {"class": directives.class_option}

    def run(self) -> list[nodes.Node]:
        path = paths.tei_path(self.arguments[0])
        self.state.document.settings.record_dependencies.add(str(path))
        tree = parse_xml(path)
        body = tree.find("tei:text/tei:body", NS)
        container = nodes.container(classes=["tei-source"])
        for element in body.iter():
            if _local(element) in BLOCK_TAGS and not _inside_block(element):
                container += self._block(element)
        return [container]

    def _block(self, element: etree._Element) -> nodes.Node:
        text = element_reading(element).strip()
        node = nodes.rubric(text, text) if _local(element) == "head" else nodes.paragraph(text, text)
        block_id = element.get(XML_ID)
        if block_id:
            node["ids"].append(block_id)
        for s in element.iter(f"{{{TEI_NS}}}s"):
            if s.get(XML_ID):
                node["ids"].append(s.get(XML_ID))
        node["classes"].append(f"tei-{_local(element)}")
        return node


class RuleCatalogue(Directive):
    """`.. rule-catalogue:: reversis` lists the rules of a source, each anchored by its rule id."""

    required_arguments = 1
    has_content = False

    def run(self) -> list[nodes.Node]:
        from rules.catalogue import RULES, load_rules
        from rules.checks import verify

        for path in RULES.glob("*.toml"):
            self.state.document.settings.record_dependencies.add(str(path))
        out: list[nodes.Node] = []
        for rule in (r for r in load_rules() if r.source == self.arguments[0]):
            section = nodes.section(ids=[rule.id], classes=["rule", f"status-{rule.status}"])
            section += nodes.title(rule.id, rule.id)
            quote = nodes.block_quote(classes=["rule-quote"])
            quote += nodes.paragraph(rule.quote, rule.quote)
            quote["lang"] = "fr"
            section += quote
            verdict = verify(rule)
            facts = nodes.field_list()
            for name, value in (
                ("Status", rule.status),
                ("Kind", rule.kind),
                ("Interpretation", f"{rule.interpretation['text']} (certainty: {rule.interpretation['cert']})"),
                ("Engine check", f"{rule.check_name}: {verdict.detail}"),
            ):
                facts += _field(name, nodes.paragraph(value, value))
            passages = nodes.paragraph()
            for n, passage in enumerate(rule.passages):
                if n:
                    passages += nodes.Text(", ")
                passages += nodes.reference(passage, passage, refuri=f"../sources/{rule.source}.html#{passage}")
            facts += _field("Passages", passages)
            section += facts
            out.append(section)
        return out


def _field(name: str, body: nodes.Node) -> nodes.field:
    field = nodes.field()
    field += nodes.field_name(name, name)
    value = nodes.field_body()
    value += body
    field += value
    return field


def _inside_block(element: etree._Element) -> bool:
    parent = element.getparent()
    while parent is not None:
        if _local(parent) in BLOCK_TAGS:
            return True
        parent = parent.getparent()
    return False


def _write_stubs(app: Sphinx) -> None:
    """One page per source, generated so that adding a source needs no hand-written page."""
    folder = Path(app.srcdir) / "sources"
    folder.mkdir(exist_ok=True)
    sources = all_sources()
    entries = []
    for source in sources:
        title = source.meta["title"]
        page = f"{title}\n{'=' * len(title)}\n\n.. tei-source:: {source.id}\n"
        _write_if_changed(folder / f"{source.id}.rst", page)
        entries.append(f"   {source.id}")
    index = "Sources\n=======\n\n.. toctree::\n   :maxdepth: 1\n\n" + "\n".join(entries) + "\n"
    _write_if_changed(folder / "index.rst", index)
    rules_folder = Path(app.srcdir) / "rules"
    rules_folder.mkdir(exist_ok=True)
    for source in sources:
        title = f"Rules of {source.meta['title']}"
        _write_if_changed(
            rules_folder / f"{source.id}.rst", f"{title}\n{'=' * len(title)}\n\n.. rule-catalogue:: {source.id}\n"
        )
    rules_index = "Rules\n=====\n\n.. toctree::\n   :maxdepth: 1\n\n" + "\n".join(entries) + "\n"
    _write_if_changed(rules_folder / "index.rst", rules_index)


def _write_if_changed(path: Path, text: str) -> None:
    if not path.exists() or path.read_text("utf-8") != text:
        path.write_text(text, "utf-8")


def _permalink_page(target: str) -> bytes:
    """A page that sends the reader on to `target` (built as a tree, never by string pasting)."""
    from lxml.html import builder as h
    from lxml.html import tostring

    page = h.HTML(
        h.HEAD(
            h.META(charset="utf-8"),
            h.META(**{"http-equiv": "refresh", "content": f"0; url={target}"}),
            h.LINK(rel="canonical", href=target),
            h.TITLE("Académie permalink"),
        ),
        h.BODY(h.P("This permalink leads to ", h.A(target, href=target), ".")),
    )
    return tostring(page, doctype="<!DOCTYPE html>", encoding="utf-8")


def _write_permalinks(app: Sphinx, exception: Exception | None) -> None:
    """`id/<identifier>.html` for every published passage, and for every redirected old one."""
    from corpus.ledger import redirects, text_ids

    if exception is not None or app.builder.format != "html":
        return
    folder = Path(app.outdir) / "id"
    folder.mkdir(exist_ok=True)
    for source in all_sources():
        for xml_id in text_ids(paths.tei_path(source.id)):
            (folder / f"{xml_id}.html").write_bytes(_permalink_page(f"../sources/{source.id}.html#{xml_id}"))
    from rules.catalogue import load_rules

    rule_pages = {rule.id: f"../rules/{rule.source}.html#{rule.id}" for rule in load_rules()}
    for rule_id, target in rule_pages.items():
        (folder / f"{rule_id}.html").write_bytes(_permalink_page(target))
    for old, new in redirects().items():
        target = rule_pages.get(new) or f"../sources/{new.split('.', 1)[0]}.html#{new}"
        (folder / f"{old}.html").write_bytes(_permalink_page(target))


def setup(app: Sphinx) -> dict[str, object]:
    app.add_directive("tei-source", TeiSource)
    app.add_directive("rule-catalogue", RuleCatalogue)
    app.connect("builder-inited", _write_stubs)
    app.connect("build-finished", _write_permalinks)
    return {"version": "0.1", "parallel_read_safe": True, "parallel_write_safe": True}
