"""Texts misread as OCR misreads print: each letter, at a rate, replaced by what OCR read for it in
the ICDAR 2017 training files (`corpus/data/ocr_confusions.tsv`, as often as it did), to measure the
extraction on noisier copies of labelled texts (`academie extract --unseen DIR --misread RATE`)."""

from __future__ import annotations

import random
import zlib
from functools import cache

from corpus import paths

Forms = tuple[tuple[str, ...], tuple[int, ...]]


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
