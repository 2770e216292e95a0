"""Run a function over many items in worker processes behind a tqdm progress bar.

Knows processes, not puzzles: each result is handed to `on_result` in this process the moment it
arrives, in completion order, so callers must never let that order decide anything they output.

Backends: joblib's loky/threading pools, this process alone ('sequential'), or a Dask `distributed`
cluster ('dask', an optional extra). A worker process that dies (killed, out of memory) never hangs
the run: its unfinished items are run again a bounded number of times, then the run fails with a
message saying so. Results already handed to `on_result` are never asked for again. A dead worker is
known by the executor's exception type (loky's TerminatedWorkerError, distributed's KilledWorker) and
its exit code read from its own process, never from an exception's text.
"""

from __future__ import annotations

import logging
import multiprocessing
import os
import signal
import sys
import threading
import time
import warnings
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import CancelledError
from contextlib import contextmanager
from multiprocessing.process import BaseProcess
from typing import Any, Generic, TypeVar

from joblib import Parallel, delayed
from joblib.externals.loky.backend.process import LokyProcess
from joblib.externals.loky.process_executor import TerminatedWorkerError
from tqdm import tqdm

from pipeline import __version__
from pipeline.errors import PuzzleBookError

T = TypeVar("T")
R = TypeVar("R")

BACKENDS = ("loky", "threading", "sequential", "dask")
LOST_WORKER_RETRIES = 2
"""Times the items of a pool that lost a worker process are run again before the run gives up."""
DASK_EXTRA = "pip install '.[dask]'  (or: pip install 'dask[distributed]')"
TASKS_PER_SLOT = 8
MAX_BATCH = 16
SCHEDULER_TIMEOUT = 15
"""Seconds to reach a given scheduler, and then to wait for its first worker."""
WORKERLESS_TIMEOUT = 60.0
"""Seconds a Dask cluster may have no worker at all during a run before the run stops (an
autoscaling cluster may add workers back within that time; a lost one would leave the build waiting
forever)."""
WORKER_CHECK_SECONDS = 1.0
WORKER_LOOK_SECONDS = 0.02
"""How often the loky pool's worker processes are looked for while new ones appear: a new one takes
far longer to start. Once none has for a while, the looks space out up to WORKER_LOOK_MAX_SECONDS."""
WORKER_LOOK_MAX_SECONDS = 0.5
"""The longest wait between looks: a pool's workers all start at once, and the looks cost the build's
own process CPU time (50 a second were a tenth of it on a 2000-puzzle book)."""


class WorkerLost(Exception):
    """A worker process died while items were running (raised inside this module only), with the exit
    codes it ended with as its process reports them (none when unknown); `str` words them."""

    def __init__(self, exit_codes: tuple[int, ...]) -> None:
        self.exit_codes = exit_codes
        shown = ", ".join(f"{_exit_name(code)}({code})" for code in exit_codes)
        super().__init__(f"exit code {shown}" if shown else "its exit code is unknown")


def _exit_name(code: int) -> str:
    """A signal's name for a process a signal ended (negative codes), EXIT for one that exited."""
    if code >= 0:
        return "EXIT"
    try:
        return signal.Signals(-code).name
    except ValueError:
        return "UNKNOWN"


class Indexed(Generic[T, R]):
    """`func` made to return its item's position with its result, so a retry knows what is done.

    A plain class (not a closure) so that it pickles by reference to any worker.
    """

    def __init__(self, func: Callable[[T], R]) -> None:
        self.func = func

    def __call__(self, position: int, item: T) -> tuple[int, R]:
        return position, self.func(item)


