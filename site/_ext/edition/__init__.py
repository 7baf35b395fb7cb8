"""Sphinx extension of the Académie edition: directives that render the TEI corpus, the rule catalogue
and what the extraction layer found, as docutils nodes; generated pages; permalinks and exports."""

from __future__ import annotations

import json
from pathlib import Path

from docutils import nodes
from lxml import etree
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective

from corpus import paths
from corpus.games import games
from corpus.glossary import entries
from corpus.sources import all_sources, get_source
from corpus.spans import XML_ID
from edition.apparatus import changes_table, parallel
from edition.compare import comparison
from edition.data import (
    Verified,
    bibliography,
    citations,
    clear,
    coverage,
    game_page,
    mentions,
    rule_by_id,
    rules_citing,
    tei,
    verified_rules,
)
from edition.highwire import page_context
from edition.rule_render import (
    SECTIONS,
    badge,
    cite_block,
    depart_disclosure,
    disclosure,
    field,
    rule_section,
    table,
    visit_disclosure,
    xref,
)
from edition.tei_render import Marks, Renderer, header_agents

GLOSSARY_TYPES = ("term", "counter")
INDEX_TYPES = {"card": "Cards", "suit": "Suits", "game": "Games", "term": "Terms of play", "counter": "Counters"}


class reading_switch(nodes.General, nodes.Element):  # noqa: N801 - docutils names nodes in lower case
    """A toggle button of a source page: the reading shown, or the review mode (by its class)."""


def visit_reading_switch(self, node: reading_switch) -> None:
    self.body.append(self.starttag(node, "button", "", type="button", **{"aria-pressed": "false"}))


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
    """`.. tei-source:: reversis`: the source in both readings, with its header, its citation, its
    apparatus, download and backlinks; the words a contradicted rule disputes are marked."""

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
        switches = nodes.paragraph(classes=["reading-switches"])
        switch = reading_switch(classes=["reading-switch"])
        switch += nodes.Text("Show the diplomatic reading")
        review = reading_switch(classes=["review-switch"])
        review += nodes.Text("Review the changes")
        switches += [switch, nodes.Text(" "), review]
        about = nodes.container(classes=["source-header"])
        fields = nodes.field_list()
        for label, value in bibliography(source_id):
            fields += field(label, nodes.paragraph("", value))
        read = nodes.paragraph()
        read += xref(f"sources/{source_id}-changes-page", nodes.Text("every change, with its agent and reason"))
        read += nodes.Text(" · ")
        read += xref(f"sources/{source_id}-parallel-page", nodes.Text("the two readings side by side"))
        read += nodes.Text(" · ")
        read += nodes.reference("", f"{source_id}.xml (TEI P5)", refuri=f"{self.base}tei/{source_id}.xml")
        fields += field("Apparatus", read)
        about += fields
        about += cite_block(source_id, "sources", self.base)
        body = nodes.container(ids=[text.get(XML_ID)], classes=["tei-source", "language-fr"])
        body += Renderer(header_agents(root), self.backlinks, crux_marks(source_id)).text(text)
        return [page_section(f"source-{source_id}", get_source(source_id).meta["title"], [switches, about, body])]

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
                box += xref(verified.rule.id, nodes.Text(verified.rule.title), classes=["rule-link"])
                box += nodes.Text(" ")
                box += badge(verified)
            out.append(box)
        return out


def crux_marks(source_id: str) -> Marks:
    """Sentence id -> the words a contradicted rule disputes there: the values its claim has and
    none of its alternatives has (the "58" against the 56 its pack leaves), as printed."""
    marks: Marks = {}
    for verified in verified_rules():
        rule = verified.rule
        if rule.source != source_id or rule.status != "contradicted":
            continue
        related = {*rule.alternatives, *rule.disagrees_with}
        related |= {v.rule.id for v in verified_rules() if rule.id in (*v.rule.alternatives, *v.rule.disagrees_with)}
        others = [rule_by_id()[a].rule.claim for a in sorted(related) if a in rule_by_id()]
        disputed = tuple(
            str(value)
            for key, value in rule.claim.items()
            if isinstance(value, int) and not isinstance(value, bool) and all(o.get(key) != value for o in others)
        )
        words = tuple(w for w in disputed if w in rule.quote)
        for passage in rule.passages if words else ():
            marks[passage] = (words, lambda word, rule=rule: _crux_link(word, rule.id, rule.title))
    return marks


