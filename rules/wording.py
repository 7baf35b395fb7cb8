"""A claim as a sentence in the reader's language, from the templates of rules/data/claim_sentences.toml."""

from __future__ import annotations

import re
from functools import cache
from typing import Any

from corpus.fileio import load_toml
from rules.cards import DATA, card_data, ranks, suits

FIELD = re.compile(r"\{(\w+)(?:\?([^|}]*)\|([^}]*))?\}")


@cache
def templates() -> dict[str, list[str]]:
    return load_toml(DATA / "claim_sentences.toml")


def claim_sentence(check: str, claim: dict[str, Any]) -> str:
    """'Each other player receives 11 cards; the dealer 12.': the fragments whose keys the claim has."""
    parts = [_fill(fragment, claim) for fragment in templates().get(check, [])]
    said = [p for p in parts if p is not None]
    if not said:
        return ""
    text = "; ".join(said)
    return text[0].upper() + text[1:] + "."


def _fill(fragment: str, claim: dict[str, Any]) -> str | None:
    keys = [m.group(1) for m in FIELD.finditer(fragment)]
    if any(k not in claim for k in keys):
        return None

    def one(match: re.Match[str]) -> str:
        value = claim[match.group(1)]
        if match.group(2) is not None:
            return match.group(2) if value else match.group(3)
        return spoken(value)

    return FIELD.sub(one, fragment)


def spoken(value: Any) -> str:
    """A claim's value read aloud: card ids by name, lists as 'a, b and c', tables as 'a 1, b 2'."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, float):
        return {0.5: "half"}.get(value, f"{value:g}")
    if isinstance(value, int):
        return str(value)
    if isinstance(value, list):
        return _series([spoken(v) if not isinstance(v, list) else "–".join(map(spoken, v)) for v in value])
    if isinstance(value, dict):
        return ", ".join(f"{name(str(k))} {spoken(v)}" for k, v in value.items())
    return name(str(value))


def name(value: str) -> str:
    """A card, rank or suit id by its English name; any other id with its hyphens as spaces."""
    english = card_data()["ranks"].get("english", {})
    suit_names = {s: card_data()["suits"][s]["en"] for s in suits()}
    if value in ranks():
        return english.get(value, value)
    if value in suit_names:
        return suit_names[value]
    if value == "fou":
        return "the Fou"
    if value.startswith("atout-") and value[6:].isdigit():
        return f"trump {value[6:]}"
    rank, _, suit = value.partition("-")
    if rank in ranks() and suit in suit_names:
        return f"{english.get(rank, rank)} of {suit_names[suit]}"
    return value.replace("-", " ")


def _series(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1] if items else "none"
