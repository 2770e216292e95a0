"""Nonograms behind the kinds' one face: a picture behind the runs of every row and column.

Each method hands over to this package's modules (puzzle, params, generate, prove, grade, reason,
explain, textformat, show, draw); nothing here reasons or draws. A record's grid is its hints (one
string a row, '?' where the solver starts blank) and its solution the picture; the clues (`rows`,
`cols`) are the fields its generator decides beside them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from functools import cached_property
from typing import TYPE_CHECKING, Any

from pipeline.drawing import Drawing
from pipeline.errors import PuzzleBookError
from pipeline.i18n import N_
from pipeline.kinds.base import Explanation, Fingerprint, Kind, digest, record_meta
from pipeline.kinds.nonogram.explain import explain
from pipeline.kinds.nonogram.generate import NonogramJob, generate_nonogram
from pipeline.kinds.nonogram.grade import LEVELS, NAMES, grade
from pipeline.kinds.nonogram.guide import NONOGRAM_GUIDE
from pipeline.kinds.nonogram.prove import NODE_LIMIT, count_solutions
from pipeline.kinds.nonogram.puzzle import (
    Clue,
    Nonogram,
    Picture,
    blank_givens,
    nonogram_problem,
    picture_problem,
    puzzle_of,
    solves,
)
from pipeline.kinds.nonogram.show import nonogram_card, nonogram_text
from pipeline.kinds.nonogram.textformat import (
    NonogramText,
    format_nonograms,
    looks_like_nonogram,
    parse_nonograms,
    solution_lines,
)
from pipeline.kinds.result import SolveResult

if TYPE_CHECKING:
    from pipeline.kinds.nonogram.params import NonogramParams
    from pipeline.kinds.record import PuzzleRecord


def _rows(value: Any, name: str) -> tuple[str, ...]:
    if not isinstance(value, list) or not value or not all(isinstance(row, str) for row in value):
        raise TypeError(f"its {name} is not a list of rows (strings)")
    return tuple(value)


def _clues(value: Any, name: str) -> tuple[Clue, ...]:
    if not isinstance(value, list) or not all(isinstance(clue, list) for clue in value):
        raise TypeError(f"its {name} is not a list of clues (lists of numbers)")
    for clue in value:
        if not all(isinstance(run, int) and not isinstance(run, bool) for run in clue):
            raise TypeError(f"its {name} hold something other than whole numbers")
    return tuple(tuple(clue) for clue in value)


def _cells(value: Any) -> tuple[tuple[int, int], ...]:
    if not isinstance(value, list) or not all(
            isinstance(cell, list) and len(cell) == 2 and all(isinstance(i, int) and not isinstance(i, bool) for i in cell)
            for cell in value):
        raise TypeError("its flipped is not a list of [row, column] pairs")
    return tuple((cell[0], cell[1]) for cell in value)


class NonogramKind(Kind[Nonogram, Picture, NonogramJob]):
    """Fill cells so that every row's and column's runs of filled cells are its numbers."""

    name = "nonogram"
    title = N_("Nonogram")
    family = "nonogram"
    levels = LEVELS
    explains = True
    technique_names = NAMES
    made_fields = ("rows", "cols", "flipped")
    guide = NONOGRAM_GUIDE

    @property
    def params(self) -> type[NonogramParams]:
        from pipeline.kinds.nonogram.params import NonogramParams

        return NonogramParams

    def single_job(self, params: NonogramParams, difficulty: str, seed: int) -> NonogramJob:
        """The first picture's job (`generate` has checked it at the level with check_for already)."""
        return params.job(1)

    def generated_text(self, record: Mapping[str, Any], params: NonogramParams, form: Any, *, solutions: bool,
                       first: bool) -> str:
        puzzle, solution = self.read_record(record)
        meta = {"kind": self.name, "seed": str(record["seed"]), "level": str(record["grade"]["level"])}
        if record.get("picture"):
            meta["picture"] = str(record["picture"])
        return nonogram_text(NonogramText(puzzle, solution if solutions else None, 0, meta), first)

    # ------------------------------------------------------------------ making puzzles for a book

    def job_params(self, section: Any, index: int) -> NonogramJob:
        return section.job(index)

    def generate(self, params: NonogramJob, difficulty: str, seed: int) -> dict[str, Any]:
        return generate_nonogram(params, difficulty, seed)

    def record_fields(self, params: NonogramJob) -> dict[str, Any]:
        return {"picture": params["picture"], "width": params["width"], "height": params["height"],
                "changes": params["changes"]}

    def board_problem(self, record: Mapping[str, Any], params: NonogramJob) -> str | None:
        """The job's board size, its picture's (if any) with no more changes than flips, and a puzzle
        logic solves to its solution."""
        try:
            puzzle, solution = self.read_record(record)
        except (KeyError, TypeError, ValueError, PuzzleBookError) as err:
            return f"it is not a nonogram record ({err})"
        if (puzzle.width, puzzle.height) != (params["width"], params["height"]):
            return "its board is not the size its section asks for"
        if params["image"] is not None:
            changed = {(r, c) for r, (row, image) in enumerate(zip(solution, params["image"]))
                       for c, (a, b) in enumerate(zip(row, image)) if a != b}
            if changed != set(puzzle.flipped):
                return "its picture is not its section's picture with the pixels its `flipped` names"
        if not solves(puzzle, solution):
            return "its solution does not keep its clues and hints"
        proof = count_solutions(puzzle)
        if proof.status != "unique":
            return f"it does not have exactly one solution ({proof.status})"
        return None

    def blank_grid(self, params: NonogramJob, seed: int) -> Any:
        """A picture's board with its clues (what layout needs: the clue bands are most of a page's
        width); a random board's hints alone, as records store grids (bands measured for the longest
        clue a line can have)."""
        if params["image"] is not None:
            puzzle = puzzle_of(params["image"])
            return {"grid": list(puzzle.givens), "rows": [list(clue) for clue in puzzle.rows],
                    "cols": [list(clue) for clue in puzzle.cols]}
        return list(blank_givens(params["width"], params["height"]))

    def board_cells(self, params: NonogramJob) -> int | None:
        """None: each puzzle's clues are its own, and its clue bands take as much of the page as its grid,
        so no one blank board lays out every puzzle of a job."""
        return None

    # ------------------------------------------------------------------ sameness

    def fingerprint(self, puzzle: Nonogram, solution: Picture) -> Fingerprint:
        """The picture, whatever way up or round it is printed (its eight turns and mirror images):
        a solver who has drawn it has met the puzzle, whatever its hints."""
        turns = _turns(solution)
        return Fingerprint(puzzle=digest(["nonogram", min(turns)]), solution=digest(["nonogram", min(turns)]))

    def distinct_may_run_out(self, params: NonogramJob, difficulty: str) -> bool:
        """A picture makes one puzzle (its every seed the same): a section asking more of it runs out."""
        return params["image"] is not None

    # ------------------------------------------------------------------ records and proofs

    def read_record(self, record: Mapping[str, Any]) -> tuple[Nonogram, Picture]:
        puzzle = Nonogram(_clues(record["rows"], "rows"), _clues(record["cols"], "cols"), _rows(record["grid"], "grid"),
                          _cells(record.get("flipped", [])))
        problem = nonogram_problem(puzzle)
        if problem:
            raise ValueError(problem)
        solution = _rows(record["solution"], "solution")
        problem = picture_problem(solution)
        if problem:
            raise ValueError(f"its solution: {problem}")
        return puzzle, solution

    def write_record(self, puzzle: Nonogram, solution: Picture) -> dict[str, Any]:
        return {"rows": [list(clue) for clue in puzzle.rows], "cols": [list(clue) for clue in puzzle.cols],
                "flipped": [list(cell) for cell in puzzle.flipped], "grid": list(puzzle.givens),
                "solution": list(solution)}

    def is_solution(self, puzzle: Nonogram, solution: Picture) -> bool:
        return solves(puzzle, solution)

    def prove(self, puzzle: Nonogram, *, node_limit: int | None = None,
              hint: Picture | None = None) -> SolveResult[Picture]:
        return count_solutions(puzzle, 2, node_limit)

    def default_node_limit(self, puzzle: Nonogram) -> int:
        return NODE_LIMIT

    def solve(self, puzzle: Nonogram, limit: int = 2, *, node_limit: int | None = None,
              hint: Picture | None = None) -> SolveResult[Picture]:
        return count_solutions(puzzle, limit, node_limit)

    def grade(self, puzzle: Nonogram) -> dict[str, object]:
        return grade(puzzle)

    def explain(self, puzzle: Nonogram) -> Explanation | None:
        return explain(puzzle)

    # ------------------------------------------------------------------ print

    @cached_property
    def drawing(self) -> Drawing:
        """The package's drawing; a bare grid of hints (a blank grid's preview, a planned page's measure)
        is drawn as a board without clues, its bands measured for the longest clue a line can have."""
        from pipeline.kinds.nonogram import draw

        def boarded(function: Callable[..., Any]) -> Callable[..., Any]:
            def call(grid: Any, *args: Any, **options: Any) -> Any:
                return function(_board(grid, {}), *args, **options)

            return call

        def draw_boarded(canvas: Any, grid: Any, *args: Any, **options: Any) -> None:
            draw.draw_nonogram(canvas, _board(grid, {}), *args, **options)

        return Drawing(boarded(draw.fit_nonogram), draw_boarded, boarded(draw.nonogram_extent),
                       boarded(draw.nonogram_centres), boarded(draw.nonogram_bare), board=_board)

    # ------------------------------------------------------------------ text

    def claims(self, text: str) -> bool:
        return looks_like_nonogram(text)

    def parse(self, text: str, source: str) -> list[NonogramText]:
        return parse_nonograms(text, source)

    def text_item(self, record: PuzzleRecord, line: int) -> NonogramText:
        puzzle, solution = self.read_record(record.to_json())
        return NonogramText(puzzle, solution, line, record_meta(record))

    def format(self, items: Iterable[Any]) -> str:
        return format_nonograms(items)

    def solution_text(self, item: Any, solution: Picture) -> str:
        return solution_lines(solution)

    def solution_json(self, solution: Picture) -> list[str]:
        return list(solution)

    def card(self, item: Any, index: int, total: int, with_solution: bool) -> str:
        return nonogram_card(item, index, total, with_solution)


def _board(grid: Any, fields: Mapping[str, Any]) -> Nonogram:
    """A record's grid (its hints) with its clues, as the drawing takes it; a Nonogram passes as it is, and
    a blank board of a picture brings its clues."""
    if isinstance(grid, Nonogram):
        return grid
    if isinstance(grid, Mapping):  # a picture's blank board, its clues beside it (blank_grid)
        return _board(grid["grid"], grid)
    rows = tuple(str(row) for row in grid)
    width = len(rows[0]) if rows else 0
    if "rows" in fields and "cols" in fields:
        return Nonogram(_clues(fields["rows"], "rows"), _clues(fields["cols"], "cols"), rows)
    return Nonogram(((),) * len(rows), ((),) * width, rows)


def _turns(picture: Picture) -> list[list[str]]:
    """The picture's eight turns and mirror images, each as rows."""
    grids: list[list[str]] = []
    grid = list(picture)
    for _ in range(4):
        grid = ["".join(row[c] for row in reversed(grid)) for c in range(len(grid[0]))]
        grids.append(grid)
        grids.append([row[::-1] for row in grid])
    return grids


NONOGRAM = NonogramKind()