def _crux_link(word: str, rule_id: str, title: str) -> nodes.Node:
    """The disputed word, marked, linking to the rule (the mark wraps the link: Sphinx rebuilds
    a resolved reference's content)."""
    return nodes.inline("", "", xref(rule_id, nodes.Text(word)), classes=["crux"], title=f"Contradicted: {title}")


class SourcePart(EditionDirective):
    """A page of the apparatus of one source: a heading, a line leading back to the text, and
    what `render` makes of the source's TEI."""

    required_arguments = 1
    anchor = heading = intro = ""

    def render(self, root: etree._Element) -> list[nodes.Node]:
        raise NotImplementedError

    def run(self) -> list[nodes.Node]:
        source_id = self.arguments[0]
        self.env.note_dependency(str(paths.tei_path(source_id)))
        intro = nodes.paragraph()
        intro += nodes.Text(f"{self.intro} ")
        intro += xref(f"sources/{source_id}-page", nodes.Text("Back to the text"))
        intro += nodes.Text(".")
        title = f"{get_source(source_id).meta['title']}: {self.heading}"
        return [page_section(f"{self.anchor}-{source_id}", title, [intro, *self.render(tei(source_id))])]


class SourceChanges(SourcePart):
    """`.. source-changes:: reversis`: every change of a source, filterable by agent and certainty."""

    anchor, heading = "changes", "the changes"
    intro = "Every change made to the text as received, with who or what made it, how sure, and why."

    def render(self, root: etree._Element) -> list[nodes.Node]:
        return [nodes.container(classes=["change-filters"]), changes_table(root)]  # the script adds the filters


class SourceParallel(SourcePart):
    """`.. source-parallel:: reversis`: the two readings of a source side by side, block by block."""

    anchor, heading = "parallel", "the two readings"
    intro = "The text as received beside the text as read."

    def render(self, root: etree._Element) -> list[nodes.Node]:
        return [parallel(root)]


class GameRules(EditionDirective):
    """`.. game-rules:: tarot`: every rule of a game, by source and by section as a rules site groups
    them, and where several sources speak of it, a comparison of what they claim."""

    required_arguments = 1

    def run(self) -> list[nodes.Node]:
        game = self.arguments[0]
        rules = [v for v in verified_rules() if v.rule.game == game]
        self.depend_on_digest(f"game-{game}")
        self.depend_on_digest("dashboard")  # the badges of the alternatives it links to
        self.depend_on_tei()
        sources = [(s.id, source_heading(s.meta)) for s in all_sources() if any(v.rule.source == s.id for v in rules)]
        out: list[nodes.Node] = []
        if len(sources) > 1:
            out.append(
                nodes.paragraph("", f"{len(sources)} sources speak of this game. What each claims, point by point:")
            )
            out.append(comparison([v for v in rules if not v.rule.proposed], sources))
        for source_id, heading in sources:
            section = nodes.section(ids=[f"from-{source_id}"])
            section += nodes.title("", f"After {heading}")
            mine = [v for v in rules if v.rule.source == source_id]
            for name in SECTIONS:
                group = [v for v in mine if v.rule.section == name]
                if not group:
                    continue
                part = nodes.section(ids=[f"{source_id}-{_slug(name)}"])
                part += nodes.title("", name)
                for verified in group:
                    self.register(verified.rule.id)
                    part += rule_section(verified, self.base)
                section += part
            out.append(section)
        return [page_section(f"game-{game}", _game_title(game), out)]


def source_heading(meta: dict) -> str:
    """'La Marinière, Le plaisant ieu de cartes de Taros (1659)', or the title and 'undated'."""
    author = f"{meta['author']}, " if meta.get("author") else ""
    return f"{author}{meta['title']} ({meta.get('date') or 'undated'})"


def _slug(text: str) -> str:
    return "-".join("".join(c if c.isalnum() else " " for c in text.lower()).split())


