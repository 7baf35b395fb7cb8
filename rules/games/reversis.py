"""Reversis, as the Académie des jeux (chapter I, articles 1 to 26) states it.

The deal goes to the right (art. 8), three cards then four then four, the dealer four each time
(art. 10, 11); three cards make the talon, each player but the dealer discards one and takes one,
the dealer discards without taking (art. 15); the four discards make the partie, worth their points
plus four (art. 26), won by the player with fewest points (fewer tricks, then nearest the basket on
the left, break ties: art. 23, 24) and paid by the one with most (art. 25).

Faults at the exchange are engine events (`apply_fault`, art. 17 to 19): the offender plays on with
the cards the fault leaves him, whatever lies under the basket counts for the partie (art. 20), and
he "ne peut gagner la partie" / "n'a droit à aucun paiement".
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field, replace

from rules.cards import Card, card
from rules.decks import deck
from rules.engine import check_pattern, deal, must_follow, parameters, points, ranking, trick_winner
from rules.games.reversis_payments import events, payments
from rules.table import Table

DEFAULTS = {
    "players": 4,
    "deck": "reversis-48",
    "pattern": ((3, 4), (4, 4), (4, 4)),
    "values": {"as": 4, "roi": 3, "dame": 2, "valet": 1},
    "overrides": {"as-carreau": 5, "valet-coeur": 4},
    "partie_bonus": 4,
    "strength": ("2", "3", "4", "5", "6", "7", "8", "9", "valet", "dame", "roi", "as"),
    "stakes": (2, 3),  # art. 7: two jetons each into the basket, the dealer three
    # jetons into the basket: a misdeal bought back (art. 13), noticed after the écart (art. 14),
    # a card played out of turn (art. 18), a revoke (art. 23)
    "fines": {"misdeal": 1, "misdeal-late": 4, "early-play": 1, "renonce": 2},
    "dealer_jeton": 1,  # art. 7: "la contribution d'un jeton à chaque donne, par celui qui donne"
}
FIRST_DEALER = card("valet-coeur")  # art. 6
# art. 2, 3: the box holds four square baskets, each of five jetons, ten contrats and twenty fiches;
# a jeton is worth five fiches, a contrat ten jetons or fifty fiches
COUNTER_WORTH = {"fiche": 1, "jeton": 5, "contrat": 50}
BASKET_CONTENT = {"jeton": 5, "contrat": 10, "fiche": 20}
BASKETS_IN_BOX = 4
BASKET, ROUND_BASKET = "panier", "panier rond"  # the stakes (art. 7); the payments (art. 4)
FAULTS = ("seen-discard", "no-discard", "two-discards")  # each is the rule reversis.penalty.<fault>
ACES_EXCUSE, ACES_WITH_QUINOLA_EXCUSE = 4, 3  # a revoke is no fault with four aces, or the Quinola and three


class ReversisGame:
    """Parameters of a game of Reversis; rule variants are parameters."""

    def __init__(self, **params: object):
        self.params = parameters("Reversis", DEFAULTS, params)
        self.cards = deck(str(self.params["deck"]))
        self.players = int(self.params["players"])
        self.hand_sizes = check_pattern(self.params["pattern"], self.players, len(self.cards))
        self.strength = ranking(self.params["strength"])

    def new_initial_state(self, seed: int = 0, dealer: int = 0) -> ReversisState:
        shuffled = list(self.cards)
        random.Random(seed).shuffle(shuffled)
        return self.deal_cards(shuffled, dealer)

    def deal_cards(self, cards: list[Card], dealer: int = 0) -> ReversisState:
        """Deal a pack in the order given, by the game's packets (art. 11)."""
        # "la donne circule toujours par la droite": seats are numbered to the right.
        hands, talon = deal(cards, dealer, self.players, self.params["pattern"], step=1)
        return ReversisState(self, dealer, hands, talon)

    def first_dealer(self, seed: int) -> tuple[int, list[list[Card]]]:
        """Art. 6: the pack is made into one packet for each player; whose packet holds the valet
        de cœur deals first. Returns that seat and the packets."""
        shuffled = list(self.cards)
        random.Random(seed).shuffle(shuffled)
        size = len(shuffled) // self.players
        packets = [shuffled[k * size : (k + 1) * size] for k in range(self.players)]
        return next(seat for seat, packet in enumerate(packets) if FIRST_DEALER in packet), packets

    def counters_worth(self, baskets: int = 1) -> int:
        """What `baskets` square baskets hold, in fiches (art. 3)."""
        return baskets * sum(COUNTER_WORTH[kind] * count for kind, count in BASKET_CONTENT.items())

    def table(self, dealer: int = 0) -> Table:
        """The table as play begins (art. 7): each stakes two jetons in the basket, the dealer three."""
        table = Table(self.players, dealer)
        each, by_dealer = self.params["stakes"]
        table.stake(BASKET, int(each), int(by_dealer))
        return table

    def redeal_if_exposed(self, state: ReversisState, seed: int, all_agree: bool) -> ReversisState:
        """A card turned up in dealing voids the deal, the same dealer dealing again, unless every
        player accepts the deal (art. 12)."""
        return state if all_agree else self.new_initial_state(seed, state.dealer)

    def partie_value(self, ecart: list[Card]) -> int:
        return points(ecart, self.params["values"], self.params["overrides"]) + int(self.params["partie_bonus"])


