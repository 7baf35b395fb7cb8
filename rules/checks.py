"""The generic checks: kinds of claim that any game of the engine can be asked about (its deck, its
players, its deal, its rank order, its card values, following suit, overtaking, the cut). Each
game's own checks are in rules/games/<game>_checks.py. Every check compares the claim with what the
engine does.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator
from typing import Any

from rules.cards import Card, card, rank_index
from rules.decks import deck
from rules.engine import check_pattern, deal, points, trick_winner
from rules.games import load_game
from rules.registry import SEEDS, Verdict, check, compare
from rules.table import cut_for_deal

FULL_SUIT = deck("french-52")


def _game(claim: dict[str, Any]) -> Any:
    """The game a rule is about, in its variant if it names one."""
    return load_game(claim["game"], **({"variant": claim["variant"]} if "variant" in claim else {}))


def _trumps(cards: tuple[Card, ...]) -> list[Card]:
    return [c for c in cards if c.suit in ("atout", "fou")]


@check("deck")
def deck_check(claim: dict[str, Any]) -> Verdict:
    """The named deck's size, and the ranks it lacks beside a full French suit."""
    cards = deck(claim["deck"])
    observed: dict[str, Any] = {"size": len(cards)}
    if "without" in claim:
        held = {c.rank for c in cards}
        observed["without"] = sorted({c.rank for c in FULL_SUIT} - held, key=rank_index)
    return compare(observed, claim, claim["deck"])


@check("deck-composition")
def deck_composition_check(claim: dict[str, Any]) -> Verdict:
    """How the named deck is made: suits, cards to a suit, numbered trumps, the Fou, its size."""
    cards = deck(claim["deck"])
    suited = [c for c in cards if c.suit not in ("atout", "fou")]
    observed = {
        "size": len(cards),
        "suits": len({c.suit for c in suited}),
        "per_suit": len(suited) // max(1, len({c.suit for c in suited})),
        "trumps": sum(1 for c in cards if c.suit == "atout") + (0 if "fou" in claim else _count(cards, "fou")),
        "fou": _count(cards, "fou"),
        "others": len(suited),
    }
    return compare(observed, claim, claim["deck"])


def _count(cards: tuple[Card, ...], suit: str) -> int:
    return sum(1 for c in cards if c.suit == suit)


@check("deck-removal")
def deck_removal_check(claim: dict[str, Any]) -> Verdict:
    """Cards taken out of a deck (its trumps and the Fou, the knights) leave exactly another deck."""
    whole, left = deck(claim["deck"]), deck(claim["leaves"])
    removed = [c for c in whole if c not in left]
    observed = {
        "remove_trumps": len(_trumps(tuple(removed))),
        "remove_knights": sum(1 for c in removed if c.rank == "cavalier"),
        "leaves_size": len(left),
    }
    exact = set(left) <= set(whole) and len(removed) == len(whole) - len(left)
    verdict = compare(observed, claim, f"{claim['deck']} less {claim['leaves']}")
    return Verdict(verdict.holds and exact, verdict.detail)


@check("players")
def players_check(claim: dict[str, Any]) -> Verdict:
    return compare({"players": _game(claim).players}, claim)


@check("deal")
def deal_check(claim: dict[str, Any]) -> Verdict:
    """Hand sizes as the engine deals them and, if the claim gives packets, the very cards each
    receives: the engine's deal of a known pack against a deal by the claimed packets."""
    g = _game(claim)
    pack = list(g.cards)
    state = g.deal_cards(pack, dealer=0)
    sizes = {len(h) for seat, h in enumerate(state.hands) if seat != state.dealer}
    observed: dict[str, Any] = {"others": min(sizes), "dealer": len(state.hands[state.dealer])}
    if "talon" in claim:
        observed["talon"] = len(state.talon)
    verdict = compare(observed, claim)
    if "pattern" not in claim:
        return verdict
    predicted, _ = deal(pack, 0, g.players, [tuple(p) for p in claim["pattern"]], step=1)
    same = predicted == state.hands
    return Verdict(verdict.holds and same, verdict.detail + ("; packets as claimed" if same else "; other packets"))


@check("talon")
def talon_check(claim: dict[str, Any]) -> Verdict:
    state = _game(claim).new_initial_state(seed=7)
    return compare({"size": len(state.talon)}, claim)


@check("hand-size")
def hand_size_check(claim: dict[str, Any]) -> Verdict:
    state = _game(claim).new_initial_state(seed=2)
    return compare({"hand": max(len(h) for h in state.hands), "talon": len(state.talon)}, claim)


