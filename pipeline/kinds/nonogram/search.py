"""Counting a nonogram's solutions: line logic, then a search that branches on one cell at a time.

What proves a puzzle unique (or shows two solutions) when reasoning stops: each node runs the exact
line solver to a fixed point, then branches on an unknown cell of the line with the fewest unknown
cells left (where a wrong guess shows soonest), filled first. The line readings are shared by every
node, so a branch that comes back to a line state pays nothing.
"""

from __future__ import annotations

from pipeline.kinds.nonogram.logic import Cache, State, propagate, start
from pipeline.kinds.nonogram.puzzle import Nonogram, Picture


def _branch_cell(state: State) -> tuple[int, int]:
    """An unknown cell on the line with the fewest unknown cells (rows and columns alike)."""
    best_count = state.width + state.height + 1
    best = (-1, -1)
    full_row = (1 << state.width) - 1
    for r in range(state.height):
        open_ = full_row & ~(state.row_filled[r] | state.row_empty[r])
        count = open_.bit_count()
        if 0 < count < best_count:
            best_count = count
            best = (r, (open_ & -open_).bit_length() - 1)
    full_col = (1 << state.height) - 1
    for c in range(state.width):
        open_ = full_col & ~(state.col_filled[c] | state.col_empty[c])
        count = open_.bit_count()
        if 0 < count < best_count:
            best_count = count
            best = ((open_ & -open_).bit_length() - 1, c)
    return best


def count(puzzle: Nonogram, limit: int, node_limit: int, root: State | None = None) -> tuple[list[Picture], bool, int]:
    """Up to `limit` solutions, whether the search finished (rather than running out of its
    `node_limit` nodes), and the nodes it took; from `root` (what reasoning already knows) if given."""
    cache = Cache()
    root = start(puzzle) if root is None else root.copy()
    found: list[Picture] = []
    nodes = 0
    stack: list[tuple[State, int, int, bool]] = []
    if propagate(root, True, cache):
        if root.solved:
            return [root.rows()], True, 1
        r, c = _branch_cell(root)
        stack.append((root, r, c, False))
        stack.append((root, r, c, True))
    while stack:
        if nodes >= node_limit:
            return found, False, nodes
        parent, r, c, filled = stack.pop()
        nodes += 1
        state = parent.copy()
        state.set_cell(r, c, filled)
        if not propagate(state, True, cache, rows=[r], cols=[c]):
            continue
        if state.solved:
            found.append(state.rows())
            if len(found) >= limit:
                return found, False, nodes
            continue
        r2, c2 = _branch_cell(state)
        stack.append((state, r2, c2, False))
        stack.append((state, r2, c2, True))
    return found, True, nodes
