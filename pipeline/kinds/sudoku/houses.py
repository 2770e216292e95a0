"""What a Sudoku-like grid's rules are about, as plain data: its side, each cell's region, whether the
long diagonals count, and a Killer's cages.

Classic Sudoku is one case (k x k boxes as regions); Jigsaw has irregular regions, Sudoku X adds both
diagonals, Killer adds cages whose digits differ and sum to a total. The pencil marks, techniques and
explanations read a grid only through this, so the same logic serves every variant.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache


@dataclass(frozen=True)
class Cage:
    """Cells (row-major indices, ascending) whose digits all differ and add up to `total`."""

    total: int
    cells: tuple[int, ...]


@dataclass(frozen=True)
class Houses:
    """An n x n grid's rules: every row, column and region (and, with `diagonals`, both long
    diagonals) holds each digit 1..n once; every cage's digits differ and sum to its total."""

    n: int
    region_of: tuple[int, ...]
    """Per cell (row-major), its region 0..n-1: the boxes, or a Jigsaw's shapes."""
    diagonals: bool = False
    cages: tuple[Cage, ...] = ()

    def units(self) -> tuple[tuple[int, ...], ...]:
        """The houses as cell indices: rows 0..n-1, then columns, then regions, then the diagonals
        (main, then anti) when they count. Each lists its cells ascending."""
        n = self.n
        rows = [tuple(r * n + c for c in range(n)) for r in range(n)]
        cols = [tuple(r * n + c for r in range(n)) for c in range(n)]
        regions: list[list[int]] = [[] for _ in range(n)]
        for i, region in enumerate(self.region_of):
            regions[region].append(i)
        extra = [tuple(k * n + k for k in range(n)), tuple(k * n + n - 1 - k for k in range(n))] if self.diagonals else []
        return tuple(rows + cols + [tuple(cells) for cells in regions] + extra)


def box_regions(n: int, rows: int, cols: int) -> tuple[int, ...]:
    """Each cell's box on an n x n grid of `rows` x `cols` boxes, boxes counted row by row."""
    return tuple((r // rows) * (n // cols) + c // cols for r in range(n) for c in range(n))


@lru_cache(maxsize=8)
def box_houses(box: int) -> Houses:
    """Classic Sudoku's houses: k x k boxes on a k*k by k*k grid."""
    n = box * box
    return Houses(n, box_regions(n, box, box))
