"""Sudoku steps in words, one line each, as `solve --steps` prints them.

"r4c7 = 3: the only cell in row 4 that can hold 3"; "XY-wing r1c1-r1c5-r5c1: r5c5 cannot be 7".
Cells are named rRcC (row and column from 1), units "row R", "column C" and "box B" (boxes counted
left to right, top to bottom; a Jigsaw's "region R"), Sudoku X's "main diagonal" and "anti-diagonal",
a Killer's cages "the 15 cage at r1c1", digits by their printed symbol (1-9, then A-P on big grids).
"""

from __future__ import annotations

from collections.abc import Mapping

from pipeline.kinds.sudoku.grid import symbol
from pipeline.kinds.sudoku.houses import Cage
from pipeline.kinds.sudoku.marks import Step
from pipeline.kinds.sudoku.techniques import NAMES


def cell_name(i: int, n: int) -> str:
    return f"r{i // n + 1}c{i % n + 1}"


def unit_name(u: int, n: int, region: str = "box") -> str:
    """'row 3', 'column 5', 'box 2' (or `region` 2), 'main diagonal' or 'anti-diagonal'."""
    kind, index = divmod(u, n)
    if kind == 3:
        return ("main diagonal", "anti-diagonal")[index]
    return f"{('row', 'column', region)[kind]} {index + 1}"


def describe(step: Step, n: int, *, region: str = "box", cages: tuple[Cage, ...] = (),
             names: Mapping[str, str] = NAMES) -> str:
    """One line saying what the step found and what it changes (singles: the cell, digit and why).
    `region` names the regions (a Jigsaw's are not boxes), `cages` are a Killer's, `names` every
    technique's printed name."""
    if step.technique in SINGLES:
        ((cell, digit),) = step.place
        return f"{cell_name(cell, n)} = {symbol(digit)}: {SINGLES[step.technique](step, n, symbol(digit), region)}"
    return f"{_pattern(step, n, region, cages, names)}: {_changes(step, n)}"


def cage_name(cage: Cage, n: int) -> str:
    """'the 15 cage at r1c1': a cage by its total and its first cell, as printed in its corner."""
    return f"the {cage.total} cage at {cell_name(cage.cells[0], n)}"


SINGLES = {
    "full_house": lambda step, n, d, region: f"the last empty cell of {unit_name(step.units[0], n, region)}",
    "hidden_single_box": lambda step, n, d, region: (
        f"the only cell in {unit_name(step.units[0], n, region)} that can hold {d}"),
    "hidden_single_line": lambda step, n, d, region: (
        f"the only cell in {unit_name(step.units[0], n, region)} that can hold {d}"),
    "naked_single": lambda step, n, d, region: "the only digit the cell can still take",
    "one_cell_cage": lambda step, n, d, region: "a cage of one cell holds its sum",
}
"""Why a single's cell takes its digit, by technique."""


def _pattern(step: Step, n: int, region: str, cages: tuple[Cage, ...], names: Mapping[str, str]) -> str:
    """The technique's name, the cells of its pattern, and the unit, cages and digits it is about."""
    parts = [names.get(step.technique, step.technique)]
    if step.technique in CHAIN_STARTS:
        (cell,), (digit,) = step.cells, step.digits
        return f"{parts[0]} from {cell_name(cell, n)}: {CHAIN_STARTS[step.technique](step, symbol(digit))}"
    if step.cells:
        parts.append("-".join(cell_name(i, n) for i in step.cells))
    if step.units:
        parts.append("in " + " and ".join(unit_name(u, n, region) for u in step.units))
    if step.cages and cages:  # the cage it reads, or (beside a house) the cages crossing the house
        parts.append(("across " if step.units else "in ") + " and ".join(cage_name(cages[k], n) for k in step.cages))
    if step.digits:
        parts.append("on " + ", ".join(symbol(d) for d in step.digits))
    return " ".join(parts)


def _supposition(step: Step, d: str) -> str:
    if step.remove:
        return f"supposing {d} there leads to {d} not there"
    return f"supposing {d} not there leads to {d} there"


CHAIN_STARTS = {
    "x_chain": _supposition,
    "xy_chain": _supposition,
    "forcing_chain": _supposition,
    "nishio": lambda step, d: f"supposing {d} there, the singles that follow break the grid",
    "cell_forcing_chain": lambda step, d: "every digit the cell may take leads to the same placement",
}


def _changes(step: Step, n: int) -> str:
    """The placements, then the cells that lose the same digits together: "r5c5, r5c6 cannot be 3 or 7"."""
    said = [f"{cell_name(i, n)} = {symbol(d)}" for i, d in step.place]
    lost: dict[int, list[int]] = {}
    for i, d in step.remove:
        lost.setdefault(i, []).append(d)
    together: dict[tuple[int, ...], list[int]] = {}
    for i, digits in lost.items():
        together.setdefault(tuple(sorted(digits)), []).append(i)
    for shared, cells in together.items():
        said.append(f"{', '.join(cell_name(i, n) for i in cells)} cannot be {' or '.join(map(symbol, shared))}")
    return "; ".join(said)


def step_record(step: Step, n: int) -> dict[str, object]:
    """The step as JSON: technique, rating, what it places and erases ([row, column, digit], from 1)."""
    return {
        "technique": step.technique,
        "rating": step.rating,
        "place": [[i // n + 1, i % n + 1, d] for i, d in step.place],
        "remove": [[i // n + 1, i % n + 1, d] for i, d in step.remove],
        "pattern": [[i // n + 1, i % n + 1] for i in step.cells],
    }
