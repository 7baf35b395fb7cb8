"""The editor's corrections file: hand corrections that survive every rebuild.

```toml
[[correction]]
find = "Uon donne"        # raw text; must occur once, or give `occurrence`
replace = "L'on donne"    # the same as `find`: keep as printed, overriding automatic changes
occurrence = 1            # optional, 1-based
type = "sic"              # sic (an error, default), orig (a spelling), abbr (an abbreviation)
cert = "high"             # optional: high (default), medium, low
note = "why"              # optional
```
Only the words that differ become the `<choice>`, so context words may be given to make a
`find` unique.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from corpus.errors import AcademieError
from corpus.fileio import entry_lines, load_toml
from corpus.spans import Span

EDITOR = "#editor"
KEEP = "keep"
TYPES = ("sic", "orig", "abbr")
CERTS = ("high", "medium", "low")
FIELDS = {"find", "replace", "occurrence", "type", "cert", "note"}
MAX_TEXT = 10_000  # characters of `find` or `replace`: a correction is a few words, not a chapter


@dataclass(frozen=True)
class Correction:
    find: str
    replace: str
    occurrence: int | None
    type: str
    cert: str
    line: int | None


def load_corrections(path: Path) -> list[Correction]:
    """Read and check a corrections file (missing file: no corrections); read again only when it changed."""
    if not path.exists():
        return []
    stat = path.stat()
    return list(_load_corrections(path, stat.st_mtime_ns, stat.st_size))


@lru_cache(maxsize=256)
def _load_corrections(path: Path, _mtime: int, _size: int) -> tuple[Correction, ...]:
    data = load_toml(path)
    unknown = set(data) - {"correction"}
    if unknown:
        raise AcademieError(f"unknown table '{sorted(unknown)[0]}' (expected [[correction]])", path)
    entries = data.get("correction", [])
    lines = entry_lines(path, "correction")
    return tuple(_check(entry, path, lines[k] if k < len(lines) else None, k + 1) for k, entry in enumerate(entries))


def _check(entry: dict, path: Path, line: int | None, number: int) -> Correction:
    def fail(message: str) -> AcademieError:
        return AcademieError(f"correction {number}: {message}", path, line)

    for key in entry:
        if key not in FIELDS:
            raise fail(f"unknown field '{key}'")
    for key in ("find", "replace"):
        if not isinstance(entry.get(key), str):
            raise fail(f"field '{key}' must be a string")
        if len(entry[key]) > MAX_TEXT:
            raise fail(f"field '{key}' holds {len(entry[key]):,} characters: a correction is a few words")
    if not entry["find"]:
        raise fail("field 'find' is empty")
    occurrence = entry.get("occurrence")
    if occurrence is not None and (not isinstance(occurrence, int) or occurrence < 1):
        raise fail("field 'occurrence' must be a whole number from 1")
    kind, cert = entry.get("type", "sic"), entry.get("cert", "high")
    if kind not in TYPES:
        raise fail(f"field 'type' must be one of {', '.join(TYPES)}")
    if cert not in CERTS:
        raise fail(f"field 'cert' must be one of {', '.join(CERTS)}")
    return Correction(entry["find"], entry["replace"], occurrence, kind, cert, line)


def locate(corrections: list[Correction], raw: str, path: Path) -> list[Span]:
    """Each correction as a choice span on the raw text; not found, ambiguous or overlapping is an error."""
    spans: list[tuple[Span, Correction]] = []
    for number, corr in enumerate(corrections, 1):
        span = _locate_one(corr, raw, path, number)
        for other, other_corr in spans:
            if span.start < other.end and other.start < span.end:
                clash = f"conflicts with the correction at line {other_corr.line}: they change the same text"
                raise AcademieError(f"correction {number}: {clash}", path, corr.line)
        spans.append((span, corr))
    return [span for span, _ in spans]


def _locate_one(corr: Correction, raw: str, path: Path, number: int) -> Span:
    hits = [m.start() for m in re.finditer(re.escape(corr.find), raw)]
    where = f"correction {number}"
    if not hits:
        raise AcademieError(f"{where}: text not found: {corr.find!r}", path, corr.line)
    if corr.occurrence is None and len(hits) > 1:
        raise AcademieError(f"{where}: {corr.find!r} occurs {len(hits)} times; add occurrence = N", path, corr.line)
    if corr.occurrence is not None and corr.occurrence > len(hits):
        raise AcademieError(
            f"{where}: occurrence {corr.occurrence} but {corr.find!r} occurs {len(hits)} times", path, corr.line
        )
    start = hits[(corr.occurrence or 1) - 1]
    if corr.find == corr.replace:  # "keep as printed": a veto on automatic changes, no choice
        return Span(KEEP, start, start + len(corr.find), {}, line=corr.line)
    lo, hi, replacement = _trim(corr.find, corr.replace)
    return Span(
        corr.type,
        start + lo,
        start + hi,
        {},
        literal=replacement,
        literal_attrs={"resp": EDITOR, "cert": corr.cert},
        line=corr.line,
    )


def _trim(find: str, replace: str) -> tuple[int, int, str]:
    """Drop the words `find` and `replace` share at both ends: (start, end) in `find`, new text."""
    a, b = re.findall(r"\S+\s*", find), re.findall(r"\S+\s*", replace)
    head = 0
    while head < min(len(a), len(b)) - 1 and a[head] == b[head]:
        head += 1
    tail = 0
    while tail < min(len(a), len(b)) - head - 1 and a[-1 - tail] == b[-1 - tail]:
        tail += 1
    start = sum(len(w) for w in a[:head])
    end = len(find) - sum(len(w) for w in a[len(a) - tail :]) if tail else len(find)
    new_end = len(replace) - sum(len(w) for w in b[len(b) - tail :]) if tail else len(replace)
    old, new = find[start:end], replace[sum(len(w) for w in b[:head]) : new_end]
    # keep spaces outside the choice: they belong to the raw text around it
    strip = len(old) - len(old.rstrip())
    if strip and new.endswith(old[len(old) - strip :]):
        end, new = end - strip, new[: len(new) - strip]
    return start, end, new
