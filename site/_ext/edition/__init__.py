"""Sphinx extension of the Académie edition: directives that render the TEI corpus, the rule catalogue
and what the extraction layer found, as docutils nodes; generated pages; permalinks and exports."""

from __future__ import annotations

import json
from pathlib import Path

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective

from corpus import paths
from corpus.glossary import entries
from corpus.sources import all_sources
from corpus.spans import XML_ID
from edition.data import (
    Verified,
    bibliography,
    clear,
    coverage,
    game_page,
    mentions,
    rules_citing,
    tei,
    verified_rules,
)
from edition.rule_render import badge, comparison, field, rule_section, table, xref
from edition.tei_render import Renderer, header_agents

GLOSSARY_TYPES = ("term", "counter")
INDEX_TYPES = {"card": "Cards", "suit": "Suits", "game": "Games", "term": "Terms of play", "counter": "Counters"}


class reading_switch(nodes.General, nodes.Element):  # noqa: N801 - docutils names nodes in lower case
    """The button that switches between the regularised and the diplomatic reading."""


def visit_reading_switch(self, node: reading_switch) -> None:
    self.body.append(
        self.starttag(node, "button", "", type="button", CLASS="reading-switch", **{"aria-pressed": "false"})
    )


def depart_reading_switch(self, node: reading_switch) -> None:
    self.body.append("</button>\n")


class EditionDirective(SphinxDirective):
    """Shared helpers: the path to the site's root, and registering anchors as cross-reference targets."""

    has_content = False

    @property
    def base(self) -> str:
        return "../" * self.env.docname.count("/")

    def register(self, anchor: str) -> None:
        self.env.domains.standard_domain.note_hyperlink_target(anchor, self.env.docname, anchor, anchor)

    def depend_on_tei(self) -> None:
        for source in all_sources():
            self.env.note_dependency(str(paths.tei_path(source.id)))

    def depend_on_digest(self, name: str) -> None:
        """Rebuild this page when the facts about rules that it shows change (see _digests)."""
        self.env.note_dependency(str(_digest_path(self.env.app, name)))


def page_section(anchor: str, title: str, content: list[nodes.Node]) -> nodes.section:
    """A generated page's one section: its title from the metadata as a text node, never as markup."""
    section = nodes.section(ids=[anchor])
    section += nodes.title("", title)
    section += content
    return section


class TeiSource(EditionDirective):
    """`.. tei-source:: reversis`: the source in both readings, with its header, download and backlinks."""

    required_arguments = 1

    def run(self) -> list[nodes.Node]:
        source_id = self.arguments[0]
        self.env.note_dependency(str(paths.tei_path(source_id)))
        self.depend_on_digest(f"source-{source_id}")
        root = tei(source_id)
        text = root.find(f"{{{root.nsmap[None]}}}text")
        for element in text.iter():
            if isinstance(element.tag, str) and element.get(XML_ID):
                self.register(element.get(XML_ID))
        switch = reading_switch()
        switch += nodes.Text("Show the diplomatic reading")
        about = nodes.container(classes=["source-header"])
        fields = nodes.field_list()
        for label, value in bibliography(source_id):
            fields += field(label, nodes.paragraph("", value))
        download = nodes.paragraph()
        download += nodes.reference("", f"{source_id}.xml (TEI P5)", refuri=f"{self.base}tei/{source_id}.xml")
        fields += field("Download", download)
        about += fields
        body = nodes.container(ids=[text.get(XML_ID)], classes=["tei-source", "language-fr"])
        body += Renderer(header_agents(root), self.backlinks).text(text)
        title = next(s.meta["title"] for s in all_sources() if s.id == source_id)
        return [page_section(f"source-{source_id}", title, [switch, about, body])]

    def backlinks(self, element) -> list[nodes.Node]:
        out: list[nodes.Node] = []
        if element.get(XML_ID):
            xml_id = element.get(XML_ID)
            out.append(nodes.reference("", "¶", refuri=f"{self.base}id/{xml_id}.html", classes=["permalink"]))
        found = rules_citing(element)
        if found:
            box = nodes.inline(classes=["backlinks"])
            box += nodes.Text("Rules: ")
            for n, verified in enumerate(found):
                if n:
                    box += nodes.Text(" · ")
                box += xref(verified.rule.id, nodes.Text(verified.rule.id), classes=["rule-link"])
                box += nodes.Text(" ")
                box += badge(verified)
            out.append(box)
        return out


