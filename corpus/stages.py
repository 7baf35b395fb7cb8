"""The stages after the TEI corpus, in order; each later issue adds its own here."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable

from corpus import paths
from corpus.errors import AcademieError

SPHINX_OPTIONS = ["-W", "--keep-going", "-n", "-q", "-b", "html"]  # warnings and broken references fail


def build_site(progress: Callable[[str], None]) -> None:
    """The Sphinx edition, warnings as errors, into site/_build/html."""
    progress("site: building the edition with Sphinx")
    command = [sys.executable, "-m", "sphinx", *SPHINX_OPTIONS, str(paths.SITE), str(paths.SITE_BUILD)]
    result = subprocess.run(command, check=False)
    if result.returncode:
        raise AcademieError("Sphinx build failed (see the messages above)", paths.SITE)
    progress(f"site: {paths.SITE_BUILD / 'index.html'}")


def export_rules(catalogue: str, progress: Callable[[str], None]) -> None:
    """rules.json (the catalogue verified before the site was built) and its JSON Schema, into the site."""
    from rules.export import write_rules_json

    write_rules_json(paths.SITE_BUILD, catalogue)
    progress(f"rules: {paths.SITE_BUILD / 'rules.json'}")


def export_candidates(progress: Callable[[str], None]) -> None:
    """The extraction layer's rule candidates for every source, into the site."""
    import json

    from corpus.fileio import write_atomic
    from corpus.sources import all_sources
    from extract.candidates import as_records, candidates

    records = [r for source in all_sources() for r in as_records(candidates(source.id))]
    write_atomic(
        paths.SITE_BUILD / "candidates.json", json.dumps(records, ensure_ascii=False, indent=1, sort_keys=True) + "\n"
    )
    progress(f"extract: {len(records)} rule candidates in {paths.SITE_BUILD / 'candidates.json'}")


def later_stages(progress: Callable[[str], None]) -> None:
    """Verify the rules (a rule that holds and no longer holds stops the build before the site is
    touched), then the site, then the exports."""
    from rules.export import rules_json

    catalogue = rules_json()
    build_site(progress)
    export_rules(catalogue, progress)
    export_candidates(progress)
