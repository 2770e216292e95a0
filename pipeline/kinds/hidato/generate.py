"""Make one Hidato/Numbrix puzzle of a requested level from a shape and a seed.

A random Hamiltonian path numbers the open cells 1..N (for hard and expert it is first reshaped
by `rigid.rigid_path` so that few givens pin it down); givens are then dug out while reasoning up
to the level still solves the puzzle (expert: while search still proves it unique and reasoning
with a few trial steps still solves it). The puzzle is accepted only when `grade()` gives exactly
the requested level; otherwise a fresh attempt starts from a new derived seed. The result depends
on the seed alone: every random choice comes from generators seeded by `derive_seed(seed, ...)`,
never from global state or the clock.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

from pipeline.errors import PuzzleBookError
from pipeline.kinds.hidato.board import Adjacency, Board, Mask, kind_name
from pipeline.kinds.hidato.dig import dig
from pipeline.kinds.hidato.grade import LEVELS, grade
from pipeline.kinds.hidato.path import hamiltonian_path, path_problem
from pipeline.kinds.hidato.rigid import EFFORT_PER_CELL, rigid_path
from pipeline.seeds import derive_seed


@dataclass(frozen=True)
class Recipe:
    """How a level is dug: which reasoning must still finish, on how rigid a path, down to what density."""

    max_level: str
    """Removals are kept while reasoning up to this level solves the puzzle ("expert": search proves
    it unique and reasoning within the trial budget still solves it)."""
    rigidity: int
    """Reshaping moves per cell for the path (0: the path as drawn). Rigid paths dig far sparser."""
    floor_ratio: float = 0.0
    """Stop digging at this share of givens, so that an easy puzzle keeps enough to stay relaxed."""
    swap_budget: int = 0
    """Uniqueness tests spent on swaps after the greedy passes (expert only)."""
    trials_per_cell: float = 0.0
    """Expert only: the trial steps a puzzle may need, per open cell (rounded up; 0: no cap)."""


RECIPES: dict[str, Recipe] = {
    "easy": Recipe("easy", rigidity=0, floor_ratio=0.40),
    "medium": Recipe("medium", rigidity=0),
    "hard": Recipe("hard", rigidity=EFFORT_PER_CELL),
    "expert": Recipe("expert", rigidity=EFFORT_PER_CELL, swap_budget=60, trials_per_cell=1 / 8),
}
MAX_ATTEMPTS = 12
"""Fresh paths tried before a level is declared out of reach for this shape."""


def generate(mask: Mask, adjacency: Adjacency, difficulty: str, seed: int, *, shape: str = "custom") -> dict:
    """A unique puzzle graded `difficulty`, as a plain JSON-ready record.

    Each attempt draws a new path from its own derived seed; the attempt count is recorded.
    Raises PuzzleBookError when the shape cannot hold a path or the level stays out of reach.
    """
    if difficulty not in RECIPES:
        raise PuzzleBookError(f"unknown difficulty {difficulty!r}; allowed: {', '.join(LEVELS)}")
    problem = path_problem(mask, adjacency)
    if problem:
        raise PuzzleBookError(f"shape {shape!r} cannot be a {kind_name(adjacency)} puzzle: {problem}")
    recipe = RECIPES[difficulty]
    levels_seen: list[str] = []
    for attempt in range(1, MAX_ATTEMPTS + 1):
        rng = random.Random(derive_seed(seed, "attempt", attempt))
        path = hamiltonian_path(mask, adjacency, rng)
        if recipe.rigidity:
            path = rigid_path(mask, adjacency, path, rng, effort=recipe.rigidity)
        solution = number_path(mask, adjacency, path)
        dug = dig(
            solution,
            rng,
            max_level=recipe.max_level,
            target_givens=math.ceil(recipe.floor_ratio * solution.size),
            swap_budget=recipe.swap_budget,
            max_trials=math.ceil(recipe.trials_per_cell * solution.size) or None,
        )
        record = grade(dug.puzzle)
        if record["level"] == difficulty:
            return {
                "kind": kind_name(adjacency),
                "adjacency": adjacency,
                "shape": shape,
                "seed": seed,
                "difficulty": difficulty,
                "grid": dug.puzzle.to_json(),
                "solution": solution.to_json(),
                "grade": record,
                "attempts": attempt,
            }
        levels_seen.append(str(record["level"]))
    raise PuzzleBookError(
        f"could not make a {difficulty} {kind_name(adjacency)} puzzle on shape {shape!r} "
        f"({sum(map(sum, mask))} cells) in {MAX_ATTEMPTS} attempts (got {', '.join(sorted(set(levels_seen)))}); "
        "try another difficulty or a larger shape"
    )


def number_path(mask: Mask, adjacency: Adjacency, path: list[tuple[int, int]]) -> Board:
    """The fully numbered board: the i-th cell of the path holds i."""
    rows: list[list[int | None]] = [[0 if is_open else None for is_open in row] for row in mask]
    for number, (r, c) in enumerate(path, start=1):
        rows[r][c] = number
    return Board.from_rows(rows, adjacency)
