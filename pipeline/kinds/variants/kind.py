"""Killer, Jigsaw and Sudoku X behind the kinds' one face: one class, an instance per rule.

Each method hands over to this package's engine (puzzle, textformat, generate, search, grade, show,
draw); nothing here searches or draws. Records keep the grid and solution in Sudoku's one-line form,
with the frame beside them: `box` (or a Jigsaw's `size` and `regions`) and a Killer's `cages`.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping
from functools import cached_property
from typing import TYPE_CHECKING, Any, NotRequired, TypedDict

from pipeline.drawing import Drawing
from pipeline.i18n import N_
from pipeline.kinds.base import ExplainedStep, Explanation, Fingerprint, Guide, Kind
from pipeline.kinds.result import SolveResult
from pipeline.kinds.sudoku.generate import Symmetry
from pipeline.kinds.sudoku.marks import Broken
from pipeline.kinds.sudoku.words import describe, step_record
from pipeline.kinds.variants.cages import cage_problem
from pipeline.kinds.variants.canon import variant_fingerprint
from pipeline.kinds.variants.generate import generate
from pipeline.kinds.variants.grade import MADE, NAMES, counts, explained, grade, level_of
from pipeline.kinds.variants.guide import GUIDES
from pipeline.kinds.variants.puzzle import BOX_SHAPES, Variant, boxed, check_variant, is_solution
from pipeline.kinds.variants.regions import region_problem
from pipeline.kinds.variants.search import default_node_limit, solve
from pipeline.kinds.variants.show import variant_card, variant_meta, variant_text
from pipeline.kinds.variants.textformat import (
    VariantText,
    cages_from_json,
    cages_json,
    format_variants,
    from_line,
    grid_text,
    looks_like_variant,
    parse_variants,
    regions_from_rows,
    regions_rows,
    to_line,
)

if TYPE_CHECKING:
    from pipeline.kinds.record import PuzzleRecord
    from pipeline.kinds.variants.params import VariantParams

Cells = tuple[int, ...]


class VariantJob(TypedDict):
    """One variant's job: its side and symmetry, and whether a Jigsaw's regions are shaded."""

    size: int
    symmetry: Symmetry
    shade: NotRequired[bool]


class VariantKind(Kind[Variant, Cells, VariantJob]):
    """Fill an n x n grid so every row, column and region holds each digit once, under the rule's own
    extra: cages with sums (Killer), irregular regions (Jigsaw), both long diagonals (Sudoku X)."""

    family = "variants"
    levels = MADE
    explains = True
    technique_names = NAMES

    def __init__(self, name: str, title: str, guide: Guide) -> None:
        self.name = name
        self.title = title
        self.guide = guide
        self.made_fields = {"killer": ("cages",), "jigsaw": ("regions",)}.get(name, ())

    @property
    def params(self) -> type[VariantParams]:
        from pipeline.kinds.variants.params import VariantParams

        return VariantParams

    def single_job(self, params: VariantParams, difficulty: str, seed: int) -> VariantJob:
        return self._job(params)

    def generated_text(self, record: Mapping[str, Any], params: VariantParams, form: Any, *, solutions: bool,
                       first: bool) -> str:
        puzzle, solution = self.read_record(record)
        return variant_text(VariantText(puzzle, variant_meta(record), solution if solutions else None), first)

    # ------------------------------------------------------------------ making puzzles for a book

    def job_params(self, section: Any, index: int) -> VariantJob:
        return self._job(section)

    def _job(self, params: VariantParams) -> VariantJob:
        job = VariantJob(size=params.size, symmetry=params.symmetry)
        if self.name == "jigsaw":
            job["shade"] = params.shade
        return job

    def generate(self, params: VariantJob, difficulty: str, seed: int) -> dict[str, Any]:
        made = generate(self.name, params["size"], difficulty, seed, symmetry=params["symmetry"])
        if "shade" in params:
            made = {"kind": made.pop("kind"), "shade": params["shade"], **made}
        return made

    def record_fields(self, params: VariantJob) -> dict[str, Any]:
        n = params["size"]
        fields: dict[str, Any] = {"size": n} if self.name == "jigsaw" else {"box": list(BOX_SHAPES[n])}
        if "shade" in params:
            fields["shade"] = params["shade"]
        if self.name != "killer":
            fields["symmetry"] = params["symmetry"]
        return fields

    def board_problem(self, record: Mapping[str, Any], params: VariantJob) -> str | None:
        """The job's side in the one-line form, the givens taken from the solution, the frame (regions
        or cages) whole and true of the solution."""
        n = params["size"]
        grid, solution = record.get("grid"), record.get("solution")
        symbols = "123456789"[:n]
        for name, line, allowed in (("grid", grid, "." + symbols), ("solution", solution, symbols)):
            if type(line) is not str or len(line) != n * n or not set(line) <= set(allowed):
                return f"its {name} is not a {n}x{n} {self.name} as its section asks"
        assert isinstance(grid, str) and isinstance(solution, str)  # checked just above
        if any(given != "." and given != placed for given, placed in zip(grid, solution)):
            return "its givens are not its solution's symbols"
        if "." not in grid:
            return "it has no empty cell left to fill"
        try:
            puzzle, cells = self.read_record(record)
        except (KeyError, TypeError, ValueError) as err:
            return f"its frame cannot be read: {err}"
        if self.name == "jigsaw" and (problem := region_problem(n, puzzle.regions)):
            return f"its regions are wrong: {problem}"
        if self.name == "killer" and (problem := cage_problem(n, puzzle.cages)):
            return f"its cages are wrong: {problem}"
        if not is_solution(puzzle, cells):
            return "its solution breaks the rules of its grid"
        return None

    def blank_grid(self, params: VariantJob, seed: int) -> str:
        return "." * params["size"] ** 2

    def board_cells(self, params: VariantJob) -> int:
        return int(params["size"]) ** 2

    # ------------------------------------------------------------------ sameness

    def fingerprint(self, puzzle: Variant, solution: Cells) -> Fingerprint:
        """The least form over the grid's symmetries that keep its boxes (and relabellings of the
        digits, but for a Killer, whose sums name them): see canon.py."""
        return variant_fingerprint(puzzle, solution)

    def distinct_may_run_out(self, params: VariantJob, difficulty: str) -> bool:
        """4x4 and 5x5 grids are few; larger ones never run out."""
        return params["size"] <= 5

    # ------------------------------------------------------------------ records and proofs

    def read_record(self, record: Mapping[str, Any]) -> tuple[Variant, Cells]:
        """The record's puzzle and solution; the frame read from `box` or `size`, `regions`, `cages`.
        Raises ValueError (or PuzzleBookError) naming the field that is wrong."""
        grid = record["grid"]
        if type(grid) is not str:
            raise TypeError("its grid is not text")
        n = math.isqrt(len(grid))
        cells = from_line(grid, n, "grid")
        solution = from_line(record["solution"], n, "solution")
        if self.name == "jigsaw":
            puzzle = Variant("jigsaw", n, regions_from_rows(record["regions"], n), cells)
        else:
            if n not in BOX_SHAPES or list(record.get("box", BOX_SHAPES[n])) != list(BOX_SHAPES[n]):
                raise ValueError(f"a {self.name} grid has boxes of {BOX_SHAPES.get(n, 'no size')}")
            cages = cages_from_json(record["cages"], n) if self.name == "killer" else ()
            puzzle = boxed(self.name, n, cells, cages)
        check_variant(puzzle)
        return puzzle, solution

    def write_record(self, puzzle: Variant, solution: Cells) -> dict[str, Any]:
        out: dict[str, Any] = {"size": puzzle.n} if puzzle.box is None else {"box": list(puzzle.box)}
        if puzzle.rule == "jigsaw":
            out["regions"] = regions_rows(puzzle)
        if puzzle.rule == "killer":
            out["cages"] = cages_json(puzzle.cages, puzzle.n)
        return out | {"grid": to_line(puzzle.cells), "solution": self.solution_json(solution)}

    def is_solution(self, puzzle: Variant, solution: Cells) -> bool:
        return is_solution(puzzle, solution)

    def prove(self, puzzle: Variant, *, node_limit: int | None = None, hint: Cells | None = None) -> SolveResult[Cells]:
        return self.solve(puzzle, 2, node_limit=node_limit, hint=hint)

    def default_node_limit(self, puzzle: Variant) -> int:
        return default_node_limit(len(puzzle.cells))

    def solve(self, puzzle: Variant, limit: int = 2, *, node_limit: int | None = None,
              hint: Cells | None = None) -> SolveResult[Cells]:
        check_variant(puzzle)
        return solve(puzzle.houses(), puzzle.cells, limit, node_limit=node_limit, hint=hint)

    def grade(self, puzzle: Variant) -> Mapping[str, object]:
        check_variant(puzzle)
        return grade(puzzle)

    def explain(self, puzzle: Variant) -> Explanation:
        check_variant(puzzle)
        n = puzzle.n
        try:
            solved = explained(puzzle)
        except Broken:
            return Explanation(solved=False, level="", contradiction=True, exhausted=False, counts={}, step_count=0,
                               steps=(), names=NAMES)
        region = "region" if puzzle.rule == "jigsaw" else "box"
        steps = tuple(
            ExplainedStep(step.technique, describe(step, n, region=region, cages=puzzle.cages, names=NAMES),
                          step_record(step, n),
                          place=tuple((i // n, i % n, str(d)) for i, d in step.place),
                          remove=tuple((i // n, i % n, str(d)) for i, d in step.remove),
                          cells=tuple((i // n, i % n) for i in step.cells))
            for step in solved.steps
        )
        return Explanation(solved=solved.solved, level=level_of(solved.rating), contradiction=False, exhausted=False,
                           counts=counts(solved.steps), step_count=len(steps), steps=steps, names=NAMES,
                           self_named=True)

    # ------------------------------------------------------------------ print

    @cached_property
    def drawing(self) -> Drawing:
        from pipeline.kinds.variants import draw

        def framed(function: Callable[..., Any]) -> Callable[..., Any]:
            """`function` taking a grid as records store it too (a layout's or a board preview's blank grid)."""
            def call(grid: Any, *args: Any, **options: Any) -> Any:
                return function(self._board(grid, {}), *args, **options)

            return call

        def framed_draw(canvas: Any, grid: Any, *args: Any, **options: Any) -> None:
            """draw_variant, its grid (after the canvas) taken as records store it too."""
            draw.draw_variant(canvas, self._board(grid, {}), *args, **options)

        return Drawing(framed(draw.fit_variant), framed_draw, framed(draw.variant_extent),
                       framed(draw.variant_centres), board=self._board)

    def _board(self, grid: Any, fields: Mapping[str, Any]) -> Any:
        """A record's grid with its frame, as the drawing takes it; a planned record's blank grid (no
        frame yet) as a plain grid of its side (all that layout measures)."""
        from pipeline.kinds.variants.draw import Shaded

        if not isinstance(grid, str):
            return grid
        n = math.isqrt(len(grid))
        cells = from_line(grid, n, "grid")
        if self.name == "jigsaw":
            regions = regions_from_rows(fields["regions"], n) if "regions" in fields else tuple(i // n for i in range(n * n))
            puzzle = Variant("jigsaw", n, regions, cells)
            return Shaded(puzzle, True) if fields.get("shade") else puzzle
        cages = cages_from_json(fields["cages"], n) if "cages" in fields else ()
        return boxed(self.name, n, cells, cages)

    # ------------------------------------------------------------------ text

    def claims(self, text: str) -> bool:
        return looks_like_variant(text, self.name)

    def parse(self, text: str, source: str) -> list[VariantText]:
        return parse_variants(text, source, self.name)

    def text_item(self, record: PuzzleRecord, line: int) -> VariantText:
        data = record.to_json()
        puzzle, solution = self.read_record(data)
        return VariantText(puzzle, variant_meta(data), solution, line)

    def format(self, items: Iterable[Any]) -> str:
        return format_variants(items)

    def solution_text(self, item: Any, solution: Cells) -> str:
        return grid_text(solution, item.puzzle.n)

    def solution_json(self, solution: Cells) -> str:
        return to_line(solution)

    def card(self, item: Any, index: int, total: int, with_solution: bool) -> str:
        return variant_card(item, index, total, with_solution)


KILLER = VariantKind("killer", N_("Killer Sudoku"), GUIDES["killer"])
JIGSAW = VariantKind("jigsaw", N_("Jigsaw Sudoku"), GUIDES["jigsaw"])
SUDOKU_X = VariantKind("sudokux", N_("Sudoku X"), GUIDES["sudokux"])
