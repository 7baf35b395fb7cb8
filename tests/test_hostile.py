"""Hostile inputs: metadata is data, never markup; outputs stay inside the site; source files are
regular files; the server serves the published pages only; ill-typed fields are one-line errors."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import threading
import urllib.error
import urllib.request
from functools import partial
from http.server import ThreadingHTTPServer
from pathlib import Path

import pytest

from academie.serve import EditionHandler
from corpus import paths
from tests.conftest import build_site, run_academie

HOSTILE_TITLE = ".. include:: /etc/passwd `x <javascript:alert(1)>`_ |sub| <script>alert(1)</script>"


def _one_line_error(result) -> str:  # noqa: ANN001 - a CompletedProcess
    """The error a command ended with: its last line, the only one that says 'error' (progress aside)."""
    text = result.stderr.decode()
    errors = [line for line in text.splitlines() if "error" in line.lower()]
    assert result.returncode != 0 and len(errors) == 1 and "Traceback" not in text, text
    assert text.strip().splitlines()[-1] == errors[0]
    return errors[0]


def test_a_hostile_title_is_shown_as_text(corpus_copy: Path, tmp_path: Path) -> None:
    raw = tmp_path / "hostile.txt"
    raw.write_text("Le jeu se joue à quatre personnes.\n", "utf-8")
    added = run_academie("add-source", str(raw), "--id", "hostile", "--title", HOSTILE_TITLE, corpus=corpus_copy)
    assert added.returncode == 0, added.stderr.decode()
    page = (build_site(tmp_path, corpus_copy) / "sources" / "hostile.html").read_text("utf-8")
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page and "<script>alert(1)" not in page
    assert "root:x:" not in page and 'href="javascript:' not in page and ".. include::" in page


@pytest.mark.parametrize(
    ("title", "message"),
    [
        ("two\nlines", "one line without control characters"),
        ("a\x07bell", "one line without control characters"),
        ("tab\there", "one line without control characters"),
        ("x" * 3000, "holds 3,000 characters"),
    ],
    ids=["newline", "bell", "tab", "long"],
)
def test_a_title_not_one_short_line_is_refused(title: str, message: str, corpus_copy: Path, tmp_path: Path) -> None:
    raw = tmp_path / "t.txt"
    raw.write_text("Le jeu.\n", "utf-8")
    result = run_academie("add-source", str(raw), "--id", "t", "--title", title, corpus=corpus_copy)
    assert message in _one_line_error(result)
    assert not (corpus_copy / "sources" / "t").exists() and not (corpus_copy / "tei" / "t.xml").exists()


def test_an_id_with_a_trailing_newline_is_refused(corpus_copy: Path, tmp_path: Path) -> None:
    raw = tmp_path / "t.txt"
    raw.write_text("Le jeu.\n", "utf-8")
    result = run_academie("add-source", str(raw), "--id", "ok\n", "--title", "T", corpus=corpus_copy)
    assert "must be lowercase letters" in _one_line_error(result)


def test_a_redirect_that_leaves_the_site_is_refused(corpus_copy: Path) -> None:
    (corpus_copy / "redirects.toml").write_text('[redirects]\n"../sources/reversis" = "reversis.a14.s1"\n', "utf-8")
    result = run_academie("build", "--no-site", corpus=corpus_copy)
    assert "redirects.toml" in _one_line_error(result)


def test_a_raw_text_that_is_a_link_is_refused(corpus_copy: Path, tmp_path: Path) -> None:
    secret = tmp_path / "secret.txt"
    secret.write_text("root:x:0:0:root:/root:/bin/bash\n", "utf-8")
    raw = corpus_copy / "sources" / "piquet" / "raw.txt"
    raw.unlink()
    raw.symlink_to(secret)
    result = run_academie("build", "--no-site", corpus=corpus_copy)
    assert "sources/piquet/raw.txt" in _one_line_error(result)
    assert b"root:x:" not in (corpus_copy / "tei" / "piquet.xml").read_bytes()


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("id = 5", "source id"),
        ('order = "abc"', "'order' must be a whole number"),
        ('encoding = "rot13"', "'encoding' must be one of"),
    ],
)
def test_ill_typed_metadata_is_a_one_line_error(line: str, message: str, corpus_copy: Path) -> None:
    meta = corpus_copy / "sources" / "piquet" / "metadata.toml"
    key = line.split(" ")[0]
    kept = [x for x in meta.read_text("utf-8").splitlines() if not x.startswith(f"{key} =")]
    meta.write_text("\n".join([*kept, line]) + "\n", "utf-8")
    assert message in _one_line_error(run_academie("build", "--no-site", corpus=corpus_copy))


def test_the_server_serves_pages_not_hidden_files(tmp_path: Path) -> None:
    (tmp_path / "index.html").write_text("<p>edition</p>", "utf-8")
    (tmp_path / ".doctrees").mkdir()
    (tmp_path / ".doctrees" / "environment.pickle").write_bytes(b"secret")
    handler = partial(EditionHandler, directory=str(tmp_path))
    with ThreadingHTTPServer(("127.0.0.1", 0), handler) as server:
        threading.Thread(target=server.serve_forever, daemon=True).start()
        base = f"http://127.0.0.1:{server.server_address[1]}"
        assert b"edition" in urllib.request.urlopen(f"{base}/index.html", timeout=10).read()
        for path in ("/.doctrees/environment.pickle", "/%00", "/..%2f..%2fetc/passwd", "/.git/config"):
            with pytest.raises(urllib.error.HTTPError) as refused:
                urllib.request.urlopen(base + path, timeout=10)
            assert refused.value.code == 404, path
        server.shutdown()


def test_the_built_site_holds_no_doctrees(site_html: Path) -> None:
    assert not (site_html / ".doctrees").exists()
    assert not list(site_html.rglob("*.pickle"))


def test_a_removed_source_leaves_nothing_and_a_failed_build_changes_nothing(corpus_copy: Path, tmp_path: Path) -> None:
    """The site is built into a copy and swapped in whole: a source removed from the corpus takes
    its page, TEI and permalinks with it; a build that fails leaves the published site as it was."""
    html = build_site(tmp_path, corpus_copy)
    assert (html / "sources" / "talon.html").exists() and (html / "id" / "talon.q1.html").exists()
    shutil.rmtree(corpus_copy / "sources" / "talon")
    (corpus_copy / "tei" / "talon.xml").unlink()
    rules = tmp_path / "rules"
    shutil.copytree(paths.ROOT / "rules" / "data" / "rules", rules)
    (rules / "talon.toml").unlink()  # the rules citing the removed source go with it
    published = html / "index.html"
    rebuilt = _build_again(tmp_path, corpus_copy, rules)
    assert rebuilt.returncode == 0, rebuilt.stderr.decode()
    assert not (html / "sources" / "talon.html").exists() and not (html / "tei" / "talon.xml").exists()
    assert not list((html / "id").glob("talon.*.html"))
    before = published.read_bytes()
    (tmp_path / "site" / "index.rst").write_text("Broken\n======\n\n:ref:`no-such-anchor`\n", "utf-8")
    failed = _build_again(tmp_path, corpus_copy, rules)
    assert failed.returncode != 0 and published.read_bytes() == before


def _build_again(folder: Path, corpus: Path, rules: Path) -> subprocess.CompletedProcess:
    build = "import sys; from pathlib import Path; from academie.stages import build_edition; "
    build += "build_edition(print, Path(sys.argv[1]), Path(sys.argv[2]))"
    env = dict(os.environ, ACADEMIE_CORPUS=str(corpus), ACADEMIE_RULES=str(rules))
    command = [sys.executable, "-c", build, str(folder / "site"), str(folder / "html")]
    return subprocess.run(command, capture_output=True, env=env, check=False, timeout=900)


def test_a_sentence_inserted_before_a_published_one_is_caught(corpus_copy: Path) -> None:
    """The ledger anchors each sentence's identifier to its raw text: a sentence inserted before it
    makes the identifier name other text, and the build refuses, writing nothing, until the editor
    accepts it."""
    shutil.copyfile(paths.CORPUS / "ledger.txt", corpus_copy / "ledger.txt")
    raw = corpus_copy / "sources" / "reversis" / "raw.txt"
    raw.write_bytes(raw.read_bytes().replace(b"10. Uon donne onze", b"10. Ceci est ajout\xc3\xa9. Uon donne onze", 1))
    tei = (corpus_copy / "tei" / "reversis.xml").read_bytes()
    refused = run_academie("build", "--no-site", corpus=corpus_copy)
    message = _one_line_error(refused)
    assert "reversis.a10.s1 would name other text" in message and "[changed]" in message
    assert (corpus_copy / "tei" / "reversis.xml").read_bytes() == tei  # refused before anything is written
    accept = message.rsplit(": ", 1)[1]  # the line the message proposes
    (corpus_copy / "redirects.toml").write_text(f"[changed]\n{accept}\n", "utf-8")
    accepted = run_academie("build", "--no-site", corpus=corpus_copy)
    assert accepted.returncode == 0, accepted.stderr.decode()
    assert "reversis.a10.s1\t" in (corpus_copy / "ledger.txt").read_text("utf-8")


def test_eval_sources_reads_a_source_in_its_own_encoding(corpus_copy: Path, tmp_path: Path) -> None:
    raw = tmp_path / "cp.txt"
    raw.write_bytes("“ Le talon ” – écarté… le jeu se joue à quatre.\n".encode("cp1252"))
    assert run_academie("add-source", str(raw), "--id", "cp", "--title", "CP", corpus=corpus_copy).returncode == 0
    result = run_academie("eval", "sources", corpus=corpus_copy)
    assert result.returncode == 0, result.stderr.decode()
    assert "cp: raw file" in result.stdout.decode()


def test_text_of_a_tei_without_a_text_is_a_one_line_error(corpus_copy: Path) -> None:
    (corpus_copy / "tei" / "piquet.xml").write_text(
        '<TEI xmlns="http://www.tei-c.org/ns/1.0"><teiHeader/></TEI>', "utf-8"
    )
    assert "tei/piquet.xml: the TEI has no <text> element" in _one_line_error(
        run_academie("text", "piquet", corpus=corpus_copy)
    )


def test_a_port_out_of_range_is_refused() -> None:
    result = run_academie("serve", "--port", "99999")
    assert result.returncode == 2 and "is not a port" in result.stderr.decode() and b"Traceback" not in result.stderr


def test_a_build_killed_in_the_site_stage_leaves_the_site_whole(corpus_copy: Path, tmp_path: Path) -> None:
    """kill -9 while Sphinx runs: the published site is the previous one, whole, and the next
    build finishes cleanly."""
    import signal
    import time

    html = tmp_path / "html"
    env = dict(os.environ, ACADEMIE_CORPUS=str(corpus_copy), ACADEMIE_SITE_BUILD=str(html))
    command = [sys.executable, "-m", "academie.cli", "build"]
    first = subprocess.run(command, env=env, capture_output=True, check=False, cwd=paths.ROOT, timeout=900)
    assert first.returncode == 0, first.stderr.decode()
    pages = {p.relative_to(html): p.read_bytes() for p in html.rglob("*.html")}
    build = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=paths.ROOT)
    stage = tmp_path / ".html.new"
    for _ in range(600):
        if stage.exists():
            break
        time.sleep(0.05)
    time.sleep(0.5)  # Sphinx is writing into the copy
    build.send_signal(signal.SIGKILL)
    build.wait(timeout=60)
    assert {p.relative_to(html): p.read_bytes() for p in html.rglob("*.html")} == pages
    again = subprocess.run(command, env=env, capture_output=True, check=False, cwd=paths.ROOT, timeout=900)
    assert again.returncode == 0, again.stderr.decode()
    assert not stage.exists() and (html / "index.html").exists()


def test_a_control_character_in_any_data_file_is_a_one_line_error(corpus_copy: Path) -> None:
    """The editor's identifications, like every TOML file Académie reads: a string XML cannot
    carry is refused with its file and line, not a traceback from the XML writer."""
    path = corpus_copy / "sources" / "talon" / "identifications.toml"
    path.write_text(path.read_text("utf-8").replace('evidence = "word for', 'evidence = "word \\u0008 for', 1), "utf-8")
    message = _one_line_error(run_academie("build", "--no-site", "--fresh", corpus=corpus_copy))
    assert "identifications.toml:8: control character U+0008" in message
