"""The Sudoku text formats: one-line puzzles (81 characters for 9x9) and grids of tokens, many per file.

Parsing infers the size, locates every mistake by source, line and column; writing is canonical, so
that parse(format(x)) == x and format(parse(text)) == text. Nothing here searches for solutions.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Literal

from pipeline.errors import PuzzleBookError
from pipeline.kinds.sudoku.grid import (
    BOXES,
    SYMBOLS,
    Sudoku,
    SudokuError,
    check_sudoku,
    symbol,
)
from pipeline.textfile import (
    META_KEY,
    META_TOKEN,
    TOKEN,
    Place,
    located,
    read_meta_line,
    read_text_file,
    stray_metadata,
)

Form = Literal["line", "grid"]
FORMS: tuple[Form, ...] = ("line", "grid")
KIND = "sudoku"
SOLUTION_ROLE = "solution"
EMPTY = frozenset(".0")
SIDES = tuple(box * box for box in BOXES)
LINE_LENGTHS = tuple(n * n for n in SIDES)




@dataclass(frozen=True)
class SudokuText:
    """One puzzle as read from (or to be written to) text: grid, metadata, optional solution, and its form.

    `form` is how it is written: "line" (one line of n*n symbols) or "grid" (n rows of n tokens).
    """

    sudoku: Sudoku
    meta: dict[str, str] = field(default_factory=dict)
    solution: tuple[int, ...] | None = None
    line: int = 0
    """The line where the puzzle (or its metadata) starts; 0 when it did not come from text."""
    form: Form = "grid"

    @property
    def puzzle(self) -> Sudoku:
        return self.sudoku


@dataclass
class _Item:
    """A puzzle or solution being read: its metadata, and for each cell the place it was written."""

    line: int
    meta: dict[str, str] = field(default_factory=dict)
    meta_at: dict[str, Place] = field(default_factory=dict)
    form: Form = "grid"
    rows: list[list[tuple[str, Place]]] = field(default_factory=list)


# ---------------------------------------------------------------------------------------- reading


def read_sudoku_file(path: str | Path) -> list[SudokuText]:
    """Parse a Sudoku file; a missing, unreadable or non-UTF-8 file is a PuzzleBookError naming it."""
    text = read_text_file(path)
    return parse_sudokus(text, str(path))


def _lines(text: str) -> list[str]:
    return text.removeprefix("\ufeff").replace("\r\n", "\n").replace("\r", "\n").split("\n")


def parse_sudokus(text: str, source: str = "<input>") -> list[SudokuText]:
    """Read every puzzle in `text`, one-line or grid; an item with `; role=solution` solves the one before.

    Grid tokens are '.' or '0' for empty, a symbol (1-9, then A-P for 10-25, any case) or a decimal
    number (so 16x16 rows may say `G` or `16`); writing always uses symbols.

    A line holding a single token is a one-line puzzle; lines of several tokens are grid rows, and a
    grid ends at a blank line. `; key=value` lines are metadata for the puzzle that follows them;
    other `;` lines are comments. Solutions are checked for size, fullness and repeats; whether they
    keep the givens is the verifier's question.
    """
    puzzles: list[SudokuText] = []
    after_puzzle = False
    pending: _Item | None = None

    def finish(item: _Item) -> None:
        nonlocal after_puzzle
        role = item.meta.get("role")
        if role is not None and role != SOLUTION_ROLE:
            raise located(f"unknown role {role!r}; allowed: {SOLUTION_ROLE}", source, item.meta_at["role"])
        sudoku = _sudoku(item, source)
        if role == SOLUTION_ROLE:
            if not after_puzzle:
                message = "a role=solution puzzle must come right after the puzzle it solves"
                raise located(message, source, item.meta_at["role"])
            puzzles[-1] = replace(puzzles[-1], solution=_solution(puzzles[-1].sudoku, sudoku, item, source))
            after_puzzle = False
        else:
            puzzles.append(SudokuText(sudoku, dict(item.meta), None, item.line, item.form))
            after_puzzle = True

    for number, line in enumerate(_lines(text), start=1):
        stripped = line.strip()
        if not stripped:
            if pending is not None:
                _end(pending, finish, source)
            pending = None
            continue
        if pending is None:
            pending = _Item(number)
        if stripped.startswith(";"):
            read_meta_line(pending.meta, pending.meta_at, line, number, source, after_rows=bool(pending.rows))
            continue
        tokens = [(m.group(), (number, m.start() + 1)) for m in TOKEN.finditer(line)]
        comment = next((place for token, place in tokens[1:] if token.startswith(";")), None)
        if comment is not None:
            raise located("a comment needs a line of its own", source, comment)
        if len(tokens) == 1 and not pending.rows:
            pending.form = "line"
            pending.rows.append(tokens)
            finish(pending)
            pending = None
        else:
            pending.rows.append(tokens)
    if pending is not None:
        _end(pending, finish, source)
    return puzzles


def _end(item: _Item, finish: Callable[[_Item], None], source: str) -> None:
    """A paragraph ends: its grid is finished, and metadata left without a puzzle is a mistake."""
    if item.rows:
        finish(item)
    elif item.meta:
        raise stray_metadata(item.meta_at, source)


def from_line(text: str, source: str = "<input>", line: int = 1) -> Sudoku:
    """One puzzle in the one-line form; surrounding whitespace is ignored, columns count from the line's start."""
    offset = len(text) - len(text.lstrip())
    token = text.strip()
    item = _Item(line, form="line", rows=[[(token, (line, offset + 1))]])
    return _sudoku(item, source)


