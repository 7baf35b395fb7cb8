"""Benchmarks that print figures, measured side by side in one run (never pass/fail timing)."""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterator
from functools import partial
from pathlib import Path

from lxml import etree

from academie.learn import icdar_documents
from corpus.textclean import clean_text


def bench_clean(folder: Path, limit: int = 0) -> str:
    """`academie clean` throughput beside a plain read of the same files."""
    docs = list(icdar_documents(folder))
    if limit:
        docs = docs[:limit]
    paths = [d[0] for d in docs]
    start = time.perf_counter()
    chars = sum(len(p.read_text("utf-8").split("\n", 1)[0]) for p in paths)
    read_time = time.perf_counter() - start
    start = time.perf_counter()
    for _path, ocr, _aligned, _gold in docs:
        clean_text(ocr)
    clean_time = time.perf_counter() - start
    return (
        f"clean: {len(docs)} files, {chars} characters; plain read {chars / read_time:,.0f} chars/s, "
        f"clean {chars / clean_time:,.0f} chars/s (ratio {clean_time / read_time:,.1f}x the read time)"
    )


def bench_engine(games: int = 2000) -> str:
    """Random legal Reversis games per second on one core; OpenSpiel's hearts beside it if installed."""
    from rules.games.reversis import ReversisGame, random_game

    game = ReversisGame()
    start = time.perf_counter()
    for seed in range(games):
        random_game(seed, game)
    ours = games / (time.perf_counter() - start)
    line = f"engine: {games} random Reversis games, {ours:,.0f} games/s"
    try:
        import pyspiel  # optional: pip install open_spiel
    except ImportError:
        return line + "; OpenSpiel not installed (pip install open_spiel) for the hearts comparison"
    hearts = pyspiel.load_game("hearts")
    rng = random.Random(0)  # the same driver as ours: uniform choices from Python's random
    start = time.perf_counter()
    for _ in range(games):
        state = hearts.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice(state.chance_outcomes())[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
    theirs = games / (time.perf_counter() - start)
    return line + f"; OpenSpiel hearts {theirs:,.0f} games/s; ratio {ours / theirs:.2f}"


def bench_pipeline(scales: tuple[int, ...] = (1, 10, 100), repeat: int = 3) -> Iterator[str]:
    """The build's own per-source path (`academie.build.build_source`: cleaning, TEI, one spaCy
    analysis, annotations, candidates, validation) over a synthetic corpus of n copies of the bundled
    sources, beside spaCy's nlp.pipe alone over the same sentences: the model components the
    pipeline runs, the extraction pipeline itself (those components and ours), and the whole model
    as loaded. Each is timed `repeat` times, the four in turn, and the fastest kept (as timeit does:
    on a shared machine a slower run measures the neighbours)."""
    import tempfile

    import spacy

    from academie.build import build_source, tei_bytes
    from corpus.sources import all_sources
    from extract.annotate import analyse
    from extract.pipeline import MODEL_EXCLUDED, nlp

    plain = spacy.load("fr_core_news_sm", exclude=MODEL_EXCLUDED)  # the model components the pipeline runs
    whole = spacy.load("fr_core_news_sm")  # and the model as loaded, every component
    # one source built, as _warm builds it (the model loaded, the schemas compiled), gives the sample
    sample = [s.text for s in analyse(etree.fromstring(tei_bytes(all_sources()[0])))]
    for model in (plain, whole, nlp()):  # every pipeline timed runs once before the clocks, not only ours
        for _ in model.pipe(sample):
            pass
    base = None
    with tempfile.TemporaryDirectory() as scratch:
        for n in scales:
            books = _books(n * 5, Path(scratch))
            built = [build_source(book) for book in books]
            sentences = [s.text for b in built for s in analyse(etree.fromstring(b.tei))]
            runs: dict[str, Callable[[], object]] = {
                "ours": partial(_each, build_source, books),
                "alone": partial(_piped, plain, sentences),
                "extraction": partial(_piped, nlp(), sentences),
                "model": partial(_piped, whole, sentences),
            }
            best = {name: float("inf") for name in runs}
            for _ in range(repeat):
                for name, run in runs.items():
                    best[name] = min(best[name], _timed(run))
            ours, alone, extraction, model = best.values()
            base = base or ours / n
            yield (
                f"pipeline {n:>3}x ({len(sentences)} sentences, best of {repeat}): the build's path {ours:.1f} s; "
                f"spaCy alone, the same model components {alone:.1f} s (ratio {ours / alone:.2f}; the extraction "
                f"pipeline alone {extraction:.1f} s, ratio {extraction / alone:.2f}), the whole fr_core_news_sm "
                f"{model:.1f} s (ratio {ours / model:.2f}); {ours / n:.2f} s per copy ({ours / n / base:.2f} of 1x)"
            )


def _each(run: Callable[[object], object], items: list) -> None:
    for item in items:
        run(item)


def _piped(model: object, texts: list[str]) -> None:
    for _ in model.pipe(texts):
        pass


def _timed(run: Callable[[], object]) -> float:
    start = time.perf_counter()
    run()
    return time.perf_counter() - start


def bench_build(books: tuple[int, ...] = (10, 50, 200)) -> Iterator[str]:
    """The per-source build (TEI, analysis, annotations, candidates) of a synthetic corpus of N
    books, each a bundled source under a new id and title, measured side by side in one run:
    serially, on a local Dask cluster of 2 workers, and through a separately started scheduler with
    2 workers (all started and warmed before the clocks). Per-book times show the growth."""
    import tempfile

    from academie.build import build_source
    from academie.cluster import client_for, loopback_scheduler, on_cluster

    with tempfile.TemporaryDirectory() as scratch:
        folder = Path(scratch)
        with loopback_scheduler(folder) as address, client_for(2, None) as local, client_for(1, address) as remote:
            for client in (local, remote):  # every worker loads the model and compiles the schemas once
                client.run(_warm)
            _warm()
            serial_base = None
            for n in books:
                items = _books(n, folder)
                names = [f"book{k}" for k in range(n)]
                start = time.perf_counter()
                serial = [build_source(item) for item in items]
                t_serial = time.perf_counter() - start
                times = []
                for client in (local, remote):
                    start = time.perf_counter()
                    same = on_cluster(client, build_source, items, names) == serial
                    times.append(time.perf_counter() - start)
                    if not same:
                        raise RuntimeError("a Dask build differs from the serial one")
                if serial_base is None:
                    halves = [local.submit(_build_all, items[k::2], pure=False) for k in (0, 1)]
                    ceiling = t_serial / max(local.gather(halves))
                    yield f"build: two workers each computing half the books, unscheduled: speed-up {ceiling:.2f}"
                    with client_for(1, None) as single:
                        single.run(_warm)
                        start = time.perf_counter()
                        on_cluster(single, build_source, items, names)
                        one = time.perf_counter() - start
                    yield f"build: one local Dask worker {one / n:.3f} s/book, {one / t_serial:.2f} of serial"
                serial_base = serial_base or t_serial / n
                yield (
                    f"build {n:>3} books: serial {t_serial:.1f} s ({t_serial / n:.2f} s/book, "
                    f"{t_serial / n / serial_base:.2f} of the first); local Dask, 2 workers {times[0]:.1f} s "
                    f"(speed-up {t_serial / times[0]:.2f}; per book x workers {2 * times[0] / n:.2f} s, "
                    f"{2 * times[0] / t_serial:.2f} of serial); scheduler + 2 workers {times[1]:.1f} s "
                    f"(speed-up {t_serial / times[1]:.2f}); byte-identical"
                )


def _build_all(items: list) -> float:
    """Seconds to build the books one after another in this process (a worker's pure compute)."""
    from academie.build import build_source

    start = time.perf_counter()
    for item in items:
        build_source(item)
    return time.perf_counter() - start


def _warm() -> None:
    """Load what a build needs once (the model, the schemas, the tables) before any clock starts."""
    from academie.build import SourceFiles, build_source
    from corpus.sources import all_sources

    build_source(SourceFiles.read(all_sources()[0]))


def _books(n: int, folder: Path) -> list:
    """N books: the bundled sources in turn, each under its own id and title."""
    from academie.build import SourceFiles
    from corpus import paths as corpus_paths
    from corpus.sources import all_sources

    sources, out = all_sources(), []
    for k in range(n):
        source = sources[k % len(sources)]
        files = dict(SourceFiles.read(source).files)
        book = f"book{k:04d}"
        meta = files[corpus_paths.METADATA_NAME].decode("utf-8")
        meta = meta.replace(f'id = "{source.id}"', f'id = "{book}"', 1)
        files[corpus_paths.METADATA_NAME] = meta.replace('title = "', f'title = "Book {k}: ', 1).encode("utf-8")
        if corpus_paths.IDENTIFICATIONS_NAME in files:  # the editor's identifications name the source's ids
            named = files[corpus_paths.IDENTIFICATIONS_NAME].decode("utf-8").replace(f'"{source.id}.', f'"{book}.')
            files[corpus_paths.IDENTIFICATIONS_NAME] = named.encode("utf-8")
        out.append(SourceFiles(folder / book, tuple(files.items())))
    return out


def bench_site() -> list[str]:
    """The edition's full build beside a plain Sphinx build of as many pages holding the same text,
    then the edition rebuilt after one rule changed. In a scratch copy of the site and the rules,
    in one process where Sphinx and the extension are already imported, as a watcher rebuilds."""
    import os
    import shutil
    import subprocess
    import sys
    import tempfile

    from corpus import paths
    from rules.catalogue import RULES

    with tempfile.TemporaryDirectory() as scratch:
        root = Path(scratch)
        shutil.copytree(RULES, root / "rules")
        shutil.copytree(paths.SITE, root / "site", ignore=shutil.ignore_patterns("_build", "sources", "games", "rules"))
        env = {**os.environ, "ACADEMIE_RULES": str(root / "rules"), "ACADEMIE_PRODUCTS": str(root / "products")}
        code = f"from academie.bench import site_timings; print(site_timings({str(root)!r}))"
        result = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=False)
        if result.returncode:
            raise RuntimeError(result.stderr)
    return result.stdout.strip().splitlines()


