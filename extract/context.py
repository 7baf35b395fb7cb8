"""Sentences read among their neighbours: a rule book states its laws in runs, a story tells of
cards in passing. The cues decide each sentence alone (extract/classify.py); here the sentences of
one text are read again beside the one before and the one after (cues.toml, [context])."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from spacy.tokens import Doc

from extract import classify
from extract.classify import RULE_BEARING

SUBJECTS = frozenset(("il", "elle", "on", "ils", "elles", "l'on", "l’on"))


@cache
def _settings() -> tuple[float, float]:
    table = classify.section("context")
    return float(table["weak"]), float(table["confidence"])


def in_context(docs: Sequence[Doc]) -> None:
    """Relabel, in place, the sentences of one text (in reading order) that their neighbours decide."""
    bearing = [_label(doc) in RULE_BEARING for doc in docs]
    weak, _ = _settings()
    for i, doc in enumerate(docs):
        around = [bearing[j] for j in (i - 1, i + 1) if 0 <= j < len(docs)]
        if not around:
            continue
        totals = doc._.cue_totals
        if not bearing[i] and all(around) and classify.unmarked(totals) and _is_clause(doc):
            _relabel(doc, "rule")
        elif bearing[i] and not any(around) and classify.margin(totals) <= weak:
            _relabel(doc, "narrative")


def _label(doc: Doc) -> str:
    return max(doc.cats, key=doc.cats.get)


def _is_clause(doc: Doc) -> bool:
    """Has the sentence a finite verb or a subject pronoun (the tagger may miss the verb of "On
    mêle.")? A law is a clause; "Du nombre des Cartes." heads one."""
    return any("Fin" in token.morph.get("VerbForm") or token.lower_ in SUBJECTS for token in doc)


def _relabel(doc: Doc, label: str) -> None:
    """The class the context gives, at the confidence of a decision the words alone did not make."""
    _, confidence = _settings()
    doc.cats = {c: (confidence if c == label else 0.0) for c in doc.cats}
