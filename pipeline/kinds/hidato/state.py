"""The logical solver's working state: candidate cells per number, the numbers placed so far, and
the contradiction raised when the candidates admit no solution.

Its own module so that the techniques, the trial (logic.py, probe.py) and the words for each step
(explain.py) all read it without importing each other. It holds no technique itself.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import compress, islice
from operator import not_
from typing import TYPE_CHECKING

from pipeline.kinds.hidato.solve import Geometry

if TYPE_CHECKING:
    from pipeline.kinds.hidato.probe import Probes


class Contradiction(Exception):
    """The candidates admit no solution; `number` is the number left without a place, 0 if none."""

    def __init__(self, number: int = 0) -> None:
        super().__init__(number)
        self.number = number


class CellMemo:
    """A function of a cell set (one of the geometry's), remembered once per number: most numbers'
    candidates stay the same from one sweep of a technique to the next, so most asks are repeats."""

    __slots__ = ("asked", "answer", "fn")

    def __init__(self, n: int, fn: Callable[[int], int]) -> None:
        self.fn = fn
        self.asked = [-1] * (n + 2)
        """asked[k]: the cell set last asked about for number k (-1: none yet)."""
        self.answer = [0] * (n + 2)

    def of(self, k: int, cells: int) -> int:
        """`fn(cells)`, asked on number k's behalf."""
        if self.asked[k] != cells:
            self.asked[k] = cells
            self.answer[k] = self.fn(cells)
        return self.answer[k]


class State:
    """Candidate cells per number (cand[k], as in solve.py) plus the numbers placed so far.

    cand[k] may still hold cells other numbers have since taken: readers mask with `~taken`.
    `pos[k]` is k's cell bit once placed, else 0. `log` collects Step records when explaining.
    """

    __slots__ = (
        "_unplaced", "cand", "cursor", "geo", "left", "log", "n", "pos", "probes", "settled", "taken", "touch",
        "touch_twice",
    )

    def __init__(self, cand: list[int], n: int, geo: Geometry, log: list | None = None,
                 twin_of: State | None = None) -> None:
        if twin_of is not None:  # copy(): built through __init__, as a compiled class must be
            self._twin(twin_of, log)
            return
        self.n = n
        self.geo = geo
        self.cand = list(cand)
        self.pos = [0] * (n + 2)
        self.taken = 0
        self.left = n
        self.log = log
        self.cursor = (0, 0)
        """The (number, cell bit) the last trial ruled out: the next one looks on from there (logic.trial)."""
        self.settled: set[tuple] = set()
        """Gaps whose routes were listed with exactly these inputs: listing again would find nothing new."""
        self.probes: Probes | None = None
        """The trial probes remembered so far (logic.trial; probe.py), made on first use."""
        self._unplaced: tuple[int, list[int]] = (-1, [])
        """(left, the unplaced numbers) as last listed: every technique asks, most often for the same list."""
        self.touch = CellMemo(n, geo.touch)
        """`geo.touch` of the cells around each number, as last asked (distance windows)."""
        self.touch_twice = CellMemo(n, geo.touch_twice)
        """`geo.touch_twice` of the cells around each number, as last asked (two neighbours)."""
        self._pin_givens()

    def _pin_givens(self) -> None:
        """Place every number with one candidate, and narrow its unplaced chain neighbours to the cells
        beside it; raises Contradiction if two share a cell, two placed neighbours do not touch or a
        number is left without a free cell. (Hot: every uniqueness test of the generator starts here.)"""
        n, nbrs, cand, pos = self.n, self.geo.nbrs, self.cand, self.pos
        taken = 0
        placed = []
        for k in range(1, n + 1):
            c = cand[k]
            if c.bit_count() == 1:
                if c & taken:
                    raise Contradiction(k)
                pos[k] = c
                taken |= c
                placed.append(k)
        self.taken = taken
        self.left = n - len(placed)
        for k in placed:
            near = nbrs[pos[k].bit_length() - 1]
            for j in (k - 1, k + 1):
                if 1 <= j <= n:
                    if pos[j]:
                        if not pos[j] & near:
                            raise Contradiction(j)
                    else:
                        cand[j] &= near
        free = ~taken
        for k in self.unplaced():
            if not cand[k] & free:
                raise Contradiction(k)

    def copy(self, log: list | None = None) -> State:
        return State(self.cand, self.n, self.geo, log, twin_of=self)

    def _twin(self, other: State, log: list | None) -> None:
        """These fields set as `other`'s, to change without touching it (no given is pinned again)."""
        self.n, self.geo, self.cand, self.pos = other.n, other.geo, other.cand.copy(), other.pos.copy()
        self.taken, self.left, self.log, self.cursor = other.taken, other.left, log, other.cursor
        self.settled = other.settled.copy()
        self.probes = None
        self._unplaced = other._unplaced
        self.touch, self.touch_twice = other.touch, other.touch_twice  # (answers that hold for any state)

    def place(self, k: int, bit: int) -> None:
        """Put k on `bit`: its chain neighbours k-1 and k+1 must then touch that cell."""
        if bit & self.taken:
            raise Contradiction(k)
        self.cand[k] = bit
        self.pos[k] = bit
        self.taken |= bit
        self.left -= 1
        near = self.geo.nbrs[bit.bit_length() - 1]
        free = ~self.taken
        for j in (k - 1, k + 1):
            if 1 <= j <= self.n:
                placed = self.pos[j]
                if placed:
                    if not placed & near:
                        raise Contradiction(j)
                else:
                    c = self.cand[j] & near
                    if not c & free:
                        raise Contradiction(j)
                    self.cand[j] = c

    def unplaced(self) -> list[int]:
        """The numbers not placed yet, ascending (a shared list: callers must not change it)."""
        left, listed = self._unplaced
        if left != self.left:
            listed = list(compress(range(1, self.n + 1), map(not_, islice(self.pos, 1, self.n + 1))))
            self._unplaced = (self.left, listed)
        return listed

    def remaining(self) -> list[int]:
        """Every number's cells as the search reads them: its cell once placed, else its candidates not
        taken (index 0 unused). Reasoning only rules out what no solution has, so a search from these
        finds exactly the solutions it would have found from the givens."""
        free = ~self.taken
        pos, cand = self.pos, self.cand
        return [0] + [pos[k] or cand[k] & free for k in range(1, self.n + 1)]

    def solution(self) -> list[int]:
        """The cell bit of every number (index 0 unused); only meaningful once `left` is 0."""
        return self.pos[: self.n + 1]
