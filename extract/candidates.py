"""Rule candidates from the TEI: each sentence of the regularised reading through the pipeline,
kept with its TEI id so that every candidate can be cited."""

from __future__ import annotations

from dataclasses import asdict, dataclass

from corpus import paths
from corpus.fileio import parse_xml
from extract import classify
from extract.annotate import Sentence, analyse
from extract.classify import RULE_BEARING
from rules.catalogue import load_rules


@dataclass
class Candidate:
    source: str
    passage: str
    quote: str
    label: str
    kind: str
    claim: dict
    confidence: float
    rule: str | None
    entities: list[tuple[str, str]]


def candidates(
    source_id: str, analysed: list[Sentence] | None = None, catalogue: list | None = None
) -> list[Candidate]:
    """The rule candidates of a source, from its TEI (or from an analysis already made of it), each
    matched to the rule of the catalogue (by default the bundled one) that cites its passage."""
    if analysed is None:
        analysed = analyse(parse_xml(paths.tei_path(source_id)).getroot())
    rules = [r for r in (load_rules() if catalogue is None else catalogue) if r.source == source_id]
    out = []
    for passage, text, _, doc in analysed:
        label = classify.label_of(doc.cats)
        entities = [(e.label_, e.text) for e in doc.ents]
        if label not in RULE_BEARING:  # a claim in advice, an example or a story is not a rule
            continue
        found = doc._.claims or [None]
        for slot in found:
            kind = slot.kind if slot else _claimless_kind(label, text)
            claim = slot.claim if slot else {}
            match = _match(rules, passage, kind)
            out.append(Candidate(source_id, passage, text, label, kind, claim, doc.cats[label], match, entities))
    return out


def _claimless_kind(label: str, text: str) -> str:
    """A candidate without a typed claim: a penalty, a term of play fixed (a definition, or a rule
    that names a term as it states it: "on nomme coupeurs ceux qui…"), or a procedure."""
    if label in ("penalty", "definition"):
        return label
    return "definition" if classify.names_a_term(text) else "procedure"


def _match(rules: list, passage: str, kind: str) -> str | None:
    """The catalogue rule citing this passage (or its article), preferring one of the same kind."""
    citing = [r for r in rules if any(p == passage or passage.startswith(p + ".") for p in r.passages)]
    same = [r for r in citing if r.kind == kind]
    chosen = (same or citing)[:1]
    return chosen[0].id if chosen else None


def as_records(items: list[Candidate]) -> list[dict]:
    return [asdict(c) for c in items]


def matched(records: list[dict], catalogue: list) -> list[dict]:
    """Candidate records matched to a catalogue's rules (a build's workers match none: the catalogue
    is the driver's)."""
    by_source: dict[str, list] = {}
    for rule in catalogue:
        by_source.setdefault(rule.source, []).append(rule)
    return [r | {"rule": _match(by_source.get(r["source"], []), r["passage"], r["kind"])} for r in records]


def review(source_ids: list[str]) -> list[str]:
    """Candidates no rule matches (possible missing rules) and rules no candidate matches (misses)."""
    lines = []
    for source in source_ids:
        items = candidates(source)
        found = {c.passage for c in items if c.label in RULE_BEARING}
        for c in items:
            if c.rule is None and c.label in RULE_BEARING:
                lines.append(f"{c.passage}: candidate {c.kind} {c.claim or ''} matches no rule")
        for rule in load_rules():
            cited = any(p == f or f.startswith(p + ".") for p in rule.passages for f in found)
            if rule.source == source and rule.kind != "advice" and not cited:
                lines.append(f"{rule.id}: no candidate found for this rule")
    return lines
