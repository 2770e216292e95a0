"""The human text format for Hidato/Numbrix boards: blocks of tokens, one puzzle per block.

Parsing locates every mistake by source, line and column; writing is canonical, so that
parse(format(x)) == x and format(parse(text)) == text. Nothing here searches for solutions.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path

from pipeline.errors import PuzzleBookError
from pipeline.gridtext import Block, format_grid, read_blocks
from pipeline.kinds.hidato.board import (
    ADJACENCIES,
    KIND_NAMES,
    Adjacency,
    Board,
    BoardError,
    Coord,
    Grid,
    check_board,
)
from pipeline.textfile import META_KEY, TOKEN, located, read_text_file

__all__ = ["KINDS", "PuzzleText", "format_board_grid", "format_grid", "format_honeycomb", "format_puzzle",
           "format_puzzles", "parse_puzzles", "read_puzzle_file"]

KINDS: dict[str, Adjacency] = {name: adjacency for adjacency, name in KIND_NAMES.items()}
"""kind=... metadata and the adjacency it means."""
SOLUTION_ROLE = "solution"


@dataclass(frozen=True)
class PuzzleText:
    """One puzzle as read from (or to be written to) text: its board, metadata and optional solution."""

    board: Board
    meta: dict[str, str] = field(default_factory=dict)
    solution: Grid | None = None
    line: int = 0
    """The first line of the puzzle's block (0 when it did not come from text)."""

    @property
    def puzzle(self) -> Board:
        return self.board


class _MetaError(ValueError):
    """Metadata that contradicts itself; the parser adds a place, the writer passes it on."""

    def __init__(self, key: str, message: str) -> None:
        self.key = key
        super().__init__(message)


# ---------------------------------------------------------------------------------------- reading


def read_puzzle_file(path: str | Path, adjacency: Adjacency | None = None) -> list[PuzzleText]:
    """Parse a puzzle file; a missing, unreadable or non-UTF-8 file is a PuzzleBookError naming it."""
    text = read_text_file(path)
    return parse_puzzles(text, str(path), adjacency)


def parse_puzzles(
    text: str, source: str = "<input>", adjacency: Adjacency | None = None
) -> list[PuzzleText]:
    """Read every puzzle block in `text`; a role=solution block attaches to the puzzle just before it.

    A block's adjacency comes from its metadata (adjacency=... or kind=...), else from `adjacency`,
    else king. Solution blocks are checked for shape and numbering, not for being a valid path:
    that is the verifier's question.
    """
    if adjacency is not None and adjacency not in ADJACENCIES:
        raise PuzzleBookError(f"unknown adjacency {adjacency!r}; allowed: {', '.join(ADJACENCIES)}")
    default: Adjacency = adjacency or "king"
    puzzles: list[PuzzleText] = []
    last_block_was_puzzle = False
    for block in read_blocks(text, source):
        role = block.meta.get("role")
        if role is not None and role != SOLUTION_ROLE:
            raise located(f"unknown role {role!r}; allowed: {SOLUTION_ROLE}", source, block.meta_at["role"])
        block_adjacency = _block_adjacency(block, default, source)
        if role == SOLUTION_ROLE:
            if not last_block_was_puzzle:
                message = "a role=solution block must come right after the puzzle it solves"
                raise located(message, source, block.meta_at["role"])
            puzzle = puzzles[-1]
            puzzles[-1] = replace(puzzle, solution=_solution_grid(puzzle.board, block, source))
            last_block_was_puzzle = False
        else:
            board = Board.from_rows(block.cells(), block_adjacency)
            _check(board, block, source)
            puzzles.append(PuzzleText(board, dict(block.meta), None, block.line))
            last_block_was_puzzle = True
    return puzzles


def _stated_adjacency(meta: Mapping[str, str]) -> Adjacency | None:
    """The adjacency the metadata names through `adjacency` or `kind`, if any."""
    stated = meta.get("adjacency")
    if stated is not None and stated not in ADJACENCIES:
        raise _MetaError("adjacency", f"unknown adjacency {stated!r}; allowed: {', '.join(ADJACENCIES)}")
    kind = meta.get("kind")
    if kind is None:
        return stated
    if kind not in KINDS:
        raise _MetaError("kind", f"unknown kind {kind!r}; allowed: {', '.join(KINDS)}")
    if stated is not None and KINDS[kind] != stated:
        raise _MetaError("kind", f"kind={kind} contradicts adjacency={stated}")
    return KINDS[kind]


def _block_adjacency(block: Block, default: Adjacency, source: str) -> Adjacency:
    try:
        return _stated_adjacency(block.meta) or default
    except _MetaError as err:
        raise located(str(err), source, block.meta_at[err.key]) from None


def _check(board: Board, block: Block, source: str) -> None:
    """check_board, with the offending cell turned back into its line and column."""
    try:
        check_board(board)
    except BoardError as err:
        if err.cell is not None:
            message = _placed_message(err.message, err.cell, board, block)
            raise located(message, source, block.place(err.cell)) from None
        if board.size == 0:
            raise located(err.message, source, block.place((0, 0))) from None
        first, stray = _unreached(board)
        line, column = block.place(first)
        message = f"{err.message}: this cell cannot be reached from the one at line {line}, column {column}"
        raise located(message, source, block.place(stray)) from None


