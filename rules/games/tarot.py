"""Tarot games: the games of La Marinière (1659) and the 19th-century Tarots, as parameters.

One engine, variants as parameters (OpenSpiel style): the values of cards, the hand size, whether
trumping is forced (the Triomphe forcée), a suit of `rigueur` ranking above the others, the Fou as
excuse. Each variant is the reading of one passage; the rules in rules/data/rules cite them.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from rules.cards import Card, card
from rules.decks import deck
from rules.engine import turn_under
from rules.games.piquet import PiquetGame, set_worth
from rules.table import Match

SUIT_ORDER = ("as", "2", "3", "4", "5", "6", "7", "8", "9", "10", "valet", "cavalier", "dame", "roi")

VARIANTS: dict[str, dict[str, object]] = {
    # taros-1659 art. III: "le fou vaut cinq … le Monde vaut quatre, le basteleur aussi 4. les Rois
    # quatre, les Reines trois, les Cheualiers deux, le Valet vn"
    "1659-premier": {
        "players": 4,
        "hand": 12,
        "forced": True,
        "values": {"fou": 5, "atout-21": 4, "atout-1": 4, "roi": 4, "dame": 3, "cavalier": 2, "valet": 1},
    },
    # art. IV: fifty points, twelve cards each, the Fou five, the kings four
    "1659-cinquante": {"players": 4, "hand": 12, "target": 50, "values": {"fou": 5, "roi": 4}},
    # art. V: the fourteen cards of épée, "la rigueur", take the other suits
    "1659-rigueur": {"players": 4, "hand": 12, "forced": True, "rigueur": "pique", "values": {"fou": 5}},
    # sec. 2: the Triomphe forcée, five cards each, no card turned
    "triomphe-forcee": {"players": 4, "hand": 5, "forced": True, "values": {}},
    # sec. 3: the Swiss game, three players, all the cards but three, which the dealer takes
    "suisse": {
        "players": 3,
        "hand": 25,
        "reserve": 3,
        # "les Chevaliers autant les uns comme les autres": read as much as the queens (four); the
        # other reading, three, is an open rule the engine finds inconsistent
        "values": {"atout-21": 5, "atout-1": 5, "roi": 5, "dame": 4, "cavalier": 4, "fou": 3},
    },
    # tarots art. 1: two to four players, twelve cards each, a card turned shows the trump suit
    # its 22 majors run from the Chaos (1, highest) to the Folie (22, lowest), the Folie a trump
    "tarots-19c": {
        "players": 4,
        "hand": 12,
        "retourne": True,
        "figures": 10,
        "descending": True,
        "fou_trump": 22,
        "exchange": [5, 4, 3, 2],
        "trick_bonus": 10,
        "target": 100,
        "values": {},
    },
}


# The rules that allow a move in each variant (returned by apply_action).
PLAY_RULES: dict[str, tuple[str, ...]] = {
    "1659-premier": ("taros-1659.play.triomphe-forcee", "taros-1659.play.excuse"),
    "1659-cinquante": ("taros-1659.play.excuse",),
    "1659-rigueur": ("taros-1659.play.rigueur", "taros-1659.play.excuse"),
    "triomphe-forcee": ("taros-1659.play.triomphe-forcee",),
    "suisse": ("taros-1659.deal.suisse", "taros-1659.play.excuse"),
    "tarots-19c": ("tarots.rank.majors", "tarots.rank.minors"),
}


def value_of(c: Card, values: dict[str, int]) -> int:
    """A card's value: by its id (`atout-21`, `fou`), else by its rank."""
    return values.get(c.id, values.get(c.rank, 0) if c.suit not in ("atout", "fou") else 0)


