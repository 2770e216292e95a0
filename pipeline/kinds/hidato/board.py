"""A Hidato/Numbrix board: a grid of blocked, empty and given cells, and how cells touch.

Plain immutable data, JSON helpers and the structural checks every board must pass.
No search lives here: the solver and generator build on these records.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from pipeline.errors import PuzzleBookError
from pipeline.grids import Cell, Coord, Grid, Mask, blank_grid, mask_of
from pipeline.kinds.hidato.geometry import (
    ADJACENCIES,
    Adjacency,
    distance,
    mask_connected,
    steps,
)

__all__ = [
    "ADJACENCIES", "KIND_NAMES", "Adjacency", "Board", "BoardError", "Cell", "Coord", "Grid", "Mask", "check_board",
    "distance", "is_solution", "kind_name", "open_cells_connected", "steps",
]


KIND_NAMES: dict[Adjacency, str] = {"king": "hidato", "orthogonal": "numbrix", "hex": "hexhidato"}


def kind_name(adjacency: Adjacency) -> str:
    """The kind's name (`puzzlebook --kind`) of a board with this adjacency."""
    return KIND_NAMES[adjacency]


class BoardError(PuzzleBookError):
    """A structural problem with a board, located at a cell (row, column, 0-based) when it has one."""

    def __init__(self, message: str, cell: Coord | None = None) -> None:
        self.cell = cell
        super().__init__(message)


@dataclass(frozen=True)
class Board:
    """An immutable rectangular grid; ragged input rows are padded with blocked cells."""

    grid: Grid
    adjacency: Adjacency = "king"

    @classmethod
    def from_rows(cls, rows: Sequence[Sequence[Cell]], adjacency: Adjacency = "king") -> Board:
        width = max((len(row) for row in rows), default=0)
        grid = tuple(tuple(row) + (None,) * (width - len(row)) for row in rows)
        return cls(grid, adjacency)

    @classmethod
    def from_mask(cls, mask: Mask, adjacency: Adjacency = "king") -> Board:
        return cls(blank_grid(mask), adjacency)

    @property
    def height(self) -> int:
        return len(self.grid)

    @property
    def width(self) -> int:
        return len(self.grid[0]) if self.grid else 0

    @property
    def kind(self) -> str:
        return kind_name(self.adjacency)

    def open_cells(self) -> list[Coord]:
        """Open cells in row-major order."""
        return [(r, c) for r, row in enumerate(self.grid) for c, v in enumerate(row) if v is not None]

    @property
    def size(self) -> int:
        """N, the count of open cells: the puzzle places the numbers 1..N."""
        return sum(v is not None for row in self.grid for v in row)

    def givens(self) -> dict[int, Coord]:
        return {v: (r, c) for r, row in enumerate(self.grid) for c, v in enumerate(row) if v}

    def mask(self) -> Mask:
        return mask_of(self.grid)

    def neighbours(self, cell: Coord) -> Iterator[Coord]:
        """Open cells touching `cell` under this board's adjacency."""
        r, c = cell
        for dr, dc in steps(self.adjacency):
            rr, cc = r + dr, c + dc
            if 0 <= rr < self.height and 0 <= cc < self.width and self.grid[rr][cc] is not None:
                yield rr, cc

    def with_grid(self, grid: Grid) -> Board:
        return Board(grid, self.adjacency)

    def to_json(self) -> list[list[int | None]]:
        return [list(row) for row in self.grid]

    @classmethod
    def from_json(cls, rows: Sequence[Sequence[int | None]], adjacency: Adjacency = "king") -> Board:
        return cls.from_rows([tuple(row) for row in rows], adjacency)


def open_cells_connected(board: Board) -> bool:
    """True when every open cell can reach every other one through open cells."""
    return mask_connected(board.mask(), board.adjacency)


def check_board(board: Board, *, connectivity: bool = True) -> None:
    """Raise BoardError for a board no solver should be asked about.

    Checked: at least one open cell, no number twice, no number above N, open cells connected
    (unless the caller checks that itself, as the solver does with bitmasks).
    Whether a numbering exists at all is the solver's question, not this one.
    """
    if board.adjacency not in ADJACENCIES:
        raise BoardError(f"unknown adjacency {board.adjacency!r}; allowed: {', '.join(ADJACENCIES)}")
    n = board.size
    if n == 0:
        raise BoardError("the board has no open cells")
    seen: dict[int, Coord] = {}
    for r, row in enumerate(board.grid):
        for c, v in enumerate(row):
            if v is None or v == 0:
                continue
            if v < 0:
                raise BoardError(f"negative number {v}", (r, c))
            if v > n:
                raise BoardError(f"number {v} is larger than the {n} open cells allow", (r, c))
            if v in seen:
                pr, pc = seen[v]
                raise BoardError(f"number {v} appears twice (also at row {pr + 1}, column {pc + 1})", (r, c))
            seen[v] = (r, c)
    if connectivity and not open_cells_connected(board):
        raise BoardError("the open cells are not connected, so no path can visit them all")


def is_solution(board: Board, solution: Grid) -> bool:
    """True when `solution` numbers every open cell 1..N, keeps the givens, and steps between touching cells."""
    if len(solution) != board.height or any(len(row) != board.width for row in solution):
        return False
    where: dict[int, Coord] = {}
    for r in range(board.height):
        for c in range(board.width):
            given, placed = board.grid[r][c], solution[r][c]
            if given is None or placed is None:
                if given is not placed:
                    return False
                continue
            if given and given != placed:
                return False
            if not isinstance(placed, int) or placed in where:
                return False
            where[placed] = (r, c)
    n = board.size
    if sorted(where) != list(range(1, n + 1)):
        return False
    step_set = set(steps(board.adjacency))
    return all(
        (where[k + 1][0] - where[k][0], where[k + 1][1] - where[k][1]) in step_set for k in range(1, n)
    )
