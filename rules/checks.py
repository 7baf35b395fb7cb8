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
    from rules.games.piquet import PiquetGame
    from rules.games.reversis import ReversisGame

    factories = {"reversis": ReversisGame, "piquet": PiquetGame}
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


def _faulty_games(fault: str, games: int = 80) -> list[tuple[Any, int, int]]:
    """Seeded random Reversis games in which the first player to exchange commits `fault`:
    (final state, offender, his hand when play began)."""
    import random

    from rules.games.reversis import ReversisGame

    g, out = ReversisGame(), []
    for seed in range(games):
        state, rng = g.new_initial_state(seed), random.Random(seed)
        offender = state.current_player()
        state.apply_fault(fault, state.hands[offender][0] if fault == "two-discards" else None)
        hand = None
        while not state.is_terminal():
            if hand is None and state.phase == "play":
                hand = len(state.hands[offender])
            state.apply_action(rng.choice(state.legal_actions()), legal=True)
        out.append((state, offender, hand))
    return out


@check("exchange-fault")
def exchange_fault_check(claim: dict[str, Any]) -> Verdict:
    """A fault at the exchange, played out: the offender never takes the partie (nor any payment),
    keeps the hand the text says, and no card is lost."""
    played = _faulty_games(claim["fault"])
    never_wins = all(s.winner() != p and s.returns()[p] <= 0 for s, p, _ in played)
    hands = {h for _, _, h in played}
    conserved = all(sum(map(len, s.taken)) + len(s.ecart) == len(s.game.cards) for s, _, _ in played)
    hand_ok = "hand" not in claim or hands == {claim["hand"]}
    return Verdict(
        never_wins and hand_ok and conserved,
        f"{len(played)} random games with '{claim['fault']}': offender's hand {sorted(hands)}, "
        f"{'never' if never_wins else 'sometimes'} paid, cards {'conserved' if conserved else 'LOST'}",
    )


@check("partie-under-basket")
def partie_under_basket_check(claim: dict[str, Any]) -> Verdict:
    """Whatever lies under the basket, three, four or five cards after a fault, makes the partie."""
    sizes, ok = set(), True
    for fault in ("no-discard", "seen-discard", "two-discards"):
        for state, _, _ in _faulty_games(fault, 30):
            paid = max(abs(r) for r in state.returns())
            ok &= paid in (0, state.game.partie_value(state.ecart))  # 0: the winner is the payer
            if paid:
                sizes.add(len(state.ecart))
    return Verdict(ok and sizes == {3, 4, 5}, f"partie paid on écarts of {sorted(sizes)} cards, points plus four")


@check("revoke-loses")
def revoke_loses_check(claim: dict[str, Any]) -> Verdict:
    """In each 1659 game the text names, random games with one revoke: the revoker always comes last."""
    import random

    from rules.games.tarot import TarotGame

    variants, played, last = claim["variants"], 0, 0
    for variant in variants:
        game = TarotGame(variant)
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
    return Verdict(
        played > 0 and last == played,
        f"{played} games with a revoke in {', '.join(variants)}: the revoker last in {last}",
    )


@check("unique-card")
def unique_card_check(claim: dict[str, Any]) -> Verdict:
    cards = deck(claim["deck"])
    count = cards.count(card(claim["card"]))
    return Verdict(count == 1, f"{claim['card']} is {count} time(s) in {claim['deck']}")


def verify(rule: Any) -> Verdict:
    """Run a rule's check; a kind with no check is an error."""
    name = rule.check_name
    if name not in CHECKS:
        raise KeyError(f"rule {rule.id}: no check '{name}' for kind '{rule.kind}'")
    return CHECKS[name]({"game": rule.game, **rule.claim})


def _tarot(claim: dict[str, Any]) -> Any:
    from rules.games.tarot import TarotGame

    return TarotGame(claim["variant"])