@dataclass
class ReversisState:
    """A position: the exchange (écart) and then eleven tricks."""

    game: ReversisGame
    dealer: int
    hands: list[list[Card]]
    talon: list[Card]
    ecart: list[Card] = field(default_factory=list)
    taken: list[list[Card]] = field(default_factory=lambda: [[] for _ in range(4)])
    tricks: list[int] = field(default_factory=lambda: [0, 0, 0, 0])
    trick: list[tuple[int, Card]] = field(default_factory=list)
    phase: str = "ecart"
    turn: int = 0
    history: list[tuple[int, Card | str, tuple[str, ...]]] = field(default_factory=list)  # card or fault
    faults: dict[int, str] = field(default_factory=dict)
    exchanged: int = 0  # players who have made their exchange
    in_trick: int = 4  # players holding cards when the current trick began
    won: list[tuple[int, list[Card]]] = field(default_factory=list)  # each trick, with its taker
    played: list[list[tuple[int, Card]]] = field(default_factory=list)  # each trick, who played what
    undo: tuple[int, ReversisState] | None = None  # after a revoke: (tricks gathered, position before it)

    def __post_init__(self) -> None:
        if not self.history:
            self.turn = self._seat(1)

    def _seat(self, k: int) -> int:
        return (self.dealer + k) % self.game.players

    def current_player(self) -> int:
        return -1 if self.is_terminal() else self.turn

    def legal_actions(self) -> list[Card]:
        """Legal cards, in the order of the hand (deterministic for a seed)."""
        hand = self.hands[self.turn]
        if self.phase == "ecart":
            return list(hand)
        return must_follow(hand, self.trick[0][1] if self.trick else None)

    def apply_action(self, action: Card | str, legal: bool = False) -> tuple[str, ...]:
        """Play or discard a card; returns the ids of the rules that allowed the move. `legal`
        says the caller took the action from legal_actions() (random play), skipping the check."""
        chosen = card(action) if isinstance(action, str) else action
        if not legal and chosen not in self.legal_actions():
            raise ValueError(f"{chosen} is not a legal action for player {self.turn}")
        player = self.turn
        self.hands[player].remove(chosen)
        allowed = self._discard(chosen) if self.phase == "ecart" else self._play(chosen)
        self.history.append((player, chosen, allowed))  # the Card: its id string costs time here
        return allowed

    def apply_fault(self, fault: str, extra: Card | str | None = None) -> tuple[str, ...]:
        """The player to move commits a fault at his exchange: 'seen-discard' (he looks at his talon
        card, then discards as usual), 'no-discard' (he takes it without discarding) or
        'two-discards' (he throws `extra` under the basket too, then discards as usual); or in play,
        'renonce': he plays `extra` though he holds the suit led (art. 23)."""
        if fault == "renonce":
            return self._renonce(card(extra) if isinstance(extra, str) else extra)
        if self.phase != "ecart" or self.turn == self.dealer or fault not in FAULTS:
            raise ValueError(f"no fault '{fault}' for player {self.turn} in phase {self.phase}")
        player, allowed = self.turn, (f"reversis.penalty.{fault}", "reversis.scoring.cards-under-basket")
        self.faults[player] = fault
        if fault == "no-discard":
            self.hands[player].append(self.talon.pop(0))
            self._next_exchange()
        elif fault == "two-discards":
            thrown = card(extra) if isinstance(extra, str) else extra
            self.hands[player].remove(thrown)
            self.ecart.append(thrown)
        self.history.append((player, f"fault:{fault}", allowed))
        return allowed

    def _renonce(self, chosen: Card | None) -> tuple[str, ...]:
        """A revoke: fined and barred from payments (a fault), unless his hand excuses it (four
        aces, or the Quinola and three aces); he may take the card back before the next card."""
        hand = self.hands[self.turn]
        if self.phase != "play" or chosen not in hand or chosen in self.legal_actions():
            raise ValueError(f"{chosen} by player {self.turn} is no revoke")
        aces = sum(1 for c in hand if c.rank == "as")
        excused = aces >= ACES_EXCUSE or (aces >= ACES_WITH_QUINOLA_EXCUSE and card("quinola") in hand)
        self.undo = (len(self.won), self.clone())
        player = self.turn
        if not excused:
            self.faults[player] = "renonce"
        hand.remove(chosen)
        allowed = ("reversis.penalty.renonce", *self._play(chosen))
        self.history.append((player, chosen, allowed))
        return allowed

    def take_back(self) -> tuple[str, ...]:
        """The revoker takes his card back to follow suit "avant la levée de la main", while the
        trick is not yet gathered (art. 23): no fine, and the trick is played again from his card."""
        if self.undo is None or self.undo[0] != len(self.won) or not self.trick:
            raise ValueError("no card may be taken back here")
        previous = self.undo[1]
        self.__dict__.update(previous.__dict__)
        return ("reversis.penalty.renonce",)

    def _discard(self, chosen: Card) -> tuple[str, ...]:
        self.ecart.append(chosen)
        if self.turn != self.dealer:
            self.hands[self.turn].append(self.talon.pop(0))
            self._next_exchange()
            return ("reversis.talon.one-each", "reversis.ecart.partie")
        self.phase, self.turn = "play", self._seat(1)
        return ("reversis.talon.dealer-discards", "reversis.ecart.partie")

    def _next_exchange(self) -> None:
        self.exchanged += 1
        self.turn = self._seat(self.exchanged + 1)

    def _holding(self, seat: int) -> int:
        """`seat` if he still holds cards, else the next to his right who does (after a fault)."""
        for k in range(self.game.players):
            nxt = (seat + k) % self.game.players
            if self.hands[nxt]:
                return nxt
        return seat

    def _play(self, chosen: Card) -> tuple[str, ...]:
        led = self.trick[0][1] if self.trick else None
        if led is None and self.faults:  # after a fault, hands differ: the trick is of those with cards
            self.in_trick = sum(1 for seat, h in enumerate(self.hands) if h or seat == self.turn)
        self.trick.append((self.turn, chosen))
        allowed = ("reversis.play.follow-suit",) if led and chosen.suit == led.suit else ("reversis.play.free",)
        if len(self.trick) < self.in_trick:
            self.turn = (self.turn + 1) % self.game.players
            if self.faults:
                self.turn = self._holding(self.turn)
            return allowed
        cards = [c for _, c in self.trick]
        winner = self.trick[trick_winner(cards[0], cards, self.game.strength)][0]
        self.taken[winner].extend(cards)
        self.tricks[winner] += 1
        self.won.append((winner, cards))  # a fresh list per trick, never changed after
        self.played.append(self.trick)
        self.trick, self.turn = [], winner
        if not any(self.hands):
            self.phase = "over"
        elif self.faults:
            self.turn = self._holding(winner)
        return (*allowed, "reversis.rank.order")

    def is_terminal(self) -> bool:
        return self.phase == "over"

    def card_points(self) -> list[int]:
        return [points(t, self.game.params["values"], self.game.params["overrides"]) for t in self.taken]

    def _left_of_basket(self, seat: int) -> int:
        """Distance to the left of the dealer's basket: the first player to the right of the dealer
        plays first, so the nearest on the left is the dealer, then the player before him."""
        return (self.dealer - seat) % self.game.players

    def winner(self) -> int:
        """Who takes the partie: a player without tricks, else fewest points, fewer tricks, nearest;
        never a player who committed a fault at the exchange."""
        seats = [s for s in range(self.game.players) if s not in self.faults] or range(self.game.players)
        points = self.card_points()
        return min(seats, key=lambda s: (self.tricks[s] > 0, points[s], self.tricks[s], self._left_of_basket(s)))

    def payer(self) -> int:
        """Who pays it: most points, then most tricks, then farthest to the left (art. 25)."""
        points = self.card_points()
        return max(range(self.game.players), key=lambda s: (points[s], self.tricks[s], self._left_of_basket(s)))

    def returns(self) -> list[float]:
        """The partie, paid by the payer to the winner; the one who took every trick (the reversis)
        pays no partie (talon q8)."""
        if not self.is_terminal():
            return [0.0] * self.game.players
        value = self.game.partie_value(self.ecart)
        out = [0.0] * self.game.players
        win, pay = self.winner(), self.payer()
        if win != pay and self.tricks[pay] < len(self.won):
            out[win], out[pay] = float(value), float(-value)
        return out

    def payments(self) -> list[tuple[str, int]]:
        """Who is owed what besides the partie (art. 16 to 19): each event of the play as (kind,
        seat), less those a player's fault takes away. Their amounts are agreed, not stated."""
        return payments(events(self.played, self.game.strength), self.faults)

    def visible_tricks(self, viewer: int) -> list[tuple[int, list[Card]]]:
        """The tricks a player may examine: his own at any time, of the others only the last (art. 22)."""
        last = len(self.won) - 1
        return [(k, cards) for k, (taker, cards) in enumerate(self.won) if taker == viewer or k == last]

    def settle(self, table: Table, collector: int | None = None, warned: bool = False) -> int:
        """Pay the partie through the round basket (art. 4). It goes to who collects it, unless
        another player warns before play goes on, when it goes to the winner (art. 21)."""
        payments = self.returns()
        for seat, amount in enumerate(payments):
            if amount < 0:
                table.pay(seat, int(-amount), ROUND_BASKET)
        taker = self.winner() if collector is None or warned else collector
        table.take(taker, ROUND_BASKET)
        for seat, fault in sorted(self.faults.items()):
            if fault == "renonce":
                table.pay(seat, int(self.game.params["fines"]["renonce"]), BASKET)
        return taker

    def clone(self) -> ReversisState:
        return replace(
            self,
            hands=[list(h) for h in self.hands],
            talon=list(self.talon),
            ecart=list(self.ecart),
            taken=[list(t) for t in self.taken],
            tricks=list(self.tricks),
            trick=list(self.trick),
            history=list(self.history),
            faults=dict(self.faults),
            won=list(self.won),
            played=list(self.played),
        )


def random_game(seed: int, game: ReversisGame | None = None) -> ReversisState:
    """Play one game with random legal moves (seeded); a Game is built once and reused, as in OpenSpiel."""
    game = game or ReversisGame()
    state = game.new_initial_state(seed)
    rng = random.Random(seed + 1)
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()), legal=True)
    return state