def _sudoku(item: _Item, source: str) -> Sudoku:
    """The item's cells as a checked Sudoku, with every mistake placed at its line and column."""
    if item.form == "line":
        (token, (line, column)), = item.rows[0]
        if len(token) not in LINE_LENGTHS:
            lengths = ", ".join(map(str, LINE_LENGTHS[:-1])) + f" or {LINE_LENGTHS[-1]}"
            message = f"{len(token)} characters; a one-line Sudoku has {lengths}"
            raise PuzzleBookError(message, source=source, line=line)
        box = BOXES[LINE_LENGTHS.index(len(token))]
        cells = [(ch, (line, column + k)) for k, ch in enumerate(token)]
    else:
        box = _grid_box(item, source)
        cells = [cell for row in item.rows for cell in row]
    n = box * box
    _check_meta(item, box, source)
    sudoku = Sudoku(box, tuple(_value(text, n, source, place) for text, place in cells))
    try:
        check_sudoku(sudoku)
    except SudokuError as err:
        if err.cell is None:
            raise
        place = cells[err.cell][1]
        message = err.message
        if err.first is not None:
            first = cells[err.first][1]
            value = symbol(sudoku.cells[err.cell])
            message = f"{value} appears twice in {err.unit} (also at line {first[0]}, column {first[1]})"
        raise located(message, source, place) from None
    return sudoku


def _grid_box(item: _Item, source: str) -> int:
    """The box size a grid's shape implies: n rows of n tokens, n one of 4, 9, 16, 25."""
    first = item.rows[0]
    n = len(first)
    if n not in SIDES:
        sides = ", ".join(map(str, SIDES[:-1])) + f" or {SIDES[-1]}"
        message = f"a grid row of {_tokens(n)}; a Sudoku grid has {sides} in every row"
        raise located(message, source, first[0][1])
    for r, row in enumerate(item.rows):
        if r == n:
            message = f"a {n}x{n} grid has {n} rows; this is row {n + 1} (a new puzzle starts after a blank line)"
            raise located(message, source, row[0][1])
        if len(row) != n:
            message = f"a grid row of {_tokens(len(row))}, but the first row (line {first[0][1][0]}) has {n}"
            raise located(message, source, row[0][1])
    if len(item.rows) < n:
        message = f"the grid has {len(item.rows)} rows but {n} tokens per row; a {n}x{n} Sudoku needs {n} rows"
        raise located(message, source, first[0][1])
    return BOXES[SIDES.index(n)]


def _tokens(count: int) -> str:
    return f"{count} token" if count == 1 else f"{count} tokens"


def _value(text: str, n: int, source: str, place: Place) -> int:
    """A cell's value from its text: '.' or '0' empty, a symbol 1-9 A-P (any case), or a decimal number."""
    if text in EMPTY:
        return 0
    if len(text) == 1 and text.upper() in SYMBOLS:
        value = SYMBOLS.index(text.upper()) + 1
    elif text.isascii() and text.isdecimal():
        digits = text.lstrip("0") or "0"
        if len(digits) > 2:  # no grid goes past 25: say so without reading a number of any length
            shown = text if len(text) <= 12 else f"{text[:8]}... ({len(text)} digits)"
            raise located(f"value {shown} is out of range for a {n}x{n} Sudoku (1-{symbol(n)})", source, place)
        value = int(digits)
    else:
        allowed = f"'.' or '0' for empty, 1-{symbol(n)}" + (f" (or 10-{n})" if n > 9 else "")
        raise located(f"unknown symbol {text!r}; allowed: {allowed}", source, place)
    if not 1 <= value <= n:
        shown = text if text == str(value) else f"{text} ({value})"
        raise located(f"value {shown} is out of range for a {n}x{n} Sudoku (1-{symbol(n)})", source, place)
    return value


