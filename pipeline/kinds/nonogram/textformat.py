"""Nonograms as text, both ways. One puzzle a paragraph, paragraphs apart by blank lines:

    ; kind=nonogram seed=7 level=easy
    rows: 3 | 1 1 | - | 2 2 | 5
    cols: 1 2 | 1 2 | 1 1 | 1 2 | 1 2
    ? ? # ? ?
    ? ? ? ? ?
    ? ? . ? ?
    ? ? ? ? ?
    ? ? ? ? ?
    solution:
    . # # # .
    # . . . #
    . . . . .
    # # . # #
    # # # # #

`rows:` gives each row's clue, top to bottom, and `cols:` each column's, left to right: the lengths of
the runs of filled cells in order, apart by spaces (or commas), '|' between two lines' clues and '-'
(or 0) for an empty line. The grid below gives the hints, a row a line: '?' for a cell the solver
starts blank, '#' for one printed filled, '.' for one printed empty; without a grid no cell is given.
After `solution:` (a blank line before it is allowed) comes the picture when the file carries one,
'#' filled and '.' empty. Cells may be written apart by spaces or not; writing puts one space between.
`;` lines are metadata (key=value) or comments. Every mistake names the source, line and column and
says what is allowed; a solution is checked against every clue and hint, but nothing here solves.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from pipeline.kinds.nonogram.puzzle import (
    EMPTY,
    FILLED,
    MAX_SIDE,
    MIN_SIDE,
    UNKNOWN,
    Clue,
    Nonogram,
    Picture,
    blank_givens,
    clue_problem,
    columns,
    line_clue,
    nonogram_problem,
    solves,
)
from pipeline.textfile import (
    META_KEY,
    META_TOKEN,
    TOKEN,
    Place,
    located,
    read_meta_line,
    stray_metadata,
)

KIND = "nonogram"
HEADER = re.compile(r"\s*(rows|cols|columns|solution)\s*:(.*)", re.IGNORECASE)
"""A section's line: its name, any case, a colon, then (for the clues) the clues."""
RUN = re.compile(r"[^\s,]+")
"""A token of a line's clue: a run length, or '-' / '0' for an empty line."""
NUMBER = re.compile(r"[0-9]+")
NO_RUNS = ("-", "0")
"""How a clue says its line is empty; '-' is written."""
EXAMPLE_CLUES = "rows: 3 | 1 1 | - | 2 2 | 5"
SCAN_CHARS = 100_000
"""How much of a file looks_like_nonogram reads to guess its kind."""

Row = tuple[int, list[tuple[int, str]]]
"""A grid or solution line as read: its number, and each cell's column (from 1) and character."""


