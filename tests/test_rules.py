"""The rule catalogue as tests: one test per rule, its id the rule id (`pytest -k reversis.deal`)."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from corpus.errors import AcademieError
from rules.catalogue import load_file, load_rules
from rules.games.reversis import ReversisGame, random_game
from rules.mutate import mutate_catalogue
from rules.passages import normalise, passage_text
from rules.registry import CHECKS
from rules.verify import agrees, engine_reading, verify, verify_safely

RULES = load_rules()
BY_ID = {rule.id: rule for rule in RULES}


@pytest.mark.parametrize("rule", RULES, ids=[r.id for r in RULES])
def test_rule(rule) -> None:
    """The rule's passages exist and say its quote; the engine bears out its status."""
    text = passage_text(rule.source, rule.passages)
    assert normalise(rule.quote) in text, f"quote not in {rule.passages}"
    assert rule.status == "asserted" or rule.check_name in CHECKS, f"kind {rule.kind} has no check"
    verdict = verify(rule)
    found = engine_reading(rule, verdict)
    assert agrees(rule, verdict), f"{rule.status}, but the engine finds it {found}: {verdict.detail}"
    if rule.status == "contradicted":
        assert any(verify(BY_ID[a]).holds for a in rule.alternatives), "no alternative reading holds"
    elif rule.status == "open" and rule.alternatives:  # the text admits more than one reading
        group = [rule, *(BY_ID[a] for a in rule.alternatives)]
        assert any(verify(r).holds for r in group), "no reading of this open rule fits the text"
    for other in rule.alternatives:
        assert rule.id in BY_ID[other].alternatives, f"{other} does not point back"
    for other in rule.disagrees_with:
        assert other in BY_ID, f"disagrees with an unknown rule {other}"


def test_every_mutation_of_a_rule_that_holds_turns_its_verdict() -> None:
    """Change one typed value of a claim (a number ±1, a boolean, a name, a list reversed or
    shortened): a check that still holds does not read its claim."""
    reports = [r for r in mutate_catalogue(RULES) if r.rule.status == "holds"]
    assert sum(r.total for r in reports) > 500
    survivors = {r.rule.id: [f"{m.where}: {m.how}" for m in r.survivors] for r in reports if r.survivors}
    assert not survivors
    assert all(r.rule.claim for r in reports), "a rule that holds has a claim"


def test_a_claim_the_engine_cannot_play_is_a_verdict_naming_the_file_and_line() -> None:
    rule = BY_ID["reversis.penalty.seen-discard"]
    verdict = verify_safely(rule, {**rule.claim, "fault": "misplay"})
    assert not verdict.holds and f"reversis.toml:{rule.line}:" in verdict.detail


def test_rule_ids_the_engine_gives_exist() -> None:
    from rules.games import piquet, tarot

    state = random_game(3)
    cited = {rule_id for _, _, allowed in state.history for rule_id in allowed}
    assert cited and cited <= set(BY_ID)
    for variant in tarot.VARIANTS:
        assert set(tarot.PLAY_RULES[variant]) <= set(BY_ID)
    game = piquet.PiquetGame().new_initial_state(1)
    moves = set()
    while not game.is_terminal():
        moves |= set(game.apply_action(game.legal_actions()[0]))
    assert moves <= set(BY_ID)


