"""Honeycomb board outlines: six families and the hex picture files in shapes/.

Hex boards live in axial coordinates (see geometry.py): a mask is a rectangle of rows, row r drawn
r half-cells right of row 0, so a hexagon of side R is a (2R-1) x (2R-1) rectangle with two corners
blocked. The square grid's shapes (pipeline.shapes) know nothing of these; this module is their
counterpart for the hex kind, with the same rules: a mask depends only on its arguments, is
connected, and a bad option is refused at once with what is allowed.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Final

from pipeline import shapes
from pipeline.errors import PuzzleBookError
from pipeline.grids import MAX_SIDE, MAX_SQUARE, Coord, Mask, blank_grid
from pipeline.kinds.hidato.geometry import (
    HEX_STEPS,
    distance,
    mask_connected,
    reach,
)
from pipeline.kinds.hidato.textformat import format_honeycomb

HEX: Final = "hex"
"""The adjacency these boards have, and the mark (`; adjacency=hex`) on a hex picture file's first line."""

FAMILIES = ("hexagon", "triangle", "parallelogram", "hexstar", "hexring", "hexrandom")
OPTIONS: dict[str, tuple[str, ...]] = {
    "hexagon": ("size",),
    "triangle": ("size",),
    "parallelogram": ("size", "width", "height"),
    "hexstar": ("size",),
    "hexring": ("size", "width"),
    "hexrandom": ("size", "ratio"),
}
"""The options each family takes besides `seed` (which only 'hexrandom' uses)."""
DEFAULT_SIZE = {"hexagon": 5, "triangle": 10, "parallelogram": 7, "hexstar": 4, "hexring": 6, "hexrandom": 6}
MIN_SIZE = {"hexagon": 2, "triangle": 2, "parallelogram": 2, "hexstar": 2, "hexring": 3, "hexrandom": 3}
MAX_SIZE = {
    "hexagon": (MAX_SQUARE + 1) // 2,
    "triangle": MAX_SQUARE,
    "parallelogram": MAX_SQUARE,
    "hexstar": (MAX_SQUARE + 3) // 4,
    "hexring": (MAX_SQUARE + 1) // 2,
    "hexrandom": (MAX_SQUARE + 1) // 2,
}
"""Each family's largest size whose square stays within the board limit (grids.MAX_CELLS); a
parallelogram's width and height may each run to grids.MAX_SIDE within that area."""
DEFAULT_RATIO = 0.1
RANDOM_ATTEMPTS = 20


def is_hex_shape(name: str) -> bool:
    """A hex family, or a picture file marked `; adjacency=hex` (only the file that name finds is read)."""
    if name in FAMILIES:
        return True
    path = shapes.picture_file(name)
    return path is not None and shapes.picture_adjacency(path) == HEX


def hex_shape_names() -> list[str]:
    """The hex families, then the hex picture files."""
    return [*FAMILIES, *(name for name in shapes.picture_names(HEX) if name not in FAMILIES)]


def make_hex_mask(
    name: str,
    size: int | None = None,
    *,
    width: int | None = None,
    height: int | None = None,
    arm: int | None = None,
    ratio: float | None = None,
    seed: int = 0,
) -> Mask:
    """The hex mask called `name`, checked to be connected.

    Families (size defaults in DEFAULT_SIZE, allowed MIN_SIZE..MAX_SIZE):
      hexagon        a regular hexagon of side `size` (3s^2 - 3s + 1 cells).
      triangle       a triangle of side `size`, point down (s(s+1)/2 cells).
      parallelogram  `height` rows of `width` cells (both default `size`), drawn as a rhombus.
      hexstar        a hexagram: a hexagon of side `size` with a triangle of side `size` - 1 on each
                     of its sides (6s^2 - 6s + 1 cells).
      hexring        a hexagon of side `size` less a hexagonal hole, leaving a band `width` cells
                     thick (default half the side, rounded up; at most size - 1).
      hexrandom      a hexagon of side `size` with round(ratio * cells) cells blocked (ratio default
                     0.1), drawn from random.Random(seed); the open cells stay connected with at
                     most two dead ends.
    Any other name is a hex picture file NAME.txt in ./shapes or among the shipped masks: its first
    line is `; adjacency=hex`, then rows of '.' and '#' (indented as a honeycomb or not).
    """
    options = {"size": size, "width": width, "height": height, "arm": arm, "ratio": ratio}
    given = [key for key, value in options.items() if value is not None]
    if name in FAMILIES:
        unknown = [key for key in given if key not in OPTIONS[name]]
        if unknown:
            raise PuzzleBookError(f"shape {name!r} does not take {unknown[0]}; it takes: {', '.join(OPTIONS[name])}")
        mask = _family(name, size, width, height, ratio, seed)
    else:
        mask = _picture(name)
        if given:
            raise PuzzleBookError(f"shape {name!r} is drawn in a picture file, so it takes no {given[0]}")
    if not mask_connected(mask, HEX):
        raise PuzzleBookError(f"shape {name!r} falls apart: its open cells are not connected on the honeycomb")
    return mask


def preview(mask: Mask) -> str:
    """A honeycomb picture of the mask ('#' blocked, '.' open), itself a valid hex picture file body."""
    return format_honeycomb(blank_grid(mask))


