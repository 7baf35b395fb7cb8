"""The checks of Reversis: each plays the engine (rules/games/reversis*.py) through what an article
describes and compares what follows with the rule's claim."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from rules.cards import Card, card, cards
from rules.games.reversis import (
    BASKET,
    BASKET_CONTENT,
    COUNTER_WORTH,
    ReversisGame,
    ReversisState,
    random_game,
)
from rules.games.reversis_payments import KINDS, events, payments
from rules.games.reversis_table import deal_contribution, early_play, misdeal
from rules.registry import SEEDS, Verdict, check, compare
from rules.table import Table, draw_seats

GAME = ReversisGame()


# The deal and the table ----------------------------------------------------------------------------


@check("first-dealer")
def first_dealer_check(claim: dict[str, Any]) -> Verdict:
    """Art. 6: the pack made into packets, one for each; whose packet holds the card deals first."""
    counts, found = set(), True
    for seed in range(30):
        dealer, packets = GAME.first_dealer(seed)
        counts.add(len(packets))
        found &= card(claim["card"]) in packets[dealer]
    return compare(
        {"packets": counts.pop() if len(counts) == 1 else sorted(counts), "card_found": found},
        {**claim, "card_found": True},
    )


@check("counters")
def counters_check(claim: dict[str, Any]) -> Verdict:
    """The counters of the box (art. 2, 3): what each is worth, what a square basket holds, and what
    the named number of baskets comes to in fiches, against the engine's box."""
    observed = {
        "worth": {kind: COUNTER_WORTH[kind] for kind in claim["worth"]},
        "content": {kind: BASKET_CONTENT[kind] for kind in claim["content"]},
        "total": GAME.counters_worth(claim["containers"]),
    }
    return compare(observed, claim, f"{claim['containers']} square basket(s) of the box")


@check("stakes")
def stakes_check(claim: dict[str, Any]) -> Verdict:
    """Each player stakes into the basket, the dealer more; nothing is created or lost."""
    table = GAME.table(dealer=2)
    others = {-table.purses[s] for s in range(4) if s != 2}
    observed = {"each": others.pop() if len(others) == 1 else sorted(others), "dealer": -table.purses[2]}
    verdict = compare(observed, claim)
    return Verdict(
        verdict.holds and table.total() == 0 and table.baskets[BASKET] == sum(-p for p in table.purses), verdict.detail
    )


@check("round-basket")
def round_basket_check(claim: dict[str, Any]) -> Verdict:
    """The partie is paid through a basket: it ends empty, the winner holding what the payer paid."""
    used, through = set(), True
    for seed in SEEDS:
        state, table = random_game(seed), Table(4)
        before = dict(table.baskets)
        taker = state.settle(table)
        used |= {name for name in table.baskets if name not in before and name != BASKET}
        through &= all(v == 0 for k, v in table.baskets.items() if k != BASKET) and taker == state.winner()
        through &= table.purses == [int(r) for r in state.returns()]
    return compare({"basket": sorted(used)[0] if len(used) == 1 else sorted(used), "emptied": through}, claim)


@check("draw-seats")
def draw_seats_check(claim: dict[str, Any]) -> Verdict:
    """Drawing one fiche of each basket's colour gives each player one place, every order possible."""
    colours = ("blanc", "rouge", "vert", "jaune")
    draws = {tuple(draw_seats(random.Random(seed), colours)) for seed in range(600)}
    places = {len(set(d)) for d in draws}
    return compare({"places": places.pop() if len(places) == 1 else sorted(places), "seatings": len(draws)}, claim)


@check("exposed-card")
def exposed_card_check(claim: dict[str, Any]) -> Verdict:
    """A card turned up in the deal: dealt again, by the same dealer, unless all accept (art. 12)."""
    redeal, same, kept = True, True, True
    for seed in range(10):
        state = GAME.new_initial_state(seed, dealer=seed % 4)
        accepted = GAME.redeal_if_exposed(state, seed + 100, all_agree=True)
        again = GAME.redeal_if_exposed(state, seed + 100, all_agree=False)
        redeal &= again is not state and again.hands != state.hands
        same &= again.dealer == state.dealer
        kept &= accepted is state
    return compare({"redeal": redeal, "same_dealer": same, "all_agree_keeps": kept}, claim)


@check("collect-partie")
def collect_partie_check(claim: dict[str, Any]) -> Verdict:
    """The partie goes to who collects it, unless another warns before play (art. 21)."""
    keeps, corrected = True, True
    for seed in SEEDS:
        state = random_game(seed)
        wrong = (state.winner() + 1) % 4
        keeps &= state.settle(Table(4), collector=wrong) == wrong
        corrected &= state.settle(Table(4), wrong, warned=True) == state.winner()
    return compare({"collector_keeps": keeps, "warning_gives_to_winner": corrected}, claim)


