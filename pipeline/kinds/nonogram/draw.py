"""Draw a nonogram into a box: its grid (thin lines between cells, heavier ones every 5 cells counted
from the top left, a thick outline), the row clues right-aligned in a band to its left and the column
clues bottom-aligned in a band above it, one number to a clue cell the size of a grid cell. The bands
are shaded light grey in alternate groups of 5 lines, as published books do, so the eye follows a
clue to its line. Hints print in their cells: a filled cell black, a cell marked empty with a small
cross (the mark solvers write). An answer fills the picture in black.

A line with no filled cell prints the clue "0", the convention of published nonograms (a blank clue
reads as a misprint). A blank board (every clue `()`, a layout preview) prints no numbers, its bands
as wide as the widest clue its size allows, so a page planned with it is never too small.

Answers and cover art take the board `nonogram_bare` gives: the grid alone, no bands. Drawing never
decides whether a board fits: `fit_nonogram` measures the clue numbers' type (or a bare grid's
cells), and the book refuses a layout that would print them below the edition's least size.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from pipeline.drawing import Centres, Rect, Style, Surface
from pipeline.drawing.grid import (
    MOST_CONDENSED,
    GridFit,
    board_corner,
    label_height,
    place_board,
)
from pipeline.kinds.nonogram.puzzle import EMPTY, FILLED, Clue, Nonogram

CLUE_SHARE = 0.66
"""A clue number's type as a share of its cell (its digits half a cell high), when two digits still fit
across it (narrowed down to MOST_CONDENSED at most): cells of 10.6 pt carry the least 7 pt."""
CLUE_WIDTH = 0.76
"""The widest a clue number may print across its cell: two digits in neighbouring columns stay
apart by a quarter of a cell."""
GROUP = 5
"""Lines between two heavier grid lines, and in each shaded group of a clue band."""
BAND_SHADE = 0.88
"""Grey behind alternate groups of GROUP lines in the clue bands (12% ink: printers reproduce it,
black numbers stay crisp on it)."""
BAND_LINE = 0.62
"""Grey of the light lines between the clue cells of the bands."""
THIN_INK = 0.4
"""Grey of the thin lines between cells: lighter than the black lines every GROUP cells, so those
stand out at any cell size, and a pencilled cell reads against them."""
ANSWER_CELL = 0.5
"""A bare grid (an answer, cover art) reads by its cells: one may print as small as this share of the
edition's least number size (3.5 pt, 1.2 mm, a picture still plain to see)."""
CROSS = 0.16
"""Half the width of the cross marking a hint's empty cell, in cells."""
CROSS_WIDTH = 0.07
"""The cross's stroke, in cells (never below the edition's thin line)."""


@dataclass(frozen=True)
class Bare(Nonogram):
    """A nonogram as answers and cover art draw it: its grid alone, without the clue bands."""


def nonogram_bare(board: Nonogram) -> Bare:
    """The board without its clue bands: an answer shows just the filled picture, and prints larger."""
    return board if isinstance(board, Bare) else Bare(board.rows, board.cols, board.givens)


def is_blank(board: Nonogram) -> bool:
    """A board without clues (every line `()`): a layout preview's, drawn without numbers. (A picture
    with no filled cell is no puzzle, so nothing real is mistaken for it.)"""
    return not any(board.rows) and not any(board.cols)


def clue_texts(clue: Clue) -> tuple[str, ...]:
    """The numbers a clue prints, in order: "0" for an empty line."""
    return tuple(str(run) for run in clue) if clue else ("0",)


def bands(board: Nonogram) -> tuple[int, int]:
    """The row clues' band width and the column clues' band height, in cells: the longest clue of
    each (a blank board's: the longest its lines could hold, (n + 1) // 2); none for a bare grid."""
    if isinstance(board, Bare):
        return 0, 0
    if is_blank(board):
        return (board.width + 1) // 2, (board.height + 1) // 2
    return (max(len(clue_texts(clue)) for clue in board.rows),
            max(len(clue_texts(clue)) for clue in board.cols))


def nonogram_extent(board: Nonogram) -> tuple[float, float]:
    """The drawn board's width and height in cells, the clue bands included."""
    across, down = bands(board)
    return float(across + board.width), float(down + board.height)


def _clue_size(board: Nonogram, cell: float, style: Style) -> float:
    """The clue numbers' type in cells `cell` wide: CLUE_SHARE of the cell, less when the widest
    number the board's lines allow (two digits from 10 cells on), narrowed as far as allowed, would
    not fit across its clue cell. From the board's size alone, so every puzzle of a size matches."""
    widest = style.measure(str(max(board.width, board.height)), style.fonts.given, 1.0) * MOST_CONDENSED
    return min(cell * CLUE_SHARE, cell * CLUE_WIDTH / widest)