@check("variant-values")
def variant_values_check(claim: dict[str, Any]) -> Verdict:
    """The engine's values for a variant are the text's, card by card."""
    from rules.games.tarot import value_of

    values = _tarot(claim).values
    wrong = [
        f"{k} is {value_of(card(k), values)}, not {v}"
        for k, v in claim["values"].items()
        if value_of(card(k), values) != v
    ]
    return Verdict(not wrong, "; ".join(wrong) or f"{claim['variant']}: values as the text gives them")


@check("variant-deal")
def variant_deal_check(claim: dict[str, Any]) -> Verdict:
    g = _tarot(claim)
    state = g.new_initial_state(seed=1)
    sizes = sorted(len(h) for h in state.hands)
    ok = g.players == claim["players"] and sizes == [claim["hand"]] * g.players
    return Verdict(ok, f"{g.players} players with {sizes} cards")


@check("forced-trump")
def forced_trump_check(claim: dict[str, Any]) -> Verdict:
    """Void in the suit led, a player holding trumps must play one (or the Fou as excuse)."""
    from rules.games.tarot import TarotState

    g = _tarot(claim)
    hand = [card("atout-5"), card("roi-coeur"), card("fou")]
    state = TarotState(g, 0, [hand] + [[card("2-trefle")] for _ in range(g.players - 1)], [])
    state.trick, state.turn = [(3, card("as-pique"))], 0
    legal = {c.id for c in state.legal_actions()}
    expected = {"atout-5", "fou"} if claim.get("forced", True) else {"atout-5", "roi-coeur", "fou"}
    return Verdict(legal == expected, f"may play {sorted(legal)}")


@check("excuse")
def excuse_check(claim: dict[str, Any]) -> Verdict:
    """The Fou takes nothing and goes back to its owner's tricks."""
    from rules.games.tarot import TarotState

    g = _tarot(claim)
    state = TarotState(g, 0, [[card("fou")], [card("roi-pique")], [card("2-pique")], [card("3-pique")]], [])
    state.turn = 1
    for played in ("roi-pique", "2-pique", "3-pique", "fou"):
        state.apply_action(played)
    ok = card("fou") in state.taken[0] and len(state.taken[1]) == 3
    return Verdict(ok, "the Fou stays with its owner, the king takes the trick" if ok else str(state.taken))


@check("rigueur")
def rigueur_check(claim: dict[str, Any]) -> Verdict:
    g = _tarot(claim)
    led = card("roi-coeur")
    ok = g.strength(card("2-pique"), led) > g.strength(led, led) and g.strength(card("atout-1"), led) > g.strength(
        card("roi-pique"), led
    )
    return Verdict(ok, "the suit of rigueur takes the other suits, the trumps take it")


@check("arithmetic")
def arithmetic_check(claim: dict[str, Any]) -> Verdict:
    """A count the text states against the count its own figures give (`terms` are added)."""
    total = sum(int(t) for t in claim["terms"])
    return Verdict(
        total == claim["equals"],
        f"{' + '.join(str(t) for t in claim['terms'])} = {total}; the text says {claim['equals']}",
    )


@check("divides")
def divides_check(claim: dict[str, Any]) -> Verdict:
    """A deal of `per_player` to `players` with `left` over fits a deck of `deck_size` cards."""
    fits = (
        claim["per_player_round"] > 0
        and (claim["deck_size"] - claim["left"]) % (claim["players"] * claim["per_player_round"]) == 0
    )
    return Verdict(
        fits, f"{claim['deck_size']} - {claim['left']} cards dealt by {claim['per_player_round']} to {claim['players']}"
    )


@check("piquet-trick")
def piquet_trick_check(claim: dict[str, Any]) -> Verdict:
    """No trumps: a higher card of another suit does not take the suit led."""
    from rules.games.piquet import PiquetGame

    g = PiquetGame()
    winner = trick_winner(card("7-trefle"), [card("7-trefle"), card("as-coeur")], g.strength)
    return Verdict(winner == 0, "the seven of the suit led takes the trick")