def _check_meta(item: _Item, box: int, source: str) -> None:
    """`kind`, when given, must be sudoku; `box`, when given, must match the size written."""
    kind = item.meta.get("kind")
    if kind is not None and kind != KIND:
        raise located(f"kind={kind} in a Sudoku file; allowed: kind={KIND}", source, item.meta_at["kind"])
    stated = item.meta.get("box")
    if stated is not None and stated != str(box):
        n = box * box
        message = f"box={stated} but the puzzle below is {n}x{n} (box={box})"
        raise located(message, source, item.meta_at["box"])


def _solution(puzzle: Sudoku, solution: Sudoku, item: _Item, source: str) -> tuple[int, ...]:
    place = item.meta_at["role"]
    if solution.box != puzzle.box:
        n, m = solution.size, puzzle.size
        raise located(f"the solution is {n}x{n} but its puzzle is {m}x{m}", source, place)
    if not all(solution.cells):
        i = solution.cells.index(0)
        r, c = divmod(i, solution.size)
        raise located(f"the solution leaves row {r + 1}, column {c + 1} empty; fill every cell", source, place)
    return solution.cells


def looks_like_sudoku(text: str) -> bool:
    """True when `text` reads as a Sudoku file: metadata kind=sudoku, or a first puzzle that parses as one.

    Metadata naming another kind wins; a grid whose first block is n rows of n Sudoku tokens counts,
    so a small Hidato without metadata and with only numbers up to 9 could be mistaken: pass the kind then.
    """
    block: list[str] = []
    for line in _lines(text):
        stripped = line.strip()
        if stripped.startswith(";"):
            tokens = stripped[1:].split()
            if tokens and all(META_TOKEN.fullmatch(t) for t in tokens):
                meta = dict(t.split("=", 1) for t in tokens)
                if "kind" in meta:
                    return meta["kind"] == KIND
            continue
        if not stripped:
            if block:
                break
            continue
        block.append(line)
        if len(block) == 1 and len(stripped.split()) == 1:
            break
    if not block:
        return False
    try:
        parse_sudokus("\n".join(block))
    except PuzzleBookError:
        return False
    return True


# ---------------------------------------------------------------------------------------- writing


def to_line(s: Sudoku) -> str:
    """The one-line form: n*n symbols row by row, '.' empty (no newline)."""
    return "".join(symbol(v) for v in s.cells)


def to_grid_text(s: Sudoku) -> str:
    """The grid form: n lines of n symbols separated by single spaces, '.' empty, each line ending in a newline."""
    return "".join(" ".join(symbol(v) for v in s.row(r)) + "\n" for r in range(s.size))


def _meta_line(meta: Mapping[str, str], role: bool = False) -> str:
    items = dict(meta)
    for key, value in items.items():
        if not META_KEY.fullmatch(key) or not TOKEN.fullmatch(value) or "=" in key:
            raise ValueError(f"metadata {key}={value!r} cannot be written: keys are words, values unspaced")
    if "role" in items:
        raise ValueError("'role' is reserved for solutions")
    if role:
        items = {"role": SOLUTION_ROLE}
    return "; " + " ".join(f"{key}={value}" for key, value in items.items()) + "\n" if items else ""


def format_sudokus(items: Iterable[SudokuText], form: Form | None = None) -> str:
    """Puzzles in their own form (or all in `form`), each followed by its `; role=solution` if it has one.

    One-line puzzles follow each other line by line; a grid is separated from its neighbours by a
    blank line. Metadata that cannot be read back raises ValueError: a programming error, not a user's.
    """
    if form is not None and form not in FORMS:
        raise ValueError(f"unknown form {form!r}; allowed: {', '.join(FORMS)}")
    out: list[str] = []
    previous: Form | None = None
    for item in items:
        shape = form or item.form
        write = (lambda s: to_line(s) + "\n") if shape == "line" else to_grid_text
        parts = [_meta_line(item.meta) + write(item.sudoku)]
        if item.solution is not None:
            parts.append(_meta_line({}, role=True) + write(Sudoku(item.sudoku.box, item.solution)))
        joiner = "" if shape == "line" else "\n"
        text = joiner.join(parts)
        if previous is not None and (previous == "grid" or shape == "grid"):
            out.append("\n")
        out.append(text)
        previous = shape
    return "".join(out)
