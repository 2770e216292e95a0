"""Count the solutions of a Sudoku, up to a limit, with proof.

The whole grid's candidates are one integer, cell-major: cell i owns the `width` = n+1 bits from
i*width, bit i*width + d saying digit d+1 may still go there, and its top bit (the guard) always
clear. Python does big-integer arithmetic in C, so the questions a solver asks all the time are
answered for every cell and unit at once in a few operations, not one Python step per cell:

- naked singles and empty cells: adding n one bits (the all-digits value) to every field carries
  into its guard exactly when the field is not empty, and `x & (x - ones)` clears each field's
  lowest candidate, so the same carry then marks the cells with two or more (a cell set is the
  guards shifted down to bit i*width);
- hidden singles and digits with no place: "seen once / seen twice" counts over the positions of
  every row, column or box at once, folded in doubling steps (a row of nine: windows of 2, 4, 8,
  then one more position), read at each unit's first cell and spread back over the unit;
- placing a digit: one AND with a precomputed mask that clears it from the cell's peers and every
  other digit from the cell;
- pointing and box-line reduction, once singles run dry: the same counts over the k-cell segments
  where a line crosses a box (they cut the search on the hardest 9x9 lists by a third).

Search branches on a cell with the fewest candidates, ties broken by the most unsolved peers (which
halves the tree on the hardest published 9x9 puzzles). A search stopped by its node budget says so
(`complete=False`, status "unknown"); it never answers "unique" or "none" without exhausting the
search.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from functools import lru_cache

from pipeline.kinds.result import SolveResult
from pipeline.kinds.sudoku.grid import Sudoku, check_sudoku, peers, units

SEARCH_WORK = 5_000_000
"""Branchings a search may take when its caller sets no limit of its own, times the grid's cells: about
60,000 on 9x9 (published hard ones need under a thousand), 8,000 on 25x25; seconds either way."""
KILL_TABLE_MAX = 4096
"""Precompute the placement masks when the grid has at most this many (digit, cell) bits (box 2..4);
a 25x25 grid would need 15,625 masks of 16,250 bits (30 MB), so it builds each one when placing."""

FoldPlan = tuple[bool, tuple[tuple[bool, int], ...]]
"""Whether the count starts as the one-position window, then the steps that count a window of m
positions `step` bits apart (see `fold_plan`)."""


@dataclass(frozen=True)
class Layout:
    """Per box size, the masks and shifts that turn per-cell and per-unit questions into a few big-int operations.

    A *cell set* has bit i*width for cell i (the first bit of its field): multiplying it by `digits`
    gives those cells' whole fields, and `(x >> d) & every_cell` is the cell set of digit d+1's places.
    """

    box: int
    n: int
    cells: int
    width: int
    """Bits per cell: n digits, then the guard bit."""
    every_cell: int
    """The cell set of every cell (one bit per field, at its start)."""
    digits: int
    """n one bits: one field of every digit."""
    full: int
    """Every candidate of every cell."""
    guard: int
    """Every cell's guard bit."""
    unit_folds: tuple[tuple[tuple[FoldPlan, ...], int, int], ...]
    """For rows, columns and boxes: (the fold plans that bring a unit's counts to its first cell, the
    first cells' whole fields, the multiplier that spreads a first cell's field over its unit)."""
    lines: tuple[tuple[tuple[int, ...], int, int, tuple[int, ...], int, int, int, tuple[int, ...], int, int, int], ...]
    """For rows, then columns, the shifts and masks of locked candidates on segments (the k cells
    where a line crosses a box), each segment named by its first cell: (shifts to a segment's cells,
    segment firsts, segment spread; shifts to a line's segments, line firsts, line's segments spread,
    line spread; shifts to a box's segments in this direction, box firsts, box's segments spread,
    box spread): k positions each, few enough that plain loops beat doubling (see `fold_plan`)."""
    peers: tuple[int, ...]
    """Per cell, its peers as a cell set."""
    kill: tuple[int, ...] | None
    """Per candidate bit, the AND mask that places it (0 at guard bits); None for grids too big to tabulate."""

    def bit(self, cell: int, digit: int) -> int:
        """The candidate bit of `digit` (1..n) in `cell`."""
        return 1 << (cell * self.width + digit - 1)

    def field(self, cell: int) -> int:
        """Every candidate bit of `cell`."""
        return self.digits << (cell * self.width)

    def digits_of(self, x: int, cell: int) -> int:
        """The candidates of `cell` in `x` as bits 0..n-1 (bit d: digit d+1)."""
        return (x >> (cell * self.width)) & self.digits

    def cell_bit(self, cell: int) -> int:
        """`cell` as a one-cell cell set."""
        return 1 << (cell * self.width)


