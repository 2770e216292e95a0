"""Draw a maze into a box: its walls as clean lines, its entrance and exit as gaps in the outer wall
with arrows, and for an answer the route as a line through the cells.

Square mazes are drawn on their grid, honeycombs as pointy-top hexagons (row r half a cell right of
row r-1), round mazes as rings around a centre with arcs between them. Collinear walls are joined
into one line (a giant maze's page stays small and its corners clean). Drawing never decides whether
a maze fits: `fit_maze` measures, and the book refuses a layout whose cells would print too small.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from pipeline.drawing import Centres, Rect, Style, Surface
from pipeline.drawing.grid import GridFit, board_corner, join_segments, label_height, place_board
from pipeline.kinds.maze.board import HEX_ROW, Board
from pipeline.kinds.maze.maze import Maze
from pipeline.kinds.maze.record import read_maze

MARGIN = 1.0
"""Cells of room around the board, for the arrows at the entrance and the exit."""
LEAST_CELL = 0.7
"""A cell may print as small as this share of the edition's least number size (7 pt: cells of 4.9 pt,
1.7 mm, walls still apart; in large print 8.4 pt)."""
MM = 72 / 25.4
ROUTE_INK = 0.45
"""Grey of the answer's route line."""
ROUTE_WIDTH = 0.32
"""The route line's width, in cells."""
WALL_SHARE = 0.09
"""A wall's width, in cells, between the edition's thin and (one and a half) thick lines."""
ARROW = 0.55
"""An arrow's length, in cells."""

Point = tuple[float, float]
Segment = tuple[float, float, float, float]


_READ: list[tuple[Any, Maze]] = []
"""The last few grids read, by identity: a page measures, places and draws the same grid several
times, and a giant maze's record takes a while to read."""


def _maze(grid: Any) -> Maze:
    for seen, maze in _READ:
        if seen is grid:
            return maze
    maze = read_maze(grid)
    _READ.insert(0, (grid, maze))
    del _READ[8:]
    return maze


def maze_bare(grid: Any) -> Any:
    """The grid as answers and cover art draw it: without its cells' least width (large cells are for
    the young solver, not for looking an answer up)."""
    return {key: value for key, value in grid.items() if key != "cell_mm"}


def maze_extent(grid: Any) -> tuple[float, float]:
    """The drawn board's width and height in cells, the room for the arrows included."""
    width, height = _board_extent(_maze(grid).board)
    return width + 2 * MARGIN, height + 2 * MARGIN


def _board_extent(board: Board) -> tuple[float, float]:
    if board.topology == "round":
        diameter = 2.0 * len(board.rings)
        return diameter, diameter
    if board.topology == "square":
        return float(board.width), float(board.height)
    xs = [q + r / 2 for r, q in board.cells]
    return max(xs) - min(xs) + 1.0, (board.height - 1) * HEX_ROW + 2 / math.sqrt(3)


def fit_maze(grid: Any, box: Rect, style: Style, *, labelled: bool = True) -> GridFit:
    """The largest cells that fit the box (below a label line). What must stay legible is the cells:
    number_size carries a cell's width against the edition's least number size (LEAST_CELL), or
    against the maze's own cell_mm when it asks for larger cells."""
    maze = _maze(grid)
    width, height = maze_extent(grid)
    room = box.h - (label_height(style) if labelled else 0.0)
    wanted = 0.0 if maze.cell_mm is None else maze.cell_mm * MM
    cell = min(box.w / width, room / height, max(style.max_cell, wanted))
    least = max(style.min_number * LEAST_CELL, wanted)
    scale = least / style.min_number
    board = maze.board
    size = f"{len(board.rings)} rings" if board.topology == "round" else f"{board.height}x{board.width}"
    return GridFit(cell=cell, number_size=cell / scale, rows=height, reads="cells",
                   board=f"a {size} maze, its cells {cell / MM:.1f} mm wide", scale=scale)


