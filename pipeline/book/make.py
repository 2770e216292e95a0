"""Make the puzzle one Job asks for, in whichever process runs it.

`run_job` is what the parallel stage ships to workers: top-level, plain data in and out. Which
puzzle gets made is the kind's business (`Kind.generate`); this module adds the puzzle's place.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
from dataclasses import replace
from typing import Any

from pipeline.errors import PuzzleBookError
from pipeline.kinds import registry
from pipeline.book.store import record_line
from pipeline.book.verify import verify_record
from pipeline.kinds.record import Fingerprint, Place, PuzzleRecord

KILL_HOOK = "PUZZLEBOOK_KILL_WORKER_IN"
KILL_ONCE_HOOK = "PUZZLEBOOK_KILL_WORKER_ONCE"


def run_job(job: dict[str, Any]) -> PuzzleRecord:
    """The puzzle record for `job` (a Job.to_dict()): the `generate --json` record at its place, with its
    job's fingerprint, proved unique again (verify.py) and with its canonical fingerprint.

    A user-facing failure is re-raised naming the section and puzzle.
    """
    _kill_hook(job)
    try:
        made = registry.kind(job["kind"]).generate(job["params"], job["difficulty"], job["seed"])
    except PuzzleBookError as err:
        raise PuzzleBookError(f"section {job['section']!r}, puzzle {job['index']}: {err}") from None
    record = PuzzleRecord.from_json(made)
    return verify_record(replace(record, place=Place(job["section"], job["section_index"], job["index"]),
                                 fingerprint=job["fingerprint"]))


def make_jobs(jobs: list[dict[str, Any]]) -> list[tuple[PuzzleRecord, str]]:
    """run_job for a few jobs at once, each record with its checkpoint line written out: what a build's
    workers run, so that the build's own process neither sends nor stores a puzzle at a time."""
    return [(record, record_line(record)) for record in map(run_job, jobs)]


def sample_job(job: dict[str, Any]) -> Fingerprint:
    """The canonical fingerprint of the puzzle a job makes: what counting a board's distinct puzzles
    needs (capacity.py)."""
    kind = registry.kind(job["kind"])
    try:
        made = kind.generate(job["params"], job["difficulty"], job["seed"])
    except PuzzleBookError as err:
        raise PuzzleBookError(f"section {job['section']!r}, puzzle {job['index']}: {err}") from None
    puzzle, solution = kind.read_record(made)
    return kind.fingerprint(puzzle, solution)


def _kill_hook(job: dict[str, Any]) -> None:
    """Fault injection for the tests of lost workers; unset, it does nothing.

    A worker process (never the build's own process) that starts a job of the section named by
    $PUZZLEBOOK_KILL_WORKER_IN kills itself with SIGKILL, as the kernel's out-of-memory killer would.
    With $PUZZLEBOOK_KILL_WORKER_ONCE naming a file, only the worker that creates that file dies.
    """
    if os.environ.get(KILL_HOOK) != job["section"] or multiprocessing.parent_process() is None:
        return
    once = os.environ.get(KILL_ONCE_HOOK)
    if once:
        try:
            os.close(os.open(once, os.O_CREAT | os.O_EXCL | os.O_WRONLY))
        except FileExistsError:
            return
    os.kill(os.getpid(), signal.SIGKILL)
