"""Early-modern spelling regularisation: auec→avec, ioüer→jouer, poincts→points, quãd→quand.

Seen words take the regular form learned from FreEMnorm (regularisation_table.tsv); unseen words
get rule-based candidates (regularisation.toml) ranked by the modern lexicon. Context-free, so one
original form always gets one regular form within a source.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache, lru_cache

from corpus import paths
from corpus.fileio import load_toml
from corpus.wordlists import table, zipf

TOKEN = re.compile(r"\w+['’]?|[^\w\s]")
REG_RESP = "#academie.regularisation"
TRUSTED_ZIPF = 3.5  # a word this common today is only rewritten when the data agree on it
EXPAN_RESP = "#academie.expansion"


@dataclass(frozen=True)
class Rules:
    always: tuple[tuple[str, str], ...]
    optional: tuple[tuple[re.Pattern[str], str], ...]
    max_edits: int
    min_zipf: float
    modern_zipf: float
    tilde: dict[str, tuple[str, ...]]


@cache
def rules() -> Rules:
    raw = load_toml(paths.DATA / "regularisation.toml")
    return Rules(
        tuple((a, b) for a, b in raw["always"]),
        tuple((re.compile(p), r) for p, r in raw["optional"]),
        raw["max_edits"],
        raw["min_zipf"],
        raw["modern_zipf"],
        {k: tuple(v) for k, v in raw["tilde"].items()},
    )


def _learned() -> dict[str, tuple[str, ...]]:
    return table("regularisation_table.tsv")


def _modern() -> dict[str, tuple[str, ...]]:
    return table("modern_forms.tsv")


def _recase(source: str, target: str) -> str:
    if source.isupper() and len(source) > 1:
        return target.upper()
    if source[:1].isupper():
        return target[:1].upper() + target[1:]
    return target


def _score(word: str, edits: int = 0) -> float:
    """Learned count plus lexicon frequency, each edit away from the original costing a factor 10."""
    counts = _modern().get(word)
    return ((int(counts[0]) if counts else 0) + 10 ** zipf(word) / 1e4) / 10**edits


def _known(word: str) -> bool:
    r = rules()
    return word in _modern() or zipf(word) >= r.min_zipf


def _trusted(word: str, learned: tuple[str, ...]) -> bool:
    """A learned form replaces a modern word only when the data agree on it (a seen-once
    alignment error in the data, Reine → Méchante, must not rewrite a text)."""
    new, count, total = learned[0], int(learned[1]), int(learned[2])
    if new == word or not (word.lower() in _modern() or zipf(word.lower()) >= TRUSTED_ZIPF):
        return True
    return count >= 2 and count / total >= 0.8


def _candidates(word: str) -> dict[str, int]:
    """Every spelling up to `max_edits` rule applications away, with its number of edits."""
    r = rules()
    frontier, seen = {word}, {word: 0}
    for depth in range(1, r.max_edits + 1):
        following = set()
        for current in frontier:
            for pattern, replacement in r.optional:
                for match in pattern.finditer(current):
                    new = current[: match.start()] + match.expand(replacement) + current[match.end() :]
                    if new not in seen:
                        seen[new] = depth
                        following.add(new)
        frontier = following
    return seen


@lru_cache(maxsize=65536)
def regularise_word(word: str) -> str:
    """The regular form of one token (itself when nothing better is known)."""
    learned = _learned().get(word)
    if learned and _trusted(word, learned):
        return learned[0]
    lowered = _learned().get(word.lower())
    if lowered and word.lower() != word and _trusted(word.lower(), lowered):
        return _recase(word, lowered[0])
    r = rules()
    out = word
    for old, new in r.always:
        out = out.replace(old, new)
    if not re.search(r"[^\W\d_]", out):
        return out
    low, apostrophe = out.lower(), ""
    if low.endswith("’"):
        low, apostrophe = low[:-1], "’"
    if low in _modern() or zipf(low) >= r.modern_zipf:
        return out
    candidates = _candidates(low)
    best = max(sorted(candidates), key=lambda c: _score(c, candidates[c]))
    if best == low or not _known(best) or _score(best, candidates[best]) <= _score(low):
        return out
    return _recase(out, best + apostrophe)


def expand_tildes(word: str) -> str | None:
    """`quãd` → `quand`, `Triõphe` → `Triomphe`: the expansion the lexicon knows best, if any."""
    r = rules()
    if not any(ch in r.tilde for ch in word.lower()):
        return None
    options = [""]
    for ch in word:
        choices = r.tilde.get(ch.lower(), (ch,))
        options = [o + c for o in options for c in choices][:256]
    spelled = [(_score(regularise_word(o).lower()), o) for o in options]
    score, best = max(spelled)
    return _recase(word, best) if score > 0 else None


def normalize_word(word: str) -> str:
    """A token expanded (tilde abbreviations) and regularised."""
    return regularise_word(expand_tildes(word) or word)


def normalize_line(line: str) -> str:
    """One line with every word regularised; spacing and punctuation kept."""
    return TOKEN.sub(lambda m: normalize_word(m.group()), line)
