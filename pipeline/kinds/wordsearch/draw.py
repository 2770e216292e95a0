"""Draw a word search into a box: its letters centred in their cells (no lines between them, the
board's outline around them), and under the grid the words to find in the book's fonts, in columns
(alphabetical, or grouped by length), or one line saying how many words hide. An answer circles each
word in a rounded capsule, an outline readable in black and white, and prints a hidden message.

The list's height is counted in cells, from the grid record alone (LIST_ROW cells a line), so
measuring (fit, extent) and drawing agree.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

from pipeline.drawing import Centres, Rect, Style, Surface
from pipeline.drawing.grid import GridFit, board_corner, label_height, place_board
from pipeline.kinds.wordsearch.grid import DIRECTIONS

Grid = Mapping[str, Any]
LETTER_SHARE = 0.62
"""A letter's size as a share of its cell."""
LIST_SHARE = 0.56
"""The word list's type as a share of a cell."""
LIST_ROW = 0.85
"""Cells a line of the word list takes."""
LIST_GAP = 0.5
"""Cells between the grid and its list."""
CHAR_WIDTH = 0.78
"""An upper bound on a capital's width in the list's type, as a share of the type size (DejaVu's W)."""
CAPSULE = 0.40
"""A capsule's half-width, in cells."""
ARC_STEPS = 8
BARE = "bare"
"""A grid's `show` as answers and cover art lay it out (see wordsearch_bare)."""


def _size(grid: Grid) -> tuple[int, int]:
    rows = grid["rows"]
    return len(rows), max(len(row) for row in rows)


def _listed(grid: Grid) -> list[str]:
    """The words in the order the list prints them, '' for a gap between length groups."""
    words = sorted(grid["words"])
    if grid.get("list_style") != "length":
        return words
    out: list[str] = []
    for length in sorted({len(word) for word in words}):
        if out:
            out.append("")
        out += [word for word in words if len(word) == length]
    return out