class GameRules(EditionDirective):
    """`.. game-rules:: tarot`: every rule of a game, by source, and a comparison where sources differ."""

    required_arguments = 1

    def run(self) -> list[nodes.Node]:
        game = self.arguments[0]
        rules = [v for v in verified_rules() if v.rule.game == game]
        self.depend_on_digest(f"game-{game}")
        self.depend_on_digest("dashboard")  # the badges of the alternatives it links to
        self.depend_on_tei()
        sources = [(s.id, s.meta["title"]) for s in all_sources() if any(v.rule.source == s.id for v in rules)]
        out: list[nodes.Node] = []
        if len(sources) > 1:
            out.append(
                nodes.paragraph("", f"{len(sources)} sources speak of this game; what each says, by kind of rule:")
            )
            out.append(comparison(rules, sources))
        for source_id, title in sources:
            section = nodes.section(ids=[f"from-{source_id}"])
            section += nodes.title("", f"After {title}")
            for verified in (v for v in rules if v.rule.source == source_id):
                self.register(verified.rule.id)
                section += rule_section(verified, title, self.base)
            out.append(section)
        return [page_section(f"game-{game}", _game_title(game), out)]


class Dashboard(EditionDirective):
    """`.. verification-dashboard::`: per game and source, the rules by status; per source, its
    sentences cited by a rule, marked non-normative by the editor, or neither (unclassified)."""

    def run(self) -> list[nodes.Node]:
        self.depend_on_digest("dashboard")
        self.depend_on_tei()
        by_pair: dict[tuple[str, str], list[Verified]] = {}
        for verified in verified_rules():
            by_pair.setdefault((verified.rule.game, verified.rule.source), []).append(verified)
        statuses = ("holds", "contradicted", "open", "asserted")
        rows = []
        for (game, source_id), rules in sorted(by_pair.items()):
            page = nodes.paragraph("", "", xref(f"{game_page(game)}-page", nodes.Text(game)))
            counts = [nodes.paragraph("", str(sum(v.badge == s for v in rules))) for s in statuses]
            rows.append([page, nodes.paragraph("", source_id), *counts])
        header = ["Game", "Source", *(s.capitalize() for s in statuses)]
        found = coverage()
        kinds = ("cited", "non-normative", "unclassified")
        count_rows = [
            [nodes.paragraph("", source.id), nodes.paragraph("", str(sum(s["source"] == source.id for s in found)))]
            + [
                nodes.paragraph("", str(sum(s["source"] == source.id and s["status"] == k for s in found)))
                for k in kinds
            ]
            for source in all_sources()
        ]
        uncited_rows = [
            [
                nodes.paragraph("", "", xref(s["id"], nodes.literal("", s["id"]))),
                nodes.paragraph("", s["extracted"] or "-"),
                nodes.paragraph("", f"{s['mark']['kind']}: {s['mark']['reason']}" if s["mark"] else "unclassified"),
            ]
            for s in found
            if s["status"] != "cited"
        ]
        return [
            table(header, rows, ["dashboard"]),
            nodes.paragraph("", "Sentences of each source: cited by a rule, marked non-normative, or neither:"),
            table(
                ["Source", "Sentences", "Cited", "Non-normative", "Unclassified"], count_rows, ["dashboard-coverage"]
            ),
            nodes.paragraph("", "The sentences no rule cites, with the extraction's kind and the editor's mark:"),
            table(["Sentence", "Extracted as", "Editor's mark"], uncited_rows, ["dashboard-uncited"]),
        ]


class GlossaryTerms(EditionDirective):
    """`.. glossary-terms::`: the terms of play and counters, glossed, each with its occurrences."""

    def run(self) -> list[nodes.Node]:
        self.depend_on_tei()
        listing = nodes.definition_list(classes=["academie-glossary"])
        for entry in (e for e in entries() if e.type in GLOSSARY_TYPES):
            item = nodes.definition_list_item(ids=[f"gloss-{entry.id.replace('.', '-')}"])
            item += nodes.term("", entry.fr, classes=["language-fr"])
            definition = nodes.definition()
            definition += nodes.paragraph("", entry.en)
            definition += occurrences(entry.id)
            item += definition
            listing += item
        return [listing]


class MentionIndex(EditionDirective):
    """`.. mention-index::`: cards, suits, games, terms and counters, each linking to where they occur."""

    def run(self) -> list[nodes.Node]:
        self.depend_on_tei()
        out: list[nodes.Node] = []
        for kind, heading in INDEX_TYPES.items():
            section = nodes.section(ids=[f"index-{kind}"])
            section += nodes.title("", heading)
            listing = nodes.definition_list()
            for entry in sorted((e for e in entries() if e.type == kind), key=lambda e: e.fr.lower()):
                if not mentions().get(entry.id):
                    continue
                item = nodes.definition_list_item()
                item += nodes.term("", f"{entry.fr} ({entry.en})")
                definition = nodes.definition()
                definition += occurrences(entry.id)
                item += definition
                listing += item
            section += listing
            out.append(section)
        return out