class RulePage(EditionDirective):
    """`.. rule-page:: reversis.deal.hand-sizes`: one rule with everything about it and how to cite it."""

    required_arguments = 1

    def run(self) -> list[nodes.Node]:
        verified = rule_by_id()[self.arguments[0]]
        rule = verified.rule
        self.depend_on_digest(f"rule-{rule.id}")
        body = rule_section(verified, self.base, anchor=f"rule-{rule.id}")
        body.children = body.children[1:]  # the page's title is the rule's
        back = nodes.paragraph()
        back += nodes.Text("In the rules of the game: ")
        back += xref(rule.id, nodes.Text(_game_title(rule.game)))
        diplomatic = nodes.container(classes=["rule-diplomatic"])
        diplomatic += nodes.paragraph("", "The cited passages as received (diplomatic reading):", classes=["label"])
        quote = nodes.block_quote(classes=["language-fr"])
        quote += nodes.paragraph("", rule.diplomatic)
        diplomatic += quote
        note = "The quote is in the edition's regularised reading; the passages as received are given above."
        title = nodes.inline("", "", nodes.Text(rule.title + " "), badge(verified))
        section = nodes.section(ids=[f"rule-page-{rule.id}"])
        section += nodes.title("", "", *title.children)
        section += [back, *body.children, diplomatic, cite_block(rule.id, "rules", self.base, note)]
        return [section]


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
            page = nodes.paragraph("", "", xref(f"{game_page(game)}-page", nodes.Text(_game_title(game))))
            counts = [_count_link(game, [v for v in rules if v.badge == s]) for s in statuses]
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


def _count_link(game: str, rules: list[Verified]) -> nodes.paragraph:
    """A count of rules, linking to the first of them on its game's page."""
    if not rules:
        return nodes.paragraph("", "0")
    return nodes.paragraph("", "", xref(rules[0].rule.id, nodes.Text(str(len(rules)))))


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
    pages: dict[str, str] = {}
    for s in sources:
        for suffix, directive in (("", "tei-source"), ("-changes", "source-changes"), ("-parallel", "source-parallel")):
            pages[f"sources/{s.id}{suffix}.rst"] = _page(f".. {directive}:: {s.id}", f"sources/{s.id}{suffix}-page")
    pages["sources/index.rst"] = _index(
        "Sources", [name for s in sources for name in (s.id, f"{s.id}-changes", f"{s.id}-parallel")]
    )
    pages |= {f"games/{g}.rst": _page(f".. game-rules:: {g}", f"games/{g}-page") for g in games}
    pages["games/index.rst"] = _index("Games and their rules", games)
    rules = [v.rule.id for v in verified_rules()]
    pages |= {f"rules/{r}.rst": _page(f".. rule-page:: {r}", f"rules/{r}-page") for r in rules}
    pages["rules/index.rst"] = _index("Every rule, on a page of its own", rules)
    for folder in ("sources", "games", "rules"):
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
    cited = citations()
    shown = {f"source-{s.id}": [cited["sources"][s.id]] for s in all_sources()} | {"dashboard": [list(coverage())]}
    for v in verified_rules():
        shown[f"rule-{v.rule.id}"] = [repr(v.rule), v.holds, v.detail, cited["rules"][v.rule.id], cited["edition"]]
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
    if game == "unknown":
        return "Quotations on unidentified games"
    names = {g.id: g.fr for g in games()}
    return f"{names.get(game, game.capitalize())}: rules"


def setup(app: Sphinx) -> dict[str, object]:
    app.add_config_value("edition_code", "", "env")
    app.add_node(reading_switch, override=True, html=(visit_reading_switch, depart_reading_switch))
    app.add_node(disclosure, override=True, html=(visit_disclosure, depart_disclosure))
    for name, directive in (
        ("tei-source", TeiSource),
        ("source-changes", SourceChanges),
        ("source-parallel", SourceParallel),
        ("rule-page", RulePage),
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
    app.connect("html-page-context", page_context)
    return {"version": "0.2", "parallel_read_safe": True, "parallel_write_safe": True}