def _columns(grid: Grid) -> int:
    _, columns = _size(grid)
    longest = max((len(word) for word in grid["words"]), default=1)
    return max(1, int(columns // (longest * CHAR_WIDTH * LIST_SHARE + 1.0)))


def wordsearch_bare(grid: Grid) -> Grid:
    """The grid as answers and cover art lay it out: no word list under it (an answer's capsules show
    the words), only an answer's hidden message, so the grid prints as large as its box allows."""
    return {**grid, "show": BARE}


def _list_lines(grid: Grid) -> int:
    if grid.get("show") == BARE:
        return 0
    if grid.get("show") == "count":
        return 1
    return math.ceil(len(_listed(grid)) / _columns(grid))


def _message_lines(grid: Grid) -> int:
    """The answer's line for the hidden message (a puzzle keeps it to itself)."""
    return 1 if grid.get("show") == BARE and grid.get("message") else 0


def wordsearch_extent(grid: Grid) -> tuple[float, float]:
    """The drawn board's width and height in cells: the grid, then its list (and a message line)."""
    rows, columns = _size(grid)
    below = _list_lines(grid) + _message_lines(grid)
    return float(columns), rows + (LIST_GAP + below * LIST_ROW if below else 0.0)


def fit_wordsearch(grid: Grid, box: Rect, style: Style, *, labelled: bool = True) -> GridFit:
    """The largest square cells that fit the box with the list below; the letters' size in them."""
    rows, columns = _size(grid)
    across, down = wordsearch_extent(grid)
    room = box.h - (label_height(style) if labelled else 0.0)
    cell = min(box.w / across, room / down, style.max_cell)
    return GridFit(cell=cell, number_size=cell * LETTER_SHARE, rows=down,
                   board=f"a {rows}x{columns} word search of {len(grid['words'])} words")


def _layout(grid: Grid, box: Rect, style: Style, labelled: bool) -> tuple[GridFit, float, float]:
    fit = fit_wordsearch(grid, box, style, labelled=labelled)
    across, down = wordsearch_extent(grid)
    left, top = board_corner(box, across * fit.cell, down * fit.cell, style, labelled)
    return fit, left, top


def wordsearch_centres(grid: Grid, box: Rect, style: Style, *, labelled: bool = True) -> tuple[float, Centres]:
    """The cell size and every open cell's centre, where draw_wordsearch puts them."""
    fit, left, top = _layout(grid, box, style, labelled)
    return fit.cell, {(r, c): (left + (c + 0.5) * fit.cell, top - (r + 0.5) * fit.cell)
                      for r, row in enumerate(grid["rows"]) for c, char in enumerate(row) if char != "#"}


def draw_wordsearch(
    canvas: Surface,
    grid: Grid,
    box: Rect,
    *,
    style: Style,
    solution: Sequence[Sequence[Any]] | None = None,
    label: str = "",
    note: str = "",
    example: bool = False,
) -> None:
    """A word search centred in `box`: letters, outline, the list (or the count); with `solution`, a
    capsule around every word, and the hidden message under the grid."""
    rows = grid["rows"]
    height, columns = _size(grid)
    fit = fit_wordsearch(grid, box, style, labelled=bool(label or note))
    cell = fit.cell
    across, down = wordsearch_extent(grid)
    left, top = place_board(canvas, box, across * cell, down * cell, style, label, note)
    canvas.saveState()
    _outline(canvas, rows, left, top, cell, style)
    canvas.setFillGray(0)
    canvas.setFont(style.fonts.number, fit.number_size)
    for r, row in enumerate(rows):
        for c, char in enumerate(row):
            if char not in "#.":  # blocked, or empty (a blank board, as previews show it)
                x, y = left + (c + 0.5) * cell, top - (r + 0.5) * cell
                canvas.drawCentredString(x, y - fit.number_size * 0.36, char)
    if isinstance(solution, (list, tuple)):  # (a layout check passes the blank grid as its answer)
        _capsules(canvas, solution, left, top, cell)
    below = top - height * cell - LIST_GAP * cell
    if _list_lines(grid):
        below = _word_list(canvas, grid, left, below, across * cell, cell, style)
    if solution is not None and grid.get("message"):
        message = grid["message"].upper()
        size = cell * LIST_SHARE
        size = min(size, size * across * cell / max(style.measure(message, style.fonts.bold, size), 1.0))
        canvas.setFont(style.fonts.bold, size)
        canvas.drawCentredString(left + across * cell / 2, below - LIST_ROW * cell * 0.8, message)
    canvas.restoreState()


def _outline(canvas: Surface, rows: Sequence[str], left: float, top: float, cell: float, style: Style) -> None:
    """A thin line around the open cells (the board's shape)."""

    def is_open(r: int, c: int) -> bool:
        return 0 <= r < len(rows) and 0 <= c < len(rows[r]) and rows[r][c] != "#"

    sides = []
    for r, row in enumerate(rows):
        for c, char in enumerate(row):
            if char == "#":
                continue
            x, y = left + c * cell, top - (r + 1) * cell
            if not is_open(r - 1, c):
                sides.append((x, y + cell, x + cell, y + cell))
            if not is_open(r + 1, c):
                sides.append((x, y, x + cell, y))
            if not is_open(r, c - 1):
                sides.append((x, y, x, y + cell))
            if not is_open(r, c + 1):
                sides.append((x + cell, y, x + cell, y + cell))
    canvas.setStrokeGray(0)
    canvas.setLineWidth(style.thin)
    canvas.setLineCap(2)
    canvas.lines(sides)
    canvas.setLineCap(0)


def _capsules(canvas: Surface, solution: Sequence[Sequence[Any]], left: float, top: float, cell: float) -> None:
    """A rounded outline around each word, from its first letter's centre to its last's."""
    canvas.setStrokeGray(0)
    canvas.setLineWidth(max(0.75, cell * 0.05))
    radius = CAPSULE * cell
    for word, r, c, direction in solution:
        dr, dc = DIRECTIONS[direction]
        x0, y0 = left + (c + 0.5) * cell, top - (r + 0.5) * cell
        x1, y1 = x0 + dc * (len(word) - 1) * cell, y0 - dr * (len(word) - 1) * cell
        angle = math.atan2(y1 - y0, x1 - x0)
        path = canvas.beginPath()
        points = []
        for i in range(ARC_STEPS + 1):  # around the far end, then back around the near one
            a = angle - math.pi / 2 + math.pi * i / ARC_STEPS
            points.append((x1 + radius * math.cos(a), y1 + radius * math.sin(a)))
        for i in range(ARC_STEPS + 1):
            a = angle + math.pi / 2 + math.pi * i / ARC_STEPS
            points.append((x0 + radius * math.cos(a), y0 + radius * math.sin(a)))
        path.moveTo(*points[0])
        for point in points[1:]:
            path.lineTo(*point)
        path.close()
        canvas.drawPath(path, stroke=1, fill=0)


def _word_list(canvas: Surface, grid: Grid, left: float, top: float, width: float, cell: float, style: Style) -> float:
    """The words in columns under the grid (or the count line); the y below them."""
    size = cell * LIST_SHARE
    line = LIST_ROW * cell
    if grid.get("show") == "count":
        canvas.setFont(style.fonts.bold, size)
        canvas.drawCentredString(left + width / 2, top - line * 0.8, str(grid.get("prompt", len(grid["words"]))))
        return top - line
    words = _listed(grid)
    columns = _columns(grid)
    per_column = math.ceil(len(words) / columns)
    column_width = width / columns
    widest = max((style.measure(word, style.fonts.text, size) for word in words if word), default=1.0)
    squeeze = min(1.0, column_width * 0.92 / widest)
    canvas.setFont(style.fonts.text, size * squeeze)
    for i, word in enumerate(words):
        column, row = divmod(i, per_column)
        if word:
            canvas.drawString(left + column * column_width + column_width * 0.04, top - (row + 0.8) * line, word)
    return top - per_column * line
