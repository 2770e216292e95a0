"""A build's worker pool, bound to its parallel settings: what the stages hand their work to.

Knows no puzzle: it runs top-level functions over plain items (run.py does the processes) and
gives results back by item, never in completion order where order could matter.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from contextlib import ExitStack
from typing import Any, TypeVar

from pipeline.book.make import sample_job
from pipeline.book.plan import Job
from pipeline.book.run import dask_session, run_jobs
from pipeline.bookspec import ParallelSpec
from pipeline.kinds.record import Fingerprint

T = TypeVar("T")
R = TypeVar("R")


class Workers:
    """Run functions over items with the build's backend, worker count and scheduler.

    Used as a context manager: a Dask cluster (or client) is opened at the first run and kept for
    every later one until the block ends, so a build's stages share it; loky keeps its own pool.
    """

    def __init__(self, parallel: ParallelSpec, quiet: bool) -> None:
        self.parallel = parallel
        self.quiet = quiet
        self._open = ExitStack()
        self._client: Any | None = None
        self._pooled = False
        """Whether a run of this build has used the pool (it is up now)."""

    def __enter__(self) -> Workers:
        return self

    def __exit__(self, *exc: object) -> None:
        self._open.close()

    def run(self, func: Callable[[T], R], items: Sequence[T], on_result: Callable[[R], None], *,
            bar: bool = True, one_here: bool = True) -> list[str]:
        """`on_result(func(item))` for every item, in completion order; notes for the user.

        A single item runs in this process (`one_here`) only while the pool has not been started:
        once it runs, sending the item costs less than working here, and this process stays free to
        receive and write (its CPU time is what limits a build across many cores)."""
        parallel = self.parallel
        if items and parallel.backend == "dask" and self._client is None:
            self._client = self._open.enter_context(dask_session(parallel.backend, parallel.n_jobs, parallel.scheduler))
        here = one_here and not self._pooled
        self._pooled = self._pooled or len(items) > 1 or (bool(items) and not here)
        return run_jobs(func, items, n_jobs=parallel.n_jobs, backend=parallel.backend, scheduler=parallel.scheduler,
                        quiet=self.quiet or not bar, on_result=on_result, client=self._client, one_here=here)

    def sample(self, jobs: list[Job]) -> list[Fingerprint]:
        """The fingerprint of each job's puzzle, in the jobs' order (capacity.py's sample)."""
        return self.map(sample_job, [job.to_dict() for job in jobs])

    @property
    def remote(self) -> bool:
        """Whether the workers run on a cluster elsewhere (which sees none of this machine's files)."""
        return self.parallel.backend == "dask" and self.parallel.scheduler is not None

    def map(self, func: Callable[[Any], R], items: Sequence[Any], *, here: bool = False,
            work: Callable[[Any], float] | None = None) -> list[R]:
        """func(item) for every item, in the items' order (in this process when `here`).

        `work` estimates an item's time: the items are then handed out longest first (a long one
        started last would keep one worker busy while the others wait). The results keep the items'
        order either way."""
        if here:
            return [func(item) for item in items]
        found: dict[int, R] = {}

        def got(result: tuple[int, R]) -> None:
            found[result[0]] = result[1]

        numbered = list(enumerate(items))
        if work is not None:
            numbered.sort(key=lambda pair: -work(pair[1]))  # stable: equal estimates keep their order
        self.run(_Numbered(func), numbered, got, bar=False, one_here=False)
        return [found[number] for number in range(len(items))]


class _Numbered:
    """`func` made to carry its item's number through (a class, so it pickles to any worker)."""

    def __init__(self, func: Callable[[Any], Any]) -> None:
        self.func = func

    def __call__(self, numbered: tuple[int, Any]) -> tuple[int, Any]:
        number, item = numbered
        return number, self.func(item)
