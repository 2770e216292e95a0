"""Plan a book (config -> one Job per puzzle) and run one Job (-> a puzzle record).

A job's seed is a hash of the book seed, its section's name, its index and its reroll count, so no
section, worker count or completion order can change another puzzle. Never writes files or starts
processes: run.py does that.
"""

from __future__ import annotations

import hashlib
import json
import multiprocessing
import os
import signal
from dataclasses import asdict, dataclass
from functools import cached_property
from typing import TYPE_CHECKING, Any

from pipeline import __version__
from pipeline.errors import PuzzleBookError
from pipeline.kinds.hidato.generate import generate
from pipeline.kinds.sudoku.generate import generate as generate_sudoku
from pipeline.seeds import derive_seed
from pipeline.shapes import make_mask

if TYPE_CHECKING:
    from pipeline.book.config import BookSpec, ShapeSpec

ADJACENCY = {"hidato": "king", "numbrix": "orthogonal"}
SHAPE_PARAMS = ("size", "width", "height", "arm", "ratio")
KILL_HOOK = "PUZZLEBOOK_KILL_WORKER_IN"
KILL_ONCE_HOOK = "PUZZLEBOOK_KILL_WORKER_ONCE"
RANDOM_MASKS = 8
"""Masks a 'random' shape may draw (its own seed, then derived ones) before the puzzle is given up."""


@dataclass(frozen=True)
class Job:
    """Everything one worker needs to make one puzzle, as plain data; fields a kind does not use are None."""

    section: str
    section_index: int
    index: int
    kind: str
    adjacency: str | None
    """Hidato and Numbrix only (None for Sudoku), like `shape`."""
    shape: dict[str, Any] | None
    difficulty: str
    seed: int
    box: int | None = None
    """Sudoku only (None for the path kinds), like `symmetry`."""
    symmetry: str | None = None

    @cached_property
    def fingerprint(self) -> str:
        """Names the puzzle this job must yield: a hash of what decides it, and the engine version.

        `section_index` only places the puzzle, so it is left out: moving a section keeps its records.
        Fields the kind does not use (None) are left out too, so a new kind's fields change no other
        kind's fingerprints.
        """
        content = {key: value for key, value in asdict(self).items() if value is not None}
        content["engine"] = __version__
        del content["section_index"]
        text = json.dumps(content, sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(text.encode()).hexdigest()[:16]

    def to_dict(self) -> dict[str, Any]:
        return {**asdict(self), "fingerprint": self.fingerprint}


def plan(book: BookSpec) -> list[Job]:
    """One Job per puzzle in book order; puzzle i cycles through its section's shapes and levels."""
    jobs = []
    for section_index, section in enumerate(book.sections):
        for index in range(1, section.count + 1):
            rerolls = section.reroll.count(index)
            shapes = section.shapes
            jobs.append(Job(
                section=section.name,
                section_index=section_index,
                index=index,
                kind=section.kind,
                adjacency=ADJACENCY.get(section.kind),
                shape=shape_dict(shapes[(index - 1) % len(shapes)]) if shapes else None,
                difficulty=section.level_of(index),
                seed=derive_seed(book.seed, section.name, index, rerolls),
                box=section.box,
                symmetry=section.symmetry,
            ))
    return jobs


def shape_dict(shape: ShapeSpec) -> dict[str, Any]:
    """The shape's name and only the parameters the config gave (each shape refuses the others)."""
    given = {key: getattr(shape, key) for key in SHAPE_PARAMS if getattr(shape, key) is not None}
    return {"name": shape.name, **given}


def run_job(job: dict[str, Any]) -> dict[str, Any]:
    """The puzzle record for `job` (a Job.to_dict()): the `generate --json` record plus its place.

    Top-level and plain-data in, plain-data out, so any joblib backend can ship it to a worker.
    A user-facing failure is re-raised naming the section and puzzle.
    """
    _kill_hook(job)
    try:
        record = make_puzzle(job)
    except PuzzleBookError as err:
        raise PuzzleBookError(f"section {job['section']!r}, puzzle {job['index']}: {err}") from None
    place = {key: job[key] for key in ("section", "section_index", "index")}
    return {**place, **record, "fingerprint": job["fingerprint"]}


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


def make_puzzle(job: dict[str, Any]) -> dict[str, Any]:
    """The kind's generate(): a Sudoku from its box and symmetry, a path puzzle on the job's mask.

    A 'random' shape whose mask allows no puzzle draws another mask from a derived seed (at most
    RANDOM_MASKS in all); the record's seed is the one that worked, so `puzzlebook generate --shape
    random --seed SEED` remakes it. Any other shape is fixed, so its failure is final at once.
    """
    if job["kind"] == "sudoku":
        return generate_sudoku(job["box"], job["difficulty"], job["seed"], symmetry=job["symmetry"])
    if job["shape"]["name"] != "random":
        return make_on_mask(job, job["seed"])
    error = None
    for number in range(RANDOM_MASKS):
        try:
            return make_on_mask(job, job["seed"] if number == 0 else derive_seed(job["seed"], "retry", number))
        except PuzzleBookError as err:
            error = err
    raise PuzzleBookError(f"no puzzle on any of {RANDOM_MASKS} random masks; the last one: {error}")


def make_on_mask(job: dict[str, Any], seed: int) -> dict[str, Any]:
    """One generate() call; the seed draws both the mask (for 'random') and the puzzle, as in the CLI."""
    name = job["shape"]["name"]
    params = {key: value for key, value in job["shape"].items() if key != "name"}
    mask = make_mask(name, **params, seed=seed, adjacency=job["adjacency"])
    return generate(mask, job["adjacency"], job["difficulty"], seed, shape=name)


def record_problem(record: dict[str, Any], job: Job) -> str | None:
    """Why a saved record cannot be the puzzle `job` asks for, or None when what the job decides matches.

    The fingerprint only names the job; this checks the record's own fields agree with it (kind,
    adjacency, shape, difficulty, seed), so an edited or mixed-up line is never printed. Whether the
    puzzle itself is right is verify.py's question.
    """
    try:
        expected: dict[str, Any] = {"kind": job.kind, "difficulty": job.difficulty}
        if job.kind == "sudoku":
            expected |= {"box": job.box, "symmetry": job.symmetry}
        else:
            expected |= {"adjacency": job.adjacency, "shape": (job.shape or {}).get("name")}
        for key, value in expected.items():
            if record.get(key) != value:
                return f"its {key} is {_show(record.get(key))}, but its puzzle asks for {_show(value)}"
        if record.get("seed") not in _seeds(job):
            return f"its seed {_show(record.get('seed'))} is not one this puzzle's seed {job.seed} leads to"
        attempts = record.get("attempts")
        if not isinstance(record.get("grade"), dict) or not isinstance(attempts, int) or attempts < 1:
            return "its grade or attempts are missing or malformed"
    except (TypeError, AttributeError) as err:
        return f"not a readable puzzle record ({err})"
    return None


def _seeds(job: Job) -> list[int]:
    """The seeds a record of `job` may carry: the job's, and for 'random' shapes the retried masks' seeds."""
    if job.shape is None or job.shape["name"] != "random":
        return [job.seed]
    return [job.seed, *(derive_seed(job.seed, "retry", number) for number in range(1, RANDOM_MASKS))]


def _show(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."
