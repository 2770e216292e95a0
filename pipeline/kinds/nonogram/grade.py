"""A nonogram's level, from the hardest technique a person needs and how often.

- easy: the overlap method alone (slide each run left and right, fill where its places overlap), in at
  most EASY_SWEEPS passes over the lines (short chains: each line opens the next at once);
- medium: longer chains of lines, or the exact reading of a line (which run a filled cell can belong
  to), never a trial;
- hard: up to HARD_MOST contradictions (try a cell, follow the lines until one breaks);
- expert: more contradictions than that, or contradictions inside contradictions.
Easy and medium are line logic alone, as the promise of the kind says.
"""

from __future__ import annotations

from pipeline.errors import PuzzleBookError
from pipeline.i18n import N_
from pipeline.kinds.nonogram.logic import LINE, OVERLAP
from pipeline.kinds.nonogram.puzzle import Nonogram
from pipeline.kinds.nonogram.reason import CONTRADICTION, DEEP, TECHNIQUES, Reasoning, reason

LEVELS = ("easy", "medium", "hard", "expert")
EASY_SWEEPS = 6
"""Passes over the lines an easy puzzle takes; the library's simple silhouettes take 2 to 6."""
HARD_MOST = 8
"""Contradictions a hard puzzle may need; a solver who must try cells more often than that is at
expert's work (the published hard-to-expert divide in griddler books is a handful of trials)."""
DEEPEST = {"easy": OVERLAP, "medium": LINE, "hard": CONTRADICTION, "expert": DEEP}
"""The hardest technique each level's reasoning may use."""
NAMES = {
    OVERLAP: N_("Overlap"),
    LINE: N_("Line logic"),
    CONTRADICTION: N_("Contradiction"),
    DEEP: N_("Deep contradiction"),
}


def level_of(counts: dict[str, int], sweeps: int) -> str:
    if counts[DEEP] or counts[CONTRADICTION] > HARD_MOST:
        return "expert"
    if counts[CONTRADICTION]:
        return "hard"
    return "medium" if counts[LINE] or sweeps > EASY_SWEEPS else "easy"


def measures(reasoning: Reasoning, puzzle: Nonogram) -> dict[str, object]:
    """The grade record: level first, then steps per technique, the hints and the board's size."""
    return {
        "level": level_of(reasoning.counts, reasoning.state.sweeps),
        "techniques": {name: reasoning.counts[name] for name in TECHNIQUES if reasoning.counts[name]},
        "steps": sum(reasoning.counts.values()),
        "sweeps": reasoning.state.sweeps,
        "hints": len(puzzle.hints),
        "flips": len(puzzle.flipped),
        "flipped": [list(cell) for cell in puzzle.flipped],
        "width": puzzle.width,
        "height": puzzle.height,
    }


def grade(puzzle: Nonogram) -> dict[str, object]:
    """The grade of a puzzle reasoning solves; PuzzleBookError for one it cannot (two solutions, none,
    or one only a guess finds): no honest level exists for those."""
    reasoning = reason(puzzle)
    if not reasoning.solved:
        from pipeline.kinds.nonogram.prove import count_solutions

        status = count_solutions(puzzle).status
        if status == "unique":
            raise PuzzleBookError("this nonogram has one solution, but reasoning without guessing does not reach "
                                  "it (it would need a guess); only a puzzle logic solves can be graded")
        raise PuzzleBookError(f"only a nonogram with exactly one solution can be graded; this one is {status!r}")
    return measures(reasoning, puzzle)
