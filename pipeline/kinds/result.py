"""What every kind's solver answers: up to `limit` solutions, and whether the search was exhausted.

Shared so that the command line, the verifier and the book judge every kind by the same words.
It must never claim "unique" or "none" for a search that stopped early.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Generic, TypeVar

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
