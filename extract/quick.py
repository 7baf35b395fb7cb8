"""Regular expressions searched fast. Most texts hold none of the words a pattern needs, and testing
for words is far cheaper than `re` (which does not skip ahead past a leading `\\b` or an
alternation). So each pattern is first read by the standard library's own parser for the literal
strings every match must contain (each of several parts: "jou…avec…cartes" needs all three), and a
text lacking one of them is not searched; a pattern without such strings is searched first without
its word boundaries (a looser pattern: where it finds nothing, the pattern as written finds nothing),
unless it refuses what follows. A set of patterns finds every word any of them needs in one pass of
an Aho-Corasick automaton over the text."""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from re import _constants as sre  # the standard library's own parser of expressions
from re import _parser

import ahocorasick

SHORTEST = 3  # a literal shorter than this rules out too few texts to be worth testing
ZERO_WIDTH = (sre.AT, sre.ASSERT, sre.ASSERT_NOT)  # consume nothing: literals on both sides are contiguous
Needs = tuple[frozenset[str], ...]  # each set: one of its strings is in every match


class Quick:
    """A compiled pattern with a cheap test that rules out most texts before it is searched."""

    __slots__ = ("full", "loose", "needs")

    def __init__(self, pattern: str) -> None:
        self.full = re.compile(pattern)
        self.needs = requirements(pattern)
        # without \b a pattern finds more, but a negative lookaround without \b would refuse more
        loosens = not self.needs and "(?!" not in pattern and "(?<!" not in pattern
        self.loose = re.compile(pattern.replace(r"\b", "")) if loosens else None  # None: no test but the search

    @property
    def pattern(self) -> str:
        return self.full.pattern

    def may_match(self, text: str) -> bool:
        if self.needs:
            return all(any(word in text for word in words) for words in self.needs)
        return self.loose_may_match(text)

    def loose_may_match(self, text: str) -> bool:
        """The test of a pattern that needs no word: its looser form finds something, or no test."""
        return self.loose is None or self.loose.search(text) is not None

    def search(self, text: str) -> re.Match[str] | None:
        return self.full.search(text) if self.may_match(text) else None

    def finditer(self, text: str) -> Iterator[re.Match[str]]:
        return self.full.finditer(text) if self.may_match(text) else iter(())


class Quicks:
    """Many patterns read against one text: the words any of them needs are found in one pass, and
    only the patterns whose first (most selective) need is met are looked at further."""

    __slots__ = ("automaton", "by_word", "items", "unworded")

    def __init__(self, items: Iterable[Quick]) -> None:
        self.items = tuple(items)
        self.by_word: dict[str, list[int]] = {}
        for i, quick in enumerate(self.items):
            for word in quick.needs[0] if quick.needs else ():
                self.by_word.setdefault(word, []).append(i)
        self.unworded = tuple(i for i, q in enumerate(self.items) if not q.needs)
        self.automaton = ahocorasick.Automaton()
        for word in sorted({w for q in self.items for words in q.needs for w in words}):
            self.automaton.add_word(word, word)
        if len(self.automaton):
            self.automaton.make_automaton()

    def candidates(self, text: str) -> list[int]:
        """The indexes, in order, of the patterns that could match the text (`Quick.may_match`)."""
        present = {word for _, word in self.automaton.iter(text)} if len(self.automaton) else set()
        first = {i for word in present for i in self.by_word.get(word, ())}
        met = [i for i in first if all(not words.isdisjoint(present) for words in self.items[i].needs[1:])]
        return sorted(met + [i for i in self.unworded if self.items[i].loose_may_match(text)])


def requirements(pattern: str) -> Needs:
    """The sets of literal strings every match of the pattern contains one of each, the most
    selective first; none where the pattern ignores case."""
    parsed = _parser.parse(pattern)
    if parsed.state.flags & re.IGNORECASE:
        return ()
    return tuple(sorted(set(_needs(parsed)), key=lambda words: (-min(map(len, words)), sorted(words))))


def needed(pattern: str) -> frozenset[str] | None:
    """The most selective of the pattern's required sets of strings (`requirements`), or None."""
    found = requirements(pattern)
    return found[0] if found else None


def _needs(items: list) -> list[frozenset[str]]:
    """For a sequence: every set of strings one of which each of its parts needs."""
    found: list[frozenset[str]] = []
    run: list[str] = []
    for op, arg in [*items, (None, None)]:
        if op is sre.LITERAL:
            run.append(chr(arg))
            continue
        if op in ZERO_WIDTH:
            continue
        if len(run) >= SHORTEST:
            found.append(frozenset(["".join(run)]))
        run = []
        if op is sre.SUBPATTERN and not arg[1] & re.IGNORECASE:  # (?i:…) matches its literals in any case
            found += _needs(arg[3])
        elif op is sre.BRANCH:
            alternatives = [_best(_needs(branch)) for branch in arg[1]]
            if all(alternatives):
                found.append(frozenset().union(*alternatives))
        elif op in (sre.MAX_REPEAT, sre.MIN_REPEAT, sre.POSSESSIVE_REPEAT) and arg[0] >= 1:
            found += _needs(arg[2])
    return found


def _best(found: list[frozenset[str]]) -> frozenset[str] | None:
    """The most selective set: the one whose shortest string is longest."""
    return max(found, key=lambda words: min(map(len, words)), default=None)


def alternation(words: Iterable[str]) -> str:
    """An expression matching any of the words, as a trie ("dix(?:\\-(?:huit|neuf|sept))?"): `re`
    tries an alternation's branches one by one at every position, and a trie leaves one branch per
    first letter. Of the words that fit at one position (each a prefix of the next) the longest is
    tried first, as in an alternation sorted longest first."""
    trie: dict = {}
    for word in words:
        node = trie
        for char in word:
            node = node.setdefault(char, {})
        node[""] = {}
    return _trie_expression(trie)


def _trie_expression(node: dict) -> str:
    branches = [re.escape(char) + _trie_expression(child) for char, child in sorted(node.items()) if char]
    body = branches[0] if len(branches) == 1 else f"(?:{'|'.join(branches)})" if branches else ""
    if "" in node and body:
        return f"(?:{body})?" if len(branches) > 1 or len(body) > 1 else f"{body}?"
    return body
