"""A nonogram's solution in words, line by line, as `solve --steps` prints it and the studio shows it.

Each step is what reasoning (reason.py) did: a line read by overlap or by exact line logic, and the
cells it filled and marked empty; or a contradiction, the cell tried and why it is the other way.
Rows and columns are numbered from 1, from the top and from the left, as a solver counts them.
"""

from __future__ import annotations

from pipeline.kinds.base import ExplainedStep, Explanation
from pipeline.kinds.nonogram.grade import NAMES, level_of
from pipeline.kinds.nonogram.logic import LINE, Step
from pipeline.kinds.nonogram.puzzle import Nonogram

SHOWN_FILLED, SHOWN_EMPTY = "\u25a0", "\u00b7"
"""How a viewer (the studio's review) writes a step's cells over the grid: a black square for a filled
cell, a dot for one marked empty, as a solver pencils them."""
from pipeline.kinds.nonogram.reason import Probe, reason


def _spans(mask: int) -> str:
    """Bit positions as 1-based spans: '2-5, 8'."""
    spans: list[str] = []
    i = 0
    while mask >> i:
        if (mask >> i) & 1:
            j = i
            while (mask >> (j + 1)) & 1:
                j += 1
            spans.append(f"{i + 1}" if i == j else f"{i + 1}-{j + 1}")
            i = j + 1
        else:
            i += 1
    return ", ".join(spans)


def _cells(mask: int, along_row: bool) -> str:
    """'cells 2-5, 8' along a row, 'row 3' down a column: a line's cells as a solver names them."""
    noun = "cell" if along_row else "row"
    return f"{noun}{'' if mask.bit_count() == 1 else 's'} {_spans(mask)}"


def _clue(clue: tuple[int, ...]) -> str:
    return " ".join(map(str, clue)) if clue else "0"


def _line_step(puzzle: Nonogram, step: Step) -> ExplainedStep:
    noun, clue = ("row", puzzle.rows[step.index]) if step.is_row else ("column", puzzle.cols[step.index])
    how = "its runs can only lie so" if step.technique == LINE else "its runs slid left and right overlap"
    said = []
    if step.filled:
        said.append(f"fill {_cells(step.filled, step.is_row)}")
    if step.empty:
        said.append(f"mark {_cells(step.empty, step.is_row)} empty")
    text = f"{noun.capitalize()} {step.index + 1} ({_clue(clue)}): {how}: {' and '.join(said)}"
    length = puzzle.width if step.is_row else puzzle.height
    place = []
    for i in range(length):
        for mask, mark in ((step.filled, SHOWN_FILLED), (step.empty, SHOWN_EMPTY)):
            if (mask >> i) & 1:
                place.append((step.index, i, mark) if step.is_row else (i, step.index, mark))
    record: dict[str, object] = {"technique": step.technique, "line": noun, "index": step.index + 1,
                                 "filled": _spans(step.filled), "empty": _spans(step.empty), "text": text}
    return ExplainedStep(step.technique, text, record, place=tuple(place))


def _probe_step(probe: Probe) -> ExplainedStep:
    tried, found = ("filled", "empty") if probe.assumed_filled else ("empty", "filled")
    deeper = " (following contradictions too)" if probe.technique != "contradiction" else ""
    text = (f"Row {probe.r + 1}, column {probe.c + 1}: if it were {tried}, following the lines{deeper} leaves a "
            f"line with no way to place its runs; so it is {found}")
    mark = SHOWN_EMPTY if probe.assumed_filled else SHOWN_FILLED
    record: dict[str, object] = {"technique": probe.technique, "row": probe.r + 1, "column": probe.c + 1,
                                 "value": found, "text": text}
    return ExplainedStep(probe.technique, text, record, place=((probe.r, probe.c, mark),))


def explain(puzzle: Nonogram) -> Explanation:
    """Reasoning's steps in words, the level they add up to, and whether they solve the puzzle."""
    reasoning = reason(puzzle)
    steps = tuple(_line_step(puzzle, step) if isinstance(step, Step) else _probe_step(step)
                  for step in reasoning.steps)
    return Explanation(solved=reasoning.solved, level=level_of(reasoning.counts, reasoning.state.sweeps),
                       contradiction=reasoning.state.broken, exhausted=reasoning.exhausted,
                       counts=dict(reasoning.counts), step_count=len(steps), steps=steps, names=NAMES,
                       self_named=True)
