"""The last gate before printing: every record's solution is valid and provably the only one.

Trusts nothing the record says about itself (records may come from a checkpoint file on disk).
It never repairs a record: a failure stops the build, so a failing puzzle is never printed.

A Hidato/Numbrix proof goes through prove.py (a short search, then reasoning, then the full
search): milliseconds even on sparse 20x20 boards whose search proof alone can take minutes.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pipeline.errors import PuzzleBookError
from pipeline.kinds.hidato.board import Board, check_board
from pipeline.kinds.hidato.board import is_solution as is_path_solution
from pipeline.kinds.hidato.prove import prove_unique
from pipeline.kinds.sudoku import solve as sudoku_solver
from pipeline.kinds.sudoku.grid import is_solution as is_sudoku_solution
from pipeline.kinds.sudoku.textformat import from_line


def verify_records(records: list[dict[str, Any]]) -> None:
    for record in records:
        verify_record(record)


def verify_record(record: dict[str, Any]) -> None:
    """Raise PuzzleBookError naming the section and puzzle unless the record is provably unique."""
    where = f"section {record.get('section')!r}, puzzle {record.get('index')}"
    fix = "; delete its line from puzzles.jsonl (or build with --fresh) to make it again"
    try:
        puzzle, solution, solves, solve = _read(record)
    except (KeyError, TypeError, ValueError, AttributeError, PuzzleBookError) as err:
        raise PuzzleBookError(f"{where}: not a readable puzzle record ({err}){fix}") from None
    if not solves(puzzle, solution):
        raise PuzzleBookError(f"{where}: its solution does not solve its grid{fix}")
    result = solve(puzzle, hint=solution)
    if result.status != "unique":
        raise PuzzleBookError(f"{where}: the solver finds {result.status} solutions, not exactly one{fix}")


def _read(record: dict[str, Any]) -> tuple[Any, Any, Callable[..., bool], Callable[..., Any]]:
    """The record's puzzle and solution as its kind's engine takes them, with that kind's checker and solver.

    A Sudoku record stores both grids in the one-line form; Hidato and Numbrix records as lists of rows.
    """
    if record["kind"] == "sudoku":
        puzzle = from_line(record["grid"], "grid")
        return puzzle, from_line(record["solution"], "solution").cells, is_sudoku_solution, _prove_sudoku
    board = Board.from_json(record["grid"], record["adjacency"])
    check_board(board)
    return board, tuple(tuple(row) for row in record["solution"]), is_path_solution, prove_unique


def _prove_sudoku(grid: Any, *, hint: Any) -> Any:
    return sudoku_solver.solve(grid, 2, hint=hint)
