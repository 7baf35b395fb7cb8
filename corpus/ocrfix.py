"""OCR word correction: a learned table of whole-token corrections, and for words no lexicon knows,
candidates through learned character confusions (rn→m, l→t, f→s, u→n…) ranked by the lexicon.

Do no harm: a word any lexicon knows is never changed; a candidate below the confidence threshold
is reported as a suggestion, not applied.
"""

from __future__ import annotations

import math
import re
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache, lru_cache

from corpus import noisyfix, paths
from corpus.glossary import glossary_words
from corpus.typography import modern_letters
from corpus.wordlists import lexicon as _lexicon
from corpus.wordlists import table, zipf

TOKEN_RESP = "#academie.ocr-confusion"
LEXICON_RESP = "#academie.lexicon"
KNOWN_ZIPF = 1.0  # a word this frequent (or in a glossary) is a word: never corrected
CANDIDATE_ZIPF = 3.0  # a candidate must be at least this common
HIGH_ZIPF = 4.0
MARGIN = 2.0  # natural-log margin between the best and the second candidate
MIN_CONFUSION = 0.002
# Any other single edit is possible too, but far less likely than a learned confusion.
OTHER_SUBSTITUTION = 1e-4
OTHER_INDEL = 1e-5
ALPHABET = "abcdefghijklmnopqrstuvwxyzàâçéèêëîïôûùüœ"
# Accents OCR puts where no word has them (militàire, coéur, ëffet). Circumflexes are left out: a
# 19th-century print may have one where modern spelling has none (aîles, toûjours).
ACCENTED = frozenset("àéèëïùüÿ")
_ELIDED = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)*")
_EDGE_PUNCT = ".,;:!?'\"»«()[]"
_WORD = re.compile(r"[^\W\d_]+")  # letters only: elided "l'", "qu'" are separate words


@dataclass(frozen=True)
class Fix:
    """A proposed change of raw[start:end]; `applied` is False for a mere suggestion."""

    start: int
    end: int
    old: str
    new: str
    resp: str
    cert: str
    applied: bool


@cache
def _confusions() -> dict[str, tuple[tuple[str, float], ...]]:
    """Letter-for-letter confusions (no deletions: they turn too many non-words into short words)."""
    grouped: dict[str, list[tuple[str, float]]] = {}
    path = paths.DATA / "ocr_confusions.tsv"
    for line in path.read_text("utf-8").splitlines() if path.exists() else []:
        parts = line.split("\t")
        if line.startswith("#") or len(parts) != 4:
            continue
        source, target, _count, prob = parts
        if source.isalpha() and target.replace("'", "").isalpha() and float(prob) >= MIN_CONFUSION:
            grouped.setdefault(source, []).append((target, float(prob)))
    return {k: tuple(v) for k, v in grouped.items()}


def _bare(word: str) -> str:
    """The word in lower case without its accents."""
    return "".join(c for c in unicodedata.normalize("NFD", word.lower()) if not unicodedata.combining(c))


@cache
def _accent_contexts() -> frozenset[tuple[str, str, str]]:
    """(left, accented letter, right) contexts found in the French lexicon (`^`, `$` word edges)."""
    seen = set()
    for word in _lexicon():
        padded = f"^{word}$"
        for k in range(1, len(padded) - 1):
            if padded[k] in ACCENTED:
                seen.add((padded[k - 1], padded[k], padded[k + 1]))
    return frozenset(seen)


def impossible_accent(word: str) -> bool:
    """Does the word carry an accent where no French word has one (militàire, laissèz, coéur)?"""
    padded = f"^{word.lower()}$"
    contexts = _accent_contexts()
    return any(
        padded[k] in ACCENTED and (padded[k - 1], padded[k], padded[k + 1]) not in contexts
        for k in range(1, len(padded) - 1)
    )


def convention_only(old: str, new: str) -> bool:
    """A change of a possible accent, or of u/v, i/j where early-modern print has them so: how a
    print spelled (aîles, prèsence, auoir), not an OCR error; such a change is only suggested."""
    if _bare(old) == _bare(new):
        return not impossible_accent(old)
    return modern_letters(old).lower() == new.lower()


def _misread_letter(old: str, new: str) -> bool:
    """Is `new` `old` with a letter read for another (scmt → sont, aulomne → automne), not with a
    letter added or dropped, nor a u/v or i/j a print of any age may use either way (enuie, vtiles)?"""
    if len(old) != len(new):
        return False
    pairs = [(a, b) for a, b in zip(old.lower(), new.lower(), strict=True) if a != b]
    return not all({a, b} in ({"u", "v"}, {"i", "j"}) for a, b in pairs)


def is_known(word: str) -> bool:
    low = word.lower()
    return low in glossary_words() or zipf(low) >= KNOWN_ZIPF


