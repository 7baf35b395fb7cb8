"""`academie rules`: the catalogue as JSON (with each rule's verification) and its coverage."""

from __future__ import annotations

import json
from dataclasses import asdict

from corpus.errors import AcademieError
from rules.catalogue import Rule, load_drafts, load_rules, proposed, section_of
from rules.coverage import coverage
from rules.passages import diplomatic_text, located, normalise, passage_text, printed, printed_pages
from rules.verify import agrees, engine_reading, verify_safely
from rules.wording import claim_sentence


def rule_record(rule: Rule) -> dict:
    """A rule as exported: its fields, its pytest node id and the result of its check now."""
    record = {k: v for k, v in asdict(rule).items() if k not in ("path", "line", "check", "resp")}
    record |= {"resp": rule.resp} if rule.resp else {}
    record["proposed"] = proposed(rule)
    record["passages"] = list(rule.passages)
    record["alternatives"] = list(rule.alternatives)
    record["disagrees_with"] = list(rule.disagrees_with)
    record["check"] = rule.check_name
    record["claim_text"] = readable_claim(rule.claim)
    record["section"] = section_of(rule.kind)
    record["claim_sentence"] = claim_sentence(rule.check_name, rule.claim)
    record["diplomatic"] = diplomatic_text(rule.source, rule.passages)
    record["articles"] = list(dict.fromkeys(located(rule.source, p) for p in rule.passages))
    record["pages"] = printed_pages(rule.source, rule.passages)
    record["place"] = ", ".join([*record["articles"], *printed(record["pages"])])
    record["test"] = f"tests/test_rules.py::test_rule[{rule.id}]"
    verdict = verify_safely(rule)
    record["verification"] = {
        "engine": engine_reading(rule, verdict),
        "detail": verdict.detail,
        "agrees_with_status": agrees(rule, verdict),
    }
    return record


def checked_rules() -> list[Rule]:
    """The catalogue and the drafts awaiting the editor, refusing a rule whose passages do not exist
    or whose quote they do not say."""
    rules = load_rules() + [r for r in load_drafts() if proposed(r)]
    for rule in rules:
        try:
            text = passage_text(rule.source, rule.passages)
        except (KeyError, AcademieError) as err:
            raise AcademieError(f"rule {rule.id}: {str(err).strip(chr(39))}", rule.path, rule.line) from err
        if normalise(rule.quote) not in text:
            raise AcademieError(f"rule {rule.id}: its quote is not in {', '.join(rule.passages)}", rule.path, rule.line)
    return rules


def rules_json() -> str:
    """The catalogue with its verification; a rule whose status the engine no longer bears out
    (a rule that holds no longer holds) is an error naming its file and line."""
    rules = checked_rules()
    records = [rule_record(r) for r in rules]
    for rule, record in zip(rules, records, strict=True):
        if not record["verification"]["agrees_with_status"]:
            found = record["verification"]
            raise AcademieError(
                f"rule {rule.id} is '{rule.status}' but the engine finds it {found['engine']}: {found['detail']}",
                rule.path,
                rule.line,
            )
    return json.dumps(records, ensure_ascii=False, indent=1, sort_keys=True) + "\n"


def readable_claim(claim: dict) -> str:
    """A claim as a reader reads it: 'size: 48; without: 10'."""
    parts = []
    for key, value in claim.items():
        if isinstance(value, dict):
            value = ", ".join(f"{k} {v}" for k, v in value.items())
        elif isinstance(value, list):
            value = ", ".join(json.dumps(v, ensure_ascii=False) if isinstance(v, list) else str(v) for v in value)
        parts.append(f"{key.replace('_', ' ')}: {value}")
    return "; ".join(parts)


def coverage_json(source_ids: list[str], rules: list[Rule]) -> str:
    """Every sentence of the sources with the rules citing it or the editor's mark, for the edition."""
    records = [asdict(s) | {"status": s.status} for s in coverage(source_ids, rules)]
    return json.dumps(records, ensure_ascii=False, indent=1, sort_keys=True) + "\n"
