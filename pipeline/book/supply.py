"""Where a build's puzzles come from, for the rule that chooses them (unique.py): saved by an earlier
build (judged again in the workers), made here (a tiny board's first puzzle, preflight.probe), or
made in the workers. Every puzzle made is appended to its volume's checkpoint the moment it arrives.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from pipeline.book.make import make_jobs
from pipeline.book.plan import Job
from pipeline.book.preflight import probe
from pipeline.book.resume import Saved, placed
from pipeline.book.store import CHECKPOINT, append_lines, record_line
from pipeline.book.unique import Slot
from pipeline.book.workers import Workers
from pipeline.book.writing import writing
from pipeline.errors import PuzzleBookError
from pipeline.kinds import registry
from pipeline.kinds.record import PuzzleRecord


JOBS_PER_TASK = 8
"""Jobs a worker is sent at a time when there are many: an eighth of the sending, receiving and syncing
in the build's own process (4 a task left it 2.1% of a 2000-puzzle build's CPU, 8 1.8%), and tasks
still short (the hardest go first, the last are easy ones) so that no worker waits long at the end."""
MANY_JOBS = 200


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
        self.lines: dict[str, str] = {}
        """The checkpoint lines of the puzzles made, as their workers wrote them out."""

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

        def keep_all(made: list[tuple[PuzzleRecord, str]]) -> None:
            """The records one task made, appended to their volumes' checkpoints (one write each)."""
            by_volume: dict[int | None, list[str]] = {}
            for record, line in made:
                by_volume.setdefault(todo[job_of(record)].volume, []).append(line)
            for volume, lines in by_volume.items():
                checkpoint = self.folders[volume] / CHECKPOINT
                with writing(checkpoint):
                    append_lines(checkpoint, lines)
            for record, line in made:
                found[job_of(record)] = record
                self.made.add(job_of(record))
                self.lines[job_of(record)] = line
                self.told(record, todo[job_of(record)].volume)

        if not self.probed:  # the first round: before the workers start on the rest
            self.probed = True
            keep_all([(record, record_line(record)) for record in probe([slot.current for slot in todo.values()])])
        rest = sorted((slot.current for key, slot in todo.items() if key not in found), key=hardest_first)
        size = JOBS_PER_TASK if len(rest) >= MANY_JOBS else 1
        tasks = [[job.to_dict() for job in rest[start:start + size]] for start in range(0, len(rest), size)]
        self.notes += self.workers.run(make_jobs, tasks, keep_all)
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
