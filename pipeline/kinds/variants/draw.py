"""Draw a Sudoku variant into a box, as the classic Sudoku is drawn (thin lines between cells, thick
ones around the regions and the grid, givens bold) with each variant's own marks:

Killer: every cage as a dashed outline inset from its cells' edges, following the cage's shape (one
closed outline, its inner corners turned, never a dash between two cells of one cage), its total small
in the top left corner of its first cell on a patch of the cell's own ground; the digit in that cell
moved down just clear of it. Jigsaw: thick lines wherever two neighbouring cells lie in different
regions, and (`Shaded`) the regions in light greys, no two neighbours alike. Sudoku X: both long
diagonals' cells lightly shaded under everything (on an answer, where grey marks the givens, thin grey
strokes along each diagonal through the cells' corners instead, clear of the digits).

The dashes are short line segments the drawing lays out itself (a Surface has no dash pattern): each
side of a cage's outline gets a whole number of dashes, every corner an L-shaped one, so the pattern
looks alike on a PDF page and an SVG picture. Drawing never decides whether a grid fits:
`fit_variant` measures, and the book refuses a layout whose symbols (a Killer's sums too) would print
too small.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from pipeline.drawing import Centres, Rect, Style, Surface
from pipeline.drawing.grid import (
    FILLED_INK,
    GIVEN_FILL,
    NUMBER_WIDTH_SHARE,
    GridFit,
    board_corner,
    draw_label,
    draw_number,
    join_segments,
    label_height,
)
from pipeline.kinds.variants.puzzle import SYMBOLS, Variant, VariantError

SYMBOL_SHARE = 1.25
"""A cell holds one symbol, not up to three digits: its type may be this much larger (as Sudoku's)."""
NAMES = {"killer": "Killer Sudoku", "jigsaw": "Jigsaw Sudoku", "sudokux": "Sudoku X"}
"""How a message names each variant's board."""

CAGE_INSET = 0.12
"""A cage's dashed outline runs this share of a cell inside its cells' edges: clear of the thin and
the thick lines (a white gap of at least 0.4 pt beside a box border at 14 pt cells)."""
CAGE_LINE = 0.025
"""A cage outline's width, in cells, when that is more than the edition's thin line (cells above 30 pt)."""
CAGE_DASH = 0.16
"""A dash's length, in cells."""
CAGE_GAP = 0.1
"""The gap between dashes, in cells (stretched or shrunk a little so each side of an outline holds a
whole number of dashes)."""
CAGE_CORNER = 0.11
"""Each arm of the L-shaped dash at a corner of an outline, in cells."""
SUM_SHARE = 0.33
"""A cage total's type size, as a share of the cell."""
SUM_LEAST = 0.65
"""A cage total may print as small as this share of the edition's least number size (7 pt: sums of
4.55 pt, cells of 13.8 pt; in large print 7.8 pt, cells of 23.6 pt): the page-fit check measures a
Killer by its sums when they are what gets too small."""
SUM_PAD = 0.025
"""White around a cage total, in cells, where the dashes stop."""
CLEAR = 0.04
"""The least room, in cells, between a digit and a cage total or a cage's dashes."""
KILLER_DIGIT = 0.8
"""A Killer's digits' type size, at most, as a share of a Sudoku's (half the cell, in large print 0.62
of it): small enough that the digit under a total moves down only a little, well clear of the dashes."""
CELL_INK = 0.5
"""Grey of a Killer's thin lines between cells, so its black dashed cages stand out from them."""
DIAGONAL_FILL = 0.88
"""Grey of a Sudoku X's diagonal cells (12% ink: above the 10% printers still reproduce)."""
DIAGONAL_INK = 0.55
"""Grey of the thin diagonal strokes on a Sudoku X's answer."""
DIAGONAL_TICK = 0.24
"""How far a Sudoku X answer's diagonal strokes reach into a cell from its corner, in cells, at most
(less where the digits are large, as in large print)."""
REGION_FILLS = (1.0, 0.91, 0.83, 0.75)
"""A shaded Jigsaw's region greys, white first: the fewest that keep neighbours apart are used (two or
three on most grids; four always do)."""

Segment = tuple[float, float, float, float]
Box = tuple[float, float, float, float]
"""(x0, y0, x1, y1) on the page, y up."""


@dataclass(frozen=True)
class Shaded:
    """A variant's puzzle with a print choice: whether a Jigsaw's regions are shaded in light greys
    (other variants ignore it)."""

    puzzle: Variant
    shade: bool = True


def as_variant(grid: Variant | Shaded) -> Variant:
    return grid.puzzle if isinstance(grid, Shaded) else grid


def _shaded(grid: Variant | Shaded) -> bool:
    return isinstance(grid, Shaded) and grid.shade and grid.puzzle.rule == "jigsaw"


def as_cells(solution: str | Sequence[int] | Variant, n: int) -> tuple[int, ...]:
    """A solution as cell values: a one-line string of symbols (as records store it), values, or a
    Variant's cells."""
    if isinstance(solution, Variant):
        cells: tuple[int, ...] = solution.cells
    elif isinstance(solution, str):
        line = solution.strip()
        bad = next((ch for ch in line if ch not in SYMBOLS[:n] and ch not in ".0"), None)
        if bad is not None:
            raise VariantError(f"a {n}x{n} solution holds {bad!r}; its symbols are 1..{n}")
        cells = tuple(SYMBOLS.index(ch) + 1 if ch in SYMBOLS else 0 for ch in line)
    else:
        cells = tuple(int(v) for v in solution)
    if len(cells) != n * n:
        raise VariantError(f"a {n}x{n} solution has {n * n} cells, not {len(cells)}")
    return cells


# ------------------------------------------------------------------------------------ measures


def variant_extent(grid: Variant | Shaded) -> tuple[float, float]:
    """The drawn grid's width and height, in cells."""
    n = as_variant(grid).n
    return float(n), float(n)


@dataclass(frozen=True)
class CellLayout:
    """What goes in a cell `cell` points wide: the digits' type and, for a Killer, where the cage
    outlines and totals go. Offsets are in points from a cell's top left corner, x right, y down."""

    cell: float
    digit: float
    """The digits' type size (one size in every cell)."""
    inset: float = 0.0
    """A cage outline's distance inside its cells' edges (to the middle of its line)."""
    line: float = 0.0
    """A cage outline's line width."""
    sum_size: float = 0.0
    """A total's type size."""
    sum_left: float = 0.0
    sum_top: float = 0.0
    """Where a total's digits start, and their top."""
    pad: float = 0.0
    """The patch's margin around a total's digits."""

    def patch(self, total: str, style: Style) -> Box:
        """A total's patch: (x0, top, x1, bottom) offsets from the cell's top left, y down."""
        width = style.measure(total, style.fonts.number, self.sum_size)
        height = self.sum_size * style.fonts.digit_height
        return (self.sum_left - self.pad, self.sum_top - self.pad, self.sum_left + width + self.pad,
                self.sum_top + height + self.pad)

    def drop(self, total: str | None, style: Style) -> float:
        """How far (points, down) the digit of a cell carrying `total` moves from the cell's middle to
        clear the total's patch by CLEAR; none in a cell without a total."""
        if total is None:
            return 0.0
        top = self.cell / 2 - self.digit * style.fonts.digit_height / 2
        return max(0.0, self.patch(total, style)[3] + CLEAR * self.cell - top)


def _widest(style: Style) -> float:
    """The widest symbol's width at 1 pt, in either number face."""
    return max(style.measure(char, font, 1.0) for char in SYMBOLS for font in (style.fonts.given, style.fonts.number))


def cell_layout(caged: bool, cell: float, style: Style) -> CellLayout:
    """The type and cage marks of a cell `cell` points wide, on a grid with cages (`caged`) or not.
    A Killer's digits are kept small enough to fit between a total and the cage's bottom dashes, so
    every cell holds them at one size."""
    digit = min(cell * style.number_share * SYMBOL_SHARE, cell * NUMBER_WIDTH_SHARE / _widest(style))
    if not caged:
        return CellLayout(cell, digit)
    inset, line = CAGE_INSET * cell, max(style.thin, CAGE_LINE * cell)
    pad = SUM_PAD * cell
    # A total starts at its outline's outer edge (it takes the outline's corner), its patch kept off
    # the grid's lines.
    start = max(inset - line / 2, style.thick / 2 + pad)
    layout = CellLayout(cell, digit, inset, line, SUM_SHARE * cell, start, start, pad)
    floor = cell - inset - line / 2 - CLEAR * cell  # the lowest a digit reaches: clear of the bottom dashes
    room = floor - (layout.patch("45", style)[3] + CLEAR * cell)
    wide = (cell - 2 * inset - line - 2 * CLEAR * cell) / _widest(style)
    return replace(layout, digit=min(KILLER_DIGIT * digit, room / style.fonts.digit_height, wide))


def fit_variant(grid: Variant | Shaded, box: Rect, style: Style, *, labelled: bool = True) -> GridFit:
    """The largest square cells that fit the box (below a label line); the widest symbol sets the type.
    A Killer is measured by its cage totals when they, not its digits, are what gets too small: then
    number_size is a total's size over SUM_LEAST (scale SUM_LEAST, reads 'cage sums')."""
    puzzle = as_variant(grid)
    n = puzzle.n
    room = box.h - (label_height(style) if labelled else 0.0)
    cell = min(box.w / n, room / n, style.max_cell)
    layout = cell_layout(puzzle.rule == "killer", cell, style)
    board = f"a {n}x{n} {NAMES.get(puzzle.rule, 'Sudoku variant')}"
    if puzzle.rule == "killer" and layout.sum_size / SUM_LEAST < layout.digit:
        return GridFit(cell=cell, number_size=layout.sum_size / SUM_LEAST, rows=n, board=board, reads="cage sums",
                       scale=SUM_LEAST)
    return GridFit(cell=cell, number_size=layout.digit, rows=n, board=board)


def variant_centres(grid: Variant | Shaded, box: Rect, style: Style, *, labelled: bool = True) -> tuple[float, Centres]:
    """The cell size and every cell's centre, where draw_variant puts them in `box`."""
    n = as_variant(grid).n
    cell = fit_variant(grid, box, style, labelled=labelled).cell
    left, top = board_corner(box, n * cell, n * cell, style, labelled)
    return cell, {(r, c): (left + (c + 0.5) * cell, top - (r + 0.5) * cell) for r in range(n) for c in range(n)}


@dataclass(frozen=True)
class Text:
    """One string as draw_variant sets it: a digit (given or filled) or a cage total, in cell `cell`;
    page points, y up."""

    cell: int
    text: str
    role: str
    """'given', 'filled' or 'total'."""
    x: float
    baseline: float
    size: float
    width: float
    height: float
    """Its digits' height (the face's digit height at its size)."""

    @property
    def box(self) -> Box:
        """Its digits' box: (left, baseline, right, top)."""
        return (self.x, self.baseline, self.x + self.width, self.baseline + self.height)


def variant_texts(grid: Variant | Shaded, box: Rect, style: Style, *, solution: str | Sequence[int] | None = None,
                  labelled: bool = True, example: bool = False) -> list[Text]:
    """Every digit and cage total draw_variant sets in `box` (totals first), where it sets them."""
    puzzle = as_variant(grid)
    n = puzzle.n
    cell = fit_variant(grid, box, style, labelled=labelled).cell
    left, top = board_corner(box, n * cell, n * cell, style, labelled)
    shown = as_cells(solution, n) if solution is not None else puzzle.cells
    if solution is not None and not example:
        puzzle = _answered(puzzle)
    return _texts(puzzle, shown, _Board(n, left, top, cell), cell_layout(bool(puzzle.cages), cell, style), style)


def _texts(puzzle: Variant, shown: tuple[int, ...], board: _Board, layout: CellLayout, style: Style) -> list[Text]:
    n, cell = puzzle.n, board.cell
    high = style.fonts.digit_height
    totals = _totals(puzzle)
    texts = []
    for i, total in sorted(totals.items()):
        x, y = board.point(i % n, i // n)
        width = style.measure(total, style.fonts.number, layout.sum_size)
        texts.append(Text(i, total, "total", x + layout.sum_left, y - layout.sum_top - layout.sum_size * high,
                          layout.sum_size, width, layout.sum_size * high))
    for i, value in enumerate(shown):
        if not value:
            continue
        given = bool(puzzle.cells[i])
        text = SYMBOLS[value - 1]
        x, y = board.point(i % n + 0.5, i // n + 0.5)
        width = style.measure(text, style.fonts.given if given else style.fonts.number, layout.digit)
        middle = y - layout.drop(totals.get(i), style)
        texts.append(Text(i, text, "given" if given else "filled", x - width / 2, middle - layout.digit * high / 2,
                          layout.digit, width, layout.digit * high))
    return texts


# ------------------------------------------------------------------------------------ drawing


def draw_variant(
    canvas: Surface,
    grid: Variant | Shaded,
    box: Rect,
    *,
    style: Style,
    solution: str | Sequence[int] | None = None,
    label: str = "",
    note: str = "",
    example: bool = False,
) -> None:
    """A variant's puzzle centred in `box`, its label and note on a line above it.

    Givens are bold; with `solution`, the answer: givens bold on grey, filled symbols in grey regular
    type, as on the other kinds' answer pages (so grey means a given: a shaded Jigsaw's answer leaves
    its regions white, a Sudoku X's marks its diagonals with thin grey strokes through the cells'
    corners instead of greys). A worked `example` is drawn like any answer.
    """
    puzzle = as_variant(grid)
    n = puzzle.n
    filled = as_cells(solution, n) if solution is not None else None
    labelled = bool(label or note)
    fit = fit_variant(grid, box, style, labelled=labelled)
    if filled is not None and not example:
        puzzle = _answered(puzzle)
    cell = fit.cell
    side = n * cell
    left, top = board_corner(box, side, side, style, labelled)
    if labelled:
        draw_label(canvas, label, note, left, side, top + style.label * 0.7, style)
    board = _Board(n, left, top, cell)
    layout = cell_layout(bool(puzzle.cages), cell, style)
    canvas.saveState()
    grounds = _grounds(puzzle, _shaded(grid), answer=filled is not None)
    for grey in sorted(set(grounds.values())):
        canvas.setFillGray(grey)
        for i in sorted(k for k, g in grounds.items() if g == grey):
            x, y = board.point(i % n, i // n + 1)
            canvas.rect(x, y, cell, cell, stroke=0, fill=1)
    if puzzle.rule == "sudokux" and filled is not None:
        canvas.setStrokeGray(DIAGONAL_INK)
        canvas.setLineWidth(style.thin)
        canvas.lines(_diagonals(board, layout, style))
    _grid_lines(canvas, puzzle, board, style)
    if puzzle.cages:
        _cages(canvas, puzzle, board, layout)
    digits = replace(fit, number_size=layout.digit)
    for text in _texts(puzzle, filled if filled is not None else puzzle.cells, board, layout, style):
        if text.role == "total":
            # On a patch of the cell's own ground, where the cage's dashes stop.
            x, y = board.point(text.cell % n, text.cell // n)
            x0, y0, x1, y1 = layout.patch(text.text, style)
            canvas.setFillGray(grounds.get(text.cell, 1.0))
            canvas.rect(x + x0, y - y1, x1 - x0, y1 - y0, stroke=0, fill=1)
            canvas.setFillGray(0)
            canvas.setFont(style.fonts.number, text.size)
            canvas.drawString(text.x, text.baseline, text.text)
        else:
            canvas.setFillGray(0 if text.role == "given" else FILLED_INK)
            draw_number(canvas, text.text, digits, text.x + text.width / 2, text.baseline + text.height / 2, style,
                        given=text.role == "given")
    canvas.restoreState()


def _answered(puzzle: Variant) -> Variant:
    """The puzzle as its answer shows it: a Killer's cages and sums would only crowd the digits (the
    worked example of a how-to page keeps them, to show how they add up)."""
    return replace(puzzle, cages=())


@dataclass(frozen=True)
class _Board:
    """Where the grid lies: side n, its top left corner and cell size, in points."""

    n: int
    left: float
    top: float
    cell: float

    def point(self, x: float, y: float) -> tuple[float, float]:
        """The page point of grid coordinates (x columns right, y rows down from the top left)."""
        return self.left + x * self.cell, self.top - y * self.cell


def _diagonals(board: _Board, layout: CellLayout, style: Style) -> list[Segment]:
    """Both long diagonals as short strokes through the cells' corners, DIAGONAL_TICK of a cell each
    way or less, so they stop short of the square a digit takes in the middle of its cell (by CLEAR,
    and at least a line's width)."""
    half = layout.digit * max(style.fonts.digit_height, _widest(style)) / 2 / board.cell
    n, tick = board.n, min(DIAGONAL_TICK, 0.5 - half - max(CLEAR, style.thin / board.cell))
    strokes = []
    for k in range(n + 1):
        a, b = max(0.0, k - tick), min(float(n), k + tick)
        strokes.append((*board.point(a, a), *board.point(b, b)))
        strokes.append((*board.point(a, n - a), *board.point(b, n - b)))
    return strokes


def _totals(puzzle: Variant) -> dict[int, str]:
    """Each cage's total, by its first cell (the top row's leftmost)."""
    return {min(cage.cells): str(cage.total) for cage in puzzle.cages if cage.cells}


def _grounds(puzzle: Variant, shaded: bool, *, answer: bool) -> dict[int, float]:
    """The grey under each cell that has one (white cells left out)."""
    n = puzzle.n
    if answer:
        return {i: GIVEN_FILL for i, v in enumerate(puzzle.cells) if v}
    if puzzle.rule == "sudokux":
        return {i: DIAGONAL_FILL for k in range(n) for i in (k * n + k, k * n + n - 1 - k)}
    if shaded:
        colours = region_colours(puzzle)
        return {i: REGION_FILLS[colours[r]] for i, r in enumerate(puzzle.regions) if REGION_FILLS[colours[r]] < 1.0}
    return {}


def region_colours(puzzle: Variant) -> tuple[int, ...]:
    """Each region's shade (an index into REGION_FILLS): the fewest shades that give no two regions
    sharing a side the same, found in region order, lowest shade first (so the same grid always gets the
    same shades, and white is the commonest)."""
    n = puzzle.n
    regions = puzzle.regions
    count = max(regions) + 1 if regions else 0
    near: list[set[int]] = [set() for _ in range(count)]
    for i, region in enumerate(regions):
        r, c = divmod(i, n)
        for j in ((i + 1) if c + 1 < n else -1, (i + n) if r + 1 < n else -1):
            if j >= 0 and regions[j] != region:
                near[region].add(regions[j])
                near[regions[j]].add(region)
    for shades in range(1, len(REGION_FILLS) + 1):
        found = _colour(near, shades)
        if found is not None:
            return found
    raise VariantError(f"the regions need more than {len(REGION_FILLS)} shades")  # never on a map of regions


def _colour(near: list[set[int]], shades: int) -> tuple[int, ...] | None:
    colours = [-1] * len(near)

    def place(k: int) -> bool:
        if k == len(near):
            return True
        for shade in range(shades):
            if all(colours[j] != shade for j in near[k]):
                colours[k] = shade
                if place(k + 1):
                    return True
        colours[k] = -1
        return False

    return tuple(colours) if place(0) else None


def _grid_lines(canvas: Surface, puzzle: Variant, board: _Board, style: Style) -> None:
    """Thin lines between cells; thick ones between regions (boxes, or a Jigsaw's shapes) and around the
    grid, square-capped so their corners close."""
    n, regions = puzzle.n, puzzle.regions
    thin: list[Segment] = []
    thick: list[Segment] = []
    for k in range(1, n):
        for m in range(n):
            # The side between columns k-1 and k in row m, and between rows k-1 and k in column m.
            across = regions[m * n + k - 1] != regions[m * n + k]
            (thick if across else thin).append((*board.point(k, m), *board.point(k, m + 1)))
            down = regions[(k - 1) * n + m] != regions[k * n + m]
            (thick if down else thin).append((*board.point(m, k), *board.point(m + 1, k)))
    thick += [(*board.point(0, 0), *board.point(n, 0)), (*board.point(0, n), *board.point(n, n)),
              (*board.point(0, 0), *board.point(0, n)), (*board.point(n, 0), *board.point(n, n))]
    canvas.setStrokeGray(CELL_INK if puzzle.rule == "killer" else 0)
    canvas.setLineWidth(style.thin)
    canvas.setLineCap(0)
    canvas.lines(join_segments(thin))
    canvas.setStrokeGray(0)
    canvas.setLineWidth(style.thick)
    canvas.setLineCap(2)
    canvas.lines(join_segments(thick))
    canvas.setLineCap(0)


# ------------------------------------------------------------------------------------ cages


def cage_outlines(cells: Sequence[int], n: int) -> list[list[tuple[int, int]]]:
    """A cage's outline as closed loops of corners (x, y) on the grid's lattice (x columns, y rows from
    the top left), clockwise on the page, the cage's inside on the right; only the corners, no point
    where the outline runs straight on. Cells touching only at a corner are kept apart."""
    inside = set(cells)
    edges: dict[tuple[int, int], list[tuple[int, int]]] = {}

    def edge(a: tuple[int, int], b: tuple[int, int]) -> None:
        edges.setdefault(a, []).append(b)

    for i in sorted(inside):
        r, c = divmod(i, n)
        if r == 0 or i - n not in inside:
            edge((c, r), (c + 1, r))
        if c == n - 1 or i + 1 not in inside:
            edge((c + 1, r), (c + 1, r + 1))
        if r == n - 1 or i + n not in inside:
            edge((c + 1, r + 1), (c, r + 1))
        if c == 0 or i - 1 not in inside:
            edge((c, r + 1), (c, r))
    loops = []
    while edges:
        # The top left corner of the leftmost column's top cell: one way out, never a meeting of corners.
        start = min(edges)
        loop = []
        here, heading = start, (0, 0)
        while True:
            loop.append(here)
            ends = edges[here]
            # Where the outline may go two ways (cells meeting at a corner), turn right: into the cage.
            ends.sort(key=lambda b: _turn(heading, (b[0] - here[0], b[1] - here[1])))
            step = ends.pop(0)
            if not ends:
                del edges[here]
            heading = (step[0] - here[0], step[1] - here[1])
            here = step
            if here == start:
                break
        loops.append(_corners(loop))
    return loops


def _turn(heading: tuple[int, int], step: tuple[int, int]) -> int:
    """0 for a right turn (y down), 1 straight on, 2 a left turn: the order to prefer."""
    if heading == (0, 0):
        return 1
    if step == (-heading[1], heading[0]):
        return 0
    return 1 if step == heading else 2


def _corners(loop: list[tuple[int, int]]) -> list[tuple[int, int]]:
    k = len(loop)
    kept = []
    for j in range(k):
        (ax, ay), (bx, by), (cx, cy) = loop[j - 1], loop[j], loop[(j + 1) % k]
        if (bx - ax) * (cy - by) - (by - ay) * (cx - bx) != 0:
            kept.append(loop[j])
    return kept


def inset_outline(corners: list[tuple[int, int]], inset: float) -> list[tuple[float, float]]:
    """A clockwise outline's corners moved `inset` (in cells) into its inside: each by the inward
    normals of its two sides, so convex and inner corners alike stay square."""
    moved = []
    k = len(corners)
    for j in range(k):
        (ax, ay), (bx, by), (cx, cy) = corners[j - 1], corners[j], corners[(j + 1) % k]
        ux, uy = _unit(bx - ax, by - ay)
        vx, vy = _unit(cx - bx, cy - by)
        # The inside lies to the right of the way round: (x, y) heads to (-y, x) turned right, y down.
        moved.append((bx + inset * (-uy - vy), by + inset * (ux + vx)))
    return moved


def _unit(dx: float, dy: float) -> tuple[float, float]:
    length = math.hypot(dx, dy)
    return dx / length, dy / length


def dash_runs(outline: list[tuple[float, float]]) -> list[list[tuple[float, float]]]:
    """A closed outline (grid units) as dashes, each a polyline: an L-shaped dash of arms CAGE_CORNER
    at every corner, and on each side between them a whole number of CAGE_DASH dashes with equal gaps
    as near CAGE_GAP as the side allows."""
    k = len(outline)
    runs: list[list[tuple[float, float]]] = []
    arms = []
    for j in range(k):
        (ax, ay), (bx, by) = outline[j], outline[(j + 1) % k]
        arms.append(min(CAGE_CORNER, math.hypot(bx - ax, by - ay) / 3))
    for j in range(k):
        (ax, ay), (bx, by) = outline[j], outline[(j + 1) % k]
        (px, py) = outline[j - 1]
        length = math.hypot(bx - ax, by - ay)
        ux, uy = (bx - ax) / length, (by - ay) / length
        back = arms[j - 1]
        wx, wy = _unit(ax - px, ay - py)
        runs.append([(ax - wx * back, ay - wy * back), (ax, ay), (ax + ux * arms[j], ay + uy * arms[j])])
        middle = length - 2 * arms[j]
        dashes = max(0, round((middle - CAGE_GAP) / (CAGE_DASH + CAGE_GAP)))
        while dashes and (middle - dashes * CAGE_DASH) / (dashes + 1) < 0.6 * CAGE_GAP:
            dashes -= 1
        gap = (middle - dashes * CAGE_DASH) / (dashes + 1)
        at = arms[j] + gap
        for _ in range(dashes):
            runs.append([(ax + ux * at, ay + uy * at), (ax + ux * (at + CAGE_DASH), ay + uy * (at + CAGE_DASH))])
            at += CAGE_DASH + gap
    return runs


def _cages(canvas: Surface, puzzle: Variant, board: _Board, layout: CellLayout) -> None:
    """Every cage's dashed outline, inset from its cells' edges, in one path."""
    path: Any = canvas.beginPath()
    for cage in puzzle.cages:
        for loop in cage_outlines(cage.cells, puzzle.n):
            for run in dash_runs(inset_outline(loop, layout.inset / board.cell)):
                path.moveTo(*board.point(*run[0]))
                for x, y in run[1:]:
                    path.lineTo(*board.point(x, y))
    canvas.setStrokeGray(0)
    canvas.setLineWidth(layout.line)
    canvas.setLineCap(0)
    canvas.setLineJoin(0)
    canvas.drawPath(path, stroke=1, fill=0)
