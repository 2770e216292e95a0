"""Who a Sudoku is, up to the moves that keep a Sudoku a Sudoku: its fingerprint.

The moves are: relabelling the digits, swapping rows within a band, columns within a stack, whole
bands, whole stacks, and transposing. A 4x4 grid has only 128 arrangements, so its puzzle's form is
exact: every arrangement, its digits relabelled in order of first appearance (the least relabelling),
the least string of all. Its solution is not canonicalised: the 288 4x4 solutions fall into two
classes, so for 4x4 only an identical solution counts as the same.

From 9x9 up an exact least form is too slow in Python, so the form is a strong invariant instead.
For two rows x and y of the solution, the permutation p taking a digit to the digit below it (in
row y, in the column where row x has it) does not change when columns move and is only conjugated
when digits are relabelled, so its cycles, read as the columns they pass through, are invariant.
Each step of a cycle is marked with whether its two cells are givens (so the puzzle, not only its
answer, is fingerprinted), and each cycle is read from its least rotation. Row pairs are gathered
per row, per band and per pair of bands as sorted multisets, which row moves within bands and band
moves only reorder; the same is done for columns (rows of the transposed grid), and the two sides
are sorted so that transposing, which swaps them, changes nothing. The solution's fingerprint is the
same construction without the marks. Sameness therefore always gives equal digests; different
puzzles could in principle share one, which costs the generator only a skipped seed.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache
from itertools import permutations, product

from pipeline.kinds.base import Fingerprint, digest
from pipeline.kinds.sudoku.grid import symbol

Cells = Sequence[int]
"""A grid in row-major order: 0 blank, 1..n a digit."""
Lines = tuple[tuple[int, ...], ...]
"""A grid as its rows (or, read the other way, its columns)."""
Cycles = tuple[str, ...]
"""A row pair's permutation: each cycle as the marks of its steps from its least rotation, sorted."""

EXACT_BOX = 2
"""Boxes up to this size get an exact canonical form; larger ones the invariant."""


def sudoku_fingerprint(kind: str, box: int, puzzle: Cells, solution: Cells) -> Fingerprint:
    """The puzzle's and the solution's digests (see the module's docstring for which form each has)."""
    if box <= EXACT_BOX:
        return Fingerprint(puzzle=digest([kind, box, "least", least_form(box, puzzle)]),
                           solution=digest([kind, box, "exact", "".join(map(symbol, solution))]))
    n = box * box
    givens = tuple(1 if digit else 0 for digit in puzzle)
    blank = (0,) * (n * n)
    return Fingerprint(puzzle=digest([kind, box, "marked", both_sides(box, solution, givens)]),
                       solution=digest([kind, box, "plain", both_sides(box, solution, blank)]))


def few_puzzles(box: int) -> bool:
    """Whether so few distinct Sudokus of this box exist that a book may ask for more: only 4x4."""
    return box <= EXACT_BOX


# ------------------------------------------------------------------------------------ exact, 4x4


def least_form(box: int, cells: Cells) -> str:
    """The least string of the grid over every arrangement of its lines and relabelling of its digits."""
    n = box * box
    return min(_relabelled(cells[r * n + c] for r, c in order) for order in _arrangements(box))


def _relabelled(digits: Iterable[int]) -> str:
    """The digits renamed 1, 2, ... in order of first appearance: the least string of their relabellings."""
    names: dict[int, str] = {}
    text = []
    for digit in digits:
        if not digit:
            text.append(".")
            continue
        if digit not in names:
            names[digit] = symbol(len(names) + 1)
        text.append(names[digit])
    return "".join(text)


@cache
def _arrangements(box: int) -> tuple[tuple[tuple[int, int], ...], ...]:
    """Every arrangement of the grid as the cells it reads, in reading order: rows in any order that
    keeps bands together, columns likewise, transposed or not."""
    n = box * box
    orders = _line_orders(box)
    found = []
    for rows, columns, transposed in product(orders, orders, (False, True)):
        found.append(tuple((columns[j], rows[i]) if transposed else (rows[i], columns[j])
                           for i in range(n) for j in range(n)))
    return tuple(found)


