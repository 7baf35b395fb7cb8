"""Checks of procedures, faults and table rules: each plays the engine through the event the text
describes (a revoke taken back, a card exposed, a sixth card slid, a fine paid) and verifies what
the text says follows. Registered with `@check` like the generic checks."""

from __future__ import annotations

import itertools
import random
from typing import Any

from rules.cards import Card, card
from rules.checks import Verdict, check
from rules.decks import deck
from rules.table import Match, Table, cut_for_deal, draw_seats

SEEDS = range(40)
PARTIE = 100  # a Piquet partie's score: agreed by the players, not stated by the text


def cards(*ids: str) -> list[Card]:
    return [card(i) for i in ids]


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


# Tarot -----------------------------------------------------------------------------------------


@check("most-tricks")
def most_tricks_check(claim: dict[str, Any]) -> Verdict:
    """What is left goes to most tricks; between equals, to who took his tricks first (primauté)."""
    from rules.games.tarot import random_game

    ok, ties = True, 0
    for seed in range(60):
        state = random_game(seed, "1659-cinquante")
        counts = [state.takers.count(s) for s in range(4)]
        taker = state.most_tricks()
        tied = [s for s in range(4) if counts[s] == max(counts)]
        ok &= counts[taker] == max(counts) and state.takers.index(taker) == min(state.takers.index(s) for s in tied)
        ties += len(tied) > 1
    return Verdict(ok and ties > 0, f"60 games, {ties} with a tie settled by the first tricks")


@check("agreed-hand")
def agreed_hand_check(claim: dict[str, Any]) -> Verdict:
    """The first game: any agreed number of cards each, as far as the deck goes, and any agreed stake."""
    from rules.games.tarot import TarotGame

    played = []
    for hand in range(1, 20):
        state, rng = TarotGame("1659-premier", hand=hand).new_initial_state(hand), random.Random(hand)
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
        if sum(len(t) for t in state.taken) == 4 * hand:
            played.append(hand)
    try:
        TarotGame("1659-premier", hand=20)
        too_many = False
    except ValueError:
        too_many = True
    table = Table(4)
    table.stake("jeu", each=3, dealer=3)
    ok = played == list(range(1, 20)) and too_many and table.baskets["jeu"] == 12
    return Verdict(ok, f"hands of 1 to {max(played)} cards played; 20 each refused (78 cards)")


@check("tarot-sets")
def tarot_sets_check(claim: dict[str, Any]) -> Verdict:
    """Trios and quatorzes of the six ranks; those of aces cancelled by tens or higher (art. 6)."""
    from rules.games.tarot import tarot_sets

    aces = cards("as-pique", "as-coeur", "as-carreau", "as-trefle")
    knights = cards("cavalier-pique", "cavalier-coeur", "cavalier-carreau")
    low = cards("7-pique", "8-coeur", "9-carreau")
    ok = tarot_sets([aces, low], 14, 3) == [14, 0]
    ok &= tarot_sets([aces, knights], 14, 3) == [0, 3]
    ok &= all(
        tarot_sets([cards(*[f"{r}-{s}" for s in ("pique", "coeur", "carreau")]), low], 14, 3) == [3, 0]
        for r in claim["sets"]
    )
    return Verdict(ok, "aces count alone, cancelled by a trio of knights; every rank makes a trio")


@check("first-to-target")
def first_to_target_check(claim: dict[str, Any]) -> Verdict:
    """The stakes go to the first to reach the agreed number: deals are played until one does."""
    from rules.games.tarot import TarotGame, random_game, tarot_sets

    g = TarotGame("tarots-19c")

    def deal(seed: int, dealer: int) -> list[int]:
        state = random_game(seed, "tarots-19c")
        sets = tarot_sets([h + t for h, t in zip(state.hands, state.taken, strict=True)], 14, 3)
        return [s + (g.params["trick_bonus"] if state.most_tricks() == seat else 0) for seat, s in enumerate(sets)]

    table, match = Table(4), Match(4, int(g.params["target"]))
    table.stake("panier", 5, 5)
    winner = match.play(deal)
    table.take(winner, "panier")
    ok = match.scores[winner] >= match.target and table.baskets["panier"] == 0 and table.purses[winner] == 15
    return Verdict(ok, f"seat {winner} reached {match.scores[winner]} first in {len(match.dealers)} deals")


