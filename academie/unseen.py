"""`academie extract --unseen DIR`: extraction measured on texts the project does not ship. Each
`NAME.txt` is added as a scholar adds a text (`add_source`, into a scratch corpus) and its
sentences and candidates are compared with the editors' labels in `NAME.gold.tsv`."""

from __future__ import annotations

import re
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from lxml import etree
from rapidfuzz import fuzz

from academie.addsource import add_source
from academie.misread import long_s, misread
from corpus.errors import AcademieError
from corpus.fileio import safe_parser
from corpus.readings import element_diplomatic, mapped_reading
from corpus.spans import XML_ID, tei
from extract.annotate import CONTEXT_RESP
from extract.classify import RULE_BEARING
from extract.evaluate import precision_recall, slot_named
from extract.slots import flat_facts


@dataclass(frozen=True)
class Gold:
    rule: bool
    facts: frozenset[str]
    start: str


@dataclass
class Score:
    """Counts for one text (or several): rule sentences and the facts of their claims."""

    tp: int = 0
    fp: int = 0
    fn: int = 0
    false_candidates: int = 0  # candidates at sentences that state no rule
    gold_facts: int = 0
    found_facts: int = 0  # gold facts a claim of the same sentence states
    judged: int = 0  # facts a claim states where the gold states a fact of the same key
    correct: int = 0
    missed: list[str] = field(default_factory=list)

    def add(self, other: Score) -> None:
        for name in ("tp", "fp", "fn", "false_candidates", "gold_facts", "found_facts", "judged", "correct"):
            setattr(self, name, getattr(self, name) + getattr(other, name))

    def detected(self, rule: bool, predicted: bool) -> None:
        self.tp += rule and predicted
        self.fp += predicted and not rule
        self.fn += rule and not predicted

    def line(self, label: str) -> str:
        precision, recall = precision_recall(self.tp, self.fp, self.fn)
        return (
            f"{label}: recall {recall:.3f}, precision {precision:.3f} ({self.tp + self.fn} rule sentences), "
            f"false candidates {self.false_candidates}; facts found {self.found_facts}/{self.gold_facts}, "
            f"correct {self.correct}/{self.judged}"
        )