def settings(name: str, options: dict[str, object]) -> dict[str, object]:
    """The parameters to record in metadata: those given, plus the size a family chose by itself."""
    if name in FAMILIES and "size" not in options:
        return {"size": DEFAULT_SIZE[name], **options}
    return dict(options)


# ------------------------------------------------------------------------------------ families


def _family(name: str, size: int | None, width: int | None, height: int | None, ratio: float | None,
            seed: int) -> Mask:
    n = shapes.whole_option(name, "size", DEFAULT_SIZE[name] if size is None else size, MIN_SIZE[name], MAX_SIZE[name])
    if name == "hexagon":
        return _around_centre(n - 1, lambda d: True)
    if name == "triangle":
        return shapes.from_rule(n, n, lambda r, q: r + q <= n - 1)
    if name == "parallelogram":
        rows = shapes.whole_option(name, "height", n if height is None else height, MIN_SIZE[name], MAX_SIDE)
        columns = shapes.whole_option(name, "width", n if width is None else width, MIN_SIZE[name], MAX_SIDE)
        return shapes.from_rule(*shapes.within_area(name, rows, columns), lambda r, q: True)
    if name == "hexstar":
        return _hexstar(n - 1)
    if name == "hexring":
        band = shapes.whole_option(name, "width", (n + 1) // 2 if width is None else width, 1, n - 1)
        return _around_centre(n - 1, lambda d: d >= n - band)
    return _random(n, shapes.ratio_option(name, DEFAULT_RATIO if ratio is None else ratio), seed)


def _around_centre(radius: int, keep: Callable[[int], bool]) -> Mask:
    """The cells within `radius` of the centre of a (2 radius + 1) square whose distance d passes `keep`."""
    side = 2 * radius + 1
    centre = (radius, radius)

    def is_open(r: int, q: int) -> bool:
        d = distance((r, q), centre, HEX)
        return d <= radius and keep(d)

    return shapes.from_rule(side, side, is_open)


def _hexstar(a: int) -> Mask:
    """Two triangles of side 3a + 1 pointing opposite ways about one centre: their union is a hexagram,
    their overlap the hexagon of side a + 1. In cube coordinates (x, z, -x-z) about the centre, one
    triangle is x, z, -x-z <= a and the other x, z, -x-z >= -a."""
    side = 4 * a + 1
    c = 2 * a

    def is_open(r: int, q: int) -> bool:
        x, z = q - c, r - c
        y = -x - z
        return max(x, y, z) <= a or min(x, y, z) >= -a

    return shapes.from_rule(side, side, is_open)


def _random(n: int, ratio: float, seed: int) -> Mask:
    """A hexagon of side n with cells blocked in a seeded shuffled order, skipping any whose loss
    would disconnect the board or leave more than two dead ends."""
    rng = random.Random(seed)
    hexagon = _around_centre(n - 1, lambda d: True)
    cells = [(r, q) for r, row in enumerate(hexagon) for q, is_open in enumerate(row) if is_open]
    target = round(ratio * len(cells))
    for _ in range(RANDOM_ATTEMPTS):
        blocked = _carve(set(cells), target, rng)
        if blocked is not None:
            return tuple(tuple(is_open and (r, q) not in blocked for q, is_open in enumerate(row))
                         for r, row in enumerate(hexagon))
    raise PuzzleBookError(
        f"could not block {target} of the {len(cells)} cells of a random hexagon of side {n} and keep it "
        "connected with at most two dead ends; try a lower ratio or another seed"
    )


def _carve(open_cells: set[Coord], count: int, rng: random.Random) -> set[Coord] | None:
    """Block `count` cells, each time the first allowed one in a shuffled order; None when stuck."""
    order = sorted(open_cells)
    rng.shuffle(order)
    blocked: set[Coord] = set()
    for _ in range(count):
        cell = next((cell for cell in order if cell in open_cells and _can_block(cell, open_cells)), None)
        if cell is None:
            return None
        open_cells.discard(cell)
        blocked.add(cell)
    return blocked


def _neighbours(cell: Coord, open_cells: set[Coord]) -> list[Coord]:
    return [(cell[0] + dr, cell[1] + dq) for dr, dq in HEX_STEPS if (cell[0] + dr, cell[1] + dq) in open_cells]


def _can_block(cell: Coord, open_cells: set[Coord]) -> bool:
    rest = open_cells - {cell}
    around = _neighbours(cell, open_cells)
    if any(len(_neighbours(nb, rest)) == 0 for nb in around):
        return False
    dead_ends = sum(len(_neighbours(other, rest)) == 1 for other in rest)
    return dead_ends <= 2 and len(reach(around[0], rest, HEX)) == len(rest)


# ------------------------------------------------------------------------------------ picture files


def _picture(name: str) -> Mask:
    """A hex picture file: `; adjacency=hex` first, then one board of '.' (open) and '#' (blocked)."""
    path = shapes.picture_file(name)
    if path is None or shapes.picture_adjacency(path) != HEX:
        if path is not None or name in shapes.shape_names():
            raise PuzzleBookError(
                f"shape {name!r} is a square-grid shape; hex boards take: {', '.join(hex_shape_names())}"
            )
        raise PuzzleBookError(f"unknown hex shape {_shown(name)}; hex shapes: {', '.join(hex_shape_names())}")
    return shapes.read_mask(path)


def _shown(name: str) -> str:
    return repr(name) if len(name) <= 40 else repr(name[:30] + "...")
