"""Count the solutions of a Sudoku variant, up to a limit, with proof: any houses, any cages.

Candidates are one bitmask per cell (bit d-1 for digit d). Each node of the search propagates to a
fixpoint: a cell with one candidate is placed and its digit leaves its peers (its houses' and its
cage's other cells); a digit with one place left in a house goes there; a digit with no place in a
house, or a cell with no candidate, is a contradiction. Killer cages add sums: of the digit sets
their total allows (cages.combos), only those every open cell can still draw from, all digits of
which still have a place, survive; each cell keeps the digits of the survivors, and a digit all of
them hold with one place left goes there. The rule of 45 adds a cage per house: the cells its whole
cages leave, which sum to the rest.

The search branches on a cell with the fewest candidates (the first such, row-major; a branching
tries the hinted digit first, then low to high, or in an order drawn from `rng` when filling an
empty grid). A search stopped by its node budget says so (`complete` False); it never answers
"unique" or "none" without exhausting the tree.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import lru_cache

from pipeline.kinds.result import SolveResult
from pipeline.kinds.sudoku.houses import Houses
from pipeline.kinds.variants.cages import combos

SEARCH_WORK = 5_000_000
"""Branchings a search may take when its caller sets no limit, times the grid's cells (as Sudoku's)."""


@dataclass(frozen=True)
class Rules:
    """The houses and cages as the search reads them, built once per set of rules."""

    n: int
    full: int
    units: tuple[tuple[int, ...], ...]
    peers: tuple[tuple[int, ...], ...]
    cages: tuple[tuple[int, tuple[int, ...], tuple[int, ...]], ...]
    """Per cage: its total, its cells, and the digit sets (as masks) the total allows; then the rule of
    45's cages (see _innies)."""
    cage_of: tuple[int, ...]
    """Per cell, its cage's index, or -1."""


@lru_cache(maxsize=64)
def rules(houses: Houses) -> Rules:
    n = houses.n
    units = houses.units()
    groups_of: list[list[tuple[int, ...]]] = [[] for _ in range(n * n)]  # the houses and cage of each cell
    for group in (*units, *(cage.cells for cage in houses.cages)):
        for i in group:
            groups_of[i].append(group)
    cage_of = [-1] * (n * n)
    cages = []
    for k, cage in enumerate(houses.cages):
        for i in cage.cells:
            cage_of[i] = k
        cages.append((cage.total, cage.cells, combos(n, len(cage.cells), cage.total)))
    cages += _innies(houses, units)
    return Rules(n, (1 << n) - 1, units, _peers(groups_of), tuple(cages), tuple(cage_of))


def _peers(groups_of: list[list[tuple[int, ...]]]) -> tuple[tuple[int, ...], ...]:
    """Per cell, the other cells of its houses and cage, ascending (each cell's groups walked once, a
    stamp per cell keeping the first sighting)."""
    stamp = [-1] * len(groups_of)
    peers = []
    for i, groups in enumerate(groups_of):
        stamp[i] = i
        found = []
        for group in groups:
            for j in group:
                if stamp[j] != i:
                    stamp[j] = i
                    found.append(j)
        found.sort()
        peers.append(tuple(found))
    return tuple(peers)


def _innies(houses: Houses, units: tuple[tuple[int, ...], ...]) -> list[tuple[int, tuple[int, ...], tuple[int, ...]]]:
    """The rule of 45 as cages of its own: each house's cells outside the cages wholly inside it (its
    innies) hold different digits (one house) summing to n(n+1)/2 less those cages' totals."""
    if not houses.cages:
        return []
    n = houses.n
    owner = [0] * (n * n)
    for k, cage in enumerate(houses.cages):
        for i in cage.cells:
            owner[i] = k
    found = []
    for unit in units:
        inside = set(unit)
        whole = {owner[i] for i in unit if inside.issuperset(houses.cages[owner[i]].cells)}
        innies = tuple(i for i in unit if owner[i] not in whole)
        if 0 < len(innies) < n:
            total = n * (n + 1) // 2 - sum(houses.cages[k].total for k in whole)
            found.append((total, innies, combos(n, len(innies), total)))
    return found


