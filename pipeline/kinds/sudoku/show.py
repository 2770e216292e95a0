"""Sudokus as the command line prints them: framed grids for `show`, and a generated record in the
text format (its own metadata line) for `generate`.

Formatting only: it never solves, grades or parses.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pipeline.kinds.sudoku.grid import Sudoku, symbol
from pipeline.kinds.sudoku.textformat import SudokuText, format_sudokus
from pipeline.textfile import key_values, meta_values


def sudoku_meta(record: Mapping[str, Any]) -> dict[str, str]:
    """A generated Sudoku's metadata line: how it was asked for, then its grade."""
    graded = record["grade"]
    return meta_values({
        "kind": record["kind"],
        "box": record["box"],
        "symmetry": record["symmetry"],
        "seed": record["seed"],
        "difficulty": record["difficulty"],
        "level": graded["level"],
        "rating": graded["rating"],
        "hardest": graded["hardest"],
        "givens": graded["givens"],
        "givens_ratio": graded["givens_ratio"],
        "steps": graded["steps"],
        "attempts": record["attempts"],
    })


def sudoku_text(item: SudokuText, first: bool) -> str:
    """A Sudoku in the text format, in its own form; grids after the first get a blank line before them."""
    text = format_sudokus([item]).rstrip("\n")
    return text if first or item.form == "line" else "\n" + text


def boxed_sudoku(sudoku: Sudoku | tuple[int, ...], box: int, indent: str = "  ") -> str:
    """A Sudoku (or a solution's cells) framed, with rules between its boxes."""
    cells = sudoku.cells if isinstance(sudoku, Sudoku) else sudoku
    n = box * box
    rule = indent + "+" + "+".join("-" * (2 * box + 1) for _ in range(box)) + "+"
    lines = [rule]
    for r in range(n):
        row = cells[r * n : (r + 1) * n]
        groups = (" ".join(symbol(v) for v in row[b * box : (b + 1) * box]) for b in range(box))
        lines.append(f"{indent}| {' | '.join(groups)} |")
        if (r + 1) % box == 0:
            lines.append(rule)
    return "\n".join(lines)


def sudoku_card(item: SudokuText, index: int, total: int, with_solution: bool) -> str:
    """`show`'s view of a Sudoku: a header line, its metadata, the framed grid, maybe its solution."""
    sudoku = item.sudoku
    n = sudoku.size
    lines = [f"Puzzle {index} of {total} (line {item.line}): sudoku, {n}x{n}, box {sudoku.box}, {sudoku.givens} givens"]
    extra = key_values(item.meta, skip=("kind", "box"))
    if extra:
        lines.append(f"  {extra}")
    lines.append(boxed_sudoku(sudoku, sudoku.box))
    if with_solution and item.solution is not None:
        lines += ["  solution:", boxed_sudoku(item.solution, sudoku.box)]
    return "\n".join(lines)