def fit_nonogram(board: Nonogram, box: Rect, style: Style, *, labelled: bool = True) -> GridFit:
    """The largest square cells that fit the board and its bands in the box (below a label line).

    What must stay legible is the clue numbers: number_size is their type, which the page-fit check
    compares with the edition's least number size. A bare grid has no numbers: its cells must stay
    plain, number_size carries a cell's width against ANSWER_CELL of the least size (as a maze's)."""
    across, down = nonogram_extent(board)
    room = box.h - (label_height(style) if labelled else 0.0)
    cell = min(box.w / across, room / down, style.max_cell)
    size = f"{board.width}x{board.height}"
    if isinstance(board, Bare):
        return GridFit(cell=cell, number_size=cell / ANSWER_CELL, rows=down, reads="cells", extent=(across, down),
                       board=f"a {size} nonogram's grid, its cells {cell / (72 / 25.4):.1f} mm wide",
                       scale=ANSWER_CELL)
    wide, tall = bands(board)
    longest = max(wide, tall)
    blank = "blank " if is_blank(board) else ""
    return GridFit(cell=cell, number_size=_clue_size(board, cell, style), rows=down, reads="clue numbers",
                   extent=(across, down),
                   board=f"a {blank}{size} nonogram (columns x rows) with clues up to {longest} numbers long")


def _grid_corner(board: Nonogram, box: Rect, cell: float, style: Style, labelled: bool) -> tuple[float, float]:
    """The grid's left edge and top (right of the row band, below the column band)."""
    across, down = nonogram_extent(board)
    wide, tall = bands(board)
    left, top = board_corner(box, across * cell, down * cell, style, labelled)
    return left + wide * cell, top - tall * cell


def nonogram_centres(board: Nonogram, box: Rect, style: Style, *, labelled: bool = True) -> tuple[float, Centres]:
    """The cell size and every grid cell's centre, where draw_nonogram puts them."""
    cell = fit_nonogram(board, box, style, labelled=labelled).cell
    x, y = _grid_corner(board, box, cell, style, labelled)
    return cell, {(r, c): (x + (c + 0.5) * cell, y - (r + 0.5) * cell)
                  for r in range(board.height) for c in range(board.width)}


def draw_nonogram(
    canvas: Surface,
    board: Nonogram,
    box: Rect,
    *,
    style: Style,
    solution: Sequence[str] | None = None,
    label: str = "",
    note: str = "",
    example: bool = False,
) -> None:
    """A nonogram centred in `box`, its label (bold, left) and note (right) on a line above it.

    With `solution` (rows of FILLED and EMPTY), the picture filled in black, the hints' crosses left
    out; a bare board (answers) then shows the picture alone, a clued one (the how-to page's worked
    example) its clues too. A worked example is drawn the same way. A bare board without a solution
    (cover art) is drawn with its clues: an empty grid alone would show nothing of the puzzle."""
    if isinstance(board, Bare) and solution is None and not is_blank(board):
        board = Nonogram(board.rows, board.cols, board.givens, board.flipped)
    labelled = bool(label or note)
    fit = fit_nonogram(board, box, style, labelled=labelled)
    cell = fit.cell
    across, down = nonogram_extent(board)
    left, top = place_board(canvas, box, across * cell, down * cell, style, label, note)
    wide, tall = bands(board)
    x, y = left + wide * cell, top - tall * cell
    picture = _picture(solution, board)
    canvas.saveState()
    if wide or tall:
        _bands(canvas, board, left, top, x, y, cell, style)
    _grid(canvas, board, _filled(board, picture), x, y, cell, style)
    if picture is None:
        _crosses(canvas, board, x, y, cell, style)
    if (wide or tall) and not is_blank(board):
        _clues(canvas, board, x, y, cell, fit.number_size, style)
    canvas.restoreState()


def _picture(solution: object, board: Nonogram) -> Sequence[str] | None:
    """The solution's rows when they are a picture of the board's size (a layout check may pass
    something else as its answer: then there is none to draw)."""
    if not isinstance(solution, (list, tuple)) or len(solution) != board.height:
        return None
    if not all(isinstance(row, str) and len(row) == board.width for row in solution):
        return None
    return solution