class TarotGame:
    def __init__(self, variant: str = "1659-premier", **overrides: object):
        if variant not in VARIANTS:
            raise ValueError(f"unknown tarot variant '{variant}' (known: {', '.join(VARIANTS)})")
        self.variant = variant
        base = {"deck": "tarot-78", "forced": False, "rigueur": None, "reserve": 0}
        self.params = {**base, **VARIANTS[variant], **overrides}
        self.cards = deck(str(self.params["deck"]))
        self.players = int(self.params["players"])
        hand, reserve = int(self.params["hand"]), int(self.params["reserve"])
        if hand * self.players + reserve > len(self.cards):
            raise ValueError(f"{self.players} hands of {hand} and {reserve} more exceed {len(self.cards)} cards")

    def partie(self) -> Match:
        """The partie: deals until a player reaches the variant's target (1659 art. IV, tarots art. 8)."""
        if "target" not in self.params:
            raise ValueError(f"the variant '{self.variant}' states no target")
        return Match(self.players, int(self.params["target"]))

    @property
    def values(self) -> dict[str, int]:
        return dict(self.params["values"])

    def new_initial_state(self, seed: int = 0, dealer: int = 0) -> TarotState:
        cards = list(self.cards)
        random.Random(seed).shuffle(cards)
        size, reserve = int(self.params["hand"]), int(self.params["reserve"])
        hands = [cards[k * size : (k + 1) * size] for k in range(self.players)]
        hands[dealer] += cards[self.players * size : self.players * size + reserve]
        stock = cards[self.players * size + reserve :]
        return TarotState(self, dealer, hands, stock)

    def excuse(self, c: Card) -> bool:
        """The Fou is an excuse (1659), unless the variant makes it the lowest major (tarots art. 2)."""
        return c.suit == "fou" and not self.params.get("fou_trump")

    def suit(self, c: Card) -> str:
        """The suit a card follows: a Fou that is a trump follows the majors."""
        return "atout" if c.suit == "fou" and self.params.get("fou_trump") else c.suit

    def strength(self, c: Card, led: Card, minor: str | None = None) -> tuple[int, int]:
        """Trumps over the rigueur suit (or the minor trumps of the retourne) over the suit led;
        the Fou never takes."""
        if c.suit == "fou":
            trump = self.params.get("fou_trump")
            return (3, -int(trump)) if trump else (-1, 0)
        if c.suit == "atout":
            return (3, -int(c.rank) if self.params.get("descending") else int(c.rank))
        if c.suit == (minor or self.params["rigueur"]):
            return (2, SUIT_ORDER.index(c.rank))
        return (1, SUIT_ORDER.index(c.rank)) if c.suit == self.suit(led) else (0, 0)


