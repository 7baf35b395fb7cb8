"""Completeness at the sentence: every sentence of every source is cited by a rule (itself or an
element around it), or marked by the editor as non-normative in rules/data/non_normative.toml, with
its kind and a short reason. The extraction layer's kind for each sentence is read from the TEI
(its classifying <annotation>)."""

from __future__ import annotations

import os
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from lxml import etree

from corpus.errors import AcademieError
from corpus.fileio import entry_lines, load_toml
from corpus.spans import TEI_NS, XML_ID
from rules.catalogue import Rule
from rules.passages import normalise, passages, tei_tree

MARKS = Path(os.environ.get("ACADEMIE_NON_NORMATIVE", Path(__file__).resolve().parent / "data" / "non_normative.toml"))
KINDS = ("preface", "title", "commentary", "cross-reference", "ocr-debris", "example", "narrative")
T = f"{{{TEI_NS}}}"


@dataclass(frozen=True)
class Sentence:
    """A sentence of a source as the coverage sees it."""

    source: str
    id: str
    text: str
    extracted: str  # the extraction layer's kind ('rule', 'narrative', …), '' if none
    cited_by: tuple[str, ...]  # the rules citing it or an element around it
    mark: dict | None  # the editor's non-normative mark: kind, reason

    @property
    def status(self) -> str:
        return "cited" if self.cited_by else "non-normative" if self.mark else "unclassified"


@dataclass(frozen=True)
class Mark:
    id: str
    kind: str
    reason: str
    line: int | None
    copies: str = ""  # a passage of another source this one copies (a filiation)


@cache
def _marks(path: Path, stamp: int) -> dict[str, Mark]:
    data, lines = load_toml(path), entry_lines(path, "sentence")
    out: dict[str, Mark] = {}
    for k, entry in enumerate(data.get("sentence", [])):
        line = lines[k] if k < len(lines) else None
        if not isinstance(entry.get("id"), str) or entry.get("kind") not in KINDS or not entry.get("reason"):
            raise AcademieError(f"a mark needs id, reason and kind (one of {', '.join(KINDS)})", path, line)
        if entry["id"] in out:
            raise AcademieError(f"sentence {entry['id']} is marked twice", path, line)
        out[entry["id"]] = Mark(entry["id"], entry["kind"], entry["reason"], line, entry.get("copies", ""))
    return out


def marks() -> dict[str, Mark]:
    """The editor's non-normative marks, by sentence id (read again when the file changes)."""
    return _marks(MARKS, MARKS.stat().st_mtime_ns) if MARKS.exists() else {}


def sentences(source_id: str, rules: list[Rule]) -> list[Sentence]:
    """Every sentence of a source's text with who cites it, its extracted kind and its mark."""
    tree = tei_tree(source_id)
    kinds = {
        a.get("target", "").lstrip("#"): a.get("ana", "").removeprefix("#kind.")
        for a in tree.iter(f"{T}annotation")
        if a.get("motivation") == "classifying"
    }
    text = tree.getroot().find(f"{T}text")
    table = passages(source_id)  # the readings the rules' quotes are checked against, read once
    readings = {s.get(XML_ID): table[s.get(XML_ID)] for s in text.iter(f"{T}s")}
    citing = _citing(text, readings, [r for r in rules if r.source == source_id])
    found, marked = [], marks()
    for sentence_id, reading in readings.items():
        mark = marked.get(sentence_id)
        shown = {"kind": mark.kind, "reason": mark.reason, "copies": mark.copies} if mark else None
        cited = tuple(sorted(citing.get(sentence_id, ())))
        found.append(Sentence(source_id, sentence_id, reading, kinds.get(sentence_id, ""), cited, shown))
    return found


def _citing(text: etree._Element, readings: dict[str, str], rules: list[Rule]) -> dict[str, set[str]]:
    """Sentence id -> the rules that cite it: a rule cites the sentences it names, and, of an
    element it names (an article, a quotation), the sentences its quote overlaps."""
    elements = {e.get(XML_ID): e for e in text.iter() if isinstance(e.tag, str) and e.get(XML_ID)}
    out: dict[str, set[str]] = {}
    for rule in rules:
        quote = normalise(rule.quote)
        for passage in rule.passages:
            element = elements.get(passage)
            if element is None:
                continue
            inner = [passage] if element.tag == f"{T}s" else [s.get(XML_ID) for s in element.iter(f"{T}s")]
            for sentence_id in _overlapped(inner, readings, quote) if len(inner) > 1 else inner:
                out.setdefault(sentence_id, set()).add(rule.id)
    return out


def _overlapped(inner: list[str], readings: dict[str, str], quote: str) -> list[str]:
    """The sentences, of those given in order, that the quote overlaps in their joined text."""
    spans, joined = [], ""
    for sentence_id in inner:
        start = len(joined) + (1 if joined else 0)
        joined = f"{joined} {readings[sentence_id]}" if joined else readings[sentence_id]
        spans.append((sentence_id, start, len(joined)))
    at = joined.find(quote)
    if at < 0:
        return []
    return [sid for sid, lo, hi in spans if lo < at + len(quote) and at < hi]


def stale_marks(all_sentences: list[Sentence]) -> list[tuple[Mark, str]]:
    """Marks that name no sentence of their source, or a sentence a rule now cites."""
    by_id = {s.id: s for s in all_sentences}
    sources = {s.source for s in all_sentences}
    out = []
    for mark in marks().values():
        sentence = by_id.get(mark.id)
        if sentence is None and any(mark.id.startswith(f"{source}.") for source in sources):
            out.append((mark, f"no sentence {mark.id}"))
        elif sentence is not None and sentence.cited_by:
            out.append((mark, f"{mark.id} is marked non-normative but {sentence.cited_by[0]} cites it"))
    return out


def coverage(source_ids: list[str], rules: list[Rule]) -> list[Sentence]:
    """Every sentence of the sources, in order; a stale mark is an error naming its line."""
    found = [s for source_id in source_ids for s in sentences(source_id, rules)]
    for mark, message in stale_marks(found)[:1]:
        raise AcademieError(message, MARKS, mark.line)
    return found
