"""Reversis at the table: stakes, the round basket, seats, an exposed card, collecting the partie,
examining tricks, the reversis exempt; the fines of a misdeal, a card out of turn, a revoke."""

from __future__ import annotations

import random
from typing import Any

from rules.checks import Verdict, check
from rules.event_checks.common import SEEDS
from rules.table import Table, draw_seats

# Reversis: the table -----------------------------------------------------------------------------


@check("stakes")
def stakes_check(claim: dict[str, Any]) -> Verdict:
    """Each player stakes `each` into the basket, the dealer `dealer`; nothing is created or lost."""
    from rules.games.reversis import BASKET, ReversisGame

    table = ReversisGame().table(dealer=2)
    expected = claim["each"] * 3 + claim["dealer"]
    ok = table.baskets[BASKET] == expected and table.purses[2] == -claim["dealer"] and table.total() == 0
    return Verdict(ok, f"the basket holds {table.baskets[BASKET]} {claim['unit']}s, the dealer paid {-table.purses[2]}")


@check("round-basket")
def round_basket_check(claim: dict[str, Any]) -> Verdict:
    """The partie is paid through the round basket: it ends empty, the winner holding what the payer paid."""
    from rules.games.reversis import ROUND_BASKET, random_game

    ok, paid = True, 0
    for seed in SEEDS:
        state, table = random_game(seed), Table(4)
        taker = state.settle(table)
        returns = state.returns()
        ok &= table.baskets.get(ROUND_BASKET, 0) == 0 and table.total() == 0
        ok &= table.purses == [int(r) for r in returns] and taker == state.winner()
        paid += any(returns)
    return Verdict(ok and paid > 0, f"{len(SEEDS)} games settled through the {ROUND_BASKET}, {paid} with a payment")


@check("draw-seats")
def draw_seats_check(claim: dict[str, Any]) -> Verdict:
    """Drawing one fiche of each basket's colour gives each player one place, every order possible."""
    colours = ("blanc", "rouge", "vert", "jaune")
    draws = {tuple(draw_seats(random.Random(seed), colours)) for seed in range(600)}
    ok = all(sorted(d) == sorted(colours) for d in draws) and len(draws) == 24
    return Verdict(ok, f"{len(draws)} of the 24 seatings drawn, each a place per player")


@check("exposed-card")
def exposed_card_check(claim: dict[str, Any]) -> Verdict:
    """A card turned up: the same dealer deals again, unless all accept the deal (art. 12)."""
    from rules.games.reversis import ReversisGame

    g = ReversisGame()
    ok = True
    for seed in range(10):
        state = g.new_initial_state(seed, dealer=seed % 4)
        kept = g.redeal_if_exposed(state, seed + 100, all_agree=True)
        again = g.redeal_if_exposed(state, seed + 100, all_agree=False)
        conserved = sorted(c for h in again.hands for c in h) + sorted(again.talon)
        ok &= kept is state and again.dealer == state.dealer and again.hands != state.hands
        ok &= sorted(conserved) == sorted(g.cards)
    return Verdict(ok, "redealt by the same dealer unless all agree")


@check("collect-partie")
def collect_partie_check(claim: dict[str, Any]) -> Verdict:
    """The partie goes to who collects it, unless another warns before play (art. 21)."""
    from rules.games.reversis import random_game

    ok, tried = True, 0
    for seed in SEEDS:
        state = random_game(seed)
        wrong = (state.winner() + 1) % 4
        kept, corrected = state.settle(Table(4), collector=wrong), state.settle(Table(4), wrong, warned=True)
        ok &= kept == wrong and corrected == state.winner()
        tried += 1
    return Verdict(ok, f"{tried} games: the collector keeps it unless warned, then the winner takes it")


@check("examine-tricks")
def examine_tricks_check(claim: dict[str, Any]) -> Verdict:
    """Throughout play, a player may see all his tricks and, of the others', only the last (art. 22)."""
    from rules.games.reversis import ReversisGame

    ok, checked = True, 0
    for seed in range(10):
        state, rng = ReversisGame().new_initial_state(seed), random.Random(seed)
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()), legal=True)
            for viewer in range(4):
                seen = {k for k, _ in state.visible_tricks(viewer)}
                own = {k for k, (taker, _) in enumerate(state.won) if taker == viewer}
                last = {len(state.won) - 1} if state.won else set()
                ok &= seen == own | last
                checked += 1
    return Verdict(ok, f"{checked} views checked over 10 games")


