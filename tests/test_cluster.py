"""The build on Dask: a scheduler and two workers on the loopback address give the serial build's
TEI byte for byte; an error names the source's own file and writes nothing; a killed worker's task
runs again elsewhere."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from academie.cluster import loopback_scheduler, run_all
from corpus import paths
from tests.conftest import SOURCE_IDS, run_academie


@pytest.fixture
def scheduler(tmp_path: Path):
    """`dask scheduler` and `dask worker --nworkers 2`, as the README starts them, on 127.0.0.1."""
    with loopback_scheduler(tmp_path) as address:
        yield address


def test_a_scheduler_and_two_workers_build_the_serial_tei(corpus_copy: Path, scheduler: str) -> None:
    for tei in (corpus_copy / "tei").glob("*.xml"):
        tei.unlink()
    result = run_academie("build", "--no-site", "--scheduler", scheduler, corpus=corpus_copy)
    assert result.returncode == 0, result.stderr.decode()
    for source_id in SOURCE_IDS:
        built = (corpus_copy / "tei" / f"{source_id}.xml").read_bytes()
        assert built == paths.tei_path(source_id).read_bytes(), source_id


def test_an_error_on_a_worker_names_the_source_file_and_writes_nothing(corpus_copy: Path) -> None:
    corrections = corpus_copy / "sources" / "piquet" / "corrections.toml"
    corrections.write_text('\n[[correction]]\nfind = "no such words anywhere"\nreplace = "x"\n', "utf-8")
    before = {p.name: p.read_bytes() for p in (corpus_copy / "tei").glob("*.xml")}
    (corpus_copy / "tei" / "talon.xml").write_bytes(b"stale")  # a file the failed build must not replace
    result = run_academie("build", "--no-site", "--fresh", "--workers", "2", corpus=corpus_copy)
    message = result.stderr.decode().strip().splitlines()
    assert result.returncode == 1 and len(message) == 1, result.stderr.decode()
    assert "sources/piquet/corrections.toml:2:" in message[0] and "Traceback" not in result.stderr.decode()
    assert (corpus_copy / "tei" / "talon.xml").read_bytes() == b"stale"
    assert {p.name for p in (corpus_copy / "tei").glob("*.xml")} == set(before)


def _dies_once(marker: str) -> int:
    """Kills its worker the first time it runs; returns the worker's pid after."""
    flag = Path(marker)
    if not flag.exists():
        flag.write_text("died")
        os._exit(1)
    return os.getpid()


def test_a_killed_worker_s_task_is_run_again(tmp_path: Path) -> None:
    marker = tmp_path / "died"
    assert run_all(_dies_once, [str(marker)], ["once"], workers=2)[0] > 0
    assert marker.read_text() == "died"
