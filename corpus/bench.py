"""Benchmarks that print figures, measured side by side in one run (never pass/fail timing)."""

from __future__ import annotations

import random
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
