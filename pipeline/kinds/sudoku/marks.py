"""A Sudoku being solved by hand: pencil marks (candidates) per cell, and the steps that change them.

The state a person keeps while solving: which digits each open cell may still take. Techniques
(techniques.py) read it and propose a Step; applying a Step places digits or erases pencil marks.
Plain records only: a Step says what it found in cell and digit numbers, for the explanations
and the rating (explainer.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from pipeline.kinds.sudoku.grid import peers, units


@dataclass(frozen=True)
class Geometry:
    """Cell indices of every unit of a box-k grid, built once per box size."""

    box: int
    n: int
    rows: tuple[tuple[int, ...], ...]
    cols: tuple[tuple[int, ...], ...]
    boxes: tuple[tuple[int, ...], ...]
    units: tuple[tuple[int, ...], ...]
    peers: tuple[tuple[int, ...], ...]
    box_of: tuple[int, ...]


@lru_cache(maxsize=8)
def geometry(box: int) -> Geometry:
    n = box * box
    every = units(box)
    rows, cols, boxes = every[:n], every[n : 2 * n], every[2 * n :]
    box_of = [0] * (n * n)
    for b, unit in enumerate(boxes):
        for i in unit:
            box_of[i] = b
    return Geometry(box, n, rows, cols, boxes, every, peers(box), tuple(box_of))


class Broken(Exception):
    """The marks contradict themselves (a cell without candidates): the puzzle has no solution."""


@dataclass(frozen=True)
class Step:
    """One deduction: the technique, its Sudoku Explainer rating, and what it changes.

    `place` and `remove` are (cell, digit) pairs; `cells` are the cells of the pattern it saw,
    `units` its units (indices into Geometry.units), `digits` the digits it is about.
    """

    technique: str
    rating: float
    place: tuple[tuple[int, int], ...] = ()
    remove: tuple[tuple[int, int], ...] = ()
    cells: tuple[int, ...] = ()
    units: tuple[int, ...] = ()
    digits: tuple[int, ...] = ()


class Marks:
    """Candidates as bitmasks (bit d-1 for digit d) and placed digits (0 while open)."""

    def __init__(self, box: int, cells: tuple[int, ...] | list[int]) -> None:
        self.geo: Geometry = geometry(box)
        self.n = self.geo.n
        full = (1 << self.n) - 1
        self.cand = [full] * len(cells)
        self.value = [0] * len(cells)
        self.left = len(cells)
        for i, v in enumerate(cells):
            if v:
                if not self.cand[i] >> (v - 1) & 1:
                    raise Broken(f"clue {v} at cell {i} clashes with another clue")
                self.place(i, v)

    def copy(self) -> Marks:
        twin = object.__new__(Marks)
        twin.geo, twin.n, twin.left = self.geo, self.n, self.left
        twin.cand, twin.value = self.cand.copy(), self.value.copy()
        return twin

    def place(self, i: int, digit: int) -> None:
        bit = 1 << (digit - 1)
        self.value[i] = digit
        self.cand[i] = bit
        self.left -= 1
        cand = self.cand
        for p in self.geo.peers[i]:
            if cand[p] & bit:
                cand[p] &= ~bit
                if not cand[p] and not self.value[p]:
                    raise Broken(f"cell {p} has no candidate left")

    def apply(self, step: Step) -> None:
        for i, digit in step.place:
            if not self.value[i]:
                self.place(i, digit)
        for i, digit in step.remove:
            if not self.value[i]:
                self.cand[i] &= ~(1 << (digit - 1))
                if not self.cand[i]:
                    raise Broken(f"cell {i} has no candidate left")

    def places(self, unit: tuple[int, ...], bit: int) -> list[int]:
        """The open cells of `unit` that may still take the digit whose bit is `bit`."""
        value, cand = self.value, self.cand
        return [i for i in unit if not value[i] and cand[i] & bit]

    def open_cells(self, unit: tuple[int, ...]) -> list[int]:
        value = self.value
        return [i for i in unit if not value[i]]

    def missing(self, unit: tuple[int, ...]) -> int:
        """The digits (as bits) not yet placed in `unit`."""
        placed = 0
        for i in unit:
            if self.value[i]:
                placed |= 1 << (self.value[i] - 1)
        return ((1 << self.n) - 1) & ~placed

    def units_of(self, i: int) -> tuple[int, int, int]:
        """The row, column and box unit indices of cell i."""
        n = self.n
        return (i // n, n + i % n, 2 * n + self.geo.box_of[i])


def digits_of(mask: int) -> list[int]:
    """The digits whose bits are set, ascending."""
    out = []
    d = 1
    while mask:
        if mask & 1:
            out.append(d)
        mask >>= 1
        d += 1
    return out
