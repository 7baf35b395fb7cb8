"""Nothing lost: the diplomatic reading of every TEI file is its raw file, character for character."""

from __future__ import annotations

import pytest
from lxml import etree

from academie.build import tei_bytes
from corpus import paths
from corpus.fileio import parse_xml
from corpus.readings import diplomatic, reading
from corpus.sources import get_source
from tests.conftest import SOURCE_IDS


@pytest.mark.parametrize("source_id", SOURCE_IDS)
def test_committed_tei_gives_back_the_raw_file(source_id: str) -> None:
    source = get_source(source_id)
    raw = source.raw_path.read_bytes().decode("utf-8").replace("\r\n", "\n")
    assert diplomatic(parse_xml(paths.tei_path(source_id))) == raw


@pytest.mark.parametrize("source_id", SOURCE_IDS)
def test_committed_tei_is_what_the_build_produces(source_id: str) -> None:
    """The committed TEI is up to date: rebuilding gives the same bytes."""
    assert tei_bytes(get_source(source_id)) == paths.tei_path(source_id).read_bytes()


@pytest.mark.parametrize("source_id", SOURCE_IDS)
def test_two_builds_are_byte_identical(source_id: str) -> None:
    source = get_source(source_id)
    assert tei_bytes(source) == tei_bytes(source)


def test_seed_files_are_kept_byte_identical() -> None:
    """The raw files are the seeds as received: their names and sizes are recorded in metadata."""
    sizes = {"talon": 12055, "tarots": 5165, "piquet": 5382, "taros-1659": 6808, "reversis": 6130}
    for source_id, size in sizes.items():
        assert get_source(source_id).raw_path.stat().st_size == size


def test_reading_leaves_out_running_heads_banners_and_joins_hyphenated_words() -> None:
    piquet = reading(parse_xml(paths.tei_path("piquet")))
    assert "PIQUET. 35" not in piquet and "S4 »V PIQUET" not in piquet
    reversis = reading(parse_xml(paths.tei_path("reversis")))
    assert "texte numérisé" not in reversis and "Page 1" not in reversis
    assert "BBTJBlÙIg" not in reversis
    talon = reading(parse_xml(paths.tei_path("talon")))
    assert "non prévenu" in talon and "pré-" not in talon


def test_reading_restores_article_numbers_from_their_sequence() -> None:
    reversis = reading(parse_xml(paths.tei_path("reversis")))
    lines = [line for line in reversis.splitlines() if line[:3].strip()]
    assert any(line.startswith("13. Celui qui aura mal") for line in lines)
    assert any(line.startswith("14. Celui qui, ayant mal donné") for line in lines)
    assert any(line.startswith("18. Quiconque joue") for line in lines)


def test_diplomatic_reading_of_a_choice_takes_the_original() -> None:
    tei = (
        '<TEI xmlns="http://www.tei-c.org/ns/1.0"><text><body><p>a <choice><sic>Uon</sic>'
        '<corr resp="#x" cert="high">L\'on</corr></choice> b<note>n</note></p></body></text></TEI>'
    )
    tree = etree.fromstring(tei)
    assert diplomatic(tree) == "a Uon b"
    assert reading(tree) == "a L'on b\n"