@check("piquet-fallback")
def piquet_fallback_check(claim: dict[str, Any]) -> Verdict:
    """Where the Tarots text is silent, Piquet's rules: its sets count as Piquet's wherever aces are
    not cancelled and no knight is held."""
    from rules.games.piquet import PiquetGame, sets
    from rules.games.tarot import random_game, tarot_sets

    g, same, compared = PiquetGame(), True, 0
    for seed in range(40):
        hands = random_game(seed, "tarots-19c").taken
        suited = [[c for c in h if c.suit not in ("atout", "fou") and c.rank != "cavalier"] for h in hands]
        if any(sum(1 for c in h if c.rank == "as") >= 3 for h in suited):
            continue
        same &= tarot_sets(suited, 14, 3) == [sets(h, g) for h in suited]
        compared += 1
    return Verdict(same and compared > 0, f"{compared} deals: the sets as Piquet counts them")


# The quotations ---------------------------------------------------------------------------------


@check("deal-from-bottom")
def deal_from_bottom_check(claim: dict[str, Any]) -> Verdict:
    from rules.games.quotations import deal_from_bottom

    stock = list(deck("piquet-32"))
    bottom = stock[-3:]
    hands = deal_from_bottom(stock, 0, 4)
    ok = sorted(c for h in hands for c in h) == sorted(bottom) and hands[0] == [] and len(stock) == 29
    return Verdict(ok, "one card to each opponent, from the bottom of the talon")


@check("deal-in-threes")
def deal_in_threes_check(claim: dict[str, Any]) -> Verdict:
    from rules.games.quotations import deal_in_threes

    stock = list(deck("french-52"))
    uncut = deal_in_threes(list(stock), 4, cut=0)
    cut = deal_in_threes(list(stock), 4, cut=13)
    ok = uncut[0] == stock[:3] and uncut[3] == stock[9:12] and cut[0] != uncut[0]
    return Verdict(ok and all(len(h) == claim["hand"] for h in uncut), "three each from the top, uncut")


@check("deal-one-by-one")
def deal_one_by_one_check(claim: dict[str, Any]) -> Verdict:
    """Three players, three cards each one at a time, seven spread from the top; the lowest cut deals."""
    from rules.games.quotations import deal_one_by_one

    stock = list(deck("french-52"))
    hands, spread, rest = deal_one_by_one(stock, 0, claim["players"], claim["hand"], claim["spread"])
    one_by_one = hands[1][:2] == [stock[0], stock[3]]
    ok = [len(h) for h in hands] == [claim["hand"]] * claim["players"] and spread == stock[9:16] and one_by_one
    ranks = {r: i for i, r in enumerate(deck("french-52")[0:13])}
    dealer = cut_for_deal(random.Random(1), stock, 3, lambda c: ranks[Card(c.rank, "pique")])
    return Verdict(ok and dealer in range(3) and len(rest) == 52 - 16, "3 × 3 one by one, 7 spread, 36 left")


@check("draw-after-trick")
def draw_after_trick_check(claim: dict[str, Any]) -> Verdict:
    """After each trick the winner draws first, the other next, until the talon is out (q15); the
    order as, dix, roi, huit, sept, the weakest trump over any other suit."""
    from rules.engine import ranking, trick_winner
    from rules.games.quotations import DRAW_ORDER, TrickAndDraw

    order = ranking(list(reversed(DRAW_ORDER)))
    pack = [Card(r, s) for s in ("pique", "coeur", "carreau", "trefle") for r in order]
    ok, draws = True, 0
    for seed in range(20):
        rng, shuffled = random.Random(seed), list(pack)
        rng.shuffle(shuffled)
        state = TrickAndDraw([shuffled[:5], shuffled[5:10]], shuffled[10:], "coeur", order)
        while not state.is_terminal():
            top = state.talon[:2]
            state.apply_action(rng.choice(state.legal_actions()))
            if not state.trick and len(top) == 2:  # a trick just ended: the winner (now to lead) drew first
                ok &= top[0] in state.hands[state.turn] and top[1] in state.hands[1 - state.turn]
                draws += 1
    ranked = all(
        trick_winner(Card(b, "pique"), [Card(b, "pique"), Card(a, "pique")], order) == 1
        for a, b in itertools.pairwise(claim.get("order", DRAW_ORDER))
    )
    trumped = trick_winner(Card("as", "pique"), [Card("as", "pique"), Card("7", "coeur")], order, "coeur") == 1
    return Verdict(
        ok and draws > 0 and ranked and trumped, "the winner draws first; each beats the next; a trump the ace"
    )


