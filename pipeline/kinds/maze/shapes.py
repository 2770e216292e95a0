"""Which board a maze is carved on: a square-grid shape, a honeycomb shape, or a round one.

Square-grid shapes (pipeline.shapes: the families and picture files, pictures scaled to a size) give
four-neighbour cells, up to MAZE_LIMITS (a 100 x 100 giant); honeycomb shapes (hex Hidato's, the
same axial coordinates) give six-neighbour cells; `round` (size: its rings, the centre's included)
gives rings of cells around a centre. A shape that falls apart is refused with the reason.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache

from pipeline import shapes
from pipeline.errors import PuzzleBookError
from pipeline.grids import BOARD_LIMITS, BoardLimits
from pipeline.kinds.hidato import hexshapes
from pipeline.kinds.maze.board import MAX_RINGS, MIN_RINGS, Board, grid_board, round_board, trim

MAZE_LIMITS = BoardLimits(cells=10_000, side=100)
"""A maze costs little to carve and to prove, so its boards may be far larger than a puzzle's that
must be searched: a 100 x 100 giant maze (a `random` board keeps to the usual limits)."""
ROUND = "round"
DEFAULT_RINGS = 8
RANDOM_SHAPES = ("random", "hexrandom")
"""Shapes drawn anew from each puzzle's seed."""


def board_for(name: str, options: Mapping[str, object], seed: int = 0) -> Board:
    """The board of the shape `name` with `options` (only those given); the seed draws a random one."""
    if name == ROUND:
        unknown = [key for key in options if key != "size"]
        if unknown:
            raise PuzzleBookError(f"shape {ROUND!r} does not take {unknown[0]}; it takes: size (its rings)")
        rings = shapes.whole_option(ROUND, "size", options.get("size", DEFAULT_RINGS), MIN_RINGS, MAX_RINGS)
        return round_board(rings)
    if name in shapes.FAMILIES or name in hexshapes.FAMILIES:
        return _family_board(name, tuple(sorted(options.items())), seed)
    return _board(name, options, seed)  # a picture file: read each time (./shapes may change meanwhile)


@lru_cache(maxsize=64)
def _family_board(name: str, options: tuple[tuple[str, object], ...], seed: int) -> Board:
    """A parametric family's board: a function of its arguments alone, so made once per process."""
    return _board(name, dict(options), seed)


def _board(name: str, options: Mapping[str, object], seed: int) -> Board:
    given = shapes.given_options(options)
    if hexshapes.is_hex_shape(name):
        return grid_board(trim(hexshapes.make_hex_mask(name, **given, seed=seed)), "hex")
    # A random board is drawn anew for each maze, keeping the rules its family has for every kind (one
    # piece, few dead ends): past the usual 1,600 cells that takes seconds a board, so it keeps to them.
    limits = BOARD_LIMITS if name in RANDOM_SHAPES else MAZE_LIMITS
    mask = shapes.make_mask(name, **given, seed=seed, adjacency="orthogonal", limits=limits)
    return grid_board(trim(mask), "square")


def settings(name: str, options: Mapping[str, object]) -> dict[str, object]:
    """The parameters to record in metadata: those given, plus the size a family chose by itself."""
    if name == ROUND:
        return {"size": DEFAULT_RINGS, **options}
    if hexshapes.is_hex_shape(name):
        return hexshapes.settings(name, dict(options))
    return shapes.shape_settings(name, dict(options))
