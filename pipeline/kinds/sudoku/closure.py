"""How far a person's techniques get on a Sudoku, fast: the generator's yes/no questions about level.

`grade.py` reasons step by step so it can count techniques; the generator only needs to know which
level's techniques finish a puzzle, asked thousands of times per puzzle. Every technique only ever
removes candidates and stays valid once it is valid, so applying a set of techniques until nothing
changes ends in the same place whatever the order: here each pass applies every instance at once,
on the solver's whole-grid candidate integer (see solve.py), with big-integer masks instead of
per-cell loops. The technique sets are grade.py's, level by level; the generator still grades its
result with grade.py before accepting it, so a disagreement could only cost a retry, never a label.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations

from pipeline.kinds.sudoku import solve
from pipeline.kinds.sudoku.grid import units
from pipeline.kinds.sudoku.solve import Layout, at_least, layout, propagate

LEVELS: tuple[str, ...] = ("easy", "medium", "hard", "expert")


@dataclass(frozen=True)
class _Masks:
    """The units as cell sets (see solve.Layout), and the row/column helpers the fish need."""

    units: tuple[int, ...]
    row: int
    """Row 0's cells; row r is row << (r * line), where `line` is a row's length in bits."""
    column: int
    """Column 0's cells; column c is column << (c * width)."""


@lru_cache(maxsize=8)
def _masks(box: int) -> _Masks:
    lay = layout(box)
    n = lay.n
    return _Masks(
        tuple(sum(lay.cell_bit(i) for i in unit) for unit in units(box)),
        sum(lay.cell_bit(c) for c in range(n)),
        sum(lay.cell_bit(r * n) for r in range(n)),
    )


def candidates(box: int, cells: tuple[int, ...] | list[int]) -> int:
    """The solver's candidate integer for a grid of givens (cell-major, see solve.py)."""
    return solve.candidates(cells, layout(box))


def with_clues(x: int, box: int, clues: dict[int, int]) -> int:
    """`x` with extra givens (cell -> digit) fixed."""
    lay = layout(box)
    for i, v in clues.items():
        x &= ~(lay.field(i) ^ lay.bit(i, v))
    return x


def closure(
    x: int, box: int, level: str, *, placed: int = 0, medium_done: bool = False
) -> tuple[int, int, bool] | None:
    """Apply every technique up to `level` ("easy", "medium" or "hard") until nothing changes.

    Returns the candidates reached, the candidate bits placed (as `propagate` counts them: pass them
    back when going on from this state, so they are not placed again) and whether the candidates are
    a full grid; None when the givens contradict each other. Reaching a full grid proves the
    solution unique. `medium_done` says `x` is already closed under the medium techniques, so the
    first pass goes straight to the hard ones.
    """
    lay = layout(box)
    masks = _masks(box)
    skip_pairs = medium_done
    while True:
        fixed = propagate(x, placed, lay, locked=level != "easy")
        if fixed is None:
            return None
        x, placed, two, three = fixed
        if not two:
            return x, placed, True
        if level == "easy":
            return x, placed, False
        drop = 0 if skip_pairs else _naked(x, two, two & ~three, lay, masks, 2) | _hidden(x, two, lay, masks, 2)
        skip_pairs = False
        if not drop and level == "hard":
            drop = (
                _naked(x, two, two & ~at_least(x, 4, lay), lay, masks, 3)
                | _hidden(x, two, lay, masks, 3)
                | _fish(x, two, lay, masks, 2)
                | _fish(x, two, lay, masks, 3)
            )
        if not drop:
            return x, placed, False
        x &= ~drop


def level_of(box: int, cells: tuple[int, ...] | list[int]) -> str:
    """The lowest level whose techniques finish the puzzle ("expert" when none does).

    The same level grade.py gives a puzzle with one solution; "expert" also covers puzzles the
    techniques cannot finish because they have no or several solutions (ask the solver about those).
    """
    return level_from(candidates(box, cells), box)


def level_from(x: int, box: int) -> str:
    """Like `level_of`, from a candidate integer."""
    placed = 0
    for level in LEVELS[:3]:
        reached = closure(x, box, level, placed=placed, medium_done=level == "hard")
        if reached is None:
            return "expert"
        x, placed, solved = reached
        if solved:
            return level
    return "expert"


def _naked(x: int, open_cells: int, small: int, lay: Layout, masks: _Masks, k: int) -> int:
    """Naked pairs (k=2) and triples (k=3): k open cells of a unit whose candidates together are k
    digits; the unit's other cells lose those digits. `small` holds the open cells with at most k
    candidates. Returns every candidate so removed."""
    drop = 0
    digits = lay.digits
    signature = {}
    rest = small
    while rest:
        low = rest & -rest
        rest ^= low
        signature[low] = (x >> (low.bit_length() - 1)) & digits
    for unit in masks.units:
        pool = small & unit
        if pool.bit_count() < k:
            continue
        members = open_cells & unit
        if members.bit_count() <= k:
            continue
        found = []
        while pool:
            low = pool & -pool
            pool ^= low
            found.append((low, signature[low]))
        for group in combinations(found, k):
            union = where = 0
            for cell, digits in group:
                union |= digits
                where |= cell
            if union.bit_count() == k:
                drop |= (members & ~where) * union
    return drop & x


def _hidden(x: int, open_cells: int, lay: Layout, masks: _Masks, k: int) -> int:
    """Hidden pairs (k=2) and triples (k=3): k digits of a unit confined to the same k open cells;
    those cells lose every other digit. Returns every candidate so removed."""
    drop = 0
    digits = lay.digits
    places = [(d, (x >> d) & open_cells) for d in range(lay.n)]
    for unit in masks.units:
        members = open_cells & unit
        if members.bit_count() <= k:
            continue
        spots = []
        for d, layer in places:
            where = layer & unit
            if where and where.bit_count() <= k:
                spots.append((d, where))
        if len(spots) < k:
            continue
        for group in combinations(spots, k):
            where = keep = 0
            for d, cells in group:
                where |= cells
                keep |= 1 << d
            if where.bit_count() == k:
                drop |= where * (digits & ~keep)
    return drop & x


def _fish(x: int, open_cells: int, lay: Layout, masks: _Masks, k: int) -> int:
    """X-wing (k=2) and swordfish (k=3): a digit whose places in k rows lie in the same k columns
    leaves those columns in every other row (and the same with rows and columns swapped).
    Returns every candidate so removed."""
    drop = 0
    n, width = lay.n, lay.width
    line_bits = n * width
    row, column = masks.row, masks.column
    for d in range(n):
        places = (x >> d) & open_cells
        if not places:
            continue
        # Rows: column sets (row 0's cells); spread over the grid by multiplying by `column`.
        spots = []
        for r in range(n):
            where = (places >> (r * line_bits)) & row
            if 2 <= where.bit_count() <= k:
                spots.append((row << (r * line_bits), where))
        for group in combinations(spots, k):
            where = lines = 0
            for line, cells in group:
                where |= cells
                lines |= line
            if where.bit_count() == k:
                drop |= ((where * column) & ~lines & places) << d
        # Columns: row sets (column 0's cells); spread over the grid by multiplying by `row`.
        spots = []
        for c in range(n):
            where = (places >> (c * width)) & column
            if 2 <= where.bit_count() <= k:
                spots.append((column << (c * width), where))
        for group in combinations(spots, k):
            where = lines = 0
            for line, cells in group:
                where |= cells
                lines |= line
            if where.bit_count() == k:
                drop |= ((where * row) & ~lines & places) << d
    return drop & x
