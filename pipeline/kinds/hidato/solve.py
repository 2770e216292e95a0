"""Count the solutions of a Hidato/Numbrix board, up to a limit, with proof.

Constraint propagation over candidate-cell bitmasks plus search on the most constrained number.
A search stopped by its node budget says so (`complete=False`, status "unknown"); it never
answers "unique" or "none" without having exhausted the search space.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

from pipeline.kinds.hidato.board import Adjacency, Board, Grid, Mask, check_board
from pipeline.kinds.result import SolveResult


@dataclass(frozen=True)
class Geometry:
    """A board outline as bitmasks: bit r*stride+c is cell (r, c); stride = width+1 keeps rows apart."""

    height: int
    width: int
    stride: int
    open_mask: int
    nbrs: tuple[int, ...]
    """For each bit index: the open cells touching it (not the cell itself)."""
    touch: Callable[[int], int]
    """The open cells touching at least one cell of a set (a set's own cells only if they touch each other)."""
    touch_twice: Callable[[int], int]
    """The open cells touching at least two cells of a set."""
    connected: bool
    """Every open cell reaches every other one through open cells."""

    def bit(self, r: int, c: int) -> int:
        return 1 << (r * self.stride + c)

    def coord(self, bit: int) -> tuple[int, int]:
        return divmod(bit.bit_length() - 1, self.stride)


@lru_cache(maxsize=64)
def geometry(mask: Mask, adjacency: Adjacency) -> Geometry:
    """Bitmask helpers for one outline; shifts that leave a row land in the always-blocked padding column."""
    height = len(mask)
    width = len(mask[0]) if mask else 0
    stride = width + 1
    open_mask = 0
    for r, row in enumerate(mask):
        for c, is_open in enumerate(row):
            if is_open:
                open_mask |= 1 << (r * stride + c)

    if adjacency == "king":

        def touch(m: int) -> int:
            h = m | (m << 1) | (m >> 1)
            return ((m << 1) | (m >> 1) | (h << stride) | (h >> stride)) & open_mask

        def touch_twice(m: int) -> int:
            # Saturating two-bit count of neighbours, row by row: left/right first, then the rows
            # above and below (each contributing its own count of 0..3 cells).
            left, right = m << 1, m >> 1
            once_h = left | right
            twice_h = left & right
            row_once = once_h | m
            row_twice = twice_h | (once_h & m)
            up_once, up_twice = row_once << stride, row_twice << stride
            down_once, down_twice = row_once >> stride, row_twice >> stride
            twice = twice_h | up_twice | down_twice | (once_h & up_once) | (once_h & down_once) | (up_once & down_once)
            return twice & open_mask

    else:

        def touch(m: int) -> int:
            return ((m << 1) | (m >> 1) | (m << stride) | (m >> stride)) & open_mask

        def touch_twice(m: int) -> int:
            a, b, c, d = m << 1, m >> 1, m << stride, m >> stride
            return ((a & (b | c | d)) | (b & (c | d)) | (c & d)) & open_mask

    nbrs = tuple(touch(1 << i) if open_mask >> i & 1 else 0 for i in range(height * stride))
    reached = open_mask & -open_mask
    while reached:
        grown = reached | touch(reached)
        if grown == reached:
            break
        reached = grown
    return Geometry(height, width, stride, open_mask, nbrs, touch, touch_twice, reached == open_mask)


class _BudgetExceeded(Exception):
    """Raised inside the search when the node budget runs out."""


def propagate(cand: list[int], n: int, geo: Geometry, taken: int | None = None) -> int | None:
    """Shrink each number's candidate cells to a fixpoint; the pinned cells, or None on a contradiction.

    `taken`, when given, must be exactly the cells of the pinned numbers, already checked
    (the search passes its parent's, plus the one cell it just pinned).

    cand[k] (1 <= k <= n) is the set of cells number k may still occupy. Cheap rules run to a
    fixpoint first, then the costlier ones (see `_strong_rules`) get a turn:
    - a number with one candidate owns that cell: no other number may use it;
    - k's cell touches a candidate of k-1 and of k+1 (the distance windows between givens
      follow from this, measured through open cells rather than as the crow flies);
    - every open cell needs some number, and a cell only one number can reach gets it.
    Hot loop: local names and plain ints for speed.
    """
    touch = geo.touch
    nbrs = geo.nbrs
    open_mask = geo.open_mask
    if taken is None:
        taken = _pinned_cells(cand, n, nbrs)
        if taken is None:
            return None
    loose = range(1, n + 1)
    while True:
        loose = [k for k in loose if cand[k] & (cand[k] - 1)]  # pinned numbers never come loose
        if not loose:
            return taken
        free = ~taken
        changed = False

        # Forward: k sits next to some candidate of k-1.
        for k in loose:
            c = cand[k]
            if k > 1:
                prev = cand[k - 1]
                new = c & (nbrs[prev.bit_length() - 1] if prev & (prev - 1) == 0 else touch(prev)) & free
            else:
                new = c & free
            if new != c:
                if not new:
                    return None
                cand[k] = new
                changed = True
                if new & (new - 1) == 0:
                    taken |= new
                    free = ~taken

        # Backward: k sits next to some candidate of k+1.
        for k in reversed(loose):
            if k == n:
                continue
            c = cand[k]
            nxt = cand[k + 1]
            reach = nbrs[nxt.bit_length() - 1] if nxt & (nxt - 1) == 0 else touch(nxt)
            if c & (c - 1) == 0:
                if not c & reach:
                    return None
                continue
            new = c & reach & free
            if new != c:
                if not new:
                    return None
                cand[k] = new
                changed = True
                if new & (new - 1) == 0:
                    taken |= new
                    free = ~taken

        # Every open cell must be somebody's; a cell only one number reaches is that number's.
        once = twice = 0
        for k in loose:
            c = cand[k]
            twice |= once & c
            once |= c
        if once | taken != open_mask:
            return None
        lonely = once & ~twice & free
        while lonely:
            bit = lonely & -lonely
            lonely ^= bit
            for k in loose:
                c = cand[k]
                if c & bit:
                    if c != bit:
                        near = nbrs[bit.bit_length() - 1]
                        for j in (k - 1, k + 1):
                            if 1 <= j <= n and cand[j] & (cand[j] - 1) == 0 and not cand[j] & near:
                                return None
                        cand[k] = bit
                        taken |= bit
                        changed = True
                    break
        if changed:
            continue
        verdict = _strong_rules(cand, n, geo, taken)
        if verdict is None:
            return taken
        if verdict is False:
            return None
        taken = _pinned_cells(cand, n, nbrs)
        if taken is None:
            return None


def _pinned_cells(cand: list[int], n: int, nbrs: tuple[int, ...]) -> int | None:
    """The cells of numbers with one candidate; None if two share a cell or pinned k, k+1 do not touch."""
    taken = 0
    prev = 0
    for k in range(1, n + 1):
        c = cand[k]
        if c & (c - 1) == 0:
            if c == 0 or c & taken:
                return None
            taken |= c
            if prev and prev & (prev - 1) == 0 and not prev & nbrs[c.bit_length() - 1]:
                return None
        prev = c
    return taken


def _strong_rules(cand: list[int], n: int, geo: Geometry, taken: int) -> bool | None:
    """Costlier rules, run once the cheap ones are stuck.

    - k's cell needs two different neighbours for k-1 and k+1, so it touches at least two cells
      of cand[k-1] | cand[k+1] (one suffices for 1 and N, which have a single path neighbour);
    - each connected pocket of free cells needs at least as many numbers able to enter it as it
      has cells, and the numbers confined to it must fit in it.
    Returns False on a contradiction, True when something changed, None when nothing did.
    """
    touch_twice = geo.touch_twice
    changed = False
    for k in range(2, n):
        c = cand[k]
        if c & (c - 1):
            new = c & touch_twice(cand[k - 1] | cand[k + 1])
            if new != c:
                if not new:
                    return False
                cand[k] = new
                changed = True
    if changed:
        return True

    free = geo.open_mask & ~taken
    touch = geo.touch
    while free:
        pocket = free & -free
        while True:
            grown = (pocket | touch(pocket)) & free
            if grown == pocket:
                break
            pocket = grown
        free &= ~pocket
        size = pocket.bit_count()
        entering = confined = 0
        for k in range(1, n + 1):
            c = cand[k]
            if c & pocket and c & (c - 1):
                entering += 1
                if not c & ~pocket:
                    confined += 1
        if entering < size or confined > size:
            return False
    return None


def initial_candidates(board: Board, geo: Geometry) -> list[int]:
    """cand[k] for k = 0..n: givens pinned, every other number anywhere not given."""
    n = board.size
    given_cells = 0
    pinned: dict[int, int] = {}
    for k, (r, c) in board.givens().items():
        bit = geo.bit(r, c)
        pinned[k] = bit
        given_cells |= bit
    anywhere = geo.open_mask & ~given_cells
    return [0] + [pinned.get(k, anywhere) for k in range(1, n + 1)]


def solve(
    board: Board,
    limit: int = 2,
    *,
    node_limit: int | None = None,
    hint: Grid | None = None,
) -> SolveResult[Grid]:
    """Find up to `limit` solutions; `limit=2` proves uniqueness.

    `node_limit` bounds the number of search branchings; hitting it gives `complete=False`.
    `hint`, a known solution, is tried first at every branching: proving that no *other*
    solution exists then costs little more than the propagation along the known one.
    """
    check_board(board, connectivity=False)
    geo = geometry(board.mask(), board.adjacency)
    if not geo.connected:
        check_board(board)  # raises, naming the cut-off cell
    cand = initial_candidates(board, geo)
    hint_bits = hint_candidates(hint, geo) if hint is not None else None
    search = Search(board.size, geo, limit, node_limit, hint_bits)
    search.run(cand)
    solutions = tuple(_to_grid(board, geo, sol) for sol in search.found[:limit])
    return SolveResult(solutions, complete=search.complete, nodes=search.nodes)


class Search:
    """Depth-first search over propagated candidate lists, branching on the number with fewest cells."""

    def __init__(
        self, n: int, geo: Geometry, limit: int, node_limit: int | None, hint_bits: list[int] | None
    ) -> None:
        self.n = n
        self.geo = geo
        self.limit = limit
        self.node_limit = node_limit
        self.hint_bits = hint_bits
        self.found: list[list[int]] = []
        self.nodes = 0
        self.budget_hit = False

    @property
    def complete(self) -> bool:
        """True when the search space was exhausted: no budget stop and fewer than `limit` found."""
        return not self.budget_hit and len(self.found) < self.limit

    def run(self, cand: list[int]) -> None:
        try:
            self._visit(cand, None)
        except _BudgetExceeded:
            self.budget_hit = True

    def _visit(self, cand: list[int], taken: int | None) -> None:
        n = self.n
        taken = propagate(cand, n, self.geo, taken)
        if taken is None:
            return
        best_k, best_count = 0, 1 << 30
        for k in range(1, n + 1):
            c = cand[k]
            if c & (c - 1):
                count = c.bit_count()
                if count < best_count:
                    best_k, best_count = k, count
                    if count == 2:
                        break
        if not best_k:
            self.found.append(cand)
            return
        self.nodes += 1
        if self.node_limit is not None and self.nodes > self.node_limit:
            raise _BudgetExceeded
        for bit in self._branch_order(best_k, cand[best_k]):
            child = cand.copy()
            child[best_k] = bit
            self._visit(child, taken | bit)
            if len(self.found) >= self.limit:
                return

    def _branch_order(self, k: int, options: int) -> list[int]:
        """The hinted cell first (if still possible), then the others in cell order."""
        order = []
        if self.hint_bits is not None and options & self.hint_bits[k]:
            order.append(self.hint_bits[k])
            options &= ~self.hint_bits[k]
        while options:
            bit = options & -options
            options ^= bit
            order.append(bit)
        return order


def hint_candidates(hint: Grid, geo: Geometry) -> list[int]:
    """A known solution as one pinned cell per number, in the layout of a candidate list."""
    bits = [0] * (sum(v is not None for row in hint for v in row) + 1)
    for r, row in enumerate(hint):
        for c, v in enumerate(row):
            if v:
                bits[v] = geo.bit(r, c)
    return bits


def _to_grid(board: Board, geo: Geometry, cand: list[int]) -> Grid:
    rows = [list(row) for row in board.grid]
    for k in range(1, len(cand)):
        r, c = geo.coord(cand[k])
        rows[r][c] = k
    return tuple(tuple(row) for row in rows)
