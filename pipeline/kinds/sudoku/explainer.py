"""Rate a Sudoku as Sudoku Explainer does: solve it step by step like a person, always taking the
easiest technique that makes progress, and rate it by its hardest step.

The patterns and their weights are in techniques.py, the chains (from 6.6) in chains.py. A puzzle
that even the bounded forcing chains cannot finish is left unsolved (`solved` False): only search
finishes it.
"""

from __future__ import annotations

from dataclasses import dataclass

from pipeline.kinds.sudoku.marks import Marks, Step
from pipeline.kinds.sudoku.techniques import TECHNIQUES


@dataclass(frozen=True)
class Explained:
    """A person's solve: every step in order, whether it finished, and its rating (hardest step)."""

    steps: tuple[Step, ...]
    solved: bool

    @property
    def rating(self) -> float:
        return max((step.rating for step in self.steps), default=0.0)


def explain(box: int, cells: tuple[int, ...] | list[int]) -> Explained:
    """Solve by techniques alone, easiest first after every step; stop when none makes progress."""
    marks = Marks(box, cells)
    steps: list[Step] = []
    while marks.left:
        for technique in TECHNIQUES:
            step = technique(marks)
            if step is not None:
                marks.apply(step)
                steps.append(step)
                break
        else:
            return Explained(tuple(steps), solved=False)
    return Explained(tuple(steps), solved=True)
