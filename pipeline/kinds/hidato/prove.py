"""Prove a Hidato/Numbrix puzzle unique the cheap way first: reasoning, then search.

Sound reasoning that places every number proves the solution is the only one. Up to `hard` it
takes milliseconds, even on a sparse 20x20 board whose search proof can run for minutes. Only when
reasoning is stuck (expert puzzles, puzzles with two solutions or none) does the search decide.
"""

from __future__ import annotations

from pipeline.kinds.hidato.board import Board, Grid
from pipeline.kinds.hidato.logic import board_candidates, solve_candidates
from pipeline.kinds.hidato.solve import solve, to_grid
from pipeline.kinds.result import SolveResult


def prove_unique(board: Board, *, node_limit: int | None = None, hint: Grid | None = None) -> SolveResult[Grid]:
    """Up to two solutions of `board`, as `solve(board, 2)` answers, found by reasoning when it can."""
    cand, geo = board_candidates(board)
    logic = solve_candidates(cand, board.size, geo, "hard")
    if logic.solved:
        return SolveResult((to_grid(board, geo, logic.cells),), complete=True, nodes=0)
    return solve(board, 2, node_limit=node_limit, hint=hint)
