"""Board outlines (masks): six parametric families and the picture files in shapes/.

A mask depends only on its arguments ('random' draws from random.Random(seed) alone). This module
never judges whether a puzzle fits a mask: that is the question of the kind that uses the shape.
"""

from __future__ import annotations

import difflib
import math
import random
import re
from collections.abc import Callable, Mapping
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Required, TypedDict, cast

from pipeline.errors import PuzzleBookError
from pipeline.grids import (
    ADJACENCIES,
    BOARD_LIMITS,
    MAX_SQUARE,
    Adjacency,
    BoardLimits,
    Coord,
    Mask,
    area_problem,
    blank_grid,
    mask_connected,
    mask_of,
    reach,
    steps,
)
from pipeline.gridtext import format_grid, read_blocks
from pipeline.textfile import read_text_file

FAMILIES = ("square", "cross", "rhombus", "mirror", "cloud", "random")
OPTIONS = {
    "square": ("size", "width", "height"),
    "cross": ("size", "arm"),
    "rhombus": ("size",),
    "mirror": ("size",),
    "cloud": ("size",),
    "random": ("size", "ratio"),
}
"""The options each family takes besides `seed` and `adjacency` (which only 'random' uses)."""
DEFAULT_SIZE = {"square": 8, "cross": 9, "rhombus": 9, "mirror": 8, "cloud": 8, "random": 8}
MIN_SIZE = {"square": 2, "cross": 3, "rhombus": 3, "mirror": 3, "cloud": 6, "random": 2}
MAX_SIZE = MAX_SQUARE
"""Every family's `size` draws it in a size x size square, so the board limit (grids.MAX_CELLS) caps it;
a square's width and height may each run to grids.MAX_SIDE within that area."""
DEFAULT_RATIO = 0.1
MAX_RATIO = 0.5
RANDOM_ATTEMPTS = 20

PROJECT_SHAPES = Path(str(resources.files("pipeline") / "masks"))
"""The masks the package ships (package data, so an installed wheel has them too)."""
_NAME = re.compile(r"[A-Za-z0-9_-]{1,64}")
_ADJACENCY_MARK = re.compile(r"\s*;.*?\badjacency=([A-Za-z]+)")
_HEADER_BYTES = 200
"""A picture file's name: letters, digits, '_' and '-', at most 64 of them (longer names are no file)."""


class ShapeOptions(TypedDict, total=False):
    """A shape's parameters, only those given, as make_mask (and a kind's own shapes) take them."""

    size: int
    width: int
    height: int
    arm: int
    ratio: float


class ShapeGiven(ShapeOptions):
    """A board as a job holds it: the shape's name, and only the parameters given."""

    name: Required[str]


def given_options(given: Mapping[str, object]) -> ShapeOptions:
    """A shape's parameters held as plain data (a job's, a config's, the command line's) as make_mask
    takes them. ShapeSpec (kinds/section.py) or argparse checked each value's type on the way in; a
    key no shape knows is kept, for make_mask to refuse as before."""
    return cast(ShapeOptions, dict(given))


