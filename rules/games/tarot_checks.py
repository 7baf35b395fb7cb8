"""The checks of the Tarot games (rules/games/tarot.py): La Marinière's games of 1659 and the
19th-century Tarots. Each plays the engine in the rule's variant and compares with the claim."""

from __future__ import annotations

import itertools
import random
from typing import Any

from rules.cards import card, card_data, cards
from rules.decks import deck
from rules.games.piquet import PiquetGame, sets
from rules.games.tarot import (
    TarotGame,
    TarotState,
    major_sequences,
    point_value,
    point_winner,
    random_game,
    retourne_trumps,
    stake_bonus,
    tarot_sets,
    value_of,
)
from rules.registry import Verdict, check, compare
from rules.table import Table


def _tarot(claim: dict[str, Any], **overrides: Any) -> TarotGame:
    return TarotGame(claim["variant"], **overrides)


# Cards, deals and values ---------------------------------------------------------------------------


@check("variant-values")
def variant_values_check(claim: dict[str, Any]) -> Verdict:
    """The engine's values for a variant, card by card."""
    values = _tarot(claim).values
    return compare({"values": {k: value_of(card(k), values) for k in claim["values"]}}, claim, claim["variant"])


@check("knight-reading")
def knight_reading_check(claim: dict[str, Any]) -> Verdict:
    """A reading of the knights' unstated value against the variant's, the figures keeping their order."""
    g = _tarot(claim)
    figures = [value_of(card(f"{rank}-coeur"), g.values) for rank in ("roi", "dame", "cavalier", "valet")]
    ordered = all(a >= b for a, b in itertools.pairwise(figures))
    verdict = compare({"cavalier": figures[2]}, claim, f"{claim['variant']}: roi, dame, cavalier, valet {figures}")
    return Verdict(verdict.holds and ordered, verdict.detail)


@check("variant-deal")
def variant_deal_check(claim: dict[str, Any]) -> Verdict:
    g = _tarot(claim)
    sizes = {len(h) for h in g.new_initial_state(seed=1).hands}
    return compare({"players": g.players, "hand": sizes.pop() if len(sizes) == 1 else sorted(sizes)}, claim)


@check("agreed-hand")
def agreed_hand_check(claim: dict[str, Any]) -> Verdict:
    """The first game: the numbers of cards each that the engine can deal and play out."""
    played = []
    for hand in range(0, 25):
        try:
            state, rng = TarotGame(claim["variant"], hand=hand).new_initial_state(hand), random.Random(hand)
        except ValueError:
            continue
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
        if hand and sum(len(t) for t in state.taken) == 4 * hand:
            played.append(hand)
    return compare({"hand_min": min(played), "hand_max": max(played)}, claim, claim["variant"])


@check("retourne")
def retourne_check(claim: dict[str, Any]) -> Verdict:
    return compare({"cases": {c: retourne_trumps(card(c)) for c in claim["cases"]}}, claim)


@check("point-values")
def point_values_check(claim: dict[str, Any]) -> Verdict:
    """For the point (tarots art. 5): the engine's value of each card named, and of a figure."""
    observed = {"figures": point_value(card("roi-coeur")), "values": {k: point_value(card(k)) for k in claim["values"]}}
    return compare(observed, claim)


@check("trumps-1659")
def trumps_1659_check(claim: dict[str, Any]) -> Verdict:
    names = card_data()["trumps_1659"]
    observed = {
        "count": len([c for c in deck("tarot-78") if c.suit == "atout"]),
        "named": {n: names.get(n) for n in claim["named"]},
    }
    return compare(observed, claim)


# Play ----------------------------------------------------------------------------------------------


@check("forced-trump")
def forced_trump_check(claim: dict[str, Any]) -> Verdict:
    """Void in the suit led, a player holding trumps must play one (or the Fou as excuse)."""
    g = _tarot(claim)
    hand = cards("atout-5", "roi-coeur", "fou")
    state = TarotState(g, 0, [hand] + [cards("2-trefle") for _ in range(g.players - 1)], [])
    state.trick, state.turn = [(3, card("as-pique"))], 0
    return compare({"forced": card("roi-coeur") not in state.legal_actions()}, claim, claim["variant"])