def test_a_malformed_rule_file_names_file_line_and_field(tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text('\n[[rule]]\nid = "x.y"\ntitle = "t"\ngame = "reversis"\n', "utf-8")
    with pytest.raises(AcademieError) as caught:
        load_file(bad)
    assert "bad.toml:2:" in str(caught.value) and "missing field 'source'" in str(caught.value)


@settings(max_examples=40, deadline=None)
@given(st.integers(min_value=0, max_value=10**6), st.integers(min_value=0, max_value=3))
def test_random_reversis_games_keep_the_invariants(seed: int, dealer: int) -> None:
    """Cards are conserved, each trick has one winner, the partie is the écart's points plus four."""
    game = ReversisGame()
    state = game.new_initial_state(seed, dealer)
    rng = random.Random(seed)
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    assert sorted([*sorted(c for t in state.taken for c in t), *state.ecart]) == sorted(game.cards)
    assert sum(state.tricks) == 11 and all(len(t) == 4 * n for t, n in zip(state.taken, state.tricks, strict=True))
    assert game.partie_value(state.ecart) == sum(game.partie_value([c]) - 4 for c in state.ecart) + 4
    assert sum(state.card_points()) + game.partie_value(state.ecart) - 4 == 44
    assert sum(state.returns()) == 0


@settings(max_examples=40, deadline=None)
@given(st.integers(min_value=0, max_value=10**6), st.sampled_from(["seen-discard", "no-discard", "two-discards"]))
def test_a_fault_at_the_exchange_is_played_out_without_losing_a_card(seed: int, fault: str) -> None:
    """Faults are engine events: the offender plays on with the cards the fault leaves him, the
    extra or missing card shows under the basket, and he never takes the partie."""
    game = ReversisGame()
    state = game.new_initial_state(seed)
    rng = random.Random(seed)
    offender = state.current_player()
    allowed = state.apply_fault(fault, state.hands[offender][-1] if fault == "two-discards" else None)
    assert f"reversis.penalty.{fault}" in allowed and set(allowed) <= set(BY_ID)
    copy = state.clone()
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    assert sorted([*sorted(c for t in state.taken for c in t), *state.ecart]) == sorted(game.cards)
    assert len(state.ecart) == {"seen-discard": 4, "no-discard": 3, "two-discards": 5}[fault]
    assert state.winner() != offender and sum(state.returns()) == 0
    assert copy.faults == {offender: fault} and not copy.is_terminal(), "a clone keeps the fault, apart"


def test_a_fault_is_refused_where_the_text_gives_none() -> None:
    state = ReversisGame().new_initial_state(1)
    with pytest.raises(ValueError, match="no fault 'misplay'"):
        state.apply_fault("misplay")
    while state.phase == "ecart":
        state.apply_action(state.legal_actions()[0])
    with pytest.raises(ValueError, match="in phase play"):
        state.apply_fault("seen-discard")


def test_a_revoke_is_a_forbidden_card_played_and_only_that() -> None:
    from rules.games.tarot import TarotGame

    state = TarotGame("1659-premier").new_initial_state(4)
    for _ in range(2 * state.game.players):  # play on until someone could revoke
        forbidden = [c for c in state.hands[state.turn] if c not in state.legal_actions()]
        if forbidden:
            break
        state.apply_action(state.legal_actions()[0])
    assert forbidden, "seed 4 gives a chance to revoke within two tricks"
    with pytest.raises(ValueError, match="is not a revoke"):
        state.apply_fault("renonce", state.legal_actions()[0])
    revoker = state.turn
    assert "taros-1659.penalty.renonce" in state.apply_fault("renonce", forbidden[0])
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    scores = state.returns()
    assert scores[revoker] == min(scores) and scores.count(min(scores)) == 1


def test_every_sentence_is_cited_by_a_rule_or_marked_non_normative() -> None:
    from corpus.sources import all_sources
    from rules.coverage import coverage

    found = coverage([s.id for s in all_sources()], RULES)
    assert len(found) > 100
    assert [s.id for s in found if s.status == "unclassified"] == []
    assert all(s.mark["reason"] for s in found if s.status == "non-normative")


def test_a_sentence_neither_cited_nor_marked_is_unclassified(tmp_path: Path, monkeypatch) -> None:
    from rules import coverage

    marks = tmp_path / "marks.toml"
    marks.write_text('[[sentence]]\nid = "tarots.sec1.s1"\nkind = "preface"\nreason = "praise"\n', "utf-8")
    monkeypatch.setattr(coverage, "MARKS", marks)
    found = {s.id: s.status for s in coverage.sentences("tarots", RULES)}
    assert found["tarots.sec1.s1"] == "non-normative" and found["tarots.a10.s2"] == "unclassified"
    marks.write_text('[[sentence]]\nid = "tarots.a1.s1"\nkind = "preface"\nreason = "x"\n', "utf-8")
    with pytest.raises(AcademieError, match="marks.toml:1: tarots.a1.s1 is marked non-normative but"):
        coverage.coverage(["tarots"], RULES)


def test_the_json_export_validates_against_its_schema() -> None:
    import json

    import jsonschema

    from rules.catalogue import SCHEMA
    from rules.export import rules_json

    data = json.loads(rules_json())
    jsonschema.validate(data, json.loads(SCHEMA.read_text("utf-8")))
    assert {r["id"] for r in data} == set(BY_ID)
    assert all(r["test"].endswith(f"[{r['id']}]") for r in data)


@settings(max_examples=40, deadline=None)
@given(st.integers(min_value=0, max_value=10**6))
def test_piquet_marker_records_every_score_a_deal_produces(seed: int) -> None:
    """Play, cartes blanches, the point and declarations of a deal stay within what the marker shows."""
    from rules.games.piquet import PiquetGame, cartes_blanches, marker, point
    from rules.games.piquet import random_game as piquet_game

    state = piquet_game(seed)
    game = PiquetGame()
    assert sum(state.tricks) == 12 and state.is_terminal()
    for player in range(2):
        dealt = game.new_initial_state(seed).hands[player]
        declared = cartes_blanches(dealt, game) + point(dealt) + game.params["quatorze"] + game.params["trois"]
        total = state.score[player] + declared
        units, five, tens, fifty = marker(total)
        assert units + 5 * five + 10 * tens + 50 * fifty == total


SAYS = re.compile(r"\btext(?:'s)? (?:says|gives|prints|states) (\d+)")


def numbers_in(quote: str) -> set[int]:
    """The numbers a quote prints, in figures or in French words (cinq cent quarante-cinq)."""
    from extract.numbers import NUMBER_WORDS, parse_number

    found = {int(n) for n in re.findall(r"\d+", quote)}
    run: list[str] = []
    for token in [*re.findall(r"[\wà-ÿ&-]+", quote.lower()), ""]:
        if token and all(part in NUMBER_WORDS for part in token.split("-")):
            run.append(token)
            continue
        for start in range(len(run)):
            value = parse_number(" ".join(run[start:]))
            if value is not None:
                found.add(value)
        run = []
    return found


def test_every_number_a_verdict_attributes_to_the_text_is_in_the_quote() -> None:
    """'The text says N' (in a verdict or an interpretation) names a number the rule's quote prints."""
    attributed = 0
    for rule in RULES:
        for said in SAYS.findall(f"{verify_safely(rule).detail} {rule.interpretation['text']}"):
            attributed += 1
            assert int(said) in numbers_in(rule.quote), f"{rule.id}: its quote does not print {said}"
    assert attributed > 0
    assert {545, 58, 11} <= numbers_in("cinq cent quarante-cinq, les 58 autres, onze cartes")


@pytest.mark.parametrize(
    ("claim", "message"),
    [
        ('{ players = "four" }', "claim.players: 'four' is not of type 'integer'"),
        ("{ players = 4, hands = 12 }", "Additional properties are not allowed"),
        ('{ obligation = "follow suit when able" }', "'players' is a required property"),
    ],
)
def test_a_claim_not_of_its_check_s_shape_is_refused_when_read(tmp_path: Path, claim: str, message: str) -> None:
    """Claims are typed: validated against rules.schema.json ($defs/claims/<check>) when read."""
    bad = tmp_path / "bad.toml"
    bad.write_text(
        '[[rule]]\nid = "x.y"\ntitle = "t"\ngame = "reversis"\nsource = "reversis"\npassages = ["reversis.a5.s1"]\n'
        f'quote = "q"\nkind = "players"\nclaim = {claim}\nstatus = "holds"\n'
        'interpretation = { text = "t", cert = "high" }\n',
        "utf-8",
    )
    with pytest.raises(AcademieError) as caught:
        load_file(bad)
    assert "bad.toml:1:" in str(caught.value) and message in str(caught.value)
