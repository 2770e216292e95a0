"""Remove givens from a fully numbered board while the puzzle keeps exactly one solution.

A removal is kept only with proof of uniqueness: propagation alone pinning every number, or (when
search is allowed) a complete search that finds no second solution within the node budget. A test
that runs out of budget keeps the given: sparsity may suffer, uniqueness never does.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from pipeline.kinds.hidato.board import Board
from pipeline.kinds.hidato.solve import Geometry, Search, geometry, propagate


@dataclass(frozen=True)
class DigResult:
    puzzle: Board
    tests: int
    """Removals tried."""
    budget_stops: int
    """Removals refused only because the node budget ran out before the proof finished."""


def dig(
    solution: Board,
    rng: random.Random,
    *,
    target_givens: int,
    allow_search: bool,
    node_limit: int,
) -> DigResult:
    """Remove givens in random order, stopping once at most `target_givens` remain.

    With `allow_search`, a second pass retries the givens propagation could not spare, proving
    uniqueness by search; searching only there keeps the expensive proofs few.

    1 and N always stay. `solution` must be fully numbered; it is the hint that makes
    "is there a second solution?" cheap to answer.
    """
    geo = geometry(solution.mask(), solution.adjacency)
    n = solution.size
    where = [0] * (n + 1)
    for k, (r, c) in solution.givens().items():
        where[k] = geo.bit(r, c)
    given = [True] * (n + 1)
    given[0] = False
    given_count = n
    order = list(range(2, n))
    rng.shuffle(order)
    tests = budget_stops = 0
    # Pass 1 removes what propagation alone can prove (cheap); pass 2 lets search prove the rest.
    for use_search in (False, True) if allow_search else (False,):
        for k in order:
            if given_count <= target_givens:
                break
            if not given[k]:
                continue
            given[k] = False
            tests += 1
            verdict = _still_unique(where, given, n, geo, use_search, node_limit)
            if verdict is True:
                given_count -= 1
                continue
            given[k] = True
            if verdict is None:
                budget_stops += 1
    grid = tuple(
        tuple(None if v is None else (v if given[v] else 0) for v in row) for row in solution.grid
    )
    return DigResult(Board(grid, solution.adjacency), tests, budget_stops)


def _still_unique(
    where: list[int], given: list[bool], n: int, geo: Geometry, allow_search: bool, node_limit: int
) -> bool | None:
    """True if provably unique, False if provably not (or not by propagation alone), None if unknown."""
    taken = 0
    for k in range(1, n + 1):
        if given[k]:
            taken |= where[k]
    anywhere = geo.open_mask & ~taken
    cand = [0] + [where[k] if given[k] else anywhere for k in range(1, n + 1)]
    if not allow_search:
        return propagate(cand, n, geo) is not None and all(c & (c - 1) == 0 for c in cand)
    search = Search(n, geo, limit=2, node_limit=node_limit, hint_bits=where)
    search.run(cand)
    if len(search.found) >= 2:
        return False
    return True if search.complete else None
