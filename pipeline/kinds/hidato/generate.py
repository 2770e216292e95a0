"""Make one Hidato/Numbrix puzzle of a requested difficulty from a shape and a seed.

A random Hamiltonian path numbers the open cells 1..N; givens are then dug out while uniqueness is
proved. The result depends on the seed alone: every random choice comes from generators seeded by
`derive_seed(seed, ...)`, never from global state or the clock.
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
from pipeline.seeds import derive_seed


@dataclass(frozen=True)
class Recipe:
    """How far to dig for a level, and whether a removal may rely on search for its proof."""

    target_ratio: float
    allow_search: bool


RECIPES: dict[str, Recipe] = {
    "easy": Recipe(target_ratio=0.55, allow_search=False),
    "medium": Recipe(target_ratio=0.42, allow_search=False),
    "hard": Recipe(target_ratio=0.0, allow_search=False),
    "expert": Recipe(target_ratio=0.0, allow_search=True),
}
MAX_ATTEMPTS = 12
"""Fresh paths tried before a level is declared out of reach for this shape."""
NODE_LIMIT = 300
"""Search branchings allowed per removal test; a test that needs more keeps its given."""


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
        solution = number_path(mask, adjacency, hamiltonian_path(mask, adjacency, rng))
        target = math.ceil(recipe.target_ratio * solution.size)
        dug = dig(solution, rng, target_givens=target, allow_search=recipe.allow_search, node_limit=NODE_LIMIT)
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
