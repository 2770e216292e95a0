"""A crossword grid as records store it: one string per row, a letter (or '.' for an empty letter
square) on a square, '#' where there is none. Its slots (every run of two or more squares across or
down) and their numbers, in the standard order: squares read row by row, a square numbered when an
entry starts there, across and down sharing the number.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

Cell = tuple[int, int]
Direction = Literal["across", "down"]
DIRECTIONS: tuple[Direction, ...] = ("across", "down")
STEP: dict[str, Cell] = {"across": (0, 1), "down": (1, 0)}
BLOCK = "#"
EMPTY = "."


@dataclass(frozen=True, order=True)
class Slot:
    """A run of squares an entry fills: where it starts, which way it runs, how long it is."""

    row: int
    col: int
    direction: Direction
    length: int

    def cells(self) -> tuple[Cell, ...]:
        dr, dc = STEP[self.direction]
        return tuple((self.row + i * dr, self.col + i * dc) for i in range(self.length))


def is_square(rows: Sequence[str], r: int, c: int) -> bool:
    return 0 <= r < len(rows) and 0 <= c < len(rows[r]) and rows[r][c] != BLOCK


def slots_of(rows: Sequence[str]) -> tuple[Slot, ...]:
    """Every maximal run of two or more squares, in numbering order (start square row by row, across
    before down)."""
    found: list[Slot] = []
    for r, row in enumerate(rows):
        for c in range(len(row)):
            if not is_square(rows, r, c):
                continue
            for direction in DIRECTIONS:
                dr, dc = STEP[direction]
                if is_square(rows, r - dr, c - dc) or not is_square(rows, r + dr, c + dc):
                    continue
                length = 1
                while is_square(rows, r + length * dr, c + length * dc):
                    length += 1
                found.append(Slot(r, c, direction, length))
    return tuple(found)


def numbers(slots: Sequence[Slot]) -> dict[Cell, int]:
    """The number printed in each square an entry starts in, 1 upwards in reading order."""
    starts = sorted({(slot.row, slot.col) for slot in slots})
    return {cell: n for n, cell in enumerate(starts, 1)}


def read(rows: Sequence[str], slot: Slot) -> str:
    """The letters (or '.') along a slot."""
    return "".join(rows[r][c] for r, c in slot.cells())


def lone_squares(rows: Sequence[str]) -> list[Cell]:
    """Squares in no slot (neither across nor down neighbours): a grid never has them."""
    return [(r, c) for r, row in enumerate(rows) for c in range(len(row))
            if is_square(rows, r, c) and not any(is_square(rows, r + dr, c + dc)
                                                 for dr, dc in ((0, 1), (0, -1), (1, 0), (-1, 0)))]


def connected(rows: Sequence[str]) -> bool:
    """Whether every square can be reached from every other through neighbouring squares."""
    squares = {(r, c) for r, row in enumerate(rows) for c in range(len(row)) if row[c] != BLOCK}
    if not squares:
        return False
    todo = [min(squares)]
    seen = set(todo)
    while todo:
        r, c = todo.pop()
        for cell in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
            if cell in squares and cell not in seen:
                seen.add(cell)
                todo.append(cell)
    return seen == squares


def crossings(slots: Sequence[Slot]) -> int:
    """Squares two entries share."""
    seen: dict[Cell, int] = {}
    for slot in slots:
        for cell in slot.cells():
            seen[cell] = seen.get(cell, 0) + 1
    return sum(1 for count in seen.values() if count > 1)


def letter_squares(rows: Sequence[str]) -> int:
    return sum(1 for row in rows for char in row if char != BLOCK)
