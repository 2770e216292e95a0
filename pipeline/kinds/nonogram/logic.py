"""A nonogram being solved: what is known of every cell, and line logic run to a fixed point.

The state keeps each row and each column as two bit masks (filled, empty), both ways round, so a
line is read in one step whichever way it runs. `propagate` reads every line whose cells changed
until no line gives more, by the overlap method or the exact line solver (lines.py); each reading
is remembered per line and known cells, so a probe that comes back to a line state pays nothing.
A `Step` says what one line gave, for `solve --steps` and for the grade.
"""

from __future__ import annotations

from dataclasses import dataclass

from pipeline.kinds.nonogram.lines import overlap_line, settle_line
from pipeline.kinds.nonogram.puzzle import EMPTY, FILLED, UNKNOWN, Nonogram

OVERLAP = "overlap"
LINE = "line"


@dataclass(frozen=True)
class Step:
    """What one reading of one line gave: the cells it filled and marked empty (masks along the line)."""

    technique: str
    is_row: bool
    index: int
    filled: int
    empty: int


CACHE_MOST = 400_000
"""Line readings a cache holds before it starts again: some tens of megabytes, whatever a long search on a
50 x 50 board reads."""


class Cache:
    """Line readings already made, per technique, line and known cells: a probe or a branch of the
    search comes back to the same line states again and again."""

    def __init__(self) -> None:
        self.seen: dict[tuple[bool, bool, int, int, int], tuple[int, int] | None] = {}


class State:
    """What is known of every cell: filled and empty masks of every row (bit c = column c) and every
    column (bit r = row r)."""

    def __init__(self, row_clues: list[list[int]], col_clues: list[list[int]]) -> None:
        self.height = len(row_clues)
        self.width = len(col_clues)
        self.row_clues = row_clues
        self.col_clues = col_clues
        self.row_filled = [0] * self.height
        self.row_empty = [0] * self.height
        self.col_filled = [0] * self.width
        self.col_empty = [0] * self.width
        self.known = 0
        self.broken = False
        self.sweeps = 0
        """Passes over the lines propagate has made (each a reading of the rows, then of the columns,
        whose cells changed): how long the chains of line logic ran."""

    def copy(self) -> State:
        other = State(self.row_clues, self.col_clues)
        other.row_filled, other.row_empty = self.row_filled[:], self.row_empty[:]
        other.col_filled, other.col_empty = self.col_filled[:], self.col_empty[:]
        other.known, other.broken = self.known, self.broken
        return other

    @property
    def solved(self) -> bool:
        return self.known == self.height * self.width and not self.broken

    def cell(self, r: int, c: int) -> str:
        if (self.row_filled[r] >> c) & 1:
            return FILLED
        if (self.row_empty[r] >> c) & 1:
            return EMPTY
        return UNKNOWN

    def set_cell(self, r: int, c: int, filled: bool) -> None:
        """Know a cell; knowing it both ways breaks the state (a contradiction)."""
        bit_c, bit_r = 1 << c, 1 << r
        if filled:
            if self.row_empty[r] & bit_c:
                self.broken = True
            if not self.row_filled[r] & bit_c:
                self.row_filled[r] |= bit_c
                self.col_filled[c] |= bit_r
                self.known += 1
        else:
            if self.row_filled[r] & bit_c:
                self.broken = True
            if not self.row_empty[r] & bit_c:
                self.row_empty[r] |= bit_c
                self.col_empty[c] |= bit_r
                self.known += 1

    def rows(self) -> tuple[str, ...]:
        return tuple("".join(self.cell(r, c) for c in range(self.width)) for r in range(self.height))

    def unknown_cells(self) -> list[tuple[int, int]]:
        full = (1 << self.width) - 1
        cells: list[tuple[int, int]] = []
        for r in range(self.height):
            open_ = full & ~(self.row_filled[r] | self.row_empty[r])
            c = 0
            while open_:
                if open_ & 1:
                    cells.append((r, c))
                open_ >>= 1
                c += 1
        return cells


