"""The table around the deals: counters, baskets, stakes, fines, the seats and who deals.

The texts settle much of a game away from the tricks: who sits where, who deals first and next,
what each puts in the basket, who pays a fine or the bête, who takes the pool. A `Table` keeps the
counters of each player and the content of each named basket; every movement is a transfer, so the
total never changes (a property test checks it).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from rules.cards import Card


@dataclass
class Table:
    """Each player's counters (net of what he paid) and the content of each basket, in one unit."""

    players: int
    dealer: int = 0
    purses: list[int] = field(default_factory=list)
    baskets: dict[str, int] = field(default_factory=dict)
    exposed: set[int] = field(default_factory=set)  # players whose hand lies face up

    def __post_init__(self) -> None:
        self.purses = self.purses or [0] * self.players

    def total(self) -> int:
        return sum(self.purses) + sum(self.baskets.values())

    def pay(self, seat: int, amount: int, to: int | str) -> None:
        """`seat` pays `amount` to a player (a seat) or into a basket (a name)."""
        if amount < 0:
            raise ValueError(f"a payment of {amount} is not a payment")
        self.purses[seat] -= amount
        if isinstance(to, str):
            self.baskets[to] = self.baskets.get(to, 0) + amount
        else:
            self.purses[to] += amount

    def stake(self, basket: str, each: int, dealer: int) -> None:
        """Everyone stakes `each` in the basket, the dealer `dealer`."""
        for seat in range(self.players):
            self.pay(seat, dealer if seat == self.dealer else each, basket)

    def fine_each(self, seat: int, amount: int, to: str | None = None) -> None:
        """`seat` pays `amount` for each other player: to each of them, or into basket `to`."""
        for other in range(self.players):
            if other != seat:
                self.pay(seat, amount, to if to is not None else other)

    def bete(self, seat: int, amount: int, basket: str, shared_with: int | None = None) -> None:
        """The bête: `seat` pays `amount` into the basket; shared, each of the two pays half of it."""
        if shared_with is None:
            self.pay(seat, amount, basket)
            return
        half, rest = divmod(amount, 2)
        self.pay(seat, half + rest, basket)
        self.pay(shared_with, half, basket)

    def take(self, seat: int, basket: str, amount: int | None = None) -> int:
        """`seat` takes `amount` from the basket (all of it by default); returns what he took."""
        held = self.baskets.get(basket, 0)
        amount = held if amount is None else min(amount, held)
        self.baskets[basket] = held - amount
        self.purses[seat] += amount
        return amount

    def lay_down(self, seat: int) -> None:
        """The player lays his cards face up before him (cul-bas)."""
        self.exposed.add(seat)

    def next_dealer(self, step: int = 1) -> int:
        """The deal passes to the next seat (`step` -1 the other way round)."""
        self.dealer = (self.dealer + step) % self.players
        return self.dealer


def draw_seats(rng: random.Random, places: Sequence[str]) -> list[str]:
    """Seats drawn by lot: one token for each place, each player draws one (Reversis art. 5)."""
    tokens = list(places)
    rng.shuffle(tokens)
    return tokens


def cut_for_deal(rng: random.Random, cards: Sequence[Card], players: int, strength: Callable[[Card], int]) -> int:
    """Each player cuts a card; the lowest deals (ties cut again)."""
    while True:
        drawn = rng.sample(list(cards), players)
        keys = [strength(c) for c in drawn]
        if keys.count(min(keys)) == 1:
            return keys.index(min(keys))


@dataclass
class Match:
    """Deals played until a player reaches the agreed score; dealers follow one another."""

    players: int
    target: int
    dealer: int = 0
    scores: list[int] = field(default_factory=list)
    dealers: list[int] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.scores = self.scores or [0] * self.players

    def play(self, deal: Callable[[int, int], Sequence[int]], first_seed: int = 0, limit: int = 1000) -> int:
        """Play deals (`deal(seed, dealer)` returns each player's score) until someone reaches
        the target; returns the first to reach it, taking the deal's scores in seat order."""
        for seed in range(first_seed, first_seed + limit):
            self.dealers.append(self.dealer)
            for seat, score in enumerate(deal(seed, self.dealer)):
                self.scores[seat] += score
            reached = [s for s in range(self.players) if self.scores[s] >= self.target]
            if reached:
                return max(reached, key=lambda s: self.scores[s])
            self.dealer = (self.dealer + 1) % self.players
        raise ValueError(f"nobody reached {self.target} in {limit} deals")
