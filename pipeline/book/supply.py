"""Where a build's puzzles come from, for the rule that chooses them (unique.py): saved by an earlier
build (judged again in the workers), made here (a tiny board's first puzzle, preflight.probe), or
made in the workers. Every puzzle made is appended to its volume's checkpoint the moment it arrives.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from pipeline.book.make import run_job
from pipeline.book.plan import Job
from pipeline.book.preflight import probe
from pipeline.book.resume import Saved, placed
from pipeline.book.store import CHECKPOINT, append_record
from pipeline.book.unique import Slot
from pipeline.book.workers import Workers
from pipeline.book.writing import writing
from pipeline.errors import PuzzleBookError
from pipeline.kinds import registry
from pipeline.kinds.record import PuzzleRecord


class Supply:
    """Makes or finds the puzzle of each slot's current job (unique.Make); remembers what it made."""

    def __init__(self, saved: dict[int | None, Saved], folders: dict[int | None, Path], workers: Workers,
                 told: Callable[[PuzzleRecord, int | None], None]) -> None:
        self.saved = saved
        self.folders = folders
        self.workers = workers
        self.told = told
        self.made: set[str] = set()
        """The job fingerprints of the puzzles made by this build (the rest were saved before)."""
        self.notes: list[str] = []
        self.probed = False

    def __call__(self, wanted: list[Slot]) -> dict[str, PuzzleRecord]:
        found: dict[str, PuzzleRecord] = {}
        todo: dict[str, Slot] = {}
        for number, saved in self.saved.items():
            own = [(slot, slot.current) for slot in wanted if slot.volume == number]
            kept = saved.take_all([job for _, job in own], self.workers.map)  # judged in the workers
            for slot, job in own:
                record = kept.get(job.fingerprint)
                if record is None:
                    todo[job.fingerprint] = slot
                else:
                    found[job.fingerprint] = placed(record, job)

        def keep(record: PuzzleRecord) -> None:
            slot = todo[job_of(record)]
            checkpoint = self.folders[slot.volume] / CHECKPOINT
            with writing(checkpoint):
                append_record(checkpoint, record)
            found[job_of(record)] = record
            self.made.add(job_of(record))
            self.told(record, slot.volume)

        if not self.probed:  # the first round: before the workers start on the rest
            self.probed = True
            for record in probe([slot.current for slot in todo.values()]):
                keep(record)
        rest = sorted((slot.current for key, slot in todo.items() if key not in found), key=hardest_first)
        self.notes += self.workers.run(run_job, [job.to_dict() for job in rest], keep)
        return found


def hardest_first(job: Job) -> int:
    """Jobs are handed out hardest level first (the slowest puzzles), so no long one starts last while
    the other workers sit idle; what a job makes never depends on when it runs."""
    return -registry.kind(job.kind).levels.index(job.difficulty)


def job_of(record: PuzzleRecord) -> str:
    """The fingerprint of the job a book's record was made for (every record the build keeps has one)."""
    if record.fingerprint is None:
        raise PuzzleBookError("a puzzle record without its job's fingerprint reached the build")
    return record.fingerprint
