"""The last gate before printing: every record's solution is valid and the solver proves it the only one.

Trusts nothing the record says about itself (records may come from a checkpoint file on disk).
It never repairs a record: a failure stops the build, so a failing puzzle is never printed.
"""

from __future__ import annotations

from typing import Any

from pipeline.errors import PuzzleBookError
from pipeline.kinds.hidato.board import Board, check_board, is_solution
from pipeline.kinds.hidato.solve import solve


def verify_records(records: list[dict[str, Any]]) -> None:
    for record in records:
        verify_record(record)


def verify_record(record: dict[str, Any]) -> None:
    """Raise PuzzleBookError naming the section and puzzle unless the record is provably unique."""
    where = f"section {record.get('section')!r}, puzzle {record.get('index')}"
    fix = "; delete its line from puzzles.jsonl (or build with --fresh) to make it again"
    try:
        board = Board.from_json(record["grid"], record["adjacency"])
        check_board(board)
        solution = tuple(tuple(row) for row in record["solution"])
    except (KeyError, TypeError, ValueError, PuzzleBookError) as err:
        raise PuzzleBookError(f"{where}: not a readable puzzle record ({err}){fix}") from None
    if not is_solution(board, solution):
        raise PuzzleBookError(f"{where}: its solution does not solve its grid{fix}")
    result = solve(board, 2, hint=solution)
    if result.status != "unique":
        raise PuzzleBookError(f"{where}: the solver finds {result.status} solutions, not exactly one{fix}")