def make_mask(
    name: str,
    size: int | None = None,
    *,
    width: int | None = None,
    height: int | None = None,
    arm: int | None = None,
    ratio: float | None = None,
    seed: int = 0,
    adjacency: Adjacency = "king",
    limits: BoardLimits = BOARD_LIMITS,
) -> Mask:
    """The mask called `name`, checked to be connected under `adjacency` and to keep within `limits`.

    Families (size defaults in DEFAULT_SIZE, allowed MIN_SIZE..MAX_SIZE):
      square   size x size; `width`/`height` override either side.
      cross    a plus sign in a size x size box; `arm` is its width, with the parity of size so the
               cross is symmetric; default the nearest such width to size/3 that is at least 2
               where possible, as one-cell arms end in dead ends (9 -> 3, 8 -> 2, 5 -> 3, 3 -> 1).
      rhombus  a diamond, |r-m|+|c-m| <= m for odd size; even sizes get two-cell tips.
      mirror   a square with its main diagonal blocked (connected only under king adjacency).
      cloud    overlapping squares stepping two cells down the diagonal, each one cell smaller,
               the first about 0.6 of the side (8 gives the classic 40-cell cloud); 55-76%
               of the box is open.
      random   a square with round(ratio * size**2) cells blocked (ratio default 0.1, 0 <= ratio
               < 0.5), drawn from random.Random(seed); the open cells stay connected under
               `adjacency` with at most two dead ends (cells with one open neighbour), and under
               orthogonal adjacency the chessboard colours stay balanced within one.
    Any other name is a picture file NAME.txt in ./shapes, else among the shipped masks (pipeline/masks)
    (a family's name always means the family): drawn at its own size, or with `size` scaled so that
    its longer side is `size` cells (see `scale_mask`); width, height, arm and ratio are errors.
    """
    if adjacency not in ADJACENCIES:
        raise PuzzleBookError(f"unknown adjacency {adjacency!r}; allowed: {', '.join(ADJACENCIES)}")
    options = {"size": size, "width": width, "height": height, "arm": arm, "ratio": ratio}
    given = [key for key, value in options.items() if value is not None]
    if name in FAMILIES:
        unknown = [key for key in given if key not in OPTIONS[name]]
        if unknown:
            raise PuzzleBookError(
                f"shape {name!r} does not take {unknown[0]}; it takes: {', '.join(OPTIONS[name])}"
            )
        mask = _family(name, size, width, height, arm, ratio, seed, adjacency, limits)
    else:
        path = _mask_file(name)
        fixed = [key for key in given if key != "size"]
        if fixed:
            raise PuzzleBookError(f"shape {name!r} is drawn in {path}, so it takes no {fixed[0]} (only a size, "
                                  "the cells of its longer side when scaled)")
        mask = read_mask(path)
        if size is not None:
            longest = whole_option(name, "size", size, MIN_PICTURE_SIZE, limits.side)
            mask = scale_mask(mask, longest, adjacency)
            within_area(name, len(mask), len(mask[0]), limits)
    if not mask_connected(mask, adjacency):
        raise PuzzleBookError(
            f"shape {name!r} falls apart under {adjacency} adjacency: its open cells are not connected"
        )
    return mask


def shape_names() -> list[str]:
    """The parametric families, then every square picture file's name in ./shapes and the shipped masks."""
    return [*FAMILIES, *(name for name in picture_names() if name not in FAMILIES)]


def picture_names(adjacency: str | None = None) -> list[str]:
    """The names of the picture files (./shapes first, then the project's) whose header line marks them
    for `adjacency`; None means the unmarked ones, the square grid's. Sorted, each name once."""
    names: set[str] = set()
    for folder in _mask_folders():
        if folder.is_dir():
            names.update(
                path.stem for path in folder.glob("*.txt")
                if _NAME.fullmatch(path.stem) and picture_file(path.stem) == path
                and picture_adjacency(path) == adjacency
            )
    return sorted(names)


def picture_file(name: str) -> Path | None:
    """The picture file NAME.txt that wins: ./shapes first, then the shipped masks."""
    if not _NAME.fullmatch(name):
        return None
    return next((path for folder in _mask_folders() if (path := folder / f"{name}.txt").is_file()), None)


def picture_adjacency(path: Path) -> str | None:
    """The adjacency a picture file's first line names (`; adjacency=hex`), else None (a square grid,
    whether unmarked or marked king or orthogonal).

    Boards of other geometries (a kind's own, such as hex boards) are drawn in the same folder and
    marked so; this module lists and reads only the unmarked ones."""
    try:
        with path.open(encoding="utf-8", errors="replace") as file:
            first = file.readline(_HEADER_BYTES)
    except OSError:
        return None
    match = _ADJACENCY_MARK.match(first)
    return match[1] if match and match[1] not in ADJACENCIES else None


def preview(mask: Mask) -> str:
    """A text picture of the mask ('#' blocked, '.' open), itself a valid picture file body."""
    return format_grid(blank_grid(mask))


# ------------------------------------------------------------------------------------ families