def run_jobs(
    func: Callable[[T], R],
    items: Sequence[T],
    *,
    n_jobs: int | None,
    backend: str,
    quiet: bool,
    on_result: Callable[[R], None],
    scheduler: str | None = None,
    client: Any | None = None,
    one_here: bool = True,
) -> list[str]:
    """Call `on_result(func(item))` for every item; `n_jobs` None means all cores (or all workers).

    `client` (dask only) is a Dask client kept open across runs (`dask_session`): a build's stages
    then share one cluster instead of starting one each. A single item runs in this process (no pool
    to start for it) unless `one_here` is False.

    A worker's exception stops the run: the remaining items are cancelled and it is raised here.
    One worker or the 'sequential' backend runs in this process, with no pool to start. `scheduler`
    (dask only) is the address of a running scheduler; without it a local cluster is started and
    closed again. Returns notes for the user (workers lost and items run again).
    """
    if backend not in BACKENDS:
        raise PuzzleBookError(f"unknown parallel backend {backend!r}; allowed: {', '.join(BACKENDS)}")
    if scheduler and backend != "dask":
        raise PuzzleBookError("a scheduler address needs the dask backend (--backend dask)")
    notes: list[str] = []
    if not items:
        return notes
    pending = dict(enumerate(items))
    bar = tqdm(total=len(items), unit="puzzle", disable=quiet or not sys.stderr.isatty(), file=sys.stderr)
    with bar, _pool(backend, n_jobs, scheduler, len(items) if one_here else 0, client) as submit:
        for attempt in range(LOST_WORKER_RETRIES + 1):
            try:
                for position, result in submit(Indexed(func), pending):
                    del pending[position]
                    on_result(result)
                    bar.update()
                return notes
            except WorkerLost as lost:
                if attempt == LOST_WORKER_RETRIES:
                    raise PuzzleBookError(
                        f"a worker process died again ({lost}) after {LOST_WORKER_RETRIES} retries; "
                        f"{len(items) - len(pending)} of {len(items)} results were kept, {len(pending)} are "
                        "missing. Check memory and whether something kills the workers, then run again to resume"
                    ) from None
                notes.append(f"a worker process died ({lost}); its unfinished {len(pending)} item(s) were run again")
    return notes


Submit = Callable[[Indexed[Any, Any], dict[int, Any]], Iterable[tuple[int, Any]]]


@contextmanager
def dask_session(backend: str, n_jobs: int | None, scheduler: str | None) -> Iterator[Any | None]:
    """For the dask backend, a client of the cluster (the one at `scheduler`, or a local one started
    here and closed on leaving) for several runs to share; None for the other backends."""
    if backend != "dask":
        yield None
        return
    with _dask_client(n_jobs, scheduler) as client:
        yield client


@contextmanager
def _pool(backend: str, n_jobs: int | None, scheduler: str | None, count: int, client: Any | None = None
          ) -> Iterator[Submit]:
    """A function running Indexed(func) over {position: item} and yielding (position, result) as done."""
    if backend == "dask" and client is not None:
        yield lambda func, pending: _dask_results(client, func, pending)
    elif backend == "dask":
        with _dask_client(n_jobs, scheduler) as started:
            yield lambda func, pending: _dask_results(started, func, pending)
    elif n_jobs == 1 or backend == "sequential" or count == 1:
        yield lambda func, pending: (func(position, item) for position, item in list(pending.items()))
    else:
        yield lambda func, pending: _joblib_results(func, pending, n_jobs, backend)


def _joblib_results(
    func: Indexed[Any, Any], pending: dict[int, Any], n_jobs: int | None, backend: str
) -> Iterator[tuple[int, Any]]:
    parallel: Any = Parallel(n_jobs=-1 if n_jobs is None else n_jobs, backend=backend,
                             return_as="generator_unordered")
    workers = _Workers()
    workers.start()
    results: Iterator[tuple[int, Any]] | None = None
    try:
        results = parallel(delayed(func)(position, item) for position, item in list(pending.items()))
        for result in results:  # not `yield from`: a run left early closes `results` itself, below
            yield result
    except TerminatedWorkerError:  # a worker exited or was killed; loky says how only in its text
        raise WorkerLost(workers.exit_codes()) from None
    except BaseException:  # stopped (Ctrl-C, SIGTERM, SIGHUP) or left early: no worker goes on computing
        _close_quietly(results)
        workers.stop()  # first: the watcher reaps processes too
        workers.kill()
        raise
    finally:
        workers.stop()


def _close_quietly(results: Iterator[tuple[int, Any]] | None) -> None:
    """Close joblib's results (which aborts its pool) without its warning that the tasks left were
    cancelled: advice for a program that stops reading too soon, not news to a person who stopped it."""
    if results is None or not hasattr(results, "close"):
        return
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        results.close()