@dataclass
class TarotState:
    game: TarotGame
    dealer: int
    hands: list[list[Card]]
    stock: list[Card]
    taken: list[list[Card]] = field(default_factory=list)
    trick: list[tuple[int, Card]] = field(default_factory=list)
    turn: int = 0
    revoked: int | None = None  # the first player who revoked: "qui renonce perd la partie"
    takers: list[int] = field(default_factory=list)  # who took each trick, in order
    retourne: Card | None = None  # tarots art. 1: turned after the deal, under the talon
    exchanged: int = 0  # players who have made their exchange (tarots art. 1)
    discards: list[Card] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.taken = [[] for _ in range(self.game.players)]
        self.turn = (self.dealer + 1) % self.game.players
        if self.game.params.get("retourne") and self.stock and self.retourne is None:
            self.retourne = turn_under(self.stock)
        if self.game.params["reserve"]:  # the dealer discards as many as he took ("rencarte")
            extra = int(self.game.params["reserve"])
            self.taken[self.dealer] += self.hands[self.dealer][-extra:]
            del self.hands[self.dealer][-extra:]

    def current_player(self) -> int:
        return -1 if self.is_terminal() else self.turn

    @property
    def minor(self) -> str | None:
        """The suit of the minor trumps: the retourne's, none when a major is turned (art. 2, 3)."""
        if self.retourne is None or retourne_trumps(self.retourne) == "atout":
            return None
        return self.retourne.suit

    def exchanging(self) -> bool:
        return self.exchanged < len(self.game.params.get("exchange", ())[: self.game.players])

    def exchange_limit(self) -> int:
        return int(self.game.params["exchange"][self.exchanged])

    def exchange(self, discards: list[Card]) -> tuple[str, ...]:
        """Tarots art. 1: the player to move changes one card up to his seat's limit (five for the
        first to play, four for the second…), taking as many from the top of the talon; the
        retourne, under the talon, is never taken."""
        if not self.exchanging():
            raise ValueError("no exchange now")
        limit, takeable = self.exchange_limit(), len(self.stock) - 1
        if not 1 <= len(discards) <= min(limit, takeable) or not set(discards) <= set(self.hands[self.turn]):
            raise ValueError(f"player {self.turn} may change 1 to {min(limit, takeable)} of his cards")
        for c in discards:
            self.hands[self.turn].remove(c)
        self.discards += discards
        self.hands[self.turn] += self.stock[: len(discards)]
        del self.stock[: len(discards)]
        self.exchanged += 1
        self.turn = (self.turn + 1) % self.game.players
        return ("tarots.exchange.limits",)

    def legal_actions(self) -> list[Card]:
        if self.exchanging():
            return []
        hand = self.hands[self.turn]
        if not self.trick:
            return sorted(hand)
        led = next((c for _, c in self.trick if not self.game.excuse(c)), None)
        if led is None:
            return sorted(hand)
        excuse = [c for c in hand if self.game.excuse(c)]
        suit = self.game.suit
        same = [c for c in hand if suit(c) == suit(led) and c not in excuse]
        if same:
            return sorted(same + excuse)
        trumps = [c for c in hand if suit(c) == "atout"]
        if self.game.params["forced"] and trumps:
            return sorted(trumps + excuse)
        return sorted(hand)

    def apply_fault(self, fault: str, action: Card | str) -> tuple[str, ...]:
        """A revoke ('renonce'): the player to move plays a card he holds that the rules forbid him
        (he could follow or had to trump). The game goes on; he loses it (art. IV)."""
        chosen = card(action) if isinstance(action, str) else action
        if fault != "renonce" or chosen not in self.hands[self.turn] or chosen in self.legal_actions():
            raise ValueError(f"{chosen} by player {self.turn} is not a revoke")
        if self.revoked is None:
            self.revoked = self.turn
        return ("taros-1659.penalty.renonce", *self._play(chosen))

    def apply_action(self, action: Card | str) -> tuple[str, ...]:
        chosen = card(action) if isinstance(action, str) else action
        if chosen not in self.legal_actions():
            raise ValueError(f"{chosen} is not a legal action for player {self.turn}")
        return self._play(chosen)

    def _play(self, chosen: Card) -> tuple[str, ...]:
        self.hands[self.turn].remove(chosen)
        self.trick.append((self.turn, chosen))
        allowed = PLAY_RULES[self.game.variant]
        if len(self.trick) < self.game.players:
            self.turn = (self.turn + 1) % self.game.players
            return allowed
        led = next((c for _, c in self.trick if not self.game.excuse(c)), self.trick[0][1])
        minor = self.minor
        seat, _ = max(self.trick, key=lambda sc: self.game.strength(sc[1], led, minor))
        for player, played in self.trick:  # the Fou, as excuse, stays with its owner
            self.taken[player if self.game.excuse(played) else seat].append(played)
        self.takers.append(seat)
        self.trick, self.turn = [], seat
        return allowed

    def is_terminal(self) -> bool:
        return not any(self.hands) and not self.trick

    def points(self) -> list[int]:
        return [sum(value_of(c, self.game.values) for c in taken) for taken in self.taken]

    def most_tricks(self) -> int:
        """Who takes what is left in the pool (1659 sec. 2 art. IV, V): most tricks; between equals
        the primauté, the one who took his tricks first."""
        counts = [self.takers.count(s) for s in range(self.game.players)]
        tied = [s for s in range(self.game.players) if counts[s] == max(counts)]
        return min(tied, key=self.takers.index)

    def deal_scores(self) -> list[int]:
        """What each scores in a deal of the 19th-century Tarots: trios and quatorzes (art. 6) and
        the bonus of the most tricks (art. 7)."""
        sets = tarot_sets([h + t for h, t in zip(self.hands, self.taken, strict=True)])
        bonus = int(self.game.params.get("trick_bonus", 0))
        return [score + (bonus if seat == self.most_tricks() else 0) for seat, score in enumerate(sets)]

    def returns(self) -> list[float]:
        """Card points; a player who revoked has lost, whatever his cards: below every other."""
        if not self.is_terminal():
            return [0.0] * self.game.players
        out = [float(p) for p in self.points()]
        if self.revoked is not None:
            out[self.revoked] = min(p for s, p in enumerate(out) if s != self.revoked) - 1.0
        return out


