"""A toy puzzle kind from outside pipeline/, to prove that a new kind is one package and one line.

"Strip": a row of cells, each holding a digit 1 to 9, with the sum of every two neighbours printed
between them and one digit given. From the given digit the sums fix every other digit, so a strip
whose digits all stay within 1 to 9 has exactly one solution. Easy strips give the first digit (the
row is read left to right), medium ones a digit inside the row (read both ways).

It registers through the `puzzlebook.kinds` entry point (tests/plugins/puzzlebook_toykind-1.0.dist-
info/entry_points.txt): no file under pipeline/ names it. Only tests put tests/plugins on the path.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, TypedDict

from pydantic import Field

from pipeline.drawing import Drawing, GridFit, Rect, Style, Surface
from pipeline.drawing.grid import FILLED_INK, GIVEN_FILL, board_corner, draw_label, draw_number, fit_numbers, label_height
from pipeline.errors import PuzzleBookError
from pipeline.kinds.base import LEVEL_NAMES, Guide, Kind, record_meta
from pipeline.kinds.params import Params
from pipeline.kinds.record import PuzzleRecord
from pipeline.kinds.result import SolveResult
from pipeline.seeds import derive_seed

LEVELS = ("easy", "medium")
Digits = tuple[int, ...]


@dataclass(frozen=True)
class Strip:
    """The printed puzzle: the sums between neighbours, and the digits given (0 for an empty cell)."""

    sums: Digits
    givens: Digits


class StripParams(Params):
    """Every strip of the section has the same length."""

    kinds: ClassVar[dict[str, str]] = {"toy": "each printed sum is the sum of the two digits beside it"}
    misplaced_hint: ClassVar[str] = "a toy section's strips are set by 'length'"

    length: int = Field(6, ge=3, le=12, description="cells in the strip (default 6)")


@dataclass(frozen=True)
class StripText:
    """One strip read from text."""

    puzzle: Strip
    solution: Digits | None
    line: int
    meta: dict[str, str] = field(default_factory=dict)


# ---------------------------------------------------------------------------------------- the engine


def solve(strip: Strip) -> list[Digits]:
    """Every solution (at most nine): each first digit the givens allow, walked along the sums."""
    found = []
    for first in range(1, 10):
        digits = [first]
        for total in strip.sums:
            digits.append(total - digits[-1])
        if all(1 <= digit <= 9 for digit in digits) and all(
                given in (0, digit) for given, digit in zip(strip.givens, digits)):
            found.append(tuple(digits))
    return found


def make(length: int, difficulty: str, seed: int) -> tuple[Strip, Digits]:
    rng = random.Random(derive_seed(seed, "strip", length))
    digits = tuple(rng.randint(1, 9) for _ in range(length))
    shown = 0 if difficulty == "easy" else rng.randrange(1, length)
    givens = tuple(digit if i == shown else 0 for i, digit in enumerate(digits))
    return Strip(tuple(a + b for a, b in zip(digits, digits[1:])), givens), digits


def level_of(strip: Strip) -> str:
    return "easy" if strip.givens[0] else "medium"


# ---------------------------------------------------------------------------------------- text form


def format_strip(item: StripText) -> str:
    meta = " ".join(f"{key}={value}" for key, value in {"kind": "toy", **item.meta}.items())
    lines = [f"; {meta}", "sums: " + " ".join(map(str, item.puzzle.sums)),
             "cells: " + " ".join(str(d) if d else "." for d in item.puzzle.givens)]
    if item.solution is not None:
        lines.append("solution: " + " ".join(map(str, item.solution)))
    return "\n".join(lines) + "\n"


def parse_strips(text: str, source: str) -> list[StripText]:
    items: list[StripText] = []
    block: dict[str, tuple[int, str]] = {}
    meta: dict[str, str] = {}

    def close() -> None:
        if not block:
            return
        start = min(line for line, _ in block.values())
        if "sums" not in block or "cells" not in block:
            raise PuzzleBookError("a strip has a 'sums:' line and a 'cells:' line", source=source, line=start)
        try:
            sums = tuple(int(token) for token in block["sums"][1].split())
            givens = tuple(0 if token == "." else int(token) for token in block["cells"][1].split())
            solution = tuple(int(token) for token in block["solution"][1].split()) if "solution" in block else None
        except ValueError:
            raise PuzzleBookError("sums, cells and solutions are digits ('.' for an empty cell)", source=source,
                                  line=start) from None
        if len(givens) != len(sums) + 1 or (solution is not None and len(solution) != len(givens)):
            raise PuzzleBookError("a strip has one more cell than sums", source=source, line=start)
        items.append(StripText(Strip(sums, givens), solution, start, dict(meta)))
        block.clear()
        meta.clear()

    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line:
            close()
        elif line.startswith(";"):
            close()
            meta.update(part.split("=", 1) for part in line.lstrip(";").split() if "=" in part)
            meta.pop("kind", None)
        else:
            key, _, rest = line.partition(":")
            if key not in ("sums", "cells", "solution"):
                raise PuzzleBookError(f"unknown line {key!r}; a strip has sums, cells and solution lines",
                                      source=source, line=number)
            block[key] = (number, rest)
    close()
    return items


# ---------------------------------------------------------------------------------------- drawing


def strip_extent(grid: Mapping[str, Any]) -> tuple[float, float]:
    """Cells side by side, with half a cell below them for the sums."""
    return float(len(grid["cells"])), 1.5


def fit_strip(grid: Mapping[str, Any], box: Rect, style: Style, *, labelled: bool = True) -> GridFit:
    across, down = strip_extent(grid)
    room = box.h - (label_height(style) if labelled else 0.0)
    cell = min(box.w / across, room / down, style.max_cell)
    return fit_numbers(cell, 18, style, 2, f"a strip of {int(across)} cells")


def strip_centres(grid: Mapping[str, Any], box: Rect, style: Style, *,
                  labelled: bool = True) -> tuple[float, dict[tuple[int, int], tuple[float, float]]]:
    fit = fit_strip(grid, box, style, labelled=labelled)
    across, down = strip_extent(grid)
    left, top = board_corner(box, across * fit.cell, down * fit.cell, style, labelled)
    return fit.cell, {(0, c): (left + (c + 0.5) * fit.cell, top - fit.cell / 2) for c in range(int(across))}


def draw_strip(surface: Surface, grid: Mapping[str, Any], box: Rect, *, style: Style,
               solution: Sequence[int] | Mapping[str, Any] | None = None, label: str = "", note: str = "",
               example: bool = False) -> None:
    """The cells in a row, thick outline, the sums in small type under the line between two cells. (The
    layout check draws blank grids as answers too: a solution given as a grid is its cells.)"""
    if isinstance(solution, Mapping):
        solution = solution["cells"]
    labelled = bool(label or note)
    fit = fit_strip(grid, box, style, labelled=labelled)
    cell, cells = fit.cell, grid["cells"]
    across, down = strip_extent(grid)
    left, top = board_corner(box, across * cell, down * cell, style, labelled)
    if labelled:
        draw_label(surface, label, note, left, across * cell, top + style.label * 0.7, style)
    surface.saveState()
    if solution is not None:
        surface.setFillGray(GIVEN_FILL)
        for c, given in enumerate(cells):
            if given:
                surface.rect(left + c * cell, top - cell, cell, cell, stroke=0, fill=1)
    surface.setStrokeGray(0)
    surface.setLineWidth(style.thin)
    surface.lines([(left + c * cell, top, left + c * cell, top - cell) for c in range(1, len(cells))])
    surface.setLineWidth(style.thick)
    surface.rect(left, top - cell, len(cells) * cell, cell, stroke=1, fill=0)
    for c, total in enumerate(grid["sums"]):
        surface.setFillGray(0)
        surface.setFont(style.fonts.text, fit.number_size * 0.7)
        surface.drawCentredString(left + (c + 1) * cell, top - cell * 1.4, str(total))
    for c, given in enumerate(cells):
        digit = given or (solution[c] if solution is not None else 0)
        if digit:
            surface.setFillGray(0 if given else FILLED_INK)
            draw_number(surface, str(digit), fit, left + (c + 0.5) * cell, top - cell / 2, style, given=bool(given))
    surface.restoreState()


# ---------------------------------------------------------------------------------------- the kind


def _grid(strip: Strip) -> dict[str, Any]:
    return {"sums": list(strip.sums), "cells": list(strip.givens)}


class StripJob(TypedDict):
    """One strip's job: its length."""

    length: int