@check("lay-down")
def lay_down_check(claim: dict[str, Any]) -> Verdict:
    """Without a card matching the table, a player lays his hand face up, paying `jetons_each` per player."""
    from rules.games.quotations import matching_turn

    table = Table(4)
    took = matching_turn(table, 1, cards("7-pique", "8-coeur"), cards("roi-trefle"), fine=claim.get("jetons_each", 0))
    matched = matching_turn(table, 2, cards("roi-pique"), cards("roi-trefle"), fine=claim.get("jetons_each", 0))
    fine = claim.get("jetons_each", 0) * 3
    ok = not took and matched and table.exposed == {1} and table.baskets.get("jeu", 0) == fine and table.total() == 0
    return Verdict(ok, f"laid down face up, {fine} paid into the game; a matching hand takes")


@check("bete")
def bete_check(claim: dict[str, Any]) -> Verdict:
    """The bête: paid whole by the offender, or shared half and half with the careless owner."""
    from rules.games.quotations import took_wrong_cards

    table = Table(4)
    share = claim.get("share", 1.0)
    if share == 1.0:
        table.bete(0, 20, "jeu")
        paid = -table.purses[0]
    else:
        took_wrong_cards(table, 0, 2, seen=False, bete=20)
        unseen = table.total() == 0 and table.purses == [0, 0, 0, 0]
        took_wrong_cards(table, 0, 2, seen=True, bete=20)
        paid = -table.purses[0] if unseen and table.purses[0] == table.purses[2] else -1
    return Verdict(paid == 20 * share, f"a bête of 20: the offender pays {paid}")


@check("looked-card")
def looked_card_check(claim: dict[str, Any]) -> Verdict:
    from rules.games.quotations import looked_at_talon

    before = looked_at_talon(begun=False, hands_seen=False)
    after = looked_at_talon(begun=True, hands_seen=True)
    ok = before.redeal_allowed and not after.redeal_allowed and after.must_play_asked_suit == 1
    return Verdict(ok, "before play, stand or redeal; after, the offender plays the suit asked once")


@check("imperiale-marker")
def imperiale_marker_check(claim: dict[str, Any]) -> Verdict:
    """Five jetons and four fiches each; the first to pass all his jetons wins; no sixth jeton."""
    from rules.games.quotations import ImperialeMarker

    rng = random.Random(5)
    markers = [ImperialeMarker(claim["jetons"], claim["fiches"]) for _ in range(2)]
    winner = None
    while winner is None:
        seat = rng.randrange(2)
        markers[seat].mark("jetons")
        winner = next((s for s, m in enumerate(markers) if m.won()), None)
    try:
        markers[winner].mark("jetons")
        over = False
    except ValueError:
        over = True
    return Verdict(over and markers[winner].passed["jetons"] == 5, f"player {winner} passed his five jetons first")


@check("ecarte-exchange")
def ecarte_exchange_check(claim: dict[str, Any]) -> Verdict:
    from rules.games.quotations import ecarte_dealer_exchange

    many, few, late = ecarte_dealer_exchange(2, 3), ecarte_dealer_exchange(3, 2), ecarte_dealer_exchange(3, 1, True)
    ok = many.loses_point and many.loses_king and not few.loses_point and few.completes_from_talon == 1
    ok &= late.tricks_to_adversary == 2
    return Verdict(ok, "too many: point and king lost; too few: completed, or tricks to the adversary")


