"""Benchmarks that print figures, measured side by side in one run (never pass/fail timing)."""

from __future__ import annotations

import time
from pathlib import Path

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
