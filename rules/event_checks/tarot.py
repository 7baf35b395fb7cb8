"""Tarot: the pool to the most tricks, the agreed hand, trios and quatorzes, the stakes to the first
at the target, Piquet's rules where the Tarots text is silent."""

from __future__ import annotations

import random
from typing import Any

from rules.checks import Verdict, check
from rules.event_checks.common import cards
from rules.table import Match, Table

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
    ok = tarot_sets([aces, low]) == [14, 0]
    ok &= tarot_sets([aces, knights]) == [0, 3]
    ok &= all(
        tarot_sets([cards(*[f"{r}-{s}" for s in ("pique", "coeur", "carreau")]), low]) == [3, 0] for r in claim["sets"]
    )
    return Verdict(ok, "aces count alone, cancelled by a trio of knights; every rank makes a trio")


@check("first-to-target")
def first_to_target_check(claim: dict[str, Any]) -> Verdict:
    """The stakes go to the first to reach the agreed number: deals are played until one does."""
    from rules.games.tarot import TarotGame, random_game, tarot_sets

    g = TarotGame("tarots-19c")

    def deal(seed: int, dealer: int) -> list[int]:
        state = random_game(seed, "tarots-19c")
        sets = tarot_sets([h + t for h, t in zip(state.hands, state.taken, strict=True)])
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
        same &= tarot_sets(suited) == [sets(h, g) for h in suited]
        compared += 1
    return Verdict(same and compared > 0, f"{compared} deals: the sets as Piquet counts them")
