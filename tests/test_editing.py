"""The editor's workflow: an edited reading becomes corrections; the published reading is clean."""

from __future__ import annotations

from pathlib import Path

import pytest
from lxml import etree

from academie.derive import record
from academie.evaluate import eval_sources
from corpus import paths
from corpus.encode import encode, encode_source
from corpus.fileio import parse_xml, safe_parser
from corpus.readings import reading
from corpus.sources import get_source, load_source


def test_published_readings_are_what_an_editor_prints() -> None:
    reversis = reading(parse_xml(paths.tei_path("reversis")))
    assert "10. L'on donne onze cartes aux trois personnes avec qui l'on joue, et douze à soi." in reversis
    assert "excepté les dix de chaque couleur." in reversis
    piquet = reading(parse_xml(paths.tei_path("piquet")))
    assert "celui qui fait la dernière\nlevée compte deux points" in piquet
    assert "qu'il n'y a point de triomphe au Piquet" in piquet


def test_an_edited_reading_is_recorded_as_corrections_that_reproduce_it(corpus_copy: Path, tmp_path: Path) -> None:
    folder = corpus_copy / "sources" / "reversis"
    (folder / "corrections.toml").write_text("", "utf-8")
    source = load_source(folder)
    edited = tmp_path / "edited.tsv"
    target = "L'on donne onze cartes aux trois personnes avec qui l'on joue, et douze à soi."
    edited.write_text(f"reversis.a10.p1\t{target}\n", "utf-8")
    assert record(source, edited) > 0
    tree = etree.fromstring(encode_source(load_source(folder)), safe_parser())
    assert target in reading(tree)
    before_ids = etree.fromstring(encode(source, editor_corrections=False).data, safe_parser()).xpath("//@xml:id")
    assert tree.xpath("//@xml:id") == before_ids


def test_keep_as_printed_vetoes_an_automatic_change(corpus_copy: Path) -> None:
    folder = corpus_copy / "sources" / "reversis"
    (folder / "corrections.toml").write_text('[[correction]]\nfind = "ayec"\nreplace = "ayec"\n', "utf-8")
    tree = etree.fromstring(encode_source(load_source(folder)), safe_parser())
    assert "se joue ayec " in reading(tree)  # kept as printed; the automatic "avec" is vetoed
    assert not tree.xpath("//*[local-name()='sic'][.='ayec']")


def test_automatic_cleaning_removes_a_share_of_the_ocr_errors_of_the_seeds() -> None:
    """`academie clean` at least halves the errors of the raw Reversis and Piquet files; the
    word-level cleaning alone removes a third of what the reading keeps."""
    lines = eval_sources([get_source("reversis"), get_source("piquet")])
    for line in lines:
        removed = float(line.split("(")[1].split("%")[0])
        assert removed >= (50.0 if ": raw file:" in line else 30.0), line


def test_the_editor_identifies_a_quotation_s_game_with_its_evidence(tmp_path) -> None:
    """identifications.toml overrides the game cues: the TEI note names the editor, the certainty
    and the evidence; a malformed or dangling entry is an error naming its line."""
    from corpus.errors import AcademieError
    from corpus.identifications import load_identifications

    tree = parse_xml(paths.tei_path("talon"))
    ns = {"t": "http://www.tei-c.org/ns/1.0"}
    note = tree.xpath("//t:cit[@xml:id='talon.q18']/t:note[@type='game']", namespaces=ns)[0]
    assert note.get("resp") == "#editor" and note.get("cert") == "high"
    assert "Encyclopédie" in "".join(note.itertext()) and note[0].get("ref") == "#game.reversis"
    bad = tmp_path / "identifications.toml"
    bad.write_text('\n[[quotation]]\nid = "x.q1"\ngame = "no-such-game"\ncert = "high"\nevidence = "e"\n', "utf-8")
    with pytest.raises(AcademieError, match=r"identifications.toml:2: game must be one of"):
        load_identifications(bad)
    bad.write_text('[[quotation]]\nid = "x.q1"\ngame = "piquet"\ncert = "sure"\nevidence = "e"\n', "utf-8")
    with pytest.raises(AcademieError, match=r"identifications.toml:1: an identification needs cert"):
        load_identifications(bad)


def test_recording_one_block_keeps_every_other_correction(corpus_copy: Path, tmp_path: Path) -> None:
    """`academie corrections` merges: an edited block replaces that block's entries only; an empty
    file changes nothing; --replace-all drops the derived entries, the previous file kept aside."""
    folder = corpus_copy / "sources" / "piquet"
    before = (folder / "corrections.toml").read_text("utf-8")
    count = before.count("[[correction]]")
    assert count > 10
    empty = tmp_path / "empty.tsv"
    empty.write_text("", "utf-8")
    assert record(load_source(folder), empty) == 0
    assert (folder / "corrections.toml").read_text("utf-8").count("[[correction]]") == count
    one = tmp_path / "one.tsv"
    one.write_text("piquet.a17.p1\tChacun fait tour à tour au Piquet.\n", "utf-8")
    record(load_source(folder), one)
    after = (folder / "corrections.toml").read_text("utf-8")
    assert after.count("[[correction]]") >= count - before.count('"edited reading of piquet.a17.p1"')
    assert all(line in after for line in before.splitlines() if "edited reading of piquet.a4.p1" in line)
    record(load_source(folder), one, replace_all=True)
    assert (folder / "corrections.toml.~1~").read_text("utf-8") == after
    assert "edited reading of piquet.a4.p1" not in (folder / "corrections.toml").read_text("utf-8")


def test_an_edited_reading_not_in_utf8_is_a_one_line_error(corpus_copy: Path, tmp_path: Path) -> None:
    from tests.conftest import run_academie

    edited = tmp_path / "edited.tsv"
    edited.write_bytes("piquet.a17.p1\tChacun fait tour à tour\n".encode("cp1252"))
    result = run_academie("corrections", "piquet", str(edited), corpus=corpus_copy)
    assert result.returncode == 1 and "not UTF-8" in result.stderr.decode()
    assert len(result.stderr.decode().strip().splitlines()) == 1
