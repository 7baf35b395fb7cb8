"""`academie rules`: the catalogue as JSON (with each rule's verification) and its coverage."""

from __future__ import annotations

import json
from dataclasses import asdict

from rules.catalogue import Rule, load_rules
from rules.checks import verify
from rules.passages import passages


def rule_record(rule: Rule) -> dict:
    """A rule as exported: its fields, its pytest node id and the result of its check now."""
    record = {k: v for k, v in asdict(rule).items() if k not in ("path", "line", "check")}
    record["passages"] = list(rule.passages)
    record["alternatives"] = list(rule.alternatives)
    record["disagrees_with"] = list(rule.disagrees_with)
    record["check"] = rule.check_name
    record["test"] = f"tests/test_rules.py::test_rule[{rule.id}]"
    verdict = verify(rule)
    record["verification"] = {
        "holds": verdict.holds,
        "detail": verdict.detail,
        "agrees_with_status": _agrees(rule, verdict.holds),
    }
    return record


def _agrees(rule: Rule, holds: bool) -> bool:
    return holds if rule.status == "holds" else not holds


def rules_json() -> str:
    return json.dumps([rule_record(r) for r in load_rules()], ensure_ascii=False, indent=1, sort_keys=True) + "\n"


def uncited(source_ids: list[str]) -> list[str]:
    """Article-level passages (articles, quotations) that no rule cites, for the given sources."""
    cited = {p for rule in load_rules() for p in rule.passages}
    out = []
    for source_id in source_ids:
        for passage_id in passages(source_id):
            is_unit = passage_id.rsplit(".", 1)[-1][:1] in ("a", "q") and passage_id.count(".") == 1
            if is_unit and not any(c == passage_id or c.startswith(passage_id + ".") for c in cited):
                out.append(passage_id)
    return out
