"""Validation: tei_all plus the project's Schematron, errors naming file and line."""

from __future__ import annotations

from pathlib import Path

import pytest
from lxml import etree

from corpus import paths
from corpus.fileio import safe_parser
from corpus.validate import validate_file, validate_tree
from tests.conftest import SOURCE_IDS, run_academie


@pytest.mark.parametrize("source_id", SOURCE_IDS)
def test_committed_tei_is_valid(source_id: str) -> None:
    assert validate_file(paths.tei_path(source_id)) == []


def _broken(edit: callable) -> list[str]:
    tree = etree.parse(str(paths.tei_path("reversis")), safe_parser())
    edit(tree)
    return [p.message for p in validate_tree(tree, Path("broken.xml"))]


NS = {"t": "http://www.tei-c.org/ns/1.0"}


def test_a_corr_without_resp_is_refused() -> None:
    def drop_resp(tree: etree._ElementTree) -> None:
        del tree.xpath("//t:corr", namespaces=NS)[0].attrib["resp"]

    assert any("@resp" in m for m in _broken(drop_resp))


def test_a_resp_pointing_to_no_declared_agent_is_refused() -> None:
    def bad_resp(tree: etree._ElementTree) -> None:
        tree.xpath("//t:corr", namespaces=NS)[0].set("resp", "#nobody")

    messages = _broken(bad_resp)
    assert any("declared agent" in m for m in messages) and any("does not resolve" in m for m in messages)


def test_a_choice_with_three_members_is_refused() -> None:
    def third(tree: etree._ElementTree) -> None:
        choice = tree.xpath("//t:choice", namespaces=NS)[0]
        etree.SubElement(choice, f"{{{NS['t']}}}corr", resp="#editor", cert="low").text = "x"

    assert any("exactly two members" in m for m in _broken(third))


def test_duplicate_ids_are_refused() -> None:
    def duplicate(tree: etree._ElementTree) -> None:
        tree.xpath("//t:s", namespaces=NS)[1].set("{http://www.w3.org/XML/1998/namespace}id", "reversis.a1.s1")

    assert any("not unique" in m for m in _broken(duplicate))


def test_tei_all_errors_are_reported() -> None:
    def bogus(tree: etree._ElementTree) -> None:
        etree.SubElement(tree.xpath("//t:body", namespaces=NS)[0], f"{{{NS['t']}}}bogus")

    assert any(m.startswith("tei_all:") for m in _broken(bogus))


def test_validate_command_names_file_and_line_and_exits_non_zero(tmp_path: Path) -> None:
    bad = tmp_path / "bad.xml"
    text = paths.tei_path("reversis").read_text("utf-8").replace('resp="#academie.layout"', 'resp="#ghost"', 1)
    bad.write_text(text, "utf-8")
    result = run_academie("validate", str(bad))
    assert result.returncode == 1
    line = next(ln for ln in result.stderr.decode().splitlines() if "ghost" in ln or "declared agent" in ln)
    assert line.startswith(f"{bad}:") and line.split(":")[1].isdigit() and int(line.split(":")[1]) > 1


def test_validate_command_on_malformed_xml_is_one_line(tmp_path: Path) -> None:
    bad = tmp_path / "broken.xml"
    bad.write_text("<TEI>\n<text>\n</TEI>\n", "utf-8")
    result = run_academie("validate", str(bad))
    assert result.returncode == 1
    err = result.stderr.decode().strip()
    assert "Traceback" not in err and len(err.splitlines()) == 1
    assert "broken.xml:3:" in err


def test_the_pruned_tei_all_decides_as_the_whole_one() -> None:
    """tei_all less the element patterns a document does not use accepts what tei_all accepts and
    refuses what it refuses (a missing required element, an element where it may not stand)."""
    from corpus.fileio import parse_xml
    from corpus.validate import relaxng, relaxng_for

    tei = "{http://www.tei-c.org/ns/1.0}"
    trees = [parse_xml(paths.tei_path(s)) for s in ("talon", "piquet")]
    missing = parse_xml(paths.tei_path("piquet"))
    file_desc = next(missing.getroot().iter(f"{tei}fileDesc"))
    file_desc.remove(file_desc.find(f"{tei}titleStmt"))
    misplaced = parse_xml(paths.tei_path("piquet"))
    next(misplaced.getroot().iter(f"{tei}p")).append(etree.Element(f"{tei}body"))
    for tree, valid in ((trees[0], True), (trees[1], True), (missing, False), (misplaced, False)):
        used = frozenset(e.tag for e in tree.iter() if isinstance(e.tag, str))
        assert relaxng_for(used).validate(tree) is valid is relaxng().validate(tree)


def test_a_duplicate_identifier_is_reported_with_its_line() -> None:
    from corpus.fileio import parse_xml

    tree = parse_xml(paths.tei_path("piquet"))
    sentences = list(tree.getroot().iter("{http://www.tei-c.org/ns/1.0}s"))
    sentences[3].set(
        "{http://www.w3.org/XML/1998/namespace}id", sentences[0].get("{http://www.w3.org/XML/1998/namespace}id")
    )
    found = [p for p in validate_tree(tree, Path("piquet.xml")) if "is not unique" in p.message]
    assert len(found) == 1 and found[0].line == sentences[3].sourceline
