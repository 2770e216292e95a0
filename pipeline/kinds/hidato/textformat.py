"""The human text format for Hidato/Numbrix boards: blocks of tokens, one puzzle per block.

Parsing locates every mistake by source, line and column; writing is canonical, so that
parse(format(x)) == x and format(parse(text)) == text. Nothing here searches for solutions.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import cast

from pipeline.errors import PuzzleBookError
from pipeline.kinds.hidato.board import (
    ADJACENCIES,
    Adjacency,
    Board,
    BoardError,
    Cell,
    Coord,
    Grid,
    check_board,
)
from pipeline.textfile import META_KEY, META_TOKEN, TOKEN, read_text_file

EMPTY_TOKENS = frozenset({".", "0", "_"})
BLOCKED_TOKENS = frozenset({"#", "x", "X"})
ALLOWED_TOKENS = "a positive number, '.', '0' or '_' for empty, '#', 'x' or 'X' for blocked"
KINDS: dict[str, Adjacency] = {"hidato": "king", "numbrix": "orthogonal"}
SOLUTION_ROLE = "solution"

_NUMBER = re.compile(r"[0-9]+")

Place = tuple[int, int]
"""(line, column), both 1-based: where a token starts in the text."""


@dataclass(frozen=True)
class PuzzleText:
    """One puzzle as read from (or to be written to) text: its board, metadata and optional solution."""

    board: Board
    meta: dict[str, str] = field(default_factory=dict)
    solution: Grid | None = None
    line: int = 0
    """The first line of the puzzle's block (0 when it did not come from text)."""


@dataclass
class _Row:
    line: int
    cells: list[Cell]
    columns: list[int]
    end: int
    """The column just past the last token, for cells a ragged row leaves out."""


@dataclass
class _Block:
    """A run of non-blank lines, with every token's place kept for error messages."""

    line: int
    meta: dict[str, str] = field(default_factory=dict)
    meta_at: dict[str, Place] = field(default_factory=dict)
    rows: list[_Row] = field(default_factory=list)

    def place(self, cell: Coord) -> Place:
        row = self.rows[cell[0]]
        return row.line, row.columns[cell[1]]


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
    for block in _blocks(text, source):
        role = block.meta.get("role")
        if role is not None and role != SOLUTION_ROLE:
            raise _error(f"unknown role {role!r}; allowed: {SOLUTION_ROLE}", source, block.meta_at["role"])
        block_adjacency = _block_adjacency(block, default, source)
        if role == SOLUTION_ROLE:
            if not last_block_was_puzzle:
                message = "a role=solution block must come right after the puzzle it solves"
                raise _error(message, source, block.meta_at["role"])
            puzzle = puzzles[-1]
            puzzles[-1] = replace(puzzle, solution=_solution_grid(puzzle.board, block, source))
            last_block_was_puzzle = False
        else:
            board = Board.from_rows([row.cells for row in block.rows], block_adjacency)
            _check(board, block, source)
            puzzles.append(PuzzleText(board, dict(block.meta), None, block.line))
            last_block_was_puzzle = True
    return puzzles


def _error(message: str, source: str, place: Place) -> PuzzleBookError:
    return PuzzleBookError(message, source=source, line=place[0], column=place[1])


def _blocks(text: str, source: str) -> Iterator[_Block]:
    """Group lines into blocks at blank lines; blocks holding only comments are skipped."""
    lines = text.removeprefix("\ufeff").replace("\r\n", "\n").replace("\r", "\n").split("\n")
    block: _Block | None = None
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            if block is not None and (block.rows or block.meta):
                yield _finished(block, source)
            block = None
            continue
        if block is None:
            block = _Block(number)
        _read_line(block, number, line, source)
    if block is not None and (block.rows or block.meta):
        yield _finished(block, source)


def _finished(block: _Block, source: str) -> _Block:
    if not block.rows:
        message = "metadata with no grid rows below it (no blank line between metadata and its grid)"
        raise _error(message, source, next(iter(block.meta_at.values())))
    return block


def _read_line(block: _Block, number: int, line: str, source: str) -> None:
    """Add one non-blank line to `block`: a comment, a metadata line or a grid row."""
    stripped = line.lstrip()
    if stripped.startswith(";"):
        start = len(line) - len(stripped) + 1
        tokens = list(TOKEN.finditer(line, start))
        if tokens and all(META_TOKEN.fullmatch(t.group()) for t in tokens):
            _read_meta(block, number, tokens, source)
        return
    row = _Row(number, [], [], 0)
    for match in TOKEN.finditer(line):
        row.cells.append(_cell(match.group(), source, (number, match.start() + 1)))
        row.columns.append(match.start() + 1)
        row.end = match.end() + 1
    block.rows.append(row)


