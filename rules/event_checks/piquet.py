"""Piquet as the engine plays its procedures: naming a suit, a card taken back, the first card
counted, alternate deals and the cut; the talon of the quotations (the exchange, its faults)."""

from __future__ import annotations

import itertools
import random
from typing import Any

from rules.checks import Verdict, check
from rules.event_checks.common import PARTIE, SEEDS, cards
from rules.table import Match

# Piquet: the play --------------------------------------------------------------------------------


def _piquet_positions(pick: str) -> list[Any]:
    """Piquet positions from random play where the player to move can do `pick`: 'lead-change'
    (lead a suit other than the last led) or 'revoke' (follow with another suit though he holds the led suit)."""
    from rules.games.piquet import PiquetGame

    found = []
    for seed in SEEDS:
        state, rng = PiquetGame().new_initial_state(seed), random.Random(seed)
        while not state.is_terminal() and len(found) <= seed:
            hand = state.hands[state.turn]
            changes = state.last_led and any(c.suit != state.last_led for c in hand)
            if pick == "lead-change" and not state.trick and changes:
                found.append(state.clone())
            if pick == "revoke" and state.trick and len(state.legal_actions()) < len(hand):
                found.append(state.clone())
            state.apply_action(rng.choice(state.legal_actions()))
    return found


@check("piquet-name-suit")
def piquet_name_suit_check(claim: dict[str, Any]) -> Verdict:
    """Changing suit, the leader names it; unnamed, the follower may take back his card (art. 6)."""
    ok, tried = True, 0
    for state in _piquet_positions("lead-change"):
        leader, change = state.turn, next(c for c in state.hands[state.turn] if c.suit != state.last_led)
        named = state.clone()
        named.apply_action(change)
        follower_card = named.legal_actions()[0]
        named.apply_action(follower_card)
        ok &= named.named[-1] == (leader, change.suit)
        try:
            named.take_back()
            ok = False
        except ValueError:
            pass
        unnamed = state.clone()
        unnamed.apply_action(change, name=False)
        before = unnamed.clone()
        unnamed.apply_action(follower_card)
        unnamed.take_back()
        ok &= unnamed.hands == before.hands and unnamed.score == before.score and unnamed.tricks == before.tricks
        tried += 1
    return Verdict(ok and tried > 0, f"{tried} changes of suit: named when named, the card taken back when not")


@check("piquet-revoke-corrected")
def piquet_revoke_corrected_check(claim: dict[str, Any]) -> Verdict:
    """A card played in error instead of following is taken back without penalty (art. 11)."""
    ok, tried = True, 0
    for state in _piquet_positions("revoke"):
        before = state.clone()
        wrong = next(c for c in state.hands[state.turn] if c not in state.legal_actions())
        state.apply_fault("revoke", wrong)
        rules = state.take_back()
        same = (state.hands, state.score, state.tricks, state.trick) == (
            before.hands,
            before.score,
            before.tricks,
            before.trick,
        )
        ok &= same and rules == ("piquet.penalty.revoke-corrected",) and wrong not in state.legal_actions()
        tried += 1
    return Verdict(ok and tried > 0, f"{tried} revokes taken back: position, score and tricks as before")


@check("piquet-first-card")
def piquet_first_card_check(claim: dict[str, Any]) -> Verdict:
    """The elder's first card counts `first_card` point(s): any card, or a counting card only."""
    from rules.games.piquet import PiquetGame, PiquetState

    g = PiquetGame(first_card=claim["reading"])
    scored = {}
    for lead in ("7-pique", "as-pique"):
        state = PiquetState(g, 1, [cards(lead, "8-coeur"), cards("9-pique", "9-coeur")], [])
        state.apply_action(lead)
        scored[lead] = state.score[0]
    expected = {"7-pique": claim["first_card"] if claim["reading"] == "any" else 0, "as-pique": 1}
    return Verdict(scored == expected, f"reading '{claim['reading']}': the first card led scores {scored}")


def _piquet_deal(seed: int, dealer: int) -> list[int]:
    from rules.games.piquet import PiquetGame

    state, rng = PiquetGame().new_initial_state(seed, dealer), random.Random(seed)
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    return state.score


@check("alternate-deal")
def alternate_deal_check(claim: dict[str, Any]) -> Verdict:
    """Deals alternate while the partie lasts; it ends when one reaches the agreed score."""
    match = Match(2, PARTIE)
    winner = match.play(_piquet_deal)
    alternates = all(a != b for a, b in itertools.pairwise(match.dealers))
    return Verdict(
        alternates and match.scores[winner] >= match.target and len(match.dealers) > 1,
        f"{len(match.dealers)} deals, dealers {match.dealers[:6]}…, won at {match.scores[winner]}",
    )


@check("cut-for-deal")
def cut_for_deal_check(claim: dict[str, Any]) -> Verdict:
    """A new partie: the cut decides who deals first, unless agreed that the hand follows (art. 16)."""
    from rules.games.piquet import PiquetGame, first_dealer

    g, ok = PiquetGame(), True
    cut = set()
    for seed in range(40):
        match = Match(2, PARTIE, dealer=first_dealer(g, random.Random(seed), None, claim["hand_follows"]))
        match.play(_piquet_deal, first_seed=seed * 50)
        follows = first_dealer(g, random.Random(seed), match.dealers[-1], hand_follows=True)
        ok &= follows != match.dealers[-1]
        cut.add(first_dealer(g, random.Random(seed), match.dealers[-1], hand_follows=False))
    return Verdict(ok and cut == {0, 1}, "the hand follows on when agreed; otherwise the cut gives either the deal")


