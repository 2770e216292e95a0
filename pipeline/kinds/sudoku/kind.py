"""Sudoku behind the kinds' one face: boxes of 2 to 5, givens kept in a symmetry.

Each method hands over to this package's engine (grid, textformat, generate, solve, grade, show);
nothing here searches or draws. Records store grids in the one-line form.
"""

from __future__ import annotations

import argparse
from collections.abc import Iterable, Mapping
from functools import cached_property
from typing import Any

from pipeline.drawing import Drawing
from pipeline.i18n import N_
from pipeline.kinds.base import GENERATE, ExplainedStep, Explanation, Kind
from pipeline.kinds.result import SolveResult
from pipeline.kinds.sudoku.explainer import explain
from pipeline.kinds.sudoku.generate import SYMMETRIES, generate
from pipeline.kinds.sudoku.grade import LEVELS, grade, level_of
from pipeline.kinds.sudoku.grid import BOXES, SYMBOLS, Sudoku, is_solution, symbol
from pipeline.kinds.sudoku.guide import SUDOKU_GUIDE
from pipeline.kinds.sudoku.marks import Broken
from pipeline.kinds.sudoku.show import sudoku_card, sudoku_meta, sudoku_text
from pipeline.kinds.sudoku.solve import default_node_limit, solve
from pipeline.kinds.sudoku.techniques import NAMES
from pipeline.kinds.sudoku.textformat import (
    SudokuText,
    format_sudokus,
    from_line,
    looks_like_sudoku,
    parse_sudokus,
    to_grid_text,
    to_line,
)
from pipeline.kinds.sudoku.words import describe, step_record

Cells = tuple[int, ...]
DEFAULT_BOX = 3
DEFAULT_SYMMETRY = "rotate180"


