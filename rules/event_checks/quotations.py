"""The games of the `talon` quotations: deals, the trick-and-draw game, cul-bas, the bête, the
Impériale, the Écarté miscount, players, the dealer's cheat, the talon to the fewest, the taille."""

from __future__ import annotations

import itertools
import random
from typing import Any

from rules.cards import Card
from rules.checks import Verdict, check
from rules.decks import deck
from rules.event_checks.common import cards
from rules.table import Table, cut_for_deal

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
