"""The pipeline: fr_core_news_sm's tagger and lemmatizer, an entity ruler of the domain
(extract/data/patterns.jsonl), the number reader, the classifier and the slot extractor."""

from __future__ import annotations

from functools import cache

import spacy
from spacy.language import Language

from extract import components  # noqa: F401 - registers the components
from extract.classify import DATA

PIPELINE = ("entity_ruler", "academie_numbers", "academie_slots", "academie_classifier")  # claims feed the classes


@cache
def nlp() -> Language:
    """Loaded once per process: the model takes seconds."""
    pipeline = spacy.load("fr_core_news_sm", exclude=["ner", "parser", "senter"])
    ruler = pipeline.add_pipe("entity_ruler", config={"phrase_matcher_attr": "LOWER"})
    ruler.from_disk(DATA / "patterns.jsonl")
    for name in PIPELINE[1:]:
        pipeline.add_pipe(name)
    return pipeline
