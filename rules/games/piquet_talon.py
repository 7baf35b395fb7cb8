"""The Piquet talon as the `talon` quotations give it: the exchange, its faults and their penalties.

Eight cards stay after the deal; the elder's part is the first five, the younger's the last three.
Each must discard at least one card and replace it (q1); cards the elder leaves go to the younger,
who may take them all if warned, and three at most if not (q11); a sixth card slid by the elder is
pushed back (q19); a hand short or long may be redealt or put right (q7). A hand of more than twelve
counts nothing: it still stops the other counting (q1) or it does not (q14); the two books disagree,
so the penalty is a parameter.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rules.cards import Card
from rules.games.piquet import PiquetGame, point, sequence_value, sequences, sets

ELDER, YOUNGER = 0, 1
ELDER_PART = 5
YOUNGER_PART = 3
PENALTIES = ("blocks", "open")  # a long hand still stops the other counting (q1), or it does not (q14)


@dataclass
class Exchange:
    """The two hands (elder first) and the talon, during the exchange."""

    hands: list[list[Card]]
    talon: list[Card]
    size: int = 12
    discards: list[list[Card]] = field(default_factory=lambda: [[], []])
    left: int = 0  # cards the elder left of his part
    warned: bool = False
    slid: list[Card] = field(default_factory=list)  # drawn by the elder beyond his part, to push back

    @classmethod
    def deal(cls, game: PiquetGame, seed: int) -> Exchange:
        state = game.new_initial_state(seed, dealer=YOUNGER)
        return cls([list(h) for h in state.hands], list(state.talon), int(game.params["hand"]))

    def elder(self, discards: list[Card], draw: int | None = None, warned: bool = False) -> tuple[str, ...]:
        """The elder discards and draws from the top (`draw` defaults to as many as he discarded).
        Drawing past his five is allowed only as a fault: beyond the talon's sixth card it is the
        thirteen-card case; a sixth card must be pushed back (`push_back`)."""
        draw = len(discards) if draw is None else draw
        self._discard(ELDER, discards)
        taken = self.talon[:draw]
        del self.talon[:draw]
        self.hands[ELDER] += taken
        self.slid = taken[ELDER_PART:] if draw == ELDER_PART + 1 else []
        self.left, self.warned = max(0, ELDER_PART - draw), warned
        return ("talon.piquet.leave-warning",)

    def push_back(self, returned: Card) -> tuple[str, ...]:
        """The elder who slid six puts one back on the younger's talon, the sixth or, by mistake, another."""
        if not self.slid or returned not in self.hands[ELDER]:
            raise ValueError(f"{returned} cannot be pushed back here")
        self.hands[ELDER].remove(returned)
        self.talon.insert(0, returned)
        self.slid = []
        return ("talon.piquet.six-for-five",)

    def younger(self, discards: list[Card], take_left: bool = True) -> tuple[str, ...]:
        """The younger's exchange. Warned, he may take his three and all the elder left; unwarned,
        three at most: the cards left, in order, or his own part (q11)."""
        if self.slid:
            raise ValueError("the elder must push back the card he slid beyond his five")
        limit = YOUNGER_PART + self.left if self.warned or not self.left else YOUNGER_PART
        if len(discards) > limit:
            rule = "talon.piquet.unwarned-leave" if self.left and not self.warned else "talon.piquet.leave-warning"
            raise ValueError(f"the younger may take {limit} cards, not {len(discards)} ({rule})")
        start = 0 if take_left or not self.left else self.left
        if len(discards) > len(self.talon) - start:
            raise ValueError(f"only {len(self.talon) - start} cards to take, not {len(discards)}")
        self._discard(YOUNGER, discards)
        taken = self.talon[start : start + len(discards)]
        del self.talon[start : start + len(discards)]
        self.hands[YOUNGER] += taken
        return ("talon.piquet.unwarned-leave",) if self.left and not self.warned else ("talon.piquet.leave-warning",)

    def _discard(self, player: int, discards: list[Card]) -> None:
        if not discards:
            raise ValueError("each player must discard at least one card and take one (talon.q1)")
        for c in discards:
            self.hands[player].remove(c)
        self.discards[player] += discards

    def put_right(self, player: int, choice: str) -> tuple[str, ...]:
        """A hand short or long (q7): 'redeal' (the offender deals again), or 'talon' (take the
        first talon cards it lacks) / 'discard' (put the excess among the discards)."""
        gap = self.size - len(self.hands[player])
        if gap == 0 or choice not in ("redeal", "talon" if gap > 0 else "discard"):
            raise ValueError(f"no '{choice}' for a hand of {len(self.hands[player])}")
        if choice == "talon":
            self.hands[player] += self.talon[:gap]
            del self.talon[:gap]
        elif choice == "discard":
            excess = sorted(self.hands[player])[:-gap]
            self._discard(player, excess)
        return ("talon.piquet.short-or-long-hand",)


def holding(hand: list[Card], game: PiquetGame) -> tuple[int, int, int]:
    """What a hand declares: its point, its best sequence's length, its sets' total."""
    runs = sequences(hand)
    return point(hand), runs[0][1] if runs else 0, sets(hand, game)


def declare(hands: list[list[Card]], game: PiquetGame, penalty: str = "blocks") -> list[int]:
    """Point, sequence and sets: in each, the better holding counts. A hand longer than the deal
    counts nothing; with `penalty` 'blocks' it still stops the other (q1), with 'open' not (q14)."""
    if penalty not in PENALTIES:
        raise ValueError(f"no thirteen-card penalty '{penalty}' (known: {', '.join(PENALTIES)})")
    size = int(game.params["hand"])
    held = [holding(h, game) for h in hands]
    faulty = [len(h) > size for h in hands]
    scores = [0, 0]
    for category in range(3):
        values = [held[p][category] if not (faulty[p] and penalty == "open") else 0 for p in (0, 1)]
        for p in (0, 1):
            if not faulty[p] and values[p] > values[1 - p]:
                scores[p] += worth(category, held[p][category])
    return scores


def worth(category: int, value: int) -> int:
    if category == 1:  # a run counts as Piquet prices it (a quinte fifteen, not five)
        return sequence_value(value) or 0
    return value
