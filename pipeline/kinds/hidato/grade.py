"""Difficulty of a finished Hidato/Numbrix puzzle: the reasoning a person needs to solve it.

The logical solver (logic.py) works simplest technique first; the grade is the level of the
hardest technique it needed, with how often each was used and the step total. It never changes
a puzzle; it only measures one, and it refuses to grade a puzzle without exactly one solution.

| level  | hardest technique needed                                          |
| ------ | ----------------------------------------------------------------- |
| easy   | forced step, only cell, only number                               |
| medium | distance window                                                   |
| hard   | dead end, two neighbours, pairs, region, gap routes               |
| expert | trial; or "search" when even trial is stuck (the solver finishes) |
"""

from __future__ import annotations

from pipeline.kinds.hidato.board import Board
from pipeline.kinds.hidato.logic import (
    LEVELS,
    TECHNIQUE_LEVEL,
    board_candidates,
    solve_candidates,
)
from pipeline.kinds.hidato.solve import default_node_limit, solve
from pipeline.kinds.result import require_unique

__all__ = ["LEVELS", "SEARCH", "grade", "level_of"]

SEARCH = "search"
"""The pseudo-technique recorded when reasoning with trial is stuck and the solver's search finishes."""

LEVEL_OF: dict[str, str] = TECHNIQUE_LEVEL | {SEARCH: "expert"}


def level_of(hardest: str | None) -> str:
    """The level of a puzzle whose hardest needed technique is `hardest` (None: nothing was needed)."""
    return LEVEL_OF[hardest] if hardest else LEVELS[0]


def grade(board: Board) -> dict[str, object]:
    """The difficulty record of a puzzle that has exactly one solution.

    Reasoning that fills the board is itself the proof of uniqueness (every step holds in every
    solution), so `search_nodes` is 0 then; only a puzzle that stumps even trial goes to the solver.
    Raises PuzzleBookError for a puzzle that is not provably unique: grading one would be a lie.
    """
    cand, geo = board_candidates(board)
    logic = solve_candidates(cand, board.size, geo, "expert")
    counts = dict(logic.counts)
    nodes = 0
    if not logic.solved:
        status = "none" if logic.contradiction else None
        budget = default_node_limit(board.size)
        if status is None:
            result = solve(board, limit=2, node_limit=budget)
            status, nodes = result.status, result.nodes
        require_unique(status, budget, "a puzzle")
        counts[SEARCH] = 1
    hardest = list(counts)[-1] if counts else None
    givens = len(board.givens())
    cells = board.size
    return {
        "level": level_of(hardest),
        "hardest": hardest or "none",
        "techniques": counts,
        "steps": sum(counts.values()),
        "givens_ratio": round(givens / cells, 4),
        "givens": givens,
        "cells": cells,
        "search_nodes": nodes,
    }

