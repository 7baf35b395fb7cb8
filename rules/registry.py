"""The registry of checks: a check reads a claim, plays or deals with the engine, and returns a Verdict.

A check never restates its claim: what it compares the claim with is what the engine does. The
modules that define checks (rules/checks.py for the generic ones, rules/games/*_checks.py for each
game's) register them with `@check`; rules/verify.py imports them all.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

SEEDS = range(40)  # the random positions a check of play draws its evidence from


@dataclass(frozen=True)
class Verdict:
    holds: bool
    detail: str
    decided: bool = True  # False: the claim gives too little for the engine to say (a drafted rule)


Check = Callable[[dict[str, Any]], Verdict]
CHECKS: dict[str, Check] = {}


def check(name: str) -> Callable[[Check], Check]:
    def register(function: Check) -> Check:
        CHECKS[name] = function
        return function

    return register


def compare(observed: dict[str, Any], claim: dict[str, Any], what: str = "the engine") -> Verdict:
    """The claim's values against what the engine showed, key by key, for the keys the claim gives
    (at least one: a claim that names nothing the engine showed verifies nothing)."""
    keys = [key for key in observed if key in claim]
    wrong = [f"{key} is {observed[key]!r}, not {claim[key]!r}" for key in keys if claim[key] != observed[key]]
    shown = {key: observed[key] for key in keys}
    return Verdict(bool(keys) and not wrong, f"{what}: " + ("; ".join(wrong) if wrong else _shown(shown)))


def _shown(observed: dict[str, Any]) -> str:
    return ", ".join(f"{key} {value!r}" for key, value in observed.items())
