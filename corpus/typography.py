"""Typographic conventions of the reading, apart from spelling.

Two families of edits, each a recorded TEI choice:
- early-modern letters: u/v and i/j printed as modern print distinguishes them (auoient → avoient,
  iamais → jamais, vn → un), the spelling otherwise kept. Which letter a context takes is learned
  from FreEMnorm (corpus/data/letter_contexts.tsv), by the letter's two neighbours;
- a book's running text whose line breaks are lost (OCR flattened to one line): a hyphen inside a
  word that the lexicon knows joined is a line-end hyphen; `?` and `!` take the space French
  book typography puts before them; and where a book has many periods followed by a lower-case
  word, which no sentence end is, those periods are suspension points OCR read as one.
"""

from __future__ import annotations

import re
from collections import defaultdict
from functools import cache

from corpus import paths
from corpus.wordlists import zipf

LETTERS_RESP = "#academie.typography"
HYPHEN_RESP = "#academie.hyphenation"
SPACING_RESP = "#academie.spacing"
MIN_SHARE = 0.9  # a context is rewritten only when the data print it so this often
MIN_SEEN = 10
COMPOUND_MARGIN = 2.0  # Zipf points: a joined word this much rarer than a part was a compound
BOOK_LENGTH = 10_000  # characters: a flattened text this long is taken for a book's running text
_WORD = re.compile(r"[^\W\d_]+['’]?")
_INLINE_HYPHEN = re.compile(r"(?<![\w-])([^\W\d_]+)-([^\W\d_]+)(?![\w-])")
_BEFORE_HIGH_PUNCT = re.compile(r"(?<=[^\W\d_])(?=[?!])")
_POINT_THEN_LOWER = re.compile(r"(?<=[^\W\d_]{3})\.(?= [a-zàâçéèêëîïôûùüœ])")
ABBREVIATIONS = frozenset(["etc", "chap", "ibid", "vol", "art", "fig", "sect", "liv", "trad", "env", "max", "min"])
SUSPENSION_RATE = 0.012  # periods before a lower-case word, per word: 0.001-0.005 in books without
# Pronouns and particles joined by a hyphen are never a cut word (dit-il, est-ce, celui-ci).
_ENCLITICS = frozenset(
    [
        "t",
        "il",
        "elle",
        "on",
        "ils",
        "elles",
        "je",
        "tu",
        "nous",
        "vous",
        "moi",
        "toi",
        "lui",
        "leur",
        "le",
        "la",
        "les",
        "ce",
        "ci",
        "là",
        "y",
        "en",
    ]
)


@cache
def letter_rules() -> dict[str, str]:
    """Context (left, letter, right) → the letter modern print uses there, where the data agree."""
    counts: dict[str, dict[str, int]] = defaultdict(dict)
    path = paths.DATA / "letter_contexts.tsv"
    for line in path.read_text("utf-8").splitlines() if path.exists() else []:
        parts = line.split("\t")
        if not line.startswith("#") and len(parts) == 4:
            counts[parts[0]][parts[1]] = int(parts[2])
    rules = {}
    for context, targets in counts.items():
        total = sum(targets.values())
        target, count = max(targets.items(), key=lambda kv: (kv[1], kv[0]))
        if target != context[1] and total >= MIN_SEEN and count / total >= MIN_SHARE:
            rules[context] = target
    return rules


def modern_letters(word: str) -> str:
    """The word with u/v and i/j as modern print has them (case kept)."""
    rules = letter_rules()
    low = f"^{word.lower()}$"
    out = list(word)
    for k in range(1, len(low) - 1):
        target = rules.get(low[k - 1 : k + 2]) if low[k] in "uvij" else None
        if target:
            out[k - 1] = target.upper() if word[k - 1].isupper() else target
    return "".join(out)


def letter_edits(text: str, start: int, end: int) -> list[tuple[int, int, str]]:
    """(start, end, new) for each word of text[start:end] whose u/v or i/j modern print distinguishes."""
    out = []
    for match in _WORD.finditer(text, start, end):
        new = modern_letters(match.group())
        if new != match.group():
            out.append((match.start(), match.end(), new))
    return out


def is_flattened_book(raw: str) -> bool:
    """A long text without line breaks: a book's running text whose lines OCR joined."""
    body = raw.strip()
    return len(body) >= BOOK_LENGTH and "\n" not in body


def joined_hyphens(text: str, start: int, end: int) -> list[tuple[int, int]]:
    """Spans of hyphens to remove: the word joined is in the lexicon, and not far rarer than its
    parts (peut-être, grand-mère stay); never before a capital or an enclitic (dit-il, Saint-Denis)."""
    out = []
    for match in _INLINE_HYPHEN.finditer(text, start, end):
        left, right = match.group(1), match.group(2)
        if right[0].isupper() or right.lower() in _ENCLITICS:
            continue
        joined = zipf(left + right)
        if joined >= 1.0 and joined >= min(zipf(left), zipf(right)) - COMPOUND_MARGIN:
            out.append((match.end(1), match.start(2)))
    return out


def high_punctuation_spaces(text: str, start: int, end: int) -> list[int]:
    """Offsets where a space goes before `?` or `!` glued to a word."""
    return [m.start() for m in _BEFORE_HIGH_PUNCT.finditer(text, start, end)]


def suspension_points(text: str, start: int, end: int) -> list[int]:
    """Offsets of periods that stand for suspension points: only in a text where periods before a
    lower-case word are too many to be abbreviations (OCR reads "..." as "." throughout a book)."""
    found = [
        m.start()
        for m in _POINT_THEN_LOWER.finditer(text, start, end)
        if text[max(start, m.start() - 5) : m.start()].split()[-1].lower() not in ABBREVIATIONS
    ]
    words = max(1, len(text[start:end].split()))
    return found if len(found) / words >= SUSPENSION_RATE else []