def read_gold(path: Path) -> list[Gold]:
    out = []
    for number, line in enumerate(path.read_text("utf-8").splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        parts = line.split("\t")
        if len(parts) != 3 or parts[0] not in ("0", "1"):
            raise AcademieError("expected rule<TAB>facts<TAB>first words", path, number)
        facts = frozenset() if parts[1] == "-" else frozenset(parts[1].split())
        out.append(Gold(parts[0] == "1", facts, parts[2]))
    return out


def _key(text: str) -> str:
    """Letters and digits: a row of values ("10 : 10") has no letters but is a sentence to align."""
    return re.sub(r"[^a-zà-ÿ0-9]", "", text.lower())


FUZZY_FROM = 12  # letters a label's first words need before an OCR slip is allowed ("A chacun" is not "Chacun met")


def _begins(key: str, start: str) -> bool:
    """Does the sentence begin so, up to an OCR letter or two?"""
    return key.startswith(start) or (len(start) >= FUZZY_FROM and fuzz.ratio(key[: len(start)], start) >= 85)


def score_text(text: Path, gold: list[Gold], scratch: Path) -> tuple[Score, Score]:
    """Add the text to a scratch corpus and compare its build's candidates sentence by sentence;
    beside it, the detection of the cues alone (the kinds the context decided read back)."""
    score, alone = Score(), Score()
    unmatched = list(gold)
    for reading, label, cands, by_context in _aligned(text, unmatched, scratch):
        _count(score, label, cands, reading)
        alone.detected(bool(label and label.rule), _bearing(cands) != by_context)
    for each in (score, alone):
        each.fn += sum(g.rule for g in unmatched)
    score.gold_facts += sum(len(g.facts) for g in unmatched)
    score.missed += [f"{text.stem}: no sentence begins '{g.start}'" for g in unmatched if g.rule]
    return score, alone


def _aligned(text: Path, unmatched: list[Gold], scratch: Path) -> Iterator[tuple[str, Gold | None, list[dict], bool]]:
    """Each sentence of the text as its build reads it, with the gold label that begins it (taken
    from `unmatched`), its candidates, and whether its kind is the context's."""
    built = add_source(text, text.stem, text.stem, {}, root=scratch / "sources", tei_dir=scratch / "tei")
    found: dict[str, list[dict]] = {}
    for cand in built.candidates:
        found.setdefault(cand["passage"], []).append(cand)
    root = etree.fromstring(built.tei, safe_parser())
    by_context = {a.get("target")[1:] for a in root.iter(tei("annotation")) if a.get("resp") == CONTEXT_RESP}
    for sentence in root.iter(tei("s")):
        reading = mapped_reading(sentence)[0]
        if not reading:
            continue
        keys = (_key(reading), _key(element_diplomatic(sentence)))  # gold may quote the raw OCR ("eft auffi")
        label = _label(keys, unmatched)
        if label is not None:
            unmatched.remove(label)
        sid = sentence.get(XML_ID)
        yield reading, label, found.get(sid, []), sid in by_context


def _label(keys: tuple[str, str], unmatched: list[Gold]) -> Gold | None:
    """The label that begins the sentence exactly, the longest if several ("Les annonces du Jass…",
    not the heading "Les annonces"); else the longest that begins it up to an OCR slip."""
    starts = [(g, _key(g.start)[:30]) for g in unmatched]
    exact = [(g, s) for g, s in starts if any(key.startswith(s) for key in keys)]
    fuzzy = exact or [(g, s) for g, s in starts if any(_begins(key, s) for key in keys)]
    return max(fuzzy, key=lambda pair: len(pair[1]), default=(None, ""))[0]


def labelled_texts(folder: Path) -> tuple[dict[str, list[tuple[str, bool, bool]]], set[str]]:
    """Per text: (sentence, gold rule-bearing, the cues' prediction), for cross-validation; and the
    prose texts (whose gold states no rule)."""
    out, prose = {}, set()
    with tempfile.TemporaryDirectory() as scratch:
        for text in _texts(folder):
            gold = read_gold(text.with_suffix(".gold.tsv"))
            if not any(g.rule for g in gold):
                prose.add(f"unseen:{text.stem}")
            out[f"unseen:{text.stem}"] = [
                (reading, bool(label and label.rule), _bearing(cands))
                for reading, label, cands, _ in _aligned(text, list(gold), Path(scratch))
            ]
    return out, prose


def _texts(folder: Path) -> list[Path]:
    texts = sorted(folder.glob("*.txt"))
    if not texts:
        raise AcademieError("no .txt texts", folder)
    for text in texts:
        if not text.with_suffix(".gold.tsv").exists():
            raise AcademieError("no gold labels beside the text", text.with_suffix(".gold.tsv"))
    return texts


def _bearing(cands: list[dict]) -> bool:
    """Does the build read the sentence as a rule (a candidate of a rule-bearing kind)?"""
    return any(c["label"] in RULE_BEARING for c in cands)


def _count(score: Score, label: Gold | None, cands: list[dict], text: str) -> None:
    rule = bool(label and label.rule)
    predicted = _bearing(cands)
    score.detected(rule, predicted)
    score.false_candidates += 0 if rule else len(cands)
    if rule and not predicted:
        score.missed.append(f"missed: {text[:90]}")
    if not rule and cands:
        score.missed.append(f"false: {text[:90]}")
    stated = frozenset(f for c in cands for f in flat_facts(slot_named(c["kind"], c["claim"])))
    gold = label.facts if label else frozenset()
    keys = {f.split("=", 1)[0] for f in gold}
    score.gold_facts += len(gold)
    score.found_facts += len(gold & stated)
    judged = [f for f in stated if f.split("=", 1)[0] in keys]
    score.judged += len(judged)
    score.correct += sum(f in gold for f in judged)
    score.missed += [f"fact missed: {f} in {text[:60]}" for f in gold - stated]


def evaluate_unseen(
    folder: Path, verbose: bool = False, misread_rate: float = 0.0, long_s_read: bool = False
) -> list[str]:
    """One line per text and the totals; the texts whose gold has no rule are the prose texts.
    `misread_rate`: each text is first misread so, as OCR misreads print (academie/misread.py);
    `long_s_read`: and read as OCR reads a print's long s, as f."""
    lines, total, alone, prose = [], Score(), Score(), []
    noisy = misread_rate or long_s_read
    with tempfile.TemporaryDirectory() as scratch:
        for text in _texts(folder):
            gold = read_gold(text.with_suffix(".gold.tsv"))
            read = _misread_copy(text, misread_rate, long_s_read, Path(scratch)) if noisy else text
            score, cues = score_text(read, gold, Path(scratch))
            total.add(score)
            alone.add(cues)
            lines.append(score.line(text.stem))
            if verbose:
                lines += [f"  {m}" for m in score.missed]
            if not any(g.rule for g in gold):
                prose.append(score.false_candidates)
    lines.append(total.line("overall"))
    precision, recall = precision_recall(alone.tp, alone.fp, alone.fn)
    lines.append(f"the cues alone, without the context: recall {recall:.3f}, precision {precision:.3f}")
    if prose:
        lines.append(f"prose texts: {len(prose)}, false candidates at most {max(prose)} in one")
    return lines


def _misread_copy(text: Path, rate: float, long_s_read: bool, scratch: Path) -> Path:
    """A copy of the text, under its own name, with about `rate` of its letters misread (and its
    long s read as f)."""
    copy = scratch / "misread" / text.name
    copy.parent.mkdir(exist_ok=True)
    read = text.read_text("utf-8")
    copy.write_text(misread(long_s(read) if long_s_read else read, rate, text.stem), "utf-8")
    return copy
