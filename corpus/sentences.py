"""Sentence boundaries found on the raw text, so that sentence ids never depend on cleaning."""

from __future__ import annotations

import re

# "Il" as OCR reads it, "11" or "II", before a word that follows "Il" and never a number ("fichets.⏎11
# faut deux cochonnets", ".11 est rare": seen in the raw OCR of ICDAR 2017; "II en est de même"), and
# in the long s read as f ("ré1ouilrance . 11 fe donne une carte", "11 eft")
MISREAD_IL = r"(?:11|II)(?= (?:faut|y|est|eft|a|ne|n['’]|en|se|fe|s['’]|f['’]|peut|doit|fait|suffit|fuffit|arrive)\b)"
# A stop or suspension points before a capital, after a closing quotation mark or not ("…les Dix. —
# L'As prend", "« En voulez-vous ? » Si…", "passionnant… Nombre"); or, with no space, between words
# ("ci-dessus.Fin du jeu": a lost space); a figure's or a note's number may stand before it ("vite un
# whist. [2] — Monsieur le curé")
_BOUNDARY = re.compile(
    r"(?:[.!?]+|…)(?:\s?[”»]|[\"')\]])*(?=\s+(?:\[\d{1,3}\]\s*)?[«“\"(\[—–]?\s*(?:[A-ZÀ-ÝÆŒ]|" + MISREAD_IL + "))"
    # a stop before an item numbered at the start of a line, as OCR leaves it ("chacune.⏎3». Jouant",
    # "ce jeu.⏎t». L'on peut jouer": its 1° read as t»)
    r"|[.!?]+(?=[ \t]*\n\s*[;:•>’']?\s*(?:\d{1,3}|[IVXL]{1,6}|i[o°]|[tl][°º»])\s*[°º»\"”.]+\s+[A-ZÀ-ÝÆŒ])"
    r"|(?<=[a-zà-ÿ]{2})[.!?](?=[A-ZÀ-ÝÆŒ][a-zà-ÿ])|(?<=[\w)])…(?=[A-ZÀ-ÝÆŒ][a-zà-ÿ])"
    # a stop after a word before a sentence that opens with a number ("…de 157 points. 5 points
    # supplémentaires sont ajoutés")
    r"|(?<=[a-zà-ÿ]{2})[.!?](?=[ \t]+\d{1,4}[ \t]+[a-zà-ÿ]{3})"
)
_WORD_BEFORE = re.compile(r"(\S+)$")
LABEL = re.compile(
    r"[;:•>’']?\s*(?:i[o°]|[tl][°º»]|[IVXLC]+|\d+)\s*[.°º»\"”]*"  # "II.", "4°.", "3»", OCR's "io." and "t»." for "1°."
    r"|(?:art(?:icle)?|chap(?:itre)?|règle)\.? *(?:[IVXLC]+|\d+)\.?",
    re.I,
)
ABBREVIATIONS = frozenset(
    [
        "cf",
        "p",
        "pp",
        "st",
        "ste",
        "mm",
        "mme",
        "mr",
        "m",
        "n",
        "no",
        "art",
        "chap",
        "ibid",
        "vol",
        "liv",
        "fig",
        "sr",
        "sieur",
        "subst",  # a dictionary's "subst. fem.", "adj.", "plur."
        "fem",
        "masc",
        "adj",
        "adv",
        "plur",
        "monsr",
    ]
)


ONE_LETTER_WORDS = frozenset("aày")


def without_label(text: str) -> str:
    """A sentence without the number, the dash or the quotation mark that opens it ("LXVI. Quand la
    vole…" -> "Quand la vole…", "— L'As prend…" -> "L'As prend…")."""
    text = text.lstrip('—–«“" ')
    match = LABEL.match(text)
    if match and match.group().rstrip()[-1:] in '.°º»"”' and text[match.end() : match.end() + 1].isspace():
        return text[match.end() :].lstrip()
    return text


def _is_abbreviation(text: str, end: int) -> bool:
    match = _WORD_BEFORE.search(text[max(0, end - 40) : end].rstrip(".!?”»\"')]"))
    if not match:
        return False
    word = match.group(1).strip("«“\"'(").lower()
    # an initial ("M. Lenoir"), not a number that ends a sentence ("un autre 2. Dans ce cas"); "etc."
    # before a capital ends one ("…, 7, 17 et 27, etc. Celui des joueurs")
    # "…les levées que chacun a. Si celui…": a word of one letter is no initial
    return (len(word) == 1 and word.isalpha() and word not in ONE_LETTER_WORDS) or word in ABBREVIATIONS


def sentence_ranges(raw: str, start: int, end: int, masks: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Sentences of raw[start:end] as trimmed (start, end) offsets; masked ranges (running
    heads) never hold a boundary but may lie inside a sentence."""
    chars = list(raw[start:end])
    for lo, hi in masks:
        for k in range(max(lo, start), min(hi, end)):
            chars[k - start] = " "
    text = "".join(chars)
    cuts: list[int] = []
    for m in _BOUNDARY.finditer(text):
        # "II. Le jeu se marque…": a numbered rule's label opens its sentence, it is not one
        if not _is_abbreviation(text, m.start() + 1) and not LABEL.fullmatch(
            text[cuts[-1] if cuts else 0 : m.end()].strip()
        ):
            cuts.append(m.end())
    ranges, begin = [], 0
    for cut in [*cuts, len(text)]:
        piece = text[begin:cut]
        if piece.strip():
            lead = len(piece) - len(piece.lstrip())
            trail = len(piece) - len(piece.rstrip())
            ranges.append((start + begin + lead, start + cut - trail))
        begin = cut
    return ranges