def maze_centres(grid: Any, box: Rect, style: Style, *, labelled: bool = True) -> tuple[float, Centres]:
    """The cell size and every cell's centre, where draw_maze puts them in `box`."""
    maze = _maze(grid)
    fit = fit_maze(grid, box, style, labelled=labelled)
    width, height = maze_extent(grid)
    left, top = board_corner(box, width * fit.cell, height * fit.cell, style, labelled)
    geometry = _Geometry(maze.board, left + MARGIN * fit.cell, top - MARGIN * fit.cell, fit.cell)
    return fit.cell, {cell: geometry.centre(i) for i, cell in enumerate(maze.board.cells)}


def draw_maze(
    canvas: Surface,
    grid: Any,
    box: Rect,
    *,
    style: Style,
    solution: Sequence[Sequence[int]] | None = None,
    label: str = "",
    note: str = "",
    example: bool = False,
) -> None:
    """A maze centred in `box`, its label and note on a line above it; with `solution`, the answer:
    the route drawn through it. (A worked example is drawn the same way.)"""
    maze = _maze(grid)
    fit = fit_maze(grid, box, style, labelled=bool(label or note))
    width, height = maze_extent(grid)
    left, top = place_board(canvas, box, width * fit.cell, height * fit.cell, style, label, note)
    geometry = _Geometry(maze.board, left + MARGIN * fit.cell, top - MARGIN * fit.cell, fit.cell)
    canvas.saveState()
    if isinstance(solution, (list, tuple)):  # (a layout check passes the blank grid as its answer)
        _route(canvas, geometry, maze, [(int(r), int(c)) for r, c in solution], fit.cell)
    wall = min(max(style.thin, fit.cell * WALL_SHARE), style.thick * 1.5)
    canvas.setStrokeGray(0)
    canvas.setLineWidth(wall)
    canvas.setLineCap(2)
    openings = {maze.entrance: _opening(maze.board, maze.entrance), maze.exit: _opening(maze.board, maze.exit)}
    if maze.board.topology == "round":
        _round_walls(canvas, geometry, maze, openings)
    else:
        canvas.lines(join_segments(_grid_walls(geometry, maze, openings)))
    canvas.setLineCap(0)
    canvas.setFillGray(0)
    for cell, side in openings.items():
        _arrow(canvas, geometry, maze, cell, side, inward=cell == maze.entrance)
    canvas.restoreState()


# ------------------------------------------------------------------------------------ geometry


class _Geometry:
    """Where a board's cells and sides lie on the page, its drawn board's top left at (left, top)."""

    def __init__(self, board: Board, left: float, top: float, cell: float) -> None:
        self.board = board
        self.cell = cell
        self.left = left
        self.top = top
        if board.topology == "hex":
            self.shift = min(q + r / 2 for r, q in board.cells)
        if board.topology == "round":
            rings = len(board.rings)
            self.cx, self.cy = left + rings * cell, top - rings * cell

    def centre(self, i: int) -> Point:
        board, cell = self.board, self.cell
        a, b = board.cells[i]
        if board.topology == "square":
            return self.left + (b + 0.5) * cell, self.top - (a + 0.5) * cell
        if board.topology == "hex":
            return self.left + (b + a / 2 - self.shift + 0.5) * cell, self.top - (a * HEX_ROW + 1 / math.sqrt(3)) * cell
        if a == 0:
            return self.cx, self.cy
        angle = _angle(board, a, b + 0.5)
        return self.polar(a + 0.5, angle)

    def polar(self, radius: float, angle: float) -> Point:
        """The point `radius` cells from a round board's centre, `angle` radians clockwise from the top."""
        return self.cx + radius * self.cell * math.sin(angle), self.cy + radius * self.cell * math.cos(angle)

    def hex_corner(self, i: int, degrees: float) -> Point:
        x, y = self.centre(i)
        radius = self.cell / math.sqrt(3)
        return x + radius * math.cos(math.radians(degrees)), y + radius * math.sin(math.radians(degrees))


