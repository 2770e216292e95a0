"""Boards as cell grids, before any puzzle is on them: outlines (masks), the ways cells touch, connectivity.

Shared by the shapes, the kinds whose boards take shapes, and the text forms of grids. Plain data and
small pure functions only: it knows no puzzle rules and never searches.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Literal

MAX_CELLS = 1600
"""Boards may hold at most this many cells, blocked ones included (their rectangle: rows times the
widest row), wherever they come from (shapes, configs, puzzle files): a 40x40 square, or a 3x49 strip
as Rosetta Code's snake. Larger ones do not prove unique in reasonable time; whether a board prints
legibly is the page layout's question (it refuses what would print too small)."""
MAX_SIDE = 100
"""And at most this many cells on a side: long strips are published boards too."""
MAX_SQUARE = 40
"""The largest square side within MAX_CELLS: the size limit of shapes drawn in a square."""


@dataclass(frozen=True)
class BoardLimits:
    """How large a board may be. Most kinds keep to MAX_CELLS (their proofs search); a kind whose
    boards cost little to make and prove may allow more."""

    cells: int = MAX_CELLS
    side: int = MAX_SIDE

    @property
    def square(self) -> int:
        """The largest square side within the limits: the size limit of shapes drawn in a square."""
        return min(self.side, math.isqrt(self.cells))


BOARD_LIMITS = BoardLimits()
"""The limits every kind keeps to unless it says otherwise."""


def area_problem(height: int, width: int, limits: BoardLimits = BOARD_LIMITS) -> str | None:
    """Why a board of this rectangle is too big (side or area), or None when it is within the limits."""
    if height > limits.side or width > limits.side:
        return f"a board may be at most {limits.side} cells on a side; this one is {height} x {width}"
    if height * width > limits.cells:
        strip = limits.cells // limits.side
        example = f"like {limits.square} x {limits.square} or {strip} x {limits.side}" if strip < limits.side else \
            f"like {limits.square} x {limits.square}"
        return (f"a board may hold at most {limits.cells} cells (rows times columns, {example}); "
                f"this one is {height} x {width} = {height * width}")
    return None

Adjacency = Literal["king", "orthogonal"]
"""How cells touch: `king` also across corners (8 neighbours), `orthogonal` across sides only (4)."""
ADJACENCIES: tuple[Adjacency, ...] = ("king", "orthogonal")

Coord = tuple[int, int]
"""(row, column), 0-based."""
Mask = tuple[tuple[bool, ...], ...]
"""A board's outline: True where a cell is open (part of the puzzle)."""
Cell = int | None
"""None is a blocked cell, 0 an empty one, a positive integer a number written in it."""
Grid = tuple[tuple[Cell, ...], ...]

KING_STEPS: tuple[Coord, ...] = ((-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1))
ORTHOGONAL_STEPS: tuple[Coord, ...] = ((-1, 0), (0, -1), (0, 1), (1, 0))


def steps(adjacency: Adjacency) -> tuple[Coord, ...]:
    """The (dr, dc) moves between touching cells: 8 under king adjacency, 4 under orthogonal."""
    return KING_STEPS if adjacency == "king" else ORTHOGONAL_STEPS


def distance(a: Coord, b: Coord, adjacency: Adjacency) -> int:
    """Fewest moves between two cells on an open plane: Chebyshev (king) or Manhattan (orthogonal)."""
    dr, dc = abs(a[0] - b[0]), abs(a[1] - b[1])
    return max(dr, dc) if adjacency == "king" else dr + dc


def open_cells(mask: Mask) -> list[Coord]:
    """The open cells in row-major order."""
    return [(r, c) for r, row in enumerate(mask) for c, is_open in enumerate(row) if is_open]


def mask_connected(mask: Mask, adjacency: Adjacency) -> bool:
    """True when the mask has open cells and each can reach every other one through open cells."""
    cells = open_cells(mask)
    return bool(cells) and len(reach(cells[0], cells, steps(adjacency))) == len(cells)


def reach(start: Coord, cells: Iterable[Coord], moves: Sequence[Coord]) -> set[Coord]:
    """The cells of `cells` reachable from `start` through cells of `cells` by `moves` (start included)."""
    allowed = set(cells)
    seen = {start}
    todo = [start]
    while todo:
        r, c = todo.pop()
        for dr, dc in moves:
            nb = (r + dr, c + dc)
            if nb in allowed and nb not in seen:
                seen.add(nb)
                todo.append(nb)
    return seen


def mask_of(grid: Grid) -> Mask:
    """The outline of a grid: open wherever a cell is not blocked."""
    return tuple(tuple(cell is not None for cell in row) for row in grid)


def blank_grid(mask: Mask) -> Grid:
    """A grid with every open cell empty (0) and every other cell blocked (None)."""
    return tuple(tuple(0 if is_open else None for is_open in row) for row in mask)
