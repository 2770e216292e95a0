"""Count the solutions of a Sudoku, up to a limit, with proof.

Candidate bitmasks per cell, propagation by naked and hidden singles (then pointing and box-line
reduction), and search on the cell with fewest candidates (Norvig's assign/eliminate/search).
A search stopped by its node budget says so (`complete=False`, status "unknown"); it never answers
"unique" or "none" without exhausting the search.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from pipeline.kinds.result import SolveResult
from pipeline.kinds.sudoku.grid import Sudoku, check_sudoku, peers, units


@dataclass(frozen=True)
class Layout:
    """Per box size: each cell's peers and units, and the bit of each value (bit v-1 is value v)."""

    n: int
    peers: tuple[tuple[int, ...], ...]
    units: tuple[tuple[int, ...], ...]
    units_of: tuple[tuple[int, int, int], ...]
    """For each cell, the indices of its row, column and box in `units`."""
    all_values: int
    value_of: dict[int, int]
    """Single-bit mask -> value."""
    segments: tuple[tuple[int, ...], ...]
    """The k cells where a box meets a row or a column (row segments first)."""
    along: tuple[tuple[int, ...], ...]
    """For each segment, the other segments of its row or column."""
    beside: tuple[tuple[int, ...], ...]
    """For each segment, the other segments of its box in the same direction."""