def _angle(board: Board, ring: int, index: float) -> float:
    return 2 * math.pi * index / board.rings[ring]


SQUARE_SIDES = {(-1, 0): ((0, 0), (1, 0)), (0, -1): ((0, 0), (0, 1)), (0, 1): ((1, 0), (1, 1)),
                (1, 0): ((0, 1), (1, 1))}
"""A square cell's side toward each neighbour step: its two corners as (x, y) offsets in cells from
the cell's top left (y down)."""
HEX_SIDES = {(0, 1): (30, -30), (0, -1): (150, 210), (-1, 0): (90, 150), (-1, 1): (30, 90),
             (1, -1): (210, 270), (1, 0): (270, 330)}
"""A hex cell's side toward each axial step: the angles (degrees, counterclockwise from the right,
y up) of its two corners."""


def _steps(board: Board) -> Sequence[tuple[int, int]]:
    return list(SQUARE_SIDES) if board.topology == "square" else list(HEX_SIDES)


def _side(geometry: _Geometry, i: int, step: tuple[int, int]) -> Segment:
    board, cell = geometry.board, geometry.cell
    if board.topology == "square":
        r, c = board.cells[i]
        (x0, y0), (x1, y1) = SQUARE_SIDES[step]
        return (geometry.left + (c + x0) * cell, geometry.top - (r + y0) * cell,
                geometry.left + (c + x1) * cell, geometry.top - (r + y1) * cell)
    a0, a1 = HEX_SIDES[step]
    return (*geometry.hex_corner(i, a0), *geometry.hex_corner(i, a1))


def _opening(board: Board, i: int) -> tuple[int, int]:
    """The side of an edge cell that opens to the outside: of its sides toward the outside, the one
    pointing most away from the board's middle (a round board's: outwards, (1, 0))."""
    if board.topology == "round":
        return (1, 0)
    outside = board.outward.get(i, ())
    mx, my = _middle(board)
    x, y = board.centre(i)

    def away(step: tuple[int, int]) -> float:
        if board.topology == "square":
            dx, dy = float(step[1]), float(step[0])
        else:
            dx, dy = step[1] + step[0] / 2, step[0] * HEX_ROW
        return dx * (x - mx) + dy * (y - my)

    return max(outside, key=away) if outside else (1, 0)  # (a file's ends are on the edge: see record.py)


@lru_cache(maxsize=32)
def _middle(board: Board) -> Point:
    """The mean of the board's cell centres (worked out once per board: every gap and route end asks)."""
    xs, ys = zip(*(board.centre(j) for j in range(board.size)))
    return sum(xs) / len(xs), sum(ys) / len(ys)


def _grid_walls(geometry: _Geometry, maze: Maze, openings: dict[int, tuple[int, int]]) -> list[Segment]:
    """Every wall of a square or hex maze once: a side toward no cell (but an opening), or toward a
    higher-numbered cell it does not open onto."""
    board = maze.board
    walls = []
    for i, (r, c) in enumerate(board.cells):
        for step in _steps(board):
            j = board.index.get((r + step[0], c + step[1]))
            if j is None:
                if openings.get(i) != step:
                    walls.append(_side(geometry, i, step))
            elif j > i and not maze.opens(i, j):
                walls.append(_side(geometry, i, step))
    return walls


