"""Making a picture's nonogram solvable by logic alone (so unique) with the fewest changes a person
would not notice.

Reasoning runs with the techniques the level allows until it is stuck; then one change, and on:
- a hint: the open cell whose value (from the picture) lets line logic settle the most cells is
  printed as a given (greedy: each hint the one that settles most, so few are needed; not a proof of
  the fewest);
- a flip (policy "flips"): one pixel on the picture's outline (a cell with a neighbour of the other
  colour, so the shape only shifts by a pixel) changed, the one after which reasoning leaves the fewest
  cells open; at most one flip per FLIP_CELLS cells of the board, then hints for the rest.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from pipeline.kinds.nonogram.logic import OVERLAP, Cache, State, propagate
from pipeline.kinds.nonogram.puzzle import EMPTY, FILLED, Nonogram, Picture, puzzle_of
from pipeline.kinds.nonogram.reason import Reasoning, go_on, reason

HINT_CANDIDATES = 400
"""Open cells weighed for the next hint (spread evenly over the open cells, row by row): enough to find
a good one on a 50 x 50 board without weighing every cell."""
FLIP_CANDIDATES = 24
FLIP_CELLS = 150
POLICIES = ("hints", "flips")


@dataclass(frozen=True)
class Settled:
    """A picture made solvable: the picture printed (flips applied), the puzzle (hints given), and the
    changes."""

    picture: Picture
    puzzle: Nonogram
    hints: tuple[tuple[int, int], ...]
    flips: tuple[tuple[int, int], ...]


def _spread(cells: list[tuple[int, int]], most: int) -> list[tuple[int, int]]:
    if len(cells) <= most:
        return cells
    return [cells[i * len(cells) // most] for i in range(most)]


def _best_hint(state: State, picture: Picture, exact: bool, cache: Cache) -> tuple[int, int]:
    """The open cell whose value settles the most cells by line logic (the first such, row by row)."""
    best, best_known = (-1, -1), -1
    for r, c in _spread(state.unknown_cells(), HINT_CANDIDATES):
        trial = state.copy()
        trial.set_cell(r, c, picture[r][c] == FILLED)
        propagate(trial, exact, cache, rows=[r], cols=[c])
        if trial.known > best_known:
            best, best_known = (r, c), trial.known
    return best


def _outline(picture: Picture, r: int, c: int) -> bool:
    here = picture[r][c]
    return any(0 <= r + dr < len(picture) and 0 <= c + dc < len(picture[0]) and picture[r + dr][c + dc] != here
               for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1)))


def _flipped(picture: Picture, r: int, c: int) -> Picture:
    row = picture[r]
    mark = EMPTY if row[c] == FILLED else FILLED
    return picture[:r] + (row[:c] + mark + row[c + 1:],) + picture[r + 1:]


def _open_after(picture: Picture, deepest: str) -> tuple[int, Reasoning]:
    reasoning = reason(puzzle_of(picture), deepest)
    state = reasoning.state
    return state.width * state.height - state.known, reasoning


def _flip(picture: Picture, reasoning: Reasoning, deepest: str) -> tuple[Picture, tuple[int, int], Reasoning] | None:
    """The outline pixel among the open cells whose flip leaves reasoning the fewest open cells, if any
    flip leaves fewer than now (and keeps a filled cell in the picture)."""
    state = reasoning.state
    now = state.width * state.height - state.known
    best: tuple[int, Picture, tuple[int, int], Reasoning] | None = None
    cells = [(r, c) for r, c in state.unknown_cells() if _outline(picture, r, c)]
    for r, c in _spread(cells, FLIP_CANDIDATES):
        changed = _flipped(picture, r, c)
        if FILLED not in "".join(changed):
            continue
        left, after = _open_after(changed, deepest)
        if left < now and (best is None or left < best[0]):
            best = (left, changed, (r, c), after)
    return None if best is None else (best[1], best[2], best[3])


def settle(picture: Picture, deepest: str, policy: str = "hints") -> Settled:
    """The picture's nonogram made solvable by reasoning up to `deepest`: flips first (policy "flips"),
    then hints until reasoning fills the grid."""
    flips: list[tuple[int, int]] = []
    reasoning = reason(puzzle_of(picture), deepest)
    if policy == "flips":
        most = max(1, len(picture) * len(picture[0]) // FLIP_CELLS)
        while not reasoning.solved and len(flips) < most:
            found = _flip(picture, reasoning, deepest)
            if found is None:
                break
            picture, cell, reasoning = found
            flips.append(cell)
    hints: list[tuple[int, int]] = []
    cache = Cache()
    exact = deepest != OVERLAP
    while not reasoning.solved:
        if reasoning.state.broken:
            raise AssertionError("reasoning broke on a picture's own clues")
        r, c = _best_hint(reasoning.state, picture, exact, cache)
        hints.append((r, c))
        reasoning.state.set_cell(r, c, picture[r][c] == FILLED)
        go_on(reasoning, deepest, cache)
    puzzle = replace(puzzle_of(picture, sorted(hints)), flipped=tuple(sorted(flips)))
    return Settled(picture, puzzle, tuple(sorted(hints)), tuple(sorted(flips)))