@check("reversis-exempt")
def reversis_exempt_check(claim: dict[str, Any]) -> Verdict:
    """Who takes every trick (the reversis) pays no partie (talon q8)."""
    from rules.games.reversis import ReversisGame, ReversisState

    g = ReversisGame()
    top = [c for c in g.cards if c.rank in ("as", "roi", "dame")][:11]
    rest = [c for c in g.cards if c not in top]
    hands = [rest[0:11], top, rest[11:22], rest[22:33]]
    state = ReversisState(g, 0, hands, [], ecart=rest[33:37], phase="play")
    state.turn = 1
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[-1])
    exempt = state.tricks[1] == 11 and state.returns() == [0.0] * 4
    return Verdict(exempt, f"tricks {state.tricks}: returns {state.returns()}")


# Reversis: fines ---------------------------------------------------------------------------------


def _jetons(claim: dict[str, Any]) -> int | None:
    """The fine in jetons, if its forms agree (a jeton is five fiches, art. 3)."""
    worth = claim.get("worth", {"jeton": 5, "fiche": 1})
    amounts = {worth[kind] * n for kind, n in claim["amount"].items()}
    return min(amounts) // worth["jeton"] if len(amounts) == 1 else None


@check("misdeal")
def misdeal_check(claim: dict[str, Any]) -> Verdict:
    """A misdeal: before the écart the deal passes unless bought back with the fine; after it, the
    fine is paid, the deal void and lost all the same (art. 13, 14)."""
    from rules.games.reversis import ReversisGame
    from rules.games.reversis_table import misdeal

    g, due, late = ReversisGame(), _jetons(claim), claim["after_ecart"]
    bought, lost = Table(4, dealer=1), Table(4, dealer=1)
    misdeal(g, bought, after_ecart=late, buy_back=True)
    misdeal(g, lost, after_ecart=late, buy_back=False)
    paid = [-bought.purses[1], -lost.purses[1]]
    dealers = [bought.dealer, lost.dealer]
    expected = ([due, due], [2, 2]) if late else ([due, 0], [1, 2])
    ok = (paid, dealers) == expected and bought.total() == lost.total() == 0
    return Verdict(ok, f"paid {paid} jetons, next dealers {dealers} (bought back, not)")


@check("early-play")
def early_play_check(claim: dict[str, Any]) -> Verdict:
    from rules.games.reversis import BASKET, ReversisGame
    from rules.games.reversis_table import early_play

    table = Table(4)
    early_play(ReversisGame(), table, 3)
    due = _jetons(claim)
    ok = due is not None and table.purses[3] == -due and table.baskets[BASKET] == due
    return Verdict(ok, f"a card out of turn: {-table.purses[3]} jeton(s) into the basket")


@check("renonce")
def renonce_check(claim: dict[str, Any]) -> Verdict:
    """A revoke: the fine at settlement and no payment to the revoker; none if he takes the card
    back before the next card, or if four aces (or the Quinola and three aces) excuse it."""
    from rules.games.reversis import BASKET, ReversisGame

    g, due, games, ok = ReversisGame(), _jetons(claim), 0, True
    for seed in range(0, 60, 2):  # one revoke in each game played
        state, rng, done = g.new_initial_state(seed), random.Random(seed), False
        while not state.is_terminal():
            hand, legal = state.hands[state.turn], state.legal_actions()
            wrong = [c for c in hand if c not in legal] if state.phase == "play" else []
            if wrong and not done:
                corrected = state.clone()
                corrected.apply_fault("renonce", wrong[0])
                corrected.take_back()
                ok &= corrected.faults == state.faults and corrected.hands == state.hands
                state.apply_fault("renonce", wrong[0])
                games, done = games + 1, True
                continue
            state.apply_action(rng.choice(legal), legal=True)
        table = Table(4)
        state.settle(table)
        revokers = [seat for seat, fault in state.faults.items() if fault == "renonce"]
        ok &= table.baskets.get(BASKET, 0) == due * len(revokers) and state.winner() not in revokers
    excused = g.new_initial_state(0)
    return Verdict(ok and games > 0 and _four_aces_excuse(excused), f"{games} revokes played out; an excused one")


def _four_aces_excuse(state: Any) -> bool:
    """Four aces in hand excuse a revoke: it is played, and no fault is recorded."""
    aces = [c for c in state.game.cards if c.rank == "as"]
    others = [c for c in state.game.cards if c.rank != "as"]
    hands = [aces + others[:7], others[7:18], others[18:29], others[29:40]]
    from rules.games.reversis import ReversisState

    s = ReversisState(state.game, 0, hands, [], ecart=others[40:44], phase="play")
    s.turn = 1
    led = s.legal_actions()[0]
    s.apply_action(led)
    s.turn = 0
    wrong = next(c for c in s.hands[0] if c.suit != led.suit and any(h.suit == led.suit for h in s.hands[0]))
    s.apply_fault("renonce", wrong)
    return not s.faults
