"""Precision and recall of rule-sentence detection against gold labels (tests/gold/sentences.tsv)."""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path

from extract.candidates import sentences
from extract.classify import RULE_BEARING
from extract.pipeline import nlp


def read_gold(path: Path) -> dict[str, bool]:
    gold = {}
    for line in path.read_text("utf-8").splitlines():
        if line and not line.startswith("#"):
            passage, bearing, _label = line.split("\t")
            gold[passage] = bearing == "1"
    return gold


def detection(gold: dict[str, bool]) -> dict[str, tuple[float, float, int]]:
    """Per source and overall: (precision, recall, sentences) of rule-bearing detection."""
    counts: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0, 0])  # tp, fp, fn, n
    sources = sorted({passage.split(".", 1)[0] for passage in gold})
    for source in sources:
        items = [(sid, text) for sid, text in sentences(source) if sid in gold]
        for (sid, _text), doc in zip(items, nlp().pipe(t for _, t in items), strict=True):
            predicted = max(doc.cats, key=doc.cats.get) in RULE_BEARING
            for key in (source, "overall"):
                c = counts[key]
                c[0] += predicted and gold[sid]
                c[1] += predicted and not gold[sid]
                c[2] += gold[sid] and not predicted
                c[3] += 1
    return {
        k: (round(tp / max(1, tp + fp), 3), round(tp / max(1, tp + fn), 3), n) for k, (tp, fp, fn, n) in counts.items()
    }
