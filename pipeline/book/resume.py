"""Resume a build from what it saved: keep the saved records that jobs ask for and that prove they
are the puzzle their job would make; note every other line, to be made again.

The checkpoint is a cache: every line is judged before use and nothing unverified is ever kept. A
record must carry exactly the fields its job's record has, of the right types (a bool is no number),
with the values the job decides, on the job's board, with givens a proper part of its solution;
its solution must be the only one, and the grade the grader finds now (never the one written) must
be the one written and the level the job asks for. It never makes a puzzle (the build does).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from pipeline.book.plan import Job
from pipeline.book.repeats import with_fingerprint
from pipeline.atomic import write_text_atomic
from pipeline.book.store import read_numbered, record_line, write_records
from pipeline.book.writing import writing
from pipeline.kinds.record import Place, PuzzleRecord
from pipeline.errors import PuzzleBookError
from pipeline.kinds import registry


class Saved:
    """The records earlier builds of a book saved (its checkpoint, and the puzzles it passed over as
    repeats), each judged only when a job asks for it: a build asks for the jobs it plans and, for a
    puzzle that repeats another, for the same job on its next seeds, which no list made in advance has.

    Every line is judged before use: a line cut off by a kill, a line that is no JSON record, a record
    whose fields disagree with its job, and a record that fails verification are each left out with a
    note naming the file and line, and made again; of two records of one job the later one (appended
    after the first was found unfit, say) is the one kept. Records no
    job asked for (an older config, seed or engine) are dropped with one note (`unused_note`).
    """

    def __init__(self, files: Sequence[Path], fresh: bool) -> None:
        self.notes: list[str] = []
        self._saved: dict[str, tuple[str, PuzzleRecord]] = {}
        self._files = [path for path in files if path.exists()]
        self._untidy = set(self._files) if fresh else set()
        """Files holding lines that are left out: rewritten before anything is appended to them."""
        if fresh:
            return
        for path in self._files:
            numbered, notes = read_numbered(path)
            self.notes += notes
            if notes:
                self._untidy.add(path)
            for line, record in numbered:
                where = f"{path}, line {line}"
                if record.fingerprint is None:
                    self.notes.append(f"{where}: a record without a fingerprint; it is left out")
                    self._untidy.add(path)
                else:
                    if record.fingerprint in self._saved:  # appended later: it supersedes (a remake of a bad one)
                        first = self._saved[record.fingerprint][0]
                        which = f"puzzle {record.index} of {record.section!r}" if record.place else "the puzzle"
                        self.notes.append(f"{first}: {which} is saved again at {where.removeprefix(f'{path}, ')}; "
                                          "the earlier record is left out")
                        self._untidy.add(path)
                    self._saved[record.fingerprint] = (where, record)

    def has(self, job: Job) -> bool:
        """Whether a record of `job` was saved (not yet judged)."""
        return job.fingerprint in self._saved

    def keep_only_readable(self) -> None:
        """Rewrite a saved file that has lines left out with only its readable records, so what is
        appended next never joins a line a kill cut off. The records stay to be judged by `take_all`."""
        for path in sorted(self._untidy):
            with writing(path):
                write_records(path, [record for where, record in self._saved.values() if where.startswith(f"{path}, ")])
        self._untidy.clear()

    def take_all(self, jobs: Sequence[Job], judge_all: Callable[[Callable[[Any], Any], list[Any]], Any]
                 ) -> dict[str, PuzzleRecord | None]:
        """The saved records of `jobs` that have one, each judged (and given its canonical fingerprint,
        worked out anew) by `judge_all(judge, items)`, a map that may run in the workers: by job
        fingerprint, None for a record not fit to print (noted, to be made again)."""
        asked = [(job, self._saved.pop(job.fingerprint)) for job in jobs if job.fingerprint in self._saved]
        verdicts = list(judge_all(judge, [(record, job) for job, (_, record) in asked]))
        found: dict[str, PuzzleRecord | None] = {}
        for (job, (where, _)), verdict in zip(asked, verdicts):
            if isinstance(verdict, str):
                self.notes.append(f"{where}: section {job.section!r}, puzzle {job.index}: {verdict}; "
                                  "it is left out and made again")
                found[job.fingerprint] = None
            else:
                found[job.fingerprint] = verdict
        return found

    def unused_note(self) -> list[str]:
        """One note on the saved records no job asked for, if any."""
        if not self._saved:
            return []
        files = " and ".join(str(path) for path in self._files)
        return [f"{files}: {len(self._saved)} record(s) made for another config, seed or engine version were "
                "dropped; they are made again as the config now says"]


def judge(saved: tuple[PuzzleRecord, Job]) -> PuzzleRecord | str:
    """A saved record with its canonical fingerprint when it is the puzzle its job makes, fit to print;
    else why not (a worker can run this: plain data in and out)."""
    record, job = saved
    problem = record_problem(record, job) or proof_problem(record, job)
    return problem if problem else with_fingerprint(record)


def proof_problem(record: PuzzleRecord, job: Job) -> str | None:
    """Why a record that belongs to `job` is still no puzzle to print: a solution that does not solve it,
    more than one solution (grading proves there is one: reasoning that finishes, or a search), or a
    grade other than the grader's now, or than the level its job asks for."""
    kind = registry.kind(job.kind)
    try:
        puzzle, solution = kind.read_record(record.to_json())
    except (KeyError, TypeError, ValueError, AttributeError, PuzzleBookError) as err:
        return f"not a readable puzzle record ({err})"
    if not kind.is_solution(puzzle, solution):
        return "its solution does not solve its grid"
    try:
        graded = kind.grade(puzzle)
    except PuzzleBookError as err:
        return f"it cannot be graded: {err.message}"
    if graded["level"] != job.difficulty:
        return f"the grader finds it {graded['level']}, but its puzzle asks for {job.difficulty}"
    if not same(dict(graded), dict(record.grade)):
        return "its grade is not the one the grader finds"
    return None


