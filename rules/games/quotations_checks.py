"""The checks of the `talon` quotations' games (rules/games/quotations.py): each plays the fragment
the quotation gives (its variant is the quotation, `q16`) and compares with the claim."""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable
from typing import Any

from rules.cards import Card, cards
from rules.decks import deck
from rules.engine import check_pattern, deal, ranking, trick_winner
from rules.games.quotations import (
    DRAW_ORDER,
    HONOURS,
    RETOURNE_CARD,
    ImperialeMarker,
    TrickAndDraw,
    card_pips,
    deal_from_bottom,
    deal_in_threes,
    deal_one_by_one,
    dealt_to_dealer,
    ecarte_dealer_exchange,
    eleventh_card_game,
    lay_down_fine,
    looked_at_talon,
    looked_at_talon_bete,
    matching_turn,
    pack_for,
    taille,
    talon_winner,
    took_wrong_cards,
)
from rules.registry import Verdict, check, compare
from rules.table import Table

# Deals ---------------------------------------------------------------------------------------------


@check("deal-from-bottom")
def deal_from_bottom_check(claim: dict[str, Any]) -> Verdict:
    """q2: which end of the talon the cards are dealt from."""
    stock = list(deck("piquet-32"))
    top, bottom = stock[:3], stock[-3:]
    dealt = sorted(c for h in deal_from_bottom(stock, 0, 4) for c in h)
    side = "bottom" if dealt == sorted(bottom) else "top" if dealt == sorted(top) else "elsewhere"
    return compare({"from": side}, claim)


@check("deal-in-threes")
def deal_in_threes_check(claim: dict[str, Any]) -> Verdict:
    """q4: the cards each receives, and whether the pack was cut first."""
    stock = list(deck("french-52"))
    hands = deal_in_threes(list(stock), 4)
    sizes = {len(h) for h in hands}
    return compare({"hand": sizes.pop() if len(sizes) == 1 else sorted(sizes), "cut": hands[0] != stock[:3]}, claim)


@check("deal-one-by-one")
def deal_one_by_one_check(claim: dict[str, Any]) -> Verdict:
    """q12: three players, cards dealt one at a time, then cards spread from the top of the talon."""
    stock = list(deck("french-52"))
    hands, spread, _ = deal_one_by_one(stock, 0)
    sizes = {len(h) for h in hands}
    one_by_one = all(h[1] == stock[stock.index(h[0]) + len(hands)] for h in hands)
    observed = {
        "players": len(hands),
        "hand": sizes.pop() if len(sizes) == 1 else sorted(sizes),
        "spread": len(spread),
        "one_at_a_time": one_by_one,
    }
    return compare(observed, {"one_at_a_time": True, **claim})


@check("packets")
def packets_check(claim: dict[str, Any]) -> Verdict:
    """A hand dealt in two packets: the engine's deal by those packets gives the stated hand."""
    pattern = ((claim["first_packet"], claim["first_packet"]), (claim["second_packet"], claim["second_packet"]))
    hands, _ = deal(list(deck("french-52")), 0, 2, pattern)
    sizes = {len(h) for h in hands}
    return compare({"hand": sizes.pop() if len(sizes) == 1 else sorted(sizes)}, claim)


