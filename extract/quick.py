"""Regular expressions searched fast. Most texts hold none of the words a pattern needs, and Python's
`str.__contains__` rules them out far faster than `re` can (it does not skip ahead past a leading
`\\b` or an alternation). So each pattern is first read by the standard library's own parser for the
literal strings one of which every match must contain, and a text with none of them is not searched;
a pattern without such strings is searched first without its word boundaries (a looser pattern:
where it finds nothing, the pattern as written finds nothing), unless it refuses what follows."""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from re import _constants as sre  # the standard library's own parser of expressions
from re import _parser

SHORTEST = 3  # a literal shorter than this rules out too few texts to be worth testing
ZERO_WIDTH = (sre.AT, sre.ASSERT, sre.ASSERT_NOT)  # consume nothing: literals on both sides are contiguous


class Quick:
    """A compiled pattern with a cheap test that rules out most texts before it is searched."""

    __slots__ = ("full", "loose", "word", "words")

    def __init__(self, pattern: str) -> None:
        self.full = re.compile(pattern)
        self.words = needed(pattern)
        self.word = min(self.words) if self.words else ""  # the one word most patterns need
        # without \b a pattern finds more, but a negative lookaround without \b would refuse more
        loosens = not self.words and "(?!" not in pattern and "(?<!" not in pattern
        self.loose = re.compile(pattern.replace(r"\b", "")) if loosens else None  # None: no test but the search

    @property
    def pattern(self) -> str:
        return self.full.pattern

    def may_match(self, text: str) -> bool:
        if self.words:
            return any(word in text for word in self.words) if len(self.words) > 1 else self.word in text
        return self.loose_may_match(text)

    def loose_may_match(self, text: str) -> bool:
        """The test of a pattern that needs no word: its looser form finds something, or no test."""
        return self.loose is None or self.loose.search(text) is not None

    def search(self, text: str) -> re.Match[str] | None:
        return self.full.search(text) if self.may_match(text) else None

    def finditer(self, text: str) -> Iterator[re.Match[str]]:
        return self.full.finditer(text) if self.may_match(text) else iter(())


class Quicks:
    """Many patterns read against one text: each word any of them needs is looked for once, not once
    per pattern that needs it (a slot table asks for "cartes" in a dozen patterns)."""

    __slots__ = ("items", "words")

    def __init__(self, items: Iterable[Quick]) -> None:
        self.items = tuple(items)
        self.words = tuple(sorted({w for q in self.items for w in q.words or ()}))

    def may_match(self, text: str) -> list[bool]:
        """For each pattern, in order: could it match the text (the test of `Quick.may_match`)?"""
        present = {w for w in self.words if w in text}
        return [not q.words.isdisjoint(present) if q.words else q.loose_may_match(text) for q in self.items]


def needed(pattern: str) -> frozenset[str] | None:
    """Literal strings one of which every match of the pattern contains; None where none are found
    (or the pattern ignores case)."""
    parsed = _parser.parse(pattern)
    return None if parsed.state.flags & re.IGNORECASE else _needed(parsed)


def _needed(items: list) -> frozenset[str] | None:
    """For a sequence: the most selective set any of its parts needs (the longest shortest string)."""
    best: frozenset[str] | None = None
    run: list[str] = []
    for op, arg in [*items, (None, None)]:
        if op is sre.LITERAL:
            run.append(chr(arg))
            continue
        if op in ZERO_WIDTH:
            continue
        best = _better(best, frozenset(["".join(run)]) if run else None)
        run = []
        if op is sre.SUBPATTERN and not arg[1] & re.IGNORECASE:  # (?i:…) matches its literals in any case
            best = _better(best, _needed(arg[3]))
        elif op is sre.BRANCH:
            alternatives = [_needed(branch) for branch in arg[1]]
            best = _better(best, frozenset().union(*alternatives) if all(alternatives) else None)
        elif op in (sre.MAX_REPEAT, sre.MIN_REPEAT, sre.POSSESSIVE_REPEAT) and arg[0] >= 1:
            best = _better(best, _needed(arg[2]))
    return best


def _better(best: frozenset[str] | None, found: frozenset[str] | None) -> frozenset[str] | None:
    if not found or min(map(len, found)) < SHORTEST:
        return best
    return found if best is None or min(map(len, found)) > min(map(len, best)) else best
