"""The pipeline: fr_core_news_sm's tagger (no lemmas, parse or entities: nothing here reads them),
an entity ruler of the domain (its patterns are the forms of the glossary, corpus/data/glossary.toml),
the number reader, the slot extractor and the classifier."""

from __future__ import annotations

from functools import cache

import spacy
from spacy.language import Language

from corpus.glossary import entries
from extract import components  # noqa: F401 - registers the components

MODEL_EXCLUDED = ["ner", "parser", "senter", "lemmatizer"]  # the numbers read the tagger's DET; nothing else is used
PIPELINE = ("academie_numbers", "academie_slots", "academie_classifier")  # claims feed the classes


@cache
def nlp() -> Language:
    """Loaded once per process: the model takes seconds."""
    pipeline = spacy.load("fr_core_news_sm", exclude=MODEL_EXCLUDED)
    # Two phrase-matching rulers: forms in any case (talon, Talon), and names kept with their case
    # (the Monde of the trumps, not 'tout le monde').
    for name, case in (("names_ruler", True), ("glossary_ruler", False)):
        ruler = pipeline.add_pipe(
            "entity_ruler", name=name, config={"phrase_matcher_attr": "ORTH" if case else "LOWER"}
        )
        ruler.add_patterns(glossary_patterns(case))
    for name in PIPELINE:
        pipeline.add_pipe(name)
    return pipeline


def glossary_patterns(case: bool) -> list[dict]:
    """One phrase pattern per glossary form (of the entries matched with or without case); the
    entity's id is the glossary entry's id."""
    return [
        {"label": entry.type.upper(), "id": entry.id, "pattern": form}
        for entry in entries()
        if entry.case == case
        for form in entry.forms
    ]
