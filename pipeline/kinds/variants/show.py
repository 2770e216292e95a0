"""How the command line prints Sudoku variants: `generate` gives the text form (its metadata line
first); `show` adds a header line and the metadata, then the grid with its regions or cages beside.

Formatting only: it never solves, grades or parses.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pipeline.kinds.variants.draw import NAMES
from pipeline.kinds.variants.textformat import VariantText, format_variants, grid_text
from pipeline.textfile import key_values, meta_values


def variant_meta(record: Mapping[str, Any]) -> dict[str, str]:
    """A generated variant's metadata line: how it was asked for, then its grade."""
    graded = record["grade"]
    asked: dict[str, object] = {"kind": record["kind"]}
    if "symmetry" in record:
        asked["symmetry"] = record["symmetry"]
    return meta_values({
        **asked,
        "seed": record["seed"],
        "difficulty": record["difficulty"],
        "level": graded["level"],
        "rating": graded["rating"],
        "hardest": graded["hardest"],
        "givens": graded["givens"],
        "steps": graded["steps"],
        "attempts": record["attempts"],
    })


def variant_text(item: VariantText, first: bool) -> str:
    """A variant in the text form; puzzles after the first get a blank line before them."""
    text = format_variants([item]).rstrip("\n")
    return text if first else "\n" + text


def variant_card(item: VariantText, index: int, total: int, with_solution: bool) -> str:
    """`show`'s view: a header line, the metadata, the grid with its regions (Jigsaw) or cages
    (Killer) below, and the solution when asked for."""
    puzzle = item.puzzle
    n = puzzle.n
    lines = [f"Puzzle {index} of {total} (line {item.line}): {NAMES[puzzle.rule]}, {n}x{n}, {puzzle.givens} givens"]
    extra = key_values(item.meta, skip=("kind",))
    if extra:
        lines.append(f"  {extra}")
    lines += ["  " + line for line in grid_text(puzzle.cells, n).splitlines()]
    if puzzle.rule == "jigsaw":
        lines.append("  regions:")
        lines += ["  " + line for line in grid_text([r + 1 for r in puzzle.regions], n).splitlines()]
    for cage in puzzle.cages:
        cells = " ".join(f"r{i // n + 1}c{i % n + 1}" for i in cage.cells)
        lines.append(f"  cage {cage.total}: {cells}")
    if with_solution and item.solution is not None:
        lines.append("  solution:")
        lines += ["  " + line for line in grid_text(item.solution, n).splitlines()]
    return "\n".join(lines)
