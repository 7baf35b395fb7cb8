"""Rule objects: data a historian writes (rules/data/rules/*.toml), each citing its passages."""

from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from jsonschema import Draft202012Validator
from jsonschema.exceptions import best_match

from corpus.errors import AcademieError
from corpus.fileio import entry_lines, load_toml

# ACADEMIE_RULES points at another catalogue folder (tests of malformed rule files).
RULES = Path(os.environ.get("ACADEMIE_RULES", Path(__file__).resolve().parent / "data" / "rules"))
SCHEMA = Path(__file__).resolve().parent / "data" / "rules.schema.json"
KINDS = (
    "deck",
    "deal",
    "talon",
    "exchange",
    "rank",
    "play",
    "value",
    "scoring",
    "penalty",
    "procedure",
    "advice",
    "players",
    "counters",
)
# The reader's sections of a game, in the order a rules site gives them, and the kinds in each.
SECTIONS = {
    "Players and cards": ("players", "deck", "counters", "rank"),
    "The deal": ("deal",),
    "The talon and the exchange": ("talon", "exchange"),
    "Play": ("play",),
    "Values and scoring": ("value", "scoring"),
    "Penalties": ("penalty",),
    "Procedures": ("procedure",),
    "Advice and remarks": ("advice",),
}
# holds: the engine verifies the claim; contradicted: the text's own statement, which the engine
# refutes; open: one of competing readings; asserted: the text states it, the engine does not model it
STATUSES = ("holds", "contradicted", "open", "asserted")
CERTS = ("high", "medium", "low")
REQUIRED = ("id", "title", "game", "source", "passages", "quote", "kind", "claim", "status", "interpretation")
OPTIONAL = ("check", "variant", "alternatives", "disagrees_with", "note", "resp")
# ACADEMIE_DRAFTS: another folder of draft rule files (tests).
DRAFTS = Path(os.environ.get("ACADEMIE_DRAFTS", Path(__file__).resolve().parent / "data" / "drafts"))
ID = re.compile(r"^[a-z0-9-]+(\.[a-z0-9-]+)+$")
NAME = re.compile(r"[a-z0-9][a-z0-9-]*")  # a game or source id


@dataclass(frozen=True)
class Rule:
    """A machine-checkable statement of a source, with the passages that say it."""

    id: str
    title: str  # in plain language, for the reader: "Hand sizes: eleven cards, twelve to the dealer"
    game: str
    source: str
    passages: tuple[str, ...]
    quote: str
    kind: str
    claim: dict[str, Any]
    status: str
    interpretation: dict[str, str]
    check: str = ""
    variant: str = ""  # the engine's variant of the game the rule is about (context, not claim)
    alternatives: tuple[str, ...] = ()
    disagrees_with: tuple[str, ...] = ()
    note: str = ""
    resp: dict[str, Any] = field(default_factory=dict)  # a drafted rule's provenance and decision
    path: Path = field(default=Path(), compare=False)
    line: int | None = field(default=None, compare=False)

    @property
    def check_name(self) -> str:
        return self.check or self.kind

    @property
    def context(self) -> dict[str, str]:
        """What a check is told besides the claim: the game, and the variant if any."""
        return {"game": self.game, **({"variant": self.variant} if self.variant else {})}


def section_of(kind: str) -> str:
    """The reader's section a kind of rule belongs to (SECTIONS)."""
    return next((name for name, kinds in SECTIONS.items() if kind in kinds), "Procedures")


def load_rules(folder: Path = RULES) -> list[Rule]:
    """Every rule of every file, checked; duplicate ids are refused. Read again only when a file changed."""
    files = tuple((p, p.stat().st_mtime_ns, p.stat().st_size) for p in sorted(folder.glob("*.toml")))
    return list(_load_rules(folder, files))


@cache
def _load_rules(folder: Path, files: tuple[tuple[Path, int, int], ...]) -> tuple[Rule, ...]:
    rules: list[Rule] = []
    seen: dict[str, Rule] = {}
    for path, _, _ in files:
        for rule in load_file(path):
            if rule.id in seen:
                raise AcademieError(
                    f"duplicate rule id '{rule.id}' (also at {seen[rule.id].path.name}:{seen[rule.id].line})",
                    path,
                    rule.line,
                )
            seen[rule.id] = rule
            rules.append(rule)
    return tuple(rules)


