"""How the command line prints nonograms: `generate` gives the text form; `show` adds a header line and
the metadata, then draws the puzzle as it is printed: the column clues stacked above the grid (bottom
aligned), the row clues to its left (right aligned), the grid framed with its hints (or, with
solutions, the picture). Cells are marked as the text form marks them. Formatting only: it never
solves, grades or parses."""

from __future__ import annotations

from collections.abc import Sequence

from pipeline.kinds.nonogram.puzzle import Nonogram
from pipeline.kinds.nonogram.textformat import NonogramText, clue_text, format_nonograms
from pipeline.textfile import key_values


def nonogram_text(item: NonogramText, first: bool) -> str:
    """A generated nonogram in the text form (a blank line before all but the first)."""
    return ("" if first else "\n") + format_nonograms([item]).rstrip("\n")


def clued_grid(puzzle: Nonogram, cells: Sequence[str]) -> list[str]:
    """`cells` (rows of marks) framed, the column clues above and the row clues to the left. Each cell is
    as wide as the longest column clue number and a space, so that two numbers side by side stay apart."""
    labels = [clue_text(clue) for clue in puzzle.rows]
    left = "  " + " " * max(map(len, labels))
    stacks = [[str(run) for run in clue] or [clue_text(clue)] for clue in puzzle.cols]
    cell = max(len(number) for stack in stacks for number in stack) + 1
    depth = max(map(len, stacks))
    padded = [[""] * (depth - len(stack)) + stack for stack in stacks]
    lines = [(left + "  " + "".join(stack[k].rjust(cell) for stack in padded)).rstrip() for k in range(depth)]
    rule = left + " +" + "-" * (cell * puzzle.width + 1) + "+"
    lines.append(rule)
    lines += ["  " + label.rjust(len(left) - 2) + " |" + "".join(mark.rjust(cell) for mark in row) + " |"
              for label, row in zip(labels, cells)]
    lines.append(rule)
    return lines


def _hints(count: int) -> str:
    return "no hints" if count == 0 else "1 hint" if count == 1 else f"{count} hints"


def nonogram_card(item: NonogramText, index: int, total: int, with_solution: bool) -> str:
    """`show`'s view of a nonogram: a header line (rows x columns, how many hints), its metadata, then
    the grid with its clues ('?' unknown, hints as '#' and '.'; with solutions, when the item has one,
    the picture)."""
    puzzle = item.puzzle
    size = f"{puzzle.height}x{puzzle.width}"
    lines = [f"Puzzle {index} of {total} (line {item.line}): nonogram, {size}, {_hints(len(puzzle.hints))}"]
    extra = key_values(item.meta, skip=("kind",))
    if extra:
        lines.append(f"  {extra}")
    lines += clued_grid(puzzle, item.solution if with_solution and item.solution is not None else puzzle.givens)
    return "\n".join(lines)
