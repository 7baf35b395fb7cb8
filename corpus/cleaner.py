"""Automatic cleaning: each method proposes edits of the raw text, recorded as TEI choices.

Methods (each a declared agent): `debris` (stray marks), `ocr` (learned token table and
lexicon correction, corpus/ocrfix.py), `regularisation` and `expansion` (early-modern spelling,
corpus/regularise.py), `letters` (u/v, i/j only) and `book` (a flattened book's hyphens and
spacing, corpus/typography.py). Layout repair and line-end hyphenation come from corpus/structure.py.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field

from corpus import longs, ocrfix, typography
from corpus.regularise import EXPAN_RESP, REG_RESP, TOKEN, expand_tildes, regularise_word
from corpus.sentences import MISREAD_IL
from corpus.spans import Span
from corpus.structure import Layout
from corpus.wordlists import zipf

DEBRIS_RESP = "#academie.debris"
LONG_S_RESP = "#academie.long-s"
SPACING_RESP = "#academie.spacing"
# Noisy OCR of 19th-century print: a space read before a comma, a comma read as "»", "à" read as "h".
_SPACE_BEFORE_COMMA = re.compile(r"(?<=[^\W\d_]) (?=,)")
_SPACED_HIGH = re.compile(r"(?<=[^\W\d_]) [;:]")
_GLUED_HIGH = re.compile(r"(?<=[^\W\d_])[;:]")
_GUILLEMET_COMMA = re.compile(r" ?»(?=\s)")
_LONE_H = re.compile(r"(?<!\S)h(?=\s)")
# The digit one read for "l" before an apostrophe ("1'on joue", "1'As de Carreau"): no number is elided.
_ONE_FOR_L = re.compile(r"(?<![\w'’])1(?=['’]([^\W\d_]+))")
# at a sentence's start, as corpus.sentences bounds one: a line's, or after a stop, its closing marks
# and an opening one ("fichets.  11 faut", "joue. « 11 faut")
_MISREAD_IL = re.compile(r"(?m)(?:^[ \t]*|[.!?][”»\"')\]]*\s+[«“\"(\[—–]?\s*)(" + MISREAD_IL + ")")
# "l'" read as "T" or "1 " before a vowel: "que Ton met" (l'on), "à 1 extrémité" (l'extrémité).
_ELISION_T = re.compile(r"(?<=[^\W\d_,] )T([aeiouéèêâ][^\W\d_]*)|(?<!\S)1 ([aeiouéèêâ][^\W\d_]{2,})")
CLEAN_BLOCKS = ("p", "head", "item", "trailer")
NOISY = 0.02  # share of garbled tokens above which any single-letter edit may be an OCR error
# A letter beside a stray mark, a lower-case letter before a capital, a digit inside a word.
_GARBLED = re.compile(
    r"[^\W\d_][^\s\w.,;:!?'’«»()\-\"]|[^\s\w.,;:!?'’«»()\-\"][^\W\d_]|[a-zà-ÿ][A-ZÀ-Ý]|[^\W\d_]\d|\d[^\W\d_]"
)
_DEBRIS_TOKEN = re.compile(r"(?<!\S)[\^•*¬\\|]+(?!\S)")
_BETWEEN_WORDS = re.compile(r"[^\W\d_] [\^•*¬\\|]+ [a-zà-ÿ]")
_DEBRIS_EDGE = re.compile(r"(?<=[^\s^*¬\\])[\^*¬\\]+(?=[\s,.;:]|$)")
# Case-insensitive for the words only: under re.I, "ſ" would match every "s".
_EARLY_MODERN = re.compile(r"ſ|\b(?i:vn|vne|auec|estre|esté|iusques|auoir|nostre|vostre|cy|luy|mesme|ioüer|ieu)\b")


@dataclass
class Cleaning:
    """The edits to apply and what was only suggested."""

    edits: list[Span] = field(default_factory=list)
    suggestions: list[ocrfix.Fix] = field(default_factory=list)

    def counts(self) -> Counter[tuple[str, str]]:
        return Counter((e.literal_attrs["resp"], e.literal_attrs["cert"]) for e in self.edits)


def default_methods(text: str) -> tuple[str, ...]:
    """Early-modern texts are regularised and expanded, others get OCR correction; either has its
    long s read where OCR read it as f."""
    long_s = ("long-s",) if longs.shows_long_s(text) else ()  # a print of any age whose ſ OCR read as f
    if early_modern(text):
        return ("debris", "regularisation", "expansion", *long_s)
    return ("debris", *long_s, "ocr")


def early_modern(text: str) -> bool:
    words = max(1, len(re.findall(r"\w+", text)))
    return len(_EARLY_MODERN.findall(text)) / words >= 0.01


def noise(text: str) -> float:
    """Share of tokens garbled as only OCR garbles (`tonDes`, `per<t`, `c;OT)tinUaIth`): about 0.004
    in the 19th-century books of ICDAR 2017, 0.04 in the raw OCR of Piquet and Reversis."""
    tokens = text.split()
    return sum(bool(_GARBLED.search(t)) for t in tokens) / max(1, len(tokens))


def clean(raw: str, layout: Layout, methods: tuple[str, ...]) -> Cleaning:
    """Edits for the text blocks of `raw`, never inside running heads, labels or banners, nor over
    what the layout pass changed (a line-end hyphen, a restored number)."""
    out = Cleaning()
    blocked = [(s.start, s.end) for s in layout.spans if s.tag in ("fw", "label")]
    blocked += [(e.start, e.end) for e in layout.edits]
    regions = [s for s in layout.spans if s.tag in CLEAN_BLOCKS]
    noisy = noise(raw) >= NOISY
    if not noisy:
        methods = tuple(m for m in methods if m != "debris")  # stray marks are marks in clean prints
    spaced = noisy and spaced_convention(raw)
    for region in regions:
        for edit in _region_edits(raw, (region.start, region.end), methods, (noisy, spaced), out):
            if not any(a < edit.end and edit.start < b for a, b in blocked):
                out.edits.append(edit)
    return out


def spaced_convention(raw: str) -> bool:
    """Does the print set a space before `;` and `:`? Said so when a third of them have one: OCR
    loses such spaces, it does not invent them."""
    spaced, glued = len(_SPACED_HIGH.findall(raw)), len(_GLUED_HIGH.findall(raw))
    return spaced >= 3 and spaced * 2 >= glued


def _region_edits(
    raw: str, region: tuple[int, int], methods: tuple[str, ...], noise_flags: tuple[bool, bool], out: Cleaning
) -> list[Span]:
    """The edits of one block; `noise_flags`: (the text is noisy, its print spaces `;` and `:`)."""
    (start, end), (noisy, spaced) = region, noise_flags
    edits: list[Span] = []
    if "letters" in methods:
        edits += [
            _span("orig", a, b, new, typography.LETTERS_RESP, "high")
            for a, b, new in typography.letter_edits(raw, start, end)
        ]
    if "book" in methods:
        edits += [
            _span("sic", a, b, "", typography.HYPHEN_RESP, "medium")
            for a, b in typography.joined_hyphens(raw, start, end)
        ]
        edits += [
            _span("sic", k, k + 1, " " + raw[k], typography.SPACING_RESP, "medium")
            for k in typography.high_punctuation_spaces(raw, start, end)
        ]
        edits += [
            _span("sic", k, k + 1, "...", typography.SPACING_RESP, "medium")
            for k in typography.suspension_points(raw, start, end)
        ]
    if "debris" in methods:
        edits += _debris(raw, start, end)
        edits += _punctuation(raw, start, end, spaced)
    if "expansion" in methods or "regularisation" in methods:
        edits += _spelling(raw, start, end, methods)
    if "long-s" in methods:
        edits += [_span("sic", a, b, new, LONG_S_RESP, "medium") for a, b, new in longs.edits(raw, start, end)]
    if "ocr" in methods:
        edits += [
            _span("sic", m.start(), m.end(), "l", ocrfix.TOKEN_RESP, "high")
            for m in _ONE_FOR_L.finditer(raw, start, end)
            if ocrfix.is_known(m.group(1))
        ]
        edits += [
            _span("sic", m.start(1), m.end(1), "Il", ocrfix.TOKEN_RESP, "medium")
            for m in _MISREAD_IL.finditer(raw, start, end)
        ]
        for fix in ocrfix.fixes(raw, start, end, generic=noisy):
            if fix.applied:
                edits.append(_span("sic", fix.start, fix.end, fix.new, fix.resp, fix.cert))
            else:
                out.suggestions.append(fix)
    return _without_overlaps(edits)


def _span(kind: str, start: int, end: int, new: str, resp: str, cert: str) -> Span:
    return Span(kind, start, end, {}, literal=new, literal_attrs={"resp": resp, "cert": cert})


def _debris(raw: str, start: int, end: int) -> list[Span]:
    """Stray marks removed; one standing alone between two words of a sentence was a comma."""
    text = raw[start:end]
    found = []
    for pattern in (_DEBRIS_TOKEN, _DEBRIS_EDGE):
        for match in pattern.finditer(text):
            a, b = start + match.start(), start + match.end()
            if match.group() == "•" and not raw[raw.rfind("\n", 0, a) + 1 : a].strip():
                continue  # "  • Forme": a list's bullet opening its line, no stray mark
            if pattern is _DEBRIS_TOKEN and _BETWEEN_WORDS.match(text, max(0, match.start() - 2)):
                found.append(_span("sic", a - 1, b, ",", DEBRIS_RESP, "medium"))
            else:
                found.append(_span("sic", a, b, "", DEBRIS_RESP, "high"))
    return found


def _punctuation(raw: str, start: int, end: int, spaced: bool) -> list[Span]:
    """Spacing and punctuation misread by a noisy OCR (only used when the text is noisy); `spaced`:
    the print sets a space before `;` and `:`, which OCR lost where it is missing."""
    text = raw[start:end]
    found = [
        _span("sic", start + m.start(), start + m.end(), " " + m.group(), SPACING_RESP, "medium")
        for m in (_GLUED_HIGH.finditer(text) if spaced else ())
    ]
    found += [
        _span("sic", start + m.start(), start + m.end(), "", SPACING_RESP, "medium")
        for m in _SPACE_BEFORE_COMMA.finditer(text)
    ]
    found += [
        _span("sic", start + m.start(), start + m.end(), ",", SPACING_RESP, "medium")
        for m in _GUILLEMET_COMMA.finditer(text)
        if not _quote_open(text, m.start())
    ]
    found += [
        _span("sic", start + m.start(), start + m.end(), "à", SPACING_RESP, "medium") for m in _LONE_H.finditer(text)
    ]
    for m in _ELISION_T.finditer(text):
        word = m.group(1) or m.group(2)
        if ocrfix.is_known(word) and zipf(word) >= 3.0:
            cut = m.start(1) if m.group(1) else m.start(2)
            found.append(_span("sic", start + m.start(), start + cut, "l'", SPACING_RESP, "medium"))
    return found


def _quote_open(text: str, at: int) -> bool:
    """Whether a guillemet opened before `at` is still open: a `»` that closes none was a comma."""
    return text.rfind("«", 0, at) > text.rfind("»", 0, at)


def _spelling(raw: str, start: int, end: int, methods: tuple[str, ...]) -> list[Span]:
    out = []
    for match in TOKEN.finditer(raw, start, end):
        word = match.group()
        expanded = expand_tildes(word) if "expansion" in methods else None
        if expanded and expanded != word:
            out.append(_span("abbr", match.start(), match.end(), expanded, EXPAN_RESP, "medium"))
            continue
        if "regularisation" in methods:
            regular = regularise_word(word)
            if _apostrophes(regular) != _apostrophes(word):
                out.append(_span("orig", match.start(), match.end(), regular, REG_RESP, "high"))
    return out


def _apostrophes(word: str) -> str:
    """Typographic apostrophes are not a spelling matter in the edition."""
    return word.replace("’", "'")


def _without_overlaps(edits: list[Span]) -> list[Span]:
    kept: list[Span] = []
    for edit in sorted(edits, key=lambda e: (e.start, -(e.end - e.start))):
        if not kept or edit.start >= kept[-1].end:
            kept.append(edit)
    return kept
