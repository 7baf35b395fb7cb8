"""Generic card-play machinery: dealing by packets, trick winners, card points."""

from __future__ import annotations

from collections.abc import Sequence

from rules.cards import Card

Pattern = Sequence[tuple[int, int]]  # per round: (cards to each other player, cards to the dealer)


def check_pattern(pattern: Pattern, players: int, deck_size: int) -> tuple[int, int, int]:
    """Hand sizes (others, dealer) and talon a packet pattern gives; refuse one the deck cannot serve."""
    others = sum(o for o, _ in pattern)
    dealer = sum(d for _, d in pattern)
    talon = deck_size - others * (players - 1) - dealer
    if min(others, dealer) <= 0 or talon < 0:
        raise ValueError(f"pattern {list(pattern)} cannot be dealt from {deck_size} cards to {players} players")
    return others, dealer, talon


def deal(
    cards: Sequence[Card], dealer: int, players: int, pattern: Pattern, step: int = 1
) -> tuple[list[list[Card]], list[Card]]:
    """Deal packets round by round, starting with the player after the dealer (`step` +1 or -1
    gives the direction), the dealer last; what is left is the talon."""
    check_pattern(pattern, players, len(cards))
    hands: list[list[Card]] = [[] for _ in range(players)]
    position = 0
    order = [(dealer + step * k) % players for k in range(1, players + 1)]
    for to_others, to_dealer in pattern:
        for seat in order:
            count = to_dealer if seat == dealer else to_others
            hands[seat].extend(cards[position : position + count])
            position += count
    return hands, list(cards[position:])


def turn_under(stock: list[Card]) -> Card:
    """The card after the deal is turned up and put under the talon (it names the trumps)."""
    turned = stock.pop(0)
    stock.append(turned)
    return turned


def trick_winner(led: Card, plays: Sequence[Card], strength: dict[str, int], trump: str | None = None) -> int:
    """Index in `plays` of the winning card: the highest trump, else the highest of the suit led."""

    best, best_key = 0, (-1, -1)
    for i, played in enumerate(plays):  # a plain loop: this is the engine's hottest function
        if trump is not None and played.suit == trump:
            key = (2, strength[played.rank])
        elif played.suit == led.suit:
            key = (1, strength[played.rank])
        else:
            continue
        if key > best_key:
            best, best_key = i, key
    return best


def must_follow(hand: Sequence[Card], led: Card | None) -> list[Card]:
    """The cards a player may play when suit must be followed."""
    if led is None:
        return list(hand)
    same = [c for c in hand if c.suit == led.suit]
    return same or list(hand)


def points(cards: Sequence[Card], values: dict[str, float], overrides: dict[str, float] | None = None) -> float:
    """Card points: by rank, with per-card overrides (`as-carreau` 5, `valet-coeur` 4 at Reversis)."""
    overrides = overrides or {}
    return sum(overrides.get(c.id, values.get(c.rank, 0)) for c in cards)


def parameters(game: str, defaults: dict, given: dict) -> dict:
    """A game's parameters: its defaults overridden by those given; an unknown name is refused."""
    unknown = set(given) - set(defaults)
    if unknown:
        raise ValueError(f"unknown {game} parameters: {sorted(unknown)}")
    return {**defaults, **given}


def ranking(order: Sequence[str]) -> dict[str, int]:
    """Rank strengths from an order given lowest first."""
    return {rank: i for i, rank in enumerate(order)}
