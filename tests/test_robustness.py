"""Hostile and broken inputs: processed without loss, or refused with one line naming the file."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from lxml import etree

from academie import ledger
from academie.addsource import add_source
from corpus import paths
from corpus.encode import encode, encode_text
from corpus.errors import AcademieError
from corpus.fileio import parse_xml
from corpus.rawtext import decode, form_from, form_of, restore
from corpus.readings import diplomatic
from corpus.sources import get_source, load_source
from corpus.validate import validate_file
from tests.conftest import SOURCE_IDS, build_site, run_academie

TEXT = "LE JEU\n\n1. Le jeu se joue à quatre personnes.\n\n2. On donne « douze » cartes & l'écart.\n"
PROCESSED = {
    "latin-1": TEXT.encode("latin-1"),
    "cp1252": "“ Le talon ” – écarté…\n".encode("cp1252"),
    "utf-8-bom": b"\xef\xbb\xbf" + TEXT.encode("utf-8"),
    "crlf": TEXT.replace("\n", "\r\n").encode("utf-8"),
    "lone-cr": TEXT.replace("\n", "\r").encode("utf-8"),
    "markup": "Le <b>jeu</b> & les ]]> « quotes » \"x\" 'y' <script>alert(1)</script>\n".encode(),
    "decomposed": "E\u0301carte\u0301 et re\u0300gle\n".encode(),
}
REFUSED = {
    "empty": (b"", "file is empty"),
    "blank": (b"  \n\n", "file is empty"),
    "binary": (bytes(range(256)) * 4, "binary file"),
    "control": (b"Le jeu\nse \x07joue\n", ":2: control character U+0007"),
    "too-large": (b"Le jeu se joue. " * (50 * 2**16), "file too large"),  # 50 MB
    "mixed": ("Première ligne\n".encode() + "Deuxième écart\n".encode("cp1252"), ":2: mixes UTF-8 with another"),
}


def _expected(data: bytes, encoding: str) -> str:
    import unicodedata

    text = data.decode(encoding).removeprefix("\ufeff").replace("\r\n", "\n").replace("\r", "\n")
    return unicodedata.normalize("NFC", text)


@pytest.mark.parametrize("name", sorted(PROCESSED))
def test_odd_encodings_and_markup_are_processed_without_loss(name: str, corpus_copy: Path, tmp_path: Path) -> None:
    raw = tmp_path / f"{name}.txt"
    raw.write_bytes(PROCESSED[name])
    add_source(raw, name, f"Test {name}", {}, corpus_copy / "sources", corpus_copy / "tei")
    folder = corpus_copy / "sources" / name
    source = load_source(folder)
    assert (folder / "raw.txt").read_bytes() == PROCESSED[name]  # kept as received
    tei = corpus_copy / "tei" / f"{name}.xml"
    assert validate_file(tei) == []
    assert diplomatic(parse_xml(tei)) == _expected(PROCESSED[name], source.meta.get("encoding", "utf-8"))
    assert restore(diplomatic(parse_xml(tei)), form_from(source.meta)) == PROCESSED[name]  # byte for byte


@pytest.mark.parametrize("name", sorted(REFUSED))
def test_broken_inputs_are_refused_naming_the_file_and_leave_nothing(
    name: str, corpus_copy: Path, tmp_path: Path
) -> None:
    data, message = REFUSED[name]
    raw = tmp_path / f"{name}.txt"
    raw.write_bytes(data)
    before = sorted(p.name for p in (corpus_copy / "sources").iterdir())
    with pytest.raises(AcademieError) as caught:
        add_source(raw, name, "x", {}, corpus_copy / "sources", corpus_copy / "tei")
    assert f"{name}.txt" in str(caught.value) and message in str(caught.value)
    assert sorted(p.name for p in (corpus_copy / "sources").iterdir()) == before
    assert not (corpus_copy / "tei" / f"{name}.xml").exists()


def test_the_command_refuses_a_binary_file_in_one_line(corpus_copy: Path, tmp_path: Path) -> None:
    raw = tmp_path / "image.png"
    raw.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR")
    result = run_academie("add-source", str(raw), "--id", "image", "--title", "x", corpus=corpus_copy)
    err = result.stderr.decode().strip()
    assert result.returncode == 1 and len(err.splitlines()) == 1 and "image.png" in err and "Traceback" not in err


@pytest.mark.parametrize(
    "xml",
    [
        '<?xml version="1.0"?>\n<!DOCTYPE TEI [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>\n<TEI>&xxe;</TEI>\n',
        '<?xml version="1.0"?>\n<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;">'
        '<!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;">]>\n<TEI>&lol3;</TEI>\n',
    ],
    ids=["xxe", "billion-laughs"],
)
def test_tei_with_entities_is_refused_unexpanded(xml: str, tmp_path: Path) -> None:
    evil = tmp_path / "evil.xml"
    evil.write_text(xml, "utf-8")
    with pytest.raises(AcademieError) as caught:
        validate_file(evil)
    assert "evil.xml" in str(caught.value) and ("DTD" in str(caught.value) or "entit" in str(caught.value))


def _rules_dir(tmp_path: Path, body: str) -> Path:
    folder = tmp_path / "rules"
    folder.mkdir()
    (folder / "bad.toml").write_text(body, "utf-8")
    return folder


RULE = """
[[rule]]
id = "{id}"
title = "A title"
game = "reversis"
source = "reversis"
passages = ["{passage}"]
quote = "{quote}"
kind = "players"
claim = {{ players = 4 }}
status = "holds"
interpretation = {{ text = "x", cert = "high" }}
"""


@pytest.mark.parametrize(
    ("body", "message"),
    [
        (RULE.format(id="x.a", passage="reversis.a99.s1", quote="Il se joue"), "no passage reversis.a99.s1"),
        (RULE.format(id="x.a", passage="reversis.a5.s1", quote="Il se joue à cinq"), "its quote is not in"),
        (RULE.format(id="x.a", passage="reversis.a5.s1", quote="Il se joue") * 2, "duplicate rule id 'x.a'"),
    ],
    ids=["missing-passage", "stale-quote", "duplicate-id"],
)
def test_bad_rules_are_one_line_naming_file_and_line(body: str, message: str, tmp_path: Path) -> None:
    env = dict(os.environ, ACADEMIE_RULES=str(_rules_dir(tmp_path, body)))
    result = subprocess.run(
        [sys.executable, "-m", "academie.cli", "rules", "--json"],
        capture_output=True,
        env=env,
        cwd=paths.ROOT,
        check=False,
    )
    err = result.stderr.decode().strip()
    assert result.returncode == 1 and len(err.splitlines()) == 1, err
    assert "bad.toml:" in err and message in err


def test_a_build_killed_midway_leaves_usable_outputs(corpus_copy: Path) -> None:
    for source in (corpus_copy / "sources").iterdir():  # make every source rebuild
        (source / "corrections.toml").write_text("# emptied\n", "utf-8")
    env = dict(os.environ, ACADEMIE_CORPUS=str(corpus_copy))
    build = subprocess.Popen(
        [sys.executable, "-m", "academie.cli", "build", "--no-site"], cwd=paths.ROOT, env=env, stderr=subprocess.PIPE
    )
    assert build.stderr is not None
    line = build.stderr.readline()  # the first source is written: kill during the second
    build.send_signal(signal.SIGKILL)
    build.wait(timeout=60)
    assert b"[1/5]" in line
    for tei in (corpus_copy / "tei").glob("*.xml"):
        assert validate_file(tei) == [], tei
    again = run_academie("build", "--no-site", corpus=corpus_copy)
    assert again.returncode == 0, again.stderr.decode()
    assert not list((corpus_copy / "tei").glob(".*.tmp"))


def test_two_builds_at_once_do_not_corrupt_each_other(corpus_copy: Path) -> None:
    env = dict(os.environ, ACADEMIE_CORPUS=str(corpus_copy))
    command = [sys.executable, "-m", "academie.cli", "build", "--no-site"]
    first = subprocess.Popen(command, cwd=paths.ROOT, env=env, stderr=subprocess.PIPE)
    time.sleep(0.5)
    second = subprocess.Popen(command, cwd=paths.ROOT, env=env, stderr=subprocess.PIPE)
    assert first.wait(timeout=600) == 0 and second.wait(timeout=600) == 0
    for tei in (corpus_copy / "tei").glob("*.xml"):
        assert validate_file(tei) == [], tei


def test_the_committed_ledger_is_all_live_or_redirected() -> None:
    ledger.check(ledger.current_ids())
    assert ledger.published() <= ledger.current_ids() | set(ledger.redirects())


def test_a_dropped_identifier_fails_until_redirected(tmp_path: Path) -> None:
    book, moves = tmp_path / "ledger.txt", tmp_path / "redirects.toml"
    book.write_text("reversis.a14.s1\nreversis.a99\n", "utf-8")
    current = ledger.current_ids()
    with pytest.raises(AcademieError) as caught:
        ledger.check(current, book, moves)
    assert "reversis.a99" in str(caught.value)
    moves.write_text('[redirects]\n"reversis.a99" = "reversis.a14"\n', "utf-8")
    ledger.check(current, book, moves)


@pytest.mark.parametrize("source_id", SOURCE_IDS)
def test_changing_the_cleaning_changes_no_identifier(source_id: str) -> None:
    source = get_source(source_id)
    ids = etree.fromstring(encode(source).data).xpath("//@xml:id")
    bare = etree.fromstring(encode_text(source, source.text(), [], ()).data).xpath("//@xml:id")
    assert ids == bare


def test_clean_refuses_binary_input_and_keeps_markup_as_text() -> None:
    refused = run_academie("clean", stdin=b"\x00\x01binary")
    assert (
        refused.returncode == 1 and "<stdin>" in refused.stderr.decode() and "Traceback" not in refused.stderr.decode()
    )
    markup = "Le <script>alert(1)</script> & ]]> jeu\n"
    cleaned = run_academie("clean", stdin=markup.encode())
    assert cleaned.returncode == 0 and cleaned.stdout.decode() == markup


def test_the_site_serves_a_permalink_for_every_identifier_and_redirect(corpus_copy: Path, tmp_path: Path) -> None:
    (corpus_copy / "redirects.toml").write_text('[redirects]\n"reversis.a99.s1" = "reversis.a14.s1"\n', "utf-8")
    out = build_site(tmp_path, corpus_copy)
    pages = {p.stem for p in (out / "id").glob("*.html")}
    assert ledger.published() <= pages
    moved = (out / "id" / "reversis.a99.s1.html").read_text("utf-8")
    assert "sources/reversis.html#reversis.a14.s1" in moved


PIECES = st.sampled_from(["Le jeu", "écart", "E\u0301carte\u0301", "re\u0300gle", "« talon »", "Œuvre", " ", "1."])


@settings(max_examples=200, deadline=None)
@given(
    st.lists(st.lists(PIECES, min_size=1, max_size=5).map("".join), min_size=1, max_size=8),
    st.lists(st.sampled_from(["\n", "\r\n", "\r"]), min_size=8, max_size=8),
    st.sampled_from(["utf-8", "utf-8-sig", "cp1252", "latin-1"]),
    st.booleans(),
)
def test_any_accepted_file_is_given_back_byte_for_byte(lines, ends, encoding: str, nfd: bool) -> None:
    """Encoding, byte-order mark, line ends (one kind or mixed), NFC, NFD or both: the text the TEI
    encodes and the recorded form give the file back, byte for byte."""
    import unicodedata

    text = "".join(line + end for line, end in zip(lines, ends, strict=False))
    text = unicodedata.normalize("NFD", text) if nfd else text
    try:
        data = text.encode(encoding)
    except UnicodeEncodeError:
        return  # a character the encoding lacks (Œ in Latin-1): no such file
    if not text.strip():
        return  # a blank file is refused
    name = "utf-8" if encoding == "utf-8-sig" else encoding
    form = form_of(data, name, Path("f.txt"))
    assert restore(decode(data, name, Path("f.txt")), form) == data
    assert form_from(form.as_metadata()) == form  # what the metadata records is the whole form


def test_text_bytes_gives_back_a_raw_file_from_the_tei(corpus_copy: Path, tmp_path: Path) -> None:
    raw = tmp_path / "crlf.txt"
    raw.write_bytes("\ufeffLe jeu\r\nE\u0301carte\r\n\r\nfin\n".encode("utf-8"))
    added = run_academie("add-source", str(raw), "--id", "crlf", "--title", "CRLF", corpus=corpus_copy)
    assert added.returncode == 0, added.stderr.decode()
    result = run_academie("text", "crlf", "--diplomatic", "--bytes", corpus=corpus_copy)
    assert result.returncode == 0 and result.stdout == raw.read_bytes()