@check("piquet-scoring")
def piquet_scoring_check(claim: dict[str, Any]) -> Verdict:
    """A point per counting card led; the last trick two with a counting card, else one; ten for the cards."""
    from rules.games.piquet import PiquetGame, PiquetState

    g = PiquetGame()
    state = PiquetState(g, 1, [[card("as-pique"), card("7-coeur")], [card("8-pique"), card("8-coeur")]], [])
    state.apply_action("as-pique")
    state.apply_action("8-pique")
    led_point = state.score[0] == claim["card_led"]
    state.apply_action("7-coeur")
    state.apply_action("8-coeur")
    last = state.score[1] == claim["last_trick"][1]
    ok = led_point and last and state.tricks == [1, 1]
    return Verdict(ok, f"scores {state.score} after an ace led and a last trick won with an eight")


@check("piquet-declarations")
def piquet_declarations_check(claim: dict[str, Any]) -> Verdict:
    from rules.games.piquet import PiquetGame, cartes_blanches, point

    g = PiquetGame()
    blank = [card(c) for c in ("as-pique", "10-pique", "9-pique", "8-pique", "7-pique", "as-coeur")]
    ok = cartes_blanches(blank, g) == claim["cartes_blanches"] and point(blank) == 5
    ok &= g.params["quatorze"] == claim["quatorze"] and g.params["trois"] == claim["trois"]
    return Verdict(ok, "cartes blanches ten; five cards in point count five; a quatorze fourteen, a trio three")


@check("piquet-marker")
def piquet_marker_check(claim: dict[str, Any]) -> Verdict:
    from rules.games.piquet import marker

    shown = all(u + 5 * f + 10 * t + 50 * ff == s for s in range(claim["up_to"] + 1) for u, f, t, ff in [marker(s)])
    return Verdict(shown, f"every score from 0 to {claim['up_to']} has its cuts")


@check("advice")
def advice_check(claim: dict[str, Any]) -> Verdict:
    """Advice is recorded, not verified."""
    return Verdict(False, "advice: recorded, not a rule to verify")


@check("hand-size")
def hand_size_check(claim: dict[str, Any]) -> Verdict:
    g = game(claim["game"])
    state = g.new_initial_state(seed=2)
    sizes = sorted({len(h) for h in state.hands})
    return Verdict(
        sizes == [claim["hand"]] and len(state.talon) == claim["talon"],
        f"hands of {sizes}, a talon of {len(state.talon)}",
    )


@check("piquet-cards")
def piquet_cards_check(claim: dict[str, Any]) -> Verdict:
    """Ten for the cards to the most tricks; nothing when the tricks are equal."""
    from rules.games.piquet import PiquetGame, PiquetState

    scores = []
    for tricks in ([7, 5], [6, 6]):
        state = PiquetState(PiquetGame(), 0, [[], []], [])
        state.tricks = list(tricks)
        state._for_the_cards()
        scores.append(state.score)
    ok = scores == [[claim["for_the_cards"], 0], [0, 0]]
    return Verdict(ok, f"7-5 tricks score {scores[0]}, 6-6 score {scores[1]}")


@check("variant-param")
def variant_param_check(claim: dict[str, Any]) -> Verdict:
    g = _tarot(claim)
    wrong = {k: g.params.get(k) for k, v in claim["params"].items() if g.params.get(k) != v}
    return Verdict(not wrong, f"engine parameters {wrong}" if wrong else "the engine's parameters are the text's")


@check("tarot-rank")
def tarot_rank_check(claim: dict[str, Any]) -> Verdict:
    """Each card of the order takes the next (the first card led)."""
    g = _tarot(claim)
    cards = [card(c) for c in claim["order"]]
    wrong = [(a.id, b.id) for a, b in zip(cards, cards[1:], strict=False) if not g.strength(a, b) > g.strength(b, b)]
    return Verdict(not wrong, "the engine ranks them so" if not wrong else f"{wrong[0][0]} does not take {wrong[0][1]}")


