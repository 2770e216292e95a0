"""The outside yardstick for Killer, Jigsaw and Sudoku X: an OR-tools CP-SAT model that counts a
variant's solutions, read from the puzzle's JSON record alone.

Independent of the product on purpose: the record's fields (the one-line grid, `box` or a Jigsaw's
`regions` rows, a Killer's `cages`) are parsed here, and the houses written out here, never through
pipeline.kinds.variants. One variable 1..n per cell; AllDifferent on every row, column and region
(the boxes, or a Jigsaw's shapes), on both long diagonals for Sudoku X, and for Killer on every cage
with its sum; givens fixed; enumeration on one worker, stopped at `limit`. Bench-only: the product
must never import this module.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class VariantModel:
    """A variant's rules as plain lists of cell indices (row-major), read from its record."""

    rule: str
    n: int
    givens: tuple[int, ...]
    """Per cell, its given digit or 0."""
    houses: tuple[tuple[int, ...], ...]
    """Rows, columns, regions and (Sudoku X) both diagonals: each holds every digit once."""
    cages: tuple[tuple[int, tuple[int, ...]], ...]
    """(total, cells) per Killer cage."""


def read_model(record: Mapping[str, Any]) -> VariantModel:
    """The rules of a variant record (as `generate` writes it), parsed without the product's code."""
    rule = record["kind"]
    grid = record["grid"]
    n = math.isqrt(len(grid))
    if n * n != len(grid):
        raise ValueError(f"a grid of {len(grid)} cells is not square")
    givens = tuple(0 if ch == "." else int(ch) for ch in grid)
    rows = [tuple(r * n + c for c in range(n)) for r in range(n)]
    cols = [tuple(r * n + c for r in range(n)) for c in range(n)]
    if rule == "jigsaw":
        shapes: dict[str, list[int]] = {}
        for r, line in enumerate(record["regions"]):
            for c, ch in enumerate(line):
                shapes.setdefault(ch, []).append(r * n + c)
        regions = [tuple(cells) for _, cells in sorted(shapes.items())]
    else:
        box_rows, box_cols = record["box"]
        regions = [
            tuple((top + r) * n + left + c for r in range(box_rows) for c in range(box_cols))
            for top in range(0, n, box_rows) for left in range(0, n, box_cols)
        ]
    houses = rows + cols + regions
    if rule == "sudokux":
        houses += [tuple(k * n + k for k in range(n)), tuple(k * n + n - 1 - k for k in range(n))]
    cages = tuple((int(cage["sum"]), tuple(r * n + c for r, c in cage["cells"])) for cage in record.get("cages", ()))
    if len(regions) != n or any(len(region) != n for region in regions):
        raise ValueError(f"the regions of a {n}x{n} {rule} are not {n} of {n} cells")
    return VariantModel(rule, n, givens, tuple(houses), cages)


@dataclass(frozen=True)
class VariantCount:
    """Solutions CP-SAT found (at most the limit), whether it finished, and CP-SAT's own wall time
    (the model built aside)."""

    solutions: tuple[tuple[int, ...], ...]
    complete: bool
    solver_seconds: float

    @property
    def count(self) -> int:
        return len(self.solutions)


def count_cpsat(model: VariantModel, limit: int = 2, *, time_limit: float | None = None) -> VariantCount:
    """Enumerate up to `limit` solutions of the model with CP-SAT on one worker."""
    from ortools.sat.python import cp_model  # lazy: ortools is a bench-only extra

    n = model.n
    cp = cp_model.CpModel()
    cells = [cp.NewIntVar(1, n, f"c{i}") for i in range(n * n)]
    for i, given in enumerate(model.givens):
        if given:
            cp.Add(cells[i] == given)
    for house in model.houses:
        cp.AddAllDifferent([cells[i] for i in house])
    for total, members in model.cages:
        cp.AddAllDifferent([cells[i] for i in members])
        cp.Add(sum(cells[i] for i in members) == total)

    class Collector(cp_model.CpSolverSolutionCallback):
        def __init__(self) -> None:
            super().__init__()
            self.found: list[tuple[int, ...]] = []

        def on_solution_callback(self) -> None:
            self.found.append(tuple(int(self.Value(v)) for v in cells))
            if len(self.found) >= limit:
                self.StopSearch()

    solver = cp_model.CpSolver()
    solver.parameters.enumerate_all_solutions = True
    solver.parameters.num_workers = 1
    if time_limit is not None:
        solver.parameters.max_time_in_seconds = time_limit
    collector = Collector()
    status = solver.Solve(cp, collector)
    complete = len(collector.found) >= limit or status in (cp_model.OPTIMAL, cp_model.INFEASIBLE)
    return VariantCount(tuple(collector.found[:limit]), complete, solver.WallTime())


def check_solution(model: VariantModel, cells: tuple[int, ...]) -> bool:
    """Whether `cells` keeps the givens and every house and cage rule: a plain check beside CP-SAT."""
    n = model.n
    full = set(range(1, n + 1))
    if len(cells) != n * n or any(g and g != v for g, v in zip(model.givens, cells)):
        return False
    if any({cells[i] for i in house} != full for house in model.houses):
        return False
    return all(len({cells[i] for i in members}) == len(members) and sum(cells[i] for i in members) == total
               for total, members in model.cages)