@check("examine-tricks")
def examine_tricks_check(claim: dict[str, Any]) -> Verdict:
    """Throughout play, which tricks a player may see: his own, the others' last, the others' earlier."""
    own, last, earlier = True, True, False
    for seed in range(10):
        state, rng = GAME.new_initial_state(seed), random.Random(seed)
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()), legal=True)
            for viewer in range(4):
                seen = {k for k, _ in state.visible_tricks(viewer)}
                mine = {k for k, (taker, _) in enumerate(state.won) if taker == viewer}
                final = len(state.won) - 1
                own &= mine <= seen
                last &= final < 0 or final in seen
                earlier |= any(k not in mine and k != final for k in seen)
    return compare({"own": own, "others_last": last, "others_earlier": earlier}, claim)


# The partie ----------------------------------------------------------------------------------------

# Positions the texts settle (art. 23 to 25): (tricks, cards taken) per seat; the dealer is seat 0.
POSITIONS = (
    ([2, 3, 3, 3], [["9-pique"], ["roi-pique"], ["as-pique"], ["as-carreau", "valet-coeur"]]),
    ([3, 2, 3, 3], [["dame-pique"], ["dame-coeur"], ["as-pique"], ["roi-pique"]]),
    ([0, 4, 3, 4], [[], ["dame-pique"], ["as-pique"], ["roi-pique"]]),
    ([3, 2, 4, 2], [["as-pique"], ["2-pique"], ["roi-pique"], ["3-pique"]]),  # 1 and 3 level: the nearer
    ([3, 2, 2, 3], [["as-pique"], ["2-pique"], ["3-pique"], ["as-coeur"]]),  # 0 and 3 pay level: the farther
)
CRITERIA: dict[str, Callable[[ReversisState, int], Any]] = {
    "no-trick": lambda s, seat: s.tricks[seat] > 0,
    "fewest-points": lambda s, seat: s.card_points()[seat],
    "most-points": lambda s, seat: -s.card_points()[seat],
    "fewest-tricks": lambda s, seat: s.tricks[seat],
    "most-tricks": lambda s, seat: -s.tricks[seat],
    "nearest-left": lambda s, seat: (s.dealer - seat) % 4,
    "farthest-left": lambda s, seat: -((s.dealer - seat) % 4),
}


def _by(criteria: list[str], state: ReversisState) -> int:
    """The seat the criteria choose, each breaking the ties of the one before; seat order last."""
    return min(range(4), key=lambda seat: (*(CRITERIA[c](state, seat) for c in criteria), seat))


def _positions() -> list[ReversisState]:
    built = []
    for tricks, taken in POSITIONS:
        state = GAME.new_initial_state(seed=5, dealer=0)
        state.phase, state.tricks, state.taken = "over", list(tricks), [cards(*t) for t in taken]
        built.append(state)
    return built + [random_game(seed) for seed in SEEDS]


@check("partie-winner")
def partie_winner_check(claim: dict[str, Any]) -> Verdict:
    """Who takes the partie and who pays it, by the claimed order of criteria, against the engine."""
    states = _positions()
    observed = {
        "winner_by": all(_by(claim["winner_by"], s) == s.winner() for s in states),
        "payer_by": all(_by(claim["payer_by"], s) == s.payer() for s in states),
    }
    return compare(observed, {"winner_by": True, "payer_by": True}, f"{len(states)} positions")


# Faults at the exchange (art. 16, 17, 19) and what they take away --------------------------------


def _faulty_games(fault: str, games: int = 60) -> list[tuple[ReversisState, int, int | None]]:
    """Random games in which the first to exchange commits `fault`: (end, offender, hand in play)."""
    out = []
    for seed in range(games):
        state, rng = GAME.new_initial_state(seed), random.Random(seed)
        offender = state.current_player()
        state.apply_fault(fault, state.hands[offender][0] if fault == "two-discards" else None)
        hand = None
        while not state.is_terminal():
            if hand is None and state.phase == "play":
                hand = len(state.hands[offender])
            state.apply_action(rng.choice(state.legal_actions()), legal=True)
        out.append((state, offender, hand))
    return out


def _event_tricks(kind: str, seat: int) -> list[list[tuple[int, Card]]]:
    """Eleven tricks in which `seat` achieves `kind` (the partie aside)."""
    plain = [[(s, Card(r, "pique")) for s, r in zip(range(4), ("2", "3", "4", "5"), strict=True)]] * 11
    led_by_other = (seat + 1) % 4
    if kind in ("quinola-placed", "ace-placed"):
        placed = card("quinola") if kind == "quinola-placed" else card("as-trefle")
        trick = [(led_by_other, card("roi-carreau")), (seat, placed)]
        return [trick + [(s, Card("2", "carreau")) for s in range(4) if s not in (seat, led_by_other)], *plain[1:]]
    if kind == "quinola-forced":
        trick = [(seat, card("as-coeur")), (led_by_other, card("quinola"))]
        return [trick + [(s, Card("2", "coeur")) for s in range(4) if s not in (seat, led_by_other)], *plain[1:]]
    winner_of = (lambda k: seat) if kind == "reversis" else (lambda k: led_by_other if k < 9 else seat)
    return [
        [(winner_of(k), card("as-pique"))] + [(s, Card("2", "pique")) for s in range(4) if s != winner_of(k)]
        for k in range(11)
    ]


