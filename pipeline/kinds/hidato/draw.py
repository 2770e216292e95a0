"""Draw a Hidato or Numbrix board (they differ only in their rules) into a box: open cells only, so
blocked cells leave the board's outline visible, holes inside it shaded, and for worked examples
the numbering path behind the numbers.

Drawing never decides whether a grid fits: `fit_grid` measures, and the book refuses a layout whose
numbers would be too small.
"""

from __future__ import annotations

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
Origin = Callable[[int, int], tuple[float, float]]
"""(row, column) -> the bottom-left corner of that cell on the page."""
HOLE_FILL = 0.55
"""Grey of a hole inside the board (see `holes`)."""
PATH_GAP = 0.36
"""How far (in cells) a path link stops short of each centre, clear of the number there."""


def grid_extent(grid: Grid) -> tuple[float, float]:
    """The drawn board's width and height, in cells."""
    return float(max(len(row) for row in grid)), float(len(grid))


def fit_grid(grid: Grid, box: Rect, style: Style, *, labelled: bool = True) -> GridFit:
    """The largest square cells that fit the box (below a label line), and numbers that fit those cells."""
    rows, cols = len(grid), max(len(row) for row in grid)
    n_max = sum(cell is not None for row in grid for cell in row)
    room = box.h - (label_height(style) if labelled else 0.0)
    cell = min(box.w / cols, room / rows, style.max_cell)
    return fit_numbers(cell, n_max, style, rows, f"a {rows}x{cols} board with numbers up to {n_max}")


def path_centres(grid: Grid, box: Rect, style: Style, *, labelled: bool = True) -> tuple[float, Centres]:
    """The cell size and every open cell's centre, where draw_path puts them in `box`."""
    fit = fit_grid(grid, box, style, labelled=labelled)
    rows, cols = len(grid), max(len(row) for row in grid)
    left, top = board_corner(box, cols * fit.cell, rows * fit.cell, style, labelled)
    return fit.cell, {(r, c): (left + (c + 0.5) * fit.cell, top - (r + 0.5) * fit.cell)
                      for r, row in enumerate(grid) for c, value in enumerate(row) if value is not None}


def draw_path(
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
    """A Hidato or Numbrix board (they differ only in their rules), centred in `box`.

    With `solution`, the answer: givens bold on grey, added numbers in grey regular type. `label`
    (bold, left) and `note` (right) sit on one line above the grid; an `example` answer also shows the
    numbering path behind the numbers, as the how-to page's worked example does.
    """
    labelled = bool(label or note)
    fit = fit_grid(grid, box, style, labelled=labelled)
    rows, cols = len(grid), max(len(row) for row in grid)
    left, top = place_board(canvas, box, cols * fit.cell, rows * fit.cell, style, label, note)

    def origin(r: int, c: int) -> tuple[float, float]:
        return left + c * fit.cell, top - (r + 1) * fit.cell

    open_cells = [(r, c) for r, row in enumerate(grid) for c, v in enumerate(row) if v is not None]
    canvas.saveState()
    canvas.setFillGray(HOLE_FILL)
    for r, c in holes(grid):
        canvas.rect(*origin(r, c), fit.cell, fit.cell, stroke=0, fill=1)
    if solution is not None:
        canvas.setFillGray(GIVEN_FILL)
        for r, c in open_cells:
            if grid[r][c]:
                canvas.rect(*origin(r, c), fit.cell, fit.cell, stroke=0, fill=1)
    if example and solution is not None:
        _path(canvas, solution, origin, fit.cell, style)
    _lines(canvas, grid, origin, fit.cell, style)
    numbers = solution if solution is not None else grid
    for r, c in open_cells:
        value = numbers[r][c]
        if not value:
            continue
        given = bool(grid[r][c])
        canvas.setFillGray(0 if given else FILLED_INK)
        x, y = origin(r, c)
        draw_number(canvas, str(value), fit, x + fit.cell / 2, y + fit.cell / 2, style, given=given)
    canvas.restoreState()


def holes(grid: Grid) -> list[tuple[int, int]]:
    """Blocked cells with open cells on both sides in their row and in their column.

    Left white, such a cell looks like an empty square to fill in; shaded, it reads as a hole.
    Blocked cells on the outline (a cross's corners) stay undrawn, so the shape keeps its outline.
    """
    columns = max(len(row) for row in grid)

    def is_open(r: int, c: int) -> bool:
        return c < len(grid[r]) and grid[r][c] is not None

    def open_between(cells: list[bool], i: int) -> bool:
        return any(cells[:i]) and any(cells[i + 1 :])

    row_open = [[is_open(r, c) for c in range(columns)] for r in range(len(grid))]
    col_open = [[row_open[r][c] for r in range(len(grid))] for c in range(columns)]
    return [
        (r, c)
        for r in range(len(grid))
        for c in range(columns)
        if not row_open[r][c] and open_between(row_open[r], c) and open_between(col_open[c], r)
    ]


def _lines(canvas: Surface, grid: Grid, origin: Origin, cell: float, style: Style) -> None:
    """Thin lines between open cells, then a thick outline wherever an open cell meets a blocked one or the edge."""

    def is_open(r: int, c: int) -> bool:
        return 0 <= r < len(grid) and 0 <= c < len(grid[r]) and grid[r][c] is not None

    inner: list[tuple[float, float, float, float]] = []
    outer: list[tuple[float, float, float, float]] = []
    for r, row in enumerate(grid):
        for c, value in enumerate(row):
            if value is None:
                continue
            x, y = origin(r, c)
            sides = (
                ((r - 1, c), (x, y + cell, x + cell, y + cell)),
                ((r + 1, c), (x, y, x + cell, y)),
                ((r, c - 1), (x, y, x, y + cell)),
                ((r, c + 1), (x + cell, y, x + cell, y + cell)),
            )
            for (nr, nc), segment in sides:
                if not is_open(nr, nc):
                    outer.append(segment)
                elif (nr, nc) > (r, c):
                    inner.append(segment)
    stroke_sides(canvas, inner, outer, style, cap=2)


def _path(canvas: Surface, numbers: Grid, origin: Origin, cell: float, style: Style) -> None:
    """Links 1 -> 2 -> ... -> N between cell centres, stopping short of the numbers: shows the allowed moves."""
    placed = sorted((value, origin(r, c)) for r, row in enumerate(numbers) for c, value in enumerate(row) if value)
    draw_links(canvas, [(x + cell / 2, y + cell / 2) for _, (x, y) in placed], cell, PATH_GAP, style)
