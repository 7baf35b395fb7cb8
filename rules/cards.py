"""Cards, suits and ranks, read once from rules/data/cards.toml. A card id reads `roi-coeur`,
`10-pique`, `atout-13`, `fou`."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import NamedTuple

from corpus.fileio import load_toml

DATA = Path(__file__).resolve().parent / "data"


@cache
def card_data() -> dict:
    return load_toml(DATA / "cards.toml")


def suits() -> tuple[str, ...]:
    return tuple(card_data()["suits"])


def ranks() -> tuple[str, ...]:
    return tuple(card_data()["ranks"]["order"])


class Card(NamedTuple):
    """A card: a rank of a suit, or a trump (`suit == "atout"`, rank its number), or the Fou.
    A named tuple, so that comparing and hashing cards is done in C (the engine's hot path)."""

    rank: str
    suit: str

    @property
    def id(self) -> str:
        if self.suit == "fou":
            return "fou"
        return f"{self.suit}-{self.rank}" if self.suit == "atout" else f"{self.rank}-{self.suit}"

    def __str__(self) -> str:
        return self.id


def card(card_id: str) -> Card:
    """The card named by an id, or by a name of cards.toml (`quinola`)."""
    card_id = card_data()["named"].get(card_id, card_id)
    if card_id == "fou":
        return Card("fou", "fou")
    if card_id.startswith("atout-"):
        return Card(card_id.split("-", 1)[1], "atout")
    rank, _, suit = card_id.partition("-")
    if rank not in ranks() or suit not in suits():
        raise ValueError(f"unknown card id '{card_id}'")
    return Card(rank, suit)


def rank_index(rank: str) -> int:
    """Position of a rank in the natural order (as lowest)."""
    return ranks().index(rank)


def cards(*ids: str) -> list[Card]:
    return [card(i) for i in ids]
