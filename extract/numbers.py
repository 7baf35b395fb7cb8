"""A French number reader: onze, vingt-et-un, soixante-dix-huit, soixante et dix-huit,
cinq cent quarante-cinq, 1°, 12., XIV, 78."""

from __future__ import annotations

import re

UNITS = {
    "zéro": 0,
    "un": 1,
    "une": 1,
    "deux": 2,
    "trois": 3,
    "quatre": 4,
    "cinq": 5,
    "six": 6,
    "sept": 7,
    "huit": 8,
    "neuf": 9,
    "dix": 10,
    "onze": 11,
    "douze": 12,
    "treize": 13,
    "quatorze": 14,
    "quinze": 15,
    "seize": 16,
    "dix-sept": 17,
    "dix-huit": 18,
    "dix-neuf": 19,
}
TENS = {"vingt": 20, "vingts": 20, "trente": 30, "quarante": 40, "cinquante": 50, "soixante": 60}
SCALES = {"cent": 100, "cents": 100, "mille": 1000}
ROMAN = re.compile(r"^(?=[MDCLXVI])M{0,3}(CM|CD|D?C{0,3})(XC|XL|L?X{0,3})(IX|IV|V?I{0,3})$")
_ROMAN_VALUES = {"I": 1, "V": 5, "X": 10, "L": 50, "C": 100, "D": 500, "M": 1000}
NUMBER_WORDS = frozenset({*UNITS, *TENS, *SCALES, "et", "&"})


def roman(text: str) -> int | None:
    if not ROMAN.match(text):
        return None
    total, previous = 0, 0
    for char in reversed(text):
        value = _ROMAN_VALUES[char]
        total += -value if value < previous else value
        previous = max(previous, value)
    return total


def parse_number(text: str) -> int | None:
    """The value of a number written in digits, Roman numerals or French words; None if not one."""
    cleaned = text.strip().rstrip(".°").strip()
    if cleaned.isdigit():
        return int(cleaned)
    if len(cleaned) > 1 and roman(cleaned) is not None:
        return roman(cleaned)
    words = [w for w in re.split(r"[\s-]+", cleaned.lower().replace("dix-huict", "dix-huit")) if w]
    if not words or not all(w in NUMBER_WORDS for w in words) or {words[0], words[-1]} & {"et", "&"}:
        return None  # 'et' joins two number words, it never starts or ends a number
    return _words_value(words) if _well_formed(words) else None


AFTER_ET = frozenset({"un", "une", "onze", "dix"})  # vingt et un, soixante et onze, soixante et dix


def _well_formed(words: list[str]) -> bool:
    """Do the words make one number: 'et' only between a ten and un, onze or dix; no unit straight
    after another but dix-sept, -huit, -neuf ("par trois et deux" is two numbers, "deux trois" too)?"""
    for before, word, after in zip(["", *words[:-1]], words, [*words[1:], ""], strict=True):
        if word in ("et", "&") and (before not in TENS or after not in AFTER_ET):
            return False
        if word in UNITS and before in UNITS and not (before == "dix" and word in ("sept", "huit", "neuf")):
            return False
    return True


def _words_value(words: list[str]) -> int | None:
    total, current = 0, 0
    i = 0
    while i < len(words):
        word = words[i]
        if word in ("et", "&"):
            i += 1
            continue
        if word in ("dix",) and i + 1 < len(words) and words[i + 1] in ("sept", "huit", "neuf"):
            current += UNITS[f"dix-{words[i + 1]}"]
            i += 2
            continue
        if word in UNITS:
            current += UNITS[word]
        elif word in ("vingt", "vingts") and current % 100 == 4:
            current += 76  # quatre-vingts: four twenties
        elif word in TENS:
            current += TENS[word]
        elif word in ("cent", "cents"):
            current = max(1, current) * 100
        elif word == "mille":
            total += max(1, current) * 1000
            current = 0
        i += 1
    value = total + current
    return value if value or words == ["zéro"] else None