def site_timings(scratch: str) -> str:
    """(Run by bench_site in its own process, ACADEMIE_RULES pointing at the scratch rules.)"""
    import sys

    from sphinx.application import Sphinx
    from sphinx.util.docutils import docutils_namespace

    from academie.search import write_index
    from academie.stages import write_products
    from corpus import paths
    from corpus.readings import reading
    from corpus.sources import all_sources

    root = Path(scratch)
    sys.path.insert(0, str(root / "site" / "_ext"))
    import edition  # noqa: F401 - imported before the clocks, like Sphinx itself

    def build(source: Path, out: Path, products: bool = True) -> float:
        start = time.perf_counter()
        written = write_products(paths.PRODUCTS) if products else None
        with docutils_namespace():  # each build registers its nodes afresh, as in its own process
            app = Sphinx(
                str(source), str(source), str(out), str(out / ".doctrees"), "html", status=None, warningiserror=True
            )
            app.build()
        if app.statuscode:
            raise RuntimeError(f"Sphinx failed on {source}")
        if written:  # the edition's search index, as Sphinx's own is in the plain build
            write_index(out, written.catalogue, written.coverage)
        return time.perf_counter() - start

    full = build(root / "site", root / "html")
    pages = len(list((root / "html" / ".doctrees").rglob("*.doctree")))
    texts = [reading(etree.parse(str(paths.tei_path(s.id)))) for s in all_sources()]
    _plain_site(root / "plain", pages, texts)
    plain = build(root / "plain", root / "plain-html", products=False)
    same = build(root / "site", root / "html")
    rule_file = sorted((root / "rules").glob("*.toml"))[0]
    rule_file.write_text(rule_file.read_text("utf-8").replace('text = "', 'text = "Revised. ', 1), "utf-8")
    one = build(root / "site", root / "html")
    return (
        f"site: full build {full:.1f} s ({pages} pages); plain Sphinx, {pages} pages of the same text, "
        f"{plain:.1f} s; ratio {full / plain:.2f}\n"
        f"site: rebuild with no change {same:.2f} s; after changing one rule ({rule_file.name}) {one:.2f} s, "
        f"ratio {one / same:.2f}"
    )


