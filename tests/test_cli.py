"""The `academie` command as a user runs it: help, readings, add-source, build, errors."""

from __future__ import annotations

import shutil
from pathlib import Path

from corpus import paths
from corpus.fileio import parse_xml
from corpus.readings import diplomatic
from tests.conftest import run_academie

NEW_TEXT = (
    "DU JEU DE L'HOMBRE\n\n1. Le jeu se joue à trois personnes avec quarante cartes.\n\n"
    "2. On donne neuf cartes à chacun , par trois.\n\n3. Le reste forme le talon.\n"
)


def test_help_lists_the_subcommands() -> None:
    result = run_academie("--help")
    assert result.returncode == 0
    for command in ("build", "text", "validate", "add-source"):
        assert command in result.stdout.decode()


def test_text_prints_the_diplomatic_and_the_regularised_reading() -> None:
    diplomatic_out = run_academie("text", "reversis", "--diplomatic")
    assert diplomatic_out.returncode == 0
    assert diplomatic_out.stdout.decode() == (paths.SOURCES / "reversis" / "raw.txt").read_text("utf-8")
    reading_out = run_academie("text", "reversis", "--reading").stdout.decode()
    assert "12. Carte retournée fait refaire" in reading_out and "Page 1" not in reading_out


def test_unknown_source_is_one_line_naming_the_known_ones() -> None:
    result = run_academie("text", "hombre")
    assert result.returncode == 1
    err = result.stderr.decode().strip()
    assert len(err.splitlines()) == 1 and "no source 'hombre'" in err and "reversis" in err


def test_add_source_then_build_on_a_copy(corpus_copy: Path, tmp_path: Path) -> None:
    new = tmp_path / "hombre.txt"
    new.write_text(NEW_TEXT, "utf-8")
    result = run_academie(
        "add-source", str(new), "--id", "hombre", "--title", "Du jeu de l'hombre", "--date", "1820", corpus=corpus_copy
    )
    assert result.returncode == 0, result.stderr.decode()
    folder = corpus_copy / "sources" / "hombre"
    assert (folder / "raw.txt").read_bytes() == new.read_bytes()
    meta = (folder / "metadata.toml").read_text("utf-8")
    assert 'date = "1820"' in meta and '"author"' in meta  # author listed as unknown, not invented
    tree = parse_xml(corpus_copy / "tei" / "hombre.xml")
    assert diplomatic(tree) == NEW_TEXT
    assert tree.xpath("//@xml:id[. = 'hombre.a2.s1']")
    build = run_academie("build", "--no-site", corpus=corpus_copy)
    assert build.returncode == 0, build.stderr.decode()
    assert "[6/6] hombre" in build.stderr.decode()


def test_add_source_refuses_a_duplicate_id_and_writes_nothing(corpus_copy: Path, tmp_path: Path) -> None:
    new = tmp_path / "again.txt"
    new.write_text(NEW_TEXT, "utf-8")
    before = sorted(p.name for p in (corpus_copy / "sources").iterdir())
    result = run_academie("add-source", str(new), "--id", "reversis", "--title", "x", corpus=corpus_copy)
    assert result.returncode == 1
    assert "duplicate source id" in result.stderr.decode()
    assert sorted(p.name for p in (corpus_copy / "sources").iterdir()) == before


def test_add_source_refuses_an_empty_file_naming_it(corpus_copy: Path, tmp_path: Path) -> None:
    empty = tmp_path / "empty.txt"
    empty.write_bytes(b"")
    result = run_academie("add-source", str(empty), "--id", "empty", "--title", "x", corpus=corpus_copy)
    assert result.returncode == 1
    assert "empty.txt" in result.stderr.decode() and "empty" in result.stderr.decode()
    assert not (corpus_copy / "sources" / "empty").exists()
    assert not (corpus_copy / "tei" / "empty.xml").exists()


def test_build_refuses_malformed_metadata_naming_file_and_line(corpus_copy: Path) -> None:
    meta = corpus_copy / "sources" / "piquet" / "metadata.toml"
    meta.write_text(meta.read_text("utf-8") + "\ntitle = \n", "utf-8")
    before = (corpus_copy / "tei" / "talon.xml").read_bytes()
    result = run_academie("build", "--no-site", corpus=corpus_copy)
    assert result.returncode == 1
    err = result.stderr.decode()
    assert "metadata.toml:" in err and "malformed TOML" in err and "Traceback" not in err
    assert (corpus_copy / "tei" / "talon.xml").read_bytes() == before


def test_build_refuses_an_unfound_correction_and_keeps_the_previous_tei(corpus_copy: Path) -> None:
    corrections = corpus_copy / "sources" / "reversis" / "corrections.toml"
    corrections.write_text('[[correction]]\nfind = "absent words"\nreplace = "x"\n', "utf-8")
    before = (corpus_copy / "tei" / "reversis.xml").read_bytes()
    result = run_academie("build", "--no-site", corpus=corpus_copy)
    assert result.returncode == 1
    assert "corrections.toml:1: correction 1: text not found" in result.stderr.decode()
    assert (corpus_copy / "tei" / "reversis.xml").read_bytes() == before
    shutil.rmtree(corpus_copy)


def test_a_misread_share_out_of_range_is_one_line_and_exit_2() -> None:
    result = run_academie("extract", "--unseen", "tests/unseen", "--misread", "0.9")
    lines = result.stderr.decode().strip().splitlines()
    assert result.returncode == 2 and "'0.9' is not a share of letters from 0 to 0.5" in lines[-1]
