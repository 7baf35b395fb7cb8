"""Texts misread as OCR misreads print: each letter, at a rate, replaced by what OCR read for it in
the ICDAR 2017 training files (`corpus/data/ocr_confusions.tsv`, as often as it did), to measure the
extraction on noisier copies of labelled texts (`academie extract --unseen DIR --misread RATE`); and
texts as OCR reads an old print's long s (`--long-s`)."""

from __future__ import annotations

import random
import re
import zlib
from functools import cache

from corpus import paths

Forms = tuple[tuple[str, ...], tuple[int, ...]]

# Old presses set a long s wherever a letter follows (never at a word's end, nor in "s'il" or a
# capital), and OCR reads it f: "est" as "eft", "aussi" as "auffi", as in the raw OCR of tests/unseen.
_SET_LONG = re.compile(r"s(?=[^\W\d_])")


@cache
def _misreadings() -> dict[str, Forms]:
    """For each letter, what OCR read instead of it (a letter, a mark, nothing) and how often."""
    grouped: dict[str, dict[str, int]] = {}
    for line in (paths.DATA / "ocr_confusions.tsv").read_text("utf-8").splitlines():
        parts = line.split("\t")
        if line.startswith("#") or len(parts) != 4:
            continue
        read, true, count, _probability = parts
        if len(true) == 1 and true.isalpha() and read != true:
            grouped.setdefault(true, {})[read] = int(count)
    return {letter: (tuple(forms), tuple(forms.values())) for letter, forms in grouped.items()}


def misread(text: str, rate: float, name: str = "") -> str:
    """The text with about `rate` of its letters misread; the same text and name, the same misreadings."""
    if rate <= 0:
        return text
    chance = random.Random(zlib.crc32(name.encode()))
    misreadings = _misreadings()
    out = []
    for char in text:
        forms = misreadings.get(char)
        out.append(chance.choices(*forms)[0] if forms and chance.random() < rate else char)
    return "".join(out)


def long_s(text: str) -> str:
    """The text as OCR reads it from a print with the long s: every s set long read as f."""
    return _SET_LONG.sub("f", text)
