"""The long s (ſ) that OCR reads as f: `eft`, `fe`, `plufieurs` for est, se, plusieurs.

A word is read with s for some of its f's (never the last letter: the long s was not set at the end
of a word) when the s-form is a much more frequent French word than the f-form; `font`, `forte` and
`fait`, words in their own right, stay. The method runs only on a text that shows the confusion.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator

from corpus.glossary import glossary_words
from corpus.wordlists import zipf

TOKEN = re.compile(r"[^\W\d_]+")
GAIN = 1.9  # Zipf points the s-form must gain over the f-form ("eft" 3.0 → "est" 7.2)
RARE = 3.5  # below this, an f-form needs to gain only NEAR ("fervent" 3.4 → "servent" 4.3)
NEAR = 0.9
FLOOR = 2.5  # the s-form must be a word
UNKNOWN_FLOOR = 2.0  # …a rarer one will do when the f-form is no word at all ("difgracieufe")
GLOSSARY = 5.0  # a term of the glossary is a word however rare in general French ("Efpadille")
SIGNS = 3  # words only a long s explains ("eft", "plufieurs") before a text is read so
SHARE = 0.005


def reading(word: str) -> str | None:
    """The word with long s's where f's were read, or None when the f-form should stay."""
    low = word.lower()
    places = [k for k, c in enumerate(low[:-1]) if c == "f"]
    if not places or len(places) > 4:
        return None
    forms = [
        "".join("s" if k in chosen else c for k, c in enumerate(word))
        for size in range(1, len(places) + 1)
        for chosen in itertools.combinations(places, size)
    ]
    best = max(forms, key=_known)
    before, after = _known(low), _known(best)
    gain = after - before
    floor = UNKNOWN_FLOOR if before == 0 else FLOOR
    if after >= floor and (gain >= GAIN or (before < RARE and gain >= NEAR)):
        return best
    return None


def _known(word: str) -> float:
    return max(zipf(word), GLOSSARY if word.lower() in glossary_words() else 0.0)


def shows_long_s(text: str) -> bool:
    """Does the text show the confusion: words unknown or rare with f that are common with s?"""
    words = TOKEN.findall(text)
    signs = sum(1 for w in words if "f" in w[:-1].lower() and zipf(w) < 3.0 and reading(w))
    return signs >= SIGNS and signs >= SHARE * len(words)


def edits(raw: str, start: int, end: int) -> Iterator[tuple[int, int, str]]:
    """(start, end, s-form) for every word of raw[start:end] read with a long s."""
    for match in TOKEN.finditer(raw, start, end):
        new = reading(match.group())
        if new:
            yield match.start(), match.end(), new
