"""Regular expressions searched fast. Most texts hold none of the words a pattern needs, and testing
for words is far cheaper than `re` (which does not skip ahead past a leading `\\b` or an
alternation). So each pattern is first read by the standard library's own parser for the literal
strings every match must contain (each of several parts: "jou…avec…cartes" needs all three), and a
text lacking one of them is not searched; a pattern without such strings is searched first without
its word boundaries (a looser pattern: where it finds nothing, the pattern as written finds nothing),
unless it refuses what follows. A set of patterns finds every word any of them needs in one pass of
an Aho-Corasick automaton over the text. A pattern of several alternatives is tested and searched
alternative by alternative, each with its own needs, as `re` would have tried them."""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from itertools import groupby
from re import _constants as sre  # the standard library's own parser of expressions
from re import _parser

import ahocorasick

SHORTEST = 3  # a literal shorter than this rules out too few texts to be worth testing
RARE = frozenset("=+/×")  # unless it has a sign prose seldom has ("as = 11", "3 + 2")
ZERO_WIDTH = (sre.AT, sre.ASSERT, sre.ASSERT_NOT)  # consume nothing: literals on both sides are contiguous
Needs = tuple[frozenset[str], ...]  # each set: one of its strings is in every match


class Quick:
    """A compiled pattern with a cheap test that rules out most texts before it is searched; a
    pattern of several alternatives is tested, and searched, alternative by alternative (`parts`)."""

    __slots__ = ("branches", "full", "loose", "needs")

    def __init__(self, pattern: str) -> None:
        self.full = re.compile(pattern)
        self.needs = requirements(pattern)
        branches = alternatives(pattern)
        self.branches = tuple(Quick(branch) for branch in branches) if len(branches) > 1 else ()
        # without \b a pattern finds more, but a negative lookaround without \b would refuse more; a
        # pattern of branches is tested by theirs
        loosens = not self.needs and not self.branches and "(?!" not in pattern and "(?<!" not in pattern
        self.loose = re.compile(pattern.replace(r"\b", "")) if loosens else None  # None: no test but the search

    @property
    def pattern(self) -> str:
        return self.full.pattern

    @property
    def parts(self) -> tuple[Quick, ...]:
        """The alternatives tested and searched one by one: its branches, or the pattern itself."""
        return self.branches or (self,)

    def may_match(self, text: str) -> bool:
        return any(part.alone_may_match(text) for part in self.parts)

    def alone_may_match(self, text: str) -> bool:
        """The test of the pattern as one: its needs are met, and its looser form finds something."""
        return all(any(w in text for w in words) for words in self.needs) and self.loose_may_match(text)

    def loose_may_match(self, text: str) -> bool:
        """The test of a pattern that needs no word: its looser form finds something, or no test."""
        return self.loose is None or self.loose.search(text) is not None

    def search(self, text: str) -> re.Match[str] | None:
        return next(self.finditer(text), None)

    def finditer(self, text: str) -> Iterator[re.Match[str]]:
        return leftmost([part.full for part in self.parts if part.alone_may_match(text)], text)


class Quicks:
    """Many patterns read against one text: the words any of them needs are found in one pass, and
    only the alternatives whose first (most selective) need is met, or that have none, are looked at further."""

    __slots__ = ("automaton", "by_word", "items", "owners", "parts", "unworded")

    def __init__(self, items: Iterable[Quick]) -> None:
        self.items = tuple(items)
        self.parts = tuple(part for quick in self.items for part in quick.parts)
        self.owners = tuple(i for i, quick in enumerate(self.items) for _ in quick.parts)
        self.by_word: dict[str, list[int]] = {}
        for j, part in enumerate(self.parts):
            for word in part.needs[0] if part.needs else ():
                self.by_word.setdefault(word, []).append(j)
        self.unworded = frozenset(j for j, part in enumerate(self.parts) if not part.needs)
        self.automaton = ahocorasick.Automaton()
        for word in sorted({w for part in self.parts for words in part.needs for w in words}):
            self.automaton.add_word(word, word)
        if len(self.automaton):
            self.automaton.make_automaton()

    def candidates(self, text: str) -> list[int]:
        """The indexes, in order, of the patterns that could match the text (`Quick.may_match`)."""
        return sorted({self.owners[j] for j in self._met(text)})

    def finditer(self, text: str) -> Iterator[tuple[int, re.Match[str]]]:
        """Every match of every pattern, pattern by pattern in order, each with its pattern's index."""
        for i, met in groupby(self._met(text), key=self.owners.__getitem__):  # the parts of a pattern are adjacent
            for match in leftmost([self.parts[j].full for j in met], text):
                yield i, match

    def matching(self, text: str) -> list[int]:
        """The indexes, in order, of the patterns that match the text."""
        met = self._met(text)
        return sorted({self.owners[j] for j in met if self.parts[j].full.search(text)})

    def _met(self, text: str) -> list[int]:
        """The alternatives, in order, that could match the text (`Quick.alone_may_match`)."""
        present = {word for _, word in self.automaton.iter(text)} if len(self.automaton) else set()
        first = {j for word in present for j in self.by_word.get(word, ())} | self.unworded
        return [
            j
            for j in sorted(first)
            if all(not words.isdisjoint(present) for words in self.parts[j].needs[1:])
            and self.parts[j].loose_may_match(text)
        ]


def leftmost(patterns: list[re.Pattern[str]], text: str) -> Iterator[re.Match[str]]:
    """The matches of the patterns' alternation as `re` finds them: from where the last ended, the
    leftmost match, the first pattern's where several start there."""
    if len(patterns) == 1:
        yield from patterns[0].finditer(text)
        return
    ahead = [pattern.search(text) for pattern in patterns]  # each pattern's next match
    while any(ahead):
        best = min((m for m in ahead if m), key=lambda m: m.start())  # min keeps the first of a tie
        yield best
        at = max(best.end(), best.start() + 1)
        ahead = [
            m if m is None or m.start() >= at else p.search(text, at) for p, m in zip(patterns, ahead, strict=True)
        ]


def alternatives(pattern: str) -> list[str]:
    """The pattern's top-level alternatives (itself alone if it has none, or sets flags for all)."""
    if pattern.startswith("(?") and re.match(r"\(\?[aiLmsux]+\)", pattern):
        return [pattern]
    out, depth, start, i, in_set = [], 0, 0, 0, False
    while i < len(pattern):
        char = pattern[i]
        if char == "\\":
            i += 1
        elif in_set:
            in_set = char != "]"
        elif char == "[":
            in_set = True
            i += 2 if pattern[i + 1 : i + 3] == "^]" else 1 if pattern[i + 1 : i + 2] in ("^", "]") else 0
        elif char in "()":
            depth += 1 if char == "(" else -1
        elif char == "|" and depth == 0:
            out.append(pattern[start:i])
            start = i + 1
        i += 1
    return [*out, pattern[start:]]


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
            if op is sre.ASSERT:  # what a lookahead or lookbehind must see is in the text too
                found += _needs(arg[1])
            continue
        if len(run) >= SHORTEST or RARE.intersection(run):
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
