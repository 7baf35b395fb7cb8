"""The pipeline: fr_core_news_sm's tagger and lemmatizer, an entity ruler of the domain (its
patterns are the forms of the glossary, corpus/data/glossary.toml), the number reader, the slot
extractor and the classifier."""

from __future__ import annotations

from functools import cache

import spacy
from spacy.language import Language

from corpus.glossary import entries
from extract import components  # noqa: F401 - registers the components

PIPELINE = ("entity_ruler", "academie_numbers", "academie_slots", "academie_classifier")  # claims feed the classes


@cache
def nlp() -> Language:
    """Loaded once per process: the model takes seconds."""
    pipeline = spacy.load("fr_core_news_sm", exclude=["ner", "parser", "senter"])
    ruler = pipeline.add_pipe("entity_ruler")
    ruler.add_patterns(glossary_patterns(pipeline))
    for name in PIPELINE[1:]:
        pipeline.add_pipe(name)
    return pipeline


def glossary_patterns(pipeline: Language) -> list[dict]:
    """One token pattern per glossary form; the entity's id is the glossary entry's id."""
    patterns = []
    for entry in entries():
        attr = "ORTH" if entry.case else "LOWER"
        for form in entry.forms:
            tokens = [t.text if entry.case else t.lower_ for t in pipeline.make_doc(form)]
            patterns.append({"label": entry.type.upper(), "id": entry.id, "pattern": [{attr: t} for t in tokens]})
    return patterns
