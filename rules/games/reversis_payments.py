"""Reversis payments other than the partie, as articles 16 to 19 and 23 presuppose them.

The chapter names them without their amounts: the Quinola placed (renounced on a trick of another
suit), an ace placed likewise, the Quinola forced (played on hearts and taken by another, who is
owed the consolation), the reversis (every trick to one player) and the reversis broken (a trick
taken by another after one player took the first nine). A fault takes away a player's right to
them: seeing the écart card (art. 16), taking without discarding (art. 17) and a revoke (art. 23)
take away every payment; two discards (art. 19) all but those for breaking a reversis or forcing
the Quinola. The events themselves stand for the others (art. 16, 17: "le coup n'est pas nul").
"""

from __future__ import annotations

from collections.abc import Sequence

from rules.cards import Card, card
from rules.engine import trick_winner

Trick = Sequence[tuple[int, Card]]
KINDS = ("partie", "quinola-placed", "ace-placed", "quinola-forced", "reversis", "reversis-broken")
BREAK_AFTER = 9  # tricks one player must have taken for another's trick to break his reversis
ENTITLED: dict[str | None, frozenset[str]] = {
    None: frozenset(KINDS),
    "seen-discard": frozenset(),
    "no-discard": frozenset(),
    "two-discards": frozenset({"reversis-broken", "quinola-forced"}),
    "renonce": frozenset(),
}
QUINOLA = card("quinola")


def taker(trick: Trick, strength: dict[str, int]) -> int:
    cards = [c for _, c in trick]
    return trick[trick_winner(cards[0], cards, strength)][0]


def events(tricks: Sequence[Trick], strength: dict[str, int]) -> list[tuple[str, int]]:
    """What happened in the play that someone is owed for: (kind, seat), in the order of play."""
    out: list[tuple[str, int]] = []
    takers = [taker(t, strength) for t in tricks]
    for trick, won_by in zip(tricks, takers, strict=True):
        led = trick[0][1]
        for seat, played in trick[1:]:
            if played.suit != led.suit and seat != won_by and (played == QUINOLA or played.rank == "as"):
                out.append(("quinola-placed" if played == QUINOLA else "ace-placed", seat))
        if led.suit == QUINOLA.suit and any(c == QUINOLA and s != won_by for s, c in trick):
            out.append(("quinola-forced", won_by))
    if takers and len(set(takers)) == 1:
        out.append(("reversis", takers[0]))
    elif len(takers) > BREAK_AFTER and len(set(takers[:BREAK_AFTER])) == 1:
        breaker = next(t for t in takers[BREAK_AFTER:] if t != takers[0])
        out.append(("reversis-broken", breaker))
    return out


def payments(found: Sequence[tuple[str, int]], faults: dict[int, str]) -> list[tuple[str, int]]:
    """The events a player is paid for: those his faults leave him a right to."""
    return [(kind, seat) for kind, seat in found if kind in ENTITLED[faults.get(seat)]]
