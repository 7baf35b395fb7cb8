"""Printed numbers of articles and list items, restored from their sequence when OCR garbles them.

"i5." between 12 and 14 is 13, "1 G." is 10, "^." is 7: a token at the start of a line is an
article number when its characters are the expected digits or their known OCR confusions.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from corpus.layoutdata import layout_data
from corpus.lines import WS

MIN_ARTICLE_TEXT = 12
_ARABIC = re.compile(
    r"^(?P<lead>[\s.]*)"
    r"(?P<tok>[^\s.,*«:;°]{1,3}(?: [^\s.,*«:;°]{1,2})?)"
    r"(?P<punct>\s?[.,*«:;°](?:\s*°)?)"
    r"(?=\s)"
)
_ROMAN_LINE = re.compile(r"^\s*(?P<tok>[IVXLC]{1,6})\s*\.\s*$")
_ROMAN_TAIL = re.compile(r"(?<=[.!?:])\s*(?P<tok>[IVXLC]{1,6})\.\s*$")
_LIST_ITEM = re.compile(r"^\s*(?P<label>[A-ZÀ-Ý][A-ZÀ-Ý ]{2,}[,:])?\s*(?P<n>\d{1,3})\.\s+(?P<text>\S.{0,48})$")
_ROMAN_VALUES = {"I": 1, "V": 5, "X": 10, "L": 50, "C": 100}


@dataclass(frozen=True)
class Number:
    """A printed number found at `start`..`end` (the token), its value and how sure we are."""

    value: int
    start: int
    end: int
    label_end: int
    token: str
    exact: bool


def roman_value(token: str) -> int | None:
    """The value of a well-formed Roman numeral, else None."""
    total, previous = 0, 0
    for char in reversed(token):
        value = _ROMAN_VALUES.get(char)
        if value is None:
            return None
        total += -value if value < previous else value
        previous = max(previous, value)
    return total if to_roman(total) == token else None


def to_roman(value: int) -> str:
    pairs = [(100, "C"), (90, "XC"), (50, "L"), (40, "XL"), (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I")]
    out = ""
    for amount, numeral in pairs:
        while value >= amount:
            out, value = out + numeral, value - amount
    return out


def _digit_score(token: str, expected: int) -> float:
    """How well an OCR token reads as `expected`: 1 a matching digit, 0.6 a known confusion.

    A token one character longer than the number ("1 là" for 12) is scored without its worst
    character, at a discount."""
    chars = token.replace(" ", "")
    digits = str(expected)
    if len(chars) == len(digits) + 1:
        return 0.8 * max(_digit_score(chars[:k] + chars[k + 1 :], expected) for k in range(len(chars)))
    if len(chars) != len(digits):
        return 0.0
    confusions = layout_data().digit_confusions
    score = 0.0
    for char, digit in zip(chars, digits, strict=True):
        if char == digit:
            score += 1
        elif char in confusions.get(digit, ()):
            score += 0.6
    return score / len(digits)


def arabic_at(text: str, offset: int, expected: int | None, min_text: int = MIN_ARTICLE_TEXT) -> Number | None:
    """An article number at the start of line `text` (at `offset` in the raw text).

    Printed digits are taken as they are when they continue the sequence (or skip one or two
    numbers); otherwise the token must read as the expected number through OCR confusions."""
    match = _ARABIC.match(text)
    if not match or len(text) - match.end() < min_text:
        return None
    if match.group("punct").strip() == "," and not text[match.end() :].lstrip()[:1].isupper():
        return None  # "le dix⏎10, le roi 4…": a number in a sentence run on from the line before
    tok = match.group("tok")
    start = offset + match.start("tok")
    label_end = offset + match.end("punct")
    if tok.isdigit() and (expected is None or expected <= int(tok) <= expected + 2):
        return Number(int(tok), start, start + len(tok), label_end, tok, exact=True)
    if expected is not None and (_digit_score(tok, expected) >= 0.6 - 1e-9 or _partial(tok, expected)):
        return Number(expected, start, start + len(tok), label_end, tok, exact=False)
    return None


def _partial(token: str, expected: int) -> bool:
    """Some digits of the expected number survive in place and none contradicts it ("1 là" for 12)."""
    digits = [c for c in token if c.isdigit()]
    return bool(digits) and "".join(digits) == str(expected)[: len(digits)] and len(token) <= 4


def roman_line(text: str, offset: int, expected: int) -> Number | None:
    """A line holding only a Roman article number ("II.")."""
    match = _ROMAN_LINE.match(text)
    if match and roman_value(match.group("tok")) == expected:
        start = offset + match.start("tok")
        return Number(
            expected, start, start + len(match.group("tok")), offset + len(text.rstrip(WS)), match.group("tok"), True
        )
    return None


def roman_tail(text: str, offset: int, expected: int) -> Number | None:
    """A Roman article number glued to the end of a paragraph ("…qui suiuent.I.")."""
    match = _ROMAN_TAIL.search(text)
    if match and roman_value(match.group("tok")) == expected:
        start = offset + match.start("tok")
        return Number(
            expected, start, start + len(match.group("tok")), offset + len(text.rstrip(WS)), match.group("tok"), True
        )
    return None


@dataclass(frozen=True)
class ListItem:
    value: int
    label: str | None
    text: str


def list_item(text: str) -> ListItem | None:
    """A short numbered line ("13. La Mort."), optionally after a caption ("SÇAVOIR,")."""
    match = _LIST_ITEM.match(text)
    if not match or len(match.group("text").split()) > 6:
        return None
    return ListItem(int(match.group("n")), match.group("label"), match.group("text"))