def _placed_message(message: str, cell: Coord, board: Board, block: Block) -> str:
    """The board's message, but a repeated number names its first place by line and column."""
    value = board.grid[cell[0]][cell[1]]
    first = next(other for other in board.open_cells() if board.grid[other[0]][other[1]] == value)
    if first == cell:
        return message
    line, column = block.place(first)
    return f"number {value} appears twice (also at line {line}, column {column})"


def _unreached(board: Board) -> tuple[Coord, Coord]:
    """The first open cell and the first open cell it cannot reach (the board is known disconnected)."""
    cells = board.open_cells()
    seen = {cells[0]}
    todo = [cells[0]]
    while todo:
        for nb in board.neighbours(todo.pop()):
            if nb not in seen:
                seen.add(nb)
                todo.append(nb)
    return cells[0], next(cell for cell in cells if cell not in seen)


def _solution_grid(puzzle: Board, block: Block, source: str) -> Grid:
    """The solution block as a grid of the puzzle's exact rectangle, after checking it fits the puzzle."""
    rows = block.rows
    if len(rows) != puzzle.height:
        row = rows[-1] if len(rows) < puzzle.height else rows[puzzle.height]
        message = f"the solution has {len(rows)} rows but its puzzle has {puzzle.height}"
        raise located(message, source, (row.line, row.columns[0]))
    for r, row in enumerate(rows):
        for c in range(max(puzzle.width, len(row.cells))):
            given = puzzle.grid[r][c] if c < puzzle.width else None
            placed = row.cells[c] if c < len(row.cells) else None
            place = (row.line, row.columns[c] if c < len(row.cells) else row.end)
            if (given is None) != (placed is None):
                here, there = ("open", "blocked") if placed is None else ("blocked", "open")
                message = (
                    f"the solution does not match its puzzle's shape: row {r + 1}, column {c + 1} "
                    f"is {here} in the puzzle but {there} here"
                )
                raise located(message, source, place)
            if placed == 0:
                message = f"the solution leaves row {r + 1}, column {c + 1} empty; fill every open cell"
                raise located(message, source, place)
    grid = tuple(
        tuple(row.cells[c] if c < len(row.cells) else None for c in range(puzzle.width)) for row in rows
    )
    _check(puzzle.with_grid(grid), block, source)
    return grid


# ---------------------------------------------------------------------------------------- writing


def format_puzzle(board: Board, meta: Mapping[str, str] | None = None) -> str:
    """One block: a `; k=v ...` metadata line (if any), then the grid.

    When the board is not king-adjacent and `meta` does not say so, `adjacency=...` is added so
    the text reads back the same. Metadata that cannot be read back raises ValueError: it is a
    programming error, not a user's.
    """
    items = dict(meta or {})
    for key, value in items.items():
        if not META_KEY.fullmatch(key) or not TOKEN.fullmatch(value):
            raise ValueError(f"metadata {key}={value!r} cannot be written: keys are words, values unspaced")
    if "role" in items:
        raise ValueError("'role' is reserved for solution blocks")
    stated = _stated_adjacency(items)
    if stated is None and board.adjacency != "king":
        items["adjacency"] = board.adjacency
    elif stated is not None and stated != board.adjacency:
        raise ValueError(f"metadata says {stated} adjacency but the board is {board.adjacency}")
    header = "; " + " ".join(f"{key}={value}" for key, value in items.items()) + "\n" if items else ""
    return header + format_board_grid(board.grid, board.adjacency)


def format_board_grid(grid: Grid, adjacency: Adjacency) -> str:
    """The grid as a board of this adjacency is written: a honeycomb for hex, else the plain rows."""
    return format_honeycomb(grid) if adjacency == "hex" else format_grid(grid)


def format_honeycomb(grid: Grid) -> str:
    """Rows of tokens with row r indented r half-cells, so a person sees the honeycomb the axial rows
    make. Tokens are right-aligned to an odd width, so half a cell is a whole number of spaces; the
    reader ignores the indentation (a plain rectangle reads the same)."""
    width = max((len(row) for row in grid), default=0)
    tokens = [[_token(row[c]) if c < len(row) else "#" for c in range(width)] for row in grid]
    size = max((len(token) for row in tokens for token in row), default=1) | 1
    half = (size + 1) // 2
    return "".join(" " * (half * r) + " ".join(token.rjust(size) for token in row) + "\n"
                   for r, row in enumerate(tokens))


def _token(cell: int | None) -> str:
    return "#" if cell is None else "." if cell == 0 else str(cell)


def format_puzzles(items: Iterable[PuzzleText]) -> str:
    """Puzzle blocks separated by blank lines, each followed by its `; role=solution` block if it has one."""
    blocks: list[str] = []
    for item in items:
        blocks.append(format_puzzle(item.board, item.meta))
        if item.solution is not None:
            blocks.append(f"; role={SOLUTION_ROLE}\n" + format_board_grid(item.solution, item.board.adjacency))
    return "\n".join(blocks)
