"""Draw a Sudoku into a box: thin lines between cells, thick ones around the boxes and the grid,
values above 9 as letters.

Drawing never decides whether a grid fits: `fit_sudoku` measures, and the book refuses a layout
whose symbols would be too small.
"""

from __future__ import annotations

from pipeline.drawing import Centres, Rect, Style, Surface
from pipeline.drawing.grid import (
    FILLED_INK,
    GIVEN_FILL,
    NUMBER_WIDTH_SHARE,
    GridFit,
    board_corner,
    draw_label,
    draw_number,
    label_height,
)
from pipeline.kinds.sudoku.grid import SYMBOLS, Sudoku, symbol
from pipeline.kinds.sudoku.textformat import from_line

SYMBOL_SHARE = 1.25
"""A Sudoku cell holds one symbol, not up to three digits: its type may be this much larger."""


def as_sudoku(grid: str | Sudoku) -> Sudoku:
    """A Sudoku record's grid, stored in the one-line form (as in puzzles.jsonl), as a Sudoku."""
    return grid if isinstance(grid, Sudoku) else from_line(grid, "<record>", 1)


def sudoku_extent(grid: str | Sudoku) -> tuple[float, float]:
    """The drawn grid's width and height, in cells."""
    n = as_sudoku(grid).size
    return float(n), float(n)


def fit_sudoku(grid: str | Sudoku, box: Rect, style: Style, *, labelled: bool = True) -> GridFit:
    """The largest square cells that fit the box (below a label line); the widest symbol sets the type."""
    n = as_sudoku(grid).size
    room = box.h - (label_height(style) if labelled else 0.0)
    cell = min(box.w / n, room / n, style.max_cell)
    widest = max(style.measure(char, font, 1.0) for char in SYMBOLS[:n] for font in (style.fonts.given, style.fonts.number))
    size = min(cell * style.number_share * SYMBOL_SHARE, cell * NUMBER_WIDTH_SHARE / widest)
    return GridFit(cell=cell, number_size=size, rows=n, board=f"a {n}x{n} Sudoku")


def sudoku_centres(grid: str | Sudoku, box: Rect, style: Style, *, labelled: bool = True) -> tuple[float, Centres]:
    """The cell size and every cell's centre, where draw_sudoku puts them in `box`."""
    puzzle = as_sudoku(grid)
    fit = fit_sudoku(puzzle, box, style, labelled=labelled)
    n, cell = puzzle.size, fit.cell
    left, top = board_corner(box, n * cell, n * cell, style, labelled)
    return cell, {(r, c): (left + (c + 0.5) * cell, top - (r + 0.5) * cell) for r in range(n) for c in range(n)}


def draw_sudoku(
    canvas: Surface,
    grid: str | Sudoku,
    box: Rect,
    *,
    style: Style,
    solution: str | Sudoku | None = None,
    label: str = "",
    note: str = "",
    example: bool = False,
) -> None:
    """A Sudoku centred in `box`: thin lines between cells, thick ones around the boxes and the grid.

    Givens are bold; with `solution`, the answer: givens bold on grey, filled symbols in grey regular
    type, as on the other kinds' answer pages. Values above 9 print as letters (A for 10). A worked
    `example` is drawn like any answer: a Sudoku has no path to show.
    """
    puzzle = as_sudoku(grid)
    filled = as_sudoku(solution) if solution is not None else None
    labelled = bool(label or note)
    fit = fit_sudoku(puzzle, box, style, labelled=labelled)
    n, cell = puzzle.size, fit.cell
    side = n * cell
    left, top = board_corner(box, side, side, style, labelled)
    if labelled:
        draw_label(canvas, label, note, left, side, top + style.label * 0.7, style)
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
        draw_number(canvas, symbol(value), fit, left + (c + 0.5) * cell, top - (r + 0.5) * cell, style, given=given)
    canvas.restoreState()
