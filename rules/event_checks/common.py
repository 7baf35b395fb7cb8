"""What the checks of procedures share: the seeds they play and how they name cards."""

from __future__ import annotations

from rules.cards import Card, card

SEEDS = range(40)
PARTIE = 100  # a Piquet partie's score: agreed by the players, not stated by the text


def cards(*ids: str) -> list[Card]:
    return [card(i) for i in ids]
