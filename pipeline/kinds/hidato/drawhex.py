"""Draw a hex Hidato board into a box: pointy-top hexagons, row r shifted r half-cells right of row 0
(the axial rectangle the records store), blocked cells left out so the outline shows.

As for the square boards, `fit_honeycomb` only measures; the book refuses a layout whose numbers
would be too small. GridFit.cell is a hexagon's width across its flat sides.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from pipeline.drawing import Centres, Rect, Style, Surface
from pipeline.drawing.grid import (
    FILLED_INK,
    GIVEN_FILL,
    GridFit,
    board_corner,
    draw_links,
    draw_number,
    fit_numbers,
    label_height,
    place_board,
    stroke_sides,
)

Grid = Sequence[Sequence[int | None]]
Point = tuple[float, float]
Centre = Callable[[int, int], Point]
"""(row, column) -> the centre of that cell on the page."""

ROOT3 = math.sqrt(3)
ROW_PITCH = 1.5 / ROOT3
"""Rows stand this many cell widths apart (1.5 circumradii)."""
CORNERS = tuple((math.cos(math.radians(30 + 60 * k)) / ROOT3, math.sin(math.radians(30 + 60 * k)) / ROOT3)
                for k in range(6))
"""A hexagon's corners as multiples of its width, counter-clockwise from the upper right."""
SIDES = ((-1, 1), (-1, 0), (0, -1), (1, -1), (1, 0), (0, 1))
"""The neighbour across the side from corner k to corner k+1: upper right, upper left, left, lower
left, lower right, right (axial (dr, dq))."""
PATH_GAP = 0.34
"""How far (in cell widths) a worked example's path link stops short of each centre."""


def _open(grid: Grid) -> list[tuple[int, int]]:
    return [(r, q) for r, row in enumerate(grid) for q, value in enumerate(row) if value is not None]


def _extent(grid: Grid) -> tuple[float, float, int, int]:
    """The open cells' span: least and greatest centre x (in cell widths), first and last row."""
    cells = _open(grid)
    xs = [q + r / 2 for r, q in cells]
    rows = [r for r, _ in cells]
    return min(xs), max(xs), min(rows), max(rows)


def honeycomb_extent(grid: Grid) -> tuple[float, float]:
    """The drawn board's width and height, in hexagon widths."""
    x_min, x_max, r_min, r_max = _extent(grid)
    return x_max - x_min + 1, (r_max - r_min) * ROW_PITCH + 2 / ROOT3


def fit_honeycomb(grid: Grid, box: Rect, style: Style, *, labelled: bool = True) -> GridFit:
    """The widest hexagons whose drawn board fits the box (below a label line), and numbers that fit them."""
    _, _, r_min, r_max = _extent(grid)
    n_max = sum(value is not None for row in grid for value in row)
    room = box.h - (label_height(style) if labelled else 0.0)
    across, down = honeycomb_extent(grid)
    cell = min(box.w / across, room / down, style.max_cell)
    rows = r_max - r_min + 1
    return fit_numbers(cell, n_max, style, rows, f"a honeycomb of {rows} rows with numbers up to {n_max}")


def _layout(grid: Grid, box: Rect, style: Style, *, labelled: bool) -> tuple[GridFit, float, float, Centre]:
    """The fit, the drawn board's width and height, and where each hexagon's centre goes in `box`."""
    fit = fit_honeycomb(grid, box, style, labelled=labelled)
    w = fit.cell
    x_min, x_max, r_min, r_max = _extent(grid)
    width = (x_max - x_min + 1) * w
    height = ((r_max - r_min) * ROW_PITCH + 2 / ROOT3) * w
    left, top = board_corner(box, width, height, style, labelled)

    def centre(r: int, q: int) -> Point:
        return left + (q + r / 2 - x_min + 0.5) * w, top - (1 / ROOT3 + (r - r_min) * ROW_PITCH) * w

    return fit, width, height, centre


def honeycomb_centres(grid: Grid, box: Rect, style: Style, *, labelled: bool = True) -> tuple[float, Centres]:
    """The hexagon width and every open cell's centre, where draw_honeycomb puts them in `box`."""
    fit, _, _, centre = _layout(grid, box, style, labelled=labelled)
    return fit.cell, {(r, q): centre(r, q) for r, q in _open(grid)}


def draw_honeycomb(
    canvas: Surface,
    grid: Grid,
    box: Rect,
    *,
    style: Style,
    solution: Grid | None = None,
    label: str = "",
    note: str = "",
    example: bool = False,
) -> None:
    """A hex Hidato board centred in `box`, drawn like the square ones: givens bold; with `solution`,
    the answer with givens bold on grey and added numbers in grey regular type (and, for a worked
    `example`, the numbering path behind them). `label` and `note` sit on one line above."""
    fit, width, height, centre = _layout(grid, box, style, labelled=bool(label or note))
    w = fit.cell
    place_board(canvas, box, width, height, style, label, note)

    cells = _open(grid)
    canvas.saveState()
    if solution is not None:
        canvas.setFillGray(GIVEN_FILL)
        for r, q in cells:
            if grid[r][q]:
                _hexagon(canvas, centre(r, q), w)
    if example and solution is not None:
        _path(canvas, solution, centre, w, style)
    _sides(canvas, grid, centre, w, style)
    numbers = solution if solution is not None else grid
    for r, q in cells:
        value = numbers[r][q]
        if not value:
            continue
        given = bool(grid[r][q])
        canvas.setFillGray(0 if given else FILLED_INK)
        draw_number(canvas, str(value), fit, *centre(r, q), style, given=given)
    canvas.restoreState()


def _corner(at: Point, w: float, k: int) -> Point:
    dx, dy = CORNERS[k % 6]
    return at[0] + dx * w, at[1] + dy * w


def _hexagon(canvas: Surface, at: Point, w: float) -> None:
    path = canvas.beginPath()
    path.moveTo(*_corner(at, w, 0))
    for k in range(1, 6):
        path.lineTo(*_corner(at, w, k))
    path.close()
    canvas.drawPath(path, stroke=0, fill=1)


def _sides(canvas: Surface, grid: Grid, centre: Centre, w: float, style: Style) -> None:
    """Thin sides between open cells (each once), then a thick outline where an open cell meets a
    blocked one or the edge; round caps close the outline's corners."""

    def is_open(r: int, q: int) -> bool:
        return 0 <= r < len(grid) and 0 <= q < len(grid[r]) and grid[r][q] is not None

    inner: list[tuple[float, float, float, float]] = []
    outer: list[tuple[float, float, float, float]] = []
    for r, q in _open(grid):
        at = centre(r, q)
        for k, (dr, dq) in enumerate(SIDES):
            segment = (*_corner(at, w, k), *_corner(at, w, k + 1))
            if not is_open(r + dr, q + dq):
                outer.append(segment)
            elif (r + dr, q + dq) > (r, q):
                inner.append(segment)
    stroke_sides(canvas, inner, outer, style, cap=1)


def _path(canvas: Surface, numbers: Grid, centre: Centre, w: float, style: Style) -> None:
    """Links 1 -> 2 -> ... -> N between centres, stopping short of the numbers: shows the allowed moves."""
    placed = sorted((value, centre(r, q)) for r, row in enumerate(numbers)
                    for q, value in enumerate(row) if value)
    draw_links(canvas, [at for _, at in placed], w, PATH_GAP, style)
