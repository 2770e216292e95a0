"""Count the solutions of a Sudoku, up to a limit, with proof.

The whole grid's candidates are one integer, digit-major: bit d*N + i says digit d+1 may still go in
cell i (N = n*n cells). Python does big-integer operations in C, so the questions a solver asks all
the time are answered for every cell and unit at once in a few operations per digit or unit
position, not one Python step per cell:

- naked singles and empty cells: per cell, "at least one / two / three candidates" folded over the
  n digit layers;
- hidden singles and digits with no place: the same fold over the n positions of every row, column
  or box at once (shift the grid so position k of each unit lines up, mask, accumulate);
- placing a digit: one AND with a precomputed mask that clears it from the cell's peers and every
  other digit from the cell;
- pointing and box-line reduction, once singles run dry: the same folds over the k-cell segments
  where a line crosses a box (they cut the search on the hardest 9x9 lists by a third).

Search branches on a cell with the fewest candidates, ties broken by the most unsolved peers (which
halves the tree on the hardest published 9x9 puzzles). A search stopped by its node budget says so
(`complete=False`, status "unknown"); it never answers "unique" or "none" without exhausting the
search.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import lru_cache

from pipeline.kinds.result import SolveResult
from pipeline.kinds.sudoku.grid import Sudoku, check_sudoku, peers, units

SEARCH_WORK = 5_000_000
"""Branchings a search may take when its caller sets no limit of its own, times the grid's cells: about
60,000 on 9x9 (published hard ones need under a thousand), 8,000 on 25x25; seconds either way."""
KILL_TABLE_MAX = 4096
"""Precompute the placement masks when the grid has at most this many (digit, cell) bits (box 2..4);
a 25x25 grid would need 15,625 masks of 15,625 bits (30 MB), so it builds each one when placing."""


@dataclass(frozen=True)
class Layout:
    """Per box size, the masks and shifts that turn per-cell and per-unit questions into a few big-int operations."""

    box: int
    n: int
    cells: int
    """N = n*n; digit d's layer is bits d*N .. d*N + N - 1."""
    every_cell: int
    """N one bits: one per cell of layer 0."""
    layers: tuple[int, ...]
    """d*N for each digit d: shifting by it brings layer d down to layer 0."""
    spread_cells: int
    """A one bit at the start of every layer: multiplying a layer-0 cell set by it copies it to all digits."""
    unit_folds: tuple[tuple[tuple[int, ...], int, int], ...]
    """For rows, columns and boxes: (the shift to each position within the unit, the mask of each
    unit's first position in every layer, the multiplier that spreads a first position over its unit)."""
    lines: tuple[tuple[tuple[int, ...], int, int, tuple[int, ...], int, int, int, tuple[int, ...], int, int, int], ...]
    """For rows, then columns, the shifts and masks of locked candidates on segments (the k cells
    where a line crosses a box), each segment named by its first cell: (shifts to a segment's cells,
    segment firsts, segment spread; shifts to a line's segments, line firsts, line's segments spread,
    line spread; shifts to a box's segments in this direction, box firsts, box's segments spread,
    box spread)."""
    peers: tuple[int, ...]
    """Per cell, its peers as a layer-0 bit set."""
    kill: tuple[int, ...] | None
    """Per (digit, cell) bit, the AND mask that places it; None for grids too big to tabulate."""


@lru_cache(maxsize=8)
def layout(box: int) -> Layout:
    n = box * box
    cells = n * n
    every_cell = (1 << cells) - 1
    layers = tuple(d * cells for d in range(n))
    spread_cells = sum(1 << s for s in layers)

    def per_layer(firsts: list[int]) -> int:
        return sum(1 << (s + i) for s in layers for i in firsts)

    every_unit = units(box)
    folds = []
    for kind in range(3):
        group = every_unit[kind * n : (kind + 1) * n]
        first = group[0][0]
        shifts = tuple(i - first for i in group[0])
        folds.append((shifts, per_layer([u[0] for u in group]), sum(1 << s for s in shifts)))
    lines = []
    box_firsts = per_layer([u[0] for u in every_unit[2 * n :]])
    for kind in range(2):
        step, across = (1, n) if kind == 0 else (n, 1)
        seg = tuple(j * step for j in range(box))
        along = tuple(t * box * step for t in range(box))
        line_firsts = per_layer([u[0] for u in every_unit[kind * n : (kind + 1) * n]])
        seg_firsts = per_layer([u[0] + t for u in every_unit[kind * n : (kind + 1) * n] for t in along])
        in_box = tuple(j * across for j in range(box))
        lines.append((
            seg, seg_firsts, sum(1 << t for t in seg),
            along, line_firsts, sum(1 << t for t in along), folds[kind][2],
            in_box, box_firsts, sum(1 << t for t in in_box), folds[2][2],
        ))
    peer_masks = tuple(sum(1 << p for p in ps) for ps in peers(box))
    kill = None
    if n * cells <= KILL_TABLE_MAX:
        kill = tuple(_kill(b, cells, peer_masks, spread_cells) for b in range(n * cells))
    return Layout(box, n, cells, every_cell, layers, spread_cells, tuple(folds), tuple(lines), peer_masks, kill)


