"""Benchmarks that print figures, measured side by side in one run (never pass/fail timing)."""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from pathlib import Path

from lxml import etree

from corpus.learn import icdar_documents
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


BATCH_COPIES = 8  # copies of the corpus per nlp.pipe call: about 1,000 sentences, spaCy's own batch size


def bench_pipeline(scales: tuple[int, ...] = (1, 10, 100)) -> Iterator[str]:
    """The text pipeline (cleaning, TEI, spaCy, extraction) over a synthetic corpus of `n` copies of
    the bundled sources, beside spaCy's nlp.pipe alone over the same sentences: the model components
    the pipeline runs, and the whole model as loaded; then the TEI build on 1 and 2 processes."""
    import spacy

    from corpus.encode import encode
    from corpus.sources import all_sources
    from extract.annotate import analyse, analyse_many, annotate
    from extract.candidates import candidates
    from extract.pipeline import MODEL_EXCLUDED

    sources = all_sources()
    plain = spacy.load("fr_core_news_sm", exclude=MODEL_EXCLUDED)  # the model components the pipeline runs
    whole = spacy.load("fr_core_news_sm")  # and the model as loaded, every component
    for source in sources:  # models, tables and catalogue loaded, first calls made, before any clock starts
        warm = analyse(etree.fromstring(encode(source).data))
        candidates(source.id, warm)
        list(plain.pipe(s.text for s in warm)), list(whole.pipe(s.text for s in warm))
    base = None
    for n in scales:
        sentences: list[str] = []
        start = time.perf_counter()
        for first in range(0, n, BATCH_COPIES):  # documents in batches, as nlp.pipe batches sentences
            batch = [s for _ in range(first, min(n, first + BATCH_COPIES)) for s in sources]
            roots = [etree.fromstring(encode(source).data) for source in batch]  # cleaning, corrections, TEI
            for source, root, analysed in zip(batch, roots, analyse_many(roots), strict=True):
                annotate(root, analysed)
                candidates(source.id, analysed)
                sentences += [s.text for s in analysed]
        ours = time.perf_counter() - start
        start = time.perf_counter()
        for _ in plain.pipe(sentences):
            pass
        alone = time.perf_counter() - start
        start = time.perf_counter()
        for _ in whole.pipe(sentences):
            pass
        model = time.perf_counter() - start
        base = base or ours / n
        yield (
            f"pipeline {n:>3}x ({len(sentences)} sentences): {ours:.1f} s; spaCy alone, the same model components "
            f"{alone:.1f} s (ratio {ours / alone:.2f}), the whole fr_core_news_sm {model:.1f} s (ratio "
            f"{ours / model:.2f}); {ours / n:.2f} s per copy ({ours / n / base:.2f} of the 1x figure)"
        )
    yield _bench_workers()


def _bench_workers() -> str:
    """`academie build` of the bundled corpus's TEI (validation included) on one process, then two,
    both after the one-off warm-up (schemas compiled, model loaded) that the workers share."""
    import tempfile

    from corpus.build import build_corpus, warm_up

    warm_up()
    times = []
    for workers in (1, 2):
        with tempfile.TemporaryDirectory() as folder:
            start = time.perf_counter()
            build_corpus(progress=lambda _: None, tei_dir=Path(folder), workers=workers)
            times.append(time.perf_counter() - start)
    speed_up = times[0] / times[1]
    return f"build --workers: 1 process {times[0]:.1f} s, 2 processes {times[1]:.1f} s, speed-up {speed_up:.2f}"


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
        shutil.copytree(paths.SITE, root / "site", ignore=shutil.ignore_patterns("_build", "sources", "games"))
        env = {**os.environ, "ACADEMIE_RULES": str(root / "rules")}
        code = f"from corpus.bench import site_timings; print(site_timings({str(root)!r}))"
        result = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=False)
        if result.returncode:
            raise RuntimeError(result.stderr)
    return result.stdout.strip().splitlines()


def site_timings(scratch: str) -> str:
    """(Run by bench_site in its own process, ACADEMIE_RULES pointing at the scratch rules.)"""
    import sys

    from sphinx.application import Sphinx
    from sphinx.util.docutils import docutils_namespace

    from corpus import paths
    from corpus.readings import reading
    from corpus.sources import all_sources

    root = Path(scratch)
    sys.path.insert(0, str(root / "site" / "_ext"))
    import teiedition  # noqa: F401 - imported before the clocks, like Sphinx itself

    def build(source: Path, out: Path) -> float:
        start = time.perf_counter()
        with docutils_namespace():  # each build registers its nodes afresh, as in its own process
            app = Sphinx(
                str(source), str(source), str(out), str(out / ".doctrees"), "html", status=None, warningiserror=True
            )
            app.build()
        if app.statuscode:
            raise RuntimeError(f"Sphinx failed on {source}")
        return time.perf_counter() - start

    full = build(root / "site", root / "html")
    pages = len(list((root / "html" / ".doctrees").rglob("*.doctree")))
    texts = [reading(etree.parse(str(paths.tei_path(s.id)))) for s in all_sources()]
    _plain_site(root / "plain", pages, texts)
    plain = build(root / "plain", root / "plain-html")
    rule_file = sorted((root / "rules").glob("*.toml"))[0]
    rule_file.write_text(rule_file.read_text("utf-8").replace('text = "', 'text = "Revised. ', 1), "utf-8")
    one = build(root / "site", root / "html")
    return (
        f"site: full build {full:.1f} s ({pages} pages); plain Sphinx, {pages} pages of the same text, "
        f"{plain:.1f} s; ratio {full / plain:.2f}\n"
        f"site: rebuild after changing one rule ({rule_file.name}) {one:.2f} s, {one / full:.0%} of the full build"
    )


def _plain_site(folder: Path, pages: int, texts: list[str]) -> None:
    """A Sphinx project of `pages` plain pages, their paragraphs taken from the corpus's readings."""
    folder.mkdir()
    (folder / "conf.py").write_text('project = "plain"\nextensions = []\nhtml_theme = "alabaster"\n', "utf-8")
    names = [f"page{n}" for n in range(1, pages)]
    toctree = "\n".join(f"   {name}" for name in names)
    (folder / "index.rst").write_text(f"Plain\n=====\n\n.. toctree::\n\n{toctree}\n", "utf-8")
    for n, name in enumerate(names):
        body = "\n\n".join(line.strip() for line in texts[n % len(texts)].splitlines() if line.strip())
        body = body.replace("*", "\\*").replace("`", "\\`").replace("|", "\\|").replace("_", "\\_")
        (folder / f"{name}.rst").write_text(f"{name}\n{'=' * len(name)}\n\n{body}\n", "utf-8")
