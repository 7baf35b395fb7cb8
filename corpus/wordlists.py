"""Word lists and frequencies: wordfreq's French lexicon and the tables learned into corpus/data."""

from __future__ import annotations

import csv
import math
from functools import cache
from pathlib import Path

import wordfreq

from corpus import paths


@cache
def _frequencies() -> dict[str, float]:
    return wordfreq.get_frequency_dict("fr", wordlist="large")


@cache
def lexicon(min_zipf: float = 1.5) -> tuple[str, ...]:
    """The French words of wordfreq at least this frequent, lower-case (for letter statistics)."""
    floor = 10 ** (min_zipf - 9)
    return tuple(sorted(w for w, f in _frequencies().items() if f >= floor and w.isalpha()))


def zipf(word: str) -> float:
    """Frequency of a French word on the Zipf scale (0 unknown, 7 most common), from wordfreq."""
    frequency = _frequencies().get(word.lower())
    return round(math.log10(frequency) + 9, 2) if frequency else 0.0


@cache
def table(name: str) -> dict[str, tuple[str, ...]]:
    """A tab-separated table of corpus/data: first column the key, the rest its values."""
    path = paths.DATA / name
    out: dict[str, tuple[str, ...]] = {}
    if not path.exists():
        return out
    with path.open(encoding="utf-8", newline="") as handle:
        for row in csv.reader(handle, delimiter="\t", quoting=csv.QUOTE_NONE):
            if row and not row[0].startswith("#"):
                out[row[0]] = tuple(row[1:])
    return out


def write_table(path: Path, header: str, rows: list[tuple[str, ...]]) -> None:
    """Write a learned table deterministically (sorted rows, LF line ends)."""
    from corpus.fileio import write_atomic

    lines = [f"# {header}"] + ["\t".join(row) for row in sorted(rows)]
    write_atomic(path, "\n".join(lines) + "\n")
