"""Prove a Hidato/Numbrix puzzle unique the cheap way first.

Two provers, each fast where the other is slow. The search (solve.py) settles most puzzles in a
few dozen branchings, faster than reasoning; but on a sparse 20x20 board its proof can run for
minutes, where reasoning up to `hard` takes milliseconds (sound reasoning that places every number
proves the solution is the only one). So: a search with a small node budget, then reasoning, then
the search without that budget (expert puzzles, puzzles with two solutions or none). The budget
counts branchings, not seconds, so the answer and its route never depend on the machine.
"""

from __future__ import annotations

from pipeline.kinds.hidato.board import Board, Grid
from pipeline.kinds.hidato.logic import board_candidates, solve_candidates
from pipeline.kinds.hidato.solve import solve, to_grid
from pipeline.kinds.result import SolveResult

QUICK_NODES = 100
"""Branchings the first search may take before reasoning gets its turn."""


def prove_unique(
    board: Board, *, node_limit: int | None = None, hint: Grid | None = None, quick_nodes: int = QUICK_NODES
) -> SolveResult[Grid]:
    """Up to two solutions of `board`, as `solve(board, 2)` answers, by the quickest proof it finds.

    `node_limit` bounds the search as in `solve` (a stopped proof answers "unknown"); reasoning
    is tried whatever it is.
    """
    quick = quick_nodes if node_limit is None else min(quick_nodes, node_limit)
    first = solve(board, 2, node_limit=quick, hint=hint)
    if first.status != "unknown":
        return first
    cand, geo = board_candidates(board)
    logic = solve_candidates(cand, board.size, geo, "hard")
    if logic.solved:
        return SolveResult((to_grid(geo, logic.cells),), complete=True, nodes=first.nodes)
    if node_limit is not None and node_limit <= quick:
        return first
    return solve(board, 2, node_limit=node_limit, hint=hint)
