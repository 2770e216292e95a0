"""Resume a build from its checkpoint: keep the saved records that planned jobs ask for and that
prove themselves; note every other line, to be made again.

The checkpoint is a cache: every line is judged before use and nothing unverified is ever kept.
It never makes a puzzle (the build does) and never trusts what a record says about itself.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pipeline.book.plan import Job
from pipeline.book.store import read_numbered, record_line, write_records
from pipeline.book.verify import verify_record
from pipeline.book.writing import writing
from pipeline.errors import PuzzleBookError
from pipeline.kinds import registry


def resume(checkpoint: Path, planned: list[Job], fresh: bool) -> tuple[dict[str, dict[str, Any]], list[str]]:
    """The checkpoint's records that planned jobs ask for, by fingerprint, and notes on what was left out.

    The checkpoint is a cache, and every line of it is judged before use: a line cut off by a kill,
    a line that is no JSON record, a record whose fields disagree with its fingerprint's job, and a
    record that fails verification are each left out with a note naming the file and line, and made
    again. Records of an older config, seed or engine are dropped with one note. The checkpoint is
    then rewritten to hold only the kept records before anything is appended.
    """
    if fresh:
        with writing(checkpoint):
            write_records(checkpoint, [])
        return {}, []
    numbered, notes = read_numbered(checkpoint)
    wanted = {job.fingerprint: job for job in planned}
    made: dict[str, dict[str, Any]] = {}
    lines: dict[str, int] = {}
    stale = 0
    for line, record in numbered:
        fingerprint = record.get("fingerprint")
        where = f"{checkpoint}, line {line}"
        if not isinstance(fingerprint, str):
            notes.append(f"{where}: a record without a fingerprint; it is left out")
            continue
        job = wanted.get(fingerprint)
        if job is None:
            stale += 1
            continue
        if fingerprint in made:
            notes.append(f"{where}: a second record of puzzle {job.index} of {job.section!r} (first at line "
                         f"{lines[fingerprint]}); it is left out")
            continue
        problem = record_problem(record, job) or verify_problem(placed(record, job))
        if problem:
            notes.append(f"{where}: {problem}; it is left out and made again")
            continue
        made[fingerprint] = record
        lines[fingerprint] = line
    if stale:
        notes.append(
            f"{checkpoint}: {stale} record(s) made for another config, seed or engine version were "
            "dropped; they are made again as the config now says"
        )
    if notes:
        with writing(checkpoint):
            write_records(checkpoint, made.values())
    return made, notes


def verify_problem(record: dict[str, Any]) -> str | None:
    """verify_record's complaint about a saved record, or None when it is provably unique."""
    try:
        verify_record(record)
    except PuzzleBookError as err:
        return err.message.split("; delete its line")[0]
    return None


def placed(record: dict[str, Any], job: Job) -> dict[str, Any]:
    """The record at its job's place (a section that moved keeps its puzzles but not its position)."""
    return {**record, "section": job.section, "section_index": job.section_index, "index": job.index}


def in_book_order(checkpoint: Path, records: list[dict[str, Any]]) -> None:
    """Rewrite the checkpoint in book order when completion order left it otherwise, so that file too
    is the same whatever the worker count."""
    text = "".join(record_line(record) for record in records)
    if checkpoint.read_text(encoding="utf-8") != text:
        write_records(checkpoint, records)


def record_problem(record: dict[str, Any], job: Job) -> str | None:
    """Why a saved record cannot be the puzzle `job` asks for, or None when what the job decides matches.

    The fingerprint only names the job; this checks the record's own fields agree with it (kind,
    difficulty, seed, and the fields the kind names), so an edited or mixed-up line is never
    printed. Whether the puzzle itself is right is verify.py's question.
    """
    kind = registry.kind(job.kind)
    try:
        expected: dict[str, Any] = {"kind": job.kind, "difficulty": job.difficulty, **kind.record_fields(job.params)}
        for key, value in expected.items():
            if record.get(key) != value:
                return f"its {key} is {_show(record.get(key))}, but its puzzle asks for {_show(value)}"
        if record.get("seed") not in kind.record_seeds(job.params, job.seed):
            return f"its seed {_show(record.get('seed'))} is not one this puzzle's seed {job.seed} leads to"
        attempts = record.get("attempts")
        if not isinstance(record.get("grade"), dict) or not isinstance(attempts, int) or attempts < 1:
            return "its grade or attempts are missing or malformed"
    except (TypeError, AttributeError) as err:
        return f"not a readable puzzle record ({err})"
    return None


def _show(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."