# Triomphe forcée, art. II: who is dealt the Fou or the Basteleur takes back his stake, the Force
# two stakes, the Mort everything in the pool.
STAKE_BONUS = {"fou": 1, "atout-1": 1, "atout-11": 2}
DEATH = "atout-13"


def stake_bonus(hand: list[Card], stake: int, pool: int) -> int:
    """What a hand of the Triomphe forcée takes from the pool when dealt."""
    if any(c.id == DEATH for c in hand):
        return pool
    return min(pool, sum(STAKE_BONUS.get(c.id, 0) for c in hand) * stake)


def random_game(seed: int, variant: str = "1659-premier") -> TarotState:
    state = TarotGame(variant).new_initial_state(seed)
    rng = random.Random(seed + 1)
    while state.exchanging():
        hand = state.hands[state.turn]
        state.exchange(rng.sample(hand, rng.randint(1, min(state.exchange_limit(), len(state.stock) - 1))))
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    return state


FIGURES = ("roi", "dame", "cavalier", "valet")


def retourne_trumps(retourne: Card) -> str:
    """Tarots art. 1-3: the turned card's suit gives the minor trumps; a major turned, only majors."""
    return "atout" if retourne.suit in ("atout", "fou") else retourne.suit


def point_value(c: Card, figures: int = 10) -> int:
    """Tarots art. 5: for the point, figures count ten, other cards their pips, the ace one."""
    if c.rank in FIGURES:
        return figures
    return 1 if c.rank == "as" else int(c.rank)


def point_of(hand: list[Card]) -> tuple[int, bool]:
    """Tarots art. 5: a hand's point, its best suit counted card by card (figures ten, other cards
    their pips); the majors are a fifth suit, each counting its number. Returns (value, majors?)."""
    by_suit: dict[str, int] = {}
    for c in hand:
        if c.suit == "atout":
            by_suit["atout"] = by_suit.get("atout", 0) + int(c.rank)
        elif c.suit != "fou":
            by_suit[c.suit] = by_suit.get(c.suit, 0) + point_value(c)
    best = max(by_suit.items(), key=lambda item: (item[1], item[0] == "atout"), default=("", 0))
    return best[1], best[0] == "atout"


def point_winner(hands: list[list[Card]]) -> int:
    """Who has the point: the best value; between equal points the majors take it (art. 5)."""
    return max(range(len(hands)), key=lambda seat: point_of(hands[seat]))


def major_sequences(hand: list[Card]) -> list[int]:
    """Tarots art. 4: runs of three or more majors by their numbers; the Folie in none."""
    numbers = sorted(int(c.rank) for c in hand if c.suit == "atout")
    runs, length = [], 0
    for k, n in enumerate(numbers):
        length = length + 1 if k and n == numbers[k - 1] + 1 else 1
        if length >= 3 and (k + 1 == len(numbers) or numbers[k + 1] != n + 1):
            runs.append(length)
    return sorted(runs, reverse=True)


SET_RANKS = ("as", "10", "valet", "cavalier", "dame", "roi")  # lowest first


def tarot_sets(hands: list[list[Card]]) -> list[int]:
    """Tarots art. 6: trios and quatorzes of kings, queens, knights, knaves, tens and aces, counted
    as at Piquet; those of aces are cancelled by a trio or quatorze of tens or higher in another hand."""
    piquet = PiquetGame()
    held = [{r: sum(1 for c in h if c.rank == r and c.suit not in ("atout", "fou")) for r in SET_RANKS} for h in hands]
    scores = []
    for seat, counts in enumerate(held):
        others_high = any(o[r] >= 3 for k, o in enumerate(held) if k != seat for r in SET_RANKS[1:])
        scores.append(sum(set_worth(n, piquet) for rank, n in counts.items() if not (rank == "as" and others_high)))
    return scores
