"""Who a Hidato, Numbrix or hex Hidato puzzle is, whichever way up it is printed: its canonical form.

Two puzzles are the same when one maps onto the other by a symmetry of the lattice (the square's 8
rotations and reflections, the honeycomb's 12) and, since a path read backwards is a path, by
numbering it the other way (k -> N + 1 - k). The board's outline is part of the puzzle: a random
board turned a quarter is the same puzzle turned. Boards are small (at most 1600 cells), so the form
is exact, by brute force: every symmetry and both numberings map the board's cells and their
numbers, the image is moved to the origin and sorted, and the least image is the puzzle's. Same
puzzles share it by construction, and different ones never do (only their 64-bit digests might).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from itertools import permutations

from pipeline.kinds.base import Fingerprint, digest
from pipeline.kinds.hidato.geometry import Adjacency

FEW_CELLS = 36
"""Boards of at most this many cells hold so few paths up to symmetry (a 5x5 Numbrix a few hundred)
that a book may ask for more distinct puzzles than exist."""

Rows = Sequence[Sequence[int | None]]
"""A grid as records hold it: rows of cells, None outside the board, 0 blank, else a number."""
Numbered = tuple[int, int, int]
"""One cell of the board: (row, column, its number or 0), the row and column counted from the origin."""
Linear = tuple[int, int, int, int]
"""A lattice symmetry as a matrix (a, b, c, d): (row, column) -> (a row + b column, c row + d column)."""


def path_fingerprint(kind: str, adjacency: Adjacency, puzzle: Rows, solution: Rows) -> Fingerprint:
    """The puzzle's digest from its givens on its board, the solution's from its full numbering, each
    the digest of its canonical form, named by the kind (a Numbrix is no Hidato of the same board)."""
    return Fingerprint(puzzle=digest([kind, "puzzle", canonical(puzzle, adjacency)]),
                       solution=digest([kind, "solution", canonical(solution, adjacency)]))


def few_puzzles(cells: int) -> bool:
    """Whether a board of `cells` cells has few enough paths that a book may run out of distinct ones."""
    return cells <= FEW_CELLS


def canonical(grid: Rows, adjacency: Adjacency) -> list[list[int]]:
    """The least image of the board's numbered cells over the lattice's symmetries, the numbering as
    it is and reversed: [row, column, number or 0] for each cell, sorted, moved to the origin."""
    cells = [(r, c, number) for r, row in enumerate(grid) for c, number in enumerate(row) if number is not None]
    last = len(cells) + 1
    images = []
    for a, b, c, d in symmetries(adjacency):
        turned = [(a * r + b * q, c * r + d * q, number) for r, q, number in cells]
        top = min(r for r, _, _ in turned)
        left = min(q for _, q, _ in turned)
        images.append(sorted((r - top, q - left, number) for r, q, number in turned))
        images.append(sorted((r - top, q - left, last - number if number else 0) for r, q, number in turned))
    return [list(cell) for cell in min(images)] if cells else []


@cache
def symmetries(adjacency: Adjacency) -> tuple[Linear, ...]:
    """The lattice's symmetries about a cell: the square's 8 signed permutations of (row, column), or
    the honeycomb's 12. Hex boards are axial (row r, column q, drawn r half-cells right of row 0): in
    cube coordinates (x, y, z) = (q, -q - r, r) the honeycomb's symmetries are the permutations of
    x, y and z, each with or without a change of all three signs."""
    if adjacency != "hex":
        return ((1, 0, 0, 1), (0, 1, -1, 0), (-1, 0, 0, -1), (0, -1, 1, 0),
                (-1, 0, 0, 1), (1, 0, 0, -1), (0, 1, 1, 0), (0, -1, -1, 0))
    found = []
    for order in permutations(range(3)):
        for sign in (1, -1):
            (a, c), (b, d) = _hex_image((1, 0), order, sign), _hex_image((0, 1), order, sign)
            found.append((a, b, c, d))
    return tuple(found)


def _hex_image(cell: tuple[int, int], order: tuple[int, ...], sign: int) -> tuple[int, int]:
    """Where the honeycomb symmetry (`order` of the cube axes, `sign`) takes an axial cell."""
    r, q = cell
    cube = (q, -q - r, r)
    x, _, z = (sign * cube[axis] for axis in order)
    return z, x
