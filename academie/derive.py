"""`academie corrections ID FILE`: an editor corrects the reading, Académie records the corrections.

FILE holds one block per line, `block-id<TAB>corrected text` (e.g. `reversis.a10.p1<TAB>L'on donne
onze cartes…`), the article number and running heads left out. Each difference from the raw
text becomes a `[[correction]]` entry of the source's corrections.toml, found by its raw words.
"""

from __future__ import annotations

import re
from difflib import SequenceMatcher
from pathlib import Path

from academie.addsource import _toml_string
from corpus.errors import AcademieError
from corpus.fileio import write_atomic
from corpus.ids import assign_ids
from corpus.sources import Source
from corpus.spans import Span, nest
from corpus.structure import analyse

Token = tuple[int, int, int]  # start, end, segment


def read_edited(path: Path) -> dict[str, str]:
    try:
        text = path.read_text("utf-8")
    except UnicodeDecodeError as err:
        raise AcademieError(f"not UTF-8 (byte {err.start}): save the edited reading as UTF-8", path) from None
    except OSError as err:
        raise AcademieError(f"cannot read: {err.strerror}", path) from None
    edited = {}
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        if "\t" not in line:
            raise AcademieError("expected block-id<TAB>text", path, number)
        block, text = line.split("\t", 1)
        edited[block.strip()] = text.strip()
    return edited


def _blocks(source: Source, raw: str) -> dict[str, tuple[Span, list[tuple[int, int]], list[tuple[int, int]]]]:
    """Each identified block with the ranges to leave out (labels, running heads) and its sentences."""
    from corpus.encode import _sentences

    layout = analyse(raw)
    sentences = _sentences(raw, layout)
    root = nest(Span("text", 0, len(raw)), [*layout.spans, *sentences])
    assign_ids(source.id, root)
    out = {}
    for span in root.descendants():
        if span.tag in ("p", "head", "item", "trailer") and "xml:id" in span.attrs:
            inner = list(span.descendants())
            masks = [(c.start, c.end) for c in inner if c.tag in ("label", "fw")]
            parts = [(c.start, c.end) for c in inner if c.tag == "s"] or [(span.start, span.end)]
            out[span.attrs["xml:id"]] = (span, masks, parts)
    return out


def _raw_tokens(raw: str, block: Span, masks: list[tuple[int, int]], parts: list[tuple[int, int]]) -> list[Token]:
    tokens = []
    for match in re.finditer(r"\S+", raw[block.start : block.end]):
        start, end = block.start + match.start(), block.start + match.end()
        if any(a < end and start < b for a, b in masks):
            continue
        sentence = next((k for k, (a, b) in enumerate(parts) if a <= start and end <= b), -1)
        gap = sum(b <= start for a, b in masks)  # a change may not reach across a running head either
        tokens.append((start, end, sentence * 1000 + gap))
    return tokens


def _automatic(source: Source, raw: str) -> list[Span]:
    """The edits the automatic cleaning makes (the editor corrects what the reader would see)."""
    from corpus.cleaner import clean
    from corpus.encode import methods_of

    layout = analyse(raw)
    return sorted([*layout.edits, *clean(raw, layout, methods_of(source, raw)).edits], key=lambda e: e.start)


def _seen(raw: str, tokens: list[Token], automatic: list[Span]) -> tuple[list[Token], list[str]]:
    """Tokens as the reader sees them: automatic changes applied, words cut at a line end joined."""
    merged: list[Token] = []
    for token in tokens:
        joined = merged and any(
            (e.literal == "" and e.tag == "orig" and merged[-1][1] - 1 == e.start)  # a hyphen joined
            or (e.start <= merged[-1][1] and e.end >= token[0])  # the space between removed
            for e in automatic
        )
        merged[-1:] = [(merged[-1][0], token[1], merged[-1][2])] if joined else [*merged[-1:], token]
    words = []
    for start, end, _ in merged:
        text, cursor = [], start
        for edit in automatic:
            if start <= edit.start and edit.end <= end:
                text += [raw[cursor : edit.start], edit.literal or ""]
                cursor = edit.end
        words.append(re.sub(r"\s+", "", "".join([*text, raw[cursor:end]])))
    return merged, words