@check("exchange-fault")
def exchange_fault_check(claim: dict[str, Any]) -> Verdict:
    """A fault at the exchange: the hand it leaves in play, and what the offender is still paid for,
    by random games (the partie) and by positions in which he achieves each other event."""
    played = _faulty_games(claim["fault"])
    hands = {h for _, _, h in played}
    conserved = all(sum(map(len, s.taken)) + len(s.ecart) == len(s.game.cards) for s, _, _ in played)
    paid = {"partie": any(s.winner() == p and s.returns()[p] > 0 for s, p, _ in played)}
    for kind in KINDS[1:]:
        found = events(_event_tricks(kind, 1), GAME.strength)
        if (kind, 1) not in found:
            raise ValueError(f"no position for {kind}")
        paid[kind] = (kind, 1) in payments(found, {1: claim["fault"]})
    observed = {"hand": hands.pop() if len(hands) == 1 else sorted(hands), "paid": paid}
    verdict = compare(observed, claim, f"{len(played)} games with '{claim['fault']}'")
    return Verdict(verdict.holds and conserved, verdict.detail + ("" if conserved else "; cards LOST"))


@check("partie-under-basket")
def partie_under_basket_check(claim: dict[str, Any]) -> Verdict:
    """Whatever lies under the basket makes the partie: its size after each fault and without one."""
    sizes: dict[str, int | list[int]] = {"none": len(random_game(3).ecart)}
    counted = True
    for fault in ("no-discard", "two-discards", "seen-discard"):
        found = set()
        for state, _, _ in _faulty_games(fault, 20):
            paid = max(abs(r) for r in state.returns())
            counted &= paid in (0, state.game.partie_value(state.ecart))
            found.add(len(state.ecart))
        sizes[fault] = found.pop() if len(found) == 1 else sorted(found)
    verdict = compare({"sizes": sizes}, claim)
    return Verdict(verdict.holds and counted, verdict.detail)


# Fines -------------------------------------------------------------------------------------------


def _jetons(claim: dict[str, Any]) -> int | None:
    """The fine in jetons, if its forms agree (a jeton is five fiches, art. 3)."""
    worth = claim.get("worth", {"jeton": 5, "fiche": 1})
    amounts = {worth[kind] * n for kind, n in claim["amount"].items()}
    return min(amounts) // worth["jeton"] if len(amounts) == 1 and min(amounts) % worth["jeton"] == 0 else None


@check("misdeal")
def misdeal_check(claim: dict[str, Any]) -> Verdict:
    """A misdeal: before the écart the deal passes unless bought back with the fine; after it, the
    fine is paid, the deal void and lost all the same (art. 13, 14)."""
    due, late = _jetons(claim), claim["after_ecart"]
    bought, lost = Table(4, dealer=1), Table(4, dealer=1)
    misdeal(GAME, bought, after_ecart=late, buy_back=True)
    misdeal(GAME, lost, after_ecart=late, buy_back=False)
    paid = [-bought.purses[1], -lost.purses[1]]
    dealers = [bought.dealer, lost.dealer]
    expected = ([due, due], [2, 2]) if late else ([due, 0], [1, 2])
    ok = (paid, dealers) == expected and bought.total() == lost.total() == 0
    return Verdict(ok, f"paid {paid} jetons, next dealers {dealers} (bought back, not)")


@check("early-play")
def early_play_check(claim: dict[str, Any]) -> Verdict:
    table = Table(4)
    early_play(GAME, table, 3)
    due = _jetons(claim)
    ok = due is not None and table.purses[3] == -due and table.baskets[BASKET] == due
    return Verdict(ok, f"a card out of turn: {-table.purses[3]} jeton(s) into the basket")


def _revoke_position(seed: int) -> tuple[ReversisState, Card] | None:
    """A random game played to the first position where the player to move could revoke."""
    state, rng = GAME.new_initial_state(seed), random.Random(seed)
    while not state.is_terminal():
        legal = state.legal_actions()
        wrong = [c for c in state.hands[state.turn] if c not in legal] if state.phase == "play" else []
        if wrong and 0 < len(state.trick) < 2:
            return state, wrong[0]
        state.apply_action(rng.choice(legal), legal=True)
    return None