@dataclass(frozen=True)
class NonogramText:
    """One nonogram read from text (or to be written), with its picture when the text has one; `meta`
    names the kind, first when it did not (another kind is a programming error)."""

    puzzle: Nonogram
    solution: Picture | None
    line: int
    meta: dict[str, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.solution is not None:
            object.__setattr__(self, "solution", tuple(self.solution))
        said = self.meta.get("kind")
        if said is not None and said != KIND:
            raise ValueError(f"metadata kind={said} on a nonogram")
        object.__setattr__(self, "meta", {"kind": KIND, **self.meta})


# ---------------------------------------------------------------------------------------- paragraphs


@dataclass
class _Clues:
    """A `rows:` or `cols:` line: where its name is, and its text after the colon and that text's column."""

    place: Place
    column: int
    text: str


@dataclass
class _Paragraph:
    """A puzzle's lines as read: metadata, its two clue lines, grid rows, then its solution's."""

    line: int
    meta: dict[str, str] = field(default_factory=dict)
    meta_at: dict[str, Place] = field(default_factory=dict)
    clues: dict[str, _Clues] = field(default_factory=dict)
    grid: list[Row] = field(default_factory=list)
    solution_at: Place | None = None
    solution: list[Row] = field(default_factory=list)

    @property
    def started(self) -> bool:
        """Whether any of the puzzle itself (not its metadata) has been read."""
        return bool(self.clues or self.grid or self.solution_at)


def _lines(text: str) -> list[str]:
    return text.removeprefix("\ufeff").replace("\r\n", "\n").replace("\r", "\n").split("\n")


def _header(raw: str) -> tuple[str, int, str, int] | None:
    """A section's line: (name, its column, what follows the colon, its column), else None."""
    match = HEADER.fullmatch(raw)
    if match is None:
        return None
    name = match[1].lower()
    return ("cols" if name == "columns" else name), match.start(1) + 1, match[2], match.start(2) + 1


def _paragraphs(text: str, source: str) -> list[_Paragraph]:
    """The text's puzzles, line by line: metadata, clue lines, grid rows, then the solution."""
    found: list[_Paragraph] = []
    para: _Paragraph | None = None
    gap = False
    for number, raw in enumerate(_lines(text), 1):
        stripped = raw.strip()
        if not stripped:
            gap = para is not None
            continue
        header = _header(raw)
        if para is not None and gap and not (header and header[0] == "solution" and para.clues):
            _close(para, found, source)
            para = None
        gap = False
        if para is None:
            para = _Paragraph(number)
        if stripped.startswith(";"):
            read_meta_line(para.meta, para.meta_at, raw, number, source, after_rows=para.started)
        elif header is not None:
            _open(para, header, number, source)
        else:
            _row(para, raw, number, source)
    if para is not None:
        _close(para, found, source)
    return found


def _close(para: _Paragraph, found: list[_Paragraph], source: str) -> None:
    if para.started:
        found.append(para)
    elif para.meta:
        raise stray_metadata(para.meta_at, source)


def _open(para: _Paragraph, header: tuple[str, int, str, int], number: int, source: str) -> None:
    name, column, rest, rest_column = header
    place = (number, column)
    if name == "solution":
        if not para.clues:
            raise located(f"the solution line comes after the puzzle's clues ({EXAMPLE_CLUES})", source, place)
        if para.solution_at is not None:
            raise located(f"a second solution line (the first is on line {para.solution_at[0]}); a puzzle has one",
                          source, place)
        if rest.strip():
            raise located("the solution line stands alone; the picture follows below it, a row a line", source,
                          (number, rest_column + len(rest) - len(rest.lstrip())))
        para.solution_at = place
        return
    if name in para.clues:
        first = para.clues[name].place[0]
        raise located(f"a second {name} line (the first is on line {first}); a puzzle has one", source, place)
    if para.grid or para.solution_at is not None:
        raise located(f"the {name} line comes before the grid: a nonogram's clues come first", source, place)
    para.clues[name] = _Clues(place, rest_column, rest)


def _row(para: _Paragraph, raw: str, number: int, source: str) -> None:
    if not para.clues:
        raise located(f"a nonogram starts with its clues, a 'rows:' line and a 'cols:' line like '{EXAMPLE_CLUES}' "
                      "(a blank line ends a puzzle)", source, (number, len(raw) - len(raw.lstrip()) + 1))
    cells = [(column, char) for column, char in enumerate(raw, 1) if not char.isspace()]
    (para.grid if para.solution_at is None else para.solution).append((number, cells))


# ---------------------------------------------------------------------------------------- reading


def parse_nonograms(text: str, source: str) -> list[NonogramText]:
    """Every nonogram in `text`; PuzzleBookError naming `source`, line and column for a mistake. A
    nonogram without a solution is read as it is: whether it has one is for the solver to say."""
    return [_nonogram(para, source) for para in _paragraphs(text, source)]


def _nonogram(para: _Paragraph, source: str) -> NonogramText:
    said = para.meta.get("kind")
    if said is not None and said != KIND:
        raise located(f"kind={said} in a nonogram file; allowed: kind={KIND}", source, para.meta_at["kind"])
    for name, other in (("rows", "cols"), ("cols", "rows")):
        if name not in para.clues:
            raise located(f"a nonogram has a '{name}:' line beside its '{other}:' line, like '{EXAMPLE_CLUES}'",
                          source, para.clues[other].place)
    rows, row_at = _clue_list(para.clues["rows"], "row", source)
    cols, col_at = _clue_list(para.clues["cols"], "column", source)
    for clues, at, noun, length in ((rows, row_at, "row", len(cols)), (cols, col_at, "column", len(rows))):
        for i, clue in enumerate(clues):
            problem = clue_problem(clue, length, f"{noun} {i + 1}")
            if problem:
                raise located(problem, source, at[i])
    filled_rows, filled_cols = sum(map(sum, rows)), sum(map(sum, cols))
    if filled_rows != filled_cols:
        raise located(f"the row clues fill {filled_rows} cells and the column clues {filled_cols}; they must agree "
                      "(every filled cell is in one row and one column)", source, para.clues["cols"].place)
    width, height = len(cols), len(rows)
    givens = blank_givens(width, height)
    if para.grid:
        givens = _rows(para.grid, width, height, (UNKNOWN, FILLED, EMPTY), "grid", source)
    puzzle = Nonogram(tuple(rows), tuple(cols), givens)
    problem = nonogram_problem(puzzle)  # the puzzle module's own check, after the located ones: it should never speak
    if problem:
        raise located(problem, source, para.clues["rows"].place)
    solution = None
    if para.solution_at is not None:
        if not para.solution:
            raise located("the solution line is followed by the picture, a row a line ('#' filled, '.' empty)",
                          source, para.solution_at)
        solution = _rows(para.solution, width, height, (FILLED, EMPTY), "solution", source)
        _check_solution(puzzle, solution, para.solution, source)
    return NonogramText(puzzle, solution, para.line, dict(para.meta))


def _clue_list(clues: _Clues, noun: str, source: str) -> tuple[list[Clue], list[Place]]:
    """The clues of a `rows:` or `cols:` line, and where each begins; their count checked."""
    number, name = clues.place[0], "rows" if noun == "row" else "cols"
    found: list[Clue] = []
    places: list[Place] = []
    start = clues.column
    parts = clues.text.split("|")
    for k, part in enumerate(parts):
        tokens = list(RUN.finditer(part))
        if not tokens:
            if len(parts) == 1:
                raise located(f"the {name} line lists no clues; like '{EXAMPLE_CLUES}'", source, clues.place)
            raise located(f"{noun} {k + 1} has no clue: '|' goes between the clues of two {noun}s and '-' is an "
                          f"empty {noun}'s clue", source, (number, start + len(part) - len(part.lstrip())))
        runs: list[int] = []
        for token in tokens:
            word, at = token.group(), (number, start + token.start())
            if word in NO_RUNS:
                if len(tokens) > 1:
                    raise located(f"{word!r} alone is the clue of an empty {noun}; a run is a whole number of at "
                                  "least 1", source, at)
                continue
            if not NUMBER.fullmatch(word):
                raise located(f"{_shown(word)!r} is not a run length; a clue is whole numbers of at least 1 apart by "
                              f"spaces, or '-' for an empty {noun}", source, at)
            if len(word.lstrip("0")) > len(str(MAX_SIDE)):
                raise located(f"a run of {_shown(word)} cells is longer than any {noun}: a nonogram is at most "
                              f"{MAX_SIDE} cells each way", source, at)
            if int(word) < 1:
                raise located(f"a run is at least 1 cell, not {word}; an empty {noun}'s clue is '-'", source, at)
            runs.append(int(word))
        found.append(tuple(runs))
        places.append((number, start + tokens[0].start()))
        start += len(part) + 1
    if not MIN_SIDE <= len(found) <= MAX_SIDE:
        raise located(f"the {name} line gives {len(found)} clues, one a {noun}; a nonogram has {MIN_SIDE} to "
                      f"{MAX_SIDE} {noun}s", source, clues.place)
    return found, places


def _shown(word: str) -> str:
    """A word of the text as a message quotes it: whole, or its start when long."""
    return word if len(word) <= 12 else word[:12] + "..."


def _rows(lines: list[Row], width: int, height: int, allowed: Sequence[str], what: str,
          source: str) -> tuple[str, ...]:
    """The grid's or the solution's rows: `height` rows of `width` cells, each one of `allowed`."""
    for r, (number, cells) in enumerate(lines):
        if r == height:
            raise located(f"the clues give {height} rows and so has the {what}; this is row {r + 1} (a blank line "
                          "ends a puzzle" + ("; a solution follows a 'solution:' line)" if what == "grid" else ")"),
                          source, (number, cells[0][0]))
        for column, char in cells:
            if char not in allowed:
                raise located(f"{char!r} cannot be here; {_allowed(what)}", source, (number, column))
        if len(cells) != width:
            column = cells[width][0] if len(cells) > width else cells[-1][0] + 1
            raise located(f"this {what} row has {len(cells)} cells; the clues give {width} columns", source,
                          (number, column))
    if len(lines) < height:
        number, cells = lines[-1]
        raise located(f"the {what} has {len(lines)} rows; the clues give {height}", source, (number, cells[0][0]))
    return tuple("".join(char for _, char in cells) for _, cells in lines)


def _allowed(what: str) -> str:
    if what == "grid":
        return (f"a nonogram's grid has {UNKNOWN!r} for an unknown cell, {FILLED!r} for a cell given filled and "
                f"{EMPTY!r} for one given empty")
    return f"a solution fills every cell: {FILLED!r} filled, {EMPTY!r} empty"


def _check_solution(puzzle: Nonogram, solution: Picture, lines: list[Row], source: str) -> None:
    """The picture keeps every hint, then every row's clue, then every column's; else the mistake placed
    at the cell, the row or the column (at its top cell)."""
    for r, (given_row, row) in enumerate(zip(puzzle.givens, solution)):
        for c, (given, cell) in enumerate(zip(given_row, row)):
            if given != UNKNOWN and given != cell:
                said = "filled" if given == FILLED else "empty"
                raise located(f"the grid gives this cell {said} ({given!r}); the solution keeps every hint", source,
                              (lines[r][0], lines[r][1][c][0]))
    for r, (clue, row) in enumerate(zip(puzzle.rows, solution)):
        if line_clue(row) != clue:
            raise located(f"this row's runs are {clue_text(line_clue(row))}; its clue (row {r + 1}) says {clue_text(clue)}",
                          source, (lines[r][0], lines[r][1][0][0]))
    for c, (clue, column) in enumerate(zip(puzzle.cols, columns(solution))):
        if line_clue(column) != clue:
            raise located(f"column {c + 1} of the solution has runs {clue_text(line_clue(column))}; its clue says "
                          f"{clue_text(clue)}", source, (lines[0][0], lines[0][1][c][0]))
    if not solves(puzzle, solution):  # the puzzle module's own check: it should never speak
        raise located("the solution does not solve the puzzle", source, (lines[0][0], lines[0][1][0][0]))


# ---------------------------------------------------------------------------------------- writing


def clue_text(clue: Clue) -> str:
    """A line's clue as the files write it: its runs apart by spaces, '-' for an empty line."""
    return " ".join(map(str, clue)) or NO_RUNS[0]


def clues_line(clues: Iterable[Clue]) -> str:
    return " | ".join(clue_text(clue) for clue in clues)


def solution_lines(picture: Iterable[str]) -> str:
    """A picture as the files write it: its rows, a line each, a space between cells."""
    return "\n".join(" ".join(row) for row in picture)


def _meta_line(meta: Mapping[str, str]) -> str:
    for key, value in meta.items():
        if not META_KEY.fullmatch(key) or not TOKEN.fullmatch(value):
            raise ValueError(f"metadata {key}={value!r} cannot be written: keys are words, values unspaced")
    return "; " + " ".join(f"{key}={value}" for key, value in meta.items())


def format_nonograms(items: Iterable[NonogramText]) -> str:
    """The nonograms as text, the grid always written: parse_nonograms(format_nonograms(items)) gives them
    back. A malformed puzzle, a solution that does not solve it or metadata a line cannot hold raise
    ValueError (a programming error: no text could be read back as them)."""
    blocks = []
    for item in items:
        puzzle = item.puzzle
        problem = nonogram_problem(puzzle)
        if problem:
            raise ValueError(f"a malformed nonogram cannot be written: {problem}")
        if item.solution is not None and not solves(puzzle, item.solution):
            raise ValueError("a nonogram's text cannot hold a solution that does not solve it")
        lines = [_meta_line(item.meta), "rows: " + clues_line(puzzle.rows), "cols: " + clues_line(puzzle.cols),
                 solution_lines(puzzle.givens)]
        if item.solution is not None:
            lines += ["solution:", solution_lines(item.solution)]
        blocks.append("\n".join(lines))
    return "\n\n".join(blocks) + ("\n" if blocks else "")


# ---------------------------------------------------------------------------------------- guessing


def looks_like_nonogram(text: str) -> bool:
    """Whether `text` is clearly nonograms: its first metadata naming a kind says kind=nonogram, or
    (naming none) it has a `rows:` line and a `cols:` line."""
    seen: set[str] = set()
    for raw in _lines(text[:SCAN_CHARS]):
        stripped = raw.strip()
        if stripped.startswith(";"):
            tokens = stripped[1:].split()
            if tokens and all(META_TOKEN.fullmatch(token) for token in tokens):
                said = dict(token.split("=", 1) for token in tokens).get("kind")
                if said is not None:
                    return said == KIND
            continue
        header = _header(raw)
        if header is not None and header[0] in ("rows", "cols"):
            seen.add(header[0])
            if len(seen) == 2:
                return True
    return False
