"""Measures of the extraction layer against the hand-made gold: precision and recall of rule-sentence
detection (tests/gold/sentences.tsv), and accuracy of the claim slots against the claims the rule
catalogue states for the same passages (the catalogue is the hand annotation of claims)."""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path

from corpus import paths
from corpus.fileio import parse_xml
from extract.annotate import analyse
from extract.candidates import candidates
from extract.classify import RULE_BEARING, label_of
from rules.catalogue import load_rules

# The catalogue's names for the facts a slot states: (slot key, catalogue keys).
SAME_FACT = {
    "size": ("size",),
    "players": ("players",),
    "hand": ("hand", "others"),
    "dealer": ("dealer",),
    "talon": ("talon",),
    "amount": ("amount",),
    "target": ("target", "up_to"),
    "values": ("values",),
    "order": ("order",),
    "without": ("without",),
}


def precision_recall(tp: int, fp: int, fn: int) -> tuple[float, float]:
    """Precision and recall of a detection from its counts (0 where nothing was found or due)."""
    return tp / max(1, tp + fp), tp / max(1, tp + fn)


def read_gold(path: Path) -> dict[str, bool]:
    gold = {}
    for line in path.read_text("utf-8").splitlines():
        if line and not line.startswith("#"):
            passage, bearing, _label = line.split("\t")
            gold[passage] = bearing == "1"
    return gold


def detection(gold: dict[str, bool]) -> dict[str, tuple[float, float, int]]:
    """Per source and overall: (precision, recall, sentences) of rule-bearing detection."""
    counts: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0, 0])  # tp, fp, fn, n
    for source in sorted({passage.split(".", 1)[0] for passage in gold}):
        for sentence in analyse(parse_xml(paths.tei_path(source)).getroot()):
            if sentence.id not in gold:
                continue
            predicted = label_of(sentence.doc.cats) in RULE_BEARING
            truth = gold[sentence.id]
            for key in (source, "overall"):
                c = counts[key]
                c[0] += predicted and truth
                c[1] += predicted and not truth
                c[2] += truth and not predicted
                c[3] += 1
    return {k: (*(round(x, 3) for x in precision_recall(tp, fp, fn)), n) for k, (tp, fp, fn, n) in counts.items()}


# The kinds of fact issue #15 first counted (the claims' sizes, players, hands, amounts, targets, values).
FIRST_KINDS = ("size", "players", "hand", "amount", "target", "values")


def claim_accuracy(
    sources: list[str], kinds: tuple[str, ...] = tuple(SAME_FACT)
) -> dict[str, tuple[float, float, int, int]]:
    """Per source and overall: (accuracy of the facts the slots state where the catalogue states a fact
    of the same kind for that passage, share of the catalogue's facts found, facts judged, gold facts),
    over the facts of the given kinds."""
    counts: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0, 0])  # correct, judged, found, gold
    for source in sources:
        gold: dict[str, set[tuple]] = defaultdict(set)  # passage cited -> the facts the catalogue states
        for rule in load_rules():
            if rule.source == source:
                for passage in rule.passages:
                    gold[passage] |= facts(slot_named(rule.kind, rule.claim), kinds)
        found: dict[str, set[tuple]] = defaultdict(set)
        for cand in candidates(source):
            cited = next((p for p in gold if cand.passage == p or cand.passage.startswith(p + ".")), None)
            if cited:
                found[cited] |= facts(slot_named(cand.kind, cand.claim), kinds)
        for key in (source, "overall"):
            c = counts[key]
            for passage, stated in found.items():
                judged = [f for f in stated if any(g[:-1] == f[:-1] for g in gold[passage])]
                c[0] += sum(any(_covers(f, g) for g in gold[passage]) for f in judged)
                c[1] += len(judged)
            c[2] += sum(any(_covers(f, g) for f in found.get(p, ())) for p, stated in gold.items() for g in stated)
            c[3] += sum(len(stated) for stated in gold.values())
    return {k: (round(c / max(1, j), 3), round(f / max(1, g), 3), j, g) for k, (c, j, f, g) in counts.items()}


# Claim keys a rule's kind gives another meaning: a talon rule's `size` is the talon's, and a deck
# rule's `others` are the cards besides the trumps ("les 58 autres cartes"), no player's hand.
KIND_KEYS = {"talon": {"size": "talon"}, "deck": {"others": "besides_trumps"}}


def slot_named(kind: str, claim: dict) -> dict:
    """A catalogue claim with its keys as the slots name them."""
    renamed = KIND_KEYS.get(kind, {})
    return {renamed.get(key, key): value for key, value in claim.items()}


def facts(claim: dict, kinds: tuple[str, ...] = tuple(SAME_FACT)) -> set[tuple]:
    """The slot-sized facts of a claim: ("hand", 11), ("values", "roi", 4), ("amount", "jeton", 2)..."""
    out: set[tuple] = set()
    for slot, names in SAME_FACT.items():
        if slot not in kinds:
            continue
        for name in names:
            value = claim.get(name)
            if isinstance(value, dict):
                out |= {(slot, _rank(k), v) for k, v in value.items() if isinstance(v, int)}
            elif isinstance(value, list) and all(isinstance(v, str) for v in value):
                out.add((slot, tuple(_rank(v) for v in value)))  # an order within a suit is one of ranks
            elif isinstance(value, list) and value and all(isinstance(v, int) for v in value):
                out.add((slot, frozenset(value)))  # alternatives: "deux, trois, ou quatre joueurs"
            elif isinstance(value, int) and not isinstance(value, bool):
                out.add((slot, value))
    return out


def _covers(found: tuple, gold: tuple) -> bool:
    """Does a fact found state the gold fact: the same, or alternatives that include it?"""
    return found == gold or isinstance(found[-1], frozenset) and found[:-1] == gold[:-1] and gold[-1] in found[-1]


def _rank(card: str) -> str:
    """A card id as a slot names it: by its rank ('roi-coeur' -> 'roi'), trumps by number."""
    return card if card.startswith("atout") else card.split("-")[0]