@lru_cache(maxsize=8)
def layout(box: int) -> Layout:
    n = box * box
    cells = n * n
    width = n + 1
    digits = (1 << n) - 1
    every_cell = sum(1 << (width * i) for i in range(cells))

    def fields(firsts: list[int]) -> int:
        return sum(digits << (width * i) for i in firsts)

    def spread(shifts: tuple[int, ...]) -> int:
        return sum(1 << s for s in shifts)

    every_unit = units(box)
    # Rows count along a row; columns down a column; boxes along a box row, then down the box.
    plans = ((fold_plan(n, width),), (fold_plan(n, width * n),), (fold_plan(box, width), fold_plan(box, width * n)))
    folds = []
    for kind in range(3):
        group = every_unit[kind * n : (kind + 1) * n]
        first = group[0][0]
        shifts = tuple(width * (i - first) for i in group[0])
        folds.append((plans[kind], fields([u[0] for u in group]), spread(shifts)))
    lines = []
    box_firsts = fields([u[0] for u in every_unit[2 * n :]])
    for kind in range(2):
        step, across = (1, n) if kind == 0 else (n, 1)
        seg = tuple(width * j * step for j in range(box))
        along = tuple(width * t * box * step for t in range(box))
        line_firsts = fields([u[0] for u in every_unit[kind * n : (kind + 1) * n]])
        seg_firsts = fields([u[0] + t * box * step for u in every_unit[kind * n : (kind + 1) * n] for t in range(box)])
        in_box = tuple(width * j * across for j in range(box))
        lines.append((
            seg, seg_firsts, spread(seg),
            along, line_firsts, spread(along), folds[kind][2],
            in_box, box_firsts, spread(in_box), folds[2][2],
        ))
    peer_sets = tuple(sum(1 << (width * p) for p in ps) for ps in peers(box))
    lay = Layout(box, n, cells, width, every_cell, digits, every_cell * digits, every_cell << n, tuple(folds),
                 tuple(lines), peer_sets, None)
    if n * cells <= KILL_TABLE_MAX:
        kill = tuple(_kill(b, lay) if b % width < n else 0 for b in range(width * cells))
        lay = replace(lay, kill=kill)
    return lay


