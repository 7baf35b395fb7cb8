"""`academie eval ocr|norm DIR`: error rates of the cleaner and the regulariser beside doing nothing."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from rapidfuzz.distance import Levenshtein

from academie.learn import icdar_documents
from corpus.errors import AcademieError
from corpus.regularise import TOKEN


@dataclass
class NormScore:
    lines: int = 0
    tokens: int = 0
    baseline: int = 0
    system: int = 0

    def report(self) -> str:
        return (
            f"normalisation: {self.lines} lines, {self.tokens} tokens; word accuracy "
            f"{self.baseline / self.tokens:.4f} doing nothing, {self.system / self.tokens:.4f} regularised"
        )


def eval_norm(folder: Path, normalize: Callable[[str], str], prefix: str = "") -> NormScore:
    """Word accuracy over `source<TAB>target` lines whose token counts agree (punctuation apart)."""
    files = sorted(p for p in folder.glob("*.tsv") if p.name.startswith(prefix)) if folder.is_dir() else [folder]
    if not files:
        raise AcademieError("no .tsv files", folder)
    score = NormScore()
    for path in files:
        for number, line in enumerate(path.read_text("utf-8").splitlines(), 1):
            if not line.strip():
                continue
            if "\t" not in line:
                raise AcademieError("expected source<TAB>target", path, number)
            source, target = line.split("\t", 1)
            gold = TOKEN.findall(target)
            src = TOKEN.findall(source)
            if len(src) != len(gold):
                continue
            out = TOKEN.findall(normalize(source))
            score.lines += 1
            score.tokens += len(gold)
            score.baseline += sum(a == b for a, b in zip(src, gold, strict=True))
            score.system += sum(a == b for a, b in zip(out, gold, strict=False)) if len(out) == len(gold) else 0
    if not score.tokens:
        raise AcademieError("no comparable lines", folder)
    return score


@dataclass
class OcrScore:
    documents: int = 0
    characters: int = 0
    words: int = 0
    errors_before: int = 0
    errors_after: int = 0
    word_errors_before: int = 0
    word_errors_after: int = 0
    better: int = 0
    worse: int = 0

    def report(self) -> str:
        cer0, cer1 = self.errors_before / self.characters, self.errors_after / self.characters
        wer0, wer1 = self.word_errors_before / self.words, self.word_errors_after / self.words
        gain = (self.errors_before - self.errors_after) / max(1, self.errors_before)
        return (
            f"OCR: {self.documents} documents, {self.characters} characters; CER {cer0:.5f} doing nothing, "
            f"{cer1:.5f} cleaned ({gain:+.2%} of errors removed); WER {wer0:.5f} -> {wer1:.5f}; "
            f"documents better {self.better}, worse {self.worse}"
        )


def reference(aligned: str, gold: str) -> str:
    """The gold text; characters without gold (`#`) count as the OCR read them."""
    return "".join(a if g == "#" else g for a, g in zip(aligned, gold, strict=True)).replace("@", "")


def eval_ocr(folder: Path, clean: Callable[[str], str], half: str | None = None) -> OcrScore:
    """Character and word error rates of `clean` on ICDAR 2017 files, beside the raw OCR."""
    score = OcrScore()
    for _path, ocr, aligned, gold in icdar_documents(folder, half):
        ref = reference(aligned, gold)
        out = clean(ocr)
        before, after = Levenshtein.distance(ocr, ref), Levenshtein.distance(out, ref)
        ref_words = ref.split()
        score.documents += 1
        score.characters += len(ref)
        score.words += len(ref_words)
        score.errors_before += before
        score.errors_after += after
        score.word_errors_before += Levenshtein.distance(ocr.split(), ref_words)
        score.word_errors_after += Levenshtein.distance(out.split(), ref_words)
        score.better += after < before
        score.worse += after > before
    return score


def eval_sources(sources: list) -> list[str]:
    """Per source, against the published reading (automatic cleaning plus the editor's corrections):
    the CER of the raw file beside that of `academie clean` (layout, hyphens and words), then the CER
    of the uncorrected reading beside the automatically cleaned one (the word-level cleaning alone)."""

    from corpus.encode import encode
    from corpus.readings import reading
    from corpus.textclean import clean_text

    lines = []
    for source in sources:
        published = encode(source).root
        automatic = encode(source, editor_corrections=False).root
        gold = reading(published)
        raw = source.text()  # decoded as the source is read (its encoding), NFC, \n line ends
        lines.append(_cer_line(f"{source.id}: raw file", raw.strip(), clean_text(raw).strip(), gold.strip(), "clean"))
        lines.append(
            _cer_line(f"{source.id}: reading", reading(published, original=True), reading(automatic), gold, "automatic")
        )
    return lines


def _cer_line(label: str, before_text: str, after_text: str, gold: str, what: str) -> str:
    before, after = Levenshtein.distance(before_text, gold), Levenshtein.distance(after_text, gold)
    return (
        f"{label}: CER against the published reading {before / len(gold):.4f} uncorrected, "
        f"{after / len(gold):.4f} {what} ({(before - after) / max(1, before):+.1%} of errors removed)"
    )
