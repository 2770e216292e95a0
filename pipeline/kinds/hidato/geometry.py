"""How the cells of a Hidato board touch: the square grid's two ways, and the honeycomb's.

A hex board is stored as a rectangle in axial coordinates (row r, column q); its cell (r, q) touches
(r, q-1), (r, q+1), (r-1, q), (r-1, q+1), (r+1, q-1) and (r+1, q), and is drawn r half-cells right
of row 0. That is the convention other Hidato tools use, so their hex puzzles load as they are.
Pure functions of the adjacency only: no board, no search.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Literal

from pipeline import grids
from pipeline.grids import KING_STEPS, ORTHOGONAL_STEPS, Coord, Mask, open_cells

Adjacency = Literal["king", "orthogonal", "hex"]
"""`king` (8 neighbours across sides and corners), `orthogonal` (4, across sides), `hex` (6 on a honeycomb)."""
ADJACENCIES: tuple[Adjacency, ...] = ("king", "orthogonal", "hex")

HEX_STEPS: tuple[Coord, ...] = ((-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0))
"""The six axial moves, in row-major order like the square grid's."""

_STEPS: dict[str, tuple[Coord, ...]] = {"king": KING_STEPS, "orthogonal": ORTHOGONAL_STEPS, "hex": HEX_STEPS}


def steps(adjacency: Adjacency) -> tuple[Coord, ...]:
    """The (dr, dc) moves between touching cells."""
    return _STEPS[adjacency]


def distance(a: Coord, b: Coord, adjacency: Adjacency) -> int:
    """Fewest moves between two cells on an open plane: Chebyshev (king), Manhattan (orthogonal),
    or max(|dr|, |dq|, |dr + dq|) on the honeycomb."""
    dr, dc = a[0] - b[0], a[1] - b[1]
    if adjacency == "king":
        return max(abs(dr), abs(dc))
    if adjacency == "orthogonal":
        return abs(dr) + abs(dc)
    return max(abs(dr), abs(dc), abs(dr + dc))


def reach(start: Coord, cells: Iterable[Coord], adjacency: Adjacency) -> set[Coord]:
    """The cells of `cells` reachable from `start` through cells of `cells` (start included)."""
    return grids.reach(start, cells, steps(adjacency))


def mask_connected(mask: Mask, adjacency: Adjacency) -> bool:
    """True when the mask has open cells and each can reach every other one through open cells."""
    cells = open_cells(mask)
    return bool(cells) and len(reach(cells[0], cells, adjacency)) == len(cells)
