"""Running heads and page numbers, even garbled by OCR ("86 m BBTJBlÙIg.", "»9 EB^EKSIt. 87")."""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from dataclasses import dataclass
from difflib import SequenceMatcher

from corpus.lines import Line

MAX_HEAD_LENGTH = 40
SIMILAR = 0.4  # skeleton similarity that makes a weak candidate a running head
_EDGE_NUMBER = re.compile(r"^\W{0,3}(\d{1,3})\b|\b(\d{1,3})\W{0,3}$")
_EDGE_GARBLED = re.compile(r"^\S{0,2}\d\S{0,2}\s|\s\S{0,2}\d\S{0,2}$")
_GARBLE = re.compile(r"[»«^*<>|\\\[\]{}#]")
_LOWER_WORDS = re.compile(r"\b[a-zàâçéèêëîïôûùüÿœ']{3,}\b")


@dataclass(frozen=True)
class RunningHead:
    """A running-head line with the page number it carries or that its position implies."""

    line: Line
    page: int
    printed: bool


def _skeleton(text: str) -> str:
    folded = unicodedata.normalize("NFD", text.lower())
    return re.sub(r"[^a-z]", "", folded)


def _score(text: str) -> int:
    score = 0
    if _EDGE_NUMBER.search(text):
        score += 2
    elif _EDGE_GARBLED.search(f" {text} "):
        score += 1
    tokens = re.findall(r"\S+", text)
    letters = [re.sub(r"[^\w]|\d|_", "", t) for t in tokens]
    if any(len(w) >= 4 and sum(c.isupper() for c in w) >= 0.6 * len(w) for w in letters):
        score += 2
    elif any(sum(c.isupper() for c in w) >= 3 for w in letters):
        score += 1
    if _GARBLE.search(text):
        score += 1
    if len(_LOWER_WORDS.findall(text)) >= 3:
        score -= 3
    return score


def find_running_heads(lines: list[Line]) -> list[RunningHead]:
    """Short lines that look like running heads; similar lines confirm each other."""
    short = [ln for ln in lines if not ln.blank and len(ln.stripped) <= MAX_HEAD_LENGTH]
    scores = {ln.number: _score(ln.stripped) for ln in short}
    confirmed = [ln for ln in short if scores[ln.number] >= 3]
    skeletons = [_skeleton(ln.stripped) for ln in confirmed]
    heads = list(confirmed)
    for ln in short:
        if ln in confirmed or scores[ln.number] < 2 or not _GARBLE.search(ln.stripped):
            continue
        skel = _skeleton(ln.stripped)
        if any(SequenceMatcher(None, skel, other).ratio() >= SIMILAR for other in skeletons):
            heads.append(ln)
    heads.sort(key=lambda ln: ln.number)
    return _number_pages(heads)


def _printed_numbers(text: str) -> set[int]:
    """Numbers at either edge of a line ("»9 EB^EKSIt. 87" gives 9 and 87)."""
    return {int(n) for m in _EDGE_NUMBER.finditer(text) for n in m.groups() if n}


def _number_pages(heads: list[Line]) -> list[RunningHead]:
    """Pages run in sequence: the most common offset of printed numbers numbers them all."""
    printed = [_printed_numbers(ln.stripped) for ln in heads]
    offsets = Counter(n - i for i, numbers in enumerate(printed) for n in numbers)
    if not offsets:
        return [RunningHead(ln, i + 1, False) for i, ln in enumerate(heads)]
    base = max(sorted(offsets), key=lambda off: offsets[off])
    return [RunningHead(ln, base + i, base + i in printed[i]) for i, ln in enumerate(heads)]
