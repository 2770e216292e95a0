"""Who a maze is: the same walls, entrance and exit, whichever way up its board is printed.

A solver knows a maze by its walls and its two ends: turned or mirrored onto itself by the board's
symmetries (a square's 8, a rectangle's 4, a honeycomb's 12, a round board's turns by a cell of its
first ring and their mirror images), it is the same maze. So the fingerprint is the least encoding of
the maze over the symmetries that map the board onto itself. The route adds nothing (a maze has one),
so there is no solution digest.
"""

from __future__ import annotations

from functools import lru_cache

from pipeline.grids import Coord
from pipeline.kinds.base import Fingerprint, digest
from pipeline.kinds.maze.board import Board
from pipeline.kinds.maze.maze import Maze

SQUARE_MAPS = ((1, 0, 0, 1), (0, 1, -1, 0), (-1, 0, 0, -1), (0, -1, 1, 0),
               (-1, 0, 0, 1), (1, 0, 0, -1), (0, 1, 1, 0), (0, -1, -1, 0))
"""The square's rotations and reflections: (r, c) -> (a r + b c, c r + d c), moved back to the origin."""


def maze_fingerprint(kind: str, maze: Maze) -> Fingerprint:
    return Fingerprint(puzzle=digest([kind, maze.board.topology, least_form(maze)]), solution=None)


def least_form(maze: Maze) -> list[object]:
    """The maze's least encoding over its board's symmetries: [entrance, exit, each cell's openings]."""
    return min(encode(maze, perm) for perm in symmetries(maze.board))


def encode(maze: Maze, perm: tuple[int, ...]) -> list[object]:
    """The maze with cell i renumbered perm[i]: its ends, then for each new cell in order the new
    numbers of the cells it opens onto, ascending."""
    n = maze.size
    back = [0] * n
    for old, new in enumerate(perm):
        back[new] = old
    links = maze.links
    return [perm[maze.entrance], perm[maze.exit],
            [sorted(perm[other] for other in links[back[new]]) for new in range(n)]]


def symmetries(board: Board) -> tuple[tuple[int, ...], ...]:
    """The renumberings of the board's cells (perm[i]: the cell i lands on) by each symmetry that maps
    the board onto itself, the identity first."""
    return _symmetries(board)


@lru_cache(maxsize=64)
def _symmetries(board: Board) -> tuple[tuple[int, ...], ...]:
    if board.topology == "round":
        images = _round_images(board)
    else:
        images = [_normalised([_hex_map(cell, k) for cell in board.cells]) if board.topology == "hex" else
                  _normalised([(a * r + b * c, cc * r + d * c) for r, c in board.cells])
                  for k, (a, b, cc, d) in enumerate(SQUARE_MAPS if board.topology == "square" else [(0, 0, 0, 0)] * 12)]
    # The images lie at the origin; so does the board as compared with them (a file may draw it further in).
    base = list(board.cells) if board.topology == "round" else _normalised(list(board.cells))
    index = {cell: i for i, cell in enumerate(base)}
    found: list[tuple[int, ...]] = []
    for image in images:
        if set(image) != set(base):
            continue
        perm = tuple(index[cell] for cell in image)
        if perm not in found:
            found.append(perm)
    return tuple(found)


def _normalised(cells: list[Coord]) -> list[Coord]:
    top = min(r for r, _ in cells)
    left = min(c for _, c in cells)
    return [(r - top, c - left) for r, c in cells]


def _hex_map(cell: Coord, k: int) -> Coord:
    """The k-th of the honeycomb's 12 symmetries (6 turns, then the same mirrored), on axial (r, q)."""
    r, q = cell
    x, z = q, r
    y = -x - z
    for _ in range(k % 6):  # a sixth of a turn: (x, y, z) -> (-z, -x, -y)
        x, y, z = -z, -x, -y
    if k >= 6:  # mirrored: swap x and z
        x, z = z, x
    return z, x


def _round_images(board: Board) -> list[list[Coord]]:
    """Turns of a round board by whole cells of its first ring, each also mirrored."""
    counts = board.rings
    first = counts[1]
    images = []
    for mirror in (False, True):
        for turn in range(first):
            image = []
            for k, j in board.cells:
                count = counts[k]
                moved = (j + turn * (count // first)) % count if k else 0
                image.append((k, count - 1 - moved if mirror and k else moved))
            images.append(image)
    return images
