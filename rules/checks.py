"""How the engine verifies each kind of claim. A check returns a Verdict: does the claim hold?

Generic checks serve whole kinds (a deck size, hand sizes, a packet pattern, card values, a rank
order, counters); a rule needing its own logic names a check registered here with `@check`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from rules.cards import Card, card
from rules.decks import deck
from rules.engine import check_pattern, must_follow, trick_winner

GAMES: dict[str, Callable[..., Any]] = {}


@dataclass(frozen=True)
class Verdict:
    holds: bool
    detail: str


Check = Callable[[dict[str, Any]], Verdict]
CHECKS: dict[str, Check] = {}


def check(name: str) -> Callable[[Check], Check]:
    def register(function: Check) -> Check:
        CHECKS[name] = function
        return function

    return register


def game(name: str, **params: Any) -> Any:
    """A game object of rules/games by name, with the claim's parameters."""
    from rules.games.reversis import ReversisGame

    factories = {"reversis": ReversisGame}
    return factories[name](**params)


@check("deck")
def deck_check(claim: dict[str, Any]) -> Verdict:
    cards = deck(claim["deck"])
    ranks = {c.rank for c in cards}
    missing = [r for r in claim.get("without", []) if r in ranks]
    ok = len(cards) == claim["size"] and not missing
    return Verdict(ok, f"{claim['deck']} has {len(cards)} cards" + (f", still with {missing}" if missing else ""))


@check("players")
def players_check(claim: dict[str, Any]) -> Verdict:
    players = game(claim["game"]).players
    return Verdict(players == claim["players"], f"the engine seats {players} players")


@check("deal")
def deal_check(claim: dict[str, Any]) -> Verdict:
    """Hand sizes and packet pattern: what the pattern deals is what the text says each receives."""
    g = game(claim["game"])
    pattern = [tuple(r) for r in claim.get("pattern", g.params["pattern"])]
    others, dealer, talon = check_pattern(pattern, g.players, len(g.cards))
    expected = (claim.get("others", others), claim.get("dealer", dealer), claim.get("talon", talon))
    state = g.new_initial_state(seed=7)
    sizes = sorted(len(h) for h in state.hands)
    dealt = sizes == sorted([dealer] + [others] * (g.players - 1)) and len(state.talon) == talon
    return Verdict(
        (others, dealer, talon) == expected and dealt,
        f"pattern {pattern} deals {others} to each, {dealer} to the dealer, {talon} to the talon",
    )


@check("talon")
def talon_check(claim: dict[str, Any]) -> Verdict:
    return deal_check({**claim, "talon": claim["size"]})


@check("rank")
def rank_check(claim: dict[str, Any]) -> Verdict:
    """Each card of the order takes the next one when both are of the suit led."""
    strength = game(claim["game"]).strength
    order = claim["order"]
    suit = claim.get("suit", "pique")
    wrong = [
        (a, b)
        for a, b in zip(order, order[1:], strict=False)
        if trick_winner(Card(b, suit), [Card(b, suit), Card(a, suit)], strength) != 1
    ]
    return Verdict(
        not wrong,
        "the engine ranks them so" if not wrong else f"the engine does not let {wrong[0][0]} take {wrong[0][1]}",
    )


@check("value")
def value_check(claim: dict[str, Any]) -> Verdict:
    """Card points of the engine against the text's, for every card named."""
    g = game(claim["game"])
    wrong = []
    for card_id, value in claim["values"].items():
        got = g.partie_value([card(card_id)]) - g.params["partie_bonus"]
        if got != value:
            wrong.append(f"{card_id} counts {got}, not {value}")
    bonus_ok = g.partie_value([]) == claim.get("bonus", g.params["partie_bonus"])
    return Verdict(not wrong and bonus_ok, "; ".join(wrong) or "every value as the text gives it")


@check("counters")
def counters_check(claim: dict[str, Any]) -> Verdict:
    """Counter arithmetic: the content of the named container, in fiches, against the stated total."""
    worth = claim["worth"]
    content = claim["content"]
    total = sum(worth[kind] * count for kind, count in content.items()) * claim.get("containers", 1)
    return Verdict(
        total == claim["total"],
        f"{claim.get('containers', 1)} × {content} = {total} fiches, the text says {claim['total']}",
    )


@check("penalty")
def penalty_check(claim: dict[str, Any]) -> Verdict:
    """A fine stated in two counters must be the same amount (1 jeton = 5 fiches at Reversis)."""
    worth = claim.get("worth", {"jeton": 5, "fiche": 1})
    amounts = {worth[kind] * n for kind, n in claim["amount"].items()}
    return Verdict(len(amounts) == 1 and min(amounts) > 0, f"the fine is worth {sorted(amounts)} fiches")


@check("follow-suit")
def follow_check(claim: dict[str, Any]) -> Verdict:
    hand = [card(c) for c in ("as-coeur", "roi-pique", "2-trefle")]
    led = card("dame-pique")
    ok = must_follow(hand, led) == [card("roi-pique")] and must_follow(hand, card("dame-carreau")) == hand
    return Verdict(ok, "a player with the suit led must play it; without it, any card")


@check("first-player")
def first_player_check(claim: dict[str, Any]) -> Verdict:
    g = game(claim["game"])
    state = g.new_initial_state(seed=3, dealer=2)
    return Verdict(
        state.current_player() == (2 + claim["offset"]) % g.players,
        f"after dealer 2 the first to act is {state.current_player()}",
    )


@check("exchange")
def exchange_check(claim: dict[str, Any]) -> Verdict:
    """Each player but the dealer discards one and takes one from the talon; the dealer only discards."""
    g = game(claim["game"])
    state = g.new_initial_state(seed=11)
    while state.phase == "ecart":
        state.apply_action(state.legal_actions()[0])
    sizes = {len(h) for h in state.hands}
    ok = sizes == {claim["hand_after"]} and len(state.ecart) == claim["ecart"] and not state.talon
    return Verdict(ok, f"after the exchange every hand holds {sorted(sizes)}, the écart {len(state.ecart)} cards")


@check("partie-winner")
def partie_winner_check(claim: dict[str, Any]) -> Verdict:
    """Winner and payer of the partie on positions built for each tie the text settles."""
    from rules.games.reversis import ReversisGame

    g = ReversisGame()
    state = g.new_initial_state(seed=5, dealer=0)
    state.phase = "over"
    ok, notes = True, []
    for case in claim["cases"]:
        state.tricks = list(case["tricks"])
        state.taken = [[card(c) for c in taken] for taken in case["taken"]]
        got = (state.winner(), state.payer())
        ok &= got == (case["winner"], case["payer"])
        notes.append(f"{case['name']}: winner {got[0]}, payer {got[1]}")
    return Verdict(ok, "; ".join(notes))


@check("unique-card")
def unique_card_check(claim: dict[str, Any]) -> Verdict:
    cards = deck(claim["deck"])
    count = cards.count(card(claim["card"]))
    return Verdict(count == 1, f"{claim['card']} is {count} time(s) in {claim['deck']}")


@check("recorded")
def recorded_check(claim: dict[str, Any]) -> Verdict:
    """Procedure or advice the engine does not model: recorded, not verified (the rule stays open)."""
    return Verdict(False, "not modelled by the engine")


def verify(rule: Any) -> Verdict:
    """Run a rule's check; a kind with no check is an error."""
    name = rule.check_name
    if name not in CHECKS:
        raise KeyError(f"rule {rule.id}: no check '{name}' for kind '{rule.kind}'")
    return CHECKS[name]({"game": rule.game, **rule.claim})
