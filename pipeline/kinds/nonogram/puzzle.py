"""A nonogram as data: the clues of every row and column, the cells printed as hints, and its checks.

A picture is rows of `FILLED` and `EMPTY`; its clues are the lengths of the runs of filled cells in
each line, top to bottom and left to right (`()` for an empty line). A puzzle's `givens` are rows of
the same width with `UNKNOWN` wherever the solver starts blank: a hint prints a filled or a marked
empty cell there, which the picture agrees with.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

FILLED, EMPTY, UNKNOWN = "#", ".", "?"
MIN_SIDE, MAX_SIDE = 5, 50
"""The sizes a nonogram is made in (rows and columns each): below 5 there is no picture, above 50
no page prints the clues legibly."""

Clue = tuple[int, ...]
Picture = tuple[str, ...]
"""Rows of FILLED and EMPTY, as a record's `solution` keeps them."""


@dataclass(frozen=True)
class Nonogram:
    """The clues of each row (top to bottom) and column (left to right), and the hints given."""

    rows: tuple[Clue, ...]
    cols: tuple[Clue, ...]
    givens: tuple[str, ...]
    """One string a row: UNKNOWN, or the FILLED / EMPTY a hint prints."""
    flipped: tuple[tuple[int, int], ...] = ()
    """(row, column) of the pixels of its picture changed to make it unique (its grade says so); not
    part of what a solver sees, so a text form does not keep it."""

    @property
    def height(self) -> int:
        return len(self.rows)

    @property
    def width(self) -> int:
        return len(self.cols)

    @property
    def hints(self) -> tuple[tuple[int, int, str], ...]:
        """(row, column, FILLED or EMPTY) of every hint, row by row."""
        return tuple((r, c, mark) for r, row in enumerate(self.givens) for c, mark in enumerate(row) if mark != UNKNOWN)


def line_clue(line: str) -> Clue:
    """The runs of filled cells in a line, in order."""
    return tuple(len(run) for run in line.split(EMPTY) if run)


def columns(picture: Sequence[str]) -> list[str]:
    return ["".join(row[c] for row in picture) for c in range(len(picture[0]))] if picture else []


def clues_of(picture: Sequence[str]) -> tuple[tuple[Clue, ...], tuple[Clue, ...]]:
    """The row clues and column clues a picture prints."""
    return tuple(line_clue(row) for row in picture), tuple(line_clue(col) for col in columns(picture))


def blank_givens(width: int, height: int) -> tuple[str, ...]:
    return (UNKNOWN * width,) * height


def puzzle_of(picture: Sequence[str], hints: Sequence[tuple[int, int]] = ()) -> Nonogram:
    """The nonogram of a picture, with the picture's cells at `hints` printed as hints."""
    rows, cols = clues_of(picture)
    givens = [list(UNKNOWN * len(cols)) for _ in rows]
    for r, c in hints:
        givens[r][c] = picture[r][c]
    return Nonogram(rows, cols, tuple("".join(row) for row in givens))


def size_problem(width: int, height: int) -> str | None:
    """Why a board of this size cannot be a nonogram, or None."""
    if not (MIN_SIDE <= width <= MAX_SIDE and MIN_SIDE <= height <= MAX_SIDE):
        return (f"a nonogram is {MIN_SIDE} to {MAX_SIDE} cells each way; {width} x {height} (columns x rows) "
                "is not")
    return None


def picture_problem(picture: Sequence[str]) -> str | None:
    """Why rows cannot be a picture (ragged, other characters, a size out of range), or None."""
    if not picture or not picture[0]:
        return "the picture has no cells"
    width = len(picture[0])
    for r, row in enumerate(picture):
        if len(row) != width:
            return f"row {r + 1} has {len(row)} cells, the first row {width}"
        bad = set(row) - {FILLED, EMPTY}
        if bad:
            return f"row {r + 1} holds {sorted(bad)[0]!r}; a picture holds only {FILLED!r} and {EMPTY!r}"
    return size_problem(width, len(picture))


def clue_problem(clue: Sequence[int], length: int, name: str) -> str | None:
    """Why a clue cannot describe a line of `length` cells (not whole numbers of at least 1, too long)."""
    if not all(isinstance(run, int) and not isinstance(run, bool) and run >= 1 for run in clue):
        return f"{name}: a clue is whole numbers of at least 1, not {list(clue)!r}"
    if sum(clue) + len(clue) - 1 > length:
        return f"{name}: the runs {' '.join(map(str, clue))} need {sum(clue) + len(clue) - 1} cells; the line has {length}"
    return None


def nonogram_problem(puzzle: Nonogram) -> str | None:
    """Why a nonogram is malformed (clues that cannot fit their lines, hints of another size or
    character, filled cells the row and column totals disagree on), or None."""
    problem = size_problem(puzzle.width, puzzle.height)
    if problem:
        return problem
    for lines, length, noun in ((puzzle.rows, puzzle.width, "row"), (puzzle.cols, puzzle.height, "column")):
        for i, clue in enumerate(lines):
            problem = clue_problem(clue, length, f"{noun} {i + 1}")
            if problem:
                return problem
    if sum(map(sum, puzzle.rows)) != sum(map(sum, puzzle.cols)):
        return (f"the row clues fill {sum(map(sum, puzzle.rows))} cells and the column clues "
                f"{sum(map(sum, puzzle.cols))}; they must agree")
    if len(puzzle.givens) != puzzle.height or any(len(row) != puzzle.width for row in puzzle.givens):
        return f"the hints are not {puzzle.height} rows of {puzzle.width} cells"
    outside = next(((r, c) for r, c in puzzle.flipped if not (0 <= r < puzzle.height and 0 <= c < puzzle.width)), None)
    if outside is not None:
        return f"the flipped pixel {list(outside)} is outside the {puzzle.width} x {puzzle.height} board"
    for r, row in enumerate(puzzle.givens):
        bad = set(row) - {FILLED, EMPTY, UNKNOWN}
        if bad:
            return f"hint row {r + 1} holds {sorted(bad)[0]!r}; allowed: {FILLED!r} {EMPTY!r} {UNKNOWN!r}"
    return None


def solves(puzzle: Nonogram, picture: Sequence[str]) -> bool:
    """Whether a picture keeps every clue and every hint of the puzzle."""
    if picture_problem(picture) is not None or len(picture) != puzzle.height or len(picture[0]) != puzzle.width:
        return False
    if clues_of(picture) != (puzzle.rows, puzzle.cols):
        return False
    return all(given in (UNKNOWN, cell) for given_row, row in zip(puzzle.givens, picture)
               for given, cell in zip(given_row, row))
