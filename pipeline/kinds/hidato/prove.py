"""Prove a Hidato/Numbrix puzzle unique the cheap way first.

Two provers, each fast where the other is slow. The search (solve.py) settles most puzzles in a
few dozen branchings, faster than reasoning; but on a sparse 20x20 board its proof can run for
minutes, where reasoning up to `hard` takes milliseconds (sound reasoning that places every number
proves the solution is the only one). So: a search with a small node budget, then reasoning, then
the search again from where reasoning left the candidates (expert puzzles, puzzles with two
solutions or none). Budgets count work (branchings and probes), not seconds, so the answer and its
route never depend on the machine.
"""

from __future__ import annotations

from pipeline.kinds.hidato.board import Board, Grid
from pipeline.kinds.hidato.logic import board_candidates, solve_candidates
from pipeline.kinds.hidato.solve import hint_candidates, settle, solve, to_grid
from pipeline.kinds.result import SolveResult

QUICK_NODES = 100
"""Branchings the first search may take before reasoning gets its turn."""


def prove_unique(
    board: Board, *, node_limit: int | None = None, hint: Grid | None = None, quick_nodes: int = QUICK_NODES
) -> SolveResult[Grid]:
    """Up to two solutions of `board`, as `solve(board, 2)` answers, by the quickest proof it finds.

    `node_limit` bounds the search as in `solve` (a stopped proof answers "unknown"); reasoning
    is tried whatever it is. Reasoning only rules out what no solution has, so the search that
    follows it finds exactly the solutions a search from the givens would.
    """
    quick = quick_nodes if node_limit is None else min(quick_nodes, node_limit)
    first = solve(board, 2, node_limit=quick, hint=hint)
    if first.status != "unknown":
        return first
    cand, geo = board_candidates(board)
    logic = solve_candidates(cand, board.size, geo, "hard")
    if logic.solved:
        return SolveResult((to_grid(geo, logic.cells),), complete=True, nodes=first.nodes)
    if logic.contradiction:
        return SolveResult((), complete=True, nodes=first.nodes)
    if node_limit is not None and node_limit <= quick:
        return first
    left = None if node_limit is None else node_limit - first.nodes
    hint_bits = hint_candidates(hint, geo) if hint is not None else None
    found, complete, work = settle(logic.remaining, board.size, geo, 2, left, hint_bits)
    return SolveResult(tuple(to_grid(geo, sol) for sol in found[:2]), complete=complete, nodes=first.nodes + work)