@check("rank")
def rank_check(claim: dict[str, Any]) -> Verdict:
    """The complete order of a suit's ranks: each takes the next when both are of the suit led."""
    g = _game(claim)
    suit = claim.get("suit", "pique")
    ranks = [c.rank for c in g.cards if c.suit == suit]
    observed = sorted(ranks, key=lambda r: -g.strength[r])
    return compare({"order": observed}, claim)


@check("value")
def value_check(claim: dict[str, Any]) -> Verdict:
    """Card points of the engine against the text's, for every card named, and the bonus added."""
    g = _game(claim)
    bonus = g.partie_value([])
    observed = {"values": {k: g.partie_value([card(k)]) - bonus for k in claim["values"]}, "bonus": bonus}
    return compare(observed, claim)


@check("card-values-total")
def card_values_total_check(claim: dict[str, Any]) -> Verdict:
    """Values by rank, counted by the engine over four suits, make the stated total."""
    total = points(list(FULL_SUIT), claim["values"])
    return compare({"total": total}, claim, "four suits counted so")


@check("first-player")
def first_player_check(claim: dict[str, Any]) -> Verdict:
    g = _game(claim)
    offsets = {(g.new_initial_state(seed=3, dealer=d).current_player() - d) % g.players for d in range(g.players)}
    return compare({"offset": offsets.pop() if len(offsets) == 1 else sorted(offsets)}, claim)


def _following(g: Any, games: int) -> Iterator[Any]:
    """Seeded random games of `g`, paused at every position where a player follows a card led."""
    for seed in range(games):
        state, rng = g.new_initial_state(seed), random.Random(seed)
        while not state.is_terminal():
            if state.trick and getattr(state, "phase", "play") == "play":
                yield state
            state.apply_action(rng.choice(state.legal_actions()))


@check("follow-suit")
def follow_check(claim: dict[str, Any]) -> Verdict:
    """In random play: a player holding the suit led may play only that suit; one without it, any card."""
    must, free = True, True
    for state in _following(_game(claim), 10):
        legal, hand, led = state.legal_actions(), state.hands[state.current_player()], state.trick[0][1].suit
        holds_suit = any(c.suit == led for c in hand)
        must &= not holds_suit or all(c.suit == led for c in legal)
        free &= holds_suit or sorted(legal) == sorted(hand)
    return compare({"must_follow": must, "void_any": free}, claim)


@check("exchange")
def exchange_check(claim: dict[str, Any]) -> Verdict:
    """Each player but the dealer discards one and takes one from the talon; the dealer only discards."""
    state = _game(claim).new_initial_state(seed=11)
    while state.phase == "ecart":
        state.apply_action(state.legal_actions()[0])
    sizes = {len(h) for h in state.hands}
    return compare({"hand_after": sizes.pop() if len(sizes) == 1 else sorted(sizes), "ecart": len(state.ecart)}, claim)


@check("monotone-values")
def monotone_values_check(claim: dict[str, Any]) -> Verdict:
    """A reading of an unstated value must keep the figures' values in their order (roi ≥ dame ≥ …)."""
    values = [claim["values"][r] for r in claim["order"]]
    ok = all(a >= b for a, b in itertools.pairwise(values)) and set(claim["order"]) == set(claim["values"])
    return Verdict(ok, f"{dict(zip(claim['order'], values, strict=True))}")


@check("trick-beats")
def trick_beats_check(claim: dict[str, Any]) -> Verdict:
    """With no trumps, a card of another suit never takes the suit led, in random play."""
    g, off_suit = _game(claim), False
    for state in _following(g, len(SEEDS)):
        if len(state.trick) == g.players - 1:
            led, cards = state.trick[0][1], [c for _, c in state.trick]
            off_suit |= any(
                trick_winner(led, [*cards, c], g.strength) == len(cards) and c.suit != led.suit
                for c in state.legal_actions()
            )
    return compare({"trumps": off_suit}, claim)


@check("deal-fits")
def deal_fits_check(claim: dict[str, Any]) -> Verdict:
    """A pack shared equally among the players, the dealer taking `dealer_extra` more, leaves `left`
    to the talon: the engine's deal of such a pattern, if one exists."""
    size, players, left, extra = claim["deck_size"], claim["players"], claim["left"], claim["dealer_extra"]
    each, rest = divmod(size - left - extra, players) if players > 0 else (0, 1)
    if rest or each <= 0:
        return Verdict(False, f"{size} - {left} - {extra} cards do not share among {players}")
    _, _, talon = check_pattern([(each, each + extra)], players, size)
    return Verdict(talon == left, f"{players} hands of {each} (the dealer {each + extra}), {talon} left")