def _bands(canvas: Surface, board: Nonogram, left: float, top: float, x: float, y: float, cell: float,
           style: Style) -> None:
    """Alternate groups of GROUP lines shaded in both bands (the first group shaded), a light line
    between two lines' clues and around the bands (none between the numbers of one clue: they are a
    cell apart, and fewer lines keep the band quiet)."""
    right, bottom = x + board.width * cell, y - board.height * cell
    canvas.setFillGray(BAND_SHADE)
    for start in range(0, board.height, 2 * GROUP):
        rows = min(GROUP, board.height - start)
        canvas.rect(left, y - (start + rows) * cell, x - left, rows * cell, stroke=0, fill=1)
    for start in range(0, board.width, 2 * GROUP):
        cols = min(GROUP, board.width - start)
        canvas.rect(x + start * cell, y, cols * cell, top - y, stroke=0, fill=1)
    lines = [(left, y - r * cell, x, y - r * cell) for r in range(board.height + 1)]  # each row's strip
    lines += [(x + c * cell, top, x + c * cell, y) for c in range(board.width + 1)]  # each column's
    lines += [(left, y, left, bottom), (x, top, right, top)]  # the bands' far edges
    canvas.setStrokeGray(BAND_LINE)
    canvas.setLineWidth(style.thin)
    canvas.lines(lines)


def _filled(board: Nonogram, picture: Sequence[str] | None) -> list[tuple[int, int]]:
    """The cells printed black: the picture's filled cells (an answer), or the hints' (a puzzle)."""
    if picture is not None:
        return [(r, c) for r, row in enumerate(picture) for c, mark in enumerate(row) if mark == FILLED]
    return [(r, c) for r, c, mark in board.hints if mark == FILLED]


def _grid(canvas: Surface, board: Nonogram, filled: Sequence[tuple[int, int]], x: float, y: float, cell: float,
          style: Style) -> None:
    """Thin grey lines between cells, the `filled` cells black over them (so a picture prints solid),
    black lines every GROUP cells from the top left, a thick outline."""
    width, height = board.width * cell, board.height * cell
    thin: list[tuple[float, float, float, float]] = []
    heavy: list[tuple[float, float, float, float]] = []
    for c in range(1, board.width):
        (heavy if c % GROUP == 0 else thin).append((x + c * cell, y, x + c * cell, y - height))
    for r in range(1, board.height):
        (heavy if r % GROUP == 0 else thin).append((x, y - r * cell, x + width, y - r * cell))
    canvas.setStrokeGray(THIN_INK)
    canvas.setLineWidth(style.thin)
    canvas.lines(thin)
    canvas.setFillGray(0)
    for r, c in filled:
        canvas.rect(x + c * cell, y - (r + 1) * cell, cell, cell, stroke=0, fill=1)
    canvas.setStrokeGray(0)
    canvas.setLineWidth((style.thin + style.thick) / 2)
    canvas.lines(heavy)
    canvas.setLineWidth(style.thick)
    canvas.setLineJoin(0)
    canvas.rect(x, y - height, width, height, stroke=1, fill=0)


def _crosses(canvas: Surface, board: Nonogram, x: float, y: float, cell: float, style: Style) -> None:
    """A small cross in every cell a hint marks empty."""
    arm = CROSS * cell
    marks: list[tuple[float, float, float, float]] = []
    for r, c, mark in board.hints:
        if mark == EMPTY:
            cx, cy = x + (c + 0.5) * cell, y - (r + 0.5) * cell
            marks += [(cx - arm, cy - arm, cx + arm, cy + arm), (cx - arm, cy + arm, cx + arm, cy - arm)]
    if marks:
        canvas.setStrokeGray(0)
        canvas.setLineWidth(max(style.thin, cell * CROSS_WIDTH))
        canvas.setLineCap(1)
        canvas.lines(marks)
        canvas.setLineCap(0)


def _clues(canvas: Surface, board: Nonogram, x: float, y: float, cell: float, size: float, style: Style) -> None:
    """Each row's numbers right-aligned against the grid, each column's bottom-aligned on it, one to a
    clue cell, centred in it (narrowed when two digits would be too wide)."""
    canvas.setFillGray(0)
    canvas.setFont(style.fonts.given, size)
    drop = size * style.fonts.digit_height / 2
    for r, clue in enumerate(board.rows):
        texts = clue_texts(clue)
        for k, text in enumerate(texts):
            _number(canvas, text, x - (len(texts) - k - 0.5) * cell, y - (r + 0.5) * cell - drop, cell, size, style)
    for c, clue in enumerate(board.cols):
        texts = clue_texts(clue)
        for k, text in enumerate(texts):
            _number(canvas, text, x + (c + 0.5) * cell, y + (len(texts) - k - 0.5) * cell - drop, cell, size, style)


def _number(canvas: Surface, text: str, cx: float, baseline: float, cell: float, size: float, style: Style) -> None:
    """`text` centred on cx, narrowed if wider than its share of the clue cell."""
    squeeze = cell * CLUE_WIDTH / style.measure(text, style.fonts.given, size)
    if squeeze >= 1:
        canvas.drawCentredString(cx, baseline, text)
        return
    canvas.saveState()
    canvas.translate(cx, baseline)
    canvas.scale(squeeze, 1.0)
    canvas.drawCentredString(0, 0, text)
    canvas.restoreState()
