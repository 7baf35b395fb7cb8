"""`academie draft ID`: a source's rule candidates as draft rules, checked at once by the engine.

Each candidate no catalogue rule matches becomes one rule of `rules/data/drafts/ID.toml`, in the
catalogue's form: its typed claim, its passage and quote, the game the sentence names (or
"unknown"), status `open`, and the `stated` check, which verifies the text's own arithmetic (hands
and talon make the pack, packets the hand). Facts a claim needs from a neighbouring sentence (the
pack's size, the players) are joined from the nearest one that states them, and the interpretation
says which.

The editor accepts, edits or rejects each draft: an accepted rule moves into the catalogue with its
provenance (`resp`); every decision is kept in the draft file, and drafting again never overwrites
one, nor a draft the editor has edited by hand.
"""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import tomli_w

from corpus.errors import AcademieError
from corpus.fileio import load_toml, write_atomic
from corpus.glossary import keys_by_form
from extract.candidates import Candidate, candidates
from rules.catalogue import DRAFTS, RULES, Rule, load_file
from rules.registry import Verdict
from rules.verify import verify_safely

DRAFTED = "#academie.draft"
KINDS = {"trumps": "rank", "definition": "play"}  # extraction kinds the catalogue files under another
ABOUT = {
    "procedure": "procedure",
    "penalty": "penalty",
    "scoring": "scoring",
    "counters": "counters",
    "definition": "terms",
}
LABELS = {
    "deck": "The pack",
    "players": "Players",
    "deal": "The deal",
    "talon": "The talon",
    "exchange": "The exchange",
    "value": "Card values",
    "rank": "Order of the cards",
    "trumps": "Trumps",
    "counters": "Stakes",
    "penalty": "A penalty",
    "scoring": "Scoring",
    "procedure": "A procedure",
    "definition": "A term of play",
}
JOIN = {"deal": ("size", "players", "talon"), "deck": (), "talon": ()}  # facts a claim may take from a neighbour
HEADER = (
    "# Draft rules for source `{source}`, written by `academie draft {source}` from its rule candidates.\n"
    "# Edit a draft in place, then accept it (`academie draft {source} --accept ID`) or reject it\n"
    "# (`--reject ID`). Decisions are kept at the end of this file; drafting again never overwrites\n"
    "# them, nor a draft edited by hand.\n\n"
)


@dataclass
class Drafted:
    rule: Rule
    verdict: Verdict


def draft_path(source_id: str, folder: Path = DRAFTS) -> Path:
    return folder / f"{source_id}.toml"


def draft(source_id: str, folder: Path = DRAFTS) -> list[Drafted]:
    """Write (or refresh) the source's draft file; return every draft with the engine's verdict."""
    path = draft_path(source_id, folder)
    old = _read(path)
    decided = {d["candidate"] for d in old.get("decision", [])}
    kept = {r["resp"]["candidate"]: r for r in old.get("rule", []) if _edited(r)}
    found = [c for c in candidates(source_id) if c.rule is None]  # what the catalogue does not yet say
    fresh = [entry for entry in draft_entries(source_id, found) if entry["resp"]["candidate"] not in decided]
    rules = [kept.get(e["resp"]["candidate"], e) for e in fresh]
    rules += [r for key, r in kept.items() if key not in {e["resp"]["candidate"] for e in fresh}]
    return [Drafted(rule, verify_safely(rule)) for rule in _write(path, source_id, rules, old.get("decision", []))]


def draft_entries(source_id: str, found: list[Candidate]) -> list[dict[str, Any]]:
    """One draft rule per candidate, facts joined from neighbouring sentences where a sum needs them."""
    games = keys_by_form("game")
    usual = Counter(g for c in found for g in _named(c, games)).most_common(1)
    default = usual[0][0] if usual else "unknown"
    out, ids = [], Counter()
    for k, cand in enumerate(found):
        claim, joined = _joined(cand, found, k)
        kind = KINDS.get(cand.kind, cand.kind)
        base = f"{source_id}.draft.{cand.passage.split('.', 1)[1].replace('.', '-')}.{cand.kind}"
        ids[base] += 1
        rule_id = base if ids[base] == 1 else f"{base}-{ids[base]}"
        entry = {
            "id": rule_id,
            "title": _title(cand.kind, claim),
            "game": next(iter(_named(cand, games)), default),
            "source": source_id,
            "passages": [cand.passage],
            "quote": cand.quote,
            "kind": kind,
            "claim": claim or {"about": ABOUT.get(cand.kind, "play")},
            "check": "stated",
            "status": "open",
            "interpretation": {"text": _interpretation(cand, joined), "cert": "low"},
            "resp": {"drafted": DRAFTED, "candidate": f"{cand.passage}#{cand.kind}", "confidence": cand.confidence},
        }
        entry["resp"] |= {"decision": "proposed", "digest": digest(entry)}
        out.append(entry)
    return out


