"""Draw one puzzle, or its answer, into a box on a reportlab canvas: one function per kind.

Only open cells are drawn, so blocked cells leave the board's outline visible. Drawing never decides
whether a grid fits: each kind's fitter measures, and the book refuses a layout whose numbers would be
too small.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from reportlab.pdfgen.canvas import Canvas

from pipeline.kinds.sudoku.grid import SYMBOLS, Sudoku, symbol
from pipeline.kinds.sudoku.textformat import from_line
from pipeline.typeset.fonts import BOLD, DIGIT_HEIGHT, REGULAR, text_width
from pipeline.typeset.layout import Rect, Style

Grid = Sequence[Sequence[int | None]]
Origin = Callable[[int, int], tuple[float, float]]
"""(row, column) -> the bottom-left corner of that cell on the page."""
GIVEN_FILL = 0.85
"""Grey behind the givens of an answer grid (15% ink: above the 10% printers still reproduce)."""
FILLED_INK = 0.35
"""Grey of the numbers an answer adds, so the givens stand out in black bold."""
HOLE_FILL = 0.55
"""Grey of a hole inside the board (see `holes`)."""
PATH_INK = 0.6
PATH_GAP = 0.36
"""How far (in cells) a path link stops short of each centre, clear of the number there."""
NUMBER_WIDTH_SHARE = 0.84
"""The widest number may take this share of its cell's width."""
MOST_CONDENSED = 0.8
"""Numbers too wide for their cell (three digits in a small cell) are narrowed down to this share of
their width, keeping their height, before the font size itself has to shrink."""
SYMBOL_SHARE = 1.25
"""A Sudoku cell holds one symbol, not up to three digits: its type may be this much larger."""


@dataclass(frozen=True)
class GridFit:
    """A grid's cell size and number size inside a box."""

    cell: float
    number_size: float
    rows: int
    board: str
    """How an error message names the board, e.g. 'a 9x9 board with numbers up to 81'."""


def label_height(style: Style) -> float:
    return style.label * 2.0


def fit_grid(grid: Grid, box: Rect, style: Style, *, labelled: bool = True) -> GridFit:
    """The largest square cells that fit the box (below a label line), and numbers that fit those cells."""
    rows, cols = len(grid), max(len(row) for row in grid)
    n_max = sum(cell is not None for row in grid for cell in row)
    room = box.h - (label_height(style) if labelled else 0.0)
    cell = min(box.w / cols, room / rows, style.max_cell)
    widest = text_width(str(n_max), BOLD, 1.0) * MOST_CONDENSED
    size = min(cell * style.number_share, cell * NUMBER_WIDTH_SHARE / widest)
    board = f"a {rows}x{cols} board with numbers up to {n_max}"
    return GridFit(cell=cell, number_size=size, rows=rows, board=board)


def draw_hidato(
    canvas: Canvas,
    grid: Grid,
    box: Rect,
    *,
    style: Style,
    solution: Grid | None = None,
    label: str = "",
    note: str = "",
    path: bool = False,
) -> None:
    """A Hidato or Numbrix board (they differ only in their rules), centred in `box`.

    With `solution`, the answer: givens bold on grey, added numbers in grey regular type. `label`
    (bold, left) and `note` (right) sit on one line above the grid; `path` draws the numbering path
    behind the numbers, for the worked examples.
    """
    labelled = bool(label or note)
    fit = fit_grid(grid, box, style, labelled=labelled)
    rows, cols = len(grid), max(len(row) for row in grid)
    width, height = cols * fit.cell, rows * fit.cell
    total = height + (label_height(style) if labelled else 0.0)
    left = box.cx - width / 2
    top = box.y + (box.h + total) / 2 - (label_height(style) if labelled else 0.0)
    if labelled:
        _label(canvas, label, note, left, width, top + style.label * 0.7, style)

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
    if path:
        _path(canvas, solution or grid, origin, fit.cell, style)
    _lines(canvas, grid, origin, fit.cell, style)
    numbers = solution if solution is not None else grid
    for r, c in open_cells:
        value = numbers[r][c]
        if not value:
            continue
        given = bool(grid[r][c])
        canvas.setFillGray(0 if given else FILLED_INK)
        x, y = origin(r, c)
        _number(canvas, str(value), BOLD if given else REGULAR, fit, x + fit.cell / 2, y + fit.cell / 2)
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


def _number(canvas: Canvas, text: str, font: str, fit: GridFit, x: float, y: float) -> None:
    """`text` centred on (x, y), narrowed (never below MOST_CONDENSED) if wider than its share of the cell."""
    canvas.setFont(font, fit.number_size)
    baseline = y - fit.number_size * DIGIT_HEIGHT / 2
    squeeze = fit.cell * NUMBER_WIDTH_SHARE / text_width(text, font, fit.number_size)
    if squeeze >= 1:
        canvas.drawCentredString(x, baseline, text)
        return
    canvas.saveState()
    canvas.translate(x, baseline)
    canvas.scale(squeeze, 1.0)
    canvas.drawCentredString(0, 0, text)
    canvas.restoreState()


def _label(canvas: Canvas, label: str, note: str, left: float, width: float, y: float, style: Style) -> None:
    """Label at the grid's left edge and note at its right; centred as one line when the grid is narrower."""
    gap = style.label
    need = text_width(label, BOLD, style.label) + gap + text_width(note, REGULAR, style.label)
    if need > width:
        left, width = left + width / 2 - need / 2, need
    canvas.setFillGray(0)
    canvas.setFont(BOLD, style.label)
    canvas.drawString(left, y, label)
    canvas.setFont(REGULAR, style.label)
    canvas.drawRightString(left + width, y, note)