def _round_walls(canvas: Surface, geometry: _Geometry, maze: Maze, openings: dict[int, tuple[int, int]]) -> None:
    """A round maze's walls: radial lines between the cells of a ring, arcs between rings (joined where
    they continue), and the outer circle but for the entrance's gap."""
    board = maze.board
    counts = board.rings
    index = board.index
    radial: list[Segment] = []
    arcs: list[tuple[float, float, float]] = []  # (radius, start angle, end angle)
    for k, count in enumerate(counts):
        for j in range(count):
            i = index[(k, j)]
            if k and count > 1 and not maze.opens(i, index[(k, (j - 1) % count)]):
                angle = _angle(board, k, j)
                radial.append((*geometry.polar(k, angle), *geometry.polar(k + 1, angle)))
            if k + 1 < len(counts):
                ratio = counts[k + 1] // count
                for t in range(ratio):
                    outer = j * ratio + t
                    if not maze.opens(i, index[(k + 1, outer)]):
                        arcs.append((k + 1, _angle(board, k + 1, outer), _angle(board, k + 1, outer + 1)))
            elif openings.get(i) is None:
                arcs.append((k + 1, _angle(board, k, j), _angle(board, k, j + 1)))
    canvas.lines(radial)
    path = canvas.beginPath()
    for radius, start, end in _join_arcs(arcs):
        _arc(path, geometry, radius, start, end)
    canvas.drawPath(path, stroke=1, fill=0)


def _join_arcs(arcs: list[tuple[float, float, float]]) -> list[tuple[float, float, float]]:
    """Arcs of one circle that continue each other, joined (a whole circle stays one arc)."""
    joined = []
    for radius in sorted({arc[0] for arc in arcs}):
        spans = sorted((start, end) for r, start, end in arcs if r == radius)
        start, end = spans[0]
        for a, b in spans[1:] + [(math.inf, math.inf)]:
            if a <= end + 1e-9:
                end = b
                continue
            joined.append((radius, start, end))
            start, end = a, b
    return joined


def _arc(path: Any, geometry: _Geometry, radius: float, start: float, end: float) -> None:
    """An arc of `radius` cells from `start` to `end` (radians clockwise from the top), as a new piece of
    the path."""
    path.moveTo(*geometry.polar(radius, start))
    _arc_on(path, geometry, radius, start, end)


# ------------------------------------------------------------------------------------ marks


def _arrow(canvas: Surface, geometry: _Geometry, maze: Maze, i: int, side: tuple[int, int], *, inward: bool) -> None:
    """A filled arrow just outside the gap of cell i, pointing into the maze at the entrance and out of
    it at the exit; a round maze's goal at its centre is a filled disc instead."""
    board, cell = maze.board, geometry.cell
    if board.topology == "round" and i == 0:
        _disc(canvas, *geometry.centre(0), cell * 0.3)
        return
    if board.topology == "round":  # the gap is in the outer circle, straight out from the cell
        ring, j = board.cells[i]
        angle = _angle(board, ring, j + 0.5)
        mx, my = geometry.polar(ring + 1, angle)
        dx, dy = math.sin(angle), math.cos(angle)
    else:
        x0, y0, x1, y1 = _side(geometry, i, side)
        mx, my = (x0 + x1) / 2, (y0 + y1) / 2
        cx, cy = geometry.centre(i)
        length = math.hypot(mx - cx, my - cy)
        dx, dy = (mx - cx) / length, (my - cy) / length  # outwards, through the gap
    near, far = 0.15 * cell, (0.15 + ARROW) * cell
    tip, back = (near, far) if inward else (far, near)
    half = ARROW * cell * 0.45
    path = canvas.beginPath()
    path.moveTo(mx + dx * tip, my + dy * tip)
    path.lineTo(mx + dx * back - dy * half, my + dy * back + dx * half)
    path.lineTo(mx + dx * back + dy * half, my + dy * back - dx * half)
    path.close()
    canvas.drawPath(path, stroke=0, fill=1)


def _disc(canvas: Surface, x: float, y: float, radius: float) -> None:
    path = canvas.beginPath()
    handle = 0.5523 * radius
    path.moveTo(x + radius, y)
    path.curveTo(x + radius, y + handle, x + handle, y + radius, x, y + radius)
    path.curveTo(x - handle, y + radius, x - radius, y + handle, x - radius, y)
    path.curveTo(x - radius, y - handle, x - handle, y - radius, x, y - radius)
    path.curveTo(x + handle, y - radius, x + radius, y - handle, x + radius, y)
    path.close()
    canvas.drawPath(path, stroke=0, fill=1)


