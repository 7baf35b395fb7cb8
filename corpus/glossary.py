"""The card-game glossary (corpus/data/glossary.toml): words never 'corrected' away."""

from __future__ import annotations

import tomllib
from functools import cache

from corpus import paths


@cache
def glossary() -> dict[str, dict[str, str]]:
    with (paths.DATA / "glossary.toml").open("rb") as handle:
        return tomllib.load(handle)["term"]


@cache
def glossary_words() -> frozenset[str]:
    """Every form of every term, lower case."""
    words = set()
    for term in glossary().values():
        for form in [term["fr"], *term.get("forms", [])]:
            words.update(form.lower().split())
    return frozenset(words)
