"""Text the command line prints for every kind: report lines, JSON Lines, shape cards, explanations.

Pure formatting of records other modules computed (each kind formats its own grids); it must never
solve, grade or parse puzzles, and it never decides an exit code.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from pipeline import shapes
from pipeline.grids import Mask
from pipeline.kinds.base import Explanation, ShapeView
from pipeline.kinds.result import SolveResult
from pipeline.textfile import key_values


def json_line(record: Mapping[str, Any]) -> str:
    """One JSON Lines record: keys in the record's own order, tuples as lists, None as null."""
    return json.dumps(record, ensure_ascii=False)


def puzzle_label(index: int, line: int) -> str:
    """How every report names a puzzle: its 1-based position and the line its block starts on."""
    return f"puzzle {index} (line {line})" if line > 0 else f"puzzle {index}"


def count_phrase(count: int, noun: str) -> str:
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"


def joined(items: Sequence[str]) -> str:
    """'A', 'A and B', 'A, B and C'."""
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + f" and {items[-1]}"


def status_phrase(result: SolveResult[Any], node_limit: int | None) -> str:
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


def shape_card(name: str, view: ShapeView, only: Sequence[str]) -> str:
    """`shapes`' view of a shape: name, open cells, the parameters it takes, and its picture.

    `only` names the kinds that can use the shape when not every kind with shapes can.
    """
    if view.takes is None:
        takes = "none (drawn in a picture file)"
    else:
        takes = ", ".join(f"--{option}" for option in view.takes)
    at = f" with {key_values(view.settings)}" if view.settings else ""
    lines = [
        f"{name}: {view.cells} open cells in {view.width}x{view.height}{at}" + (f" ({joined(only)} only)" if only else ""),
        f"  parameters: {takes}",
        *("  " + line for line in view.picture.splitlines()),
    ]
    return "\n".join(lines)


def square_shape_view(name: str, mask: Mask, settings: Mapping[str, object]) -> ShapeView:
    """A shape of the square grid (pipeline.shapes) as `shapes` shows it."""
    taken = shapes.OPTIONS.get(name)
    takes = None if taken is None else (*taken, *(("seed",) if name == "random" else ()))
    width = len(mask[0]) if mask else 0
    return ShapeView(sum(map(sum, mask)), width, len(mask), settings, takes, shapes.preview(mask))


def steps_text(explained: Explanation, status: str, indent: str = "  ") -> str:
    """A solution by reasoning in words: a summary line, each step numbered, then how it ended.

    `status` is the solver's verdict on the same puzzle, to say why reasoning stopped short.
    """
    names = explained.names
    used = ", ".join(f"{names[name]} {count}" for name, count in explained.counts.items())
    steps = count_phrase(explained.step_count, "step") + (f" ({used})" if used else "")
    head = f"level {explained.level}, {steps}" if explained.solved else steps
    lines = [f"{indent}by reasoning: {head}"]
    width = len(str(len(explained.steps)))
    for number, step in enumerate(explained.steps, start=1):
        named = step.text if explained.self_named else f"{names[step.technique]}: {step.text}"
        lines.append(f"{indent}{str(number).rjust(width)}. {named}")
    if explained.contradiction:
        lines.append(f"{indent}reasoning reaches a contradiction: the givens allow no solution")
    elif not explained.solved:
        why = {
            "unique": "the solver's search finishes the proof",
            "multiple": "the puzzle has more than one solution",
            "none": "the puzzle has no solution",
        }.get(status, "the solver could not finish either")
        budget = " when its work budget runs out" if explained.exhausted else ""
        lines.append(f"{indent}reasoning (even with trial) stops here{budget}: {why}")
    return "\n".join(lines)


def steps_record(explained: Explanation) -> dict[str, object]:
    """The solution by reasoning for JSON Lines: level (None unless reasoning finished), counts, every step."""
    return {
        "level": explained.level if explained.solved else None,
        "solved_by_logic": explained.solved,
        "techniques": explained.counts,
        "steps": [step.record for step in explained.steps],
    }
