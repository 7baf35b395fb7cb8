"""The stages after the TEI corpus: the products the site renders (the verified rules and the
coverage), the site itself, then every export, in that order."""

from __future__ import annotations

import ctypes
import json
import os
import shutil
import signal
import subprocess
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import NamedTuple

from academie.citation import citations, edition
from academie.exports import write_exports
from academie.search import write_index
from corpus import paths
from corpus.errors import AcademieError
from corpus.fileio import write_atomic
from corpus.sources import all_sources
from rules.catalogue import load_rules
from rules.export import coverage_json, rules_json

PR_SET_PDEATHSIG = 1  # prctl(2): the signal a child receives when its parent dies (Linux)
PRCTL = getattr(ctypes.CDLL(None), "prctl", None)  # resolved here, not in the forked child
# Warnings and broken references fail; Sphinx reads and writes in parallel.
SPHINX_OPTIONS = ["-W", "--keep-going", "-n", "-q", "-j", "auto", "-b", "html"]


def doctrees(html: Path) -> Path:
    """Sphinx's pickled environment and doctrees: beside the site, never inside what is served."""
    return html.parent / f"{html.name}.doctrees"


class Products(NamedTuple):
    """What the site renders, as written: rules.json's and coverage.json's text, and the citations."""

    catalogue: str
    coverage: str
    cited: dict


def write_products(products: Path = paths.PRODUCTS) -> Products:
    """rules.json (every rule verified: one that holds and no longer does stops the build here,
    before the site is touched), coverage.json and citations.json, for the site to render."""
    catalogue = rules_json()
    write_atomic(products / "rules.json", catalogue)
    coverage = coverage_json([s.id for s in all_sources()], load_rules())
    write_atomic(products / "coverage.json", coverage)
    cited = citations(json.loads(catalogue), all_sources(), edition())
    write_atomic(products / "citations.json", json.dumps(cited, ensure_ascii=False, indent=1, sort_keys=True) + "\n")
    return Products(catalogue, coverage, cited)


def build_site(
    progress: Callable[[str], None],
    site: Path = paths.SITE,
    html: Path = paths.SITE_BUILD,
    products: Path = paths.PRODUCTS,
) -> None:
    """The Sphinx edition of the products, warnings as errors."""
    progress("site: building the edition with Sphinx")
    command = [sys.executable, "-m", "sphinx", *SPHINX_OPTIONS, "-d", str(doctrees(html)), str(site), str(html)]
    env = dict(os.environ, ACADEMIE_PRODUCTS=str(products))
    ran = subprocess.run(command, check=False, env=env, capture_output=True, text=True, preexec_fn=_die_with_parent)
    log = html.parent / "sphinx.log"
    write_atomic(log, ran.stdout + ran.stderr)
    if ran.returncode:
        lines = [line for line in (ran.stderr or ran.stdout).splitlines() if line.strip()]
        first = next((line for line in lines if "WARNING" in line or "ERROR" in line), lines[-1] if lines else "")
        raise AcademieError(f"Sphinx: {first} (the whole log: {log})", site)


def _die_with_parent() -> None:
    """Sphinx is killed with the build that started it (Linux): never running on outside the lock."""
    if PRCTL is not None:
        PRCTL(PR_SET_PDEATHSIG, signal.SIGKILL)


def build_edition(
    progress: Callable[[str], None],
    site: Path = paths.SITE,
    html: Path = paths.SITE_BUILD,
    candidates: list[dict] | None = None,
) -> None:
    """Products, site, exports: the whole edition from the corpus's TEI and the rule catalogue (and
    the rule candidates the corpus build found, else found again from the TEI)."""
    products = html.parent / "products"
    written = write_products(products)
    with staged(html) as stage:
        build_site(progress, site, stage, products)
        write_exports(stage, written.catalogue, written.cited, candidates, progress)
        count = write_index(stage, written.catalogue, written.coverage)
        progress(f"search: pagefind/, {count} sentences and rules indexed")
    progress(f"site: {html / 'index.html'}")


@contextmanager
def staged(html: Path) -> Iterator[Path]:
    """A copy of the published site (and of Sphinx's environment) to build into, swapped in whole
    when the build succeeds: a failed or killed build leaves the previous site as it was, and the
    next build starts from it, clean."""
    stage = html.parent / f".{html.name}.new"
    pairs = [(html, stage), (doctrees(html), doctrees(stage))]
    for folder, copy in pairs:
        kept = _kept(folder)
        if not folder.exists() and kept.exists():  # a build killed between its two renames
            kept.rename(folder)
        for leftover in (copy, kept):
            shutil.rmtree(leftover, ignore_errors=True)
        if folder.exists():
            shutil.copytree(folder, copy, symlinks=True)
    yield stage
    for folder, copy in pairs:
        if folder.exists():
            folder.rename(_kept(folder))
        copy.rename(folder)
        shutil.rmtree(_kept(folder), ignore_errors=True)


def _kept(folder: Path) -> Path:
    return folder.parent / f".{folder.name}.old"
