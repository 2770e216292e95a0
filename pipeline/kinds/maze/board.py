"""A maze's board: its cells, which of them touch, and which lie on the outer edge.

Three topologies, one shape of data (cells numbered 0..n-1 in their order, neighbour lists of numbers):
- square: the open cells of a mask (pipeline.shapes), each touching the four across its sides;
- hex: the open cells of a honeycomb mask, in hex Hidato's axial coordinates (row r drawn r half-cells
  right of row 0), each touching six: (r, q-1), (r, q+1), (r-1, q), (r-1, q+1), (r+1, q-1), (r+1, q);
- round: rings of cells around a centre cell, [ring, index], each ring split into as many cells as
  keep them about as wide as they are deep (so an outer ring has twice the cells of an inner one
  where the circle has grown enough), after Jamis Buck's polar grids.
A board knows no passages: a maze (maze.py) is a tree of passages on one.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Literal

from pipeline.grids import Coord, Mask, reach

Topology = Literal["square", "hex", "round"]
TOPOLOGIES: tuple[Topology, ...] = ("square", "hex", "round")

SQUARE_STEPS: tuple[Coord, ...] = ((-1, 0), (0, -1), (0, 1), (1, 0))
"""Up, left, right, down: the order neighbours, walls and openings are listed in."""
HEX_STEPS: tuple[Coord, ...] = ((-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0))
"""Up-left, up-right, left, right, down-left, down-right on the drawn honeycomb (axial moves)."""
MIN_RINGS = 2
MAX_RINGS = 50
"""A round board's rings, its centre cell included (50 rings: 7,387 cells)."""
MAX_SIDE = 100
MAX_CELLS = 10_000
"""A square or hex board's rectangle at most MAX_SIDE on a side, and any board at most MAX_CELLS cells
(a 100 x 100 giant): what a file or record may hold, checked before anything is built."""


MAX_CELL_MM = 1000.0
"""The widest cell a file or record may ask for, in millimetres (a page decides what it can print)."""


def board_problem(height: int, width: int) -> str | None:
    """Why a square or hex board's rectangle is too large, or None."""
    if height > MAX_SIDE or width > MAX_SIDE:
        return f"a maze is at most {MAX_SIDE} cells on a side; this one is {height} x {width}"
    return None


def rings_problem(counts: tuple[int, ...]) -> str | None:
    """Why a round board's cells per ring cannot be one, or None."""
    if len(counts) < MIN_RINGS or counts[0] != 1 or any(b < a or b % a for a, b in zip(counts, counts[1:])):
        return "the centre's ring holds 1 cell and each ring a whole multiple of the one inside it"
    if len(counts) > MAX_RINGS or sum(counts) > MAX_CELLS:
        return f"a round maze has at most {MAX_RINGS} rings and {MAX_CELLS} cells"
    return None


@dataclass(frozen=True, eq=False)
class Board:
    """The cells of one board and how they touch. Two boards are equal when their cells are."""

    topology: Topology
    cells: tuple[Coord, ...]
    """Open cells, in row-major (ring-major) order: cell number i is cells[i]."""
    neighbours: tuple[tuple[int, ...], ...]
    """For each cell, the cells it touches, in the topology's step order."""
    edge: tuple[int, ...]
    """Cells on the outer edge (a side toward the outside, not toward a hole): where an entrance or
    exit may be. A round board's are its outer ring."""
    height: int = 0
    """Square and hex: the mask's rows and columns (the rectangle the cells lie in)."""
    width: int = 0
    rings: tuple[int, ...] = ()
    """Round: the cells of each ring, the centre's 1 first."""
    index: dict[Coord, int] = field(default_factory=dict, repr=False)
    outward: dict[int, tuple[Coord, ...]] = field(default_factory=dict, repr=False)
    """Square and hex: each edge cell's steps toward the outside (never toward a hole), in step order:
    the sides its entrance or exit may open."""

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Board) and (self.topology, self.cells, self.height, self.width, self.rings) == (
            other.topology, other.cells, other.height, other.width, other.rings)

    def __hash__(self) -> int:
        return hash((self.topology, self.cells, self.height, self.width, self.rings))

    @property
    def size(self) -> int:
        return len(self.cells)

    def mask(self) -> Mask:
        """Square and hex: the outline as a mask."""
        open_cells = set(self.cells)
        return tuple(tuple((r, c) in open_cells for c in range(self.width)) for r in range(self.height))

    def centre(self, i: int) -> tuple[float, float]:
        """Where cell i's centre lies on the drawn board, in cell widths, y growing downwards; a round
        board's centre is (0, 0), ring k at radius k."""
        a, b = self.cells[i]
        if self.topology == "square":
            return b + 0.5, a + 0.5
        if self.topology == "hex":
            return b + a / 2 + 0.5, a * HEX_ROW + 0.5
        if a == 0:
            return 0.0, 0.0
        angle = 2 * math.pi * (b + 0.5) / self.rings[a]
        return (a + 0.5) * math.sin(angle), -(a + 0.5) * math.cos(angle)