def placed(record: PuzzleRecord, job: Job) -> PuzzleRecord:
    """The record at its job's place (a section that moved keeps its puzzles but not its position)."""
    return record.placed(Place(job.section, job.section_index, job.index))


def in_book_order(checkpoint: Path, records: list[PuzzleRecord], lines: Mapping[str, str] | None = None) -> None:
    """Rewrite the checkpoint in book order when completion order left it otherwise, so that file too
    is the same whatever the worker count. `lines` holds records' lines already written out, by job
    fingerprint (the workers write the lines of the puzzles they make)."""
    known = lines or {}
    text = "".join(known.get(str(record.fingerprint)) or record_line(record) for record in records)
    if checkpoint.read_text(encoding="utf-8") != text:
        write_text_atomic(checkpoint, text)


def record_problem(record: PuzzleRecord, job: Job) -> str | None:
    """Why a saved record cannot be the puzzle `job` asks for, or None when what the job decides matches.

    The fingerprint only names the job, and the store has checked the common fields' types; this
    checks the record's own fields agree with the job: exactly the kind's fields (with their types;
    those its generator decides are the board checks' to judge),
    the kind, level and seed the job decides, a sane attempt count, and the kind's board checks.
    """
    kind = registry.kind(job.kind)
    expected: dict[str, Any] = {"kind": job.kind, "difficulty": job.difficulty, **kind.record_fields(job.params)}
    own = set(kind.record_fields(job.params)) | set(kind.made_fields)
    if set(record.fields) != own:
        odd = sorted(set(record.fields) ^ own)
        return f"its fields are not a puzzle record's (unexpected or missing: {', '.join(map(repr, odd))})"
    found = {"kind": record.kind, "difficulty": record.difficulty, **record.fields}
    for key, value in expected.items():
        if not same(found[key], value):
            return f"its {key} is {_show(found[key])}, but its puzzle asks for {_show(value)}"
    if record.seed not in kind.record_seeds(job.params, job.seed):
        return f"its seed {_show(record.seed)} is not one this puzzle's seed {job.seed} leads to"
    if record.attempts < 1:
        return "its grade or attempts are missing or malformed"
    return kind.board_problem(record.to_json(), job.params)


def same(a: Any, b: Any) -> bool:
    """Equal values of equal types all the way down: true is not 1, 1 is not 1.0."""
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(same(a[key], b[key]) for key in a)
    if isinstance(a, list | tuple):
        return len(a) == len(b) and all(map(same, a, b))
    return bool(a == b)


def _show(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."
