"""Jigsaw layouts: random irregular regions that look varied and fair, and the check a layout read from
a user's file must pass.

A layout gives, per cell (row-major), its region 0..n-1: n regions of n cells, each joined side to side.
`random_regions` takes a compact layout (the rows, made compact once), turns or mirrors it at random,
then swaps cells across region borders many times (a cell of A for a cell of B, so sizes stay equal),
keeping only swaps that leave both regions connected and compact, and returns the first result that
looks fair (`fair`). Regions are bit masks (cell i is bit i), so a 9x9 layout takes a few milliseconds.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import lru_cache

from pipeline.kinds.variants.puzzle import BOX_SHAPES, JIGSAW_SIZES, cell_name

MAX_SPAN: dict[int, int] = {5: 4, 6: 4, 7: 4, 8: 5, 9: 5}
"""The most rows (and the most columns) one region may span: less than n, so never a row or a column."""
MAX_PERIMETER: dict[int, int] = {5: 12, 6: 14, 7: 14, 8: 16, 9: 16}
"""The longest outline one region may have, in cell sides: a one-cell-wide snake of n cells has 2n + 2,
a 3x3 square 12; every join of two cells beyond a snake's takes 2 off, so 16 on 9x9 asks for two."""
MIX = 16
"""Swaps tried per cell before a layout is looked at: about what it takes to forget the start."""
ROUNDS = 300
"""Further rounds of one swap tried per cell, each followed by a look, before giving up. A layout takes
3 looks on average; the most of 40,000 7x7 ones (the slowest side) was 73, and the tail shrinks about
fourfold every 10, so 300 is never reached."""


def canonical_regions(regions: Sequence[int]) -> tuple[int, ...]:
    """The same layout numbered by first appearance (region 0 holds cell 0), so equal layouts are equal
    tuples whatever numbers they came with."""
    numbers: dict[int, int] = {}
    return tuple(numbers.setdefault(r, len(numbers)) for r in regions)