@lru_cache(maxsize=8)
def layout(box: int) -> Layout:
    n = box * box
    units_of = tuple((i // n, n + i % n, 2 * n + (i // n // box) * box + i % n // box) for i in range(n * n))
    value_of = {1 << (v - 1): v for v in range(1, n + 1)}
    keys = [(direction, line, stack) for direction in (0, 1) for line in range(n) for stack in range(box)]
    index = {key: s for s, key in enumerate(keys)}
    segments, along, beside = [], [], []
    for direction, line, stack in keys:
        cells = [(line, stack * box + k) for k in range(box)]  # (row, column) for a row segment
        segments.append(tuple(r * n + c if direction == 0 else c * n + r for r, c in cells))
        along.append(tuple(index[direction, line, other] for other in range(box) if other != stack))
        band = line - line % box
        beside.append(tuple(index[direction, other, stack] for other in range(band, band + box) if other != line))
    return Layout(
        n, peers(box), units(box), units_of, (1 << n) - 1, value_of, tuple(segments), tuple(along), tuple(beside)
    )


class _BudgetExceeded(Exception):
    """Raised inside the search when the node budget runs out."""


def propagate(cand: list[int], todo: list[int], lay: Layout, dirty: set[int] | None = None) -> bool:
    """Shrink candidates to a fixpoint in place; False on a contradiction.

    `todo` holds cells newly reduced to one candidate whose value is not yet removed from their peers;
    `dirty` the units to scan for hidden singles (None: all of them).
    Naked singles: a cell with one candidate takes it, and its peers lose it. Hidden singles: a value
    with one place left in a unit goes there; a value with no place at all is a contradiction.
    Only units where a candidate changed are scanned again. When singles are exhausted, locked
    candidates get a turn (they halve the search on 16x16 grids).
    Hot loop: local names and plain ints for speed.
    """
    peer_lists = lay.peers
    unit_lists = lay.units
    units_of = lay.units_of
    full = lay.all_values
    if dirty is None:
        dirty = set(range(len(unit_lists)))
    while True:
        while todo:
            i = todo.pop()
            bit = cand[i]
            for p in peer_lists[i]:
                c = cand[p]
                if c & bit:
                    c ^= bit
                    if not c:
                        return False
                    cand[p] = c
                    dirty.update(units_of[p])
                    if not c & (c - 1):
                        todo.append(p)
        if not dirty:
            return True
        while dirty:
            unit = unit_lists[dirty.pop()]
            once = twice = 0
            for i in unit:
                c = cand[i]
                twice |= once & c
                once |= c
            if once != full:
                return False
            lone = once & ~twice
            while lone:
                bit = lone & -lone
                lone ^= bit
                for i in unit:
                    if cand[i] & bit:
                        if cand[i] != bit:
                            cand[i] = bit
                            todo.append(i)
                            dirty.update(units_of[i])
                        break
        if not todo:
            found = _locked_candidates(cand, todo, dirty, lay)
            if found is None:
                return False
            if not found:
                return True


def _locked_candidates(cand: list[int], todo: list[int], dirty: set[int], lay: Layout) -> bool | None:
    """Pointing and box-line reduction over the segments where a box meets a row or a column.

    A value that, within a box, only fits in one segment leaves the rest of that line; a value that,
    within a line, only fits in one segment leaves the rest of that box. True if anything changed,
    None on a contradiction.
    """
    segments = lay.segments
    union = []
    for seg in segments:
        u = 0
        for i in seg:
            u |= cand[i]
        union.append(u)
    changed = False
    for s, u in enumerate(union):
        rest_line = rest_box = 0
        for t in lay.along[s]:
            rest_line |= union[t]
        for t in lay.beside[s]:
            rest_box |= union[t]
        pointing, claiming = u & ~rest_box & rest_line, u & ~rest_line & rest_box
        for drop, others in ((pointing, lay.along[s]), (claiming, lay.beside[s])):
            if not drop:
                continue
            for t in others:
                if not union[t] & drop:
                    continue
                for i in segments[t]:
                    c = cand[i]
                    if c & drop:
                        c &= ~drop
                        if not c:
                            return None
                        cand[i] = c
                        dirty.update(lay.units_of[i])
                        if not c & (c - 1):
                            todo.append(i)
                union[t] &= ~drop
                changed = True
    return changed


def solve(
    s: Sudoku, limit: int = 2, *, node_limit: int | None = None, hint: tuple[int, ...] | None = None
) -> SolveResult[tuple[int, ...]]:
    """Find up to `limit` solutions; `limit=2` proves uniqueness.

    `node_limit` bounds the number of branchings; hitting it gives `complete=False`. `hint`, a known
    solution, is tried first at every branching, so proving that no *other* solution exists costs
    little more than one propagation along the known one.
    """
    if limit < 1:
        raise ValueError(f"limit must be at least 1, not {limit}")
    check_sudoku(s)
    lay = layout(s.box)
    cand = [lay.all_values] * (lay.n * lay.n)
    todo = []
    for i, v in enumerate(s.cells):
        if v:
            cand[i] = 1 << (v - 1)
            todo.append(i)
    search = _Search(lay, limit, node_limit, hint)
    try:
        if propagate(cand, todo, lay):
            search.visit(cand)
    except _BudgetExceeded:
        search.budget_hit = True
    value_of = lay.value_of
    solutions = tuple(tuple(value_of[c] for c in found) for found in search.found[:limit])
    complete = not search.budget_hit and len(search.found) < limit
    return SolveResult(solutions, complete, search.nodes)


class _Search:
    """Depth-first search over propagated candidate lists, branching on the cell with fewest candidates."""

    def __init__(self, lay: Layout, limit: int, node_limit: int | None, hint: tuple[int, ...] | None) -> None:
        self.lay = lay
        self.limit = limit
        self.node_limit = node_limit
        self.hint = hint
        self.found: list[list[int]] = []
        self.nodes = 0
        self.budget_hit = False

    def visit(self, cand: list[int]) -> None:
        """`cand` is already propagated; the first cell (row-major) among the fewest candidates branches."""
        best, best_count = -1, 1 << 30
        for i, c in enumerate(cand):
            if c & (c - 1):
                count = c.bit_count()
                if count < best_count:
                    best, best_count = i, count
                    if count == 2:
                        break
        if best < 0:
            self.found.append(cand)
            return
        self.nodes += 1
        if self.node_limit is not None and self.nodes > self.node_limit:
            raise _BudgetExceeded
        for bit in self._branch_order(best, cand[best]):
            child = cand.copy()
            child[best] = bit
            if propagate(child, [best], self.lay, set(self.lay.units_of[best])):
                self.visit(child)
            if len(self.found) >= self.limit:
                return

    def _branch_order(self, i: int, options: int) -> list[int]:
        """The hinted value first (if still possible), then the others from low to high."""
        order = []
        if self.hint is not None and self.hint[i] and options >> (self.hint[i] - 1) & 1:
            first = 1 << (self.hint[i] - 1)
            order.append(first)
            options ^= first
        while options:
            bit = options & -options
            options ^= bit
            order.append(bit)
        return order
