"""Grade a Sudoku the way a person solves it, on Sudoku Explainer's (SE's) scale.

explainer.py solves it step by step, always with the easiest technique that makes progress; the
rating is the weight of its hardest step and the level is the band the rating falls in. The bands
are those the Sudoku Exchange puzzle bank files its puzzles by, with two levels of logic above:

| level        | rating     | hardest step needed                                                  |
| ------------ | ---------- | -------------------------------------------------------------------- |
| easy         | below 1.5  | last cell of a unit, a digit with one place left in a box            |
| medium       | 1.5 to 2.4 | one place left in a line, one digit left in a cell, direct locking   |
| hard         | 2.5 to 4.9 | locked candidates, pairs and triples, X-wing, swordfish, wings, URs  |
| expert       | 5.0 to 6.9 | quads, jellyfish, BUG+1, X-chains and XY-chains                      |
| extreme      | 7.0 and up | forcing chains, Nishio, cell and region forcing chains               |
| unreasonable | (10.0)     | nothing above finishes it: only search does                          |

No level below extreme needs a forcing chain, and none below unreasonable a guess.
"""

from __future__ import annotations

from typing import TypedDict

from pipeline.errors import PuzzleBookError
from pipeline.kinds.result import require_unique
from pipeline.kinds.sudoku.explainer import Explained, explain
from pipeline.kinds.sudoku.grid import Sudoku, check_sudoku
from pipeline.kinds.sudoku.marks import Broken
from pipeline.kinds.sudoku.solve import default_node_limit, solve

LEVELS: tuple[str, ...] = ("easy", "medium", "hard", "expert", "extreme", "unreasonable")
BY_NAME_ONLY: tuple[str, ...] = ("unreasonable",)
"""Levels a book gets only when a section names them: a level range stops below them."""
BANDS: dict[str, tuple[float, float]] = {
    "easy": (1.0, 1.4),
    "medium": (1.5, 2.4),
    "hard": (2.5, 4.9),
    "expert": (5.0, 6.9),
    "extreme": (7.0, 9.9),
    "unreasonable": (10.0, 10.0),
}
"""The ratings (inclusive, SE's one decimal) each level holds."""
UNREASONABLE_RATING = 10.0
"""The rating of a puzzle no bounded technique finishes: off the top of the scale rated here (cell and
region forcing chains stay below it), where SE goes on with nested dynamic chains, rated 9 to 11."""


class SudokuGrade(TypedDict):
    """A Sudoku's difficulty record, as `grade` makes it and records keep it (in this order)."""

    level: str
    rating: float
    techniques: dict[str, int]
    """Steps per technique used, easiest first."""
    steps: int
    givens: int
    givens_ratio: float
    hardest: str | None
    """The technique of the hardest step; None when reasoning alone does not finish the grid."""


def level_of(rating: float) -> str:
    """The level whose band holds `rating`."""
    for level, (_, top) in BANDS.items():
        if rating <= top:
            return level
    return LEVELS[-1]


def grade(s: Sudoku, *, hint: tuple[int, ...] | None = None) -> SudokuGrade:
    """The difficulty record of a Sudoku with exactly one solution: level, rating, the techniques
    used (how many steps each, easiest first), the hardest one, the step count and the givens.

    Raises PuzzleBookError otherwise: a puzzle with no or many solutions has no honest grade.
    Reasoning that fills the grid without a uniqueness pattern is itself the proof of uniqueness;
    otherwise the solver proves it (limit 2, with `hint`, a known solution, to speed it up).
    """
    check_sudoku(s)
    try:
        explained: Explained | None = explain(s.box, s.cells)
    except Broken:
        explained = None  # the givens contradict each other, or a uniqueness pattern misled it
    if explained is None or not explained.solved or explained.assumes_uniqueness:
        _prove_unique(s, hint)
    if explained is None:
        raise PuzzleBookError("reasoning reached a contradiction on a puzzle the solver finds unique; please report it")
    rating = explained.rating if explained.solved else UNREASONABLE_RATING
    hardest = max(explained.steps, key=lambda step: step.rating).technique if explained.steps else None
    givens = sum(1 for v in s.cells if v)
    return {
        "level": level_of(rating),
        "rating": rating,
        "techniques": explained.counts,
        "steps": len(explained.steps),
        "givens": givens,
        "givens_ratio": round(givens / len(s.cells), 4),
        "hardest": hardest if explained.solved else None,
    }


def _prove_unique(s: Sudoku, hint: tuple[int, ...] | None) -> None:
    """Raise PuzzleBookError unless the solver proves exactly one solution."""
    budget = default_node_limit(len(s.cells))
    require_unique(solve(s, limit=2, hint=hint, node_limit=budget).status, budget, "a Sudoku")
