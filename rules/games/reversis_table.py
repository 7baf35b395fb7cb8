"""Reversis at the table: the fines the dealer and the players pay into the basket (art. 13, 14, 18)
and who deals next. The fines are the game's parameters (`ReversisGame.params["fines"]`, in jetons)."""

from __future__ import annotations

from rules.games.reversis import BASKET, ReversisGame
from rules.table import Table


def misdeal(game: ReversisGame, table: Table, after_ecart: bool, buy_back: bool = False) -> tuple[str, ...]:
    """A misdeal. Noticed before the écart, the dealer loses the deal (it passes to his right)
    unless he buys it back with a jeton (art. 13). Noticed after, the deal is void, he pays four
    jetons and loses the deal, which he may not buy back (art. 14). Returns the rules applied."""
    fines = game.params["fines"]
    if after_ecart:
        table.pay(table.dealer, int(fines["misdeal-late"]), BASKET)
        table.next_dealer()
        return ("reversis.penalty.misdeal-unnoticed",)
    if buy_back:
        table.pay(table.dealer, int(fines["misdeal"]), BASKET)
    else:
        table.next_dealer()
    return ("reversis.penalty.misdeal",)


def early_play(game: ReversisGame, table: Table, seat: int) -> tuple[str, ...]:
    """A card played before one's turn: a jeton into the basket (art. 18)."""
    table.pay(seat, int(game.params["fines"]["early-play"]), BASKET)
    return ("reversis.penalty.early-play",)


def deal_contribution(game: ReversisGame, table: Table) -> tuple[str, ...]:
    """At every deal the dealer puts a jeton into the basket (art. 7); the deal then passes to the right."""
    table.pay(table.dealer, int(game.params["dealer_jeton"]), BASKET)
    table.next_dealer()
    return ("reversis.counters.dealer-jeton",)
