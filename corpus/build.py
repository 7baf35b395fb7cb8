"""`academie build`: every source from raw to valid TEI, then the later stages, then the site."""

from __future__ import annotations

import fcntl
import sys
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import ProcessPoolExecutor
from contextlib import contextmanager
from multiprocessing import get_context
from pathlib import Path

from lxml import etree

from corpus import paths
from corpus.encode import encode_source
from corpus.errors import AcademieError
from corpus.fileio import safe_parser, write_atomic
from corpus.readings import diplomatic
from corpus.sources import Source, all_sources
from corpus.spans import TEI_NS
from corpus.validate import validate_tree

Progress = Callable[[str], None]


def stderr_progress(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


@contextmanager
def build_lock(root: Path = paths.CORPUS) -> Iterator[None]:
    """One build at a time: a second waits instead of interleaving its writes."""
    with (root / ".academie.lock").open("w") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def check_tei(source: Source, data: bytes, target: Path) -> None:
    """Refuse to publish TEI that is invalid or that does not give back the raw text."""
    tree = etree.ElementTree(etree.fromstring(data, safe_parser()))
    problems = validate_tree(tree, target)
    if problems:
        raise AcademieError(f"generated TEI is invalid: {problems[0].message}", target, problems[0].line)
    if diplomatic(tree) != source.text():
        raise AcademieError("generated TEI does not give back the raw text (diplomatic reading differs)", target)
    check_regularisation(tree, target)


def check_regularisation(tree: etree._ElementTree, target: Path) -> None:
    """One original form gets one regular form within a source."""
    seen: dict[str, str] = {}
    for choice in tree.iter(f"{{{TEI_NS}}}choice"):
        orig, reg = choice.find(f"{{{TEI_NS}}}orig"), choice.find(f"{{{TEI_NS}}}reg")
        if orig is None or reg is None:
            continue
        old, new = "".join(orig.itertext()), "".join(reg.itertext())
        if old.strip() and seen.setdefault(old, new) != new:
            raise AcademieError(
                f"'{old}' is regularised both as '{seen[old]}' and as '{new}'", target, choice.sourceline
            )


def tei_bytes(source: Source) -> bytes:
    """The published TEI of a source: the encoded text with the extraction layer's stand-off annotation."""
    from extract.annotate import annotate_bytes

    return annotate_bytes(encode_source(source))


def build_tei(source: Source, tei_dir: Path = paths.TEI) -> bool:
    """Encode, check and write one source's TEI; True when the file changed."""
    target = paths.tei_path(source.id, tei_dir)
    data = tei_bytes(source)
    check_tei(source, data, target)
    if target.exists() and target.read_bytes() == data:
        return False
    write_atomic(target, data)
    return True


def build_corpus(
    sources: list[Source] | None = None,
    progress: Progress = stderr_progress,
    tei_dir: Path = paths.TEI,
    workers: int = 1,
) -> list[Path]:
    """Build every source's TEI, over `workers` processes; each file is written whole or not at all,
    so the outputs of the sources that succeed stay valid if another fails."""
    sources = all_sources() if sources is None else sources
    _check_unique(sources)
    _remove_stale_temporaries(tei_dir)
    jobs = [(source, tei_dir) for source in sources]
    if workers > 1 and len(sources) > 1:
        warm_up()
        with ProcessPoolExecutor(min(workers, len(sources)), mp_context=get_context("fork")) as pool:
            results = pool.map(_build_one, jobs)
            return _report(sources, results, progress, tei_dir)
    return _report(sources, map(_build_one, jobs), progress, tei_dir)


def warm_up() -> None:
    """Compile the schemas and load the language model once, before the workers fork and share them."""
    from corpus.validate import relaxng, schematron
    from extract.pipeline import nlp

    relaxng(), schematron(), nlp()


def _build_one(job: tuple[Source, Path]) -> bool:
    return build_tei(*job)


def _report(sources: list[Source], results: Iterable[bool], progress: Progress, tei_dir: Path) -> list[Path]:
    """Progress in source order (whatever order the workers finish in), stopping at the first error."""
    written = []
    for number, (source, changed) in enumerate(zip(sources, results, strict=True), 1):
        progress(f"[{number}/{len(sources)}] {source.id}: TEI {'written' if changed else 'unchanged'}, valid")
        written.append(paths.tei_path(source.id, tei_dir))
    return written


def keep_citations(progress: Progress = stderr_progress) -> None:
    """Check the ledger of published identifiers, then record the new ones."""
    from corpus import ledger

    current = ledger.current_ids()
    ledger.check(current)
    added = ledger.update(current)
    progress(f"ledger: {len(current)} identifiers live, {added} newly published, none broken")


def _remove_stale_temporaries(folder: Path) -> None:
    """Temporary files of a build that was killed (its outputs were never replaced by them)."""
    for stale in folder.glob(".*.tmp"):
        stale.unlink(missing_ok=True)


def _check_unique(sources: list[Source]) -> None:
    seen: dict[str, Source] = {}
    for source in sources:
        if source.id in seen:
            raise AcademieError(
                f"duplicate source id '{source.id}' (also in {seen[source.id].folder})", source.metadata_path
            )
        seen[source.id] = source
