"""The games of the `talon` quotations, as far as each quotation goes.

A quotation gives a fragment of a game (a way of dealing, a penalty, a way of scoring), rarely the
whole. Each fragment is modelled here as a small function or state over the generic machinery, with
the quotation it reads (`talon.qN`) beside it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from rules.cards import Card
from rules.engine import Pattern, deal, ranking, trick_winner, turn_under
from rules.table import Table

HONOURS = ("as", "roi", "dame", "valet")
DRAW_ORDER = ("as", "10", "roi", "8", "7")  # q15, strongest first; the queen, knave and nine unnamed
LAY_DOWN_FINE = {"q16": 1, "q17": 0}  # jetons to each player for laying one's hand down (cul-bas)
RETOURNE_PATTERN = ((2, 2), (3, 3))  # q20: "par deux d'abord, et ensuite par trois"
RETOURNE_CARD = 11  # q20: "elle retourne la onzième carte"
RETOURNE_ORDER = ("7", "8", "9", "valet", "dame", "roi", "10", "as")  # q20 gives none: q15's, lowest first
PLAYERS = (5, 9)  # q22: "depuis cinq jusqu'à huit ou neuf personnes"


def deal_from_bottom(stock: list[Card], dealer: int, players: int) -> list[list[Card]]:
    """q2: one card to each opponent, taken from the bottom of the talon, not from the top."""
    hands: list[list[Card]] = [[] for _ in range(players)]
    for k in range(1, players):
        hands[(dealer + k) % players].append(stock.pop())
    return hands


def deal_in_threes(stock: list[Card], players: int, cut: int = 0) -> list[list[Card]]:
    """q4: three cards to each from the talon; `cut` 0 is the text's "sans faire couper"."""
    stock[:] = stock[cut:] + stock[:cut]
    hands = [stock[3 * k : 3 * k + 3] for k in range(players)]
    del stock[: 3 * players]
    return hands


def deal_one_by_one(stock: list[Card], dealer: int, players: int = 3, each: int = 3, spread: int = 7):
    """q12: three cards to each, one at a time, then seven spread face up from the top of the talon."""
    pattern = tuple((1, 1) for _ in range(each))
    hands, rest = deal(stock, dealer, players, pattern)
    return hands, rest[:spread], rest[spread:]


def dealt_to_dealer(pattern: Pattern, cards: Sequence[Card], dealer: int, players: int) -> list[Card]:
    """The dealer's hand under a packet pattern (q23 compares two- and-two with three-then-one)."""
    hands, _ = deal(cards, dealer, players, pattern)
    return hands[dealer]


def deal_with_retourne(
    cards: Sequence[Card], dealer: int, pattern: Pattern = RETOURNE_PATTERN
) -> tuple[list[list[Card]], list[Card]]:
    """q20: two hands by packets (two, then three), then the next card is turned: it names the
    trump suit and goes under the talon (the talon's last card)."""
    hands, rest = deal(cards, dealer, 2, pattern)
    turn_under(rest)
    return hands, rest


def eleventh_card_game(cards: Sequence[Card], dealer: int = 0) -> TrickAndDraw:
    """q20: two players dealt by packets; the eleventh card, turned, names the trumps and goes under
    the talon; who does not deal leads; after each trick each takes a card from the talon."""
    hands, talon = deal_with_retourne(cards, dealer)
    return TrickAndDraw(
        hands, talon, talon[-1].suit, ranking(RETOURNE_ORDER), turn=1 - dealer, rules=("talon.deal.eleventh-card",)
    )


@dataclass
class TrickAndDraw:
    """q15: two players, a trump suit; after each trick the winner draws first from the talon,
    then the other, until the talon is used up. No obligation to follow is stated."""

    hands: list[list[Card]]
    talon: list[Card]
    trump: str
    strength: dict[str, int]
    turn: int = 0
    trick: list[tuple[int, Card]] = field(default_factory=list)
    tricks: list[int] = field(default_factory=lambda: [0, 0])
    draws: list[tuple[int, int]] = field(default_factory=list)  # (trick number, who drew first)
    rules: tuple[str, ...] = ("talon.draw.winner-first", "talon.rank.ace-ten-king")  # what a move follows

    def legal_actions(self) -> list[Card]:
        return sorted(self.hands[self.turn])

    def apply_action(self, chosen: Card) -> tuple[str, ...]:
        self.hands[self.turn].remove(chosen)
        self.trick.append((self.turn, chosen))
        if len(self.trick) < 2:
            self.turn = 1 - self.turn
            return ()
        cards = [c for _, c in self.trick]
        winner = self.trick[trick_winner(cards[0], cards, self.strength, self.trump)][0]
        self.tricks[winner] += 1
        if self.talon:
            self.draws.append((sum(self.tricks), winner))
            for seat in (winner, 1 - winner):
                if self.talon:
                    self.hands[seat].append(self.talon.pop(0))
        self.trick, self.turn = [], winner
        return self.rules

    def is_terminal(self) -> bool:
        return not any(self.hands) and not self.trick


