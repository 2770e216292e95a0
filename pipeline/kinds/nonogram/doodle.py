"""Random pictures that still look drawn, for books that want more nonograms than the library holds.

A doodle is one mirror-symmetric blob, like a creature, a mask or an emblem: a smooth random field
(coarse noise blended between lattice points) lifted towards the middle, thresholded so about half the
board is filled, smoothed by a majority rule, cut down to its largest symmetric connected piece with
its pinholes filled, then stretched back so it touches every edge. Symmetry is what makes a random
shape read as a thing rather than a stain; smoothness is what keeps its clues from being noise (single
cells and checkerboards make a nonogram ambiguous). Should no field work out (tiny boards, now and
then), a symmetric figure is grown from a cross instead. Everything is drawn from the `rng` passed in.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable

from pipeline.errors import PuzzleBookError
from pipeline.kinds.nonogram.puzzle import EMPTY, FILLED, MAX_SIDE, MIN_SIDE, Picture

MIN_FILL, MAX_FILL = 0.40, 0.65
"""The share of filled cells a doodle keeps: fewer leaves a thin scribble, more a slab with dull clues."""
ATTEMPTS = 100
"""Fields tried before falling back to `_grown` (which only the smallest boards, 5 to 7 cells a side,
reach now and then)."""
SMOOTHING_ROUNDS = 2
"""Majority rounds on boards of 10 or more cells each way; smaller boards get none (it would wear them
down to a lump) and a finer field instead."""
SHARE_TRIES, SHARE_STEP = 6, 0.06
"""Thresholds tried on one field, each moving the share of cells kept by SHARE_STEP towards the fill wanted."""
MIN_SPAN = 0.8
"""The least share of the board's width and height the blob must span before it is stretched to the
edges: stretching more doubles whole lines, and the doodle turns to steps."""
SMALLEST_HOLE = 4
"""Holes of fewer cells are filled: a pinhole reads as a misprint, a larger hole as an eye or a window."""

Grid = list[list[bool]]


def doodle(width: int, height: int, rng: random.Random) -> Picture:
    """A width x height doodle: one 4-connected filled blob, symmetric left to right (and now and then
    top to bottom), MIN_FILL..MAX_FILL of it filled, touching all four edges so no line is blank.

    The same `rng` state gives the same doodle."""
    for side, value in (("width", width), ("height", height)):
        if isinstance(value, bool) or not isinstance(value, int) or not MIN_SIDE <= value <= MAX_SIDE:
            raise PuzzleBookError(f"a doodle's {side} must be a whole number from {MIN_SIDE} to {MAX_SIDE}, "
                                  f"not {value!r}")
    for _ in range(ATTEMPTS):
        cells = _attempt(width, height, rng)
        if cells is not None:
            return tuple("".join(FILLED if cell else EMPTY for cell in row) for row in cells)
    return _grown(width, height, rng)


def _attempt(width: int, height: int, rng: random.Random) -> Grid | None:
    """One field, thresholded at a share drawn at random and then moved by SHARE_STEP until the doodle's
    fill lands in MIN_FILL..MAX_FILL (cropping and stretching add to it, so the share cannot simply be
    the fill wanted); None when it never does, or the field leaves no symmetric piece."""
    both_ways = rng.random() < 0.3
    field = _field(width, height, both_ways, rng)
    rounds = SMOOTHING_ROUNDS if min(width, height) >= 10 else 0
    share = rng.uniform(0.36, 0.5)
    for _ in range(SHARE_TRIES):
        smooth = _threshold(field, share)
        for _ in range(rounds):
            smooth = _majority(smooth)
        smooth = _tidy(smooth)
        piece = _largest_symmetric_piece(smooth, both_ways)
        if piece is None:
            return None
        _fill_small_holes(piece)
        cropped = _cropped(piece)
        if len(cropped) < MIN_SPAN * height or len(cropped[0]) < MIN_SPAN * width:
            fill = 0.0  # too small to stretch to the edges without turning blocky: fill more
        else:
            cells = _stretched(cropped, width, height)
            fill = sum(map(sum, cells)) / (width * height)
            if MIN_FILL <= fill <= MAX_FILL:
                return cells
        share += SHARE_STEP if fill < MIN_FILL else -SHARE_STEP
        if not 0.1 <= share <= 0.9:
            return None
    return None


def _field(width: int, height: int, both_ways: bool, rng: random.Random) -> list[list[float]]:
    """Smooth noise read at each cell's distance from the middle column (and row, `both_ways`), so the
    field is symmetric by construction; plus a bump in the middle, so the blob sits centred."""
    spacing = rng.uniform(2.2, 3.6) * min(1.0, min(width, height) / 12)
    lattice_x = int(width / 2 / spacing) + 2
    lattice_y = int((height / 2 if both_ways else height) / spacing) + 2
    noise = [[rng.uniform(-1.0, 1.0) for _ in range(lattice_x)] for _ in range(lattice_y)]
    lift = rng.uniform(0.6, 1.1)
    reach_x, reach_y = rng.uniform(0.8, 1.1), rng.uniform(0.8, 1.1)
    middle_x, middle_y = (width - 1) / 2, (height - 1) / 2
    field = []
    for r in range(height):
        dy = abs(r - middle_y) if both_ways else r + 0.5
        row = []
        for c in range(width):
            dx = abs(c - middle_x)
            bump = 1 - ((dx / (width / 2) / reach_x) ** 2 + ((r - middle_y) / (height / 2) / reach_y) ** 2)
            row.append(_smooth_noise(noise, dx / spacing, dy / spacing) + lift * bump)
        field.append(row)
    return field


def _smooth_noise(noise: list[list[float]], x: float, y: float) -> float:
    """The lattice values blended with a smoothstep between the four lattice points around (x, y)."""
    i, j = int(x), int(y)
    fx, fy = _ease(x - i), _ease(y - j)
    top = noise[j][i] * (1 - fx) + noise[j][i + 1] * fx
    bottom = noise[j + 1][i] * (1 - fx) + noise[j + 1][i + 1] * fx
    return top * (1 - fy) + bottom * fy


def _ease(t: float) -> float:
    return t * t * (3 - 2 * t)


def _threshold(field: list[list[float]], share: float) -> Grid:
    """Cells filled where the field is among its highest `share` values (ties all kept, so symmetric
    cells, which hold equal values, are kept or dropped together)."""
    values = sorted((value for row in field for value in row), reverse=True)
    cut = values[max(0, min(len(values) - 1, math.floor(share * len(values)) - 1))]
    return [[value >= cut for value in row] for row in field]


def _majority(cells: Grid) -> Grid:
    """One round of the majority rule over each cell's 3 x 3 block, counting only cells on the board
    (so the edges are not worn away), a tie keeping the cell as it is. Symmetric, so the doodle's
    symmetry survives it."""
    height, width = len(cells), len(cells[0])

    def vote(r: int, c: int) -> bool:
        block = [cells[y][x] for y in range(max(0, r - 1), min(height, r + 2))
                 for x in range(max(0, c - 1), min(width, c + 2))]
        filled = 2 * sum(block)
        return filled > len(block) or (filled == len(block) and cells[r][c])

    return [[vote(r, c) for c in range(width)] for r in range(height)]


def _tidy(cells: Grid) -> Grid:
    """Spurs (filled cells with at most one filled side neighbour) cleared and notches (empty cells with
    three or four) filled: both print as single-cell clues that make a doodle look scratchy."""
    height, width = len(cells), len(cells[0])

    def sides(r: int, c: int) -> int:
        return sum(0 <= y < height and 0 <= x < width and cells[y][x]
                   for y, x in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)))

    return [[sides(r, c) >= 2 if cells[r][c] else sides(r, c) >= 3 for c in range(width)] for r in range(height)]


def _pieces(cells: Grid, value: bool) -> list[list[tuple[int, int]]]:
    """The 4-connected pieces of the cells holding `value`, each in the order found (row by row)."""
    height, width = len(cells), len(cells[0])
    seen = [[False] * width for _ in range(height)]
    pieces = []
    for r in range(height):
        for c in range(width):
            if cells[r][c] != value or seen[r][c]:
                continue
            seen[r][c] = True
            piece, todo = [], [(r, c)]
            while todo:
                y, x = todo.pop()
                piece.append((y, x))
                for ny, nx in ((y - 1, x), (y + 1, x), (y, x - 1), (y, x + 1)):
                    if 0 <= ny < height and 0 <= nx < width and cells[ny][nx] == value and not seen[ny][nx]:
                        seen[ny][nx] = True
                        todo.append((ny, nx))
            pieces.append(piece)
    return pieces


def _largest_symmetric_piece(cells: Grid, both_ways: bool) -> Grid | None:
    """Only the largest piece that is its own mirror image: keeping a piece whose twin is dropped
    would break the symmetry. None when no such piece exists."""
    height, width = len(cells), len(cells[0])
    mirrors: list[Callable[[int, int], tuple[int, int]]] = [lambda r, c: (r, width - 1 - c)]
    if both_ways:
        mirrors.append(lambda r, c: (height - 1 - r, c))
    best: set[tuple[int, int]] = set()
    for piece in _pieces(cells, True):
        members = set(piece)
        if len(members) > len(best) and all(mirror(*piece[0]) in members for mirror in mirrors):
            best = members
    if not best:
        return None
    return [[(r, c) in best for c in range(width)] for r in range(height)]


def _fill_small_holes(cells: Grid) -> None:
    """Fill every hole (an empty piece not reaching the edge) of fewer than SMALLEST_HOLE cells."""
    height, width = len(cells), len(cells[0])
    for piece in _pieces(cells, False):
        inside = all(0 < r < height - 1 and 0 < c < width - 1 for r, c in piece)
        if inside and len(piece) < SMALLEST_HOLE:
            for r, c in piece:
                cells[r][c] = True


def _cropped(cells: Grid) -> Grid:
    rows = [r for r, row in enumerate(cells) if any(row)]
    columns = [c for c in range(len(cells[0])) if any(row[c] for row in cells)]
    return [row[columns[0]:columns[-1] + 1] for row in cells[rows[0]:rows[-1] + 1]]


def _stretched(cells: Grid, width: int, height: int) -> Grid:
    """The blob widened and heightened to the board by repeating some of its rows and columns, chosen
    symmetrically: repeating lines keeps it connected, hole-free and symmetric, and brings every edge
    of the board to touch it."""
    rows = _spread(len(cells), height)
    columns = _spread(len(cells[0]), width)
    return [[cells[r][c] for c in columns] for r in rows]


def _spread(source: int, target: int) -> list[int]:
    """Which source line each of `target` lines repeats (source <= target): the first half computed,
    the second its mirror, so a symmetric blob stays symmetric."""
    first = [min(source - 1, (2 * k + 1) * source // (2 * target)) for k in range((target + 1) // 2)]
    return first + [source - 1 - index for index in reversed(first[:target // 2])]


def _grown(width: int, height: int, rng: random.Random) -> Picture:
    """The fallback (tiny boards mostly): a spine down the middle and a bar across at a random row,
    which touch all four edges, then grown one random side cell and its mirror image at a time to a
    fill drawn from the middle of the range: connected and symmetric at every step."""
    bar = rng.randrange(height)
    middle = {(width - 1) // 2, width // 2}
    cells = [[c in middle or r == bar for c in range(width)] for r in range(height)]
    target = rng.uniform(0.45, 0.55) * width * height
    filled = sum(map(sum, cells))
    while filled < target:
        frontier = [(r, c) for r in range(height) for c in range((width + 1) // 2) if not cells[r][c]
                    and any(0 <= y < height and 0 <= x < width and cells[y][x]
                            for y, x in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)))]
        r, c = rng.choice(frontier)
        added = 1 if c == width - 1 - c else 2
        if filled + added > MAX_FILL * width * height:
            break
        cells[r][c] = cells[r][width - 1 - c] = True
        filled += added
    return tuple("".join(FILLED if cell else EMPTY for cell in row) for row in cells)
