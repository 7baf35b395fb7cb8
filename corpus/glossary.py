"""The card-game vocabulary (corpus/data/glossary.toml and the games of games.toml), declared once:
the TEI glossary, the entity ruler's patterns and the words the cleaner never 'corrects'."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from corpus import paths
from corpus.fileio import load_toml
from corpus.games import games

TYPES = ("card", "suit", "game", "term", "counter")


@dataclass(frozen=True)
class Entry:
    id: str  # "term.talon": also its TEI category xml:id
    type: str
    fr: str
    en: str
    forms: tuple[str, ...]  # the spellings matched in running text
    case: bool  # match the forms with their case (Monde the trump, not tout le monde)
    rank: str | None = None  # a card the claims name: its id in rules/data/cards.toml


@cache
def entries() -> tuple[Entry, ...]:
    """Every glossary entry, games included, in a stable order."""
    raw = load_toml(paths.DATA / "glossary.toml")
    out = [Entry(f"game.{g.id}", "game", g.fr, g.en, g.names, True) for g in games()]
    for kind, table in raw.items():
        if kind not in TYPES:
            raise ValueError(f"glossary.toml: unknown entry type [{kind}] (known: {', '.join(TYPES)})")
        for key, e in table.items():
            forms = e["match"] if "match" in e else [e["fr"], *e.get("forms", [])]
            case = bool(e.get("case", False))
            out.append(Entry(f"{kind}.{key}", kind, e["fr"], e["en"], tuple(forms), case, e.get("rank")))
    return tuple(sorted(out, key=lambda e: (TYPES.index(e.type), e.id)))


@cache
def glossary_words() -> frozenset[str]:
    """Every word of every form, lower case."""
    return frozenset(w for e in entries() for form in (e.fr, *e.forms) for w in form.lower().split())


@cache
def keys_by_form(kind: str) -> dict[str, str]:
    """Every lower-cased form of the entries of one type, with the entry's key: cœurs -> coeur."""
    return {form.lower(): e.id.split(".", 1)[1] for e in entries() if e.type == kind for form in (e.fr, *e.forms)}


@cache
def ranks_by_form() -> dict[str, str]:
    """Every lower-cased form of a card the claims name, with its rank: roy -> roi, Monde -> atout-21."""
    return {form.lower(): e.rank for e in entries() if e.rank for form in (e.fr, *e.forms)}
