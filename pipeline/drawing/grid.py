"""What every kind's drawing shares: how a grid fits its box, the label line above it, and numbers
centred in their cells (narrowed, never shrunk, when a cell is tight).

Surface calls only (a PDF page or an SVG picture); no kind's rules live here.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from pipeline.drawing.rect import Rect
from pipeline.drawing.style import Style
from pipeline.drawing.surface import Surface

PATH_INK = 0.6
"""Grey of the numbering path a worked example draws behind its numbers."""
GIVEN_FILL = 0.85
"""Grey behind the givens of an answer grid (15% ink: above the 10% printers still reproduce)."""
FILLED_INK = 0.35
"""Grey of the numbers an answer adds, so the givens stand out in black bold."""
NUMBER_WIDTH_SHARE = 0.84
"""The widest number may take this share of its cell's width."""
MOST_CONDENSED = 0.8
"""Numbers too wide for their cell (three digits in a small cell) are narrowed down to this share of
their width, keeping their height, before the font size itself has to shrink."""


@dataclass(frozen=True)
class GridFit:
    """A grid's cell size and number size inside a box."""

    cell: float
    number_size: float
    rows: float
    """The drawn board's height in cells: its rows, and any list printed under them."""
    board: str
    """How an error message names the board, e.g. 'a 9x9 board with numbers up to 81'."""
    reads: str = "numbers"
    """What must stay legible, as the page-fit check names it: 'numbers', 'letters', 'cells'."""
    extent: tuple[float, float] | None = None
    """The drawn board's width and height in cells when they depend on the box (a list of clues that
    goes beside or below its grid, whichever prints larger); None when the drawing's `extent` says it."""
    scale: float = 1.0
    """What `reads` measures, per point of number_size: the page-fit check compares number_size with
    the edition's least number size, so a kind without numbers (its cells, say) states its own
    measure against that least, and says it in its own points."""


def label_height(style: Style) -> float:
    return style.label * 2.0


def draw_number(canvas: Surface, text: str, fit: GridFit, x: float, y: float, style: Style, *, given: bool) -> None:
    """`text` centred on (x, y) in the given or the written face, narrowed (never below
    MOST_CONDENSED) if wider than its share of the cell."""
    font = style.fonts.given if given else style.fonts.number
    canvas.setFont(font, fit.number_size)
    baseline = y - fit.number_size * style.fonts.digit_height / 2
    squeeze = fit.cell * NUMBER_WIDTH_SHARE / style.measure(text, font, fit.number_size)
    if squeeze >= 1:
        canvas.drawCentredString(x, baseline, text)
        return
    canvas.saveState()
    canvas.translate(x, baseline)
    canvas.scale(squeeze, 1.0)
    canvas.drawCentredString(0, 0, text)
    canvas.restoreState()


def draw_label(canvas: Surface, label: str, note: str, left: float, width: float, y: float, style: Style) -> None:
    """Label at the grid's left edge and note at its right; centred as one line when the grid is narrower."""
    gap = style.label
    need = style.measure(label, style.fonts.bold, style.label) + gap + style.measure(note, style.fonts.text, style.label)
    if need > width:
        left, width = left + width / 2 - need / 2, need
    canvas.setFillGray(0)
    canvas.setFont(style.fonts.bold, style.label)
    canvas.drawString(left, y, label)
    canvas.setFont(style.fonts.text, style.label)
    canvas.drawRightString(left + width, y, note)


def fit_numbers(cell: float, n_max: int, style: Style, rows: int, board: str) -> GridFit:
    """The fit of cells `cell` wide holding numbers up to `n_max`: the style's share of the cell,
    or less when the widest number (narrowed as far as allowed) would not fit across it."""
    widest = max(style.measure(str(n_max), font, 1.0) for font in (style.fonts.given, style.fonts.number))
    widest *= MOST_CONDENSED
    size = min(cell * style.number_share, cell * NUMBER_WIDTH_SHARE / widest)
    return GridFit(cell=cell, number_size=size, rows=rows, board=board)


def board_corner(box: Rect, width: float, height: float, style: Style, labelled: bool) -> tuple[float, float]:
    """The left edge and top of a board `width` x `height` centred in `box` below its label line
    (when `labelled`)."""
    band = label_height(style) if labelled else 0.0
    return box.cx - width / 2, box.y + (box.h + height + band) / 2 - band


def place_board(canvas: Surface, box: Rect, width: float, height: float, style: Style, label: str,
                note: str) -> tuple[float, float]:
    """Centre a board `width` x `height` in `box` below its label line (drawn when there is a label
    or note); the board's left edge and top."""
    left, top = board_corner(box, width, height, style, bool(label or note))
    if label or note:
        draw_label(canvas, label, note, left, width, top + style.label * 0.7, style)
    return left, top


def draw_links(canvas: Surface, points: Sequence[tuple[float, float]], cell: float, gap: float, style: Style) -> None:
    """Grey links between consecutive points (the centres of 1, 2, ..., N), each stopping `gap` cells
    short of both ends so the numbers stay clear: a worked example's numbering path."""
    canvas.setStrokeGray(PATH_INK)
    canvas.setLineWidth(max(style.thick, cell * 0.08))
    canvas.setLineCap(1)
    for (x0, y0), (x1, y1) in zip(points, points[1:]):
        length = math.hypot(x1 - x0, y1 - y0)
        trim = gap * cell / length
        canvas.line(x0 + (x1 - x0) * trim, y0 + (y1 - y0) * trim, x1 - (x1 - x0) * trim, y1 - (y1 - y0) * trim)
    canvas.setLineCap(0)


def stroke_sides(canvas: Surface, inner: list[tuple[float, float, float, float]],
                 outer: list[tuple[float, float, float, float]], style: Style, cap: int) -> None:
    """Sides between open cells thin, the board's outline thick with line cap `cap`."""
    canvas.setStrokeGray(0)
    canvas.setLineWidth(style.thin)
    canvas.lines(inner)
    canvas.setLineWidth(style.thick)
    canvas.setLineCap(cap)
    canvas.lines(outer)
    canvas.setLineCap(0)


Segment = tuple[float, float, float, float]
"""A straight line from (x0, y0) to (x1, y1), in points."""


def join_segments(segments: list[Segment]) -> list[Segment]:
    """Axis-aligned segments that continue each other, joined into one (clean ends, a smaller page);
    others are kept as they are."""
    rows: dict[tuple[str, float], list[tuple[float, float]]] = {}
    others = []
    for x0, y0, x1, y1 in segments:
        if abs(y0 - y1) < 1e-9:
            rows.setdefault(("h", round(y0, 6)), []).append((min(x0, x1), max(x0, x1)))
        elif abs(x0 - x1) < 1e-9:
            rows.setdefault(("v", round(x0, 6)), []).append((min(y0, y1), max(y0, y1)))
        else:
            others.append((x0, y0, x1, y1))
    joined = []
    for (axis, at), spans in sorted(rows.items()):
        spans.sort()
        start, end = spans[0]
        for a, b in spans[1:] + [(math.inf, math.inf)]:
            if a <= end + 1e-6:
                end = max(end, b)
                continue
            joined.append((start, at, end, at) if axis == "h" else (at, start, at, end))
            start, end = a, b
    return joined + others
