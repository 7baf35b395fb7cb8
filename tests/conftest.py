"""Shared fixtures: a private copy of the corpus, and the `academie` command run as a user would."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from corpus import paths
from corpus.sources import Source, all_sources

SOURCE_IDS = ["talon", "tarots", "piquet", "taros-1659", "reversis"]


@pytest.fixture(scope="session")
def sources() -> list[Source]:
    return all_sources()


@pytest.fixture
def corpus_copy(tmp_path: Path) -> Path:
    """A copy of corpus/sources and corpus/tei that a test may change freely."""
    root = tmp_path / "corpus"
    shutil.copytree(paths.SOURCES, root / "sources")
    shutil.copytree(paths.TEI, root / "tei")
    return root


def run_academie(*args: str, corpus: Path | None = None, stdin: bytes | None = None) -> subprocess.CompletedProcess:
    """Run `academie ARGS` in a fresh process, optionally on another corpus folder."""
    env = dict(os.environ)
    if corpus is not None:
        env["ACADEMIE_CORPUS"] = str(corpus)
    return subprocess.run(
        [sys.executable, "-m", "corpus.cli", *args],
        input=stdin,
        capture_output=True,
        env=env,
        cwd=paths.ROOT,
        check=False,
        timeout=600,
    )
