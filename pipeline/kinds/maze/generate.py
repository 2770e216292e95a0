"""Make one maze of a requested level from a board and a seed.

Each attempt carves a perfect maze with the growing tree (carve.py) at the level's dial, places the
entrance and the exit, measures what a solver meets and keeps the maze only when its grade is the
level asked for; otherwise a fresh attempt starts from the next derived seed. The dial per level
(RECIPES) puts the median maze well inside its level's band, so most first attempts are kept; small
boards vary more and take a few. The result depends on the seed alone.
"""

from __future__ import annotations

import gc
import math
import random
from functools import lru_cache
from typing import Any

from pipeline.errors import PuzzleBookError
from pipeline.kinds.maze.board import Board
from pipeline.kinds.maze.carve import carve
from pipeline.kinds.maze.grade import LEVELS, grade_measures, level_of
from pipeline.kinds.maze.maze import Maze, as_route, make_maze, route_cells
from pipeline.kinds.maze.measure import measure
from pipeline.kinds.maze.record import maze_grid
from pipeline.seeds import derive_seed

RECIPES: dict[str, float] = {"easy": 0.0, "medium": 0.5, "hard": 0.8, "expert": 1.0}
"""The growing tree's dial per level: how often it grows from the newest cell (1: the recursive
backtracker's long corridors; 0: Prim's short ones)."""
MAX_ATTEMPTS = 60
"""Mazes carved before a level is declared out of reach on a board (small boards vary most)."""


def place_ends(board: Board, rng: random.Random, goal: str) -> tuple[int, int]:
    """The entrance, drawn from the cells of the outer edge, and the exit: the centre of a round board
    (when `goal` is centre), else the edge cell farthest from the entrance as the crow flies, so the
    route crosses the board."""
    edge = board.edge
    entrance = edge[rng.randrange(len(edge))]
    if board.topology == "round" and goal == "centre":
        return entrance, 0
    x0, y0 = board.centre(entrance)

    def away(i: int) -> tuple[float, int]:
        x, y = board.centre(i)
        return math.hypot(x - x0, y - y0), -i

    return entrance, max(edge, key=away)


def carve_maze(board: Board, level: str, rng: random.Random, goal: str) -> Maze:
    links = carve(board, rng, RECIPES[level])
    entrance, exit_ = place_ends(board, rng, goal)
    return make_maze(board, links, entrance, exit_)


TRIES = 20
"""Mazes a config's check carves on a board to see that a level is within its reach."""
LEAST_HITS = 3
"""Of TRIES, the mazes that must reach the level: at that rate, 60 attempts all miss about once in
20,000 puzzles; below it a book could stop halfway."""
LARGE = 1000
"""Boards of this many cells or more vary little: a few tries tell."""


@lru_cache(maxsize=256)
def level_problem(board: Board, level: str, goal: str, shape: str) -> str | None:
    """Why `board` cannot be trusted to make `level` mazes (None when it can): carves TRIES of them
    (3 on a large board, 2 needed) and counts those of the level."""
    tries, needed = (3, 2) if board.size >= LARGE else (TRIES, LEAST_HITS)
    got: list[str] = []
    for attempt in range(1, tries + 1):
        maze = carve_maze(board, level, random.Random(derive_seed(0, "reach", attempt)), goal)
        got.append(level_of(measure(maze)))
    hits = got.count(level)
    if hits >= needed:
        return None
    others = ", ".join(sorted(set(got) - {level}, key=LEVELS.index))
    article = "an" if level[0] in "aeiou" else "a"
    made = (f"made no {level} maze in {tries} tries (only {others} ones)" if not hits else
            f"made {article} {level} maze only {'once' if hits == 1 else f'{hits} times'} in {tries} tries (the "
            f"others were {others})")
    length = "short" if LEVELS.index(level) < 2 else "long"
    return (f"shape {shape!r} ({board.size} cells) {made}: its corridors cannot run that {length} reliably; try "
            "another difficulty or a larger shape")


def generate(board: Board, level: str, seed: int, *, goal: str = "centre", shape: str = "custom") -> dict[str, Any]:
    """A maze graded `level` as a plain JSON-ready record (its grid, solution, grade and attempts).

    Raises PuzzleBookError when the board is too small for a route, or no attempt reaches the level.
    """
    if level not in RECIPES:
        raise PuzzleBookError(f"unknown difficulty {level!r}; allowed: {', '.join(LEVELS)}")
    if len(board.edge) < 2 and not (board.topology == "round" and goal == "centre"):
        raise PuzzleBookError(f"shape {shape!r} has too few cells on its edge for an entrance and an exit")
    seen: list[str] = []
    collecting = gc.isenabled()
    gc.disable()  # a giant maze makes some 40,000 small lists and tuples, none in a cycle: freed as they go,
    try:          # and the collector's passes over them (and over the whole process) cost more than the maze
        for attempt in range(1, MAX_ATTEMPTS + 1):
            rng = random.Random(derive_seed(seed, "attempt", attempt))
            maze = carve_maze(board, level, rng, goal)
            record = grade_measures(measure(maze))
            if record["level"] == level:
                route = [list(cell) for cell in as_route(maze, route_cells(maze))]
                return {"grid": maze_grid(maze), "solution": route, "grade": record, "attempts": attempt}
            seen.append(str(record["level"]))
    finally:
        if collecting:
            gc.enable()
    raise PuzzleBookError(
        f"could not make {'an' if level[0] in 'aeiou' else 'a'} {level} maze on shape {shape!r} ({board.size} cells) in {MAX_ATTEMPTS} attempts (got "
        f"{', '.join(sorted(set(seen), key=LEVELS.index))}): the board is too small for corridors that long or "
        "short; try another difficulty or a larger shape"
    )
