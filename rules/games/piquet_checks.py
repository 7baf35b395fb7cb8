"""The checks of Piquet (rules/games/piquet.py) and of its talon in the quotations
(rules/games/piquet_talon.py): each plays the engine and compares what follows with the claim."""

from __future__ import annotations

import itertools
import random
from typing import Any

from rules.cards import cards
from rules.games.piquet import (
    PiquetGame,
    PiquetState,
    cartes_blanches,
    first_dealer,
    marker,
    point,
    sequence_value,
    sequences,
    sets,
)
from rules.games.piquet_talon import Exchange, declare, holding, worth
from rules.registry import SEEDS, Verdict, check, compare
from rules.table import Match

GAME = PiquetGame()
PARTIE = 100  # a Piquet partie's score: agreed by the players, not stated by the text


# The play ------------------------------------------------------------------------------------------


def _positions(pick: str) -> list[PiquetState]:
    """Positions from random play where the player to move can do `pick`: 'lead-change' (lead a
    suit other than the last led) or 'revoke' (follow with another suit though he holds the led suit)."""
    found = []
    for seed in SEEDS:
        state, rng = GAME.new_initial_state(seed), random.Random(seed)
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
    named_ok, take_back = True, True
    for state in _positions("lead-change"):
        leader, change = state.turn, next(c for c in state.hands[state.turn] if c.suit != state.last_led)
        named = state.clone()
        named.apply_action(change)
        named.apply_action(named.legal_actions()[0])
        named_ok &= named.named[-1] == (leader, change.suit)
        unnamed = state.clone()
        unnamed.apply_action(change, name=False)
        before = unnamed.clone()
        unnamed.apply_action(unnamed.legal_actions()[0])
        try:
            unnamed.take_back()
            take_back &= (unnamed.hands, unnamed.score, unnamed.tricks) == (before.hands, before.score, before.tricks)
        except ValueError:
            take_back = False
    return compare({"name_on_change": named_ok, "take_back_if_unnamed": take_back}, claim)


@check("piquet-revoke-corrected")
def piquet_revoke_corrected_check(claim: dict[str, Any]) -> Verdict:
    """A card played in error instead of following is taken back; what it costs (art. 11)."""
    taken_back, costs = True, set()
    for state in _positions("revoke"):
        before = state.clone()
        wrong = next(c for c in state.hands[state.turn] if c not in state.legal_actions())
        state.apply_fault(claim["fault"], wrong)
        try:
            state.take_back()
        except ValueError:
            taken_back = False
            continue
        taken_back &= (state.hands, state.tricks, state.trick) == (before.hands, before.tricks, before.trick)
        costs.add(before.score[state.turn] - state.score[state.turn])
    return compare({"take_back": taken_back, "penalty": costs.pop() if len(costs) == 1 else sorted(costs)}, claim)


def _lead_points(rank: str) -> int:
    """What the engine scores for leading a card of `rank` (not the first card of the deal)."""
    state = PiquetState(GAME, 1, [cards(f"{rank}-pique", "7-coeur"), cards("8-coeur", "9-coeur")], [])
    state.last_led = "coeur"
    state.apply_action(f"{rank}-pique")
    return state.score[0]


@check("piquet-card-led")
def piquet_card_led_check(claim: dict[str, Any]) -> Verdict:
    """A point for each counting card led (art. 4), rank by rank."""
    return compare({"led": {rank: _lead_points(rank) for rank in claim["led"]}}, claim)


def _last_trick_points(winning: str) -> int:
    """What the follower scores for winning the last trick with `winning` (tricks level before it)."""
    state = PiquetState(GAME, 1, [cards("7-pique"), cards(winning)], [])
    state.last_led, state.tricks = "pique", [1, 0]
    state.apply_action("7-pique")
    state.apply_action(winning)
    return state.score[1]


@check("piquet-last-trick")
def piquet_last_trick_check(claim: dict[str, Any]) -> Verdict:
    """The last trick: more if won with a counting card than with another (art. 12)."""
    observed = {"counting": _last_trick_points("as-pique"), "other": _last_trick_points("9-pique")}
    return compare({"last_trick": observed}, claim)


@check("piquet-first-card")
def piquet_first_card_check(claim: dict[str, Any]) -> Verdict:
    """The elder's first card counts `first_card` point(s): any card, or a counting card only."""
    g = PiquetGame(first_card=claim["reading"])
    scored = {}
    for lead in ("7-pique", "as-pique"):
        state = PiquetState(g, 1, [cards(lead, "8-coeur"), cards("9-pique", "9-coeur")], [])
        state.apply_action(lead)
        scored[lead] = state.score[0]
    expected = {"7-pique": claim["first_card"] if claim["reading"] == "any" else 0, "as-pique": 1}
    return Verdict(scored == expected, f"reading '{claim['reading']}': the first card led scores {scored}")


