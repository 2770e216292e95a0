"""A Sudoku variant's puzzle as plain data: Killer (cages with sums), Jigsaw (irregular regions) and
Sudoku X (both long diagonals), and the structural checks one must pass before any solver sees it.

Cells are row-major, 0 empty or a digit 1..n. Regions are the boxes for Killer and Sudoku X (2x2 on
4x4, 2x3 on 6x6, 2x4 on 8x8, 3x3 on 9x9), a Jigsaw's own shapes otherwise.
"""

from __future__ import annotations

from dataclasses import dataclass

from pipeline.errors import PuzzleBookError
from pipeline.kinds.sudoku.houses import Cage, Houses, box_regions

RULES: tuple[str, ...] = ("killer", "jigsaw", "sudokux")
"""The variants, by kind name."""
BOX_SHAPES: dict[int, tuple[int, int]] = {4: (2, 2), 6: (2, 3), 8: (2, 4), 9: (3, 3)}
"""The boxed sizes (Killer, Sudoku X): side n, a box's rows and columns."""
JIGSAW_SIZES: tuple[int, ...] = (5, 6, 7, 8, 9)
"""The sides a Jigsaw may have: n regions of n cells."""
MAX_CAGE = 6
"""The most cells a Killer cage has."""
SYMBOLS = "123456789"


class VariantError(PuzzleBookError):
    """A structural problem with a variant's puzzle, at a cell (row-major index) when it has one."""

    def __init__(self, message: str, cell: int | None = None) -> None:
        self.cell = cell
        super().__init__(message)


@dataclass(frozen=True)
class Variant:
    """A variant's puzzle: its rule, side, regions, givens, and (Killer) cages."""

    rule: str
    n: int
    regions: tuple[int, ...]
    """Per cell, its region 0..n-1 (the boxes, counted row by row, unless a Jigsaw)."""
    cells: tuple[int, ...]
    cages: tuple[Cage, ...] = ()

    @property
    def box(self) -> tuple[int, int] | None:
        """A box's rows and columns, or None for a Jigsaw."""
        return None if self.rule == "jigsaw" else BOX_SHAPES[self.n]

    @property
    def diagonals(self) -> bool:
        return self.rule == "sudokux"

    @property
    def givens(self) -> int:
        return sum(1 for v in self.cells if v)

    def houses(self) -> Houses:
        """The rules as the Sudoku engine reads them."""
        return Houses(self.n, self.regions, self.diagonals, self.cages)

    def with_cells(self, cells: tuple[int, ...]) -> Variant:
        """The same rules with other digits (a solution, or other givens)."""
        return Variant(self.rule, self.n, self.regions, cells, self.cages)


def boxed(rule: str, n: int, cells: tuple[int, ...] | None = None, cages: tuple[Cage, ...] = ()) -> Variant:
    """A Killer or Sudoku X puzzle on the usual boxes of side n (empty when `cells` is None)."""
    rows, cols = BOX_SHAPES[n]
    return Variant(rule, n, box_regions(n, rows, cols), cells if cells is not None else (0,) * (n * n), cages)


def cell_name(i: int, n: int) -> str:
    """rRcC, from 1."""
    return f"r{i // n + 1}c{i % n + 1}"


def check_variant(v: Variant) -> None:
    """Raise VariantError for a puzzle no solver should be asked about: an unknown rule or size, cells
    or regions of the wrong count, values out of range, regions not n connected shapes of n cells,
    cages not connected, overlapping, of 1..MAX_CAGE cells, not covering the grid or with an
    impossible total, or a digit twice in a house or cage."""
    if v.rule not in RULES:
        raise VariantError(f"unknown variant {v.rule!r}; allowed: {', '.join(RULES)}")
    n = v.n
    sizes = JIGSAW_SIZES if v.rule == "jigsaw" else tuple(BOX_SHAPES)
    if n not in sizes:
        raise VariantError(f"a {v.rule} grid's side is {n}; allowed: {', '.join(map(str, sizes))}")
    for name, values in (("cells", v.cells), ("regions", v.regions)):
        if len(values) != n * n:
            raise VariantError(f"a {n}x{n} grid has {n * n} {name}, not {len(values)}")
    for i, value in enumerate(v.cells):
        if not isinstance(value, int) or not 0 <= value <= n:
            raise VariantError(f"value {value!r} at {cell_name(i, n)} is out of range 1..{n}", i)
    _check_regions(v)
    if v.rule == "killer":
        _check_cages(v)
    elif v.cages:
        raise VariantError(f"a {v.rule} puzzle has no cages")
    for unit in v.houses().units():
        seen: dict[int, int] = {}
        for i in unit:
            value = v.cells[i]
            if value and value in seen:
                raise VariantError(f"{value} appears twice in one house ({cell_name(seen[value], n)} and {cell_name(i, n)})", i)
            if value:
                seen[value] = i


