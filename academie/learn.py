"""Learn the shipped tables from the shared training data (`academie learn norm|ocr DIR`).

Only statistics and word tables derived from the data are written to corpus/data, never its text.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from collections.abc import Iterable, Iterator
from pathlib import Path

from corpus import paths
from corpus.errors import AcademieError
from corpus.regularise import TOKEN
from corpus.wordlists import write_table, zipf

MIN_MODERN_COUNT = 2
LETTERS = re.compile("[uvijUVIJ]")


def norm_pairs(folder: Path, prefixes: tuple[str, ...] = ("train", "dev")) -> Iterator[tuple[list[str], list[str]]]:
    """Token-aligned (diplomatic, normalised) lines of FreEMnorm files whose token counts agree."""
    files = sorted(p for p in folder.glob("*.tsv") if p.name.startswith(prefixes))
    if not files:
        raise AcademieError("no FreEMnorm .tsv files found", folder)
    for path in files:
        for number, line in enumerate(path.read_text("utf-8").splitlines(), 1):
            if "\t" not in line:
                raise AcademieError("expected source<TAB>target", path, number)
            source, target = line.split("\t", 1)
            a, b = TOKEN.findall(source), TOKEN.findall(target)
            if len(a) == len(b):
                yield a, b


def learn_norm(folder: Path, prefixes: tuple[str, ...] = ("train", "dev"), out: Path = paths.DATA) -> dict[str, int]:
    """Write regularisation_table.tsv, modern_forms.tsv and letter_contexts.tsv from FreEMnorm."""
    pairs = list(norm_pairs(folder, prefixes))  # read once for both passes
    mapping: dict[str, Counter[str]] = defaultdict(Counter)
    modern: Counter[str] = Counter()
    for diplomatic, normalised in pairs:
        for old, new in zip(diplomatic, normalised, strict=True):
            mapping[old][new] += 1
            modern[new.lower()] += 1
    rows = []
    for old, targets in mapping.items():
        new, count = sorted(targets.items(), key=lambda kv: (-kv[1], kv[0]))[0]
        if new != old or (count >= 2 and old.lower() not in modern and zipf(old.lower()) < 3.0):
            rows.append((old, new, str(count), str(sum(targets.values()))))
    forms = [(w, str(c)) for w, c in modern.items() if c >= MIN_MODERN_COUNT and not w.startswith("#")]
    write_table(
        out / "regularisation_table.tsv",
        "diplomatic form, regular form, times seen so, times seen (learned from FreEMnorm, CC BY 4.0)",
        rows,
    )
    write_table(out / "modern_forms.tsv", "modern form, times seen (normalised side of FreEMnorm, CC BY 4.0)", forms)
    contexts = learn_letter_contexts(pairs, out)
    return {"table": len(rows), "modern_forms": len(forms), "letter_contexts": contexts}


def learn_letter_contexts(pairs: Iterable[tuple[list[str], list[str]]], out: Path = paths.DATA) -> int:
    """Write letter_contexts.tsv: how each u, v, i, j of the diplomatic text is printed in the
    normalised one, by its neighbours (`^`, `$` the word's edges), over words of equal length."""
    seen: dict[tuple[str, str, str], Counter[str]] = defaultdict(Counter)
    for diplomatic, normalised in pairs:
        for old, new in zip(diplomatic, normalised, strict=True):
            if len(old) != len(new) or not LETTERS.search(old):
                continue
            word, target = f"^{old.lower().replace('ſ', 's')}$", f"^{new.lower()}$"  # OCR reads ſ as s
            for k in range(1, len(word) - 1):
                if word[k] in "uvij":
                    seen[(word[k - 1], word[k], word[k + 1])][target[k] if target[k] in "uvij" else word[k]] += 1
    rows = [
        (f"{left}{letter}{right}", target, str(count), str(sum(counts.values())))
        for (left, letter, right), counts in seen.items()
        for target, count in counts.items()
    ]
    write_table(
        out / "letter_contexts.tsv",
        "u v i j with neighbours, as printed in the normalised text, times so, times seen (FreEMnorm, CC BY 4.0)",
        rows,
    )
    return len(rows)


def icdar_documents(folder: Path, half: str | None = None) -> Iterator[tuple[Path, str, str, str]]:
    """(file, raw OCR, aligned OCR, aligned gold) of each ICDAR 2017 file in `folder`; `half` keeps
    the files numbered odd or even only (two folds for cross-validation)."""
    files = sorted((p for p in folder.glob("*.txt") if p.stem.isdigit()), key=lambda p: int(p.stem))
    if half is not None:
        files = [p for p in files if int(p.stem) % 2 == (half == "odd")]
    if not files:
        raise AcademieError("no ICDAR files (N.txt) found", folder)
    for path in files:
        lines = path.read_text("utf-8").split("\n")
        if len(lines) < 3 or not lines[0].startswith("[OCR_toInput] "):
            raise AcademieError("not in the ICDAR 2017 format", path, 1)
        ocr, aligned, gold = (line.split("] ", 1)[1] for line in lines[:3])
        if len(aligned) != len(gold):
            raise AcademieError("aligned lines differ in length", path, 2)
        yield path, ocr, aligned, gold


def token_pairs(aligned: str, gold: str) -> Iterator[tuple[str, str]]:
    """(OCR token, gold text) for each space-delimited OCR token with gold."""
    for match in re.finditer(r"[^ ]+", aligned):
        truth = gold[match.start() : match.end()]
        if "#" not in truth:
            yield match.group().replace("@", ""), truth.replace("@", "")


def learn_ocr(
    folder: Path, out: Path = paths.DATA, half: str | None = None, min_count: int = 3, min_precision: float = 0.9
) -> dict[str, int]:
    """Write ocr_tokens.tsv (whole-token corrections) and ocr_confusions.tsv (character confusions)."""
    tokens: dict[str, Counter[str]] = defaultdict(Counter)
    confusions: Counter[tuple[str, str]] = Counter()
    seen: Counter[str] = Counter()
    for _path, _ocr, aligned, gold in icdar_documents(folder, half):
        for ocr_token, truth in token_pairs(aligned, gold):
            tokens[ocr_token][truth] += 1
        for match in re.finditer(r"[^ ]+", aligned):
            _count_confusions(match.group(), gold[match.start() : match.end()], confusions, seen)
    rows = []
    for token, truths in tokens.items():
        total = sum(truths.values())
        truth, count = sorted(truths.items(), key=lambda kv: (-kv[1], kv[0]))[0]
        letters_differ = _letters(truth) != _letters(token)  # spacing conventions differ between prints
        if letters_differ and count >= min_count and count / total >= min_precision and not token.startswith("#"):
            rows.append((token, truth, str(count), str(total)))
    pairs = [
        (a, b, str(n), f"{n / seen[a]:.4f}")
        for (a, b), n in confusions.items()
        if n >= min_count and a.strip() and not a.startswith("#")
    ]
    write_table(
        out / "ocr_tokens.tsv", "OCR token, correction, times so, times seen (learned from ICDAR 2017 train)", rows
    )
    write_table(
        out / "ocr_confusions.tsv", "OCR characters, true characters, count, probability (ICDAR 2017 train)", pairs
    )
    return {"tokens": len(rows), "confusions": len(pairs)}


def _letters(text: str) -> str:
    return re.sub(r"[\W_]", "", text)


def _count_confusions(ocr: str, gold: str, confusions: Counter[tuple[str, str]], seen: Counter[str]) -> None:
    """Count one- and two-character substitutions inside a word (`@` gaps make insertions, deletions)."""
    if "#" in gold:
        return
    for size in (1, 2):
        for i in range(len(ocr) - size + 1):
            piece = ocr[i : i + size].replace("@", "")
            if piece:
                seen[piece] += 1
    i = 0
    while i < len(ocr):
        if ocr[i] == gold[i]:
            i += 1
            continue
        j = i
        while j < len(ocr) and ocr[j] != gold[j] and j - i < 2:
            j += 1
        a, b = ocr[i:j].replace("@", ""), gold[i:j].replace("@", "")
        if a and a != b and " " not in b:
            confusions[(a, b)] += 1
        i = j