def _lines(canvas: Canvas, grid: Grid, origin: Origin, cell: float, style: Style) -> None:
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
    canvas.setStrokeGray(0)
    canvas.setLineWidth(style.thin)
    canvas.lines(inner)
    canvas.setLineWidth(style.thick)
    canvas.setLineCap(2)
    canvas.lines(outer)
    canvas.setLineCap(0)


def _path(canvas: Canvas, numbers: Grid, origin: Origin, cell: float, style: Style) -> None:
    """Links 1 -> 2 -> ... -> N between cell centres, stopping short of the numbers: shows the allowed moves."""
    placed = sorted((value, origin(r, c)) for r, row in enumerate(numbers) for c, value in enumerate(row) if value)
    centres = [(x + cell / 2, y + cell / 2) for _, (x, y) in placed]
    canvas.setStrokeGray(PATH_INK)
    canvas.setLineWidth(max(style.thick, cell * 0.08))
    canvas.setLineCap(1)
    for (x0, y0), (x1, y1) in zip(centres, centres[1:]):
        length = math.hypot(x1 - x0, y1 - y0)
        trim = PATH_GAP * cell / length
        canvas.line(x0 + (x1 - x0) * trim, y0 + (y1 - y0) * trim, x1 - (x1 - x0) * trim, y1 - (y1 - y0) * trim)
    canvas.setLineCap(0)


def as_sudoku(grid: str | Sudoku) -> Sudoku:
    """A Sudoku record's grid, stored in the one-line form (as in puzzles.jsonl), as a Sudoku."""
    return grid if isinstance(grid, Sudoku) else from_line(grid, "<record>", 1)


def fit_sudoku(grid: str | Sudoku, box: Rect, style: Style, *, labelled: bool = True) -> GridFit:
    """The largest square cells that fit the box (below a label line); the widest symbol sets the type."""
    n = as_sudoku(grid).size
    room = box.h - (label_height(style) if labelled else 0.0)
    cell = min(box.w / n, room / n, style.max_cell)
    widest = max(text_width(char, BOLD, 1.0) for char in SYMBOLS[:n])
    size = min(cell * style.number_share * SYMBOL_SHARE, cell * NUMBER_WIDTH_SHARE / widest)
    return GridFit(cell=cell, number_size=size, rows=n, board=f"a {n}x{n} Sudoku")


def draw_sudoku(
    canvas: Canvas,
    grid: str | Sudoku,
    box: Rect,
    *,
    style: Style,
    solution: str | Sudoku | None = None,
    label: str = "",
    note: str = "",
) -> None:
    """A Sudoku centred in `box`: thin lines between cells, thick ones around the boxes and the grid.

    Givens are bold; with `solution`, the answer: givens bold on grey, filled symbols in grey regular
    type, as on the other kinds' answer pages. Values above 9 print as letters (A for 10).
    """
    puzzle = as_sudoku(grid)
    filled = as_sudoku(solution) if solution is not None else None
    labelled = bool(label or note)
    fit = fit_sudoku(puzzle, box, style, labelled=labelled)
    n, cell = puzzle.size, fit.cell
    side = n * cell
    left = box.cx - side / 2
    top = box.y + (box.h + side + (label_height(style) if labelled else 0.0)) / 2 - (
        label_height(style) if labelled else 0.0
    )
    if labelled:
        _label(canvas, label, note, left, side, top + style.label * 0.7, style)
    canvas.saveState()
    if filled is not None:
        canvas.setFillGray(GIVEN_FILL)
        for i, value in enumerate(puzzle.cells):
            if value:
                r, c = divmod(i, n)
                canvas.rect(left + c * cell, top - (r + 1) * cell, cell, cell, stroke=0, fill=1)
    canvas.setStrokeGray(0)
    for weight, steps in ((style.thin, range(1, n)), (style.thick, range(0, n + 1, puzzle.box))):
        canvas.setLineWidth(weight)
        canvas.setLineCap(2 if weight == style.thick else 0)
        canvas.lines(
            [(left + k * cell, top, left + k * cell, top - side) for k in steps]
            + [(left, top - k * cell, left + side, top - k * cell) for k in steps]
        )
    canvas.setLineCap(0)
    shown = filled.cells if filled is not None else puzzle.cells
    for i, value in enumerate(shown):
        if not value:
            continue
        given = bool(puzzle.cells[i])
        r, c = divmod(i, n)
        canvas.setFillGray(0 if given else FILLED_INK)
        _number(canvas, symbol(value), BOLD if given else REGULAR, fit,
                left + (c + 0.5) * cell, top - (r + 0.5) * cell)
    canvas.restoreState()


Drawer = Callable[..., None]
Fitter = Callable[..., GridFit]
DRAWERS: dict[str, Drawer] = {"hidato": draw_hidato, "numbrix": draw_hidato, "sudoku": draw_sudoku}
"""Each puzzle kind's drawing function; a new kind adds one entry here and one in FITTERS."""
FITTERS: dict[str, Fitter] = {"hidato": fit_grid, "numbrix": fit_grid, "sudoku": fit_sudoku}
"""Each kind's measure of its grid in a box, (grid as its records store it, box, style) -> GridFit."""