def _plain_site(folder: Path, pages: int, texts: list[str]) -> None:
    """A Sphinx project of `pages` plain pages, their paragraphs taken from the corpus's readings."""
    folder.mkdir()
    (folder / "conf.py").write_text('project = "plain"\nextensions = []\nhtml_theme = "furo"\n', "utf-8")
    names = [f"page{n}" for n in range(1, pages)]
    toctree = "\n".join(f"   {name}" for name in names)
    (folder / "index.rst").write_text(f"Plain\n=====\n\n.. toctree::\n\n{toctree}\n", "utf-8")
    for n, name in enumerate(names):
        body = "\n\n".join(line.strip() for line in texts[n % len(texts)].splitlines() if line.strip())
        body = body.replace("*", "\\*").replace("`", "\\`").replace("|", "\\|").replace("_", "\\_")
        (folder / f"{name}.rst").write_text(f"{name}\n{'=' * len(name)}\n\n{body}\n", "utf-8")


def bench_add_source(sizes: tuple[int, ...] = (10_000, 100_000, 1_000_000)) -> Iterator[str]:
    """`academie add-source` of books of growing size (the bundled sources' text repeated to each
    size, in lines as printed), into a scratch corpus: seconds and seconds per MB, to show the
    growth is linear."""
    import tempfile

    from academie.addsource import add_source
    from corpus.sources import all_sources

    text = "\n\n".join(source.text() for source in all_sources())
    _warm()
    first = None
    for size in sizes:
        with tempfile.TemporaryDirectory() as scratch:
            root = Path(scratch)
            book = root / "book.txt"
            data = (text * (size // len(text) + 1)).encode("utf-8")[:size]
            book.write_bytes(data[: data.rfind(b"\n") + 1])
            start = time.perf_counter()
            add_source(book, "book", "Book", {}, root / "sources", root / "tei")
            seconds = time.perf_counter() - start
        per_mb = seconds / (size / 1e6)
        first = first or per_mb
        yield f"add-source {size / 1e6:g} MB: {seconds:.1f} s, {per_mb:.1f} s/MB ({per_mb / first:.2f} of the first)"