def _check_regions(v: Variant) -> None:
    n = v.n
    counts = [0] * n
    for i, region in enumerate(v.regions):
        if not isinstance(region, int) or not 0 <= region < n:
            raise VariantError(f"region {region!r} at {cell_name(i, n)} is out of range 1..{n}", i)
        counts[region] += 1
    for region, count in enumerate(counts):
        if count != n:
            raise VariantError(f"region {region + 1} has {count} cells; each of the {n} regions needs {n}")
        cells = [i for i, r in enumerate(v.regions) if r == region]
        if not connected(cells, n):
            raise VariantError(f"region {region + 1} is not one connected shape", cells[0])


def _check_cages(v: Variant) -> None:
    n = v.n
    owner = [-1] * (n * n)
    top = n * (n + 1) // 2
    for k, cage in enumerate(v.cages):
        size = len(cage.cells)
        where = cell_name(cage.cells[0], n) if cage.cells else "?"
        if not 1 <= size <= min(MAX_CAGE, n):
            raise VariantError(f"the cage at {where} has {size} cells; a cage has 1 to {min(MAX_CAGE, n)}")
        for i in cage.cells:
            if not 0 <= i < n * n:
                raise VariantError(f"the cage at {where} has a cell outside the grid")
            if owner[i] >= 0:
                raise VariantError(f"{cell_name(i, n)} is in two cages", i)
            owner[i] = k
        low = size * (size + 1) // 2
        high = top - (n - size) * (n - size + 1) // 2
        if not low <= cage.total <= high:
            raise VariantError(f"the cage at {where} sums to {cage.total}; {size} different digits 1..{n} make {low} to {high}",
                               cage.cells[0])
        if not connected(list(cage.cells), n):
            raise VariantError(f"the cage at {where} is not one connected shape", cage.cells[0])
    if -1 in owner:
        i = owner.index(-1)
        raise VariantError(f"{cell_name(i, n)} is in no cage: a Killer's cages cover the grid", i)
    if sum(cage.total for cage in v.cages) != n * top:
        raise VariantError(f"the cages sum to {sum(cage.total for cage in v.cages)}; a {n}x{n} grid's digits sum to {n * top}")
    for cage in v.cages:
        values = [v.cells[i] for i in cage.cells if v.cells[i]]
        if len(values) != len(set(values)):
            raise VariantError(f"a digit appears twice in the cage at {cell_name(cage.cells[0], n)}", cage.cells[0])


def connected(cells: list[int], n: int) -> bool:
    """Whether the cells form one shape, joined side to side."""
    if not cells:
        return False
    inside = set(cells)
    seen = {cells[0]}
    todo = [cells[0]]
    while todo:
        i = todo.pop()
        r, c = divmod(i, n)
        for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            j = rr * n + cc
            if 0 <= rr < n and 0 <= cc < n and j in inside and j not in seen:
                seen.add(j)
                todo.append(j)
    return len(seen) == len(inside)


def is_solution(puzzle: Variant, cells: tuple[int, ...]) -> bool:
    """`cells` fills every cell with 1..n, keeps the givens, holds every digit once in each house, and
    gives each cage different digits adding up to its total."""
    n = puzzle.n
    if len(cells) != n * n or any(g and g != v for g, v in zip(puzzle.cells, cells)):
        return False
    full = set(range(1, n + 1))
    if any({cells[i] for i in unit} != full for unit in puzzle.houses().units()):
        return False
    return all(len({cells[i] for i in cage.cells}) == len(cage.cells) and sum(cells[i] for i in cage.cells) == cage.total
               for cage in puzzle.cages)
