"""Mazes as text, both ways: the walls drawn with characters, read back exactly.

One maze a block, blocks apart by blank lines:

    ; kind=maze topology=square seed=7 level=easy
    +---+---+---+
    | S   .   . |
    +---+---+   +
    | E   .   . |
    +---+---+---+
    route: r1c1 r1c2 r1c3 r2c3 r2c2 r2c1

A cell's middle holds '.', or S at the entrance and E at the exit; a blocked cell is blank. Between
two cells, a wall character ('-' and '|'; on a honeycomb '/', '\\' and '|') is a wall and a space a
passage; a board's outer walls are always closed (the entrance and exit are the marked cells). The
`route:` line, when there is one, is the solution: its cells from the entrance, row and column from 1.

Honeycombs are drawn as they look, row r two characters right of row r-1 ("/ \\" above a cell,
"|   |" across it, "\\ /" below). Round mazes are drawn unrolled, the centre's ring first: a line per
ring, each cell as wide as its share of the circle, then a line of the walls between that ring and the
next ('+' where cells of the outer ring meet, '---' for a wall, spaces for a passage), the outermost
line being the outer wall; the metadata line says the cells of each ring (`rings=1,6,12`) and the
route's cells are [ring, index] from 1 (the centre is r1c1).
Mistakes name the file, line and column.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable
from dataclasses import dataclass, field, replace

from pipeline.errors import PuzzleBookError
from pipeline.textfile import Block, meta_pairs, text_blocks
from pipeline.grids import Coord
from pipeline.kinds.maze.board import (
    MAX_CELL_MM,
    MAX_CELLS,
    TOPOLOGIES,
    Board,
    board_problem,
    grid_board,
    rings_problem,
    round_board_of,
)
from pipeline.kinds.maze.maze import Maze, Route, ends_problem, from_passages

KIND_MARK = re.compile(r"^\s*;.*\bkind=maze\b", re.MULTILINE)
ROUTE_CELL = re.compile(r"r(\d+)c(\d+)")
OPEN, ENTRANCE, EXIT, ROUTE = ".", "S", "E", "o"
MARKS = (OPEN, ENTRANCE, EXIT)


@dataclass(frozen=True)
class MazeText:
    """One maze read from text (or made to be written)."""

    puzzle: Maze
    solution: Route | None
    line: int
    meta: dict[str, str] = field(default_factory=dict)


def looks_like_maze(text: str) -> bool:
    return bool(KIND_MARK.search(text))


# ------------------------------------------------------------------------------------ writing


class _Canvas:
    """A rectangle of characters, written cell by cell."""

    def __init__(self, lines: int, width: int) -> None:
        self.rows = [[" "] * width for _ in range(lines)]

    def put(self, line: int, column: int, text: str) -> None:
        self.rows[line][column : column + len(text)] = list(text)

    def text(self) -> list[str]:
        return ["".join(row).rstrip() for row in self.rows]


def _mark(maze: Maze, i: int, route: set[int]) -> str:
    if i == maze.entrance:
        return ENTRANCE
    if i == maze.exit:
        return EXIT
    return ROUTE if i in route else OPEN


def maze_lines(maze: Maze, route: Iterable[Coord] = ()) -> list[str]:
    """The maze drawn in characters; cells of `route` (but its ends) marked 'o' (the answer's view)."""
    on_route = {maze.board.index[cell] for cell in route}
    if maze.board.topology == "square":
        return _square_lines(maze, on_route)
    if maze.board.topology == "hex":
        return _hex_lines(maze, on_route)
    return _round_lines(maze, on_route)


def _square_lines(maze: Maze, route: set[int]) -> list[str]:
    board = maze.board
    canvas = _Canvas(2 * board.height + 1, 4 * board.width + 1)
    index = board.index

    def wall(a: Coord, b: Coord) -> bool:
        i, j = index.get(a), index.get(b)
        if i is None and j is None:
            return False
        return i is None or j is None or not maze.opens(i, j)

    for r in range(board.height + 1):
        for c in range(board.width + 1):
            if c < board.width and wall((r - 1, c), (r, c)):
                canvas.put(2 * r, 4 * c + 1, "---")
            if r < board.height and wall((r, c - 1), (r, c)):
                canvas.put(2 * r + 1, 4 * c, "|")
            around = (wall((r - 1, c - 1), (r - 1, c)), wall((r, c - 1), (r, c)),
                      wall((r - 1, c - 1), (r, c - 1)), wall((r - 1, c), (r, c)))
            if any(around):
                canvas.put(2 * r, 4 * c, "+")
    for i, (r, c) in enumerate(board.cells):
        canvas.put(2 * r + 1, 4 * c + 2, _mark(maze, i, route))
    return canvas.text()


HEX_SIDES: tuple[tuple[Coord, int, int, str], ...] = (
    ((-1, 0), 0, 1, "/"), ((-1, 1), 0, 3, "\\"), ((0, -1), 1, 0, "|"),
    ((0, 1), 1, 4, "|"), ((1, -1), 2, 1, "\\"), ((1, 0), 2, 3, "/"),
)
"""For each of a hex cell's sides: the neighbour's axial step, and where the side is drawn (line and
column from the cell's top line and left side) and with what."""


def _hex_lines(maze: Maze, route: set[int]) -> list[str]:
    board = maze.board
    canvas = _Canvas(2 * board.height + 1, 2 * board.height + 4 * board.width + 1)
    index = board.index
    for i, (r, q) in enumerate(board.cells):
        x, y = 2 * r + 4 * q, 2 * r
        for (dr, dq), line, column, char in HEX_SIDES:
            j = index.get((r + dr, q + dq))
            if j is None or not maze.opens(i, j):
                canvas.put(y + line, x + column, char)
        canvas.put(y + 1, x + 2, _mark(maze, i, route))
    return canvas.text()


def _round_lines(maze: Maze, route: set[int]) -> list[str]:
    board = maze.board
    counts = board.rings
    total = 4 * counts[-1]
    canvas = _Canvas(2 * len(counts), total + 1)
    index = board.index
    for k, count in enumerate(counts):
        span = total // count
        for j in range(count):
            i = index[(k, j)]
            if count > 1 and not maze.opens(i, index[(k, (j - 1) % count)]):
                canvas.put(2 * k, span * j, "|")
                if j == 0:
                    canvas.put(2 * k, total, "|")
            canvas.put(2 * k, span * j + span // 2, _mark(maze, i, route))
            # The wall outside this cell: to the next ring's cells, or the outer wall.
            if k + 1 < len(counts):
                ratio = counts[k + 1] // count
                outer_span = total // counts[k + 1]
                for t in range(ratio):
                    outer = index[(k + 1, j * ratio + t)]
                    start = outer_span * (j * ratio + t)
                    canvas.put(2 * k + 1, start, "+")
                    if not maze.opens(i, outer):
                        canvas.put(2 * k + 1, start + 1, "-" * (outer_span - 1))
                canvas.put(2 * k + 1, total, "+")
            else:
                canvas.put(2 * k + 1, span * j, "+" + "-" * (span - 1))
                canvas.put(2 * k + 1, total, "+")
    return canvas.text()


def route_text(route: Route) -> str:
    return "route: " + " ".join(f"r{a + 1}c{b + 1}" for a, b in route)


def format_mazes(items: Iterable[MazeText]) -> str:
    """The mazes as text: parse_mazes(format_mazes(items)) gives them back."""
    blocks = []
    for item in items:
        board = item.puzzle.board
        meta = {"kind": "maze", **{k: v for k, v in item.meta.items() if k not in ("kind", "topology", "rings", "cell_mm")},
                "topology": board.topology}
        if board.topology == "round":
            meta["rings"] = ",".join(str(count) for count in board.rings)
        if item.puzzle.cell_mm is not None:
            meta["cell_mm"] = repr(item.puzzle.cell_mm)  # the shortest text that reads back as the same float
        lines = ["; " + " ".join(f"{key}={value}" for key, value in meta.items()), *maze_lines(item.puzzle)]
        if item.solution is not None:
            lines.append(route_text(item.solution))
        blocks.append("\n".join(lines))
    return "\n\n".join(blocks) + ("\n" if blocks else "")


# ------------------------------------------------------------------------------------ reading


def parse_mazes(text: str, source: str) -> list[MazeText]:
    """Every maze in `text`; PuzzleBookError naming `source`, line and column for a mistake."""
    return [_block(block, source) for block in text_blocks(text)]


class _Reader:
    """The drawing of one maze as a rectangle of characters, with the file's line numbers."""

    def __init__(self, lines: list[tuple[int, str]], source: str) -> None:
        self.numbers = [number for number, _ in lines]
        self.width = max(len(text) for _, text in lines)
        self.rows = [text.ljust(self.width) for _, text in lines]
        self.source = source

    def char(self, line: int, column: int) -> str:
        if 0 <= line < len(self.rows) and 0 <= column < self.width:
            return self.rows[line][column]
        return " "

    def error(self, message: str, line: int, column: int | None = None) -> PuzzleBookError:
        number = self.numbers[min(line, len(self.numbers) - 1)]
        return PuzzleBookError(message, source=self.source, line=number,
                               column=None if column is None else column + 1)

    def side(self, line: int, column: int, wall: str, between: bool) -> bool:
        """Whether the side drawn at (line, column) is open: a space. `between` two open cells it may
        be either; on the board's outline it must be the wall."""
        char = self.char(line, column)
        if char == wall:
            return False
        if char == " " and between:
            return True
        expected = f"'{wall}' (a wall) or a space (a passage)" if between else f"'{wall}': the outer wall is closed"
        raise self.error(f"{char!r} where a side is drawn; expected {expected}", line, column)

    def rule(self, line: int, start: int, length: int, between: bool) -> bool:
        """A run of '-' (a wall) or of spaces (a passage), as `side`."""
        run = "".join(self.char(line, start + t) for t in range(length))
        if run == "-" * length:
            return False
        if run == " " * length and between:
            return True
        expected = f"'{'-' * length}' (a wall) or spaces (a passage)" if between else \
            f"'{'-' * length}': the outer wall is closed"
        raise self.error(f"{run!r} where a wall is drawn; expected {expected}", line, start)

    def cell(self, line: int, column: int, width: int, allow_blank: bool) -> str | None:
        """The mark in a cell drawn `width` characters wide from `column` (its middle at width // 2):
        '.', 'S' or 'E', or None for a blank (blocked) cell."""
        middle = column + width // 2
        for t in range(width):
            char = self.char(line, column + t)
            if column + t != middle and char != " ":
                raise self.error(f"{char!r} inside a cell: only its middle holds a mark", line, column + t)
        mark = self.char(line, middle)
        if mark in MARKS:
            return mark
        if mark == ROUTE:
            raise self.error("'o' marks the route in an answer's view; a maze file gives its route on a 'route:' "
                             "line", line, middle)
        if mark == " " and allow_blank:
            return None
        raise self.error(f"{mark!r} in a cell; a cell holds '.', S (the entrance) or E (the exit)"
                         + (", or nothing where the board has no cell" if allow_blank else ""), line, middle)


def _block(block: Block, source: str) -> MazeText:
    meta: dict[str, str] = {}
    drawing: list[tuple[int, str]] = []
    route_line: tuple[int, str] | None = None
    start = block[0][0]
    for number, line in block:
        stripped = line.strip()
        if stripped.startswith(";"):
            if drawing:
                raise PuzzleBookError("a metadata line must come before the maze", source=source, line=number)
            meta.update(meta_pairs(stripped))
        elif stripped.lower().startswith("route:"):
            route_line = (number, stripped[6:].strip())
        elif route_line is not None:
            raise PuzzleBookError("the route line comes after the maze", source=source, line=number)
        else:
            drawing.append((number, line))
    topology = meta.get("topology", "square")
    if topology not in TOPOLOGIES:
        raise PuzzleBookError(f"topology={topology} is not one of {', '.join(TOPOLOGIES)}", source=source, line=start)
    if not drawing:
        raise PuzzleBookError("a maze block needs its drawing", source=source, line=start)
    reader = _Reader(drawing, source)
    if topology == "round":
        maze = _read_round(reader, meta.get("rings"), start)
    else:
        maze = _read_grid(reader, topology)
    if "cell_mm" in meta:
        try:
            cell_mm = float(meta["cell_mm"])
        except ValueError:
            cell_mm = math.nan
        if not 0 < cell_mm <= MAX_CELL_MM:  # (NaN fails every comparison)
            raise PuzzleBookError(f"cell_mm={meta['cell_mm']} is not a width in millimetres up to {MAX_CELL_MM:g}",
                                  source=source, line=start)
        maze = replace(maze, cell_mm=cell_mm)
    solution = None if route_line is None else _read_route(maze, *route_line, source)
    return MazeText(maze, solution, start, meta)


def _ends(reader: _Reader, board: Board, marks: dict[int, tuple[str, int, int]]) -> tuple[int, int]:
    """The entrance and exit among the cells' marks: exactly one S and one E."""
    found: dict[str, list[int]] = {ENTRANCE: [], EXIT: []}
    for i, (mark, _, _) in marks.items():
        if mark in found:
            found[mark].append(i)
    for mark, name in ((ENTRANCE, "entrance"), (EXIT, "exit")):
        if len(found[mark]) != 1:
            where = marks[found[mark][1]] if found[mark] else None
            message = f"a maze has exactly one {name} ({mark}); this one has {len(found[mark])}"
            raise reader.error(message, *(where[1:] if where else (0, None)))
    entrance, exit_ = found[ENTRANCE][0], found[EXIT][0]
    problem = ends_problem(board, entrance, exit_)
    if problem is not None:
        _, line, column = marks[exit_ if problem.startswith("the exit") else entrance]
        raise reader.error(problem + ": a maze's ends are gaps in its outer wall", line, column)
    return entrance, exit_


def _read_grid(reader: _Reader, topology: str) -> Maze:
    lines = len(reader.rows)
    if lines < 3 or lines % 2 == 0:
        raise reader.error(f"a {topology} maze is drawn on an odd number of lines (a line of walls above and below "
                           f"each row of cells); this one has {lines}", 0)
    height = (lines - 1) // 2
    hexes = topology == "hex"
    width = (reader.width + 2) // 4  # at least the columns drawn; blank ones at the right are dropped below
    problem = board_problem(height, width - (height // 2 if hexes else 0))
    if problem is not None:
        raise reader.error(problem, 0)
    marks: dict[Coord, tuple[str, int, int]] = {}
    for r in range(height):
        for c in range(width):
            x = 2 * r + 4 * c if hexes else 4 * c
            mark = reader.cell(2 * r + 1, x + 1, 3, allow_blank=True)
            if mark is not None:
                marks[(r, c)] = (mark, 2 * r + 1, x + 2)
    if not marks:
        raise reader.error("a maze needs at least one cell", 0)
    while width > 1 and not any((r, width - 1) in marks for r in range(height)):
        width -= 1
    problem = board_problem(height, width) or (f"a maze holds at most {MAX_CELLS} cells; this one has {len(marks)}"
                                               if len(marks) > MAX_CELLS else None)
    if problem is not None:
        raise reader.error(problem, 0)
    mask = tuple(tuple((r, c) in marks for c in range(width)) for r in range(height))
    board = grid_board(mask, "hex" if hexes else "square")
    passages: list[tuple[int, int]] = []
    index = board.index
    for i, (r, c) in enumerate(board.cells):
        if hexes:
            x, y = 2 * r + 4 * c, 2 * r
            sides = [((r + dr, c + dq), y + line, x + column, char) for (dr, dq), line, column, char in HEX_SIDES]
        else:
            sides = [((r - 1, c), 2 * r, 4 * c + 1, "-"), ((r, c - 1), 2 * r + 1, 4 * c, "|"),
                     ((r, c + 1), 2 * r + 1, 4 * c + 4, "|"), ((r + 1, c), 2 * r + 2, 4 * c + 1, "-")]
        for other, line, column, char in sides:
            j = index.get(other)
            between = j is not None
            is_open = reader.rule(line, column, 3, between) if char == "-" else reader.side(line, column, char, between)
            if is_open and j is not None and i < j:
                passages.append((i, j))
    numbered = {index[cell]: mark for cell, mark in marks.items()}
    entrance, exit_ = _ends(reader, board, numbered)
    return from_passages(board, passages, entrance, exit_)


def _read_round(reader: _Reader, rings: str | None, start: int) -> Maze:
    counts = _ring_counts(reader, rings)
    board = round_board_of(counts)
    total = 4 * counts[-1]
    if len(reader.rows) != 2 * len(counts):
        raise reader.error(f"a round maze of {len(counts)} rings is drawn on {2 * len(counts)} lines (each ring, then "
                           f"the walls outside it); this one has {len(reader.rows)}", 0)
    if reader.width > total + 1:
        raise reader.error(f"a round maze whose outer ring has {counts[-1]} cells is {total + 1} characters wide",
                           0, total + 1)
    index = board.index
    marks: dict[int, tuple[str, int, int]] = {}
    passages: list[tuple[int, int]] = []
    around: set[tuple[int, int]] = set()
    for k, count in enumerate(counts):
        span = total // count
        for j in range(count):
            i = index[(k, j)]
            mark = reader.cell(2 * k, span * j + 1, span - 1, allow_blank=False)
            assert mark is not None
            marks[i] = (mark, 2 * k, span * j + span // 2)
            if count > 1:
                left = index[(k, (j - 1) % count)]
                pair = (min(i, left), max(i, left))
                if reader.side(2 * k, span * j, "|", True) and pair not in around:  # (a ring of 2 meets it twice)
                    around.add(pair)
                    passages.append(pair)
                if j == 0 and reader.side(2 * k, total, "|", True) != reader.side(2 * k, 0, "|", True):
                    raise reader.error("the wall at a ring line's end is the one at its start (the ring closes)",
                                       2 * k, total)
            elif reader.char(2 * k, 0) != " " or reader.char(2 * k, total) != " ":
                raise reader.error("the centre has no walls around it within its ring", 2 * k, 0)
            outer_count = counts[k + 1] if k + 1 < len(counts) else count
            ratio = outer_count // count
            outer_span = total // outer_count
            for t in range(ratio):
                begin = outer_span * (j * ratio + t)
                if reader.char(2 * k + 1, begin) != "+":
                    raise reader.error("'+' marks where cells meet on a line of walls", 2 * k + 1, begin)
                outer = index[(k + 1, j * ratio + t)] if k + 1 < len(counts) else None
                if reader.rule(2 * k + 1, begin + 1, outer_span - 1, outer is not None) and outer is not None:
                    passages.append((i, outer))
        if reader.char(2 * k + 1, total) != "+":
            raise reader.error("'+' ends each line of walls", 2 * k + 1, total)
    entrance, exit_ = _ends(reader, board, marks)
    try:
        return from_passages(board, passages, entrance, exit_)
    except ValueError as err:
        raise PuzzleBookError(str(err), source=reader.source, line=start) from None


def _ring_counts(reader: _Reader, rings: str | None) -> tuple[int, ...]:
    if rings is None:
        raise reader.error("a round maze's metadata line says the cells of each ring: rings=1,6,12,...", 0)
    try:
        counts = tuple(int(part) for part in rings.split(","))
    except ValueError:
        raise reader.error(f"rings={rings} is not a list of whole numbers like rings=1,6,12", 0) from None
    problem = None if all(count > 0 for count in counts) else "each ring holds 1 cell or more"
    problem = problem or rings_problem(counts)
    if problem is not None:
        raise reader.error(f"rings={rings}: {problem}", 0)
    return counts


def _read_route(maze: Maze, number: int, text: str, source: str) -> Route:
    cells: list[Coord] = []
    for part in text.split():
        match = ROUTE_CELL.fullmatch(part)
        if match is None:
            raise PuzzleBookError(f"{part!r} is not a cell; the route lists cells as rRcC (row and column from 1), "
                                  "like r1c1 r1c2", source=source, line=number)
        cell = (int(match[1]) - 1, int(match[2]) - 1)
        if cell not in maze.board.index:
            raise PuzzleBookError(f"{part} is not a cell of the maze", source=source, line=number)
        cells.append(cell)
    if not cells:
        raise PuzzleBookError("the route line lists no cells", source=source, line=number)
    return tuple(cells)
