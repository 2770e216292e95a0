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


def turns(grid: list[list[int | None]]) -> Iterator[tuple[tuple[int | None, ...], ...]]:
    """The grid under the 8 symmetries of the square lattice (rotations by quarter turns, each mirrored
    or not); a rectangle turned a quarter has its sides swapped, which is still the same puzzle turned."""
    current = tuple(tuple(row) for row in grid)
    for _ in range(4):
        current = tuple(zip(*current[::-1]))  # a quarter turn clockwise
        yield current
        yield tuple(row[::-1] for row in current)


def path_variants(grid: list[list[int | None]]) -> set[tuple[tuple[int | None, ...], ...]]:
    """Every way a Hidato/Numbrix grid reads after a symmetry, with its numbering as it is and reversed
    (k -> N+1-k, N the board's cells); blanks (0) and cells off the board (None) stay as they are."""
    last = sum(1 for row in grid for value in row if value is not None)
    found = set()
    for turned in turns(grid):
        found.add(turned)
        found.add(tuple(tuple(last + 1 - value if value else value for value in row) for row in turned))
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
        if len(a.grid) != 16:
            raise ValueError("this oracle knows 4x4 Sudoku only (larger ones have too many maps to try)")
        return bool(sudoku_variants(a.grid) & sudoku_variants(b.grid)) or a.solution == b.solution
    if a.kind not in ("hidato", "numbrix"):
        raise ValueError(f"this oracle knows square-grid paths and 4x4 Sudoku, not {a.kind}")
    puzzle = tuple(tuple(row) for row in b.grid)
    answer = tuple(tuple(row) for row in b.solution)
    return puzzle in path_variants(a.grid) or answer in path_variants(a.solution)


def repeats(records: list[PuzzleRecord]) -> list[tuple[PuzzleRecord, PuzzleRecord]]:
    return [(a, b) for a, b in itertools.combinations(records, 2) if same_puzzle(a, b)]
