"""Rate a Sudoku as Sudoku Explainer does: solve it step by step like a person, always taking the
easiest technique that makes progress, and rate it by its hardest step.

The patterns and their weights are in techniques.py, the chains (from 6.6) in chains.py. A puzzle
that even the bounded forcing chains cannot finish is left unsolved (`solved` False): only search
finishes it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from pipeline.kinds.sudoku.marks import Geometry, Marks, Step, geometry
from pipeline.kinds.sudoku.techniques import CHAINS, NAMES, TECHNIQUES, UNIQUENESS

CHAINS_UP_TO_BOX = 3
"""Chains are searched on grids up to 9x9: on 16x16 and 25x25 their graphs and suppositions grow
too large to search in the time a grade may take, so a puzzle needing them there is unreasonable."""


@dataclass(frozen=True)
class Explained:
    """A person's solve: every step in order, whether it finished, and its rating (hardest step)."""

    steps: tuple[Step, ...]
    solved: bool

    @property
    def rating(self) -> float:
        return max((step.rating for step in self.steps), default=0.0)

    @property
    def counts(self) -> dict[str, int]:
        """Steps per technique, in the scale's order (techniques not used left out)."""
        used = Counter(step.technique for step in self.steps)
        return {name: used[name] for name in NAMES if used[name]}

    @property
    def assumes_uniqueness(self) -> bool:
        """Whether a step relied on the puzzle having one solution (unique rectangles, BUG+1)."""
        return any(step.technique in UNIQUENESS for step in self.steps)


def explain(box: int, cells: tuple[int, ...] | list[int],
            techniques: Sequence[Callable[[Marks], Step | None]] | None = None) -> Explained:
    """Solve a classic box-k Sudoku by techniques alone (all of them, or `techniques`): see explain_on."""
    return explain_on(geometry(box), cells, techniques)


def explain_on(geo: Geometry, cells: tuple[int, ...] | list[int],
               techniques: Sequence[Callable[[Marks], Step | None]] | None = None) -> Explained:
    """Solve by techniques alone (all of them that suit the grid, or `techniques`, in that order),
    easiest first after every step; stop when none makes progress. Raises Broken when the givens
    contradict each other."""
    marks = Marks(geo, cells)
    if techniques is None:
        techniques = techniques_for(geo)
    steps: list[Step] = []
    while marks.left:
        for technique in techniques:
            step = technique(marks)
            if step is not None:
                marks.apply(step)
                steps.append(step)
                break
        else:
            return Explained(tuple(steps), solved=False)
    return Explained(tuple(steps), solved=True)


def techniques_for(geo: Geometry) -> tuple[Callable[[Marks], Step | None], ...]:
    """Every technique that holds on the grid: no chains past 9x9, no uniqueness patterns on a
    variant (the swaps they rest on assume boxes and nothing else)."""
    if geo.classic:
        return TECHNIQUES if geo.box <= CHAINS_UP_TO_BOX else tuple(t for t in TECHNIQUES if t not in CHAINS)
    return tuple(t for t in TECHNIQUES if t.__name__ not in UNIQUENESS)
