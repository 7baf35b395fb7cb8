"""Piquet, as the `piquet` source gives it (articles 4 to 17) with what `talon` quotes of it.

Two players, 32 cards, twelve each; no trumps (art. 10): the best card of the suit led takes the
trick. A point is counted for each counting card led (as, roi, dame, valet, dix: art. 4, 5), the
last trick counts two if won with a counting card, else one (art. 12), and the most tricks take
ten for the cards, nothing when equal (art. 13).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field, replace

from rules.cards import Card, card
from rules.decks import deck
from rules.engine import must_follow, parameters, ranking, trick_winner
from rules.table import cut_for_deal

DEFAULTS = {
    "players": 2,
    "deck": "piquet-32",
    "hand": 12,
    "counting": ("as", "roi", "dame", "valet", "10"),
    "strength": ("7", "8", "9", "10", "valet", "dame", "roi", "as"),
    "last_trick": (2, 1),  # with a counting card, without
    "for_the_cards": 10,
    "cartes_blanches": 10,
    "quatorze": 14,
    "trois": 3,
    "first_card": "counting",  # art. 11 may say the first card counts one whatever it is: "any"
}


class PiquetGame:
    def __init__(self, **params: object):
        self.params = parameters("Piquet", DEFAULTS, params)
        self.cards = deck(str(self.params["deck"]))
        self.players = int(self.params["players"])
        self.strength = ranking(self.params["strength"])

    def new_initial_state(self, seed: int = 0, dealer: int = 0) -> PiquetState:
        shuffled = list(self.cards)
        random.Random(seed).shuffle(shuffled)
        size = int(self.params["hand"])
        hands = [shuffled[k * size : (k + 1) * size] for k in range(self.players)]
        return PiquetState(self, dealer, hands, shuffled[self.players * size :])

    def counts(self, played: Card) -> bool:
        return played.rank in self.params["counting"]


@dataclass
class PiquetState:
    """The play of the cards (declarations are scored by the functions below)."""

    game: PiquetGame
    dealer: int
    hands: list[list[Card]]
    talon: list[Card]
    score: list[int] = field(default_factory=lambda: [0, 0])
    tricks: list[int] = field(default_factory=lambda: [0, 0])
    trick: list[tuple[int, Card]] = field(default_factory=list)
    turn: int = 0
    named: list[tuple[int, str]] = field(default_factory=list)  # suits named on changing suit (art. 6)
    last_led: str | None = None
    unnamed: bool = False  # the leader changed suit without naming it
    undo: PiquetState | None = None  # the position a follower may return to (art. 6, 11)
    declared: list[int] = field(default_factory=list)  # who has shown his declarations (art. 5)

    def __post_init__(self) -> None:
        if not self.named and self.last_led is None:
            self.turn = (self.dealer + 1) % self.game.players  # the elder hand leads

    def current_player(self) -> int:
        return -1 if self.is_terminal() else self.turn

    def legal_actions(self) -> list[Card]:
        led = self.trick[0][1] if self.trick else None
        return sorted(must_follow(self.hands[self.turn], led))

    def apply_action(self, action: Card | str, name: bool = True) -> tuple[str, ...]:
        """Play a card. A leader who changes suit names it (art. 6) unless `name` is False, in which
        case the follower may take his card back (`take_back`)."""
        chosen = card(action) if isinstance(action, str) else action
        if chosen not in self.legal_actions():
            raise ValueError(f"{chosen} is not a legal action for player {self.turn}")
        return self._play(chosen, name)

    def apply_fault(self, fault: str, action: Card | str) -> tuple[str, ...]:
        """A 'revoke': the follower plays a card of another suit though he holds the suit led."""
        chosen = card(action) if isinstance(action, str) else action
        if fault != "revoke" or not self.trick or chosen not in self.hands[self.turn] or chosen in self.legal_actions():
            raise ValueError(f"{chosen} by player {self.turn} is not a revoke")
        return self._play(chosen, True, revoke=True)

    def declare(self, player: int) -> tuple[str, ...]:
        """A player shows his point, sequences and sets: "avant que de jouer" (art. 5), so not once
        he has played a card of the deal, and once only."""
        if len(self.hands[player]) < int(self.game.params["hand"]) or player in self.declared:
            raise ValueError(f"player {player} may declare only before playing his first card")
        self.declared.append(player)
        return ("piquet.procedure.declare-before-playing",)

    def take_back(self) -> tuple[str, ...]:
        """The follower takes back the card just played, without penalty: after a revoke (art. 11)
        or after the leader changed suit without naming it (art. 6)."""
        if self.undo is None:
            raise ValueError("no card may be taken back here")
        rule = "piquet.penalty.revoke-corrected" if not self.unnamed else "piquet.procedure.name-suit"
        previous = self.undo
        self.__dict__.update(previous.__dict__)
        return (rule,)

    def _play(self, chosen: Card, name: bool, revoke: bool = False) -> tuple[str, ...]:
        following = bool(self.trick)
        if following and (revoke or self.unnamed):
            self.undo = self.clone()
        elif not following:
            self.undo, self.unnamed = None, False
        self.hands[self.turn].remove(chosen)
        allowed = ["piquet.play.follow-suit"]
        if not following:
            allowed += self._lead(chosen, name)
        self.trick.append((self.turn, chosen))
        if len(self.trick) < self.game.players:
            self.turn = (self.turn + 1) % self.game.players
            return tuple(allowed)
        cards = [c for _, c in self.trick]
        win = trick_winner(cards[0], cards, self.game.strength)
        winner = self.trick[win][0]
        self.tricks[winner] += 1
        allowed.append("piquet.play.no-trumps")
        if not any(self.hands):
            with_count, without = self.game.params["last_trick"]
            self.score[winner] += with_count if self.game.counts(cards[win]) else without
            allowed.append("piquet.scoring.last-trick")
            self._for_the_cards()
        self.trick, self.turn = [], winner
        return tuple(allowed)

    def _lead(self, chosen: Card, name: bool) -> list[str]:
        allowed = []
        first = self.last_led is None
        if first and self.game.params["first_card"] == "any" or self.game.counts(chosen):
            self.score[self.turn] += 1
            allowed.append("piquet.scoring.card-led")
        if not first and chosen.suit != self.last_led:
            if name:
                self.named.append((self.turn, chosen.suit))
                allowed.append("piquet.procedure.name-suit")
            else:
                self.unnamed = True
        self.last_led = chosen.suit
        return allowed

    def _for_the_cards(self) -> None:
        if self.tricks[0] != self.tricks[1]:
            self.score[self.tricks.index(max(self.tricks))] += int(self.game.params["for_the_cards"])

    def is_terminal(self) -> bool:
        return not any(self.hands) and not self.trick

    def returns(self) -> list[float]:
        return [float(s) for s in self.score] if self.is_terminal() else [0.0, 0.0]

    def clone(self) -> PiquetState:
        return replace(
            self,
            hands=[list(h) for h in self.hands],
            talon=list(self.talon),
            score=list(self.score),
            tricks=list(self.tricks),
            trick=list(self.trick),
            named=list(self.named),
            declared=list(self.declared),
        )


def cartes_blanches(hand: list[Card], game: PiquetGame) -> int:
    """Ten for a hand without king, queen or knave (art. 4)."""
    figures = {"roi", "dame", "valet"}
    return int(game.params["cartes_blanches"]) if not any(c.rank in figures for c in hand) else 0


def point(hand: list[Card]) -> int:
    """The point: one per card of the longest suit ("cinq cartes en point… cinq pour le point")."""
    return max(sum(1 for c in hand if c.suit == s) for s in {c.suit for c in hand})


def marker(score: int) -> tuple[int, int, int, int]:
    """The counting card of art. 14: four cuts for units and a fifth for five; four for tens and a
    fifth for fifty. Returns (unit cuts, five mark, ten cuts, fifty mark); refuses what it cannot show."""
    tens, units = divmod(score, 10)
    fifty, tens = divmod(tens, 5)
    five, units = divmod(units, 5)
    if fifty > 1:
        raise ValueError(f"the marker cannot show {score}")
    return units, five, tens, fifty


def first_dealer(game: PiquetGame, rng: random.Random, last_dealer: int | None, hand_follows: bool) -> int:
    """Who deals first in a new partie (art. 16): the cut decides, the lowest card dealing, unless
    agreed at the start that the hand follows on from the last deal."""
    if hand_follows and last_dealer is not None:
        return (last_dealer + 1) % game.players
    return cut_for_deal(rng, game.cards, game.players, lambda c: game.strength[c.rank])


def random_game(seed: int) -> PiquetState:
    state = PiquetGame().new_initial_state(seed)
    rng = random.Random(seed + 1)
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    return state


SEQUENCE_ORDER = ("7", "8", "9", "10", "valet", "dame", "roi", "as")
# tierce, quatrième ("une quatrième bonne… ajoute quatre points"); the quinte and longer runs are
# named (art. 5: "ses tierces, quatrièmes ou quintes, etc.") without values: fifteen to eighteen is
# the game's usual count (as the quatorze's fourteen), not the text's
SEQUENCE_VALUES = {3: 3, 4: 4, 5: 15, 6: 16, 7: 17, 8: 18}
SETS = ("as", "roi", "dame", "valet", "10")  # the cards of a quatorze or a trio


def sequences(hand: list[Card]) -> list[tuple[str, int]]:
    """Runs of three or more in one suit, as (suit, length), longest first."""
    runs = []
    for suit in sorted({c.suit for c in hand}):
        held = {SEQUENCE_ORDER.index(c.rank) for c in hand if c.suit == suit and c.rank in SEQUENCE_ORDER}
        length = 0
        for position in range(len(SEQUENCE_ORDER) + 1):
            if position in held:
                length += 1
                continue
            if length >= 3:
                runs.append((suit, length))
            length = 0
    return sorted(runs, key=lambda run: -run[1])


def sequence_value(length: int) -> int | None:
    """What a run counts: a tierce three, a quatrième four, a quinte fifteen and so on."""
    return SEQUENCE_VALUES.get(length)


def sets(hand: list[Card], game: PiquetGame) -> int:
    """Quatorzes (four aces, kings, queens, knaves or tens) and trios of them."""
    return sum(set_worth(sum(1 for c in hand if c.rank == rank), game) for rank in SETS)


def set_worth(count: int, game: PiquetGame) -> int:
    """What four or three cards of a rank count: a quatorze fourteen, a trio three."""
    return int(game.params["quatorze"]) if count == 4 else int(game.params["trois"]) if count == 3 else 0