def box_layout(n: int, rows: int, cols: int) -> tuple[int, ...]:
    """Boxes of `rows` x `cols` on an n x n grid, numbered row by row."""
    return tuple((i // n) // rows * (n // cols) + (i % n) // cols for i in range(n * n))


def is_boxlike(n: int, regions: Sequence[int]) -> bool:
    """Whether the layout is the plain boxes, either way round (2x3 or 3x2 on 6x6), however numbered."""
    if n not in BOX_SHAPES:
        return False
    layout = canonical_regions(regions)
    rows, cols = BOX_SHAPES[n]
    return layout in (box_layout(n, rows, cols), box_layout(n, cols, rows))


def region_problem(n: int, regions: Sequence[object]) -> str | None:
    """None for a valid Jigsaw layout (n*n entries 0..n-1, n cells each, each connected), else what is
    wrong, naming the region from 1, for a user reading a puzzle file. Shapes are not judged: a user may
    bring any layout, even the boxes. Entries may be anything (read from a file), not only ints."""
    if n not in JIGSAW_SIZES:
        return f"a Jigsaw's side is {n}; allowed: {', '.join(map(str, JIGSAW_SIZES))}"
    if len(regions) != n * n:
        return f"a {n}x{n} Jigsaw has {n * n} cells, not {len(regions)}"
    numbers: list[int] = []
    for i, r in enumerate(regions):
        if isinstance(r, bool) or not isinstance(r, int) or not 0 <= r < n:
            shown = r + 1 if isinstance(r, int) and not isinstance(r, bool) else repr(r)
            return f"{cell_name(i, n)} is in region {shown}; the regions are 1..{n}"
        numbers.append(r)
    grid = _grid(n)
    for r, mask in enumerate(_masks(n, numbers)):
        if mask.bit_count() != n:
            return f"region {r + 1} has {mask.bit_count()} cells; each of the {n} regions needs {n}"
        piece = grid.reach(mask)
        if piece != mask:
            return (f"region {r + 1} is not one connected shape: {cell_name(_low(mask), n)} and "
                    f"{cell_name(_low(mask & ~piece), n)} are not joined through it")
    return None


def random_regions(n: int, rng: random.Random) -> tuple[int, ...]:
    """A fair random Jigsaw layout of side n (in JIGSAW_SIZES), canonically numbered, drawn only from `rng`.

    Not every layout admits a solution (each row, column and region holding 1..n once), and this does not
    look: the caller fills a grid and asks for another layout when none exists. Of 2000 layouts per side
    (seeds 0..1999, proved by an exact solver), none existed for 65 on 5x5, 60 on 6x6, 5 on 7x7, 18 on
    8x8 and 39 on 9x9: 0.25% to 3.3%. Solvable ones can still be slow to fill with digits tried in a
    random order (on 9x9 a third take over 200 branchings), so a fill's budget, not only its answer,
    decides how many layouts a puzzle costs.
    """
    if n not in JIGSAW_SIZES:
        raise ValueError(f"no Jigsaw of side {n}; allowed: {JIGSAW_SIZES}")
    grid = _grid(n)
    start = _start(n)
    owner = [start[i] for i in grid.turns[int(rng.random() * 8)]]
    masks = _masks(n, owner)
    grid.shuffle(owner, masks, MIX * n * n, rng)
    for _ in range(ROUNDS):
        if fair(n, owner):
            return canonical_regions(owner)
        grid.shuffle(owner, masks, n * n, rng)
    raise RuntimeError(f"no fair {n}x{n} Jigsaw layout after {ROUNDS} rounds")  # never seen


def fair(n: int, regions: Sequence[int]) -> bool:
    """Whether a valid layout looks varied and fair: every region compact (MAX_SPAN, MAX_PERIMETER: never
    a row, a column or a snake); no two regions the same shape in the same orientation (copies read as
    a tiling; turned or mirrored ones look different enough, and asking more leaves 5x5 a few hundred);
    no border running straight across the grid (it would fall into bands, like boxes); not the boxes."""
    grid = _grid(n)
    masks = _masks(n, regions)
    if any(grid.excess(m) for m in masks) or len({_shape(n, m) for m in masks}) < n:
        return False
    if any(straight_cut(n, regions, k) for k in range(1, n)):
        return False
    return not is_boxlike(n, regions)


def straight_cut(n: int, regions: Sequence[int], k: int) -> bool:
    """Whether a region border runs all the way across the grid above row k or left of column k."""
    return (all(regions[(k - 1) * n + c] != regions[k * n + c] for c in range(n))
            or all(regions[r * n + k - 1] != regions[r * n + k] for r in range(n)))


class _Grid:
    """An n x n grid's constants and the bit-mask operations on its regions."""

    def __init__(self, n: int) -> None:
        self.n = n
        self.not_last = sum(1 << i for i in range(n * n) if i % n != n - 1)
        """The cells not in the last column: a shift by one cell must not wrap from one row to the next."""
        self.not_first = self.not_last << 1
        self.folds = tuple(n << k for k in range(n.bit_length()) if 1 << k < n)
        """Shifts that, applied in turn, fold every row onto the first."""
        self.edges = tuple((i, j) for i in range(n * n) for j in (i - n, i + n, i - 1, i + 1)
                           if 0 <= j < n * n and (j // n == i // n or j % n == i % n))
        """Every pair of side-by-side cells, both ways round."""
        self.turns = tuple(tuple(self._turned(k, i) for i in range(n * n)) for k in range(8))
        """The square's four turns and four mirrors: per cell, the cell it takes its region from."""

    def _turned(self, k: int, i: int) -> int:
        n, last = self.n, self.n - 1
        r, c = divmod(i, n)
        if k & 4:
            r, c = c, r
        return (last - r if k & 1 else r) * n + (last - c if k & 2 else c)

    def reach(self, mask: int) -> int:
        """The cells of `mask` joined to its lowest cell through it."""
        n, not_last, not_first = self.n, self.not_last, self.not_first
        seen = mask & -mask
        while True:
            more = (seen | (seen << 1 & not_first) | (seen >> 1 & not_last) | seen << n | seen >> n) & mask
            if more == seen:
                return seen
            seen = more

    def excess(self, mask: int) -> int:
        """How far a region of n cells is from compact: rows and columns spanned beyond MAX_SPAN, outline
        beyond MAX_PERIMETER; 0 when compact. (A connected region's rows and columns are runs, so a span
        is first to last.)"""
        n = self.n
        rows = (mask.bit_length() - 1) // n - _low(mask) // n + 1
        cols = mask
        for shift in self.folds:
            cols |= cols >> shift
        cols &= (1 << n) - 1
        joins = (mask & mask >> 1 & self.not_last).bit_count() + (mask & mask >> n).bit_count()
        span, outline = MAX_SPAN[n], MAX_PERIMETER[n]
        over = (rows - span, cols.bit_length() - _low(cols) - span, 4 * n - 2 * joins - outline)
        return sum(x for x in over if x > 0)

    def shuffle(self, owner: list[int], masks: list[int], steps: int, rng: random.Random) -> None:
        """Try `steps` swaps, each of a cell a of region A beside region B with a cell b of B beside the
        rest of A; keep those that leave both regions connected and the two no less compact in all."""
        n, not_last, not_first, edges = self.n, self.not_last, self.not_first, self.edges
        excess = [self.excess(m) for m in masks]
        for _ in range(steps):
            a, beside = edges[int(rng.random() * len(edges))]
            region_a, region_b = owner[a], owner[beside]
            if region_a == region_b:
                continue
            rest = masks[region_a] & ~(1 << a)
            near = rest | (rest << 1 & not_first) | (rest >> 1 & not_last) | rest << n | rest >> n
            choices = _bits(near & masks[region_b])
            if not choices:
                continue
            b = choices[int(rng.random() * len(choices))]
            new_a, new_b = rest | 1 << b, masks[region_b] & ~(1 << b) | 1 << a
            excess_a, excess_b = self.excess(new_a), self.excess(new_b)
            if excess_a + excess_b > excess[region_a] + excess[region_b]:
                continue
            if self.reach(new_a) != new_a or self.reach(new_b) != new_b:
                continue
            masks[region_a], masks[region_b], excess[region_a], excess[region_b] = new_a, new_b, excess_a, excess_b
            owner[a], owner[b] = region_b, region_a


@lru_cache(maxsize=None)
def _grid(n: int) -> _Grid:
    return _Grid(n)


@lru_cache(maxsize=None)
def _start(n: int) -> tuple[int, ...]:
    """A compact layout to start from: the rows, made compact by swaps from a fixed seed, so the same
    every time. Swaps of two cells can get stuck short of compact (a row whose end cell can only leave
    through a third region), hence the next seed then."""
    grid = _grid(n)
    for seed in range(100):
        owner = [i // n for i in range(n * n)]
        masks = _masks(n, owner)
        grid.shuffle(owner, masks, 50 * n * n, random.Random(seed))
        if not any(grid.excess(m) for m in masks):
            return tuple(owner)
    raise RuntimeError(f"no compact {n}x{n} layout")  # never seen


def _masks(n: int, regions: Sequence[int]) -> list[int]:
    masks = [0] * n
    for i, r in enumerate(regions):
        masks[r] |= 1 << i
    return masks


def _shape(n: int, mask: int) -> tuple[tuple[int, int], ...]:
    """A region's shape, the same wherever it sits."""
    cells = [divmod(i, n) for i in _bits(mask)]
    top, left = min(r for r, _ in cells), min(c for _, c in cells)
    return tuple((r - top, c - left) for r, c in cells)


def _low(mask: int) -> int:
    return (mask & -mask).bit_length() - 1


def _bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out