class _Workers(threading.Thread):
    """Holds on to the loky pool's worker processes while items run, so that a dead one's exit code
    can be read from its own process.

    By the time loky raises TerminatedWorkerError it has killed the other workers with SIGKILL and
    let go of them all; only processes held here still say how each ended.
    """

    def __init__(self) -> None:
        super().__init__(name="puzzlebook-worker-watch", daemon=True)
        self.seen: dict[int | None, BaseProcess] = {}
        self._done = threading.Event()

    def run(self) -> None:
        wait = WORKER_LOOK_SECONDS
        while True:
            # active_children() also reaps the ones that ended, as starting any process does
            before = len(self.seen)
            for process in multiprocessing.active_children():
                if isinstance(process, LokyProcess):
                    self.seen.setdefault(process.pid, process)
            wait = WORKER_LOOK_SECONDS if len(self.seen) > before else min(wait * 1.25, WORKER_LOOK_MAX_SECONDS)
            if self._done.wait(wait):
                return

    def stop(self) -> None:
        self._done.set()
        self.join()

    def kill(self) -> None:
        """SIGKILL every worker process still running (joblib's abort has normally ended them all)."""
        for process in multiprocessing.active_children():
            if isinstance(process, LokyProcess):
                self.seen.setdefault(process.pid, process)
        for process in list(self.seen.values()):
            if process.pid is not None and process.exitcode is None:
                try:
                    os.kill(process.pid, signal.SIGKILL)  # by pid: a LokyProcess has no kill()
                except (ProcessLookupError, PermissionError):
                    pass

    def exit_codes(self) -> tuple[int, ...]:
        """How the dead worker ended: the exit codes of the workers that ended, leaving out the SIGKILL
        loky ends the others with and an idle worker's clean exit unless nothing else is there."""
        ended = {code for process in list(self.seen.values()) if (code := process.exitcode) is not None}
        own = ended - {0, -signal.SIGKILL}
        return tuple(sorted(own or ended & {-signal.SIGKILL} or ended))


# ------------------------------------------------------------------------------------ dask
#
# Jobs go to the cluster with distributed's own futures (client.submit + as_completed), not through
# joblib's Dask backend: joblib 1.6's backend never completes a task whose worker died (its collector
# sets the error on the future but never calls joblib's completion callback), so the build would hang
# forever. Here a lost task raises distributed.KilledWorker, which becomes a clear error.


def import_distributed() -> Any:
    """The `distributed` module, or a PuzzleBookError saying how to install the optional extra."""
    try:
        import distributed
    except ImportError:
        raise PuzzleBookError(f"the dask backend needs Dask, an optional extra: {DASK_EXTRA}") from None
    return distributed


@contextmanager
def _dask_client(n_jobs: int | None, scheduler: str | None) -> Iterator[Any]:
    """A client of the cluster at `scheduler`, or of a local cluster started here and always closed.

    The local cluster runs one single-threaded worker process per job slot on loopback, without the
    dashboard pages, and lets the scheduler rerun a task whose worker died LOST_WORKER_RETRIES times.
    """
    distributed = import_distributed()
    import dask

    with dask.config.set({"distributed.scheduler.allowed-failures": LOST_WORKER_RETRIES}):
        if scheduler:
            client = _connect(distributed, scheduler)
            try:
                _check_workers(client, scheduler)
                yield client
            finally:
                client.close()
            return
        cluster = distributed.LocalCluster(
            n_workers=n_jobs or os.cpu_count() or 1,
            threads_per_worker=1,
            processes=True,
            host="127.0.0.1",
            dashboard_address="127.0.0.1:0",  # any free loopback port: never clashes with another cluster
            scheduler_kwargs={"dashboard": False},
            silence_logs=logging.CRITICAL,
        )
        try:
            with distributed.Client(cluster) as client:
                yield client
        finally:
            cluster.close()


def _connect(distributed: Any, scheduler: str) -> Any:
    try:
        return distributed.Client(scheduler, timeout=SCHEDULER_TIMEOUT)
    except (OSError, TimeoutError, ValueError, TypeError) as err:
        raise PuzzleBookError(
            f"cannot reach the Dask scheduler at {scheduler!r} within {SCHEDULER_TIMEOUT} s: {_first_line(err)}",
            field="--scheduler",
        ) from None


