"""Cleaning a text outside the corpus: `academie clean` and `academie normalize`."""

from __future__ import annotations

from pathlib import Path

from lxml import etree

from corpus.cleaner import early_modern
from corpus.encode import encode_text
from corpus.fileio import safe_parser
from corpus.longs import shows_long_s
from corpus.rawtext import decode, detect_encoding
from corpus.readings import reading
from corpus.regularise import normalize_line
from corpus.sources import Source
from corpus.typography import is_flattened_book

OCR_METHODS = ("debris", "ocr")
_INPUT = Source("input", Path("input"), {"id": "input", "title": "input", "language": "fr", "added": "2026-01-01"})


def read_input(data: bytes, name: str) -> str:
    """Decode a text given on the command line or standard input (refusals name it)."""
    path = Path(name)
    return decode(data, detect_encoding(data, path), path)


def clean_text(raw: str, read_as: str = "auto", without: tuple[str, ...] = ()) -> str:
    """The automatically cleaned reading of an OCR text: corrections applied, running heads and
    page numbers left out, hyphenated words joined (no editor corrections, no spelling regularisation).
    Early-modern text gets modern u/v and i/j; a book flattened to one line, its hyphens and spacing.
    `without` leaves methods out (to measure what each contributes)."""
    methods = tuple(m for m in cleaning_methods(raw, read_as) if m not in without)
    data = encode_text(_INPUT, raw, [], methods).data
    text = reading(etree.ElementTree(etree.fromstring(data, safe_parser()))).strip()
    lead = raw[: len(raw) - len(raw.lstrip())]
    trail = raw[len(raw.rstrip()) :]
    return lead + text + trail


def cleaning_methods(raw: str, read_as: str = "auto") -> tuple[str, ...]:
    """The methods `academie clean` applies to a text, from what the text shows of itself;
    `read_as` 'book' or 'print' overrides the guess whether it is a book's running text."""
    letters = ("letters",) if early_modern(raw) else ()
    long_s = ("long-s",) if shows_long_s(raw) else ()
    as_book = is_flattened_book(raw) if read_as == "auto" else read_as == "book"
    book = ("book",) if as_book else ()
    return OCR_METHODS + long_s + letters + book


def normalize_text(raw: str) -> str:
    """One output line per input line, spelling regularised."""
    return "\n".join(normalize_line(line) for line in raw.split("\n"))