@check("eleventh-card")
def eleventh_card_check(claim: dict[str, Any]) -> Verdict:
    """q20: the engine's deal of a known pack against a deal by the claimed packets; the card turned,
    under the talon; who leads; a card drawn after each trick while the talon lasts; all 32 played."""
    pack = list(deck("piquet-32"))
    packets = "first_packet" in claim or "second_packet" in claim
    first, second = claim.get("first_packet", 0), claim.get("second_packet", 0)
    predicted, _ = deal(pack, 0, 2, ((first, first), (second, second))) if packets else ([], [])
    start = eleventh_card_game(pack, dealer=0)
    observed: dict[str, Any] = {
        "packets": start.hands == predicted,
        "turned": pack.index(start.talon[-1]) + 1,
        "under_talon": start.talon[-1] == pack[RETOURNE_CARD - 1] and start.trump == start.talon[-1].suit,
        "non_dealer_leads": start.turn != 0,
    }
    drawn, played = True, True
    for seed in range(10):
        shuffled = list(pack)
        random.Random(seed).shuffle(shuffled)
        state, rng = eleventh_card_game(shuffled), random.Random(seed)
        talon = len(state.talon)
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
        drawn &= [k for k, _ in state.draws] == list(range(1, talon // 2 + 1))
        played &= sum(state.tricks) == 16 and not state.talon
    observed |= {"draw_after_each_trick": drawn, "all_played": played}
    return compare(observed, {"all_played": True, **({"packets": True} if packets else {}), **claim})


@check("dealer-keeps")
def dealer_keeps_check(claim: dict[str, Any]) -> Verdict:
    """q23: the dealer gives the others two and two but himself three then one: are the counts the
    same as a fair deal, and does he keep the card that opens the second round?"""
    each, first, second = claim["others"], claim["dealer_first"], claim["dealer_second"]
    fair, cheat = ((each, each), (each, each)), ((each, first), (each, second))
    pack = list(deck("french-52"))
    same = check_pattern(fair, 4, 52) == check_pattern(cheat, 4, 52)
    opens_second = pack[4 * each]
    kept = opens_second in dealt_to_dealer(cheat, pack, 0, 4) and opens_second not in dealt_to_dealer(fair, pack, 0, 4)
    return compare(
        {"same_counts": same, "keeps_card": kept},
        {"same_counts": True, "keeps_card": True},
        f"{each} to each, {first} then {second} to himself",
    )


@check("players-range")
def players_range_check(claim: dict[str, Any]) -> Verdict:
    """q22: the numbers of players the game can seat, each with about as many cards as the others."""
    seated = {}
    for n in range(2, 13):
        try:
            seated[n] = len(pack_for(n)) / n
        except ValueError:
            continue
    whole = [share for n, share in seated.items() if n >= 7]
    even = all(min(whole) - 1 <= share <= max(whole) + 1 for share in seated.values())
    verdict = compare({"min_players": min(seated), "max_players": max(seated)}, claim)
    return Verdict(
        verdict.holds and even, verdict.detail + f"; cards each {sorted(round(v, 1) for v in seated.values())}"
    )


# Play ----------------------------------------------------------------------------------------------


def _draw_games() -> list[TrickAndDraw]:
    order = ranking(list(reversed(DRAW_ORDER)))
    pack = [Card(r, s) for s in ("pique", "coeur", "carreau", "trefle") for r in order]
    games = []
    for seed in range(20):
        rng, shuffled = random.Random(seed), list(pack)
        rng.shuffle(shuffled)
        games.append(TrickAndDraw([shuffled[:5], shuffled[5:10]], shuffled[10:], "coeur", order))
    return games


@check("draw-after-trick")
def draw_after_trick_check(claim: dict[str, Any]) -> Verdict:
    """q15: after each trick, who draws first from the talon: its winner or the other."""
    firsts = set()
    for seed, state in enumerate(_draw_games()):
        rng = random.Random(seed)
        while not state.is_terminal():
            top = state.talon[:2]
            state.apply_action(rng.choice(state.legal_actions()))
            if not state.trick and len(top) == 2:
                firsts.add("winner" if top[0] in state.hands[state.turn] else "other")
    return compare({"first_to_draw": firsts.pop() if len(firsts) == 1 else sorted(firsts)}, claim)


@check("draw-rank")
def draw_rank_check(claim: dict[str, Any]) -> Verdict:
    """q15: the order the engine ranks the cards of the game in, strongest first; whether the weakest
    trump takes the strongest card of another suit."""
    order = ranking(list(reversed(DRAW_ORDER)))
    ranks = sorted(order, key=lambda r: -order[r])
    beaten = all(
        trick_winner(Card(b, "pique"), [Card(b, "pique"), Card(a, "pique")], order) == 1
        for a, b in itertools.pairwise(ranks)
    )
    led = Card(ranks[0], "pique")
    trumped = trick_winner(led, [led, Card(ranks[-1], "coeur")], order, "coeur") == 1
    verdict = compare({"order": ranks, "trump_beats_all": trumped}, claim)
    return Verdict(verdict.holds and beaten, verdict.detail)


@check("lay-down")
def lay_down_check(claim: dict[str, Any]) -> Verdict:
    """Without a card matching the table, a player lays his hand face up and pays the game's fine."""
    table, fine = Table(4), lay_down_fine(claim["variant"])
    took = matching_turn(table, 1, cards("7-pique", "8-coeur"), cards("roi-trefle"), fine=fine)
    matched = matching_turn(table, 2, cards("roi-pique"), cards("roi-trefle"), fine=fine)
    observed = {"face_up": not took and table.exposed == {1} and matched, "jetons_each": -table.purses[1] // 3}
    verdict = compare(observed, claim, claim["variant"])
    return Verdict(verdict.holds and table.total() == 0, verdict.detail)


BETES: dict[str, Callable[[Table], None]] = {
    "q9": lambda table: took_wrong_cards(table, 0, 2, seen=True, bete=20),
    "q21": lambda table: looked_at_talon_bete(table, 0, 20),
}


@check("bete")
def bete_check(claim: dict[str, Any]) -> Verdict:
    """The bête of the quotation's game: the share of it the offender pays."""
    table = Table(4)
    BETES[claim["variant"]](table)
    observed = {"share": -table.purses[0] / 20, "owner_share": -table.purses[2] / 20}
    return compare(observed, claim, f"{claim['variant']}, a bête of 20")


@check("looked-card")
def looked_card_check(claim: dict[str, Any]) -> Verdict:
    """q3: a talon card looked at: a redeal before play; after, the suit asked played how often."""
    before, after = looked_at_talon(begun=False, hands_seen=False), looked_at_talon(begun=True, hands_seen=True)
    observed = {
        "redeal_before_play": before.redeal_allowed and not after.redeal_allowed,
        "plays_asked_suit": after.must_play_asked_suit,
    }
    return compare(observed, claim)


@check("imperiale-marker")
def imperiale_marker_check(claim: dict[str, Any]) -> Verdict:
    """q3: what each player marks with, counted by marking until the marker refuses; the first to
    pass all his jetons wins."""
    marker, counted = ImperialeMarker(), {}
    for kind in ("jetons", "fiches"):
        while True:
            try:
                marker.mark(kind)
            except ValueError:
                break
        counted[kind] = marker.passed[kind]
    return compare({**counted, "won_when_jetons_passed": marker.won()}, {"won_when_jetons_passed": True, **claim})


@check("ecarte-exchange")
def ecarte_exchange_check(claim: dict[str, Any]) -> Verdict:
    """q10: the dealer who takes more than he discarded; who takes fewer."""
    many, few, late = ecarte_dealer_exchange(2, 3), ecarte_dealer_exchange(3, 2), ecarte_dealer_exchange(3, 1, True)
    observed = {
        "loses_point": many.loses_point,
        "loses_king": many.loses_king,
        "fewer_completed": few.completes_from_talon == 1 and not few.loses_point,
        "late_tricks_per_missing_card": late.tricks_to_adversary / 2,
    }
    return compare(observed, claim)


CRITERIA: dict[str, Callable[[list[list[Card]], int, int], Any]] = {
    "no-trick": lambda taken, seat, dealer: bool(taken[seat]),
    "fewest-cards": lambda taken, seat, dealer: len(taken[seat]),
    "fewest-honours": lambda taken, seat, dealer: sum(1 for c in taken[seat] if c.rank in HONOURS),
    "nearest-left": lambda taken, seat, dealer: (dealer - seat) % len(taken),
    "most-cards": lambda taken, seat, dealer: -len(taken[seat]),
}


@check("talon-to-fewest")
def talon_to_fewest_check(claim: dict[str, Any]) -> Verdict:
    """q24: who wins the talon, by the claimed order of criteria, against the engine on random deals."""
    pack, agree, tried = list(deck("reversis-48")), True, 0
    for seed in range(200):
        rng = random.Random(seed)
        taken = [rng.sample(pack, rng.choice((0, 4, 4, 8, 8, 12))) for _ in range(4)]
        predicted = min(range(4), key=lambda s: (*(CRITERIA[c](taken, s, 0) for c in claim["by"]), s))
        agree &= predicted == talon_winner(taken, dealer=0)
        tried += 1
    return compare({"by": agree}, {"by": True}, f"{tried} deals, criteria {claim['by']}")


@check("taille")
def taille_check(claim: dict[str, Any]) -> Verdict:
    """q25: what ends a taille: the packet used up (no whole coup left), or a fixed number of coups."""
    exhausted, counts = True, set()
    for seed in range(20):
        packet = list(deck("french-52")) * 6
        random.Random(seed).shuffle(packet)
        played = taille(packet)
        used = sum(a + b for a, b in played)
        exhausted &= sum(card_pips(c) for c in packet) - used < 82
        counts.add(len(played))
    ends = "packet-exhausted" if exhausted and len(counts) > 1 else "fixed-coups" if len(counts) == 1 else "other"
    return compare({"ends": ends}, claim, f"20 tailles of six packs: {sorted(counts)[:3]}… coups")
