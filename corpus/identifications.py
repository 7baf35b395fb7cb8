"""The editor's identification of the game a quotation is about (a source's identifications.toml),
with its certainty and the evidence for it. It overrides the game cues of corpus/games.py."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from corpus.errors import AcademieError
from corpus.fileio import entry_lines, load_toml
from corpus.games import games

CERTS = ("high", "medium", "low")


@dataclass(frozen=True)
class Identification:
    passage: str  # the quotation's xml:id (talon.q18)
    game: str  # a game id of corpus/data/games.toml
    cert: str
    evidence: str  # why: a parallel text, a named rule, …
    line: int | None


def load_identifications(path: Path) -> dict[str, Identification]:
    """The identifications of a file, by quotation id; a malformed entry names its line."""
    if not path.exists():
        return {}
    data, lines = load_toml(path), entry_lines(path, "quotation")
    known = {g.id for g in games()}
    out: dict[str, Identification] = {}
    for k, entry in enumerate(data.get("quotation", [])):
        line = lines[k] if k < len(lines) else None
        if entry.get("game") not in known:
            raise AcademieError(f"game must be one of {', '.join(sorted(known))}", path, line)
        if entry.get("cert") not in CERTS or not isinstance(entry.get("evidence"), str) or not entry["evidence"]:
            raise AcademieError("an identification needs cert (high, medium, low) and its evidence", path, line)
        if not isinstance(entry.get("id"), str) or entry["id"] in out:
            raise AcademieError("id must name one quotation, once", path, line)
        out[entry["id"]] = Identification(entry["id"], entry["game"], entry["cert"], entry["evidence"], line)
    return out
