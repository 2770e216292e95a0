"""A Sudoku grid: box size k, n = k*k rows, columns and k x k boxes, cells 0 (empty) or 1..n.

Plain immutable data, the units every rule is about, and the structural checks a grid must pass.
No search lives here: whether a grid can be completed is the solver's question.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from pipeline.errors import PuzzleBookError

BOXES = (2, 3, 4, 5)
SYMBOLS = "123456789ABCDEFGHIJKLMNOP"
"""The written symbol of value v is SYMBOLS[v - 1]: 1-9, then A for 10 up to P for 25."""


class SudokuError(PuzzleBookError):
    """A structural problem with a grid, located at a cell (row-major index) when it has one.

    For a value twice in a unit, `cell` is the second place, `first` the earlier one and `unit`
    the unit's name, so a reader of text can restate the places as lines and columns.
    """

    def __init__(
        self, message: str, cell: int | None = None, *, first: int | None = None, unit: str | None = None
    ) -> None:
        self.cell = cell
        self.first = first
        self.unit = unit
        super().__init__(message)


@dataclass(frozen=True)
class Sudoku:
    """Cells in row-major order: 0 is empty, 1..n a given (or, in a solution, a placed value)."""

    box: int
    cells: tuple[int, ...]

    @classmethod
    def empty(cls, box: int) -> Sudoku:
        return cls(box, (0,) * (box**4))

    @property
    def size(self) -> int:
        """n = box * box: the side of the grid and the largest value."""
        return self.box * self.box

    @property
    def givens(self) -> int:
        return sum(1 for v in self.cells if v)

    def at(self, r: int, c: int) -> int:
        return self.cells[r * self.size + c]

    def row(self, r: int) -> tuple[int, ...]:
        n = self.size
        return self.cells[r * n : (r + 1) * n]

    def column(self, c: int) -> tuple[int, ...]:
        return self.cells[c :: self.size]

    def box_values(self, b: int) -> tuple[int, ...]:
        """Box b (0-based, row-major over boxes) in row-major order within the box."""
        return tuple(self.cells[i] for i in units(self.box)[2 * self.size + b])

    def rows(self) -> tuple[tuple[int, ...], ...]:
        return tuple(self.row(r) for r in range(self.size))


@lru_cache(maxsize=8)
def units(box: int) -> tuple[tuple[int, ...], ...]:
    """The 3n units as cell indices: rows 0..n-1, then columns, then boxes (row-major over boxes)."""
    n = box * box
    rows = [tuple(r * n + c for c in range(n)) for r in range(n)]
    cols = [tuple(r * n + c for r in range(n)) for c in range(n)]
    boxes = [
        tuple((br * box + r) * n + bc * box + c for r in range(box) for c in range(box))
        for br in range(box)
        for bc in range(box)
    ]
    return tuple(rows + cols + boxes)


@lru_cache(maxsize=8)
def peers(box: int) -> tuple[tuple[int, ...], ...]:
    """For each cell, the other cells sharing a row, column or box with it (3n - 2k - 1 of them)."""
    n = box * box
    found: list[set[int]] = [set() for _ in range(n * n)]
    for unit in units(box):
        for i in unit:
            found[i].update(unit)
    return tuple(tuple(sorted(s - {i})) for i, s in enumerate(found))


def unit_name(box: int, u: int) -> str:
    """'row 3', 'column 5' or 'box 2' (1-based, boxes counted row by row) for unit index u."""
    n = box * box
    kind = ("row", "column", "box")[u // n]
    return f"{kind} {u % n + 1}"


def symbol(value: int) -> str:
    """The one-character symbol of a value (1..25); 0 is '.'."""
    return SYMBOLS[value - 1] if value else "."


def check_sudoku(s: Sudoku) -> None:
    """Raise SudokuError for a grid no solver should be asked about.

    Checked: a box size of 2..5, n*n cells, every value 0..n, and no value twice in a row,
    column or box (the message names the unit and both places; `cell` is the second one).
    """
    if s.box not in BOXES:
        raise SudokuError(f"box size {s.box} is not supported; allowed: {', '.join(map(str, BOXES))}")
    n = s.size
    if len(s.cells) != n * n:
        raise SudokuError(f"a {n}x{n} Sudoku has {n * n} cells, not {len(s.cells)}")
    for i, v in enumerate(s.cells):
        if not isinstance(v, int) or not 0 <= v <= n:
            r, c = divmod(i, n)
            raise SudokuError(f"value {v!r} at row {r + 1}, column {c + 1} is out of range 1..{n}", i)
    for u, unit in enumerate(units(s.box)):
        seen: dict[int, int] = {}
        for i in unit:
            v = s.cells[i]
            if not v:
                continue
            if v in seen:
                (r1, c1), (r2, c2) = divmod(seen[v], n), divmod(i, n)
                message = (
                    f"{symbol(v)} appears twice in {unit_name(s.box, u)} "
                    f"(row {r1 + 1}, column {c1 + 1} and row {r2 + 1}, column {c2 + 1})"
                )
                raise SudokuError(message, i, first=seen[v], unit=unit_name(s.box, u))
            seen[v] = i


def is_solution(puzzle: Sudoku, cells: tuple[int, ...]) -> bool:
    """True when `cells` fills every cell with 1..n, keeps the givens, and repeats nothing in any unit."""
    n = puzzle.size
    if len(cells) != len(puzzle.cells):
        return False
    if any(g and g != v for g, v in zip(puzzle.cells, cells)):
        return False
    full = set(range(1, n + 1))
    return all({cells[i] for i in unit} == full for unit in units(puzzle.box))
