"""Remove givens from a fully numbered board while the puzzle keeps exactly one solution.

Every removal is kept only with a proof that the puzzle is still unique:
- by reasoning (`logic.solvable_candidates` up to a level): reasoning that places every number is
  sound, so it proves uniqueness, and it also caps how hard the puzzle gets;
- by search (expert only): the puzzle before the removal was unique, so a second solution would
  have to put the removed number k somewhere else. The search looks for exactly that (k barred from
  its cell, the known solution tried first elsewhere), which keeps a test near a few milliseconds.
  A search that runs out of its node budget keeps the given: sparsity may suffer, uniqueness never.
  Another solution settles a test the same way before any search (the search would find one or run
  out of budget, and the given stays either way): so the other solutions met so far are kept and
  checked first, then a small search near k (the stretch of path between the givens two places
  either side of it, everything else as in the solution), which finds most of them for a fraction
  of the cost; only then the full search.
  With a trial budget, a removal the search allows is kept only if reasoning with at most that many
  trial steps still solves the puzzle (the search goes first: it rejects faster). Without one, an
  expert puzzle can need hundreds of trial steps, far more than the published puzzles of the corpus
  (at most 14 on 10x10 boards, 8 for Numbrix; some 6x6-8x8 ones about one per cell).

When search can spare no given at all (the puzzle would stay a hard one), expert digging goes on with
swaps: put one removed given back, then try to remove the givens nearest
to it; a swap that frees two is a net gain, one that frees one moves the puzzle sideways to a place
where other removals may work. A budget of tests bounds the time.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from pipeline.kinds.hidato.board import Board
from pipeline.kinds.hidato.logic import solvable_candidates
from pipeline.kinds.hidato.solve import Search, geometry

LOGIC_LEVELS = ("easy", "medium", "hard")
NODE_LIMIT = 300
"""Search branchings allowed per removal test; a test that needs more keeps its given."""
SWAP_NEAR = 6
"""Givens tried for removal after each swap: the nearest ones to the given put back."""
NEAR_GIVENS = 2
"""The search near a removed number k re-routes the path between the givens this many places either side of k."""
NEAR_NODES = 50
"""Branchings the search near k may take before the full search decides (it only ever finds, never proves)."""


@dataclass(frozen=True)
class DigResult:
    puzzle: Board
    tests: int
    """Uniqueness tests run (removals and swaps)."""
    budget_stops: int
    """Removals refused only because the node budget ran out before the proof finished (with no other
    solution known: see `_Digger.unique_without`)."""
    searched: int
    """Givens removed with a search proof (beyond what reasoning up to hard could spare)."""


class _Digger:
    """The solution as candidate bitmasks, and which numbers are still given."""

    def __init__(self, solution: Board, max_trials: int | None = None) -> None:
        self.solution = solution
        self.max_trials = max_trials
        self.geo = geometry(solution.mask(), solution.adjacency)
        self.n = solution.size
        self.where = [0] * (self.n + 1)
        for k, (r, c) in solution.givens().items():
            self.where[k] = self.geo.bit(r, c)
        self.given = [False] + [True] * self.n
        self.count = self.n
        self.tests = 0
        self.budget_stops = 0
        self.others: list[int] = []
        """For each other solution met (of a puzzle with fewer givens), the numbers it moves, as bits."""

    def candidates(self) -> list[int]:
        taken = 0
        for k in range(1, self.n + 1):
            if self.given[k]:
                taken |= self.where[k]
        anywhere = self.geo.open_mask & ~taken
        return [0] + [self.where[k] if self.given[k] else anywhere for k in range(1, self.n + 1)]

    def solvable(self, level: str, max_trials: int | None = None) -> bool:
        self.tests += 1
        return solvable_candidates(self.candidates(), self.n, self.geo, level, max_trials=max_trials)

    def expert_proof(self, k: int, node_limit: int) -> bool:
        """Unique with k just removed (search), and within the trial budget when there is one."""
        if not self.unique_without(k, node_limit):
            return False
        return self.max_trials is None or self.solvable("expert", self.max_trials)

    def unique_without(self, k: int, node_limit: int) -> bool:
        """Proved unique with k just removed (the puzzle with k given being unique).

        The answer is the full search's; another solution answers no just as it does (it would find
        one or run out of budget), so a known one or one found near k answers first.
        """
        self.tests += 1
        cand = self.candidates()
        cand[k] &= ~self.where[k]
        if self.known_other(k) or self.other_near(k, cand):
            return False
        search = Search(self.n, self.geo, limit=1, node_limit=node_limit, hint_bits=self.where)
        search.run(cand)
        if search.found:
            self.remember(search.found[0])
        if search.budget_hit:
            self.budget_stops += 1
        return not search.found and not search.budget_hit

    def known_other(self, k: int) -> bool:
        """Some solution met before moves k and no number given now (k just removed): a second solution."""
        given = self.given_bits()
        return any(moved >> k & 1 and not moved & given for moved in self.others)

    def other_near(self, k: int, cand: list[int]) -> bool:
        """Found another solution that differs from the solution only between the givens NEAR_GIVENS
        places either side of k (the cells of that stretch shared out anew); remembered if so.

        A solution of these narrower candidates is one of `cand`'s, with k off its cell.
        """
        first, last = self.givens_around(k, NEAR_GIVENS)
        cells = 0
        for j in range(first, last + 1):
            cells |= self.where[j]
        near = [self.where[j] for j in range(first)] + [c & cells for c in cand[first : last + 1]]
        near += self.where[last + 1 :]
        search = Search(self.n, self.geo, limit=1, node_limit=NEAR_NODES, hint_bits=self.where)
        search.run(near)
        if search.found:
            self.remember(search.found[0])
        return bool(search.found)

    def givens_around(self, k: int, count: int) -> tuple[int, int]:
        """The given numbers `count` places below and above k (1 and N at the ends: always given)."""
        first = last = k
        for _ in range(count):
            first = max(1, first - 1)
            while not self.given[first]:
                first -= 1
            last = min(self.n, last + 1)
            while not self.given[last]:
                last += 1
        return first, last

    def remember(self, other: list[int]) -> None:
        """Keep another solution (a full candidate list) as the numbers it moves."""
        self.others.append(sum(1 << j for j in range(1, self.n + 1) if other[j] != self.where[j]))

    def given_bits(self) -> int:
        return sum(1 << j for j in range(1, self.n + 1) if self.given[j])

    def remove(self, k: int, keep_if: str | int, floor: int = 0) -> bool:
        """Remove k if the test (a level name, or a search node limit) still proves uniqueness."""
        if not self.given[k] or k in (1, self.n) or self.count <= floor:
            return False
        self.given[k] = False
        proved = self.solvable(keep_if) if isinstance(keep_if, str) else self.expert_proof(k, keep_if)
        if proved:
            self.count -= 1
            return True
        self.given[k] = True
        return False

    def swaps(self, rng: random.Random, budget: int, node_limit: int) -> None:
        """Put one removed given back and free the givens near it, until the puzzle needs more than
        hard reasoning or `budget` tests are spent (each swap costs at least one)."""
        stop = self.tests + budget
        coord = [self.geo.coord(bit) if bit else (0, 0) for bit in self.where]
        for _ in range(budget):
            removed = [k for k in range(2, self.n) if not self.given[k]]
            if not removed or self.tests >= stop:
                return
            back = rng.choice(removed)
            self.given[back] = True
            self.count += 1
            br, bc = coord[back]
            near = [k for k in range(2, self.n) if self.given[k] and k != back]
            rng.shuffle(near)
            near.sort(key=lambda k: max(abs(coord[k][0] - br), abs(coord[k][1] - bc)))
            freed = sum(self.remove(k, node_limit) for k in near[:SWAP_NEAR])
            if not freed:
                self.given[back] = False
                self.count -= 1
            elif not self.solvable("hard"):
                return

    def board(self) -> Board:
        grid = tuple(
            tuple(None if v is None else (v if self.given[v] else 0) for v in row) for row in self.solution.grid
        )
        return Board(grid, self.solution.adjacency)


def dig(
    solution: Board,
    rng: random.Random,
    *,
    max_level: str = "hard",
    target_givens: int = 0,
    node_limit: int = NODE_LIMIT,
    swap_budget: int = 0,
    max_trials: int | None = None,
) -> DigResult:
    """Remove givens in random order while reasoning up to `max_level` still solves the puzzle.

    Stops once at most `target_givens` remain. With max_level "expert", reasoning up to hard digs
    first (cheap), then search-proved removals go further; if they find none, up to `swap_budget`
    tests of swaps look for a neighbouring puzzle where one works. `max_trials` caps the trial steps
    an expert puzzle may need (None: no cap).
    1 and N always stay. `solution` must be fully numbered.
    """
    digger = _Digger(solution, max_trials)
    order = list(range(2, digger.n))
    rng.shuffle(order)
    logic_level = max_level if max_level in LOGIC_LEVELS else "hard"
    for k in order:
        digger.remove(k, logic_level, target_givens)
    searched = 0
    if max_level == "expert":
        before = digger.count
        for k in order:
            digger.remove(k, node_limit, target_givens)
        if swap_budget and digger.count == before:
            digger.swaps(rng, swap_budget, node_limit)
        searched = before - digger.count
    return DigResult(digger.board(), digger.tests, digger.budget_stops, searched)
