"""Lines of a raw text with their offsets, and the small predicates layout rules use."""

from __future__ import annotations

import re
from dataclasses import dataclass

from corpus.wordlists import zipf

# Only XML white space may stand between elements, so only it counts as blank (not NBSP or NEL).
WS = " \t\r\n"
_TERMINAL = re.compile(r"[.!?:”]\W{0,2}$")
_FIRST_LETTER = re.compile(r"[^\W\d_]")
_BULLET = re.compile(r"[-–—•♦◆►▪●✓√]\s")  # "- 15 cartes si l'on est 3", "— Tout joueur est tenu…"
_ITEM_NUMBER = re.compile(r"\d{1,2}\s?[/)]\s")  # "1/ cela n'est possible…", "2) on le peut…"
_OPENS_NUMBER = re.compile(r"\d+(?:er|re|ère|e|ème)?\s")  # "32 cartes, dans l'ordre…", "1ère partie": a number, a word
# "Matériel: un jeu de 52 cartes": a field's name of a few words, its colon, then its value (not "Il dit :")
_FIELD = re.compile(
    r"(?!(?:il|ils|elle|elles|on|je|nous|vous)\b)[A-ZÀ-ÝÆŒ][^\W\d_]*(?:[ '’-][^\W\d_]+){0,3}\s?:\s+\S", re.I
)


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
    letter = first_letter(text.lstrip(WS)[:4])  # past a line's indent ("    Procurez-vous…")
    return bool(letter) and letter.islower()


def starts_upper(text: str) -> bool:
    letter = first_letter(text.lstrip(WS)[:4])
    return bool(letter) and letter.isupper()


def ends_hyphen(text: str) -> bool:
    """A word cut at the end of the line: a letter then a hyphen (or `¬`)."""
    return bool(re.search(r"[^\W\d_][-¬]$", text.rstrip()))


_LAST_WORD = re.compile(r"(?<![\w'’-])([^\W\d_]+)$")
_FIRST_WORD = re.compile(r"^([^\W\d_]+)(?![\w'’-])")
_MARKED_END = re.compile(r"(?<![\w'’-])([^\W\d_]+)[\^*~=]$")
JOINED_ZIPF = 3.5  # the word two line-end pieces make must be at least this common
PIECE_ZIPF = 1.5  # and one piece alone rarer than this, to be no word


def _pieces(text: str, following: str, last_word: re.Pattern[str]) -> tuple[str, str] | None:
    """The last word of a line and the first of the next, when that one starts in lower case."""
    last, first = last_word.search(text.rstrip()), _FIRST_WORD.match(following.lstrip())
    if not last or not first or not first.group(1).islower():
        return None
    return last.group(1), first.group(1)


def ends_misread_hyphen(text: str, following: str) -> bool:
    """A line-end hyphen OCR read as a mark (`cin^` / `quième`): the word joined without it is common."""
    pieces = _pieces(text, following, _MARKED_END)
    return bool(pieces) and zipf("".join(pieces)) >= JOINED_ZIPF


def cut_without_hyphen(text: str, following: str) -> bool:
    """A word cut at the line end whose hyphen OCR lost (`cinq` / `quième`): the two pieces joined
    make a common word, and at least one of them alone is none."""
    pieces = _pieces(text, following, _LAST_WORD)
    return bool(pieces) and zipf("".join(pieces)) >= JOINED_ZIPF and min(map(zipf, pieces)) < PIECE_ZIPF


def bulleted(text: str) -> bool:
    """Does the line open with a bullet or a dash, an item of a list or a new paragraph?"""
    return bool(_BULLET.match(text.lstrip(WS)))


def item_numbered(text: str) -> bool:
    """Does the line open with the number of an item of a list ("1/", "2)"), whatever follows?"""
    return bool(_ITEM_NUMBER.match(text.lstrip(WS)))


def after_bullet(text: str) -> str:
    """The line's words after its bullet, if any."""
    return _BULLET.sub("", text.lstrip(WS), count=1)


def lower_after_bullet(text: str) -> bool:
    """Does the line go on in lower case after its bullet ("• observer quand…", OCR's stray mark)?
    Not an item that opens with a number ("- 21 atouts comportant un numéro")."""
    rest = after_bullet(text)
    return not rest[:1].isdigit() and starts_lower(rest)


def fielded(text: str) -> bool:
    """Does the line open with a field's name and a colon ("Nombre de joueurs: de 3 à 8")?"""
    stripped = text.lstrip(WS)
    return starts_upper(stripped) and bool(_FIELD.match(stripped))


def opens_number(text: str) -> bool:
    """Does the line open with a number in digits followed by a word, as a sentence may?"""
    return bool(_OPENS_NUMBER.match(text.lstrip(WS)))