@lru_cache(maxsize=65536)
def best_candidate(word: str, learned_only: bool = False) -> tuple[str, float, float] | None:
    """The likeliest correction of an unknown lower-case word: (word, score, margin)."""
    scored: dict[str, float] = {}
    for new, prob in _edits(word, learned_only):
        frequency = max(zipf(new), 5.0 if new in glossary_words() else 0.0)
        if frequency >= CANDIDATE_ZIPF:
            score = math.log(prob) + frequency * math.log(10)
            scored[new] = max(scored.get(new, -1e9), score)
    if not scored:
        return None
    ranked = sorted(scored.items(), key=lambda kv: (-kv[1], kv[0]))
    margin = ranked[0][1] - ranked[1][1] if len(ranked) > 1 else 99.0
    return ranked[0][0], ranked[0][1], margin


def _edits(word: str, learned_only: bool = False):
    """Every word one edit away, with the probability the OCR made that edit."""
    confusions = _confusions()
    for i in range(len(word)):
        for size in (1, 2):
            for target, prob in confusions.get(word[i : i + size], ()):
                yield word[:i] + target + word[i + size :], prob
        if learned_only:
            continue
        for letter in ALPHABET:
            if letter != word[i]:
                yield word[:i] + letter + word[i + 1 :], OTHER_SUBSTITUTION
            yield word[:i] + letter + word[i:], OTHER_INDEL
        if len(word) > 4:
            yield word[:i] + word[i + 1 :], OTHER_INDEL


def fixes(text: str, start: int = 0, end: int | None = None, generic: bool = False) -> list[Fix]:
    """Corrections proposed for text[start:end] (offsets into `text`); `generic` admits any
    single-letter edit, not only learned confusions (for very noisy OCR)."""
    end = len(text) if end is None else end
    out: list[Fix] = []
    tokens = table("ocr_tokens.tsv")
    for match in re.finditer(r"\S+", text[start:end]):
        token, offset = match.group(), start + match.start()
        learned = tokens.get(token)
        if learned and not (token.isalpha() and is_known(token)):
            count, total = int(learned[1]), int(learned[2])
            cert = "high" if count / total >= 0.95 and count >= 5 else "medium"
            applied = not convention_only(token, learned[0])
            out.append(Fix(offset, offset + len(token), token, learned[0], TOKEN_RESP, cert, applied))
            continue
        out.extend(_word_fixes(token, offset, generic))
    return out


def _word_fixes(token: str, offset: int, generic: bool) -> list[Fix]:
    return [Fix(offset + a, offset + b, *rest) for a, b, *rest in _token_fixes(token, generic)]


@lru_cache(maxsize=1 << 16)
def _token_fixes(token: str, generic: bool) -> tuple[tuple, ...]:
    """The fixes of one token, at offsets within it (a token's fixes do not depend on where it is)."""
    core = token.strip(_EDGE_PUNCT)
    if generic and core and (new := noisyfix.marked_word(core)):
        at = token.index(core)
        return ((at, at + len(core), core, new, LEXICON_RESP, "medium", True),)
    if not _ELIDED.fullmatch(core):
        return ()
    out = []
    for word in _WORD.finditer(token):
        text = word.group()
        fix = _noisy_fix(text) if generic else None
        if fix:
            out.append((word.start(), word.end(), text, fix, LEXICON_RESP, "medium", True))
        elif len(text) >= 3 and text.islower() and not is_known(text):
            out.extend(_lexicon_fix(text, word.start(), generic))
    return tuple(out)


def _lexicon_fix(text: str, start: int, generic: bool) -> list[tuple]:
    found = best_candidate(text, learned_only=not generic)
    if found is None:
        split = noisyfix.split_word(text) if generic else None
        return [(start, start + len(text), text, split, LEXICON_RESP, "medium", True)] if split else []
    new, _score, margin = found
    threshold = CANDIDATE_ZIPF if generic else HIGH_ZIPF
    confident = margin >= MARGIN and zipf(new) >= threshold and not convention_only(text, new)
    confident = confident and (generic or impossible_accent(text) or _misread_letter(text, new))
    cert = "high" if confident and zipf(new) >= HIGH_ZIPF else "medium" if confident else "low"
    return [(start, start + len(text), text, new, LEXICON_RESP, cert, confident)]


def _noisy_fix(text: str) -> str | None:
    """What only very noisy OCR needs (corpus/noisyfix.py): a two-letter non-word, a rare word
    standing for a common one."""
    return noisyfix.two_letters(text, _any_edit) or (noisyfix.rare_word(text, _any_edit) if is_known(text) else None)


def _any_edit(word: str) -> Iterator[tuple[str, float]]:
    """Every word one edit away, learned confusion or not (noisy OCR)."""
    return _edits(word, False)
