"""Where the per-source work runs: in this process, or on a Dask cluster, either of local worker
processes or behind a running scheduler whose workers may be on other machines. A worker that dies
has its task run again elsewhere (the scheduler's `allowed-failures`); an error in a task is raised
here as it was raised there."""

from __future__ import annotations

import json
import logging
import os
import subprocess
import sys
import time
import uuid
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import dask
from dask.distributed import Client, LocalCluster

CONNECT_TIMEOUT = "20s"
# Dask trims a worker's free memory back to the system from 64 kB on (MALLOC_TRIM_THRESHOLD_): for a
# build, whose tasks allocate much and briefly, that makes a worker some 10% slower than this
# process (measured: academie bench build). Unset, malloc keeps its own threshold.
WORKER_CONFIG = {"distributed.nanny.pre-spawn-environ.MALLOC_TRIM_THRESHOLD_": None}
WORKER_ENVIRON = {"DASK_DISTRIBUTED__NANNY__PRE_SPAWN_ENVIRON__MALLOC_TRIM_THRESHOLD_": "None"}


def run_all(
    function: Callable[[Any], Any],
    items: Sequence[Any],
    names: Sequence[str],
    workers: int = 1,
    scheduler: str | None = None,
) -> list[Any]:
    """`function` over every item, results in the items' order: serially when there is one worker
    and no scheduler, else on a cluster."""
    if scheduler is None and workers <= 1:
        return [function(item) for item in items]
    with client_for(workers, scheduler) as client:
        return on_cluster(client, function, items, names)


def on_cluster(client: Client, function: Callable[[Any], Any], items: Sequence[Any], names: Sequence[str]) -> list[Any]:
    """`function` over the items on a client's cluster, a task each, results in the items' order."""
    run = uuid.uuid4().hex[:8]  # keys of this run only: a shared scheduler never hands back another's result
    futures = client.map(function, items, key=[f"{name}-{run}" for name in names], pure=False)
    return client.gather(futures)


@contextmanager
def client_for(workers: int, scheduler: str | None) -> Iterator[Client]:
    """A client of the scheduler at `scheduler`, or of a cluster of `workers` local processes."""
    if scheduler is not None:
        with Client(scheduler, timeout=CONNECT_TIMEOUT) as client:
            yield client
        return
    with (
        dask.config.set(WORKER_CONFIG),
        LocalCluster(
            n_workers=workers,
            threads_per_worker=1,
            processes=True,
            host="127.0.0.1",
            dashboard_address=None,
            silence_logs=logging.CRITICAL,  # a task's error is raised here, as one line; not logged twice
        ) as cluster,
        Client(cluster) as client,
    ):
        yield client


@contextmanager
def loopback_scheduler(folder: Path, workers: int = 2) -> Iterator[str]:
    """`dask scheduler` and `dask worker --nworkers N`, started as a user starts them but on the
    loopback address; yields the scheduler's address and stops both after."""
    file = folder / "scheduler.json"
    quiet = {"stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL}
    loopback = ["--host", "127.0.0.1", "--no-dashboard"]
    started = [
        subprocess.Popen(
            [
                sys.executable,
                "-m",
                "distributed.cli.dask_scheduler",
                *loopback,
                "--port",
                "0",
                "--scheduler-file",
                str(file),
            ],
            **quiet,
        )
    ]
    try:
        for _ in range(600):
            if file.exists() and file.stat().st_size:
                break
            time.sleep(0.1)
        address = json.loads(file.read_text("utf-8"))["address"]
        worker = [sys.executable, "-m", "distributed.cli.dask_worker", address, *loopback]
        environ = {**os.environ, **WORKER_ENVIRON}
        started.append(subprocess.Popen([*worker, "--nworkers", str(workers), "--nthreads", "1"], env=environ, **quiet))
        yield address
    finally:
        for process in reversed(started):
            process.terminate()
            process.wait(timeout=60)