@check("excuse")
def excuse_check(claim: dict[str, Any]) -> Verdict:
    """The card played to a trick led by a king: does it take the trick, and does it go back to its owner?"""
    g = _tarot(claim)
    played = card(claim["card"])
    others = [c for c in cards("roi-pique", "2-pique", "3-pique", "4-pique") if c != played][:3]
    state = TarotState(g, 0, [[played], *([c] for c in others)], [])
    state.turn = 1
    for _ in range(4):
        state.apply_action(state.hands[state.turn][0])
    observed = {"takes": bool(state.takers) and state.takers[-1] == 0, "kept_by_owner": played in state.taken[0]}
    return compare(observed, claim, claim["variant"])


@check("rigueur")
def rigueur_check(claim: dict[str, Any]) -> Verdict:
    """Which suit takes the other suits led, and whether it takes the trumps too."""
    g, led = _tarot(claim), card("roi-coeur")
    above = [
        s for s in ("pique", "coeur", "carreau", "trefle") if g.strength(card(f"2-{s}"), led) > g.strength(led, led)
    ]
    over_trumps = g.strength(card("2-pique"), led) > g.strength(card("atout-1"), led)
    return compare({"rigueur": above[0] if len(above) == 1 else above, "over_trumps": over_trumps}, claim)


@check("tarot-rank")
def tarot_rank_check(claim: dict[str, Any]) -> Verdict:
    """The complete order of the cards named (a suit, or the majors): strongest first, as the engine ranks them."""
    g = _tarot(claim)
    named = [card(c) for c in claim["order"]]
    group = {g.suit(c) for c in named}
    members = [c for c in g.cards if g.suit(c) in group]
    led = members[0]
    observed = sorted(members, key=lambda c: g.strength(c, led), reverse=True)
    return compare({"order": [c.id for c in observed]}, claim, claim["variant"])


@check("revoke-loses")
def revoke_loses_check(claim: dict[str, Any]) -> Verdict:
    """In each game named, random games with one revoke: does the revoker always come last?"""
    observed = {}
    for variant in claim["loses"]:
        game, played, last = TarotGame(variant), 0, 0
        for seed in range(30):
            state, rng = game.new_initial_state(seed), random.Random(seed)
            while not state.is_terminal():
                legal = state.legal_actions()
                forbidden = [c for c in state.hands[state.turn] if c not in legal]
                if forbidden and state.revoked is None:
                    state.apply_fault("renonce", rng.choice(forbidden))
                else:
                    state.apply_action(rng.choice(legal))
            if state.revoked is not None:
                played += 1
                scores = state.returns()
                last += all(scores[state.revoked] < p for s, p in enumerate(scores) if s != state.revoked)
        observed[variant] = played > 0 and last == played
    return compare({"loses": observed}, claim)


# Exchange, sets, sequences, bonuses ------------------------------------------------------------------


@check("exchange-limits")
def exchange_limits_check(claim: dict[str, Any]) -> Verdict:
    """Each seat, from the first to play, changes one card up to its limit and no more, taking them
    from the top of the talon; the retourne stays under it; no card is lost."""
    g, found = _tarot(claim), []
    state = g.new_initial_state(seed=5)
    retourne, top = state.retourne, list(state.stock)
    while state.exchanging():
        hand, first_card = state.hands[state.turn], len(state.discards)
        for wrong in ([], hand[: state.exchange_limit() + 1]):
            try:
                state.exchange(wrong)
                found.append(-1)
            except ValueError:
                pass
        found.append(state.exchange_limit())
        state.exchange(hand[: state.exchange_limit()])
        ok_order = state.hands[(state.turn - 1) % g.players][-found[-1] :] == top[first_card : first_card + found[-1]]
        found.append(0 if ok_order else -1)
    kept = state.stock[-1] == retourne and retourne not in [c for h in state.hands for c in h]
    everything = sorted([c for h in state.hands for c in h] + state.stock + state.discards)
    limits = [n for n in found if n > 0]
    ok = limits == claim["limits"] and -1 not in found and kept and everything == sorted(g.cards)
    return Verdict(ok, f"limits {limits} taken in turn from the top; the retourne kept under the talon")