def _check_workers(client: Any, scheduler: str) -> None:
    """Refuse a cluster without workers (tasks would wait forever) or whose workers run another engine."""
    try:
        client.wait_for_workers(1, timeout=SCHEDULER_TIMEOUT)
    except TimeoutError:
        raise PuzzleBookError(f"the Dask scheduler at {scheduler} has no workers", field="--scheduler") from None
    try:
        found = client.run(engine_version)
    except Exception as err:  # noqa: BLE001 - any failure to run our code remotely means the same
        raise PuzzleBookError(
            f"the workers of {scheduler} cannot run puzzlebook ({_first_line(err)}); install puzzlebook "
            f"{__version__} on every worker",
            field="--scheduler",
        ) from None
    other = sorted({f"{worker}: {version}" for worker, version in found.items() if version != __version__})
    if other:
        raise PuzzleBookError(
            f"the workers must run puzzlebook {__version__}, like this machine; found {', '.join(other)}",
            field="--scheduler",
        )


def engine_version() -> str:
    """Run on each worker: the puzzlebook version it imports."""
    return __version__


class Batch(Generic[T, R]):
    """Indexed(func) over a few items in one task: a task's round trip through a scheduler costs
    milliseconds, as much as a small puzzle, so small jobs travel in batches (like joblib's)."""

    def __init__(self, func: Indexed[T, R]) -> None:
        self.func = func

    def __call__(self, batch: list[tuple[int, T]]) -> list[tuple[int, R]]:
        return [self.func(position, item) for position, item in batch]


def batches(pending: dict[int, Any], slots: int) -> list[list[tuple[int, Any]]]:
    """The items in about TASKS_PER_SLOT tasks per worker thread, at most MAX_BATCH items each,
    in order, so the earliest items come back first and a lost worker costs little work."""
    items = list(pending.items())
    size = max(1, min(MAX_BATCH, len(items) // (max(slots, 1) * TASKS_PER_SLOT)))
    return [items[i : i + size] for i in range(0, len(items), size)]


def _dask_results(client: Any, func: Indexed[Any, Any], pending: dict[int, Any]) -> Iterator[tuple[int, Any]]:
    import distributed

    slots = sum(client.nthreads().values())
    futures = [client.submit(Batch(func), batch, pure=False) for batch in batches(pending, slots)]
    watchdog = _Watchdog(client, futures)
    watchdog.start()
    try:
        for future in distributed.as_completed(futures):
            try:
                yield from future.result()
            except distributed.KilledWorker:
                raise PuzzleBookError(
                    "Dask workers kept dying: a job was tried on as many workers as the scheduler allows "
                    "(distributed.scheduler.allowed-failures) and each one died; the results made so far were "
                    "kept: check the workers' memory and logs, then run again to resume"
                ) from None
            except CancelledError:
                if watchdog.fired:
                    raise PuzzleBookError(
                        f"the Dask cluster has had no workers for {WORKERLESS_TIMEOUT:g} s; the results made so "
                        "far were kept: start workers and run again to resume"
                    ) from None
                raise PuzzleBookError(
                    "the Dask cluster dropped the jobs (scheduler gone or restarted); the results made so far "
                    "were kept: run again to resume"
                ) from None
    finally:
        watchdog.stop()
        client.cancel(futures)


class _Watchdog(threading.Thread):
    """Cancels the run's futures once the cluster has had no worker for WORKERLESS_TIMEOUT seconds.

    Without workers a task waits in the scheduler for one to appear, and the build would wait with
    it, forever. The main loop sees the cancellation as CancelledError and, with `fired` set, says why.
    """

    def __init__(self, client: Any, futures: list[Any]) -> None:
        super().__init__(name="puzzlebook-dask-watchdog", daemon=True)
        self.client = client
        self.futures = futures
        self.fired = False
        self._done = threading.Event()

    def run(self) -> None:
        workerless_since: float | None = None
        while not self._done.wait(WORKER_CHECK_SECONDS):
            try:
                workers = len(self.client.nthreads())
            except Exception:  # noqa: BLE001 - a scheduler gone is the main loop's to report
                return
            if workers:
                workerless_since = None
                continue
            now = time.monotonic()  # a timer only: never reaches any output
            if workerless_since is None:
                workerless_since = now
            elif now - workerless_since >= WORKERLESS_TIMEOUT:
                self.fired = True
                self.client.cancel(self.futures)
                return

    def stop(self) -> None:
        self._done.set()
        self.join()


def _first_line(err: BaseException) -> str:
    text = str(err).strip() or type(err).__name__
    return text.splitlines()[0]
