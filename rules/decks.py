"""Decks as the texts build them (rules/data/decks.toml)."""

from __future__ import annotations

from functools import cache

from corpus.fileio import load_toml
from rules.cards import DATA, Card, suits


@cache
def deck_specs() -> dict[str, dict]:
    return load_toml(DATA / "decks.toml")["decks"]


def deck(name: str) -> tuple[Card, ...]:
    """The cards of a named deck, in a fixed order (suits, then ranks, then trumps, then the Fou)."""
    spec = deck_specs().get(name)
    if spec is None:
        raise ValueError(f"unknown deck '{name}' (known: {', '.join(deck_specs())})")
    cards = [Card(rank, suit) for suit in suits() for rank in spec["ranks"]]
    cards += [Card(str(n), "atout") for n in range(1, spec.get("trumps", 0) + 1)]
    if spec.get("fou"):
        cards.append(Card("fou", "fou"))
    return tuple(cards)