# Piquet: the talon (quotations) ------------------------------------------------------------------


def _exchange(seed: int = 3) -> Any:
    from rules.games.piquet import PiquetGame
    from rules.games.piquet_talon import Exchange

    return Exchange.deal(PiquetGame(), seed)


@check("piquet-minimum-exchange")
def piquet_minimum_exchange_check(claim: dict[str, Any]) -> Verdict:
    """Each player must discard at least one card and take one (talon q1)."""
    refused = 0
    for player in ("elder", "younger"):
        ex = _exchange()
        if player == "younger":
            ex.elder(ex.hands[0][:5])
        try:
            getattr(ex, player)([])
        except ValueError:
            refused += 1
    ex = _exchange()
    ex.elder(ex.hands[0][: claim["minimum_exchange"]])
    ex.younger(ex.hands[1][: claim["minimum_exchange"]])
    ok = refused == 2 and all(len(h) == 12 for h in ex.hands)
    return Verdict(ok, f"an empty exchange refused {refused} times of 2; one card each is accepted")


@check("piquet-unwarned-leave")
def piquet_unwarned_leave_check(claim: dict[str, Any]) -> Verdict:
    """The elder leaves two cards: warned, the younger may take five; unwarned, three at most (q11)."""
    most = claim["second_takes_at_most"]
    taken = {}
    for warned in (True, False):
        best = 0
        for n in range(1, 6):
            ex = _exchange()
            ex.elder(ex.hands[0][:3], warned=warned)
            try:
                ex.younger(ex.hands[1][:n])
                best = n
            except ValueError:
                break
        taken[warned] = best
    ex = _exchange()
    left = ex.talon[3:5]
    own = ex.talon[5:]
    ex.elder(ex.hands[0][:3])
    ex.younger(ex.hands[1][:2], take_left=False)
    own_taken = all(c in ex.hands[1] for c in own[:2]) and not any(c in ex.hands[1] for c in left)
    return Verdict(
        taken == {True: 5, False: most} and own_taken,
        f"the younger may take {taken[True]} warned, {taken[False]} unwarned, his own part if he likes",
    )


@check("piquet-six-for-five")
def piquet_six_for_five_check(claim: dict[str, Any]) -> Verdict:
    """The elder who slides six must push one back before the younger's exchange; pushing back
    another than the sixth changes the younger's talon (q19)."""
    ex = _exchange()
    sixth = ex.talon[5]
    ex.elder(ex.hands[0][:5], draw=6)
    try:
        ex.younger(ex.hands[1][:1])
        blocked = False
    except ValueError:
        blocked = True
    ex.push_back(sixth)
    restored = ex.talon[0] == sixth and len(ex.hands[0]) == 12
    other = _exchange()
    fifth = other.talon[4]
    other.elder(other.hands[0][:5], draw=6)
    other.push_back(fifth)
    changed = other.talon[0] == fifth
    return Verdict(blocked and restored and changed, "a sixth card must go back; another pushed back changes the talon")


@check("piquet-thirteen")
def piquet_thirteen_check(claim: dict[str, Any]) -> Verdict:
    """A hand of thirteen counts nothing. 'blocks' (q1): the other counts only what beats it;
    'open' (q14): the other counts all he holds."""
    from rules.games.piquet import PiquetGame
    from rules.games.piquet_talon import declare, holding, worth

    g = PiquetGame()
    long_hand = cards(
        *[f"{r}-pique" for r in ("7", "8", "9", "10", "valet", "dame", "roi")],
        "as-coeur",
        "as-carreau",
        "as-trefle",
        "roi-coeur",
        "roi-carreau",
        "dame-coeur",
    )
    other = cards(
        *[f"{r}-coeur" for r in ("7", "8", "9", "10", "valet")],
        "7-carreau",
        "8-carreau",
        "9-carreau",
        "7-trefle",
        "8-trefle",
        "9-trefle",
        "10-trefle",
    )
    scores = declare([long_hand, other], g, claim["penalty"])
    held = holding(other, g)
    # open: the other counts his point, quinte and sets; blocks: the long hand's seven beat them
    expected = [0, sum(worth(k, v) for k, v in enumerate(held))] if claim["penalty"] == "open" else [0, 0]
    return Verdict(scores == expected, f"penalty '{claim['penalty']}': declarations {scores}, expected {expected}")


@check("piquet-short-or-long")
def piquet_short_or_long_check(claim: dict[str, Any]) -> Verdict:
    """A short hand takes the first talon cards or is redealt; a long one discards the excess (q7)."""
    short = _exchange()
    short.hands[0].pop()
    short.put_right(0, "talon")
    long = _exchange()
    long.hands[0].append(long.talon.pop())
    long.put_right(0, "discard")
    redeal = _exchange()
    redeal.hands[0].pop()
    redeal.put_right(0, "redeal")
    try:
        long.put_right(0, "talon")
        refused = False
    except ValueError:
        refused = True
    ok = len(short.hands[0]) == 12 and len(long.hands[0]) == 12 and refused
    return Verdict(ok, "a short hand completed from the talon, a long one discarded to twelve")
