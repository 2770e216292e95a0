"""A word search's board: any square-grid shape (square and rectangles, cross, rhombus, mirror, cloud,
random) or mask file (heart, star, ...), from 8 to 30 cells a side. A mask file is drawn at its own
size and scaled (nearest cell) to the size asked, 15 by default, so a heart holds real words.
"""

from __future__ import annotations

from collections.abc import Mapping

from pipeline import shapes
from pipeline.errors import PuzzleBookError
from pipeline.grids import Mask
from pipeline.seeds import derive_seed

DEFAULT_SIZE = 15
MIN_SIDE, MAX_SIDE = 8, 30
RANDOM = "random"


def board_mask(shape: Mapping[str, object], seed: int = 0) -> Mask:
    """The open cells of `shape` ({"name", and the options given}); PuzzleBookError when it cannot be
    a word search board."""
    name = str(shape["name"])
    options = shapes.given_options({key: value for key, value in shape.items() if key != "name"})
    if name in shapes.FAMILIES:
        if "size" not in options and not ({"width", "height"} & set(options)):
            options["size"] = DEFAULT_SIZE
        mask = shapes.make_mask(name, **options, seed=derive_seed(seed, "board") if name == RANDOM else 0)
    else:
        size = options.pop("size", DEFAULT_SIZE)
        if options:
            raise PuzzleBookError(f"shape {name!r} is drawn in a file, so it takes only a size, not {next(iter(options))}")
        mask = without_spurs(scaled(shapes.make_mask(name), int(size)))
    height, width = len(mask), max(len(row) for row in mask)
    if not (MIN_SIDE <= height <= MAX_SIDE and MIN_SIDE <= width <= MAX_SIDE):
        raise PuzzleBookError(f"shape {name!r} is {height}x{width}; a word search board is {MIN_SIDE} to "
                              f"{MAX_SIDE} cells a side")
    return mask


def scaled(mask: Mask, size: int) -> Mask:
    """`mask` scaled so its longer side is `size` cells (nearest cell), keeping its proportions."""
    if not MIN_SIDE <= size <= MAX_SIDE:
        raise PuzzleBookError(f"a word search board is {MIN_SIDE} to {MAX_SIDE} cells a side, got size {size}")
    return shapes.nearest_mask(mask, size)


def without_spurs(mask: Mask) -> Mask:
    """`mask` without the spurs scaling leaves (a heart's point two cells long): open cells touching at
    most one other open cell, even diagonally, are closed until none is left; then cropped to its cells."""
    cells = {(r, c) for r, row in enumerate(mask) for c, open_ in enumerate(row) if open_}
    while True:
        spurs = {(r, c) for r, c in cells
                 if sum((r + dr, c + dc) in cells for dr in (-1, 0, 1) for dc in (-1, 0, 1) if dr or dc) <= 1}
        if not spurs:
            break
        cells -= spurs
    if not cells:
        return mask
    rows = range(min(r for r, _ in cells), max(r for r, _ in cells) + 1)
    columns = range(min(c for _, c in cells), max(c for _, c in cells) + 1)
    return tuple(tuple((r, c) in cells for c in columns) for r in rows)


def runs(mask: Mask, directions: tuple[tuple[int, int], ...]) -> int:
    """The longest straight run of open cells along any of `directions`: the longest word that fits."""
    height, width = len(mask), max(len(row) for row in mask)

    def open_(r: int, c: int) -> bool:
        return 0 <= r < height and 0 <= c < len(mask[r]) and mask[r][c]

    best = 0
    for dr, dc in directions:
        for r in range(height):
            for c in range(width):
                if open_(r, c) and not open_(r - dr, c - dc):
                    length = 0
                    while open_(r + length * dr, c + length * dc):
                        length += 1
                    best = max(best, length)
    return best
