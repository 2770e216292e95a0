"""Sameness by brute force: an oracle for the kinds' fingerprints, written apart from them.

Two puzzles are the same (the definition of the series issue) when one maps onto the other by the
board's symmetries and the kind's relabellings, or when their answers do. Here every map is tried:
the 8 symmetries of a square board with the numbering as it is and reversed (Hidato, Numbrix), and
the 128 row and column arrangements of a 4x4 Sudoku with its digits renamed; for a 4x4 Sudoku only an
identical answer counts (its 288 grids fall into 2 classes). Used by tests/test_series.py and by the
scale benchmark to count repeats in a series.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator

from pipeline.kinds.record import PuzzleRecord


def square_maps(rows: int, cols: int) -> Iterator[tuple[int, ...]]:
    """The 8 symmetries of a rows x cols square grid (those keeping its size), as cell index maps."""
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    for turn in range(4):
        for flip in (False, True):
            mapped = []
            for r, c in cells:
                if flip:
                    c = cols - 1 - c
                for _ in range(turn):
                    r, c = c, rows - 1 - r
                mapped.append((r, c))
            if all(0 <= r < rows and 0 <= c < cols for r, c in mapped) and rows == cols:
                yield tuple(r * cols + c for r, c in mapped)


def path_variants(grid: list[list[int | None]]) -> set[tuple[int | None, ...]]:
    """Every way a Hidato/Numbrix grid reads after a symmetry and the numbering reversed (blanks stay 0)."""
    flat = [value for row in grid for value in row]
    last = max(value for value in flat if value)
    found = set()
    for cell_map in square_maps(len(grid), len(grid[0])):
        moved: list[int | None] = [0] * len(flat)
        for source, target in enumerate(cell_map):
            moved[target] = flat[source]
        found.add(tuple(moved))
        found.add(tuple(last + 1 - value if value else value for value in moved))
    return found


def sudoku_variants(grid: str) -> set[str]:
    """Every 4x4 Sudoku string one maps onto by the group, digits renamed in order of first appearance."""
    size = 4
    bands = [(0, 1), (2, 3)]
    orders = set()
    for band_order in itertools.permutations(bands):
        for first in itertools.permutations(band_order[0]):
            for second in itertools.permutations(band_order[1]):
                orders.add(first + second)
    row_orders = sorted(orders)
    found = set()
    for transpose in (False, True):
        for rows in row_orders:
            for cols in row_orders:
                cells = [grid[(c * size + r) if transpose else (r * size + c)] for r in rows for c in cols]
                names: dict[str, str] = {}
                renamed = "".join(
                    "." if cell == "." else names.setdefault(cell, str(len(names) + 1)) for cell in cells
                )
                found.add(renamed)
    return found


def same_puzzle(a: PuzzleRecord, b: PuzzleRecord) -> bool:
    """Whether two records are the same puzzle, or share an answer, by the issue's definition."""
    if a.kind != b.kind:
        return False
    if a.kind == "sudoku":
        return bool(sudoku_variants(a.grid) & sudoku_variants(b.grid)) or a.solution == b.solution
    flat = tuple(value for row in b.grid for value in row)
    answer = tuple(value for row in b.solution for value in row)
    return flat in path_variants(a.grid) or answer in path_variants(a.solution)


def repeats(records: list[PuzzleRecord]) -> list[tuple[PuzzleRecord, PuzzleRecord]]:
    return [(a, b) for a, b in itertools.combinations(records, 2) if same_puzzle(a, b)]