def _line_orders(box: int) -> list[tuple[int, ...]]:
    """The orders of n lines that keep each band (box consecutive lines) together."""
    within = list(permutations(range(box)))
    found = []
    for bands in permutations(range(box)):
        for inner in product(within, repeat=box):
            found.append(tuple(band * box + inner[place][k] for place, band in enumerate(bands) for k in range(box)))
    return found


# ------------------------------------------------------------------------------------ invariant, 9x9 up


def both_sides(box: int, solution: Cells, marks: Cells) -> list[str]:
    """The rows' invariant and the columns', sorted: transposing swaps them."""
    n = box * box
    rows = tuple(tuple(solution[r * n:(r + 1) * n]) for r in range(n))
    row_marks = tuple(tuple(marks[r * n:(r + 1) * n]) for r in range(n))
    columns = tuple(zip(*rows))
    column_marks = tuple(zip(*row_marks))
    return sorted([side(box, rows, row_marks), side(box, columns, column_marks)])


def side(box: int, lines: Lines, marks: Lines) -> str:
    """A digest of what moving lines within bands, moving bands, moving the other way's lines and
    relabelling digits leave unchanged: row pairs' cycles gathered per row, per band, per band pair."""
    n = box * box
    bands = [range(band * box, (band + 1) * box) for band in range(box)]
    cycles = {(x, y): pair_cycles(lines, marks, x, y) for x in range(n) for y in range(x + 1, n)}

    def pair(x: int, y: int) -> Cycles:
        return cycles[(x, y)] if x < y else cycles[(y, x)]

    line_keys = []
    for x in range(n):
        own = x // box
        stacks = sorted(sum(marks[x][stack * box:(stack + 1) * box]) for stack in range(box))
        inside = sorted(pair(x, y) for y in bands[own] if y != x)
        across = sorted(sorted(pair(x, y) for y in bands[band]) for band in range(box) if band != own)
        line_keys.append(digest([sum(marks[x]), stacks, inside, across]))
    band_keys = [digest(sorted(line_keys[x] for x in lines_of)) for lines_of in bands]
    band_pairs = sorted(
        digest([sorted([band_keys[one], band_keys[other]]),
                sorted(pair(x, y) for x in bands[one] for y in bands[other])])
        for one in range(box) for other in range(one + 1, box)
    )
    return digest([sorted(band_keys), band_pairs])


def pair_cycles(lines: Lines, marks: Lines, x: int, y: int) -> Cycles:
    """The cycles of the permutation taking each digit of line x to the digit beside it in line y,
    each step marked by whether its two cells are givens; read either way round (x to y or y to x,
    which runs every cycle backwards with the marks swapped), whichever reads less."""
    top, bottom = lines[x], lines[y]
    step_marks = "".join(_MARKS[2 * a + b] for a, b in zip(marks[x], marks[y]))
    where = {digit: place for place, digit in enumerate(top)}
    seen = [False] * len(top)
    forward, backward = [], []
    for start in range(len(top)):
        places = []
        place = start
        while not seen[place]:
            seen[place] = True
            places.append(place)
            place = where[bottom[place]]
        if places:
            cycle = "".join(step_marks[place] for place in places)
            forward.append(_least_rotation(cycle))
            backward.append(_least_rotation(cycle[::-1].translate(_SWAPPED)))
    return min(tuple(sorted(forward)), tuple(sorted(backward)))


_MARKS = "0123"
"""A step's mark: 2 if its cell in the first line is a given, plus 1 if its cell in the second is."""
_SWAPPED = str.maketrans("12", "21")
"""A step's mark read from the other line."""


def _least_rotation(text: str) -> str:
    """The least of a cycle's readings from each of its steps."""
    return min(text[i:] + text[:i] for i in range(len(text)))
