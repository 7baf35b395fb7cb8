"""Verify a rule: run its check on its claim (or on a mutated claim) and return the engine's verdict."""

from __future__ import annotations

from typing import Any

import rules.checks  # noqa: F401  (registers the generic checks)
from rules.catalogue import Rule
from rules.games import piquet_checks, quotations_checks, reversis_checks, tarot_checks  # noqa: F401  (registration)
from rules.registry import CHECKS, Verdict

UNPLAYABLE = (KeyError, IndexError, ValueError, TypeError, AttributeError, ZeroDivisionError, StopIteration)


def verify(rule: Rule, claim: dict[str, Any] | None = None) -> Verdict:
    """Run a rule's check on its claim (or on another claim); a kind with no check is an error."""
    if rule.status == "asserted":
        return Verdict(False, "asserted: the text states it; the engine does not model it")
    name = rule.check_name
    if name not in CHECKS:
        raise KeyError(f"rule {rule.id}: no check '{name}' for kind '{rule.kind}'")
    return CHECKS[name]({**rule.context, **(rule.claim if claim is None else claim)})


def verify_safely(rule: Rule, claim: dict[str, Any] | None = None) -> Verdict:
    """A verdict even for a claim the engine cannot play: it names the rule's file and line."""
    try:
        return verify(rule, claim)
    except UNPLAYABLE as err:
        where = f"{rule.path.name}:{rule.line}" if rule.line else rule.path.name
        return Verdict(False, f"{where}: the engine cannot play this claim ({type(err).__name__}: {err})")


# The engine's result for a reading, beside the editor's status: what each status expects of it.
EXPECTED = {"holds": "consistent", "contradicted": "inconsistent", "asserted": "not modelled"}


def engine_reading(rule: Rule, verdict: Verdict) -> str:
    """'consistent' or 'inconsistent' with the engine, 'not modelled' for an asserted rule, or
    'unverifiable' when the claim gives too little to check."""
    if rule.status == "asserted":
        return "not modelled"
    if not verdict.decided:
        return "unverifiable"
    return "consistent" if verdict.holds else "inconsistent"


def agrees(rule: Rule, verdict: Verdict) -> bool:
    """Whether the engine bears out the editor's status; an open reading may be either."""
    expected = EXPECTED.get(rule.status)
    return expected is None or engine_reading(rule, verdict) == expected
