"""The last gate before printing: every record's solution is valid and provably the only one.

Trusts nothing the record says about itself (records may come from a checkpoint file on disk).
It never repairs a record: a failure stops the build, so a failing puzzle is never printed. The
proof is the kind's quickest (`Kind.prove`): for the path kinds a short search, then reasoning,
then the full search, milliseconds even on sparse 20x20 boards. A build runs it in the worker that
made the puzzle, on the record as it will be stored (a second proof, independent of the generator's),
and works out the puzzle's canonical fingerprint there too while the puzzle is read.
"""

from __future__ import annotations

from dataclasses import replace

from pipeline.errors import PuzzleBookError
from pipeline.kinds import registry
from pipeline.kinds.record import PuzzleRecord


def verify_record(record: PuzzleRecord) -> PuzzleRecord:
    """The record with its canonical fingerprint, once proved unique; else a PuzzleBookError naming
    the section and puzzle."""
    where = f"section {record.section!r}, puzzle {record.index}"
    fix = "; delete its line from puzzles.jsonl (or build with --fresh) to make it again"
    try:
        kind = registry.kind(record.kind)
        puzzle, solution = kind.read_record(record.to_json())
    except (KeyError, TypeError, ValueError, AttributeError, PuzzleBookError) as err:
        raise PuzzleBookError(f"{where}: not a readable puzzle record ({err}){fix}") from None
    if not kind.is_solution(puzzle, solution):
        raise PuzzleBookError(f"{where}: its solution does not solve its grid{fix}")
    result = kind.prove(puzzle, hint=solution)
    if result.status != "unique":
        raise PuzzleBookError(f"{where}: the solver finds {result.status} solutions, not exactly one{fix}")
    return replace(record, canonical=kind.fingerprint(puzzle, solution))