@check("forcee-bonuses")
def forcee_bonuses_check(claim: dict[str, Any]) -> Verdict:
    """Triomphe forcée: the stakes each card dealt takes back, and the card that takes the whole pool."""
    stake, pool, plain = 1, 20, cards("roi-coeur")
    per_card = {c: stake_bonus([card(c), *plain], stake, pool) for c in claim["per_card"]}
    whole = [c.id for c in deck("tarot-78") if stake_bonus([c, *plain], stake, pool) == pool]
    return compare({"per_card": per_card, "whole_pool": whole[0] if len(whole) == 1 else whole}, claim)


@check("major-sequences")
def major_sequences_check(claim: dict[str, Any]) -> Verdict:
    """Runs of majors: the shortest that counts, and whether the Folie extends one."""
    shortest = next((n for n in range(1, 8) if major_sequences(cards(*[f"atout-{k}" for k in range(5, 5 + n)]))), 0)
    with_folie = major_sequences(cards("atout-20", "atout-21", "fou"))
    return compare({"shortest": shortest, "folie_counts": bool(with_folie)}, claim)


@check("tarot-sets")
def tarot_sets_check(claim: dict[str, Any]) -> Verdict:
    """Trios and quatorzes (art. 6): which ranks make them, what they count, aces cancelled by tens or higher."""
    low = cards("7-pique", "8-coeur", "9-carreau")
    trio = {r: tarot_sets([cards(*[f"{r}-{s}" for s in ("pique", "coeur", "carreau")]), low])[0] for r in claim["trio"]}
    aces = cards("as-pique", "as-coeur", "as-carreau", "as-trefle")
    knights = cards("cavalier-pique", "cavalier-coeur", "cavalier-carreau")
    observed = {
        "trio": trio,
        "quatorze": tarot_sets([aces, low])[0],
        "aces_cancelled": tarot_sets([aces, knights])[0] == 0,
    }
    return compare(observed, claim)


@check("most-tricks")
def most_tricks_check(claim: dict[str, Any]) -> Verdict:
    """Who takes what is left in the pool, and how a tie is broken, by random games of the variant."""
    states = [random_game(seed, claim["variant"]) for seed in range(60)]

    def tied(s: TarotState) -> list[int]:
        counts = [s.takers.count(p) for p in range(4)]
        return [p for p in range(4) if counts[p] == max(counts)]

    def last_trick(s: TarotState, p: int) -> int:
        return max(k for k, t in enumerate(s.takers) if t == p)

    breaks = {
        "first-tricks": lambda s: min(tied(s), key=s.takers.index),
        "last-tricks": lambda s: max(tied(s), key=lambda p: last_trick(s, p)),
    }
    ties = [s for s in states if len(tied(s)) > 1]
    observed = {
        "rest_to": "most-tricks" if all(s.most_tricks() in tied(s) for s in states) else "other",
        "tie": next(
            (name for name, rule in breaks.items() if ties and all(s.most_tricks() == rule(s) for s in ties)), "other"
        ),
    }
    return compare(observed, claim, f"{len(states)} games, {len(ties)} ties")


@check("partie-target")
def partie_target_check(claim: dict[str, Any]) -> Verdict:
    """The score that ends the variant's partie: one point a deal, how many deals it lasts."""
    match = _tarot(claim).partie()
    match.play(lambda seed, dealer: [1] + [0] * (match.players - 1))
    return compare({"target": len(match.dealers)}, claim, claim["variant"])


@check("trick-bonus")
def trick_bonus_check(claim: dict[str, Any]) -> Verdict:
    """What the most tricks add to a deal's score (tarots art. 7)."""
    bonuses = set()
    for seed in range(20):
        state = random_game(seed, claim["variant"])
        sets_only = tarot_sets([h + t for h, t in zip(state.hands, state.taken, strict=True)])
        bonuses.add(state.deal_scores()[state.most_tricks()] - sets_only[state.most_tricks()])
    return compare({"trick_bonus": bonuses.pop() if len(bonuses) == 1 else sorted(bonuses)}, claim)


