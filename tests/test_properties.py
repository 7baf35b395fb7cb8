"""Property-based: for any text, the encoder gives valid TEI whose diplomatic reading is that text."""

from __future__ import annotations

import unicodedata
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from lxml import etree

from corpus.encode import encode_text
from corpus.fileio import safe_parser
from corpus.rawtext import decode
from corpus.readings import diplomatic, reading
from corpus.sources import Source
from corpus.validate import validate_tree

META = {"id": "prop", "title": "Property test", "language": "fr", "added": "2026-01-01"}
SOURCE = Source("prop", Path("/nonexistent/prop"), META)

# Text shaped like OCR of rule books: words, numbers, article numbers, quotes, debris, line breaks.
PIECES = st.sampled_from(
    [
        "Le",
        "jeu",
        "se",
        "joue",
        "à",
        "quatre",
        "CHAPITRE I",
        "12.",
        "i5.",
        "1 G.",
        "I.",
        "II.",
        "“",
        "”",
        "«",
        "»",
        "^",
        "*",
        "•",
        "¬",
        "-",
        ".",
        ",",
        ";",
        ":",
        " ",
        " ",
        " ",
        "\n",
        "\n",
        "\n\n",
        "86 m BBTJBlÙIg.",
        "Page 1",
        "‹ Académie",
        "<",
        "&",
        "]]>",
        "<script>",
        '"',
        "'",
        "pré-\nvenu",
        "1. Le Basteleur.\n2. La Papesse.\n3. Le Pape.",
        "Fin des Taros.",
        "ſ",
        "quãd",
        "é",
        "Ꝑ",
        "𝔊",
        "\t",
    ]
)
OCR_TEXT = st.lists(PIECES, min_size=1, max_size=60).map("".join)
ANY_TEXT = st.text(
    alphabet=st.characters(blacklist_categories=("Cs",), blacklist_characters="\x00\ufffe\uffff"),
    min_size=1,
    max_size=200,
)


def _prepare(text: str) -> str | None:
    try:
        return decode(text.encode("utf-8"), "utf-8", Path("prop.txt"))
    except Exception:
        return None  # refused inputs (control characters, blank) are tested elsewhere


def _check(text: str) -> None:
    raw = _prepare(text)
    if raw is None:
        return
    data = encode_text(SOURCE, raw, [], ("debris", "ocr")).data
    tree = etree.ElementTree(etree.fromstring(data, safe_parser()))
    assert diplomatic(tree) == raw
    assert unicodedata.normalize("NFC", raw) == raw
    assert validate_tree(tree, Path("prop.xml")) == []
    reading(tree)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(OCR_TEXT)
def test_ocr_like_text_round_trips_and_validates(text: str) -> None:
    _check(text)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(ANY_TEXT)
def test_arbitrary_text_round_trips_and_validates(text: str) -> None:
    _check(text)
