"""Whether a nonogram has exactly one solution: reasoning first, a search only where it stops.

Line logic and contradictions at depth one settle every published picture we know in milliseconds
(each deduction sound, so a filled grid is the one solution); the search (search.py) starts from what
they found, so it branches only on the cells they leave open.
"""

from __future__ import annotations

from pipeline.kinds.nonogram.puzzle import Nonogram, Picture, nonogram_problem, solves
from pipeline.kinds.nonogram.reason import CONTRADICTION, reason
from pipeline.kinds.nonogram.search import count
from pipeline.kinds.result import SolveResult

NODE_LIMIT = 200_000
"""Search nodes before a proof gives up ("unknown"): about ten seconds on the hardest 50 x 50 noise."""


def count_solutions(puzzle: Nonogram, limit: int = 2, node_limit: int | None = None) -> SolveResult[Picture]:
    """Up to `limit` solutions; complete when the search ran out of cells rather than of nodes."""
    if nonogram_problem(puzzle) is not None:
        return SolveResult((), True, 0)
    known = reason(puzzle, CONTRADICTION).state
    if known.broken:
        return SolveResult((), True, 0)
    if known.solved:
        return SolveResult((known.rows(),), True, 0)
    found, complete, nodes = count(puzzle, limit, NODE_LIMIT if node_limit is None else node_limit, known)
    assert all(solves(puzzle, each) for each in found), "the search found a picture that breaks a clue"
    return SolveResult(tuple(found), complete and len(found) < limit, nodes)
