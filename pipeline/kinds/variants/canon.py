"""Who a Sudoku variant is, up to the moves that keep it the same puzzle: its fingerprint.

The moves: the square's eight rotations and reflections that keep its frame a frame of the same
rule (every one for a Jigsaw, whose regions move with it, and for square boxes; only those keeping
2x3 or 2x4 boxes boxes, such as the half turn, otherwise; Sudoku X's diagonals map onto each other
under all of them), and relabelling the digits, except in a Killer puzzle, whose sums name them. The
form is exact for those moves: every allowed move is made, the digits relabelled in order of first
appearance in the moved solution, and the least spelling kept. Moves that only some frames allow
(swapping bands of a Sudoku X) are left out: two such puzzles count as different, which a random
generator meets by chance alone.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from pipeline.kinds.base import Fingerprint, digest
from pipeline.kinds.sudoku.houses import Cage
from pipeline.kinds.variants.puzzle import Variant, boxed
from pipeline.kinds.variants.regions import canonical_regions

Move = Callable[[int, int, int], tuple[int, int]]

MOVES: tuple[Move, ...] = (
    lambda r, c, n: (r, c),
    lambda r, c, n: (c, n - 1 - r),
    lambda r, c, n: (n - 1 - r, n - 1 - c),
    lambda r, c, n: (n - 1 - c, r),
    lambda r, c, n: (r, n - 1 - c),
    lambda r, c, n: (n - 1 - r, c),
    lambda r, c, n: (c, r),
    lambda r, c, n: (n - 1 - c, n - 1 - r),
)
"""The square's symmetries, as where cell (r, c) goes."""


def variant_fingerprint(puzzle: Variant, solution: Sequence[int]) -> Fingerprint:
    """The least spelling of the puzzle (givens, frame) and of its solution (with its frame for a
    Jigsaw), over the moves its frame allows."""
    n = puzzle.n
    puzzles, solutions = [], []
    for move in MOVES:
        where = [move(i // n, i % n, n) for i in range(n * n)]
        to = [r * n + c for r, c in where]
        regions = _moved(puzzle.regions, to)
        if puzzle.rule != "jigsaw" and canonical_regions(regions) != canonical_regions(boxed(puzzle.rule, n).regions):
            continue
        moved_solution = _moved(solution, to)
        relabel = _first_seen(moved_solution)
        frame = ("".join(chr(65 + r) for r in canonical_regions(regions)) if puzzle.rule == "jigsaw" else "")
        cages = _cages(puzzle.cages, to)
        given = _moved(puzzle.cells, to)
        if puzzle.rule != "killer":
            given = [relabel[v] if v else 0 for v in given]
        puzzles.append(f"{puzzle.rule}|{n}|{_spelt(given)}|{frame}|{cages}")
        solutions.append(f"{puzzle.rule}|{n}|{_spelt([relabel[v] for v in moved_solution])}|{frame}")
    return Fingerprint(puzzle=digest(min(puzzles)), solution=digest(min(solutions)))


def _moved(values: Sequence[int], to: list[int]) -> list[int]:
    out = [0] * len(values)
    for i, value in enumerate(values):
        out[to[i]] = value
    return out


def _first_seen(values: Sequence[int]) -> dict[int, int]:
    """Each digit's new label: 1 for the first one met row by row, 2 for the next, ..."""
    labels: dict[int, int] = {}
    for value in values:
        if value:
            labels.setdefault(value, len(labels) + 1)
    return labels


def _cages(cages: Sequence[Cage], to: list[int]) -> str:
    moved = sorted((sorted(to[i] for i in cage.cells), cage.total) for cage in cages)
    return ";".join(f"{total}:{','.join(map(str, cells))}" for cells, total in moved)


def _spelt(values: Sequence[int]) -> str:
    return "".join(str(v) if v else "." for v in values)
