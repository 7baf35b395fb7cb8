"""Cross-validation by source of a trained sentence classifier beside the cue classifier: train a
small spaCy `textcat` (bag of words) on the gold labels of four sources, test both on the fifth;
with the unseen texts' labels too, leave one source or text out. It answers whether a trained model
beats the cues on a text it has not seen."""

from __future__ import annotations

import random
from collections import defaultdict

import spacy
from spacy.training import Example

from corpus import paths
from corpus.fileio import parse_xml
from extract.annotate import analyse
from extract.classify import RULE_BEARING, label_of
from extract.evaluate import precision_recall

EPOCHS = 20


def labelled(gold: dict[str, bool]) -> dict[str, list[tuple[str, bool, bool]]]:
    """Per source: (sentence text, gold rule-bearing, the cues' prediction)."""
    out: dict[str, list[tuple[str, bool, bool]]] = defaultdict(list)
    for source in sorted({p.split(".", 1)[0] for p in gold}):
        for s in analyse(parse_xml(paths.tei_path(source)).getroot()):
            if s.id in gold:
                cue = label_of(s.doc.cats) in RULE_BEARING
                out[source].append((s.text, gold[s.id], cue))
    return out


def _trained(train: list[tuple[str, bool, bool]]) -> spacy.language.Language:
    nlp = spacy.blank("fr")
    textcat = nlp.add_pipe(
        "textcat",
        config={
            "model": {
                "@architectures": "spacy.TextCatBOW.v3",
                "exclusive_classes": True,
                "ngram_size": 2,
                "no_output_layer": False,
            }
        },
    )
    for label in ("RULE", "OTHER"):
        textcat.add_label(label)
    examples = [
        Example.from_dict(nlp.make_doc(t), {"cats": {"RULE": float(y), "OTHER": float(not y)}}) for t, y, _ in train
    ]
    optimizer = nlp.initialize(lambda: examples)
    rng = random.Random(0)
    for _ in range(EPOCHS):
        rng.shuffle(examples)
        nlp.update(examples, sgd=optimizer, drop=0.2)
    return nlp


def _f1(pairs: list[tuple[bool, bool]]) -> tuple[float, float, float]:
    precision, recall = precision_recall(
        sum(p and g for p, g in pairs), sum(p and not g for p, g in pairs), sum(g and not p for p, g in pairs)
    )
    return precision, recall, 2 * precision * recall / max(1e-9, precision + recall)


Rows = list[tuple[str, bool, bool]]  # (sentence, gold rule-bearing, the cues' prediction)


def cross_validate(
    gold: dict[str, bool], more: dict[str, Rows] | None = None, prose: set[str] = frozenset()
) -> list[str]:
    """Per held-out source (and text of `more`) and overall: precision, recall and F1 of the cues and
    of the textcat trained on all the others; then the worst prose text's false candidates of each."""
    data = labelled(gold) | (more or {})
    lines, cue_all, cat_all, false_cues, false_cat = [], [], [], 0, 0
    for held in sorted(data):
        model = _trained([row for source, rows in data.items() if source != held for row in rows])
        test = data[held]
        cat = [(model(t).cats["RULE"] >= 0.5, g) for t, g, _ in test]
        cue = [(c, g) for _, g, c in test]
        cue_all += cue
        cat_all += cat
        lines.append(_line(held, cue, cat))
        if held in prose:  # every candidate in a prose text is a false one
            false_cues, false_cat = max(false_cues, sum(p for p, _ in cue)), max(false_cat, sum(p for p, _ in cat))
    lines.append(_line("overall", cue_all, cat_all))
    if prose:
        lines.append(
            f"prose texts: {len(prose)}; false candidates at most {false_cues} in one (cues), {false_cat} (textcat)"
        )
    return lines


def _line(label: str, cue: list, cat: list) -> str:
    (cp, cr, cf), (tp, tr, tf) = _f1(cue), _f1(cat)
    cues = f"cues P {cp:.3f} R {cr:.3f} F1 {cf:.3f}"
    return f"{label}: {cues}; textcat P {tp:.3f} R {tr:.3f} F1 {tf:.3f} ({len(cue)} sentences)"