def _family(
    name: str,
    size: int | None,
    width: int | None,
    height: int | None,
    arm: int | None,
    ratio: float | None,
    seed: int,
    adjacency: Adjacency,
    limits: BoardLimits = BOARD_LIMITS,
) -> Mask:
    n = whole_option(name, "size", DEFAULT_SIZE[name] if size is None else size, MIN_SIZE[name], limits.square)
    if name == "square":
        rows = whole_option(name, "height", n if height is None else height, MIN_SIZE[name], limits.side)
        columns = whole_option(name, "width", n if width is None else width, MIN_SIZE[name], limits.side)
        return from_rule(*within_area(name, rows, columns, limits), lambda r, c: True)
    if name == "cross":
        return _cross(n, _cross_arm(n, arm))
    if name == "rhombus":
        return from_rule(n, n, lambda r, c: abs(2 * r - n + 1) + abs(2 * c - n + 1) <= 2 * (n // 2))
    if name == "mirror":
        return from_rule(n, n, lambda r, c: r != c)
    if name == "cloud":
        return _cloud(n)
    return _random(n, ratio_option(name, DEFAULT_RATIO if ratio is None else ratio), seed, adjacency)


def within_area(name: str, rows: int, columns: int, limits: BoardLimits = BOARD_LIMITS) -> tuple[int, int]:
    """(rows, columns), once checked against the board limit (the message names the shape)."""
    problem = area_problem(rows, columns, limits)
    if problem is not None:
        raise PuzzleBookError(f"shape {name!r}: {problem}")
    return rows, columns


def whole_option(name: str, option: str, value: object, low: int, high: int) -> int:
    """A shape's whole-number option, checked against its range (the message says which)."""
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise PuzzleBookError(
            f"{option} of shape {name!r} must be a whole number from {low} to {high}, got {value!r}"
        )
    return value


def ratio_option(name: str, value: object) -> float:
    """A share of cells to block: 0 up to MAX_RATIO (excluded)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 <= value < MAX_RATIO:
        raise PuzzleBookError(
            f"ratio of shape {name!r} must be a number from 0 up to {MAX_RATIO} (excluded), got {value!r}"
        )
    return float(value)


def from_rule(rows: int, columns: int, is_open: Callable[[int, int], bool]) -> Mask:
    """A rows x columns mask, open where `is_open(row, column)`."""
    return tuple(tuple(bool(is_open(r, c)) for c in range(columns)) for r in range(rows))


def _cross_arm(n: int, arm: int | None) -> int:
    """The arm width: it shares n's parity so the plus is symmetric, and leaves corners to block."""
    allowed = [a for a in range(1, n - 1) if (n - a) % 2 == 0]
    if arm is None:
        wide = [a for a in allowed if a >= 2] or allowed
        return min(wide, key=lambda a: abs(3 * a - n))
    if isinstance(arm, bool) or arm not in allowed:
        parity = "an odd" if n % 2 else "an even"
        raise PuzzleBookError(
            f"arm of a cross of size {n} must be {parity} number from {allowed[0]} to {allowed[-1]} "
            f"(the parity of size, so the cross is symmetric), got {arm!r}"
        )
    return arm


def _cross(n: int, arm: int) -> Mask:
    band = range((n - arm) // 2, (n + arm) // 2)
    return from_rule(n, n, lambda r, c: r in band or c in band)


def _cloud(n: int) -> Mask:
    """Square k has its corner at (2k, 2k) and side first - k, the last one ending at the far corner.

    The first square spans about 0.6 of the box, but at least enough for the last to be 2 cells wide.
    """
    first = max((6 * n + 5) // 10, (n + 3) // 2)
    open_cells = {
        (r, c)
        for k in range(n - first + 1)
        for r in range(2 * k, k + first)
        for c in range(2 * k, k + first)
    }
    return from_rule(n, n, lambda r, c: (r, c) in open_cells)


def _random(n: int, ratio: float, seed: int, adjacency: Adjacency) -> Mask:
    """Block cells in a seeded shuffled order, skipping any whose loss would break the rules."""
    rng = random.Random(seed)
    target = round(ratio * n * n)
    for _ in range(RANDOM_ATTEMPTS):
        blocked = _Carver(n, adjacency).carve(target, rng)
        if blocked is not None:
            return from_rule(n, n, lambda r, c: (r, c) not in blocked)
    raise PuzzleBookError(
        f"could not block {target} of the {n * n} cells of a random {n}x{n} shape and keep it connected "
        "with at most two dead ends; try a lower ratio or another seed"
    )


class _Carver:
    """Blocks cells of an n x n square one at a time, keeping the rules of the 'random' family."""

    def __init__(self, n: int, adjacency: Adjacency) -> None:
        self.moves = steps(adjacency)
        self.balance_colours = adjacency == "orthogonal"
        self.open = {(r, c) for r in range(n) for c in range(n)}
        self.degree = {cell: len(self.neighbours(cell)) for cell in self.open}
        self.dead_ends = sum(d == 1 for d in self.degree.values())
        self.surplus = n * n % 2
        """Open black cells minus open white ones ((r + c) even is black)."""

    def carve(self, count: int, rng: random.Random) -> set[Coord] | None:
        """Block `count` cells, taking the first allowed one in a shuffled order each time; None if stuck."""
        order = sorted(self.open)
        rng.shuffle(order)
        blocked: set[Coord] = set()
        for _ in range(count):
            cell = next((cell for cell in order if cell in self.open and self.can_block(cell)), None)
            if cell is None:
                return None
            self.block(cell)
            blocked.add(cell)
        return blocked

    def neighbours(self, cell: Coord) -> list[Coord]:
        r, c = cell
        return [(r + dr, c + dc) for dr, dc in self.moves if (r + dr, c + dc) in self.open]

    def can_block(self, cell: Coord) -> bool:
        if self.balance_colours and self.surplus and (sum(cell) % 2 == 0) != (self.surplus > 0):
            return False
        around = self.neighbours(cell)
        if any(self.degree[nb] == 1 for nb in around):
            return False
        dead_ends = self.dead_ends - (self.degree[cell] == 1) + sum(self.degree[nb] == 2 for nb in around)
        return dead_ends <= 2 and self.stays_connected(cell, around)

    def block(self, cell: Coord) -> None:
        around = self.neighbours(cell)
        self.dead_ends += sum(self.degree[nb] == 2 for nb in around) - (self.degree[cell] == 1)
        for nb in around:
            self.degree[nb] -= 1
        self.open.remove(cell)
        del self.degree[cell]
        self.surplus -= 1 if sum(cell) % 2 == 0 else -1

    def stays_connected(self, cell: Coord, around: list[Coord]) -> bool:
        """Whether the open cells stay connected without `cell`.

        Cheap first: if its open neighbours reach each other inside the 3x3 window around it, any
        path through it can go round. Only otherwise walk the whole board.
        """
        window = {(cell[0] + dr, cell[1] + dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1)} - {cell}
        if set(around) <= self.reach(around[0], window & self.open):
            return True
        return len(self.reach(around[0], self.open - {cell})) == len(self.open) - 1

    def reach(self, start: Coord, allowed: set[Coord]) -> set[Coord]:
        """The cells of `allowed` reachable from `start` through `allowed`."""
        seen = {start}
        todo = [start]
        while todo:
            r, c = todo.pop()
            for dr, dc in self.moves:
                nb = (r + dr, c + dc)
                if nb in allowed and nb not in seen:
                    seen.add(nb)
                    todo.append(nb)
        return seen


# ------------------------------------------------------------------------------------ picture files

MIN_PICTURE_SIZE = 5
"""The fewest cells a scaled picture's longer side may have."""
SAMPLES = 3
"""Points across (and down) each cell of a scaled picture where the picture's open share is read."""


@lru_cache(maxsize=64)
def scale_mask(mask: Mask, longest: int, adjacency: Adjacency = "king") -> Mask:
    """`mask` drawn again with `longest` cells on its longer side (its proportions kept).

    Each new cell takes the open share of the picture under it: the picture blended between the
    centres of its cells (bilinear), averaged over points spread across the new cell. So an enlarged
    outline stays smooth instead of growing into steps, and a shrunk one keeps what covers most of
    each cell; a cell is open when at least half open. Should that cut a thin part off, the largest
    connected part (under `adjacency`) is kept: a board is one piece.
    """
    rows, columns = len(mask), max(len(row) for row in mask)
    height, width = scaled_size(rows, columns, longest)

    def value(r: int, c: int) -> float:
        return 1.0 if 0 <= r < rows and 0 <= c < len(mask[r]) and mask[r][c] else 0.0

    def open_share(y: float, x: float) -> float:
        r, c = math.floor(y), math.floor(x)
        fy, fx = y - r, x - c
        top = value(r, c) * (1 - fx) + value(r, c + 1) * fx
        bottom = value(r + 1, c) * (1 - fx) + value(r + 1, c + 1) * fx
        return top * (1 - fy) + bottom * fy

    def cell_share(i: int, j: int) -> float:  # SAMPLES x SAMPLES points across the new cell, averaged
        return sum(open_share((i + (a + 0.5) / SAMPLES) * rows / height - 0.5,
                              (j + (b + 0.5) / SAMPLES) * columns / width - 0.5)
                   for a in range(SAMPLES) for b in range(SAMPLES)) / SAMPLES**2

    shares = [[cell_share(i, j) for j in range(width)] for i in range(height)]
    cells = [(r, c) for r in range(height) for c in range(width) if shares[r][c] >= 0.5]
    if not cells:
        raise PuzzleBookError(f"a picture of {rows} x {columns} cells keeps no cell at {longest} cells across")
    largest: set[Coord] = set()
    left = set(cells)
    while left:
        part = reach(min(left), left, steps(adjacency))
        left -= part
        if len(part) > len(largest):
            largest = part
    return from_rule(height, width, lambda r, c: (r, c) in largest)


def scaled_size(rows: int, columns: int, longest: int) -> tuple[int, int]:
    """The rows and columns of a rows x columns picture scaled to `longest` cells on its longer side."""
    scale = longest / max(rows, columns)
    return max(1, round(rows * scale)), max(1, round(columns * scale))


def nearest_mask(mask: Mask, longest: int) -> Mask:
    """`mask` scaled to `longest` cells on its longer side by the picture cell under each new cell's
    centre: the picture's own steps, enlarged (for a kind that wants them; `scale_mask` smooths)."""
    rows, columns = len(mask), max(len(row) for row in mask)
    height, width = scaled_size(rows, columns, longest)
    scale = longest / max(rows, columns)
    return tuple(
        tuple(bool(mask[min(rows - 1, int((r + 0.5) / scale))][min(columns - 1, int((c + 0.5) / scale))])
              for c in range(width))
        for r in range(height)
    )


def _mask_folders() -> list[Path]:
    """Where picture files are looked up, first match wins: ./shapes, then the shipped masks."""
    return [Path.cwd() / "shapes", PROJECT_SHAPES]


def _mask_file(name: str) -> Path:
    path = picture_file(name)
    if path is not None:
        marked = picture_adjacency(path)
        if marked is None:
            return path
        raise PuzzleBookError(
            f"shape {name!r} is drawn for {marked} boards (its first line says adjacency={marked}); "
            f"square-grid shapes: {', '.join(shape_names())}", source=str(path),
        )
    names = shape_names()
    close = difflib.get_close_matches(name[:64], names, n=1)
    hint = f"; did you mean {close[0]!r}?" if close else ";"
    shown = repr(name) if len(name) <= 40 else repr(name[:30] + "...")
    raise PuzzleBookError(f"unknown shape {shown}{hint} known shapes: {', '.join(names)}")


def read_mask(path: Path) -> Mask:
    """A picture file: one board of '.' (open) and '#' (blocked) in the grid text format."""
    source = str(path)
    blocks = list(read_blocks(read_text_file(path), source))
    if len(blocks) != 1:
        message = f"a shape file holds exactly one board, this one holds {len(blocks)}"
        raise PuzzleBookError(message, source=source)
    width = max(len(row) for row in blocks[0].cells())
    grid = tuple(tuple(row) + (None,) * (width - len(row)) for row in blocks[0].cells())
    for r, row in enumerate(grid):
        for c, cell in enumerate(row):
            if cell:
                raise PuzzleBookError(
                    f"a shape file holds only '.' and '#', not numbers like {cell} (row {r + 1}, column {c + 1})",
                    source=source,
                )
    mask = mask_of(grid)
    if not any(map(any, mask)):
        raise PuzzleBookError("a shape file needs at least one open cell ('.')", source=source)
    return mask


DEFAULT_SHAPE = "square"
"""The shape a board has when nothing is said."""


def shape_settings(name: str, options: dict[str, object]) -> dict[str, object]:
    """The parameters to record in metadata: those given, plus the size a family chose by itself."""
    takes_size = "size" in OPTIONS.get(name, ())
    if takes_size and "size" not in options:
        return {"size": DEFAULT_SIZE[name], **options}
    return dict(options)