def fold_plan(m: int, step: int) -> FoldPlan:
    """How to count, at every position p, each digit over the m positions p, p+step, ..., in doubling steps.

    Every position holds a pair (seen once, seen twice); combining a pair with another shifted by s
    gives once = o | o', twice = t | t' | (o & o'). A window of 2s positions is a window of s
    combined with itself s positions on; m is the sum of its binary digits' windows laid end to end.
    The count starts as the one-position window when m is odd (the first flag), empty otherwise;
    then the steps: (True, shift) combines the current window, shifted, into the count; (False,
    shift) doubles the window. A row of nine: start with 1, double to 2, 4, 8, add the 8 one
    position on (four combinations instead of eight). Positions other than the windows' starts end
    up holding junk.
    """
    steps: list[tuple[bool, int]] = []
    size, done = 2, m & 1
    while done < m:
        steps.append((False, size // 2 * step))
        if m & size:
            steps.append((True, done * step))
            done += size
        size *= 2
    return bool(m & 1), tuple(steps)


def _kill(b: int, lay: Layout) -> int:
    """The AND mask placing candidate bit b: its digit leaves the cell's peers, other digits leave the cell."""
    i, d = divmod(b, lay.width)
    return ~((lay.peers[i] << d) | lay.field(i)) | (1 << b)


def propagate(x: int, placed: int, lay: Layout, locked: bool = True) -> tuple[int, int, int, int] | None:
    """Naked and hidden singles, then (if `locked`) pointing and box-line reduction, to a fixpoint;
    None on a contradiction.

    `x` holds the candidates, `placed` the candidate bits already placed (their peers cleared).
    Returns (x, placed, two, three) at the fixpoint, where `two` and `three` are the cell sets of
    cells with at least two and at least three candidates (`two` is then the unsolved cells).
    Every single found in one sweep is placed before the next sweep; two placements that clash
    (same digit twice in a unit, two digits in one cell) wipe one of their own bits, which the
    `placed & ~x` test catches. Naked singles cost a handful of operations, so they run first and
    alone; hidden singles are looked for in rows, then columns, then boxes, and the first kind
    that has some goes back to naked singles.
    """
    n = lay.n
    every_cell = lay.every_cell
    digits = lay.digits
    full = lay.full
    guard = lay.guard
    folds = lay.unit_folds
    kill = lay.kill
    while True:
        if (x + full) & guard != guard:
            return None
        fewer = x & (x - every_cell)  # each field without its lowest candidate
        several = (fewer + full) & guard
        new = x & (((guard ^ several) >> n) * digits) & ~placed
        if not new:
            for plans, firsts, spread in folds:
                once, twice = x, 0
                for odd, steps in plans:  # run `fold_plan`'s steps (inline: the hot loop)
                    window_once, window_twice = once, twice
                    if not odd:
                        once = twice = 0
                    for add, shift in steps:
                        moved = window_once >> shift
                        if add:
                            twice |= (window_twice >> shift) | (once & moved)
                            once |= moved
                        else:
                            window_twice |= (window_twice >> shift) | (window_once & moved)
                            window_once |= moved
                once &= firsts
                if once != firsts:
                    return None
                new = ((once & ~twice) * spread) & x & ~placed
                if new:
                    break
            else:
                drop = _locked(x, lay) if locked else 0
                if not drop:
                    two = several >> n
                    three = ((fewer & (fewer - two)) + full) & guard
                    return x, placed, two, three >> n
                x &= ~drop
                continue
        placed |= new
        if kill is not None:
            while new:
                low = new & -new
                new ^= low
                x &= kill[low.bit_length() - 1]
        else:
            while new:
                low = new & -new
                new ^= low
                x &= _kill(low.bit_length() - 1, lay)
        if placed & ~x:
            return None


def at_least(x: int, count: int, lay: Layout) -> int:
    """The cell set of cells with at least `count` candidates (`count` >= 1)."""
    full, guard, n = lay.full, lay.guard, lay.n
    for _ in range(count - 1):
        x &= x - (((x + full) & guard) >> n)  # drop the lowest candidate of every non-empty cell
    return ((x + full) & guard) >> n


def _locked(x: int, lay: Layout) -> int:
    """Candidates that pointing and box-line reduction remove (0 when none), for every digit at once.

    Pointing: a box whose digit lies in one segment only keeps it out of the rest of that line.
    Box-line: a line whose digit lies in one segment only keeps it out of the rest of that box.
    """
    drop = 0
    for seg, seg_firsts, seg_cells, along, line_firsts, line_segs, line_cells, in_box, box_firsts, box_segs, box_cells in lay.lines:
        z = 0
        for t in seg:
            z |= x >> t
        z &= seg_firsts
        once = twice = 0
        for t in along:
            v = (z >> t) & line_firsts
            twice |= once & v
            once |= v
        claim = z & ((once & ~twice) * line_segs)
        once = twice = 0
        for t in in_box:
            v = (z >> t) & box_firsts
            twice |= once & v
            once |= v
        point = z & ((once & ~twice) * box_segs)
        if claim:
            boxes = 0
            for t in in_box:
                boxes |= claim >> t
            drop |= ((boxes & box_firsts) * box_cells) & ~(claim * seg_cells)
        if point:
            lines = 0
            for t in along:
                lines |= point >> t
            drop |= ((lines & line_firsts) * line_cells) & ~(point * seg_cells)
    return drop & x


def default_node_limit(cells: int) -> int:
    """The node budget for a search over a grid of `cells` cells (see SEARCH_WORK)."""
    return max(1_000, SEARCH_WORK // max(cells, 1))


def solve(
    s: Sudoku,
    limit: int = 2,
    *,
    node_limit: int | None = None,
    hint: tuple[int, ...] | None = None,
    rng: random.Random | None = None,
) -> SolveResult[tuple[int, ...]]:
    """Find up to `limit` solutions; `limit=2` proves uniqueness.

    `node_limit` bounds the number of branchings; hitting it gives `complete=False`. `hint`, a known
    solution, is tried first at every branching, so proving that no *other* solution exists costs
    little more than one propagation along the known one. `rng` shuffles the order in which a
    branching tries its digits (used to draw random full grids); without it the order is low to high.
    """
    if limit < 1:
        raise ValueError(f"limit must be at least 1, not {limit}")
    check_sudoku(s)
    lay = layout(s.box)
    search = _Search(lay, limit, node_limit, hint, rng)
    try:
        search.visit(candidates(s.cells, lay), 0)
    except BudgetExceeded:
        search.budget_hit = True
    solutions = tuple(_cells(found, lay) for found in search.found[:limit])
    complete = not search.budget_hit and len(search.found) < limit
    return SolveResult(solutions, complete, search.nodes)


def other_solution(
    box: int,
    cells: tuple[int, ...] | list[int],
    solution: tuple[int, ...],
    node_limit: int | None = None,
    removed: tuple[int, ...] | None = None,
) -> tuple[int, ...] | None:
    """A solution other than `solution` for givens taken from it, or None when none exists.

    The generator's inner loop: no grid checks (the givens agree with `solution` by construction).
    `removed`: clues just taken out of a puzzle known to be unique; any other solution must then
    differ from `solution` in one of those cells, so after one shared propagation each is searched
    in turn with its own digit forbidden (the earlier ones fixed), trying the solution's digits first elsewhere, which finds the
    second solutions that differ least (the usual kind) with little backtracking. Without it, each
    branching tries the solution's digit last. Raises BudgetExceeded when `node_limit` branchings
    do not settle the question.
    """
    lay = layout(box)
    found = other_candidates(lay, candidates(cells, lay), solution, node_limit, removed)
    return None if found is None else _cells(found, lay)


def other_candidates(
    lay: Layout,
    x: int,
    solution: tuple[int, ...],
    node_limit: int | None = None,
    removed: tuple[int, ...] | None = None,
) -> int | None:
    """`other_solution` from the givens' candidate integer `x`, answering with the other solution's
    candidate integer (the generator compares it with the solution's bit by bit)."""
    search = _Search(lay, 1, node_limit, None if removed is None else solution, None)
    if removed is None:
        search.skip = candidates(solution, lay)
        search.avoid = solution
        search.visit(x, 0)
    else:
        fixed = propagate(x, 0, lay)
        if fixed is None or not fixed[2]:
            return None
        x, placed = fixed[0], fixed[1]
        for i in removed:
            digit = lay.bit(i, solution[i])
            search.visit(x & ~digit, placed)
            if search.found:
                break
            x &= ~(lay.field(i) ^ digit)
    return search.found[0] if search.found else None


def candidates(cells: tuple[int, ...] | list[int], lay: Layout) -> int:
    """The candidate integer of a grid (no checks): every digit everywhere, then each given fixed in its cell."""
    x = lay.full
    for i, v in enumerate(cells):
        if v:
            x &= ~(lay.field(i) ^ lay.bit(i, v))
    return x


def _cells(x: int, lay: Layout) -> tuple[int, ...]:
    """The digits of a solved candidate integer, row-major."""
    return tuple(lay.digits_of(x, i).bit_length() for i in range(lay.cells))


class BudgetExceeded(Exception):
    """Raised inside the search when the node budget runs out."""


class _Search:
    """Depth-first search over propagated candidate integers, branching on a most constrained cell."""

    def __init__(
        self,
        lay: Layout,
        limit: int,
        node_limit: int | None,
        hint: tuple[int, ...] | None,
        rng: random.Random | None,
    ) -> None:
        self.lay = lay
        self.limit = limit
        self.node_limit = node_limit
        self.hint = hint
        self.rng = rng
        self.found: list[int] = []
        self.skip: int | None = None
        """A solution (as a candidate integer) not to count."""
        self.avoid: tuple[int, ...] | None = None
        """A solution whose digits are tried last at every branching."""
        self.nodes = 0
        self.budget_hit = False

    def visit(self, x: int, placed: int) -> None:
        fixed = propagate(x, placed, self.lay)
        if fixed is None:
            return
        x, placed, two, three = fixed
        if not two:
            if x != self.skip:
                self.found.append(x)
            return
        self.nodes += 1
        if self.node_limit is not None and self.nodes > self.node_limit:
            raise BudgetExceeded
        i = self._branch_cell(x, two, three)
        lay = self.lay
        row = lay.field(i)
        for bit in self._branch_order(i, x & row):
            self.visit(x & ~(row ^ bit), placed)
            if len(self.found) >= self.limit:
                return

    def _branch_cell(self, x: int, two: int, three: int) -> int:
        """A cell with the fewest candidates; among those, the one with the most unsolved peers, then
        the most two-candidate peers (measured: a third fewer branchings than row-major order on the
        hardest published 9x9 lists)."""
        lay = self.lay
        peer_masks, width = lay.peers, lay.width
        pairs = choice = two & ~three
        if not choice:
            digits, fewest = lay.digits, 1 << 30
            rest = two
            while rest:
                low = rest & -rest
                rest ^= low
                count = ((x >> (low.bit_length() - 1)) & digits).bit_count()
                if count < fewest:
                    fewest, choice = count, low
                elif count == fewest:
                    choice |= low
        best, best_degree = -1, -1
        while choice:
            low = choice & -choice
            choice ^= low
            i = (low.bit_length() - 1) // width
            peer = peer_masks[i]
            degree = (peer & two).bit_count() * 128 + (peer & pairs).bit_count()
            if degree > best_degree:
                best, best_degree = i, degree
        return best

    def _branch_order(self, i: int, options: int) -> list[int]:
        """The candidate bits of cell i: the hinted digit first (if still possible), then the others
        from low to high, or shuffled when the search has an rng."""
        order = []
        while options:
            low = options & -options
            options ^= low
            order.append(low)
        if self.rng is not None:
            self.rng.shuffle(order)
        if self.hint is not None and self.hint[i]:
            first = self.lay.bit(i, self.hint[i])
            if first in order:
                order.remove(first)
                order.insert(0, first)
        if self.avoid is not None:
            last = self.lay.bit(i, self.avoid[i])
            if last in order:
                order.remove(last)
                order.append(last)
        return order
