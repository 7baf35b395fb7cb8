"""What the edition's pages are built from, read once per build: the rules with their verification,
which rules cite which passage, the stand-off mentions of the TEI, and the sources' bibliography."""

from __future__ import annotations

import json
from collections import defaultdict
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from lxml import etree

from corpus import paths
from corpus.fileio import parse_xml
from corpus.readings import local_name
from corpus.sources import all_sources
from corpus.spans import TEI_NS, XML_ID

T = f"{{{TEI_NS}}}"


@dataclass(frozen=True)
class RuleView:
    """A rule as the build's rules.json gives it (the site reads products, never the engine)."""

    id: str
    title: str
    game: str
    source: str
    passages: tuple[str, ...]
    quote: str
    kind: str
    claim: dict
    claim_text: str
    claim_sentence: str
    section: str  # the reader's section of the game: 'The deal', 'Penalties'
    status: str
    interpretation: dict
    check: str
    alternatives: tuple[str, ...]
    disagrees_with: tuple[str, ...]
    note: str
    test: str
    place: str  # where a reader finds it in the printed source: 'art. 10, p. 85'
    diplomatic: str  # the cited passages as received
    proposed: bool  # drafted by `academie draft`, not yet reviewed by an editor

    @property
    def check_name(self) -> str:
        return self.check


@dataclass(frozen=True)
class Verified:
    rule: RuleView
    holds: bool
    detail: str
    reading: str  # the engine's result: 'consistent', 'inconsistent' or 'not modelled'

    @property
    def badge(self) -> str:
        """The editor's status (a build fails before a rule the engine does not bear out is shown);
        a draft no editor has reviewed is 'proposed', whatever the engine finds."""
        return "proposed" if self.rule.proposed else self.rule.status


def clear() -> None:
    """Forget what was read: a build in the same process (academie bench site, a watcher) sees
    changed products and TEI files."""
    for cached in (verified_rules, rule_by_id, citing, tei, mentions, coverage, citations):
        cached.cache_clear()


def game_page(game: str) -> str:
    """The page of a game, from the root of the site; a rule's anchor is its id on this page."""
    return paths.game_page(game)


def source_page(source_id: str) -> str:
    return paths.source_page(source_id)


def product(name: str) -> Path:
    """A product of the build that the site renders (written before Sphinx runs)."""
    return paths.PRODUCTS / name


@cache
def verified_rules() -> tuple[Verified, ...]:
    """Every rule of the catalogue with the engine's result, as the build recorded them."""
    out = []
    for record in json.loads(product("rules.json").read_text("utf-8")):
        fields = {k: record[k] for k in RuleView.__dataclass_fields__}
        for key in ("passages", "alternatives", "disagrees_with"):
            fields[key] = tuple(fields[key])
        found = record["verification"]
        out.append(Verified(RuleView(**fields), found["engine"] == "consistent", found["detail"], found["engine"]))
    return tuple(out)


@cache
def coverage() -> tuple[dict, ...]:
    """Every sentence of every source with who cites it or the editor's mark (coverage.json)."""
    return tuple(json.loads(product("coverage.json").read_text("utf-8")))


@cache
def citations() -> dict:
    """The edition's facts, and per rule and source its CSL-JSON, formatted styles, BibTeX and RIS."""
    return json.loads(product("citations.json").read_text("utf-8"))


@cache
def rule_by_id() -> dict[str, Verified]:
    return {v.rule.id: v for v in verified_rules()}


@cache
def citing() -> dict[str, tuple[Verified, ...]]:
    """Passage id -> the rules that cite it."""
    found: dict[str, list[Verified]] = defaultdict(list)
    for verified in verified_rules():
        for passage in verified.rule.passages:
            found[passage].append(verified)
    return {k: tuple(v) for k, v in found.items()}


def rules_citing(element: etree._Element) -> list[Verified]:
    """The rules citing a block, a sentence in it, or the division it opens."""
    ids = [element.get(XML_ID)] + [s.get(XML_ID) for s in element.iter(f"{T}s")]
    parent = element.getparent()
    if parent is not None and _first_block(parent) is element:
        ids.append(parent.get(XML_ID))
        grand = parent.getparent()
        if grand is not None and local_name(grand) == "cit" and _first_block(grand) is element:
            ids.append(grand.get(XML_ID))
    seen: dict[str, Verified] = {}
    for xml_id in ids:
        for verified in citing().get(xml_id or "", ()):
            seen.setdefault(verified.rule.id, verified)
    return list(seen.values())


def _first_block(element: etree._Element) -> etree._Element | None:
    for node in element.iter(f"{T}p", f"{T}head", f"{T}item", f"{T}ab"):
        return node
    return None


@cache
def tei(source_id: str) -> etree._Element:
    return parse_xml(paths.tei_path(source_id)).getroot()


@dataclass(frozen=True)
class Mention:
    source: str
    sentence: str
    text: str


@cache
def mentions() -> dict[str, tuple[Mention, ...]]:
    """Glossary entry id -> its mentions in the corpus (the TEI's stand-off annotation)."""
    found: dict[str, list[Mention]] = defaultdict(list)
    for source in all_sources():
        for annotation in tei(source.id).iter(f"{T}annotation"):
            ref = (annotation.get("ana") or "").lstrip("#")
            if annotation.get("motivation") == "identifying" and ref:
                sentence = annotation.get("target").split("'")[1]
                found[ref].append(Mention(source.id, sentence, "".join(annotation.itertext()).strip()))
    return {k: tuple(v) for k, v in found.items()}


BIBL_LABELS = {
    "title.a": "Title",
    "title.m": "In",
    "author": "Author",
    "pubPlace": "Place",
    "publisher": "Publisher",
    "date": "Date",
    "date.transcription": "Transcribed",
    "respStmt": "Transcriber",
    "biblScope.chapter": "Chapter",
    "biblScope.page": "Pages",
    "edition": "Edition",
    "note.description": "Description",
    "note.digitisation": "Digitisation",
    "note.unknown": "Unknown",
    "idno.file": "Received as",
}


def bibliography(source_id: str) -> list[tuple[str, str]]:
    """(label, value) of a source's bibliographic description, as its TEI header gives it."""
    bibl = tei(source_id).find(f"{T}teiHeader/{T}fileDesc/{T}sourceDesc/{T}bibl")
    out = []
    for child in bibl if bibl is not None else []:
        name = local_name(child)
        kind = child.get("level") or child.get("type") or child.get("unit")
        label = BIBL_LABELS.get(f"{name}.{kind}") or BIBL_LABELS.get(name, name)
        value = " ".join(child.findtext(f"{T}name", "").split()) if name == "respStmt" else child.xpath("string()")
        if value.strip():
            out.append((label, " ".join(value.split())))
    return out
