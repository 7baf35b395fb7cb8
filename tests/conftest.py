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
        [sys.executable, "-m", "academie.cli", *args],
        input=stdin,
        capture_output=True,
        env=env,
        cwd=paths.ROOT,
        check=False,
        timeout=600,
    )


def build_site(folder: Path, corpus: Path | None = None, extra: dict[str, str] | None = None) -> Path:
    """Build the edition from a copy of site/ into `folder`/html (the repository's site/ untouched)."""
    source = folder / "site"
    shutil.copytree(paths.SITE, source, ignore=shutil.ignore_patterns("_build", "sources", "games"))
    env = dict(os.environ) | (extra or {})
    if corpus is not None:
        env["ACADEMIE_CORPUS"] = str(corpus)
    html = folder / "html"
    build = "import sys; from pathlib import Path; from academie.stages import build_edition; "
    build += "build_edition(print, Path(sys.argv[1]), Path(sys.argv[2]))"
    command = [sys.executable, "-c", build, str(source), str(html)]
    result = subprocess.run(command, capture_output=True, env=env, cwd=paths.ROOT, check=False, timeout=900)
    assert result.returncode == 0, result.stderr.decode()
    return html


@pytest.fixture(scope="session")
def site_html(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The edition of the bundled corpus, built once per test session."""
    return build_site(tmp_path_factory.mktemp("edition"))