def occurrences(entry_id: str) -> nodes.paragraph:
    """Links to each sentence that mentions a glossary entry, once per sentence."""
    para = nodes.paragraph(classes=["occurrences"])
    seen: list[str] = []
    for mention in mentions().get(entry_id, ()):
        if mention.sentence not in seen:
            seen.append(mention.sentence)
    para += nodes.Text(f"{len(seen)} sentence{'s' if len(seen) != 1 else ''}: " if seen else "no occurrence yet")
    for n, sentence in enumerate(seen):
        para += nodes.Text(", " if n else "")
        para += xref(sentence, nodes.Text(sentence), classes=["occurrence"])
    return para


class Bibliography(EditionDirective):
    """`.. source-bibliography::`: every source as its TEI header describes it."""

    def run(self) -> list[nodes.Node]:
        self.depend_on_tei()
        out: list[nodes.Node] = []
        for source in all_sources():
            section = nodes.section(ids=[f"bibl-{source.id}"])
            section += nodes.title("", source.meta["title"])
            fields = nodes.field_list()
            fields += field("Source id", nodes.paragraph("", "", nodes.literal("", source.id)))
            for label, value in bibliography(source.id):
                fields += field(label, nodes.paragraph("", value))
            links = nodes.paragraph()
            links += xref(f"sources/{source.id}-page", nodes.Text("the edition"))
            links += nodes.Text(" · ")
            links += nodes.reference("", "TEI file", refuri=f"{self.base}tei/{source.id}.xml")
            fields += field("Read", links)
            section += fields
            out.append(section)
        return out


def _pages(app: Sphinx) -> None:
    """Generated pages: one per source and one per game, so a new source needs no hand-written page."""
    clear()
    _digests(app)
    root = Path(app.srcdir)
    sources = all_sources()
    games = sorted({v.rule.game for v in verified_rules()})
    pages = {
        f"sources/{s.id}.rst": _page(f".. tei-source:: {s.id}", f"sources/{s.id}-page")
        for s in sources
    }
    pages["sources/index.rst"] = _index("Sources", [s.id for s in sources])
    pages |= {f"games/{g}.rst": _page(f".. game-rules:: {g}", f"games/{g}-page") for g in games}
    pages["games/index.rst"] = _index("Games and their rules", games)
    for folder in ("sources", "games"):
        for stale in (root / folder).glob("*.rst"):  # a source or game that is no longer there
            if f"{folder}/{stale.name}" not in pages:
                stale.unlink()
    for name, text in pages.items():
        path = root / name
        path.parent.mkdir(exist_ok=True)
        if not path.exists() or path.read_text("utf-8") != text:
            path.write_text(text, "utf-8")


def _digest_path(app: Sphinx, name: str) -> Path:
    return Path(app.doctreedir) / "academie-digests" / f"{name}.json"


def _digests(app: Sphinx) -> None:
    """What each page shows of the build's products, one small file each, rewritten only when it
    changes: a page depends on its digest, not on the products, so a reworded interpretation
    rebuilds its game's page alone (source pages and the dashboard show ids, passages, badges)."""
    shown = {f"source-{s.id}": [] for s in all_sources()} | {"dashboard": [list(coverage())]}
    for v in verified_rules():
        fact = [v.rule.id, v.rule.game, v.rule.source, list(v.rule.passages), v.badge, v.reading]
        shown.setdefault(f"source-{v.rule.source}", []).append(fact)
        shown["dashboard"].append(fact)
        shown.setdefault(f"game-{v.rule.game}", []).append([repr(v.rule), v.holds, v.detail])
    for name, facts in shown.items():
        path = _digest_path(app, name)
        data = json.dumps(facts, sort_keys=True)
        if not path.exists() or path.read_text("utf-8") != data:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(data, "utf-8")


def _page(directive: str, label: str) -> str:
    """A generated page: a label and one directive, whose arguments are validated ids; the title
    comes from the directive, as text (metadata is never pasted into reStructuredText)."""
    return f".. _{label}:\n\n{directive}\n"


def _index(title: str, names: list[str]) -> str:
    entries = "\n".join(f"   {n}" for n in names)
    return f"{title}\n{'=' * len(title)}\n\n.. toctree::\n   :maxdepth: 1\n\n{entries}\n"


def _game_title(game: str) -> str:
    from corpus.games import games

    names = {g.id: g.fr for g in games()}
    return f"{names.get(game, game.capitalize())}: rules"


def setup(app: Sphinx) -> dict[str, object]:
    app.add_config_value("edition_code", "", "env")
    app.add_node(reading_switch, override=True, html=(visit_reading_switch, depart_reading_switch))
    for name, directive in (
        ("tei-source", TeiSource),
        ("game-rules", GameRules),
        ("verification-dashboard", Dashboard),
        ("glossary-terms", GlossaryTerms),
        ("mention-index", MentionIndex),
        ("source-bibliography", Bibliography),
    ):
        app.add_directive(name, directive, override=True)  # a second build in one process
    app.add_css_file("academie.css")
    app.add_js_file("academie.js")
    app.connect("builder-inited", _pages)
    return {"version": "0.2", "parallel_read_safe": True, "parallel_write_safe": True}