def _route(canvas: Surface, geometry: _Geometry, maze: Maze, route: list[tuple[int, int]], cell: float) -> None:
    """The route as one grey line through the centres of its cells, from the entrance's gap to the
    exit's (or the centre). On a round board it follows the rings as a walker does: along a ring
    between two of its cells, and out (or in) along a radius at the cell it enters."""
    board = maze.board
    index = board.index
    cells = [index[c] for c in route if c in index]
    if not cells:
        return
    canvas.setStrokeGray(ROUTE_INK)
    canvas.setLineWidth(cell * ROUTE_WIDTH)
    canvas.setLineCap(1)
    canvas.setLineJoin(1)
    path = canvas.beginPath()
    path.moveTo(*_gap(geometry, maze, cells[0]))
    path.lineTo(*geometry.centre(cells[0]))
    for a, b in zip(cells, cells[1:]):
        if board.topology == "round":
            _round_step(path, geometry, a, b)
        else:
            path.lineTo(*geometry.centre(b))
    if not (board.topology == "round" and cells[-1] == 0):
        path.lineTo(*_gap(geometry, maze, cells[-1]))
    canvas.drawPath(path, stroke=1, fill=0)
    canvas.setLineJoin(0)


def _gap(geometry: _Geometry, maze: Maze, i: int) -> Point:
    """The middle of the gap in the outer wall at edge cell i."""
    board = maze.board
    if board.topology == "round":
        ring, j = board.cells[i]
        return geometry.polar(ring + 1, _angle(board, ring, j + 0.5))
    x0, y0, x1, y1 = _side(geometry, i, _opening(board, i))
    return (x0 + x1) / 2, (y0 + y1) / 2


def _round_step(path: Any, geometry: _Geometry, a: int, b: int) -> None:
    """The route from cell a's centre to the neighbouring cell b's on a round board."""
    board = geometry.board
    (ra, ja), (rb, jb) = board.cells[a], board.cells[b]
    if ra == 0 or rb == 0:  # to or from the centre: straight along the radius
        path.lineTo(*geometry.centre(b))
        return
    start, end = _angle(board, ra, ja + 0.5), _angle(board, rb, jb + 0.5)
    if ra == rb:  # around the ring, the short way
        count = board.rings[ra]
        if (ja + 1) % count == jb and end < start:
            end += 2 * math.pi
        elif (jb + 1) % count == ja and start < end:
            start += 2 * math.pi
        _arc_on(path, geometry, ra + 0.5, start, end)
    elif rb > ra:  # outwards: along this ring to the outer cell's angle, then out
        _arc_on(path, geometry, ra + 0.5, start, end)
        path.lineTo(*geometry.centre(b))
    else:  # inwards: in along this cell's radius, then along the inner ring
        path.lineTo(*geometry.polar(rb + 0.5, start))
        _arc_on(path, geometry, rb + 0.5, start, end)


def _arc_on(path: Any, geometry: _Geometry, radius: float, start: float, end: float) -> None:
    """An arc of `radius` cells continuing the path from its point at `start` to `end` (radians
    clockwise from the top; either way round), as cubic Bezier curves of at most a quarter turn each
    (within a hundredth of a percent of the circle)."""
    pieces = max(1, math.ceil(abs(end - start) / (math.pi / 2) - 1e-9))
    step = (end - start) / pieces
    handle = 4 / 3 * math.tan(step / 4) * radius * geometry.cell
    for p in range(pieces):
        a0, a1 = start + p * step, start + (p + 1) * step
        x0, y0 = geometry.polar(radius, a0)
        x3, y3 = geometry.polar(radius, a1)
        # A clockwise circle's tangent at angle a is (cos a, -sin a).
        path.curveTo(x0 + handle * math.cos(a0), y0 - handle * math.sin(a0),
                     x3 - handle * math.cos(a1), y3 + handle * math.sin(a1), x3, y3)