def default_node_limit(cells: int) -> int:
    return max(1_000, SEARCH_WORK // max(cells, 1))


class BudgetExceeded(Exception):
    """Raised inside the search when its node budget runs out."""


def candidates(rules: Rules, cells: tuple[int, ...] | list[int]) -> list[int] | None:
    """Every digit in every open cell, each given alone in its cell; None when the givens clash."""
    cand = [rules.full] * len(cells)
    for i, v in enumerate(cells):
        if v:
            if not cand[i] >> (v - 1) & 1:
                return None
            cand[i] = 1 << (v - 1)
            for p in rules.peers[i]:
                cand[p] &= ~(1 << (v - 1))
    return cand


def propagate(rules: Rules, cand: list[int], done: list[bool]) -> bool:
    """Singles and cage sums to a fixpoint, in place; False on a contradiction. `done` marks the
    cells whose digit has already left their peers."""
    peers, units, full = rules.peers, rules.units, rules.full
    cells = len(cand)
    while True:
        progress = False
        for i in range(cells):
            c = cand[i]
            if done[i]:
                continue
            if c == 0:
                return False
            if c & (c - 1) == 0:
                done[i] = True
                progress = True
                for p in peers[i]:
                    if cand[p] & c:
                        cand[p] &= ~c
                        if cand[p] == 0:
                            return False
        if progress:
            continue
        for unit in units:
            once = twice = 0
            for i in unit:
                c = cand[i]
                twice |= once & c
                once |= c
            if once != full:
                return False
            single = once & ~twice
            while single:
                bit = single & -single
                single ^= bit
                for i in unit:
                    if cand[i] & bit:
                        if cand[i] != bit:
                            cand[i] = bit
                            progress = True
                        break
        if progress:
            continue
        for total, members, allowed in rules.cages:
            if not _cage(cand, members, allowed):
                return False
            for i in members:
                if not done[i] and cand[i] & (cand[i] - 1) == 0:
                    progress = True
        if not progress:
            return True


def _cage(cand: list[int], members: tuple[int, ...], allowed: tuple[int, ...]) -> bool:
    """Narrow a cage's cells to the digit sets its total allows that they can still fill; False when
    none can. A set survives when every cell has a candidate in it and each of its digits a cell."""
    keep = 0
    need = -1
    every = 0
    for i in members:
        every |= cand[i]
    for combo in allowed:
        if combo & ~every:
            continue
        reach = 0
        fits = True
        for i in members:
            here = cand[i] & combo
            if not here:
                fits = False
                break
            reach |= here
        if fits and reach == combo:
            keep |= combo
            need &= combo
    if not keep:
        return False
    for i in members:
        cand[i] &= keep
        if not cand[i]:
            return False
    while need:  # a digit every surviving set holds, with one place left in the cage, goes there
        bit = need & -need
        need ^= bit
        place = -1
        for i in members:
            if cand[i] & bit:
                if place >= 0:
                    place = -2
                    break
                place = i
        if place == -1:
            return False
        if place >= 0:
            cand[place] = bit
    return True


class _Search:
    def __init__(self, rules: Rules, limit: int, node_limit: int | None, hint: tuple[int, ...] | None,
                 rng: random.Random | None) -> None:
        self.rules = rules
        self.limit = limit
        self.node_limit = node_limit
        self.hint = hint
        self.rng = rng
        self.found: list[tuple[int, ...]] = []
        self.nodes = 0

    def visit(self, cand: list[int], done: list[bool]) -> None:
        if not propagate(self.rules, cand, done):
            return
        best, fewest = -1, 99
        for i, c in enumerate(cand):
            if not done[i]:
                count = c.bit_count()
                if count < fewest:
                    best, fewest = i, count
                    if count == 2:
                        break
        if best < 0:
            self.found.append(tuple(c.bit_length() for c in cand))
            return
        self.nodes += 1
        if self.node_limit is not None and self.nodes > self.node_limit:
            raise BudgetExceeded
        for bit in self._order(best, cand[best]):
            trial = cand.copy()
            trial[best] = bit
            self.visit(trial, done.copy())
            if len(self.found) >= self.limit:
                return

    def _order(self, i: int, options: int) -> list[int]:
        order = []
        while options:
            low = options & -options
            options ^= low
            order.append(low)
        if self.rng is not None:
            self.rng.shuffle(order)
        if self.hint is not None and self.hint[i]:
            first = 1 << (self.hint[i] - 1)
            if first in order:
                order.remove(first)
                order.insert(0, first)
        return order


def solve(houses: Houses, cells: tuple[int, ...] | list[int], limit: int = 2, *, node_limit: int | None = None,
          hint: tuple[int, ...] | None = None, rng: random.Random | None = None) -> SolveResult[tuple[int, ...]]:
    """Up to `limit` solutions (`limit=2` proves uniqueness), found by the search above. `hint`, a
    known solution, is tried first at every branching, so proving no other exists costs little more
    than following it. Raises nothing for an over-budget search: `complete` is False instead."""
    if limit < 1:
        raise ValueError(f"limit must be at least 1, not {limit}")
    found = rules(houses)
    search = _Search(found, limit, node_limit, hint, rng)
    cand = candidates(found, cells)
    complete = True
    if cand is not None:
        try:
            search.visit(cand, [False] * len(cand))
        except BudgetExceeded:
            complete = False
    solutions = tuple(search.found[:limit])
    return SolveResult(solutions, complete and len(search.found) < limit, search.nodes)
