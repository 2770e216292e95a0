"""A crossword and a fill-in as the program holds them, and the checks every one must pass.

A crossword: its solution grid (a letter on each square, '#' elsewhere) and its entries, numbered in
the standard order, each with its clue. A fill-in: the grid a solver gets ('.' an empty square, '#'
none, a letter where a starter word is given), the words to fit, and its solution grid. Records keep
them as these fields, one string per row.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from pipeline.kinds.crossword.grid import (
    BLOCK,
    EMPTY,
    DIRECTIONS,
    Direction,
    Slot,
    connected,
    numbers,
    read,
    slots_of,
)

MIN_SIDE, MAX_SIDE = 3, 30
"""A grid's rows and columns, at least and at most (a larger one is refused at once)."""


@dataclass(frozen=True)
class Entry:
    """One answer of a crossword with its number and clue."""

    number: int
    direction: Direction
    row: int
    col: int
    answer: str
    clue: str

    @property
    def slot(self) -> Slot:
        return Slot(self.row, self.col, self.direction, len(self.answer))

    def to_json(self) -> dict[str, Any]:
        return {"number": self.number, "direction": self.direction, "row": self.row, "col": self.col,
                "answer": self.answer, "clue": self.clue}

    @staticmethod
    def from_json(data: Mapping[str, Any]) -> Entry:
        number, direction, row, col = data["number"], data["direction"], data["row"], data["col"]
        answer, clue = data["answer"], data["clue"]
        if any(type(value) is not int for value in (number, row, col)) or direction not in DIRECTIONS \
                or not isinstance(answer, str) or not isinstance(clue, str):
            raise TypeError(f"an entry is {{number, direction (across or down), row, col, answer, clue}}, not {dict(data)!r}")
        return Entry(number, direction, row, col, answer, clue)


@dataclass(frozen=True)
class Crossword:
    """A crossword: the solution grid and its clued entries (in number order, across before down)."""

    solution: tuple[str, ...]
    entries: tuple[Entry, ...]

    @property
    def blank(self) -> tuple[str, ...]:
        """The grid as printed: '.' on every square."""
        return tuple("".join(BLOCK if char == BLOCK else EMPTY for char in row) for row in self.solution)


@dataclass(frozen=True)
class FillIn:
    """A fill-in: the grid given ('.', '#', starter letters) and the words, shortest first."""

    grid: tuple[str, ...]
    words: tuple[str, ...]


def written(grid: Sequence[str], entries: Sequence[Entry]) -> Crossword:
    """The crossword whose printed grid is `grid` ('.' squares, '#' none) and whose entries are
    `entries`, its solution their answers written in; ValueError when an answer leaves the grid's squares
    or two disagree where they cross."""
    letters: dict[tuple[int, int], str] = {}
    for entry in entries:
        for (r, c), letter in zip(entry.slot.cells(), entry.answer):
            if not (0 <= r < len(grid) and 0 <= c < len(grid[r])) or grid[r][c] == BLOCK:
                raise ValueError(f"{entry.number} {entry.direction} ({entry.answer}) runs off the grid's squares")
            if letters.setdefault((r, c), letter) != letter:
                raise ValueError(f"{entry.number} {entry.direction} ({entry.answer}) disagrees with the answer "
                                 f"crossing it at row {r + 1}, column {c + 1}")
    rows = tuple("".join(BLOCK if char == BLOCK else letters.get((r, c), EMPTY) for c, char in enumerate(row))
                 for r, row in enumerate(grid))
    return Crossword(rows, tuple(entries))


def entries_for(solution: Sequence[str], clues: Mapping[str, str]) -> tuple[Entry, ...]:
    """The solution's entries, numbered, with each answer's clue from `clues` ('' when it has none)."""
    slots = slots_of(solution)
    numbered = numbers(slots)
    return tuple(Entry(numbered[(slot.row, slot.col)], slot.direction, slot.row, slot.col, answer,
                       clues.get(answer, ""))
                 for slot in sorted(slots, key=lambda s: (s.direction != "across", numbered[(s.row, s.col)]))
                 for answer in (read(solution, slot),))


def word_order(words: Iterable[str]) -> tuple[str, ...]:
    """How a fill-in lists its words: by length, then alphabetically."""
    return tuple(sorted(words, key=lambda word: (len(word), word)))


def shape_problem(rows: Sequence[str], *, letters: str | None = None) -> str | None:
    """Why `rows` is no grid of a crossword or fill-in: a ragged or oversized grid, a character other
    than a letter (of `letters`, when given), '.' or '#', a square in no entry, squares not all
    joined. None if it is one."""
    if not rows or not all(isinstance(row, str) for row in rows):
        return "a grid is one string a row"
    width = len(rows[0])
    if any(len(row) != width for row in rows):
        return "its rows are not all as long as the first"
    if not (MIN_SIDE <= len(rows) <= MAX_SIDE and MIN_SIDE <= width <= MAX_SIDE):
        return f"it is {width}x{len(rows)}; a grid is {MIN_SIDE} to {MAX_SIDE} squares a side"
    for r, row in enumerate(rows):
        for c, char in enumerate(row):
            if char not in (BLOCK, EMPTY) and not (char.isalpha() and char == char.upper()
                                                   and (letters is None or char in letters)):
                return f"row {r + 1}, column {c + 1} holds {char!r}: a grid holds capitals, '.' and '#'"
    slotted = {cell for slot in slots_of(rows) for cell in slot.cells()}
    for r, row in enumerate(rows):
        for c, char in enumerate(row):
            if char != BLOCK and (r, c) not in slotted:
                return f"the square at row {r + 1}, column {c + 1} is in no entry"
    if not connected(rows):
        return "its squares are not all joined"
    return None


def crossword_problem(puzzle: Crossword) -> str | None:
    """Why the crossword breaks a rule: its grid, entries that are not exactly the grid's runs in
    number order, an entry without a clue. (What a clue may say is the language's: clues.clued_problem.)"""
    problem = shape_problem(puzzle.solution)
    if problem:
        return problem
    if any(EMPTY in row for row in puzzle.solution):
        return "its solution has an empty square"
    expected = entries_for(puzzle.solution, {entry.answer: entry.clue for entry in puzzle.entries})
    if [(e.number, e.direction, e.row, e.col, e.answer) for e in expected] != \
            [(e.number, e.direction, e.row, e.col, e.answer) for e in puzzle.entries]:
        return "its entries are not the grid's runs of letters, numbered in order (across, then down)"
    for entry in puzzle.entries:
        if not entry.clue.strip():
            return f"{entry.number} {entry.direction} ({entry.answer}) has no clue"
    return None


def fillin_problem(puzzle: FillIn, solution: Sequence[str]) -> str | None:
    """Why the fill-in and its solution break a rule: grids that differ in shape, givens the solution
    does not keep, a word list that is not exactly the solution's entries."""
    problem = shape_problem(puzzle.grid) or shape_problem(solution)
    if problem:
        return problem
    if len(puzzle.grid) != len(solution) or any(
            (a == BLOCK) != (b == BLOCK) or (a not in (BLOCK, EMPTY) and a != b)
            for row, answer in zip(puzzle.grid, solution) for a, b in zip(row, answer)):
        return "its grid is not its solution's with squares emptied"
    if any(EMPTY in row for row in solution):
        return "its solution has an empty square"
    if word_order(read(solution, slot) for slot in slots_of(solution)) != word_order(puzzle.words):
        return "its words are not exactly the words its solution's entries spell"
    return None
