"""The game registry (corpus/data/games.toml) and the game a passage is about, with a certainty."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from corpus import paths
from corpus.fileio import load_toml


@dataclass(frozen=True)
class Game:
    id: str
    fr: str
    en: str
    decisive: tuple[re.Pattern[str], ...]
    terms: tuple[re.Pattern[str], ...]
    names: tuple[str, ...]  # how the texts name it, for mentions (case kept: 'Écarté' is not 'écarté')


@cache
def games() -> tuple[Game, ...]:
    raw = load_toml(paths.DATA / "games.toml")
    return tuple(
        Game(
            g["id"],
            g["fr"],
            g["en"],
            tuple(re.compile(p, re.IGNORECASE) for p in g["decisive"]),
            tuple(re.compile(p, re.IGNORECASE) for p in g["terms"]),
            tuple(g.get("names", [])),
        )
        for g in raw["game"]
    )


def identify(text: str) -> tuple[Game, str] | None:
    """The game `text` is about and how sure: named (high), two or more terms (medium), else None."""
    scored = []
    for game in games():
        named = sum(bool(p.search(text)) for p in game.decisive)
        terms = sum(bool(p.search(text)) for p in game.terms)
        if named or terms >= 2:
            scored.append((named, terms, game))
    if not scored:
        return None
    scored.sort(key=lambda t: (-t[0], -t[1], t[2].id))
    named, terms, game = scored[0]
    if len(scored) > 1 and scored[1][:2] == (named, terms):
        return None  # two games equally likely: not told
    return game, "high" if named else "medium"