@check("first-to-target")
def first_to_target_check(claim: dict[str, Any]) -> Verdict:
    """The stakes go to the first to reach the agreed number: deals are played until one does."""
    g = _tarot(claim)
    table, match = Table(4), g.partie()
    table.stake("panier", 5, 5)
    winner = match.play(lambda seed, dealer: random_game(seed, claim["variant"]).deal_scores())
    table.take(winner, "panier")
    first = match.scores[winner] >= match.target and table.baskets["panier"] == 0 and table.purses[winner] == 15
    return compare({"to_first_at_target": first}, claim, f"seat {winner} at {match.scores[winner]}")


@check("game-fallback")
def game_fallback_check(claim: dict[str, Any]) -> Verdict:
    """Where the Tarots text is silent, another game's rules: its sets count as that game's wherever
    aces are not cancelled and no knight is held."""
    fallback = {"piquet": lambda hand: sets(hand, PiquetGame())}[claim["otherwise"]]
    same, compared = True, 0
    for seed in range(40):
        hands = random_game(seed, claim["variant"]).taken
        suited = [[c for c in h if c.suit not in ("atout", "fou") and c.rank != "cavalier"] for h in hands]
        if any(sum(1 for c in h if c.rank == "as") >= 3 for h in suited):
            continue
        same &= tarot_sets(suited) == [fallback(h) for h in suited]
        compared += 1
    return Verdict(same and compared > 0, f"{compared} deals: the sets as {claim['otherwise']} counts them")


@check("majors-point")
def majors_point_check(claim: dict[str, Any]) -> Verdict:
    """The point (art. 5): do the majors count as a suit for it, and do they take it at equal points?"""
    suited = cards("roi-pique", "dame-pique", "7-coeur")  # 20 in spades
    majors = cards("atout-12", "atout-9", "2-coeur")  # 21 in majors
    level = cards("atout-12", "atout-8", "2-coeur")  # 20 in majors
    observed = {
        "majors_compete": point_winner([suited, majors]) == 1,
        "majors_win_ties": point_winner([suited, level]) == 1,
    }
    return compare(observed, claim)


@check("game-winner")
def game_winner_check(claim: dict[str, Any]) -> Verdict:
    """Who wins the variant's game in the engine: the most tricks or the most points (card values)?"""
    agree = {"most-tricks": True, "most-points": True}
    for seed in range(40):
        state = random_game(seed, claim["variant"])
        scores = state.returns()
        best = max(range(state.game.players), key=lambda s: scores[s])
        tricks = [state.takers.count(s) for s in range(state.game.players)]
        agree["most-tricks"] &= tricks[best] == max(tricks)
        agree["most-points"] &= scores[best] == max(state.points())
    winner = [name for name, kept in agree.items() if kept]
    return compare({"winner": winner[0] if len(winner) == 1 else winner}, claim, claim["variant"])


@check("rigueur-trumps")
def rigueur_trumps_check(claim: dict[str, Any]) -> Verdict:
    """Does the game of rigueur keep the 21 trumps in play beside its suit of rigueur?"""
    g = _tarot(claim)
    in_hands = any(c.suit == "atout" for h in g.new_initial_state(seed=1).hands for c in h)
    return compare({"trumps_in_play": in_hands}, claim, claim["variant"])


@check("primaute")
def primaute_check(claim: dict[str, Any]) -> Verdict:
    """The primauté: does it break ties of tricks, or does the first to take tricks win outright?"""
    outright = True
    for seed in range(60):
        state = random_game(seed, claim["variant"])
        counts = [state.takers.count(p) for p in range(4)]
        outright &= state.most_tricks() == state.takers[0]
        if counts[state.most_tricks()] != max(counts):
            return compare({"primaute": "other"}, claim)
    return compare({"primaute": "first-trick-wins" if outright else "tie-break"}, claim, claim["variant"])


@check("agreed-players")
def agreed_players_check(claim: dict[str, Any]) -> Verdict:
    """'En tant et si peu de personnes que l'on veut': the most players the engine deals and plays."""
    played = []
    for players in range(2, 30):
        try:
            state = TarotGame(claim["variant"], players=players).new_initial_state(players)
        except ValueError:
            continue
        rng = random.Random(players)
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
        played.append(players)
    return compare({"players_max": max(played)}, claim, f"{claim['variant']}: {min(played)} to {max(played)} played")
