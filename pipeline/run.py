"""Run a function over many items in worker processes (joblib) behind a tqdm progress bar.

Knows processes, not puzzles: each result is handed to `on_result` in this process the moment it
arrives, in completion order, so callers must never let that order decide anything they output.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable, Sequence
from typing import Any, TypeVar

from joblib import Parallel, delayed
from tqdm import tqdm

T = TypeVar("T")
R = TypeVar("R")


def run_jobs(
    func: Callable[[T], R],
    items: Sequence[T],
    *,
    n_jobs: int | None,
    backend: str,
    quiet: bool,
    on_result: Callable[[R], None],
) -> None:
    """Call `on_result(func(item))` for every item; `n_jobs` None means all cores.

    A worker's exception stops the run: the remaining items are cancelled and it is raised here.
    One worker or the 'sequential' backend runs in this process, with no pool to start.
    """
    if not items:
        return
    with tqdm(total=len(items), unit="puzzle", disable=quiet or not sys.stderr.isatty(), file=sys.stderr) as bar:
        for result in results(func, items, n_jobs, backend):
            on_result(result)
            bar.update()


def results(func: Callable[[T], R], items: Sequence[T], n_jobs: int | None, backend: str) -> Iterable[R]:
    if n_jobs == 1 or backend == "sequential" or len(items) == 1:
        return map(func, items)
    parallel: Any = Parallel(n_jobs=-1 if n_jobs is None else n_jobs, backend=backend,
                             return_as="generator_unordered")
    return parallel(delayed(func)(item) for item in items)