@check("renonce")
def renonce_check(claim: dict[str, Any]) -> Verdict:
    """A revoke: the fine at settlement and no payment to the revoker; no fine if he takes the card
    back before the trick is gathered; none with enough aces (art. 23)."""
    fines, barred, late_take_back, games = set(), True, True, 0
    for seed in range(0, 60, 2):
        found = _revoke_position(seed)
        if found is None:
            continue
        state, wrong = found
        late = state.clone()
        late.apply_fault("renonce", wrong)
        late.apply_action(late.legal_actions()[0], legal=True)  # another card follows the revoke
        try:
            late.take_back()
        except ValueError:
            late_take_back = False
        state.apply_fault("renonce", wrong)
        rng = random.Random(seed)
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()), legal=True)
        table = Table(4)
        state.settle(table)
        revokers = [seat for seat, fault in state.faults.items() if fault == "renonce"]
        if revokers:
            fines.add(table.baskets.get(BASKET, 0) // len(revokers))
        barred &= state.winner() not in revokers
        games += 1
    observed = {
        "amount_jetons": fines.pop() if len(fines) == 1 else sorted(fines),
        "take_back": "before-trick-gathered" if late_take_back else "before-next-card",
        "aces_excuse": _fewest_aces_excusing(False),
        "aces_with_quinola_excuse": _fewest_aces_excusing(True),
    }
    verdict = compare(observed, {**claim, "amount_jetons": _jetons(claim)}, f"{games} revokes played out")
    return Verdict(verdict.holds and barred and games > 0, verdict.detail)


def _fewest_aces_excusing(with_quinola: bool) -> int | None:
    """The fewest aces that make a revoke no fault, with or without the Quinola in hand."""
    for aces in range(5):
        if _excused(aces, with_quinola):
            return aces
    return None


def _excused(aces: int, with_quinola: bool) -> bool:
    held = [c for c in GAME.cards if c.rank == "as"][:aces] + ([card("quinola")] if with_quinola else [])
    filler = [c for c in GAME.cards if c.suit == "pique" and c not in held][: 11 - len(held)]
    rest = [c for c in GAME.cards if c not in held and c not in filler]
    hands = [held + filler, rest[0:11], rest[11:22], rest[22:33]]
    state = ReversisState(GAME, 0, hands, [], ecart=rest[33:37], phase="play")
    state.turn = 1
    led = next(c for c in state.hands[1] if c.suit == "pique")
    state.apply_action(led)
    state.turn = 0
    wrong = next((c for c in state.hands[0] if c.suit != "pique"), None)
    if wrong is None:
        return False
    state.apply_fault("renonce", wrong)
    return not state.faults


@check("reversis-exempt")
def reversis_exempt_check(claim: dict[str, Any]) -> Verdict:
    """Who takes every trick (the reversis) pays no partie (talon q8)."""
    top = [c for c in GAME.cards if c.rank in ("as", "roi", "dame")][:11]
    rest = [c for c in GAME.cards if c not in top]
    hands = [rest[0:11], top, rest[11:22], rest[22:33]]
    state = ReversisState(GAME, 0, hands, [], ecart=rest[33:37], phase="play")
    state.turn = 1
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[-1])
    if state.tricks[1] != 11:
        raise ValueError("the position made no reversis")
    return compare({"reversis_pays_partie": state.returns()[1] < 0}, claim, f"tricks {state.tricks}")


@check("dealer-jeton")
def dealer_jeton_check(claim: dict[str, Any]) -> Verdict:
    """Deal after deal, what the dealer puts into the basket, and where the deal goes next."""
    table, paid, nexts = Table(4, dealer=0), set(), set()
    for _ in range(8):
        dealer, before = table.dealer, table.purses[table.dealer]
        deal_contribution(GAME, table)
        paid.add(before - table.purses[dealer])
        nexts.add((table.dealer - dealer) % 4)
    observed = {"dealer_each_deal": paid.pop() if len(paid) == 1 else sorted(paid), "deal_passes": nexts.pop()}
    return compare(observed, claim)


@check("tie-seat")
def tie_seat_check(claim: dict[str, Any]) -> Verdict:
    """Two players level in points and tricks: the nearest on the left, counted from the dealer or
    from the first player, against the seat the engine gives the partie."""
    state = GAME.new_initial_state(seed=5, dealer=0)
    state.phase, state.tricks = "over", [3, 2, 4, 2]
    state.taken = [cards("as-pique"), cards("2-pique"), cards("roi-pique"), cards("3-pique")]
    tied, start = [1, 3], {"dealer": state.dealer, "first-player": (state.dealer + 1) % 4}[claim["from"]]
    predicted = min(tied, key=lambda seat: (start - seat) % 4)
    return compare(
        {"from": claim["from"] if predicted == state.winner() else "another seat"},
        claim,
        f"seats {tied} level: the engine gives seat {state.winner()}",
    )