class SudokuKind(Kind[Sudoku, Cells]):
    """Fill a k*k by k*k grid so every row, column and box holds each symbol once."""

    name = "sudoku"
    title = N_("Sudoku")
    family = "sudoku"
    levels = LEVELS
    explains = True
    technique_names = NAMES
    guide = SUDOKU_GUIDE
    generate_options = ("box", "symmetry", "one_line")
    foreign_option_hint = "a Sudoku's size comes from --box"

    @cached_property
    def section_model(self) -> Any:  # type: ignore[override]
        # pydantic loads only for the commands that read configs
        from pipeline.kinds.sudoku.section import SudokuSection

        return SudokuSection

    # ------------------------------------------------------------------ making puzzles for a book

    def job_params(self, section: Any, index: int) -> dict[str, Any]:
        params = {"box": section.box, "symmetry": section.symmetry}
        for bound in ("min_rating", "max_rating"):
            if getattr(section, bound) is not None:
                params[bound] = getattr(section, bound)
        return params

    def generate(self, params: dict[str, Any], difficulty: str, seed: int) -> dict[str, Any]:
        return generate(params["box"], difficulty, seed, symmetry=params["symmetry"],
                        min_rating=params.get("min_rating"), max_rating=params.get("max_rating"))

    def record_fields(self, params: dict[str, Any]) -> dict[str, Any]:
        return {"box": params["box"], "symmetry": params["symmetry"]}

    def board_problem(self, record: Mapping[str, Any], params: dict[str, Any]) -> str | None:
        """The job's grid size exactly, in the one-line form, the givens taken from a full solution
        with at least one cell left empty."""
        box = params["box"]
        n = box * box
        symbols = SYMBOLS[:n]
        grid, solution = record.get("grid"), record.get("solution")
        for name, line, allowed in (("grid", grid, "." + symbols), ("solution", solution, symbols)):
            if type(line) is not str or len(line) != box**4 or not set(line) <= set(allowed):
                return f"its {name} is not a {n}x{n} Sudoku (box {box}) as its section asks"
        assert isinstance(grid, str) and isinstance(solution, str)  # checked just above
        if any(given != "." and given != placed for given, placed in zip(grid, solution)):
            return "its givens are not its solution's symbols"
        if "." not in grid:
            return "it has no empty cell left to fill"
        return None

    def blank_grid(self, params: dict[str, Any], seed: int) -> str:
        return "." * params["box"] ** 4

    def board_cells(self, params: dict[str, Any]) -> int:
        return int(params["box"]) ** 4

    # ------------------------------------------------------------------ records and proofs

    def read_record(self, record: Mapping[str, Any]) -> tuple[Sudoku, Cells]:
        return from_line(record["grid"], "grid"), from_line(record["solution"], "solution").cells

    def write_record(self, puzzle: Sudoku, solution: Cells) -> dict[str, Any]:
        return {"box": puzzle.box, "grid": to_line(puzzle), "solution": self.solution_json(solution)}

    def is_solution(self, puzzle: Sudoku, solution: Cells) -> bool:
        return is_solution(puzzle, solution)

    def prove(self, puzzle: Sudoku, *, node_limit: int | None = None, hint: Cells | None = None) -> SolveResult[Cells]:
        return solve(puzzle, 2, node_limit=node_limit, hint=hint)

    def default_node_limit(self, puzzle: Sudoku) -> int:
        return default_node_limit(len(puzzle.cells))

    def solve(self, puzzle: Sudoku, limit: int = 2, *, node_limit: int | None = None,
              hint: Cells | None = None) -> SolveResult[Cells]:
        return solve(puzzle, limit, node_limit=node_limit, hint=hint)

    def grade(self, puzzle: Sudoku) -> dict[str, object]:
        return grade(puzzle)

    def explain(self, puzzle: Sudoku) -> Explanation:
        n = puzzle.size
        try:
            explained = explain(puzzle.box, puzzle.cells)
        except Broken:
            return Explanation(solved=False, level="", contradiction=True, exhausted=False, counts={}, step_count=0,
                               steps=(), names=NAMES)
        steps = tuple(
            ExplainedStep(step.technique, describe(step, n), step_record(step, n),
                          place=tuple((i // n, i % n, symbol(d)) for i, d in step.place),
                          remove=tuple((i // n, i % n, symbol(d)) for i, d in step.remove),
                          cells=tuple((i // n, i % n) for i in step.cells))
            for step in explained.steps
        )
        return Explanation(
            solved=explained.solved, level=level_of(explained.rating), contradiction=False, exhausted=False,
            counts=explained.counts, step_count=len(steps), steps=steps, names=NAMES, self_named=True,
        )

    # ------------------------------------------------------------------ print

    @cached_property
    def drawing(self) -> Drawing:
        from pipeline.kinds.sudoku import draw

        return Drawing(draw.fit_sudoku, draw.draw_sudoku, draw.sudoku_extent, draw.sudoku_centres)

    # ------------------------------------------------------------------ text

    def claims(self, text: str) -> bool:
        return looks_like_sudoku(text)

    def parse(self, text: str, source: str) -> list[SudokuText]:  # type: ignore[override]
        return parse_sudokus(text, source)

    def format(self, items: Iterable[Any]) -> str:
        return format_sudokus(items)

    def solution_text(self, item: Any, solution: Cells) -> str:
        found = Sudoku(item.sudoku.box, solution)
        return to_line(found) if item.form == "line" else to_grid_text(found)

    def solution_json(self, solution: Cells) -> str:
        return "".join(map(symbol, solution))

    def card(self, item: Any, index: int, total: int, with_solution: bool) -> str:
        return sudoku_card(item, index, total, with_solution)

    # ------------------------------------------------------------------ command line

    def add_arguments(self, parser: argparse.ArgumentParser, command: str) -> None:
        if command != GENERATE:
            return
        group = parser.add_argument_group("sudoku", "for --kind sudoku only")
        group.add_argument("--box", type=int, choices=BOXES, metavar="K",
                           help="box size: a K*K by K*K grid, 2 to 5 (default 3: 9x9)")
        group.add_argument("--symmetry", choices=SYMMETRIES, help="the pattern the givens keep (default rotate180)")
        group.add_argument("--one-line", action="store_true", help="write each grid on one line (81 symbols for 9x9)")

    def generate_from_args(self, args: argparse.Namespace, seed: int) -> dict[str, Any]:
        return generate(args.box or DEFAULT_BOX, args.difficulty, seed, symmetry=args.symmetry or DEFAULT_SYMMETRY)

    def generated_text(self, record: Mapping[str, Any], args: argparse.Namespace, first: bool) -> str:
        solution = from_line(record["solution"]).cells if args.solutions else None
        item = SudokuText(from_line(record["grid"]), sudoku_meta(record), solution, 0,
                          "line" if args.one_line else "grid")
        return sudoku_text(item, first)


SUDOKU = SudokuKind()
