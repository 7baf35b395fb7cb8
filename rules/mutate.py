"""Claim mutation: change one typed value of a claim at a time and see whether the verdict turns.

A check that keeps its verdict when its claim changes does not read the claim; such a rule cannot be
shown as verified. The mutations: a number ±1, a boolean flipped, a string swapped for another value
the catalogue uses under the same key, a list reversed or shortened.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from rules.catalogue import Rule
from rules.verify import verify_safely

Where = tuple[str | int, ...]  # the keys and indexes that lead to a value of a claim


@dataclass(frozen=True)
class Mutation:
    """One changed value: where, how, and the claim it gives."""

    where: str
    how: str
    claim: dict[str, Any]


@dataclass
class RuleReport:
    """The mutations of one rule and which of them turned its verdict."""

    rule: Rule
    holds: bool
    killed: list[Mutation] = field(default_factory=list)
    survivors: list[Mutation] = field(default_factory=list)

    @property
    def total(self) -> int:
        return len(self.killed) + len(self.survivors)


def string_pool(rules: list[Rule]) -> dict[str, list[str]]:
    """Every string value the catalogue's claims use, by the key it stands under."""
    pool: dict[str, set[str]] = defaultdict(set)
    for rule in rules:
        for where, value in _leaves(rule.claim, ()):
            if isinstance(value, str):
                pool[_key(where)].add(value)
                pool[""].add(value)
    return {k: sorted(v) for k, v in pool.items()}


def mutations(claim: dict[str, Any], pool: dict[str, list[str]]) -> Iterator[Mutation]:
    """Every single-value change of the claim, each different from it."""
    for where, value in _values(claim, ()):
        same_key = [s for s in pool.get(_key(where), []) if s != value]
        for how, new in _changes(value, same_key or pool.get("", [])):
            mutated = _replace(claim, where, new)
            if mutated != claim:
                yield Mutation(_name(where), how, mutated)


def _changes(value: Any, strings: list[str]) -> Iterator[tuple[str, Any]]:
    if isinstance(value, bool):
        yield f"{value} → {not value}", not value
    elif isinstance(value, int | float):
        yield f"{value} → {value + 1}", value + 1
        yield f"{value} → {value - 1}", value - 1
    elif isinstance(value, str):
        others = [s for s in strings if s != value]
        if others:
            swap = others[sum(map(ord, value)) % len(others)]  # deterministic, spread over the pool
            yield f"'{value}' → '{swap}'", swap
    elif isinstance(value, list) and value:
        if value[::-1] != value:
            yield "reversed", value[::-1]
        yield "shortened", value[:-1]


def _values(value: Any, where: Where) -> Iterator[tuple[Where, Any]]:
    """Every value of the claim, containers included (a list is reversed as a whole)."""
    if where:
        yield where, value
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _values(item, (*where, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _values(item, (*where, index))


def _leaves(value: Any, where: Where) -> Iterator[tuple[Where, Any]]:
    return ((w, v) for w, v in _values(value, where) if not isinstance(v, dict | list))


def _key(where: Where) -> str:
    """The name a value stands under: its nearest dictionary key."""
    return next((str(step) for step in reversed(where) if isinstance(step, str)), "")


def _name(where: Where) -> str:
    return "".join(f"[{step}]" if isinstance(step, int) else f".{step}" for step in where).lstrip(".")


def _replace(value: Any, where: Where, new: Any) -> Any:
    if not where:
        return new
    head, rest = where[0], where[1:]
    if isinstance(value, dict):
        return {k: _replace(v, rest, new) if k == head else v for k, v in value.items()}
    return [_replace(v, rest, new) if i == head else v for i, v in enumerate(value)]


def mutate_rule(rule: Rule, pool: dict[str, list[str]]) -> RuleReport:
    """Verify the rule under each mutation of its claim; a turned verdict kills the mutation."""
    holds = verify_safely(rule).holds
    report = RuleReport(rule, holds)
    for mutation in mutations(rule.claim, pool):
        turned = verify_safely(rule, mutation.claim).holds != holds
        (report.killed if turned else report.survivors).append(mutation)
    return report


def mutate_catalogue(rules: list[Rule]) -> list[RuleReport]:
    pool = string_pool(rules)
    return [mutate_rule(rule, pool) for rule in rules]


def summary(reports: list[RuleReport]) -> dict[str, Any]:
    """Counts per status and per game, with the surviving mutations of every rule."""
    by_game: dict[str, Counter[str]] = defaultdict(Counter)
    by_status: dict[str, Counter[str]] = defaultdict(Counter)
    for r in reports:
        for table in (by_game[r.rule.game], by_status[r.rule.status]):
            table.update(rules=1, mutations=r.total, killed=len(r.killed))
    return {
        "by_status": {k: dict(v) for k, v in sorted(by_status.items())},
        "by_game": {k: dict(v) for k, v in sorted(by_game.items())},
        "rules": [
            {
                "id": r.rule.id,
                "status": r.rule.status,
                "holds": r.holds,
                "mutations": r.total,
                "killed": len(r.killed),
                "survivors": [f"{m.where}: {m.how}" for m in r.survivors],
            }
            for r in reports
        ],
    }


def report_text(found: dict[str, Any]) -> str:
    """The summary for a reader: counts per status and per game, then every surviving mutation."""
    lines = ["status        rules  mutations  killed"]
    for name, counts in found["by_status"].items():
        lines.append(f"{name:<13} {counts['rules']:>5}  {counts['mutations']:>9}  {counts['killed']:>6}")
    lines += ["", "game                rules  mutations  killed"]
    for name, counts in found["by_game"].items():
        lines.append(f"{name:<19} {counts['rules']:>5}  {counts['mutations']:>9}  {counts['killed']:>6}")
    for title, wanted in (
        ("rules that hold with a surviving mutation (their check does not read that value)", True),
        ("other statuses, for information (a contradicted, open or asserted rule need not turn)", False),
    ):
        survivors = [r for r in found["rules"] if r["survivors"] and (r["status"] == "holds") == wanted]
        lines += ["", f"{title}: {len(survivors)}"]
        for r in survivors:
            lines.append(f"  {r['id']} ({r['status']}, {r['killed']}/{r['mutations']} killed)")
            lines += [f"    survives {s}" for s in r["survivors"]]
    return "\n".join(lines) + "\n"
