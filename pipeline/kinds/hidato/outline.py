"""The board outline of a Hidato-family puzzle: a square-grid shape (pipeline.shapes) for Hidato and
Numbrix, a honeycomb shape (hexshapes) for hex Hidato, with a clear refusal when the two are mixed.
"""

from __future__ import annotations

from pipeline import shapes
from pipeline.errors import PuzzleBookError
from pipeline.grids import Mask
from pipeline.kinds.hidato import hexshapes
from pipeline.kinds.hidato.board import KIND_NAMES, Adjacency
from pipeline.shapes import DEFAULT_SHAPE, given_options, shape_settings

RANDOM_SHAPES = ("random", "hexrandom")
"""Shapes drawn anew from each puzzle's seed; every other shape is fixed by its parameters."""


def board_mask(name: str, adjacency: Adjacency, *, seed: int = 0, **options: object) -> Mask:
    """The outline called `name` for boards of `adjacency`; PuzzleBookError for a shape of the other grid."""
    if adjacency == hexshapes.HEX:
        return hexshapes.make_hex_mask(name, **given_options(options), seed=seed)
    if name in hexshapes.FAMILIES:  # (a hex picture file is refused by pipeline.shapes itself)
        raise PuzzleBookError(
            f"shape {name!r} is a honeycomb; Hidato on hex boards is the kind {KIND_NAMES['hex']!r} "
            f"(--kind {KIND_NAMES['hex']}, or kind: {KIND_NAMES['hex']} in a config)"
        )
    return shapes.make_mask(name, **given_options(options), seed=seed, adjacency=adjacency)


def default_shape(adjacency: Adjacency) -> str:
    return "hexagon" if adjacency == hexshapes.HEX else DEFAULT_SHAPE


def settings(name: str, options: dict[str, object], adjacency: Adjacency) -> dict[str, object]:
    """The parameters to record in metadata: those given, plus the size a family chose by itself."""
    if adjacency == hexshapes.HEX:
        return hexshapes.settings(name, options)
    return shape_settings(name, options)
