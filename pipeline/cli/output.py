"""Text the command line prints: boxed grids, report lines, JSON Lines, and the atomic file write.

Pure formatting of records other modules computed; it must never solve, grade or parse puzzles,
and it never decides an exit code.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from pipeline import shapes
from pipeline.kinds.hidato.board import Board, Grid, Mask
from pipeline.kinds.hidato.explain import NAMES
from pipeline.kinds.hidato.logic import Logic
from pipeline.kinds.hidato.textformat import PuzzleText, format_puzzles
from pipeline.kinds.result import SolveResult
from pipeline.kinds.sudoku.grid import Sudoku, symbol
from pipeline.kinds.sudoku.textformat import SudokuText, format_sudokus


def json_line(record: Mapping[str, Any]) -> str:
    """One JSON Lines record: keys in the record's own order, tuples as lists, None as null."""
    return json.dumps(record, ensure_ascii=False)


def grid_rows(grid: Grid) -> list[list[int | None]]:
    """A grid as JSON wants it: a list of rows; an int per open cell (0 empty), None blocked."""
    return [list(row) for row in grid]


def show_value(value: object) -> str:
    """A metadata value as one token: floats shortened, a mapping as `k:v,k:v`, None as `none`, no spaces."""
    if isinstance(value, float):
        return f"{value:.3f}".rstrip("0").rstrip(".")
    if isinstance(value, Mapping):
        return ",".join(f"{key}:{show_value(item)}" for key, item in value.items()) or "none"
    if value is None:
        return "none"
    return str(value).replace(" ", "_")


def key_values(record: Mapping[str, object], skip: tuple[str, ...] = ()) -> str:
    """`k=v k=v ...` in the record's order, for one-line reports."""
    return " ".join(f"{key}={show_value(value)}" for key, value in record.items() if key not in skip)


def boxed_grid(grid: Grid, indent: str = "  ") -> str:
    """A grid inside an ASCII frame; blocked cells are left blank so the board's outline shows."""
    numbers = [v for row in grid for v in row if v]
    width = max((len(str(v)) for v in numbers), default=1)

    def cell(value: int | None) -> str:
        if value is None:
            return " " * width
        return (str(value) if value else ".").rjust(width)

    lines = [" ".join(cell(v) for v in row) for row in grid]
    inner = max((len(line) for line in lines), default=0)
    border = f"{indent}+{'-' * (inner + 2)}+"
    body = [f"{indent}| {line.ljust(inner)} |" for line in lines]
    return "\n".join([border, *body, border])


def puzzle_label(index: int, line: int) -> str:
    """How every report names a puzzle: its 1-based position and the line its block starts on."""
    return f"puzzle {index} (line {line})" if line > 0 else f"puzzle {index}"


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
    text = format_puzzles([PuzzleText(board, as_meta(meta), solution)]).rstrip("\n")
    return text if first else "\n" + text


def as_meta(values: Mapping[str, object]) -> dict[str, str]:
    return {key: show_value(value) for key, value in values.items()}


def sudoku_meta(record: Mapping[str, Any]) -> dict[str, str]:
    """A generated Sudoku's metadata line: how it was asked for, then its grade."""
    graded = record["grade"]
    return as_meta({
        "kind": record["kind"],
        "box": record["box"],
        "symmetry": record["symmetry"],
        "seed": record["seed"],
        "difficulty": record["difficulty"],
        "level": graded["level"],
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


def status_phrase(result: SolveResult, node_limit: int | None) -> str:
    """The status word first, then what it means in this case."""
    found = len(result.solutions)
    if result.status == "unique":
        return f"unique ({result.nodes} search nodes)"
    if result.status == "none":
        return "none (no solution exists)"
    if result.status == "multiple":
        count = f"{found} solutions" if result.complete else f"at least {found} solutions"
        return f"multiple ({count})"
    found_phrase = count_phrase(found, "solution")
    return f"unknown (the node limit of {node_limit} stopped the search; {found_phrase} found)"


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
    lines.append(boxed_grid(board.grid))
    if with_solution and item.solution is not None:
        lines += ["  solution:", boxed_grid(item.solution)]
    return "\n".join(lines)


def shape_card(name: str, mask: Mask, settings: Mapping[str, object], hidato_only: bool) -> str:
    """`shapes`' view of a shape: name, open cells, the parameters it takes, and its picture."""
    taken = shapes.OPTIONS.get(name)
    if taken is None:
        takes = "none (drawn in a picture file)"
    else:
        takes = ", ".join(f"--{option}" for option in taken) + (", --seed" if name == "random" else "")
    at = f" with {key_values(settings)}" if settings else ""
    lines = [
        f"{name}: {sum(map(sum, mask))} open cells in {len(mask[0]) if mask else 0}x{len(mask)}{at}"
        + (" (Hidato only)" if hidato_only else ""),
        f"  parameters: {takes}",
        *("  " + line for line in shapes.preview(mask).splitlines()),
    ]
    return "\n".join(lines)


def count_phrase(count: int, noun: str) -> str:
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"


def steps_text(logic: Logic, status: str, indent: str = "  ") -> str:
    """A logical solution in words: a summary line, each step numbered, then how it ended.

    `status` is the solver's verdict on the same puzzle, to say why reasoning stopped short.
    """
    used = ", ".join(f"{NAMES[name]} {count}" for name, count in logic.counts.items())
    steps = count_phrase(logic.steps, "step") + (f" ({used})" if used else "")
    head = f"level {logic.level}, {steps}" if logic.solved else steps
    lines = [f"{indent}by reasoning: {head}"]
    width = len(str(len(logic.log or ())))
    for number, step in enumerate(logic.log or (), start=1):
        lines.append(f"{indent}{str(number).rjust(width)}. {NAMES[step.technique]}: {step.text}")
    if logic.contradiction:
        lines.append(f"{indent}reasoning reaches a contradiction: the givens allow no solution")
    elif not logic.solved:
        why = {
            "unique": "the solver's search finishes the proof",
            "multiple": "the puzzle has more than one solution",
            "none": "the puzzle has no solution",
        }.get(status, "the solver could not finish either")
        lines.append(f"{indent}reasoning (even with trial) stops here: {why}")
    return "\n".join(lines)


def steps_record(logic: Logic) -> dict[str, object]:
    """The logical solution for JSON Lines: level (None unless reasoning finished), counts, every step."""
    return {
        "level": logic.level if logic.solved else None,
        "solved_by_logic": logic.solved,
        "techniques": logic.counts,
        "steps": [step.to_json() for step in logic.log or ()],
    }
