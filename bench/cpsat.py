"""The outside yardstick: an OR-tools CP-SAT model of a Hidato/Numbrix board that counts solutions.

One position variable per number, AllDifferent, an allowed-pair table for consecutive numbers,
givens fixed, enumeration stopped at `limit`. Bench-only: the product must never import this module.
"""

from __future__ import annotations

import importlib.util
from dataclasses import dataclass

from pipeline.kinds.hidato.board import Board


def ortools_available() -> bool:
    """True when OR-tools can be imported; the bench skips the comparison otherwise."""
    return importlib.util.find_spec("ortools") is not None


@dataclass(frozen=True)
class CpsatResult:
    """How many solutions CP-SAT found (capped at the limit) and whether it finished the count.

    `solver_seconds` is CP-SAT's own wall time, without building the model in Python.
    """

    count: int
    complete: bool
    solver_seconds: float = 0.0


def solve_cpsat(board: Board, limit: int = 2, *, time_limit: float | None = None) -> CpsatResult:
    """Count solutions of `board` with CP-SAT, stopping at `limit`; incomplete only on `time_limit`.

    The model is the plain textbook one on purpose (no distance pruning): the bench compares our
    solver with what a strong general solver does given the obvious formulation.
    """
    from ortools.sat.python import cp_model  # lazy: ortools is a bench-only extra

    cells = board.open_cells()
    n = len(cells)
    index = {cell: i for i, cell in enumerate(cells)}
    pairs = [(index[cell], index[nb]) for cell in cells for nb in board.neighbours(cell)]
    if n == 1:
        return CpsatResult(1 if set(board.givens()) <= {1} else 0, True)
    if not pairs:
        return CpsatResult(0, True)

    model = cp_model.CpModel()
    pos = [model.NewIntVar(0, n - 1, f"pos{k}") for k in range(1, n + 1)]
    for value, cell in sorted(board.givens().items()):
        if value > n:
            return CpsatResult(0, True)
        model.Add(pos[value - 1] == index[cell])
    model.AddAllDifferent(pos)
    for k in range(n - 1):
        model.AddAllowedAssignments([pos[k], pos[k + 1]], pairs)

    return _count(model, limit, time_limit)


def _count(model, limit: int, time_limit: float | None = None) -> CpsatResult:  # type: ignore[no-untyped-def]
    """Enumerate the model's solutions on one worker, stopping once `limit` are seen; CP-SAT's own time."""
    from ortools.sat.python import cp_model

    class Counter(cp_model.CpSolverSolutionCallback):
        def __init__(self) -> None:
            super().__init__()
            self.count = 0

        def on_solution_callback(self) -> None:
            self.count += 1
            if self.count >= limit:
                self.StopSearch()

    solver = cp_model.CpSolver()
    solver.parameters.enumerate_all_solutions = True
    solver.parameters.num_workers = 1
    if time_limit is not None:
        solver.parameters.max_time_in_seconds = time_limit
    counter = Counter()
    status = solver.Solve(model, counter)
    complete = counter.count >= limit or status in (cp_model.OPTIMAL, cp_model.INFEASIBLE)
    return CpsatResult(min(counter.count, limit), complete, solver.WallTime())


def count_solutions_cpsat(board: Board, limit: int = 2) -> int:
    """Solution count capped at `limit` (0, 1, ..., limit), as our solver reports it."""
    return solve_cpsat(board, limit).count


def solve_sudoku_cpsat(box: int, cells: tuple[int, ...], limit: int = 2) -> CpsatResult:
    """Count solutions of a Sudoku with CP-SAT, stopping at `limit`: one variable per cell, AllDifferent
    on every row, column and box, givens fixed (the textbook model, as for Hidato above)."""
    from ortools.sat.python import cp_model  # lazy: ortools is a bench-only extra

    from pipeline.kinds.sudoku.grid import units

    n = box * box
    model = cp_model.CpModel()
    value = [model.NewIntVar(1, n, f"c{i}") if not v else model.NewConstant(v) for i, v in enumerate(cells)]
    for unit in units(box):
        model.AddAllDifferent([value[i] for i in unit])

    return _count(model, limit)
