"""What every kind's solver answers: up to `limit` solutions, and whether the search was exhausted.

Shared so that the command line, the verifier and the book judge every kind by the same words.
It must never claim "unique" or "none" for a search that stopped early.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Generic, TypeVar

from pipeline.errors import PuzzleBookError

Solution = TypeVar("Solution")


@dataclass(frozen=True)
class SolveResult(Generic[Solution]):
    """Up to `limit` solutions; `complete` is True when the whole search space was exhausted."""

    solutions: tuple[Solution, ...]
    complete: bool
    nodes: int

    @property
    def status(self) -> str:
        """unique | multiple | none, or unknown when a node budget stopped the proof."""
        if len(self.solutions) >= 2:
            return "multiple"
        if not self.complete:
            return "unknown"
        return "unique" if self.solutions else "none"


def require_unique(status: str, budget: int, noun: str) -> None:
    """Raise PuzzleBookError unless a grader's search `status` is "unique": only a puzzle with exactly
    one solution has an honest grade. `noun` names the puzzle ("a puzzle", "a Sudoku")."""
    if status == "unknown":
        raise PuzzleBookError(
            f"cannot be graded: neither reasoning nor a search of {budget} branchings tells whether it has "
            "exactly one solution (status 'unknown'); `puzzlebook solve --node-limit N` can search longer"
        )
    if status != "unique":
        raise PuzzleBookError(f"only {noun} with exactly one solution can be graded; this one is {status!r}")
