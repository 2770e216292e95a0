"""Difficulty of a finished Hidato/Numbrix puzzle, from its givens and the solver's effort.

Kept apart from generation so that a better grader (human techniques) can replace it alone.
It never changes a puzzle; it only measures one.
"""

from __future__ import annotations

from pipeline.errors import PuzzleBookError
from pipeline.kinds.hidato.board import Board
from pipeline.kinds.hidato.solve import solve

LEVELS: tuple[str, ...] = ("easy", "medium", "hard", "expert")

EASY_MIN_RATIO = 0.50
"""Without search, a puzzle with at least this share of its cells given is easy..."""
MEDIUM_MIN_RATIO = 0.36
"""...at least this share medium, fewer hard. A puzzle whose proof needs search is expert."""


def level_for(givens_ratio: float, search_nodes: int) -> str:
    """The level of a puzzle with this share of givens whose uniqueness proof branched this often."""
    if search_nodes > 0:
        return "expert"
    if givens_ratio >= EASY_MIN_RATIO:
        return "easy"
    if givens_ratio >= MEDIUM_MIN_RATIO:
        return "medium"
    return "hard"


def grade(board: Board) -> dict[str, object]:
    """The difficulty record of a puzzle that has exactly one solution.

    Raises PuzzleBookError for a puzzle that is not provably unique: grading one would be a lie.
    """
    result = solve(board, limit=2)
    if result.status != "unique":
        raise PuzzleBookError(f"only a puzzle with exactly one solution can be graded; this one is {result.status!r}")
    givens = len(board.givens())
    cells = board.size
    ratio = givens / cells
    return {
        "level": level_for(ratio, result.nodes),
        "givens_ratio": round(ratio, 4),
        "givens": givens,
        "cells": cells,
        "search_nodes": result.nodes,
    }
