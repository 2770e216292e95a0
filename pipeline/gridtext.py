"""Grids of tokens in text: blocks of rows separated by blank lines, `; key=value` metadata first.

A token is a positive number, `.` (or `0`, `_`) for an empty cell, `#` (or `x`, `X`) for a blocked
one; ragged rows are fine. Reading keeps every token's line and column so that whoever checks a
block can point at the exact place; writing is canonical (right-aligned to the widest token).
The board text format of the path kinds and the picture files of shapes/ are both read with it.
It knows no puzzle rules: what a grid must satisfy is its reader's question.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field

from pipeline.grids import MAX_CELLS, MAX_SIDE, Cell, Coord, Grid
from pipeline.textfile import META_TOKEN, TOKEN, Place, add_meta, located

EMPTY_TOKENS = frozenset({".", "0", "_"})
BLOCKED_TOKENS = frozenset({"#", "x", "X"})
ALLOWED_TOKENS = "a positive number, '.', '0' or '_' for empty, '#', 'x' or 'X' for blocked"

_NUMBER = re.compile(r"[0-9]+")

@dataclass
class Row:
    line: int
    cells: list[Cell]
    columns: list[int]
    end: int
    """The column just past the last token, for cells a ragged row leaves out."""


@dataclass
class Block:
    """A run of non-blank lines, with every token's place kept for error messages."""

    line: int
    meta: dict[str, str] = field(default_factory=dict)
    meta_at: dict[str, Place] = field(default_factory=dict)
    rows: list[Row] = field(default_factory=list)
    width: int = 0
    """The widest row so far: ragged rows are padded to it, so the board's area is rows times this."""

    def place(self, cell: Coord) -> Place:
        row = self.rows[cell[0]]
        return row.line, row.columns[cell[1]]

    def cells(self) -> list[list[Cell]]:
        return [row.cells for row in self.rows]


def read_blocks(text: str, source: str) -> Iterator[Block]:
    """Group lines into blocks at blank lines; blocks holding only comments are skipped."""
    lines = text.removeprefix("\ufeff").replace("\r\n", "\n").replace("\r", "\n").split("\n")
    block: Block | None = None
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            if block is not None and (block.rows or block.meta):
                yield _finished(block, source)
            block = None
            continue
        if block is None:
            block = Block(number)
        _read_line(block, number, line, source)
    if block is not None and (block.rows or block.meta):
        yield _finished(block, source)


def _finished(block: Block, source: str) -> Block:
    if not block.rows:
        message = "metadata with no grid rows below it (no blank line between metadata and its grid)"
        raise located(message, source, next(iter(block.meta_at.values())))
    return block


def _read_line(block: Block, number: int, line: str, source: str) -> None:
    """Add one non-blank line to `block`: a comment, a metadata line or a grid row."""
    stripped = line.lstrip()
    if stripped.startswith(";"):
        start = len(line) - len(stripped) + 1
        tokens = list(TOKEN.finditer(line, start))
        if tokens and all(META_TOKEN.fullmatch(t.group()) for t in tokens):
            add_meta(block.meta, block.meta_at, tokens, number, source, after_rows=bool(block.rows),
                     owner="in this block")
        return
    row = Row(number, [], [], 0)
    for match in TOKEN.finditer(line):
        place = (number, match.start() + 1)
        if len(row.cells) == MAX_SIDE:
            raise located(f"a board may be at most {MAX_SIDE} cells wide; this row has more", source, place)
        if len(block.rows) == MAX_SIDE:
            raise located(f"a board may be at most {MAX_SIDE} rows tall; this is row {MAX_SIDE + 1}", source, place)
        rows, width = len(block.rows) + 1, max(block.width, len(row.cells) + 1)
        if rows * width > MAX_CELLS:
            message = (f"a board may hold at most {MAX_CELLS} cells (rows times the widest row, like 40 x 40 or "
                       f"16 x 100); with this cell it would hold {rows} x {width} = {rows * width}")
            raise located(message, source, place)
        row.cells.append(_cell(match.group(), source, place))
        row.columns.append(match.start() + 1)
        row.end = match.end() + 1
    block.rows.append(row)
    block.width = max(block.width, len(row.cells))


def _cell(token: str, source: str, place: Place) -> Cell:
    if token in EMPTY_TOKENS:
        return 0
    if token in BLOCKED_TOKENS:
        return None
    if _NUMBER.fullmatch(token):
        digits = token.lstrip("0") or "0"
        if len(digits) > len(str(MAX_CELLS)):
            shown = token if len(token) <= 12 else f"{token[:8]}... ({len(token)} digits)"
            message = f"number {shown} is larger than any board allows (at most {MAX_CELLS} cells)"
            raise located(message, source, place)
        return int(digits)
    hint = " (a comment needs a line of its own)" if token.startswith(";") else ""
    raise located(f"unknown token {token!r}; allowed: {ALLOWED_TOKENS}{hint}", source, place)


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