@check("piquet-declarations")
def piquet_declarations_check(claim: dict[str, Any]) -> Verdict:
    blank = cards("as-pique", "10-pique", "9-pique", "8-pique", "7-pique", "as-coeur")
    four, three = (
        cards("as-pique", "as-coeur", "as-carreau", "as-trefle"),
        cards("roi-pique", "roi-coeur", "roi-carreau"),
    )
    observed = {
        "cartes_blanches": cartes_blanches(blank, GAME),
        "point_of_five": point(blank),
        "quatorze": sets(four, GAME),
        "trois": sets(three, GAME),
    }
    return compare(observed, claim)


@check("piquet-cards")
def piquet_cards_check(claim: dict[str, Any]) -> Verdict:
    """Ten for the cards to the most tricks; what equal tricks give."""
    scores = []
    for tricks in ([7, 5], [6, 6]):
        state = PiquetState(GAME, 0, [[], []], [])
        state.tricks = list(tricks)
        state._for_the_cards()
        scores.append(state.score)
    return compare({"for_the_cards": scores[0][0], "equal_tricks": max(scores[1])}, claim)


@check("piquet-marker")
def piquet_marker_check(claim: dict[str, Any]) -> Verdict:
    """The counting card of art. 14: the highest score its cuts can show, every lower one shown too."""
    shown = 0
    while True:
        try:
            u, f, t, ff = marker(shown + 1)
        except ValueError:
            break
        if u + 5 * f + 10 * t + 50 * ff != shown + 1:
            break
        shown += 1
    return compare({"up_to": shown}, claim)


@check("piquet-sequences")
def piquet_sequences_check(claim: dict[str, Any]) -> Verdict:
    """A run of the claimed length is found and counts the claimed points."""
    order = ["7", "8", "9", "10", "valet", "dame", "roi", "as"]
    hand = cards(*[f"{rank}-coeur" for rank in order[: claim["length"]]], "as-pique")
    found = sequences(hand)
    return compare({"length": found[0][1] if found else 0, "value": sequence_value(claim["length"])}, claim)


@check("piquet-sets")
def piquet_sets_check(claim: dict[str, Any]) -> Verdict:
    four = cards("as-pique", "as-coeur", "as-carreau", "as-trefle")
    three = cards("roi-pique", "roi-coeur", "roi-carreau")
    verdict = compare({"quatorze": sets(four, GAME), "trois": sets(three, GAME)}, claim)
    added = sets(four + three, GAME) == sets(four, GAME) + sets(three, GAME)
    return Verdict(verdict.holds and added, verdict.detail)


# Deals and parties -------------------------------------------------------------------------------


def _piquet_deal(seed: int, dealer: int) -> list[int]:
    state, rng = GAME.new_initial_state(seed, dealer), random.Random(seed)
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    return state.score


@check("alternate-deal")
def alternate_deal_check(claim: dict[str, Any]) -> Verdict:
    """Deals alternate while the partie lasts; it ends when one reaches the agreed score."""
    match = Match(2, PARTIE)
    winner = match.play(_piquet_deal)
    alternates = all(a != b for a, b in itertools.pairwise(match.dealers))
    ends = match.scores[winner] >= match.target
    return compare({"alternates": alternates, "ends_at_score": ends}, claim, f"{len(match.dealers)} deals")


@check("cut-for-deal")
def cut_for_deal_check(claim: dict[str, Any]) -> Verdict:
    """A new partie: the cut decides who deals first, unless agreed that the hand follows (art. 16)."""
    follows, cut = True, set()
    for seed in range(40):
        last = seed % 2
        follows &= first_dealer(GAME, random.Random(seed), last, hand_follows=True) != last
        cut.add(first_dealer(GAME, random.Random(seed), last, hand_follows=False))
    return compare({"cut_for_first_deal": cut == {0, 1}, "hand_follows_if_agreed": follows}, claim)


# The talon of the quotations -----------------------------------------------------------------------


def _exchange(seed: int = 3) -> Exchange:
    return Exchange.deal(GAME, seed)


@check("piquet-minimum-exchange")
def piquet_minimum_exchange_check(claim: dict[str, Any]) -> Verdict:
    """The fewest cards each player may exchange (talon q1)."""
    fewest = {}
    for player in ("elder", "younger"):
        for n in range(6):
            ex = _exchange()
            if player == "younger":
                ex.elder(ex.hands[0][:5])
            try:
                getattr(ex, player)(ex.hands[0 if player == "elder" else 1][:n])
            except ValueError:
                continue
            fewest[player] = n
            break
    values = set(fewest.values())
    return compare({"minimum_exchange": values.pop() if len(values) == 1 else fewest}, claim)


@check("piquet-unwarned-leave")
def piquet_unwarned_leave_check(claim: dict[str, Any]) -> Verdict:
    """The elder leaves two cards: warned, the younger may take five; unwarned, three at most (q11)."""
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
    left, own = ex.talon[3:5], ex.talon[5:]
    ex.elder(ex.hands[0][:3])
    ex.younger(ex.hands[1][:2], take_left=False)
    own_taken = all(c in ex.hands[1] for c in own[:2]) and not any(c in ex.hands[1] for c in left)
    observed = {"second_takes_at_most": taken[False], "warned_takes": taken[True], "own_part_instead": own_taken}
    return compare(observed, claim)


