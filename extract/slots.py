"""Slot extraction: the typed claims a sentence states, in the form of the rule catalogue's claims."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from extract.numbers import NUMBER_WORDS, parse_number

_WORDS = "|".join(sorted((re.escape(w) for w in NUMBER_WORDS if w not in ("et", "&")), key=len, reverse=True))
_NUMBER = r"(\d+|[IVXLC]+\b|(?:(?:" + _WORDS + r")\b(?:[\s-]+(?:et|&)?[\s-]*(?=\w))?)+)"


def _num(name: str) -> str:
    return f"(?P<{name}>{_NUMBER})"


RANKS = {
    "roi": "roi",
    "rois": "roi",
    "reine": "dame",
    "reines": "dame",
    "dame": "dame",
    "dames": "dame",
    "cavalier": "cavalier",
    "cavaliers": "cavalier",
    "chevalier": "cavalier",
    "chevaliers": "cavalier",
    "valet": "valet",
    "valets": "valet",
    "as": "as",
    "dix": "10",
    "fou": "fou",
    "monde": "atout-21",
    "basteleur": "atout-1",
}
_RANK = r"(?P<card>" + "|".join(sorted(RANKS, key=len, reverse=True)) + r")"

PATTERNS: list[tuple[str, re.Pattern[str]]] = [
    (
        "deck",
        re.compile(
            rf"\b(?:jeu|jeux) de (?:cartes )?(?:\w+ )?{_num('n1')}\s*cartes\b"
            rf"|\bcomposée?s? de {_num('n2')}\s*(?:cartes)?"
        ),
    ),
    ("deck", re.compile(rf"\bles {_num('n3')}\s*tarots\b|\bcelui des tarots de {_num('n4')}")),
    (
        "deal",
        re.compile(
            rf"\b(?:donne|délivre|distribue|donnent)n?t? (?:à chacun(?: de la compagnie)? )?{_num('n5')}\s*cartes? "
            r"(?:à (?:chacun|chaque joueur|l.autre|chacune?)|aux)"
        ),
    ),
    ("deal", re.compile(rf"\bon (?:donne|délivre) {_num('n6')}\s*cartes")),
    (
        "players",
        re.compile(
            rf"\b(?:se joue|joue|jouent|être) à {_num('n7')}\s*(?:personnes|joueurs)\b"
            rf"|\bà {_num('n8')}\s*(?:personnes|joueurs)\b"
        ),
    ),
    ("value", re.compile(rf"\b(?:le|la|les)? ?{_RANK}s?,? (?:vau[tx]|valent|marque|aussi) ?{_num('n9')}")),
    ("value", re.compile(rf"\b(?:le|la|les) {_RANK}s? {_num('n10')}(?=[\s,.;]|$)")),
    ("value", re.compile(rf"\bpour chaque {_RANK} {_num('n11')}\s*points")),
    (
        "penalty",
        re.compile(
            rf"\b{_num('n12')}\s*jet+ons? d.amende|\bpaiera (?:au panier )?{_num('n13')}\s*jet+ons?"
            rf"|\bmettra {_num('n14')}\s*jet+ons? au panier"
        ),
    ),
    ("scoring", re.compile(rf"\ben {_num('n15')}\.?\s*points\b|\bjoue en {_num('n16')}\s*points")),
    ("talon", re.compile(rf"\bdes {_num('n17')}\s*cartes du talon")),
]


@dataclass
class Slot:
    kind: str
    claim: dict = field(default_factory=dict)
    start: int = 0
    end: int = 0


def extract(text: str) -> list[Slot]:
    """Every claim a sentence states, with its offsets in the sentence."""
    low = text.lower().replace("’", "'")
    out: list[Slot] = []
    for kind, pattern in PATTERNS:
        for match in pattern.finditer(low):
            number = _number(match)
            if number is None:
                continue
            out.append(Slot(kind, _claim(kind, match, number), match.start(), match.end()))
    return _merge(out)


def _number(match: re.Match[str]) -> int | None:
    for name, value in match.groupdict().items():
        if name.startswith("n") and value:
            return parse_number(value.strip(" -"))
    groups = [g for g in match.groups() if g]
    for g in groups:
        value = parse_number(g.strip(" -"))
        if value is not None:
            return value
    return None


def _claim(kind: str, match: re.Match[str], number: int) -> dict:
    if kind == "deck":
        return {"size": number}
    if kind == "deal":
        return {"hand": number}
    if kind == "players":
        return {"players": number}
    if kind == "value":
        return {"values": {RANKS[match.group("card")]: number}}
    if kind == "penalty":
        return {"amount": {"jeton": number}}
    if kind == "talon":
        return {"size": number}
    return {"target": number}


def _merge(slots: list[Slot]) -> list[Slot]:
    """One value claim per sentence, with every card it prices."""
    values = [s for s in slots if s.kind == "value"]
    others = [s for s in slots if s.kind != "value"]
    if values:
        merged = Slot("value", {"values": {}}, min(s.start for s in values), max(s.end for s in values))
        for s in values:
            merged.claim["values"].update(s.claim["values"])
        others.append(merged)
    seen, unique = set(), []
    for s in sorted(others, key=lambda s: (s.start, s.kind)):
        key = (s.kind, repr(sorted(s.claim.items())))
        if key not in seen:
            seen.add(key)
            unique.append(s)
    return unique
