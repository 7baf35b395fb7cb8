"""Slot extraction: the typed claims a sentence states, in the form of the rule catalogue's claims."""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from extract.numbers import NUMBER_WORDS, parse_number

DATA = Path(__file__).resolve().parent / "data"

_WORDS = "|".join(sorted((re.escape(w) for w in NUMBER_WORDS if w not in ("et", "&")), key=len, reverse=True))
_NUMBER = r"(\d+|[IVXLC]+\b|(?:(?:" + _WORDS + r")\b(?:[\s-]+(?:et|&)?[\s-]*(?=\w))?)+)"


def _num(name: str) -> str:
    return f"(?P<{name}>{_NUMBER})"


@cache
def _table() -> dict:
    with (DATA / "slots.toml").open("rb") as handle:
        return tomllib.load(handle)


def ranks() -> dict[str, str]:
    return _table()["ranks"]


@cache
def patterns() -> tuple[tuple[str, re.Pattern[str]], ...]:
    """The slot patterns of slots.toml with {NUM} and {RANK} filled in (numbers named n1, n2…)."""
    rank = r"(?P<card>" + "|".join(sorted(ranks(), key=len, reverse=True)) + r")"
    out = []
    for entry in _table()["slot"]:
        pieces = entry["pattern"].replace("{RANK}", rank).split("{NUM}")
        text = pieces[0] + "".join(_num(f"n{k}") + piece for k, piece in enumerate(pieces[1:], 1))
        out.append((entry["kind"], re.compile(text)))
    return tuple(out)


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
    for kind, pattern in patterns():
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
        return {"values": {ranks()[match.group("card")]: number}}
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
