"""A person's way through a nonogram: the simplest technique that still gives something, every time.

Techniques, easiest first:
- overlap: slide each run of a line as far left and as far right as it goes; where its two places
  overlap the cells are filled, where no run reaches they are empty;
- line: everything a line's clue and known cells force (what follows from which run a filled cell
  can belong to), the exact line solver;
- contradiction: assume one cell, follow the lines (line logic) until a line has no arrangement left:
  the cell is the other way;
- deep contradiction: the same, following the lines and contradictions at depth one.

Reasoning never guesses: when no technique gives more, it stops, and the puzzle is not solved by
logic (generation then adds a hint). Every deduction is sound, so a puzzle that reasoning fills is
proved to have exactly one solution.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from pipeline.kinds.nonogram.logic import LINE, OVERLAP, Cache, State, Step, apply, assume, news, propagate, start
from pipeline.kinds.nonogram.puzzle import Nonogram

CONTRADICTION = "contradiction"
DEEP = "deep_contradiction"
TECHNIQUES = (OVERLAP, LINE, CONTRADICTION, DEEP)

DEEP_PROBE_BUDGET = 4000
"""Probes (one assumed cell followed by line logic) a search for one deep contradiction may make: some
seconds at 25 x 25. Beyond it reasoning stops, as a person would long before."""


@dataclass(frozen=True)
class Probe:
    """A contradiction step: assuming the cell (r, c) filled (or empty) broke the lines, so it is the
    other way."""

    technique: str
    r: int
    c: int
    assumed_filled: bool


@dataclass
class Reasoning:
    """Where reasoning got to: the state, the steps in order, and how many of each technique."""

    state: State
    steps: list[Step | Probe] = field(default_factory=list)
    counts: dict[str, int] = field(default_factory=lambda: {name: 0 for name in TECHNIQUES})
    exhausted: bool = False
    """A deep contradiction search ran out of its budget (reasoning may have stopped early)."""

    @property
    def solved(self) -> bool:
        return self.state.solved

    @property
    def hardest(self) -> str | None:
        used = [name for name in TECHNIQUES if self.counts[name]]
        return used[-1] if used else None


def _count(reasoning: Reasoning, new: list[Step | Probe]) -> None:
    for step in new:
        reasoning.counts[step.technique] += 1
    reasoning.steps.extend(new)


def _line_step(state: State, cache: Cache) -> Step | None:
    """The first line (rows, then columns) the exact solver reads further than is known, applied; None
    when no line gives more, or a line has no arrangement left (the state broken)."""
    for is_row, count in ((True, state.height), (False, state.width)):
        for index in range(count):
            found = news(state, is_row, index, True, cache)
            if found is None:
                state.broken = True
                return None
            if found[0] or found[1]:
                step = Step(LINE, is_row, index, found[0], found[1])
                apply(state, step)
                return step
    return None


def _broken_by(state: State, r: int, c: int, filled: bool, deep: bool, cache: Cache, budget: list[int]) -> bool:
    trial = assume(state, r, c, filled, cache)
    if trial.broken or not deep:
        return trial.broken
    while not trial.broken and not trial.solved:
        probe = _contradiction(trial, cache, False, budget)
        if probe is None:
            return False
        propagate(trial, True, cache, rows=[probe.r], cols=[probe.c])
    return trial.broken


def _contradiction(state: State, cache: Cache, deep: bool, budget: list[int], after: int = 0) -> Probe | None:
    """The first cell (row by row, from cell number `after` round to it again) one of whose values breaks
    the lines, set the other way; None if none does (or the budget ran out: budget[0] counts the probes
    left). Starting where the last one was found spares probing again what just failed to contradict."""
    technique = DEEP if deep else CONTRADICTION
    cells = state.unknown_cells()
    split = 0
    while split < len(cells) and cells[split][0] * state.width + cells[split][1] < after:
        split += 1
    for r, c in cells[split:] + cells[:split]:
        for filled in (True, False):
            if budget[0] <= 0:
                return None
            budget[0] -= 1
            if _broken_by(state, r, c, filled, deep, cache, budget):
                state.set_cell(r, c, not filled)
                return Probe(technique, r, c, filled)
    return None


def reason(puzzle: Nonogram, deepest: str = DEEP) -> Reasoning:
    """Solve by the simplest technique that gives something, up to `deepest`, until solved or stuck."""
    reasoning = Reasoning(start(puzzle))
    go_on(reasoning, deepest, Cache())
    return reasoning


def go_on(reasoning: Reasoning, deepest: str, cache: Cache) -> None:
    """Carry on reasoning from where it stopped (a hint added since), up to `deepest`."""
    allowed = TECHNIQUES[: TECHNIQUES.index(deepest) + 1]
    state = reasoning.state
    after = 0
    while not state.broken and not state.solved:
        found: list[Step] = []
        propagate(state, False, cache, found)
        _count(reasoning, list(found))
        if state.broken or state.solved:
            break
        if LINE in allowed:
            step = _line_step(state, cache)
            if step is not None:
                _count(reasoning, [step])
                continue
        if state.broken:
            break
        probe: Probe | None = None
        if CONTRADICTION in allowed:
            probe = _contradiction(state, cache, False, [10**9], after)
        if probe is None and DEEP in allowed:
            budget = [DEEP_PROBE_BUDGET]
            probe = _contradiction(state, cache, True, budget)
            if probe is None and budget[0] <= 0:
                reasoning.exhausted = True
        if probe is None:
            break
        after = probe.r * state.width + probe.c
        _count(reasoning, [probe])