@check("players-range")
def players_range_check(claim: dict[str, Any]) -> Verdict:
    """Five to nine: seven to nine take the whole pack; five or six strip the small cards to the six
    or the seven, which must leave each as many cards as the whole pack gives seven to nine."""
    low, high = claim["players"]
    whole = [52 / n for n in range(7, high + 1)]
    stripped = {n: [(52 - 4 * k) / n for k in (4, 5)] for n in range(low, 7)}  # to the six, to the seven
    fits = {n: any(min(whole) <= share <= max(whole) for share in shares) for n, shares in stripped.items()}
    return Verdict(all(fits.values()), f"shares of the whole pack {min(whole):.1f}-{max(whole):.1f}; stripped {fits}")


@check("dealer-keeps")
def dealer_keeps_check(claim: dict[str, Any]) -> Verdict:
    """Three then one instead of two and two: same hand sizes, but the dealer keeps the card that
    would have gone to the first player in the second round (q23)."""
    from rules.engine import check_pattern
    from rules.games.quotations import dealt_to_dealer

    fair, cheat = ((2, 2), (2, 2)), ((2, 3), (2, 1))
    pack = list(deck("french-52"))
    same = check_pattern(fair, 4, 52) == check_pattern(cheat, 4, 52)
    kept = pack[8]  # the first card of the second round
    ok = same and kept in dealt_to_dealer(cheat, pack, 0, 4) and kept not in dealt_to_dealer(fair, pack, 0, 4)
    return Verdict(ok, "the counts match; the card that opens the second round is the dealer's")


@check("talon-to-fewest")
def talon_to_fewest_check(claim: dict[str, Any]) -> Verdict:
    """The talon: no trick wins; else fewest cards, then fewest honours, ties nearest the dealer's left."""
    from rules.games.quotations import talon_winner

    no_trick = talon_winner([cards("as-pique"), [], cards("7-coeur"), cards("8-coeur")], dealer=0)
    fewer = talon_winner(
        [
            cards("as-pique", "roi-pique"),
            cards("7-pique", "7-coeur"),
            cards("8-coeur"),
            cards("9-coeur", "9-pique", "10-pique"),
        ],
        dealer=0,
    )
    tie = talon_winner(
        [cards("as-pique", "7-pique"), cards("7-coeur"), cards("8-coeur"), cards("as-coeur", "2-pique")], dealer=0
    )
    return Verdict((no_trick, fewer, tie) == (1, 2, 2), f"winners {no_trick}, {fewer}, {tie}")


@check("taille")
def taille_check(claim: dict[str, Any]) -> Verdict:
    """A taille deals coups until the packet is used up; every coup has two rows of 31 to 40."""
    from rules.games.quotations import card_pips, taille

    ok, coups = True, 0
    for seed in range(20):
        packet = list(deck("french-52")) * 6
        random.Random(seed).shuffle(packet)
        played = taille(packet)
        used = sum(a + b for a, b in played)
        ok &= all(31 <= a <= 40 and 31 <= b <= 40 for a, b in played) and used <= sum(card_pips(c) for c in packet)
        ok &= sum(card_pips(c) for c in packet) - used < 82  # what is left cannot make a whole coup
        coups += len(played)
    return Verdict(ok, f"20 tailles of six packs: {coups} coups, each row 31 to 40, ended by the packet")


@check("eleventh-card")
def eleventh_card_check(claim: dict[str, Any]) -> Verdict:
    """Five each by two then three, the eleventh card turned for trumps and put under the talon;
    then a card from the talon after each trick, until none is left: the 32 cards all played. The
    one who does not deal leads."""
    from rules.engine import ranking
    from rules.games.quotations import TrickAndDraw, deal_with_retourne

    order = ranking(["7", "8", "9", "valet", "dame", "roi", "10", "as"])
    ok = True
    for seed in range(20):
        pack = list(deck("piquet-32"))
        random.Random(seed).shuffle(pack)
        hands, talon = deal_with_retourne(pack, 0, [tuple(packet) for packet in claim["packets"]])
        turned = pack[claim["turned"] - 1]
        ok &= [len(h) for h in hands] == [5, 5] and talon[-1] == turned
        state = TrickAndDraw(hands, talon, turned.suit, order, turn=1, rules=("talon.deal.eleventh-card",))
        while not state.is_terminal():
            state.apply_action(random.Random(seed).choice(state.legal_actions()))
        ok &= sum(state.tricks) == 16 and not state.talon
    return Verdict(ok, "5 + 5 by two then three; the 11th card turned, under the talon; 16 tricks")


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