@check("point-values")
def point_values_check(claim: dict[str, Any]) -> Verdict:
    """For the point: figures ten, other cards what they mark (the as one)."""
    figures = {"roi", "dame", "cavalier", "valet"}

    def value(c: Card) -> int:
        return claim["figures"] if c.rank in figures else (1 if c.rank == "as" else int(c.rank))

    wrong = [k for k, v in claim["values"].items() if value(card(k)) != v]
    return Verdict(not wrong, f"values differ for {wrong}" if wrong else "figures ten, others their mark")


@check("exchange-limits")
def exchange_limits_check(claim: dict[str, Any]) -> Verdict:
    """Each seat, from the first to play, changes one card up to its limit and no more, taking them
    from the top of the talon; the retourne stays under it; no card is lost."""
    from rules.games.tarot import TarotGame

    g, found = TarotGame(claim["variant"]), []
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
    from rules.games.tarot import stake_bonus

    got = {name: stake_bonus([card(c) for c in hand], 1, 20) for name, hand in claim["hands"].items()}
    return Verdict(got == claim["expected"], f"bonuses {got}")


@check("monotone-values")
def monotone_values_check(claim: dict[str, Any]) -> Verdict:
    """A reading of an unstated value must keep the figures' values in their order (roi ≥ dame ≥ …)."""
    values = [claim["values"][r] for r in claim["order"]]
    ok = all(a >= b for a, b in zip(values, values[1:], strict=False))
    return Verdict(ok, f"{dict(zip(claim['order'], values, strict=True))}")


@check("trumps-1659")
def trumps_1659_check(claim: dict[str, Any]) -> Verdict:
    from rules.cards import card_data

    names = card_data()["trumps_1659"]
    ok = len(names) == claim["count"] and all(names[str(n)] == name for n, name in claim["named"].items())
    return Verdict(ok, f"{len(names)} trumps, the thirteenth {names['13']}")


@check("piquet-sequences")
def piquet_sequences_check(claim: dict[str, Any]) -> Verdict:
    """A run of the claimed length is found and counts the claimed points."""
    from rules.games.piquet import sequence_value, sequences

    order = ["7", "8", "9", "10", "valet", "dame", "roi", "as"]
    hand = [Card(rank, "coeur") for rank in order[: claim["length"]]] + [card("as-pique")]
    found = sequences(hand)
    ok = found[:1] == [("coeur", claim["length"])] and sequence_value(claim["length"]) == claim["value"]
    return Verdict(ok, f"runs found {found}, worth {sequence_value(claim['length'])}")


@check("piquet-sets")
def piquet_sets_check(claim: dict[str, Any]) -> Verdict:
    from rules.games.piquet import PiquetGame, sets

    g = PiquetGame()
    four = [card(f"as-{s}") for s in ("pique", "coeur", "carreau", "trefle")]
    three = [card(f"roi-{s}") for s in ("pique", "coeur", "carreau")]
    ok = (
        sets(four, g) == claim["quatorze"]
        and sets(three, g) == claim["trois"]
        and sets(four + three, g) == claim["quatorze"] + claim["trois"]
    )
    return Verdict(ok, "four aces count fourteen, three kings three")


@check("retourne")
def retourne_check(claim: dict[str, Any]) -> Verdict:
    from rules.games.tarot import retourne_trumps

    got = {c: retourne_trumps(card(c)) for c in claim["cases"]}
    return Verdict(got == claim["cases"], f"trumps by card turned: {got}")


@check("major-sequences")
def major_sequences_check(claim: dict[str, Any]) -> Verdict:
    from rules.games.tarot import major_sequences

    got = {name: major_sequences([card(c) for c in hand]) for name, hand in claim["hands"].items()}
    return Verdict(got == claim["expected"], f"sequences {got}")


import rules.event_checks  # noqa: E402, F401  (registers the checks of procedures and faults)
