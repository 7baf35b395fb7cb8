"""Repairs for very noisy OCR only (more than 2% of tokens garbled, as in the raw Piquet and
Reversis): what clean print never needs and would only harm.

- a stray mark inside a word is a misread letter or apostrophe (`n*en`, `<lix`, `^ulre`);
- a two-letter token that is no French word is the nearest one that is (`do` → de, `ïa` → la);
- two words run together are split when both are common (`dechaque` → de chaque);
- a rare word one misread letter away from a term of the glossary is that term (`caries` → cartes).
Each proposal is ranked as in corpus/ocrfix.py (the likelihood of the misreading times the word's
frequency) and applied only with a clear margin over the next.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterable
from functools import lru_cache

from corpus.glossary import glossary_words
from corpus.wordlists import zipf

MARKS = "^<>]*&•)(«»[{}|%$#@/\\"
# What a stray mark may stand for, and how likely: a letter, an apostrophe, a hyphen, or nothing.
FILLERS = {**dict.fromkeys("abcdefghijklmnopqrstuvwxyzéèàêâôûç", 0.01), "'": 0.05, "-": 0.002, "": 0.02}
TWO_LETTER_WORDS = (
    "de",
    "le",
    "la",
    "un",
    "en",
    "et",
    "il",
    "on",
    "ne",
    "se",
    "ce",
    "sa",
    "ma",
    "du",
    "au",
    "ou",
    "si",
)
COMMON = 4.0  # Zipf: each half of a split
RARE = 3.0  # Zipf: below this a known word may be a misreading
CANDIDATE = 3.5  # Zipf: what a stray mark or a rare word may become
MARGIN = 2.0  # natural-log margin between the best candidate and the next
TWO_LETTER_MARGIN = 1.5  # the closed list of two-letter words leaves fewer ways to go wrong
NOT_MISREAD = frozenset(
    [*TWO_LETTER_WORDS, "où", "là", "çà", "ça", "eu", "ai", "as", "va", "me", "te", "tu", "je", "ni"]
)
ELIDED = frozenset(["l", "d", "n", "s", "c", "j", "m", "t", "qu", "jusqu", "lorsqu", "puisqu", "quoiqu"])
Edits = Callable[[str], Iterable[tuple[str, float]]]


def frequency(word: str) -> float:
    """A word's weight: its Zipf frequency, a glossary word counting as common; a word with an
    elision or a hyphen weighs as its rarest part (n'en, ci-dessus)."""
    parts = [p for p in re.split(r"(?<=['’])|-", word) if p]
    if len(parts) > 1:
        hyphened = word.split("-")
        if len(hyphened) > 1 and min(len(h) for h in hyphened) < 2:
            return 0.0
        return min(frequency(p) for p in parts)
    if word[-1:] in "'’":
        return 5.0 if word[:-1].lower() in ELIDED else 0.0
    return max(zipf(word), 5.0 if word.lower() in glossary_words() else 0.0)


def _best(candidates: Iterable[tuple[str, float]], floor: float = CANDIDATE, margin: float = MARGIN) -> str | None:
    """The likeliest candidate (misreading likelihood times frequency) if it clears the margin."""
    scored: dict[str, float] = {}
    for word, prob in candidates:
        weight = frequency(word)
        if word and weight >= floor:
            scored[word] = max(scored.get(word, -1e9), math.log(prob) + weight * math.log(10))
    ranked = sorted(scored.items(), key=lambda kv: (-kv[1], kv[0]))
    if not ranked or (len(ranked) > 1 and ranked[0][1] - ranked[1][1] < margin):
        return None
    return ranked[0][0]


@lru_cache(maxsize=1 << 14)
def marked_word(token: str) -> str | None:
    """`n*en` → n'en, `alor&` → alors: each stray mark read as a letter, an apostrophe, a hyphen or nothing."""
    marks = sum(c in MARKS for c in token)
    if not 0 < marks <= 2 or len(token) < 2 or not all(c.isalpha() or c in MARKS or c in "'’" for c in token):
        return None
    options = [("", 1.0)]
    for ch in token:
        fillers = FILLERS if ch in MARKS else {ch: 1.0}
        options = [(o + f, p * q) for o, p in options for f, q in fillers.items()]
    return _best(options)


def two_letters(word: str, edits: Edits) -> str | None:
    """A two-letter token that is no French word becomes the French one a confusion away."""
    if len(word) != 2 or not word.isalpha() or not word.islower() or word in NOT_MISREAD:
        return None
    return _best(((new, prob) for new, prob in edits(word) if new in TWO_LETTER_WORDS), margin=TWO_LETTER_MARGIN)


def split_word(word: str) -> str | None:
    """`dechaque` → de chaque: two common words run together (the longer first part wins a tie)."""
    if len(word) < 6 or not word.isalpha():
        return None
    splits = [
        f"{word[:k]} {word[k:]}"
        for k in range(2, len(word) - 1)
        if min(frequency(word[:k]), frequency(word[k:])) >= COMMON
    ]
    return splits[-1] if splits else None


def rare_word(word: str, edits: Edits) -> str | None:
    """`caries` → cartes: a rare word one misread letter from a word of the glossary (in a noisy
    card-game text, a rare word next to a term of the game is most likely that term misread)."""
    if not word.isalpha() or not word.islower() or len(word) < 4 or frequency(word) >= RARE:
        return None
    terms = glossary_words()
    return _best((new, prob) for new, prob in edits(word) if len(new) == len(word) and new in terms)