def matching_turn(table: Table, seat: int, hand: Sequence[Card], on_table: Sequence[Card], fine: int = 0) -> bool:
    """q16, q17: a player holding no card of a rank lying on the table lays his hand face up
    (cul-bas) and, where the game fines it (q16), pays a jeton into the game for each player.
    Returns whether he could take."""
    if {c.rank for c in hand} & {c.rank for c in on_table}:
        return True
    table.lay_down(seat)
    if fine:
        table.fine_each(seat, fine, to="jeu")
    return False


def lay_down_fine(quotation: str) -> int:
    """What laying one's hand down costs, to each other player, in the game of the quotation."""
    return LAY_DOWN_FINE[quotation]


def looked_at_talon_bete(table: Table, seat: int, bete: int) -> None:
    """q21, the Médiateur: who looks at the cards left in the talon pays the bête, whole."""
    table.bete(seat, bete, "jeu")


def pack_for(players: int) -> list[Card]:
    """q22: seven to nine players take the whole pack; five or six strip it of its small cards, to
    the sixes, so that each still has about as many cards. Other numbers are refused."""
    low, high = PLAYERS
    if not low <= players <= high:
        raise ValueError(f"the game of talon.q22 is played by {low} to {high}, not {players}")
    whole = [
        Card(r, s)
        for s in ("pique", "coeur", "carreau", "trefle")
        for r in ("as", "2", "3", "4", "5", "6", "7", "8", "9", "10", "valet", "dame", "roi")
    ]
    return whole if players >= 7 else [c for c in whole if c.rank not in ("2", "3", "4", "5")]


def took_wrong_cards(table: Table, taker: int, owner: int, seen: bool, bete: int) -> None:
    """q9: who takes another's cards for the talon's puts them back; if he saw them, he and the
    owner share the bête, "l'un pour son peu d'attention, l'autre pour sa nonchalance"."""
    if seen:
        table.bete(taker, bete, "jeu", shared_with=owner)


@dataclass(frozen=True)
class LookedCard:
    """q3, the Impériale: the outcome when a player looks at or turns a talon card."""

    redeal_allowed: bool
    must_play_asked_suit: int  # times the offender must play the suit his adversary asks


def looked_at_talon(begun: bool, hands_seen: bool) -> LookedCard:
    """Before play and before either saw his hand, the adversary may stand or have a new deal;
    otherwise the offender plays once the suit the adversary asks."""
    if not begun and not hands_seen:
        return LookedCard(True, 0)
    return LookedCard(False, 1)


@dataclass
class ImperialeMarker:
    """q3: each player marks with five jetons and four fiches placed on his left, moved to the
    right as he scores; the first to pass his jetons from left to right wins."""

    jetons: int = 5
    fiches: int = 4
    passed: dict[str, int] = field(default_factory=lambda: {"jetons": 0, "fiches": 0})

    def mark(self, kind: str) -> None:
        if self.passed[kind] >= getattr(self, kind):
            raise ValueError(f"no {kind} left to mark with")
        self.passed[kind] += 1

    def won(self) -> bool:
        return self.passed["jetons"] == self.jetons


@dataclass(frozen=True)
class DealerExchange:
    """q10, Écarté: what the dealer who miscounts his exchange keeps or loses."""

    loses_point: bool
    loses_king: bool
    completes_from_talon: int
    tricks_to_adversary: int


def ecarte_dealer_exchange(discarded: int, taken: int, after_play: bool = False) -> DealerExchange:
    """More cards than he discarded: he loses the point and the king. Fewer: he completes from
    the talon without penalty, or, noticed only after play, the adversary makes a trick for each."""
    if taken > discarded:
        return DealerExchange(True, True, 0, 0)
    short = discarded - taken
    if after_play:
        return DealerExchange(False, False, 0, short)
    return DealerExchange(False, False, short, 0)


def talon_winner(taken: Sequence[Sequence[Card]], dealer: int) -> int:
    """q24: the talon goes to who took no trick, else to who took fewest cards and fewest honours;
    between equals to the nearest on the dealer's left."""
    players = len(taken)
    order = [(dealer - k) % players for k in range(players)]  # the dealer, then on his left

    def key(seat: int) -> tuple[bool, int, int, int]:
        honours = sum(1 for c in taken[seat] if c.rank in HONOURS)
        return bool(taken[seat]), len(taken[seat]), honours, order.index(seat)

    return min(range(players), key=key)


def card_pips(c: Card) -> int:
    """q25, Trente-et-quarante: a figure counts ten, the ace one, another card its pips."""
    if c.rank in ("roi", "dame", "valet", "cavalier"):
        return 10
    return 1 if c.rank == "as" else int(c.rank)


def taille(packet: Sequence[Card]) -> list[tuple[int, int]]:
    """The coups of a taille: a black row then a red row, each dealt until it passes thirty. The
    taille ends when the packet is used up; a coup it cannot finish is not played."""
    coups, position = [], 0
    while True:
        rows = []
        for _ in range(2):
            total = 0
            while total <= 30 and position < len(packet):
                total += card_pips(packet[position])
                position += 1
            rows.append(total)
        if rows[1] <= 30:
            return coups
        coups.append((rows[0], rows[1]))