def _joined(cand: Candidate, found: list[Candidate], k: int) -> tuple[dict, list[str]]:
    """The candidate's claim, with the facts its sums need taken from the nearest sentence before
    it (else after it) that states them: coreference of "il en donne douze" with "un jeu de 48"."""
    claim, joined = dict(cand.claim), []
    for key in JOIN.get(cand.kind, ()):
        if key in claim:
            continue
        order = [*reversed(found[:k]), *found[k + 1 :]]
        donor = next((c for c in order if _fact(c, key) is not None and c.passage != cand.passage), None)
        if donor is not None:
            claim[key] = _fact(donor, key)
            joined.append(f"{key} {claim[key]} from {donor.passage}")
    return claim, joined


def _fact(cand: Candidate, key: str) -> Any:
    """A fact as another sentence states it: a pack's size, a single number of players, a talon."""
    if key == "size" and cand.kind == "deck":
        return cand.claim.get("size")
    if key == "players" and cand.kind == "players" and isinstance(cand.claim.get("players"), int):
        return cand.claim["players"]
    if key == "talon":
        return cand.claim.get("size") if cand.kind == "talon" else cand.claim.get("talon")
    return None


def _interpretation(cand: Candidate, joined: list[str]) -> str:
    text = (
        f"Drafted automatically from the candidate at {cand.passage} (confidence {cand.confidence:.2f}); not reviewed."
    )
    return text + (f" Joined from neighbouring sentences: {'; '.join(joined)}." if joined else "")


def _title(kind: str, claim: dict) -> str:
    facts = "; ".join(f"{k} {_shown(v)}" for k, v in claim.items())
    return f"{LABELS.get(kind, kind.capitalize())}" + (f": {facts}" if facts else " (no typed claim)")


def _shown(value: Any) -> str:
    if isinstance(value, dict):
        return ", ".join(f"{k} {v}" for k, v in value.items())
    if isinstance(value, list):
        return ", ".join(str(v) for v in value)
    return str(value)


def _named(cand: Candidate, games: dict[str, str]) -> list[str]:
    return [games[text.lower()] for label, text in cand.entities if label == "GAME" and text.lower() in games]


def digest(entry: dict[str, Any]) -> str:
    """What the drafter wrote, so that an editor's change by hand can be told from it."""
    content = {k: v for k, v in entry.items() if k != "resp"}
    return hashlib.sha256(json.dumps(content, sort_keys=True, ensure_ascii=False).encode()).hexdigest()[:16]


def _edited(entry: dict[str, Any]) -> bool:
    return entry.get("resp", {}).get("digest") != digest(entry)


def _read(path: Path) -> dict[str, Any]:
    return load_toml(path) if path.exists() else {}


def _write(path: Path, source_id: str, rules: list[dict], decisions: list[dict]) -> list[Rule]:
    """Write the draft file whole and read it back as the catalogue reads it."""
    for rule in rules:
        if _edited(rule):
            rule["resp"]["decision"] = "edited"
    body = tomli_w.dumps({"rule": rules, "decision": decisions} if decisions else {"rule": rules})
    write_atomic(path, HEADER.format(source=source_id) + body)
    return load_file(path)  # a draft the catalogue could not read is an error, not a file to keep


def decide(
    source_id: str, rule_id: str, decision: str, editor: str, folder: Path = DRAFTS, catalogue: Path = RULES
) -> Path:
    """Accept (into the catalogue, with its provenance) or reject one draft; record the decision."""
    path = draft_path(source_id, folder)
    data = _read(path)
    rules = data.get("rule", [])
    chosen = next((r for r in rules if r["id"] == rule_id), None)
    if chosen is None:
        raise AcademieError(f"no draft rule '{rule_id}'", path)
    written = path
    if decision == "accepted":
        written = _accept(chosen, editor, catalogue / f"{source_id}.toml")
    record = {"rule": rule_id, "candidate": chosen["resp"]["candidate"], "decision": decision, "editor": editor}
    _write(path, source_id, [r for r in rules if r is not chosen], [*data.get("decision", []), record])
    return written


def _accept(rule: dict[str, Any], editor: str, target: Path) -> Path:
    moved = dict(rule)
    moved["resp"] = {k: v for k, v in rule["resp"].items() if k != "digest"} | {
        "decision": "accepted",
        "editor": editor,
    }
    existed = target.exists()
    head = target.read_text("utf-8") if existed else f"# Rules of source `{rule['source']}`.\n"
    write_atomic(target, head.rstrip("\n") + "\n\n" + tomli_w.dumps({"rule": [moved]}))
    try:
        load_file(target)
    except AcademieError:
        if existed:
            write_atomic(target, head)
        else:
            target.unlink()
        raise
    return target