def _read_meta(block: _Block, number: int, tokens: list[re.Match[str]], source: str) -> None:
    for match in tokens:
        place = (number, match.start() + 1)
        if block.rows:
            message = "metadata must come before the grid rows (a new puzzle starts after a blank line)"
            raise _error(message, source, place)
        key, value = match.group().split("=", 1)
        if key in block.meta:
            raise _error(f"metadata key {key!r} is given twice in this block", source, place)
        block.meta[key] = value
        block.meta_at[key] = place


def _cell(token: str, source: str, place: Place) -> Cell:
    if token in EMPTY_TOKENS:
        return 0
    if token in BLOCKED_TOKENS:
        return None
    if _NUMBER.fullmatch(token):
        return int(token)
    hint = " (a comment needs a line of its own)" if token.startswith(";") else ""
    raise _error(f"unknown token {token!r}; allowed: {ALLOWED_TOKENS}{hint}", source, place)


def _stated_adjacency(meta: Mapping[str, str]) -> Adjacency | None:
    """The adjacency the metadata names through `adjacency` or `kind`, if any."""
    stated = meta.get("adjacency")
    if stated is not None and stated not in ADJACENCIES:
        raise _MetaError("adjacency", f"unknown adjacency {stated!r}; allowed: {', '.join(ADJACENCIES)}")
    kind = meta.get("kind")
    if kind is None:
        return cast(Adjacency | None, stated)
    if kind not in KINDS:
        raise _MetaError("kind", f"unknown kind {kind!r}; allowed: {', '.join(KINDS)}")
    if stated is not None and KINDS[kind] != stated:
        raise _MetaError("kind", f"kind={kind} contradicts adjacency={stated}")
    return KINDS[kind]


def _block_adjacency(block: _Block, default: Adjacency, source: str) -> Adjacency:
    try:
        return _stated_adjacency(block.meta) or default
    except _MetaError as err:
        raise _error(str(err), source, block.meta_at[err.key]) from None


def _check(board: Board, block: _Block, source: str) -> None:
    """check_board, with the offending cell turned back into its line and column."""
    try:
        check_board(board)
    except BoardError as err:
        if err.cell is not None:
            message = _placed_message(err.message, err.cell, board, block)
            raise _error(message, source, block.place(err.cell)) from None
        if board.size == 0:
            raise _error(err.message, source, block.place((0, 0))) from None
        first, stray = _unreached(board)
        line, column = block.place(first)
        message = f"{err.message}: this cell cannot be reached from the one at line {line}, column {column}"
        raise _error(message, source, block.place(stray)) from None


def _placed_message(message: str, cell: Coord, board: Board, block: _Block) -> str:
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


def _solution_grid(puzzle: Board, block: _Block, source: str) -> Grid:
    """The solution block as a grid of the puzzle's exact rectangle, after checking it fits the puzzle."""
    rows = block.rows
    if len(rows) != puzzle.height:
        row = rows[-1] if len(rows) < puzzle.height else rows[puzzle.height]
        message = f"the solution has {len(rows)} rows but its puzzle has {puzzle.height}"
        raise _error(message, source, (row.line, row.columns[0]))
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
                raise _error(message, source, place)
            if placed == 0:
                message = f"the solution leaves row {r + 1}, column {c + 1} empty; fill every open cell"
                raise _error(message, source, place)
    grid = tuple(
        tuple(row.cells[c] if c < len(row.cells) else None for c in range(puzzle.width)) for row in rows
    )
    _check(puzzle.with_grid(grid), block, source)
    return grid


# ---------------------------------------------------------------------------------------- writing


def format_grid(grid: Grid) -> str:
    """Rows of tokens right-aligned to the widest one, padded to the full rectangle with '#'."""
    width = max((len(row) for row in grid), default=0)
    tokens = [[_token(row[c]) if c < len(row) else "#" for c in range(width)] for row in grid]
    size = max((len(token) for row in tokens for token in row), default=1)
    return "".join(" ".join(token.rjust(size) for token in row) + "\n" for row in tokens)


def _token(cell: Cell) -> str:
    if cell is None:
        return "#"
    return "." if cell == 0 else str(cell)


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
    return header + format_grid(board.grid)


def format_puzzles(items: Iterable[PuzzleText]) -> str:
    """Puzzle blocks separated by blank lines, each followed by its `; role=solution` block if it has one."""
    blocks: list[str] = []
    for item in items:
        blocks.append(format_puzzle(item.board, item.meta))
        if item.solution is not None:
            blocks.append(f"; role={SOLUTION_ROLE}\n" + format_grid(item.solution))
    return "\n".join(blocks)