def _kill(b: int, cells: int, peer_masks: tuple[int, ...], spread_cells: int) -> int:
    """The AND mask placing candidate bit b: its digit leaves the cell's peers, other digits leave the cell."""
    d, i = divmod(b, cells)
    return ~((peer_masks[i] << (d * cells)) | (spread_cells << i)) | (1 << b)


def propagate(x: int, placed: int, lay: Layout, locked: bool = True) -> tuple[int, int, int, int] | None:
    """Naked and hidden singles, then (if `locked`) pointing and box-line reduction, to a fixpoint;
    None on a contradiction.

    `x` holds the candidates, `placed` the candidate bits already placed (their peers cleared).
    Returns (x, placed, two, three) at the fixpoint, where `two` and `three` are the layer-0 sets of
    cells with at least two and at least three candidates (`two` is then the unsolved cells).
    Every single found in one sweep is placed before the next sweep; two placements that clash
    (same digit twice in a unit, two digits in one cell) wipe one of their own bits, which the
    `placed & ~x` test catches.
    """
    every_cell = lay.every_cell
    layers = lay.layers
    spread_cells = lay.spread_cells
    folds = lay.unit_folds
    kill = lay.kill
    while True:
        one = two = 0
        for s in layers:
            v = (x >> s) & every_cell
            two |= one & v
            one |= v
        if one != every_cell:
            return None
        new = ((one & ~two) * spread_cells) & x & ~placed
        if not new:
            singles = 0
            for shifts, firsts, spread in folds:
                once = twice = 0
                for s in shifts:
                    v = (x >> s) & firsts
                    twice |= once & v
                    once |= v
                if once != firsts:
                    return None
                singles |= ((once & ~twice) * spread) & x
            new = singles & ~placed
            if not new:
                drop = _locked(x, lay) if locked else 0
                if not drop:
                    return x, placed, two, _three(x, lay)
                x &= ~drop
                continue
        placed |= new
        if kill is not None:
            while new:
                low = new & -new
                new ^= low
                x &= kill[low.bit_length() - 1]
        else:
            cells, peer_masks = lay.cells, lay.peers
            while new:
                low = new & -new
                new ^= low
                x &= _kill(low.bit_length() - 1, cells, peer_masks, spread_cells)
        if placed & ~x:
            return None


def _three(x: int, lay: Layout) -> int:
    """The layer-0 set of cells with at least three candidates (asked once, at the fixpoint)."""
    one = two = three = 0
    every_cell = lay.every_cell
    for s in lay.layers:
        v = (x >> s) & every_cell
        three |= two & v
        two |= one & v
        one |= v
    return three


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
    x = candidates(cells, lay)
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
            digit = 1 << ((solution[i] - 1) * lay.cells + i)
            search.visit(x & ~digit, placed)
            if search.found:
                break
            x &= ~((lay.spread_cells << i) ^ digit)
    return _cells(search.found[0], lay) if search.found else None


def candidates(cells: tuple[int, ...] | list[int], lay: Layout) -> int:
    """The candidate integer of a grid (no checks): every digit everywhere, then each given fixed in its cell."""
    x = (1 << (lay.n * lay.cells)) - 1
    spread, size = lay.spread_cells, lay.cells
    for i, v in enumerate(cells):
        if v:
            x &= ~((spread << i) ^ (1 << ((v - 1) * size + i)))
    return x


def _cells(x: int, lay: Layout) -> tuple[int, ...]:
    """The digits of a solved candidate integer, row-major."""
    out = [0] * lay.cells
    for d, s in enumerate(lay.layers):
        layer = (x >> s) & lay.every_cell
        while layer:
            low = layer & -layer
            layer ^= low
            out[low.bit_length() - 1] = d + 1
    return tuple(out)


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
        row = lay.spread_cells << i
        for bit in self._branch_order(i, x & row):
            self.visit(x & ~(row ^ bit), placed)
            if len(self.found) >= self.limit:
                return

    def _branch_cell(self, x: int, two: int, three: int) -> int:
        """A cell with the fewest candidates; among those, the one with the most unsolved peers, then
        the most two-candidate peers (measured: a third fewer branchings than row-major order on the
        hardest published 9x9 lists)."""
        lay = self.lay
        peer_masks = lay.peers
        pairs = choice = two & ~three
        if not choice:
            spread, fewest = lay.spread_cells, 1 << 30
            rest = two
            while rest:
                low = rest & -rest
                rest ^= low
                count = ((x >> (low.bit_length() - 1)) & spread).bit_count()
                if count < fewest:
                    fewest, choice = count, low
                elif count == fewest:
                    choice |= low
        best, best_degree = -1, -1
        while choice:
            low = choice & -choice
            choice ^= low
            i = low.bit_length() - 1
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
            first = 1 << ((self.hint[i] - 1) * self.lay.cells + i)
            if first in order:
                order.remove(first)
                order.insert(0, first)
        if self.avoid is not None:
            last = 1 << ((self.avoid[i] - 1) * self.lay.cells + i)
            if last in order:
                order.remove(last)
                order.append(last)
        return order
