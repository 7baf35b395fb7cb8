"""The sentence classifier's knowledge (extract/data/cues.toml), compiled once."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

from corpus.fileio import load_toml
from corpus.glossary import glossary_words
from corpus.header import sentence_kinds
from corpus.sentences import without_label
from extract import slots
from extract.misreads import Misreads, words_of_patterns
from extract.quick import Quick, Quicks

DATA = Path(__file__).resolve().parent / "data"
CLASSES = tuple(kind["id"] for kind in sentence_kinds())
RULE_BEARING = ("rule", "penalty", "definition")  # a definition fixes a term of play


NARRATIVE_FLOOR = 2.0  # a sentence with no cue at all is narrative
SLOT_WEIGHT = 3.0
STRONG = 4.0  # advice or narrative cues this strong outweigh any wording of a rule
PLAY_WORDS = 1.0  # a definition is a rule's only among words of the game ("trier, c'est…" is the card maker's)
_BULLET = re.compile(r"^\s*[-–—•♦◆►▪●*]\s+")  # an item's mark: the cues read what it marks
_SPEECH = re.compile(r"\b((?:dire|dit|disant|dis-je|répondre|répond|répondit|crier|crie))\s*:\s*[^;.!?«»:]*")
_CALL = re.compile(r"\b((?:dire|dit|crier|crie|annoncer|annonce)\s+[^,;:.!?«»]{1,30}?)\s*!")  # "dire Uno !"


@cache
def _raw() -> dict:
    return load_toml(DATA / "cues.toml")


def section(name: str) -> dict:
    """A table of cues.toml that is not a class's cues ("domain", "heading", "context")."""
    return _raw()[name]


@cache
def cues() -> dict[str, tuple[tuple[Quick, float], ...]]:
    return {
        label: tuple((Quick(p), float(w)) for p, w in table.items())
        for label, table in _raw().items()
        if label in CLASSES
    }


@cache
def _all_cues() -> tuple[Quicks, tuple[tuple[str, float], ...]]:
    """Every class's cues as one set read once per sentence, with each cue's class and weight."""
    listed = [(label, q, w) for label, table in cues().items() for q, w in table]
    return Quicks(q for _, q, _ in listed), tuple((label, w) for label, _, w in listed)


@cache
def _misreads() -> Misreads:
    """A word misread is read as the word of a class's cue or of the glossary it stands for."""
    return Misreads(words_of_patterns(p for label in CLASSES for p in _raw().get(label, {})) | glossary_words())


_LETTERS = re.compile(r"[^\W\d_]+")


@cache
def heading() -> tuple[int, float]:
    """How many words a sentence without a clause may have and still be a heading, and the
    narrative weight that makes it one."""
    table = section("heading")
    return int(table["words"]), float(table["weight"])


@cache
def domain() -> tuple[tuple[Quick, ...], float, int]:
    table = section("domain")
    return tuple(Quick(w) for w in table["words"]), float(table["weight"]), int(table["cap"])


def scores(text: str, has_claim: bool | None = None, play_terms: int = 0) -> dict[str, float]:
    """Cue totals per class; words of the game (and `play_terms`, the glossary entries the pipeline
    found) and a typed claim add to `rule`; `narrative` starts from a floor."""
    low = _lowered(text)
    out = _totals(low)
    words, weight, cap = _domain_set()
    found = len(words.matching(low))
    out["rule"] = out.get("rule", 0) + weight * min(cap, found + play_terms)
    if has_claim is None:  # the pipeline passes what its slot component found; alone, look here
        has_claim = bool(slots.extract(text))
    if has_claim:  # a typed claim (a deck, a deal, a value, a fine) is a rule's
        out["rule"] += SLOT_WEIGHT
    out["narrative"] = out.get("narrative", 0) + NARRATIVE_FLOOR
    return out


@cache
def _domain_set() -> tuple[Quicks, float, int]:
    """The words of the game as one set, each looked for once per sentence."""
    words, weight, cap = domain()
    return Quicks(words), weight, cap


NAMES = 3.0  # a definition cue of full weight: "on nomme…", "on appelle…", "se nomme…"


def names_a_term(text: str) -> bool:
    """Does the sentence name a term of play as it states it, whatever class wins?"""
    return _total("definition", _lowered(text)) >= NAMES


def _lowered(text: str) -> str:
    """The sentence as the cues read it: lower-cased, past the number or the bullet that opens it
    ("LXVI.", "- Retournez…"), and without words reported after a colon ("…de dire: Vous voyez bien
    en quoi je joue"): a player's words, whose "je" and "vous" are not the book's; nor the "!" of a
    call a rule prescribes ("elle peut dire Jap Jap ! au lieu de jouer"), no story's."""
    low = _SPEECH.sub(r"\1:", _BULLET.sub("", without_label(text.lower().replace("’", "'"))))
    return _LETTERS.sub(lambda m: _misreads().read(m.group()), _CALL.sub(r"\1", low))


def _total(label: str, low: str) -> float:
    """The weights of one class's cues the sentence holds."""
    return sum(w for p, w in cues().get(label, ()) if p.search(low))


def _totals(low: str) -> dict[str, float]:
    """The weights of every class's cues the sentence holds, each class's summed."""
    quicks, weights = _all_cues()
    out = dict.fromkeys(cues(), 0.0)
    for i in quicks.matching(low):
        label, weight = weights[i]
        out[label] += weight
    return out


def classify(text: str, has_claim: bool | None = None, play_terms: int = 0) -> tuple[str, float]:
    """The winning class and its share of the total (a confidence)."""
    return decide(scores(text, has_claim, play_terms))


def label_of(cats: dict[str, float]) -> str:
    """The class a sentence's `doc.cats` gives it."""
    return max(cats, key=cats.get)


def cats_for(label: str, confidence: float) -> dict[str, float]:
    """`doc.cats` for a sentence of this class, at this confidence."""
    return {c: (confidence if c == label else 0.0) for c in CLASSES}


def decide(totals: dict[str, float]) -> tuple[str, float]:
    """The winning class of a sentence's cue totals (`scores`) and its share of the total."""
    totals = dict(totals)
    if totals.get("penalty", 0) >= 3:  # a fine makes a rule a penalty rule
        totals["penalty"] += totals.get("rule", 0)
    if totals.get("rule", 0) < PLAY_WORDS:
        totals["definition"] = 0.0
    for kind in ("advice", "narrative"):  # "il est certain…", "supposez que…": however the rest is worded
        if totals.get(kind, 0) - (NARRATIVE_FLOOR if kind == "narrative" else 0) >= STRONG:
            totals[kind] += totals.get("rule", 0)
    # a tie goes to the class listed first, the rule: a missed rule costs the editor more than a
    # sentence to reject (measured: ties to narrative lose 0.05 of recall for no precision)
    best = max(CLASSES, key=lambda c: (totals.get(c, 0), -CLASSES.index(c)))
    total = sum(totals.values()) or 1.0
    return best, round(totals.get(best, 0) / total, 2)


def margin(totals: dict[str, float]) -> float:
    """How far the cues read a sentence as rule-bearing: its best rule-bearing class's total less
    its best other class's (the totals of `scores`)."""
    rule = max(totals.get(c, 0.0) for c in RULE_BEARING)
    return rule - max(totals.get(c, 0.0) for c in CLASSES if c not in RULE_BEARING)


def unmarked(totals: dict[str, float]) -> bool:
    """Did no cue of advice or narrative fire (the narrative total is its floor)?"""
    return totals.get("advice", 0.0) == 0 and totals.get("narrative", 0.0) <= NARRATIVE_FLOOR
