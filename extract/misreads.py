"""Words OCR misread, read as the word of the game they stand for ("hvit cartes", "cartee",
"trentë-deux", "jettons", "trlomphe"), so that a claim survives a letter misread in it.

Only the extraction reads so: the TEI keeps the text as printed, and the cleaning corrects only what
its tables learned. A word is read as another when no lexicon knows it and exactly one word that the
slot patterns look for (extract/data/slots.toml), a number or a term of the glossary is one letter
away from it, its f's read as long s's or not: a letter read for another ("cartee": cartes,
"petfonnes": personnes) before one added or dropped.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import cache

from rapidfuzz.distance import Levenshtein

from corpus.wordlists import zipf

SHORTEST = 4  # "dix" and "dit", "roi" and "toi": a short word has too many neighbours to guess
KNOWN = 2.0  # Zipf: a word this frequent in French is a word, whatever it is one letter from
_ESCAPE = re.compile(r"\\.|\{[^}]*\}")  # "\b", "\w", "{n:size}": no words
_WORD = re.compile(r"([a-zà-ÿœæ]+?)(s\?)?(?![a-zà-ÿœæ])")


def words_of_patterns(patterns: Iterable[str]) -> frozenset[str]:
    """The literal words of regular expressions ("cartes?" gives carte and cartes)."""
    out = set()
    for pattern in patterns:
        for match in _WORD.finditer(_ESCAPE.sub(" ", pattern.lower())):
            word, plural = match.groups()
            out |= {word, word + "s"} if plural else {word}
    return frozenset(w for w in out if len(w) >= SHORTEST)


class Misreads:
    """Reads an unknown word as the one word of `targets` one letter away from it, if any."""

    def __init__(self, targets: Iterable[str]) -> None:
        self.targets = frozenset(targets)
        self.by_length: dict[int, list[str]] = {}
        for word in sorted(self.targets):
            self.by_length.setdefault(len(word), []).append(word)
        self.read = cache(self._read)

    def _read(self, word: str) -> str:
        if len(word) < SHORTEST or word in self.targets or zipf(word) >= KNOWN:
            return word
        forms = {word, word[:-1].replace("f", "s") + word[-1]}  # and its long s's as s: "petfonnes"
        for sizes in ((len(word),), (len(word) - 1, len(word) + 1)):  # a letter read for another first
            near = {
                target
                for size in sizes
                for target in self.by_length.get(size, ())
                for form in forms
                if Levenshtein.distance(form, target, score_cutoff=1) <= 1
            }
            if near:
                return near.pop() if len(near) == 1 else word
        return word