HEX_ROW = math.sqrt(3) / 2
"""The distance between two rows of a honeycomb, in cell widths."""


@lru_cache(maxsize=32)
def grid_board(mask: Mask, topology: Topology) -> Board:
    """The board of a square or hex mask: open cells and their neighbours, and its outer edge (kept for
    the masks met last: a book's section makes many mazes on one board)."""
    steps = SQUARE_STEPS if topology == "square" else HEX_STEPS
    height, width = len(mask), max((len(row) for row in mask), default=0)
    cells = tuple((r, c) for r in range(height) for c in range(len(mask[r])) if mask[r][c])
    index = {cell: i for i, cell in enumerate(cells)}
    neighbours = tuple(tuple(index[(r + dr, c + dc)] for dr, dc in steps if (r + dr, c + dc) in index)
                       for r, c in cells)
    outside = exterior(mask, steps)
    outward = {i: sides for i, (r, c) in enumerate(cells)
               if (sides := tuple((dr, dc) for dr, dc in steps if (r + dr, c + dc) in outside))}
    return Board(topology, cells, neighbours, tuple(outward), height=height, width=width, index=index,
                 outward=outward)


def exterior(mask: Mask, steps: tuple[Coord, ...]) -> set[Coord]:
    """The positions outside the board: blocked cells (and a frame of positions around the mask)
    reachable from beyond the mask through blocked cells. Blocked cells enclosed by the board are
    holes, not outside: a maze does not open onto a hole."""
    height, width = len(mask), max((len(row) for row in mask), default=0)
    blocked = [(r, c) for r in range(-1, height + 1) for c in range(-1, width + 1)
               if not (0 <= r < height and 0 <= c < len(mask[r]) and mask[r][c])]
    return reach((-1, -1), blocked, steps)


def ring_counts(rings: int) -> tuple[int, ...]:
    """Cells per ring of a round board with `rings` rings (the centre's 1 first): ring k has as many
    cells as ring k-1, or twice (or more) as many once its cells would be more than about half as
    wide again as they are deep. Ring 1 has 6."""
    counts = [1]
    for k in range(1, rings):
        circumference = 2 * math.pi * k
        ratio = max(1, round(circumference / counts[-1]))
        counts.append(counts[-1] * ratio)
    return tuple(counts)


def trim(mask: Mask) -> Mask:
    """The mask without its blocked rows and columns along the outside: a board's rectangle is the
    least that holds its cells (so the text form, which cannot show a blank row, gives it back)."""
    rows = [r for r, row in enumerate(mask) if any(row)]
    columns = [c for c in range(max((len(row) for row in mask), default=0))
               if any(c < len(row) and row[c] for row in mask)]
    if not rows:
        return ()
    return tuple(tuple(c < len(mask[r]) and mask[r][c] for c in range(columns[0], columns[-1] + 1))
                 for r in range(rows[0], rows[-1] + 1))


def round_board(rings: int) -> Board:
    """The board of a round maze with `rings` rings (see ring_counts)."""
    return round_board_of(ring_counts(rings))


@lru_cache(maxsize=32)
def round_board_of(counts: tuple[int, ...]) -> Board:
    """The round board whose rings hold `counts` cells (1 first, each a multiple of the one within):
    [ring, index] cells, each touching the cells either side of it in its ring, the one inside it
    (index // ratio in the ring within) and those outside it."""
    rings = len(counts)
    cells = tuple((k, j) for k, count in enumerate(counts) for j in range(count))
    index = {cell: i for i, cell in enumerate(cells)}
    neighbours: list[tuple[int, ...]] = []
    for k, j in cells:
        around: list[int] = []
        count = counts[k]
        if k > 0:
            inner = (k - 1, j // (count // counts[k - 1]))
            around.append(index[inner])
            if count > 1:
                around += [index[(k, (j - 1) % count)], index[(k, (j + 1) % count)]]
        if k + 1 < rings:
            ratio = counts[k + 1] // count
            around += [index[(k + 1, j * ratio + t)] for t in range(ratio)]
        neighbours.append(tuple(dict.fromkeys(around)))  # a ring of 2 would list one cell twice
    edge = tuple(index[(rings - 1, j)] for j in range(counts[-1]))
    return Board("round", cells, tuple(neighbours), edge, rings=counts, index=index)
