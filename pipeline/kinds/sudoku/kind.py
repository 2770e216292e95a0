"""Sudoku behind the kinds' one face: boxes of 2 to 5, givens kept in a symmetry.

Each method hands over to this package's engine (grid, textformat, generate, solve, grade, show);
nothing here searches or draws. Records store grids in the one-line form.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import cached_property
from typing import TYPE_CHECKING, Any, NotRequired, TypedDict

from pipeline.drawing import Drawing
from pipeline.i18n import N_
from pipeline.kinds.base import ExplainedStep, Explanation, Fingerprint, Kind
from pipeline.kinds.result import SolveResult
from pipeline.kinds.sudoku.canon import few_puzzles, sudoku_fingerprint
from pipeline.kinds.sudoku.explainer import explain
from pipeline.kinds.sudoku.generate import Symmetry, generate
from pipeline.kinds.sudoku.grade import LEVELS, SudokuGrade, grade, level_of
from pipeline.kinds.sudoku.grid import SYMBOLS, Sudoku, is_solution, symbol
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

if TYPE_CHECKING:
    from pipeline.kinds.record import PuzzleRecord
    from pipeline.kinds.sudoku.params import SudokuParams, SudokuTextForm

Cells = tuple[int, ...]


class SudokuJob(TypedDict):
    """One Sudoku's job: its box and symmetry, and its rating bounds when a section gives them."""

    box: int
    symmetry: Symmetry
    min_rating: NotRequired[float]
    max_rating: NotRequired[float]


class SudokuKind(Kind[Sudoku, Cells, SudokuJob]):
    """Fill a k*k by k*k grid so every row, column and box holds each symbol once."""

    name = "sudoku"
    title = N_("Sudoku")
    family = "sudoku"
    levels = LEVELS
    explains = True
    technique_names = NAMES
    guide = SUDOKU_GUIDE

    @property
    def params(self) -> type[SudokuParams]:
        from pipeline.kinds.sudoku.params import SudokuParams

        return SudokuParams

    @property
    def text_form(self) -> type[SudokuTextForm]:
        from pipeline.kinds.sudoku.params import SudokuTextForm

        return SudokuTextForm

    def single_job(self, params: SudokuParams, difficulty: str, seed: int) -> SudokuJob:
        return self._job(params)

    def generated_text(self, record: Mapping[str, Any], params: SudokuParams, form: SudokuTextForm | None, *,
                       solutions: bool, first: bool) -> str:
        solution = from_line(record["solution"]).cells if solutions else None
        one_line = form is not None and form.one_line
        item = SudokuText(from_line(record["grid"]), sudoku_meta(record), solution, 0, "line" if one_line else "grid")
        return sudoku_text(item, first)

    # ------------------------------------------------------------------ making puzzles for a book

    def job_params(self, section: Any, index: int) -> SudokuJob:
        return self._job(section)

    def _job(self, params: SudokuParams) -> SudokuJob:
        """Every puzzle of a Sudoku section is made from the same parameters (bounds left out unless given)."""
        job = SudokuJob(box=params.box, symmetry=params.symmetry)
        if params.min_rating is not None:
            job["min_rating"] = params.min_rating
        if params.max_rating is not None:
            job["max_rating"] = params.max_rating
        return job

    def generate(self, params: SudokuJob, difficulty: str, seed: int) -> dict[str, Any]:
        return generate(params["box"], difficulty, seed, symmetry=params["symmetry"],
                        min_rating=params.get("min_rating"), max_rating=params.get("max_rating"))

    def record_fields(self, params: SudokuJob) -> dict[str, Any]:
        return {"box": params["box"], "symmetry": params["symmetry"]}

    def board_problem(self, record: Mapping[str, Any], params: SudokuJob) -> str | None:
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

    def blank_grid(self, params: SudokuJob, seed: int) -> str:
        return "." * params["box"] ** 4

    def board_cells(self, params: SudokuJob) -> int:
        return int(params["box"]) ** 4

    # ------------------------------------------------------------------ sameness

    def fingerprint(self, puzzle: Sudoku, solution: Cells) -> Fingerprint:
        """4x4: the exact least form of the givens, and the solution as it is; larger: the row-pair
        cycle invariant of the solution, marked with the givens for the puzzle (canon.py)."""
        return sudoku_fingerprint(self.name, puzzle.box, puzzle.cells, solution)

    def distinct_may_run_out(self, params: SudokuJob, difficulty: str) -> bool:
        """4x4 Sudokus are few (two solution grids up to symmetry); larger ones never run out."""
        return few_puzzles(params["box"])

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

    def grade(self, puzzle: Sudoku) -> SudokuGrade:
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

    def parse(self, text: str, source: str) -> list[SudokuText]:
        return parse_sudokus(text, source)

    def text_item(self, record: PuzzleRecord, line: int) -> SudokuText:
        puzzle, solution = self.read_record(record.to_json())
        return SudokuText(puzzle, sudoku_meta(record.to_json()), solution, line, "grid")

    def format(self, items: Iterable[Any]) -> str:
        return format_sudokus(items)

    def solution_text(self, item: Any, solution: Cells) -> str:
        found = Sudoku(item.sudoku.box, solution)
        return to_line(found) if item.form == "line" else to_grid_text(found)

    def solution_json(self, solution: Cells) -> str:
        return "".join(map(symbol, solution))

    def card(self, item: Any, index: int, total: int, with_solution: bool) -> str:
        return sudoku_card(item, index, total, with_solution)


SUDOKU = SudokuKind()