@check("overtake")
def overtake_check(claim: dict[str, Any]) -> Verdict:
    """In random play: must a follower who can take the card led take it, or may he play lower?"""
    g, lower_allowed = _game(claim), False
    for state in _following(g, 20):
        legal, led = state.legal_actions(), state.trick[0][1]
        higher = [c for c in legal if c.suit == led.suit and g.strength[c.rank] > g.strength[led.rank]]
        lower_allowed |= bool(higher) and any(c not in higher for c in legal)
    return compare({"must_overtake": not lower_allowed}, claim)


@check("cut-lowest")
def cut_lowest_check(claim: dict[str, Any]) -> Verdict:
    """Who deals when the players cut: the lowest card or the highest."""
    pack, seen = list(FULL_SUIT), set()
    order = {c.rank: k for k, c in enumerate(FULL_SUIT[:13])}
    for seed in range(40):
        rng = random.Random(seed)
        dealer = cut_for_deal(rng, pack, 3, lambda c: order[c.rank])
        drawn = random.Random(seed).sample(pack, 3)
        ranks = [order[c.rank] for c in drawn]
        if ranks.count(min(ranks)) == 1 and ranks.count(max(ranks)) == 1:
            seen.add("lowest" if ranks[dealer] == min(ranks) else "highest" if ranks[dealer] == max(ranks) else "other")
    return compare({"deals": seen.pop() if len(seen) == 1 else sorted(seen)}, claim)


@check("stated")
def stated_check(claim: dict[str, Any]) -> Verdict:
    """A drafted rule against the text's own arithmetic, as far as its claim goes: the hands and the
    talon make the pack (the engine's deal of the claimed packets), packets make the hand, a pack
    less whole ranks keeps its size, card values make their total. Too little to check: undecided."""
    tests = [test for test in (_deal_sums(claim), _packets_sum(claim), _pack_less(claim), _values_sum(claim)) if test]
    if not tests:
        return Verdict(False, "unverifiable: the claim states no sum the text could contradict", decided=False)
    return Verdict(all(ok for ok, _ in tests), "; ".join(detail for _, detail in tests))


def _deal_sums(claim: dict[str, Any]) -> tuple[bool, str] | None:
    if not {"size", "players", "hand", "talon"} <= claim.keys() or not isinstance(claim["players"], int):
        return None
    hand, dealer = claim["hand"], claim.get("dealer", claim["hand"])
    try:
        _, _, talon = check_pattern([(hand, dealer)], claim["players"], claim["size"])
    except ValueError as err:
        return False, str(err)
    shown = f"{claim['players']} hands of {hand} (the dealer {dealer}) leave {talon} of {claim['size']}"
    return talon == claim["talon"], shown


def _packets_sum(claim: dict[str, Any]) -> tuple[bool, str] | None:
    """Packets make the hand: in the order stated ("par deux fois quatre": 4 + 4), or, for packets of
    different sizes ("huit cartes par deux et par trois"), each size at least once, then again."""
    if "packets" not in claim or "hand" not in claim:
        return None
    packets, hand = claim["packets"], claim["hand"]
    total = sum(packets)
    if total == hand or len(set(packets)) < len(packets) or len(packets) < 2:
        return total == hand, f"packets {packets} make {total} cards"
    sizes = " and ".join(map(str, sorted(packets)))
    more = _made_of(hand - total, sorted(set(packets), reverse=True))
    if more is None:
        return False, f"packets of {sizes} cannot make {hand} cards"
    return True, f"packets of {sizes} make {hand} cards ({' + '.join(map(str, packets + more))})"


def _made_of(rest: int, sizes: list[int]) -> list[int] | None:
    """`rest` as a sum of the given sizes (largest first), or None when none makes it."""
    if rest == 0:
        return []
    for size in sizes:
        if size <= rest and (found := _made_of(rest - size, sizes)) is not None:
            return [size, *found]
    return None


def _pack_less(claim: dict[str, Any]) -> tuple[bool, str] | None:
    """A pack less whole ranks: the engine's French pack when it is the full one, else its suits."""
    if not {"pack", "without", "size"} <= claim.keys():
        return None
    if claim["pack"] == len(FULL_SUIT):
        kept = sum(1 for c in FULL_SUIT if c.rank not in claim["without"])
    else:
        kept = claim["pack"] - len({c.suit for c in FULL_SUIT}) * len(claim["without"])
    return kept == claim["size"], f"{claim['pack']} cards less the {', '.join(claim['without'])}: {kept}"


def _values_sum(claim: dict[str, Any]) -> tuple[bool, str] | None:
    if "values" not in claim or "total" not in claim:
        return None
    total = points(list(FULL_SUIT), {k: v for k, v in claim["values"].items() if "-" not in k})
    return total == claim["total"], f"four suits counted so make {total}"
