"""Lines of a raw text with their offsets, and the small predicates layout rules use."""

from __future__ import annotations

import re
from dataclasses import dataclass

# Only XML white space may stand between elements, so only it counts as blank (not NBSP or NEL).
WS = " \t\r\n"
_TERMINAL = re.compile(r"[.!?:”]\W{0,2}$")
_FIRST_LETTER = re.compile(r"[^\W\d_]")


@dataclass
class Line:
    """One line of the raw text: `text` is raw[start:end], without its newline."""

    number: int
    start: int
    end: int
    text: str
    kind: str = "text"

    @property
    def stripped(self) -> str:
        return self.text.strip(WS)

    @property
    def blank(self) -> bool:
        return not self.text.strip(WS)

    @property
    def content_start(self) -> int:
        return self.start + len(self.text) - len(self.text.lstrip(WS))

    @property
    def content_end(self) -> int:
        return self.start + len(self.text.rstrip(WS))


def split_lines(text: str) -> list[Line]:
    """Split on `\\n`, keeping each line's offsets into `text`."""
    lines, start = [], 0
    for number, chunk in enumerate(text.split("\n"), 1):
        lines.append(Line(number, start, start + len(chunk), chunk))
        start += len(chunk) + 1
    return lines


def ends_terminal(text: str) -> bool:
    """Whether a line ends like a sentence (full stop, colon, closing quote)."""
    return bool(_TERMINAL.search(text.rstrip()))


def first_letter(text: str) -> str:
    match = _FIRST_LETTER.search(text)
    return match.group() if match else ""


def starts_lower(text: str) -> bool:
    letter = first_letter(text[:4])
    return bool(letter) and letter.islower()


def starts_upper(text: str) -> bool:
    letter = first_letter(text[:4])
    return bool(letter) and letter.isupper()


def ends_hyphen(text: str) -> bool:
    """A word cut at the end of the line: a letter then a hyphen (or `¬`)."""
    return bool(re.search(r"[^\W\d_][-¬]$", text.rstrip()))


_LAST_WORD = re.compile(r"(?<![\w'’-])([^\W\d_]+)$")
_FIRST_WORD = re.compile(r"^([^\W\d_]+)(?![\w'’-])")
_MARKED_END = re.compile(r"(?<![\w'’-])([^\W\d_]+)[\^*~=]$")


def ends_misread_hyphen(text: str, following: str) -> bool:
    """A line-end hyphen OCR read as a mark (`cin^` / `quième`): the word joined without it is common."""
    from corpus.wordlists import zipf

    last, first = _MARKED_END.search(text.rstrip()), _FIRST_WORD.match(following.lstrip())
    return bool(last and first and first.group(1).islower() and zipf(last.group(1) + first.group(1)) >= JOINED_ZIPF)


def cut_without_hyphen(text: str, following: str) -> bool:
    """A word cut at the line end whose hyphen OCR lost (`cinq` / `quième`): the two pieces joined
    make a common word, and at least one of them alone is none."""
    from corpus.wordlists import zipf

    last, first = _LAST_WORD.search(text.rstrip()), _FIRST_WORD.match(following.lstrip())
    if not last or not first or not first.group(1).islower():
        return False
    a, b = last.group(1), first.group(1)
    return zipf(a + b) >= JOINED_ZIPF and min(zipf(a), zipf(b)) < PIECE_ZIPF


JOINED_ZIPF = 3.5
PIECE_ZIPF = 1.5