def derive(source: Source, edited: dict[str, str]) -> list[dict[str, object]]:
    """Correction entries turning the blocks as the reader sees them into the edited text."""
    raw = source.text()
    blocks = _blocks(source, raw)
    automatic = _automatic(source, raw)
    entries: list[dict[str, object]] = []
    for block_id, text in edited.items():
        if block_id not in blocks:
            raise AcademieError(f"no block '{block_id}' in {source.id}")
        tokens, words = _seen(raw, _raw_tokens(raw, *blocks[block_id]), automatic)
        gold = text.split()
        matcher = SequenceMatcher(None, words, gold, autojunk=False)
        for tag, i1, i2, j1, j2 in matcher.get_opcodes():
            if tag == "replace" and i2 - i1 == j2 - j1:  # word for word: one entry each
                for k in range(i2 - i1):
                    if words[i1 + k] != gold[j1 + k]:
                        entries += _entries(raw, tokens, i1 + k, i1 + k + 1, [gold[j1 + k]], block_id)
            elif tag != "equal":
                entries += _entries(raw, tokens, i1, i2, gold[j1:j2], block_id)
    return entries


def _entries(raw: str, tokens: list[Token], i1: int, i2: int, new: list[str], block_id: str) -> list[dict]:
    """One entry per sentence the change touches (a correction may not cut a sentence)."""
    if i1 == i2:  # insertion: attach to a neighbouring word of the raw text
        k = i1 - 1 if i1 > 0 else i1
        s, e, _ = tokens[k]
        word = raw[s:e]
        replace = f"{word} {' '.join(new)}" if k < i1 else f"{' '.join(new)} {word}"
        return [_entry(raw, s, e, replace, block_id)]
    groups: dict[int, list[int]] = {}
    for k in range(i1, i2):
        groups.setdefault(tokens[k][2], []).append(k)
    ordered = [groups[g] for g in sorted(groups)]
    out, given = [], 0
    for n, members in enumerate(ordered):
        share = len(new) - given if n == len(ordered) - 1 else round(len(new) * len(members) / (i2 - i1))
        words = new[given : given + share]
        given += share
        start, end = tokens[members[0]][0], tokens[members[-1]][1]
        if not words and members[0] > 0 and tokens[members[0] - 1][2] == tokens[members[0]][2]:
            start = tokens[members[0] - 1][0]  # a deletion keeps the word before, to leave no double space
            words = [raw[start : tokens[members[0] - 1][1]]]
        out.append(_entry(raw, start, end, " ".join(words), block_id))
    return out


def _entry(raw: str, start: int, end: int, replace: str, block_id: str) -> dict[str, object]:
    find = raw[start:end]
    entry: dict[str, object] = {"find": find, "replace": replace}
    hits = [m.start() for m in re.finditer(re.escape(find), raw)]
    if len(hits) > 1:
        entry["occurrence"] = hits.index(start) + 1
    entry["note"] = f"edited reading of {block_id}"
    return entry


def entries_toml(entries: list[dict[str, object]]) -> str:
    lines = []
    for entry in entries:
        lines.append("\n[[correction]]")
        for key, value in entry.items():
            lines.append(f"{key} = {value if isinstance(value, int) else _toml_string(str(value))}")
    return "\n".join(lines) + "\n"


def record(source: Source, path: Path, replace_all: bool = False) -> int:
    """Merge the corrections of an edited reading: the entries derived before from the blocks that
    `path` gives are replaced, every other entry kept. With `replace_all`, every entry derived from
    an edited reading is dropped first, the previous file kept as a numbered backup beside it."""
    edited = read_edited(path)
    entries = derive(source, edited)
    current = source.corrections_path.read_text("utf-8") if source.corrections_path.exists() else ""
    chunks = re.split(r"\n(?=\[\[correction\]\])", current)
    if replace_all:
        _backup(source.corrections_path, current)
        kept = [chunk for chunk in chunks if "edited reading of " not in chunk]
    else:
        kept = [chunk for chunk in chunks if not any(f'"edited reading of {block}"' in chunk for block in edited)]
    write_atomic(source.corrections_path, "\n".join(kept).rstrip("\n") + "\n" + entries_toml(entries))
    return len(entries)


def _backup(path: Path, text: str) -> Path:
    """corrections.toml.~N~, the next free N: an editor's earlier corrections are never lost."""
    number = 1
    while path.with_name(f"{path.name}.~{number}~").exists():
        number += 1
    backup = path.with_name(f"{path.name}.~{number}~")
    write_atomic(backup, text)
    return backup