class StripKind(Kind[Strip, Digits, StripJob]):
    """Find the digits of a strip from the sums of its neighbours."""

    name = "toy"
    title = "Strip"
    family = "toy"
    levels = LEVELS
    technique_names = {"walk": "Walk along the sums"}
    guide = Guide(
        rules="Write a digit from 1 to 9 in every cell so that each number under the strip is the sum of the "
              "two digits above it.",
        tips=("Start at the given digit: the sum beside it tells its neighbour.",),
        puzzle={"sums": [5, 9, 7], "cells": [2, 0, 0, 0]},
        solution=[2, 3, 6, 1],
        level_notes={"easy": "the first digit is given.", "medium": "a digit inside the strip is given."},
        level_names={level: LEVEL_NAMES[level] for level in LEVELS},
    )

    @property
    def params(self) -> type[StripParams]:
        return StripParams

    def single_job(self, params: StripParams, difficulty: str, seed: int) -> StripJob:
        return {"length": params.length}

    def generated_text(self, record: Mapping[str, Any], params: Any, form: Any, *, solutions: bool,
                       first: bool) -> str:
        puzzle, solution = self.read_record(record)
        item = StripText(puzzle, solution if solutions else None, 0, {"seed": str(record["seed"])})
        return ("" if first else "\n") + format_strip(item).rstrip("\n")

    def job_params(self, section: Any, index: int) -> StripJob:
        return {"length": section.length}

    def generate(self, params: StripJob, difficulty: str, seed: int) -> dict[str, Any]:
        if difficulty not in LEVELS:
            raise PuzzleBookError(f"unknown difficulty {difficulty!r}; allowed: {', '.join(LEVELS)}")
        strip, digits = make(params["length"], difficulty, seed)
        return {"kind": self.name, "length": params["length"], "seed": seed, "difficulty": difficulty,
                "grid": _grid(strip), "solution": list(digits), "grade": self.grade(strip), "attempts": 1}

    def record_fields(self, params: StripJob) -> dict[str, Any]:
        return {"length": params["length"]}

    def board_problem(self, record: Mapping[str, Any], params: StripJob) -> str | None:
        grid = record.get("grid")
        if not isinstance(grid, dict) or len(grid.get("cells", ())) != params["length"]:
            return "its strip is not as long as its section asks"
        return None

    def blank_grid(self, params: StripJob, seed: int) -> dict[str, Any]:
        return {"sums": [10] * (params["length"] - 1), "cells": [0] * params["length"]}

    def board_cells(self, params: StripJob) -> int:
        return int(params["length"])

    def read_record(self, record: Mapping[str, Any]) -> tuple[Strip, Digits]:
        grid = record["grid"]
        return Strip(tuple(grid["sums"]), tuple(grid["cells"])), tuple(record["solution"])

    def write_record(self, puzzle: Strip, solution: Digits) -> dict[str, Any]:
        return {"grid": _grid(puzzle), "solution": list(solution)}

    def is_solution(self, puzzle: Strip, solution: Digits) -> bool:
        return tuple(solution) in solve(puzzle)

    def prove(self, puzzle: Strip, *, node_limit: int | None = None, hint: Digits | None = None) -> SolveResult[Digits]:
        return self.solve(puzzle)

    def default_node_limit(self, puzzle: Strip) -> int:
        return 9

    def solve(self, puzzle: Strip, limit: int = 2, *, node_limit: int | None = None,
              hint: Digits | None = None) -> SolveResult[Digits]:
        found = solve(puzzle)
        return SolveResult(tuple(found[:max(limit, 2)]), complete=True, nodes=9)

    def grade(self, puzzle: Strip) -> dict[str, object]:
        if len(solve(puzzle)) != 1:
            raise PuzzleBookError("only a strip with exactly one solution can be graded")
        return {"level": level_of(puzzle), "hardest": "walk", "techniques": {"walk": len(puzzle.sums)},
                "steps": len(puzzle.sums)}

    def parse(self, text: str, source: str) -> list[StripText]:
        return parse_strips(text, source)

    def claims(self, text: str) -> bool:
        return "kind=toy" in text

    def text_item(self, record: PuzzleRecord, line: int) -> StripText:
        puzzle, solution = self.read_record(record.to_json())
        return StripText(puzzle, solution, line, record_meta(record))

    def format(self, items: Iterable[Any]) -> str:
        return "\n".join(format_strip(item) for item in items)

    def solution_text(self, item: Any, solution: Digits) -> str:
        return " ".join(map(str, solution))

    def solution_json(self, solution: Digits) -> object:
        return list(solution)

    def card(self, item: Any, index: int, total: int, with_solution: bool) -> str:
        shown = item if with_solution else StripText(item.puzzle, None, item.line, item.meta)
        return f"Puzzle {index} of {total} (line {item.line}): strip\n" + format_strip(shown)

    @property
    def drawing(self) -> Drawing:
        return Drawing(fit_strip, draw_strip, strip_extent, strip_centres)


TOY = StripKind()