def start(puzzle: Nonogram) -> State:
    """The state of a puzzle before any reasoning: its hints known, nothing else."""
    state = State([list(clue) for clue in puzzle.rows], [list(clue) for clue in puzzle.cols])
    for r, row in enumerate(puzzle.givens):
        for c, mark in enumerate(row):
            if mark == FILLED:
                state.set_cell(r, c, True)
            elif mark == EMPTY:
                state.set_cell(r, c, False)
    return state


def _read(state: State, is_row: bool, index: int, exact: bool, cache: Cache) -> tuple[int, int] | None:
    if is_row:
        clue, n, filled, empty = state.row_clues[index], state.width, state.row_filled[index], state.row_empty[index]
    else:
        clue, n, filled, empty = state.col_clues[index], state.height, state.col_filled[index], state.col_empty[index]
    key = (exact, is_row, index, filled, empty)
    if key in cache.seen:
        return cache.seen[key]
    found = settle_line(clue, n, filled, empty) if exact else overlap_line(clue, n, filled, empty)
    if len(cache.seen) >= CACHE_MOST:
        cache.seen.clear()
    cache.seen[key] = found
    return found


def news(state: State, is_row: bool, index: int, exact: bool, cache: Cache) -> tuple[int, int] | None:
    """What reading one line gives beyond what is known: (new filled, new empty) masks along it, or
    None when the line has no arrangement left."""
    found = _read(state, is_row, index, exact, cache)
    if found is None:
        return None
    if is_row:
        return found[0] & ~state.row_filled[index], found[1] & ~state.row_empty[index]
    return found[0] & ~state.col_filled[index], found[1] & ~state.col_empty[index]


def apply(state: State, step: Step) -> None:
    """Know the cells a step gives."""
    _apply(state, step, [False] * (state.width if step.is_row else state.height))


def propagate(state: State, exact: bool, cache: Cache, steps: list[Step] | None = None,
              rows: list[int] | None = None, cols: list[int] | None = None) -> bool:
    """Read lines until none gives more: every line at first, or only `rows` and `cols` (the lines a
    probe or a branch changed). False, and the state broken, on a contradiction. With `steps`,
    appends what each reading gave (a reading that gives nothing is not a step)."""
    if state.broken:
        return False
    queued_rows = [rows is None] * state.height
    queued_cols = [cols is None] * state.width
    for r in rows or ():
        queued_rows[r] = True
    for c in cols or ():
        queued_cols[c] = True
    technique = LINE if exact else OVERLAP
    pending = True
    while pending:
        state.sweeps += 1
        across = _pass(state, True, technique, cache, steps, queued_rows, queued_cols)
        down = _pass(state, False, technique, cache, steps, queued_cols, queued_rows) if across >= 0 else -1
        if across < 0 or down < 0:
            return False
        pending = across + down > 0
    return not state.broken


def _pass(state: State, is_row: bool, technique: str, cache: Cache, steps: list[Step] | None, queued: list[bool],
          crossing: list[bool]) -> int:
    """Read every queued row (or column), queueing the crossing lines of the cells each reading gives: how
    many readings gave something, or -1 (the state broken) when a line has no arrangement left."""
    gave = 0
    for index in range(len(queued)):
        if not queued[index]:
            continue
        queued[index] = False
        found = news(state, is_row, index, technique == LINE, cache)
        if found is None:
            state.broken = True
            return -1
        if found[0] or found[1]:
            step = Step(technique, is_row, index, found[0], found[1])
            if steps is not None:
                steps.append(step)
            _apply(state, step, crossing)
            gave += 1
    return gave


def _apply(state: State, step: Step, crossing: list[bool]) -> None:
    """Know the cells a step gives, and mark their crossing lines to be read again."""
    i = 0
    bits = step.filled | step.empty
    while bits:
        if bits & 1:
            r, c = (step.index, i) if step.is_row else (i, step.index)
            state.set_cell(r, c, bool((step.filled >> i) & 1))
            crossing[i] = True
        bits >>= 1
        i += 1


def assume(state: State, r: int, c: int, filled: bool, cache: Cache) -> State:
    """A copy of the state with one cell assumed, line logic run from its row and column."""
    trial = state.copy()
    trial.set_cell(r, c, filled)
    propagate(trial, True, cache, rows=[r], cols=[c])
    return trial
