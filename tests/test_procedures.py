"""Procedures and table rules as engine events: invariants over random games and random events."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.catalogue import load_rules
from rules.games.piquet import PiquetGame
from rules.games.piquet_talon import Exchange
from rules.games.quotations import card_pips, taille
from rules.games.reversis import random_game
from rules.table import Table

RULE_IDS = {rule.id for rule in load_rules()}
MOVES = st.lists(
    st.tuples(st.sampled_from(["pay", "stake", "fine", "bete", "take"]), st.integers(0, 3), st.integers(0, 9)),
    max_size=40,
)


@given(MOVES)
def test_the_table_never_creates_or_loses_a_counter(moves: list[tuple[str, int, int]]) -> None:
    table = Table(4)
    for move, seat, amount in moves:
        if move == "pay":
            table.pay(seat, amount, (seat + 1) % 4)
        elif move == "stake":
            table.stake("panier", amount, amount + 1)
        elif move == "fine":
            table.fine_each(seat, amount, to="jeu" if amount % 2 else None)
        elif move == "bete":
            table.bete(seat, amount, "jeu", shared_with=(seat + 2) % 4 if amount % 2 else None)
        else:
            table.take(seat, "panier")
        assert table.total() == 0
        assert min(table.baskets.values(), default=0) >= 0


def test_a_negative_payment_is_refused() -> None:
    with pytest.raises(ValueError, match="not a payment"):
        Table(2).pay(0, -1, 1)


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10**6))
def test_a_piquet_card_taken_back_restores_the_position_exactly(seed: int) -> None:
    state, rng = PiquetGame().new_initial_state(seed), random.Random(seed)
    while not state.is_terminal():
        wrong = [c for c in state.hands[state.turn] if c not in state.legal_actions()]
        if state.trick and wrong:
            before = state.clone()
            state.apply_fault("revoke", wrong[0])
            assert state.take_back() == ("piquet.penalty.revoke-corrected",)
            assert (state.hands, state.score, state.tricks, state.trick) == (
                before.hands,
                before.score,
                before.tricks,
                before.trick,
            )
        allowed = state.apply_action(rng.choice(state.legal_actions()))
        assert set(allowed) <= RULE_IDS
    assert sum(state.tricks) == 12 and not any(state.hands)


def test_no_card_is_taken_back_after_a_named_change_of_suit() -> None:
    state = PiquetGame().new_initial_state(4)
    state.apply_action(state.legal_actions()[0])
    state.apply_action(state.legal_actions()[0])
    with pytest.raises(ValueError, match="taken back"):
        state.take_back()


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**6), st.integers(1, 5), st.booleans(), st.booleans())
def test_a_piquet_exchange_keeps_the_thirty_two_cards(seed: int, elder: int, warned: bool, take_left: bool) -> None:
    ex = Exchange.deal(PiquetGame(), seed)
    ex.elder(ex.hands[0][:elder], warned=warned)
    most = 3 + (5 - elder) if warned and take_left else 3
    ex.younger(ex.hands[1][: random.Random(seed).randint(1, most)], take_left=take_left)
    everything = [c for h in ex.hands for c in h] + ex.talon + [c for d in ex.discards for c in d]
    assert sorted(everything) == sorted(PiquetGame().cards)
    assert [len(h) for h in ex.hands] == [12, 12]


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**6), st.integers(0, 3))
def test_a_settled_reversis_partie_goes_through_the_round_basket(seed: int, collector: int) -> None:
    state, table = random_game(seed), Table(4)
    taker = state.settle(table, collector=collector)
    assert taker == collector and table.total() == 0 and table.baskets["panier rond"] == 0
    assert sum(table.purses) == 0


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 10**6))
def test_a_taille_never_deals_more_than_its_packet(seed: int) -> None:
    from rules.decks import deck

    packet = list(deck("french-52")) * 2
    random.Random(seed).shuffle(packet)
    coups = taille(packet)
    assert sum(a + b for a, b in coups) <= sum(card_pips(c) for c in packet)
    assert all(a > 30 and b > 30 for a, b in coups)


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10**6))
def test_a_tarots_deal_exchanges_then_plays_with_the_retourne_suit_as_minor_trumps(seed: int) -> None:
    from rules.games.tarot import TarotGame

    game = TarotGame("tarots-19c")
    state = game.new_initial_state(seed)
    rng = random.Random(seed)
    while state.exchanging():
        state.exchange(state.hands[state.turn][: rng.randint(1, state.exchange_limit())])
    assert state.stock[-1] == state.retourne and [len(h) for h in state.hands] == [12] * 4
    while not state.is_terminal():
        played = rng.choice(state.legal_actions())
        plays = [*state.trick, (state.turn, played)]
        state.apply_action(played)
        minor = state.minor
        if len(plays) == 4 and minor and not any(c.suit in ("atout", "fou") for _, c in plays):
            ours = [(seat, c) for seat, c in plays if c.suit == minor]
            if ours:  # no major played: the strongest minor trump takes the trick
                assert state.takers[-1] == max(ours, key=lambda sc: game.strength(sc[1], sc[1], minor))[0]
    everything = [c for t in state.taken for c in t] + state.stock + state.discards
    assert sorted(everything) == sorted(game.cards)


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10**6))
def test_a_reversis_revoke_is_played_out_fined_and_never_paid(seed: int) -> None:
    from rules.games.reversis import BASKET, ReversisGame

    game = ReversisGame()
    state, rng, revoker = game.new_initial_state(seed), random.Random(seed), None
    while not state.is_terminal():
        mover, legal = state.turn, state.legal_actions()
        wrong = [c for c in state.hands[mover] if c not in legal] if state.phase == "play" else []
        if wrong and revoker is None:
            state.apply_fault("renonce", wrong[0])
            revoker = mover
        else:
            state.apply_action(rng.choice(legal), legal=True)
        assert state.history[-1][0] == mover  # the history names who moved
    everything = [c for t in state.taken for c in t] + state.ecart
    assert sorted(everything) == sorted(game.cards)
    table = Table(4)
    state.settle(table)
    assert table.total() == 0
    if revoker is not None and revoker in state.faults:
        assert state.winner() != revoker and table.baskets[BASKET] == game.params["fines"]["renonce"]


@settings(max_examples=30, deadline=None)
@given(st.integers(min_value=0, max_value=10**6), st.sampled_from(["seen-discard", "no-discard", "two-discards"]))
def test_a_faulty_player_is_paid_for_nothing_but_what_art_19_leaves_him(seed: int, fault: str) -> None:
    """Art. 16, 17: nothing to the offender; art. 19: only a broken reversis or a forced Quinola."""
    from rules.games.reversis import ReversisGame

    state, rng = ReversisGame().new_initial_state(seed), random.Random(seed)
    offender = state.current_player()
    state.apply_fault(fault, state.hands[offender][0] if fault == "two-discards" else None)
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()), legal=True)
    paid = {kind for kind, seat in state.payments() if seat == offender}
    assert paid <= ({"reversis-broken", "quinola-forced"} if fault == "two-discards" else set())
    assert [[c for _, c in trick] for trick in state.played] == [cards for _, cards in state.won]
