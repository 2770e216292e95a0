"""Hidato and Numbrix puzzles as the command line prints them: framed grids for `show`, and a
generated record as a block of the text format for `generate`.

Formatting only: it never solves, grades or parses.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pipeline.kinds.hidato.board import Adjacency, Board, Grid
from pipeline.kinds.hidato.textformat import PuzzleText, format_puzzles
from pipeline.textfile import key_values, meta_values


def boxed_grid(grid: Grid, adjacency: Adjacency, indent: str = "  ") -> str:
    """A grid inside an ASCII frame; blocked cells are left blank so the board's outline shows. A hex
    board's row r is shifted r half-cells right (cells an odd width apart), so the honeycomb shows."""
    numbers = [v for row in grid for v in row if v]
    width = max((len(str(v)) for v in numbers), default=1)
    shift = 0
    if adjacency == "hex":
        width |= 1
        shift = (width + 1) // 2

    def cell(value: int | None) -> str:
        if value is None:
            return " " * width
        return (str(value) if value else ".").rjust(width)

    lines = [" " * (shift * r) + " ".join(cell(v) for v in row) for r, row in enumerate(grid)]
    if shift:  # the blocked corners of the axial rectangle leave a margin on the left: drop it
        margin = min((len(line) - len(line.lstrip()) for line in lines if line.strip()), default=0)
        lines = [line[margin:].rstrip() for line in lines]
    inner = max((len(line) for line in lines), default=0)
    border = f"{indent}+{'-' * (inner + 2)}+"
    body = [f"{indent}| {line.ljust(inner)} |" for line in lines]
    return "\n".join([border, *body, border])


def puzzle_card(item: PuzzleText, index: int, total: int, with_solution: bool) -> str:
    """`show`'s view of a puzzle: a header line, its metadata, the framed grid, maybe its solution."""
    board = item.board
    lines = [
        (f"Puzzle {index} of {total} (line {item.line}): {board.kind}, {board.width}x{board.height}, "
        f"{board.size} cells, {len(board.givens())} givens")
    ]
    extra = key_values(item.meta, skip=("kind", "adjacency"))
    if extra:
        lines.append(f"  {extra}")
    lines.append(boxed_grid(board.grid, board.adjacency))
    if with_solution and item.solution is not None:
        lines += ["  solution:", boxed_grid(item.solution, board.adjacency)]
    return "\n".join(lines)


def generated_block(
    record: Mapping[str, Any], settings: Mapping[str, object], solutions: bool, first: bool
) -> str:
    """A generated puzzle in the text format, its metadata first, then its solution block if asked."""
    graded = record["grade"]
    meta = {
        "kind": record["kind"],
        "adjacency": record["adjacency"],
        "shape": record["shape"],
        **settings,
        "seed": record["seed"],
        "difficulty": record["difficulty"],
        "level": graded["level"],
        "givens": graded["givens"],
        "cells": graded["cells"],
        "givens_ratio": graded["givens_ratio"],
        "search_nodes": graded["search_nodes"],
        "attempts": record["attempts"],
    }
    board = Board.from_json(record["grid"], record["adjacency"])
    solution = Board.from_json(record["solution"]).grid if solutions else None
    text = format_puzzles([PuzzleText(board, meta_values(meta), solution)]).rstrip("\n")
    return text if first else "\n" + text
