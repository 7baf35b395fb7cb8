"""Where the per-source work runs: in this process, or on a Dask cluster, either of local worker
processes or behind a running scheduler whose workers may be on other machines. A worker that dies
has its task run again elsewhere (the scheduler's `allowed-failures`); an error in a task is raised
here as it was raised there."""

from __future__ import annotations

import logging
import uuid
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from dask.distributed import Client, LocalCluster

CONNECT_TIMEOUT = "20s"


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
