"""The outside yardstick for nonograms: an OR-tools CP-SAT model that counts a nonogram's solutions,
built from its clues and hints alone.

Independent of the product on purpose: nothing here imports pipeline.kinds.nonogram. One Boolean
per cell; each row and column an automaton (`AddAutomaton`) over its cells that accepts exactly the
lines its clue describes (0* 1^a1 0+ 1^a2 ... 1^ak 0*); a hint fixes its cell. Counting: solve,
then forbid the picture found with one clause (some cell differs) and solve again, up to `limit`,
on one worker. Bench-only: the product must never import this module.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass

FILLED, EMPTY, UNKNOWN = "#", ".", "?"
CPSAT_SECONDS = 60.0


def clue_automaton(clue: Sequence[int]) -> tuple[list[tuple[int, int, int]], list[int]]:
    """(transitions (state, cell value, next state), final states) of the deterministic automaton that
    reads a line cell by cell (1 filled, 0 empty) from state 0 and ends in a final state exactly when
    the line's runs of filled cells are `clue`.

    A state waiting before a run loops on 0 and starts the run on 1; the run's cells move on by 1
    only; a run's last cell moves on by 0 to the next run's waiting state, or, after the last run,
    loops on 0 (the line's end)."""
    transitions = [(0, 0, 0)]
    state = 0
    for k, run in enumerate(clue):
        if k:  # the gap after the run before: at least one empty cell, then any more
            transitions.append((state, 0, state + 1))
            state += 1
            transitions.append((state, 0, state))
        for _ in range(run):
            transitions.append((state, 1, state + 1))
            state += 1
    if clue:
        transitions.append((state, 0, state))
    return transitions, [state]


@dataclass(frozen=True)
class NonogramCount:
    """Pictures CP-SAT found (at most the limit), whether it finished the count, the whole call's
    wall time (the model built in Python too) and CP-SAT's own solve time alone."""

    solutions: tuple[tuple[str, ...], ...]
    complete: bool
    seconds: float
    solver_seconds: float

    @property
    def count(self) -> int:
        return len(self.solutions)

    @property
    def verdict(self) -> str:
        """unique | multiple | none, or unknown when the time limit stopped the count (the words of
        pipeline.kinds.result.SolveResult.status)."""
        if len(self.solutions) >= 2:
            return "multiple"
        if not self.complete:
            return "unknown"
        return "unique" if self.solutions else "none"


def count_cpsat(rows: Sequence[Sequence[int]], cols: Sequence[Sequence[int]], givens: Sequence[str] | None = None,
                limit: int = 2, *, time_limit: float = CPSAT_SECONDS) -> NonogramCount:
    """Count the pictures with these row and column clues (and hints: rows of '#', '.' or '?'), up to
    `limit`, with CP-SAT on one worker."""
    from ortools.sat.python import cp_model  # lazy: ortools is a bench-only extra

    start = time.perf_counter()
    height, width = len(rows), len(cols)
    model = cp_model.CpModel()
    cells = [[model.new_bool_var(f"x{r}_{c}") for c in range(width)] for r in range(height)]
    for r, clue in enumerate(rows):
        transitions, finals = clue_automaton(clue)
        model.add_automaton(cells[r], 0, finals, transitions)
    for c, clue in enumerate(cols):
        transitions, finals = clue_automaton(clue)
        model.add_automaton([cells[r][c] for r in range(height)], 0, finals, transitions)
    for r, line in enumerate(givens or ()):
        for c, mark in enumerate(line):
            if mark == FILLED:
                model.add(cells[r][c] == 1)
            elif mark == EMPTY:
                model.add(cells[r][c] == 0)
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    found: list[tuple[str, ...]] = []
    solver_seconds = 0.0
    complete = True
    while len(found) < limit:
        solver.parameters.max_time_in_seconds = max(0.01, time_limit - (time.perf_counter() - start))
        status = solver.solve(model)
        solver_seconds += solver.wall_time
        if status == cp_model.INFEASIBLE:
            break
        if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            complete = False
            break
        values = [[bool(solver.boolean_value(v)) for v in line] for line in cells]
        found.append(tuple("".join(FILLED if v else EMPTY for v in line) for line in values))
        model.add_bool_or([v.negated() if value else v for line, vals in zip(cells, values)
                         for v, value in zip(line, vals)])
    return NonogramCount(tuple(found), complete, time.perf_counter() - start, solver_seconds)


def count_puzzle(puzzle: object, limit: int = 2, *, time_limit: float = CPSAT_SECONDS) -> NonogramCount:
    """`count_cpsat` on anything with `rows`, `cols` and `givens` (a Nonogram, read as plain data)."""
    return count_cpsat(getattr(puzzle, "rows"), getattr(puzzle, "cols"), getattr(puzzle, "givens", None),
                       limit, time_limit=time_limit)


def runs_of(line: str) -> tuple[int, ...]:
    """The runs of filled cells in a line of '#' and '.': a plain check beside CP-SAT."""
    return tuple(len(run) for run in line.split(EMPTY) if run)


def keeps(rows: Sequence[Sequence[int]], cols: Sequence[Sequence[int]], givens: Sequence[str] | None,
          picture: Sequence[str]) -> bool:
    """Whether a picture keeps every clue and hint, checked here without the product's code."""
    if len(picture) != len(rows) or any(len(line) != len(cols) for line in picture):
        return False
    if any(runs_of(line) != tuple(clue) for line, clue in zip(picture, rows)):
        return False
    columns = ["".join(line[c] for line in picture) for c in range(len(cols))]
    if any(runs_of(line) != tuple(clue) for line, clue in zip(columns, cols)):
        return False
    return all(mark in (UNKNOWN, cell) for hint, line in zip(givens or (), picture) for mark, cell in zip(hint, line))