@check("piquet-six-for-five")
def piquet_six_for_five_check(claim: dict[str, Any]) -> Verdict:
    """The elder who slides more than his five: how many he must push back, before the younger's
    exchange; pushing back another than the last changes the younger's talon (q19)."""
    ex = _exchange()
    ex.elder(ex.hands[0][:5], draw=claim["slid"])
    try:
        ex.younger(ex.hands[1][:1])
        waits = False
    except ValueError:
        waits = True
    pushed = 0
    while len(ex.hands[0]) > ex.size:
        ex.push_back(ex.hands[0][-1])
        pushed += 1
    other = _exchange()
    fifth = other.talon[4]
    other.elder(other.hands[0][:5], draw=claim["slid"])
    other.push_back(fifth)
    changed = other.talon[0] == fifth
    return compare({"push_back": pushed, "younger_waits": waits, "other_changes_talon": changed}, claim)


# Hands of the quotations: a thirteen-card hand, and another with a point, a quinte and sets.
LONG = cards(
    *[f"{r}-pique" for r in ("7", "8", "9", "10", "valet", "dame", "roi")],
    "as-coeur",
    "as-carreau",
    "as-trefle",
    "roi-coeur",
    "roi-carreau",
    "dame-coeur",
)
OTHER = cards(
    *[f"{r}-coeur" for r in ("7", "8", "9", "10", "valet")],
    "7-carreau",
    "8-carreau",
    "9-carreau",
    "7-trefle",
    "8-trefle",
    "9-trefle",
    "10-trefle",
)


@check("piquet-thirteen")
def piquet_thirteen_check(claim: dict[str, Any]) -> Verdict:
    """A hand of thirteen under the rule of the quotation (`penalty`): does it count, and does the
    other count all he holds?"""
    scores = declare([LONG, OTHER], GAME, claim["penalty"])
    held = sum(worth(k, v) for k, v in enumerate(holding(OTHER, GAME)))
    return compare({"long_hand_counts": scores[0] > 0, "other_counts_all": scores[1] == held}, claim)


@check("piquet-short-or-long")
def piquet_short_or_long_check(claim: dict[str, Any]) -> Verdict:
    """A short or long hand (q7): which remedies the engine accepts for each, each giving twelve."""
    accepted: dict[str, dict[str, bool]] = {"short": {}, "long": {}}
    for case, remedies in accepted.items():
        for remedy in ("talon", "discard", "redeal"):
            ex = _exchange()
            if case == "short":
                ex.hands[0].pop()
            else:
                ex.hands[0].append(ex.talon.pop())
            try:
                ex.put_right(0, remedy)
                remedies[remedy] = remedy == "redeal" or len(ex.hands[0]) == ex.size
            except ValueError:
                remedies[remedy] = False
    return compare(accepted, claim)


@check("misdeal-counts")
def misdeal_counts_check(claim: dict[str, Any]) -> Verdict:
    """A card dealt to the wrong hand with the talon complete (q6): the hands it leaves."""
    state = GAME.new_initial_state(seed=1)
    state.hands[0].append(state.hands[1].pop())
    return compare({"long": len(state.hands[0]), "short": len(state.hands[1]), "talon": len(state.talon)}, claim)


@check("declare-before-playing")
def declare_before_playing_check(claim: dict[str, Any]) -> Verdict:
    """The younger shows his declarations after the elder's first card, before his own (art. 5)."""
    before, after = True, True
    for seed in range(10):
        state = GAME.new_initial_state(seed)
        elder = state.turn
        younger = 1 - elder
        state.apply_action(state.legal_actions()[0])
        trial = state.clone()
        try:
            trial.declare(younger)
        except ValueError:
            before = False
        state.apply_action(state.legal_actions()[0])
        try:
            state.declare(younger)
            after = False
        except ValueError:
            pass
    return compare({"before_first_card": before and after}, claim)


@check("better-declaration")
def better_declaration_check(claim: dict[str, Any]) -> Verdict:
    """Of two declarations of a kind, only the better counts ("s'il l'a bon", art. 5)."""
    better = cards("as-pique", "roi-pique", "dame-pique", "valet-pique", "10-pique", "7-coeur", "8-coeur")
    worse = cards("as-coeur", "roi-coeur", "dame-coeur", "7-trefle", "8-trefle", "9-trefle", "7-carreau")
    scores = declare([better, worse], GAME)
    held = [sum(worth(k, v) for k, v in enumerate(holding(h, GAME))) for h in (better, worse)]
    both_count = scores == held
    return compare({"only_better_counts": scores[1] < held[1] and not both_count}, claim, f"declarations {scores}")