def load_file(path: Path) -> list[Rule]:
    data = load_toml(path)
    lines = entry_lines(path, "rule")
    return [_rule(entry, path, lines[k] if k < len(lines) else None) for k, entry in enumerate(data.get("rule", []))]


def _rule(entry: dict[str, Any], path: Path, line: int | None) -> Rule:
    def fail(message: str) -> AcademieError:
        return AcademieError(f"rule {entry.get('id', '?')}: {message}", path, line)

    for key in REQUIRED:
        if key not in entry:
            raise fail(f"missing field '{key}'")
    for key in entry:
        if key not in REQUIRED and key not in OPTIONAL:
            raise fail(f"unknown field '{key}'")
    if not ID.match(entry["id"]):
        raise fail("field 'id' must be dotted lower-case words (reversis.deal.hand-sizes)")
    for key in ("game", "source"):
        if not isinstance(entry[key], str) or not NAME.fullmatch(entry[key]):
            raise fail(f"field '{key}' must be an id of lower-case letters, digits and hyphens")
    if entry["kind"] not in KINDS:
        raise fail(f"field 'kind' must be one of {', '.join(KINDS)}")
    if entry["status"] not in STATUSES:
        raise fail(f"field 'status' must be one of {', '.join(STATUSES)}")
    interpretation = entry["interpretation"]
    if (
        not isinstance(interpretation, dict)
        or interpretation.get("cert") not in CERTS
        or not interpretation.get("text")
    ):
        raise fail("field 'interpretation' needs text and cert (high, medium, low)")
    if not isinstance(entry["title"], str) or not entry["title"].strip() or "\n" in entry["title"]:
        raise fail("field 'title' must be one line of plain language")
    if not isinstance(entry["passages"], list) or not entry["passages"]:
        raise fail("field 'passages' must list TEI ids")
    if not isinstance(entry["claim"], dict):
        raise fail("field 'claim' must be a table")
    resp = entry.get("resp", {})
    error = best_match(resp_validator().iter_errors(resp)) if "resp" in entry else None
    if error is not None:
        where = ".".join(str(step) for step in error.absolute_path)
        raise fail(f"resp{'.' + where if where else ''}: {error.message}")
    check = entry.get("check") or entry["kind"]
    if check not in claim_validators():
        raise fail(f"no check '{check}' (rules.schema.json $defs/claims names them)")
    error = best_match(claim_validators()[check].iter_errors(entry["claim"]))
    if error is not None:
        where = ".".join(str(step) for step in error.absolute_path)
        raise fail(f"claim{'.' + where if where else ''}: {error.message} (check '{check}')")
    return Rule(
        entry["id"],
        entry["title"],
        entry["game"],
        entry["source"],
        tuple(entry["passages"]),
        entry["quote"],
        entry["kind"],
        entry["claim"],
        entry["status"],
        interpretation,
        entry.get("check", ""),
        entry.get("variant", ""),
        tuple(entry.get("alternatives", ())),
        tuple(entry.get("disagrees_with", ())),
        entry.get("note", ""),
        resp,
        path,
        line,
    )


def load_drafts(folder: Path = DRAFTS) -> list[Rule]:
    """The drafted rules no editor has accepted or rejected yet (rules/data/drafts/*.toml)."""
    return [rule for path in sorted(folder.glob("*.toml")) for rule in load_file(path)]


def proposed(rule: Rule) -> bool:
    """Is this a drafted rule still awaiting the editor?"""
    return rule.resp.get("decision") in ("proposed", "edited")


@cache
def resp_validator() -> Draft202012Validator:
    """A drafted rule's provenance and decision, as rules.schema.json gives them."""
    return Draft202012Validator(json.loads(SCHEMA.read_text("utf-8"))["items"]["properties"]["resp"])


@cache
def claim_validators() -> dict[str, Draft202012Validator]:
    """One validator per check, for the claims it reads (rules.schema.json, $defs/claims/<check>)."""
    defs = json.loads(SCHEMA.read_text("utf-8"))["$defs"]
    return {name: Draft202012Validator({"$ref": f"#/$defs/claims/{name}", "$defs": defs}) for name in defs["claims"]}
