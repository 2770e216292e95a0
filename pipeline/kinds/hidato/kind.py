"""Hidato and Numbrix behind the kinds' one face: one class, an instance per adjacency.

Each method hands over to this package's engine (board, textformat, generate, prove, grade, logic,
show, draw); nothing here searches or draws. Boards take shapes (pipeline.shapes), so this family's
parameters are shapes (params.py), and it judges which shapes can be its boards.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import cached_property
from typing import TYPE_CHECKING, Any, TypedDict, TypeGuard

from pipeline.drawing import Drawing
from pipeline.errors import PuzzleBookError
from pipeline.grids import blank_grid
from pipeline.i18n import N_
from pipeline.kinds.base import (
    ExplainedStep,
    Explanation,
    Fingerprint,
    Guide,
    Kind,
    ShapeView,
    record_meta,
)
from pipeline.kinds.hidato import hexshapes
from pipeline.kinds.hidato.board import (
    Adjacency,
    Board,
    Grid,
    Mask,
    check_board,
    is_solution,
)
from pipeline.kinds.hidato.canon import few_puzzles, path_fingerprint
from pipeline.kinds.hidato.explain import NAMES
from pipeline.kinds.hidato.generate import generate
from pipeline.kinds.hidato.grade import grade
from pipeline.kinds.hidato.guide import HEX_GUIDE, HIDATO_GUIDE, NUMBRIX_GUIDE
from pipeline.kinds.hidato.logic import solve_logically
from pipeline.kinds.hidato.outline import (
    RANDOM_SHAPES,
    board_mask,
    default_shape,
    settings,
)
from pipeline.kinds.hidato.prove import prove_unique
from pipeline.kinds.hidato.show import generated_block, puzzle_card
from pipeline.kinds.hidato.solve import default_node_limit, solve
from pipeline.kinds.hidato.techniques import LEVELS
from pipeline.kinds.hidato.textformat import (
    PuzzleText,
    format_board_grid,
    format_puzzles,
    parse_puzzles,
)
from pipeline.kinds.result import SolveResult
from pipeline.seeds import derive_seed
from pipeline.shapes import ShapeGiven

if TYPE_CHECKING:
    from pipeline.kinds.hidato.params import HidatoParams
    from pipeline.kinds.record import PuzzleRecord

RANDOM_MASKS = 8
"""Masks a 'random' shape may draw (its own seed, then derived ones) before the puzzle is given up."""


class PathJob(TypedDict):
    """One Hidato-family puzzle's job: its adjacency (so its kind) and its board."""

    adjacency: Adjacency
    shape: ShapeGiven


class PathKind(Kind[Board, Grid, PathJob]):
    """Place 1..N on a board's open cells so that consecutive numbers touch under `adjacency`: Hidato
    on the square grid (king) or the honeycomb (hex), Numbrix (orthogonal)."""

    family = "hidato"
    levels = LEVELS
    explains = True
    technique_names = NAMES

    def __init__(self, name: str, title: str, adjacency: Adjacency, guide: Guide) -> None:
        self.name = name
        self.title = title
        self.adjacency: Adjacency = adjacency
        self.guide = guide

    @property
    def params(self) -> type[HidatoParams]:
        from pipeline.kinds.hidato.params import HidatoParams

        return HidatoParams

    def stated(self, options: Mapping[str, Any]) -> HidatoParams:
        """On the command line the board is one shape, by default the kind's own (a square, or a
        hexagon for hex Hidato)."""
        shape = {"name": default_shape(self.adjacency), **(options.get("shapes") or [{}])[0]}
        return self.params.model_validate({**options, "shapes": [shape]})

    def single_job(self, params: HidatoParams, difficulty: str, seed: int) -> PathJob:
        return PathJob(adjacency=self.adjacency, shape=params.shapes[0].given())

    def generated_text(self, record: Mapping[str, Any], params: HidatoParams, form: Any, *, solutions: bool,
                       first: bool) -> str:
        shape = params.shapes[0]
        given = {key: value for key, value in shape.given().items() if key != "name"}
        return generated_block(record, settings(shape.name, given, self.adjacency), solutions, first)

    # ------------------------------------------------------------------ making puzzles for a book

    def job_params(self, section: Any, index: int) -> PathJob:
        shape = section.shapes[(index - 1) % len(section.shapes)]
        return PathJob(adjacency=self.adjacency, shape=shape.given())

    def generate(self, params: PathJob, difficulty: str, seed: int) -> dict[str, Any]:
        """The puzzle on the job's shape. A 'random' shape whose mask allows no puzzle draws another
        mask from a derived seed (at most RANDOM_MASKS in all); the record's seed is the one that
        worked, so `puzzlebook generate --shape random --seed SEED` remakes it. Any other shape is
        fixed, so its failure is final at once."""
        if params["shape"]["name"] not in RANDOM_SHAPES:
            return self._on_mask(params, difficulty, seed)
        error = None
        for seed_tried in self.record_seeds(params, seed):
            try:
                return self._on_mask(params, difficulty, seed_tried)
            except PuzzleBookError as err:
                error = err
        raise PuzzleBookError(f"no puzzle on any of {RANDOM_MASKS} random masks; the last one: {error}")

    def _on_mask(self, params: PathJob, difficulty: str, seed: int) -> dict[str, Any]:
        """One generate() call; the seed draws both the mask (for 'random') and the puzzle, as in the CLI."""
        name = params["shape"]["name"]
        return generate(self._mask(params, seed), self.adjacency, difficulty, seed, shape=name)

    def _mask(self, params: PathJob, seed: int) -> Mask:
        """The job's board; the seed only draws a 'random' one (picture files are read each time, as
        ./shapes may change between calls)."""
        shape = params["shape"]
        options = {key: value for key, value in shape.items() if key != "name"}
        seed = seed if shape["name"] in RANDOM_SHAPES else 0
        return board_mask(shape["name"], self.adjacency, **options, seed=seed)

    def record_fields(self, params: PathJob) -> dict[str, Any]:
        return {"adjacency": params["adjacency"], "shape": params["shape"]["name"]}

    def board_problem(self, record: Mapping[str, Any], params: PathJob) -> str | None:
        """The job's board exactly, numbers 1..N (never true/false), the givens taken from the
        solution with at least one cell left empty, and 1 and N given, as every generated puzzle has."""
        grid, solution = record.get("grid"), record.get("solution")
        outline = [[cell is None for cell in row] for row in self.blank_grid(params, record["seed"])]
        cells = sum(row.count(False) for row in outline)
        checked: list[NumberRows] = []
        for name, rows, least in (("grid", grid, 0), ("solution", solution, 1)):
            if not _number_rows(rows):
                return f"its {name} is not rows of whole numbers and nulls"
            if [[cell is None for cell in row] for row in rows] != outline:
                return f"its {name} is not the board its puzzle asks for (another shape or size)"
            if any(cell is not None and not least <= cell <= cells for row in rows for cell in row):
                return f"its {name} holds numbers outside {least} to {cells}"
            checked.append(rows)
        grid_rows, solution_rows = checked
        pairs = [(given, placed) for g_row, s_row in zip(grid_rows, solution_rows) for given, placed in zip(g_row, s_row)
                 if given is not None]
        if any(given and given != placed for given, placed in pairs):
            return "its givens are not its solution's numbers"
        givens = {given for given, _ in pairs if given}
        if len(givens) == cells:
            return "it has no empty cell left to fill"
        if not {1, cells} <= givens:
            return f"1 and {cells} must both be given"
        return None

    def record_seeds(self, params: PathJob, seed: int) -> tuple[int, ...]:
        if params["shape"]["name"] not in RANDOM_SHAPES:
            return (seed,)
        return (seed, *(derive_seed(seed, "retry", number) for number in range(1, RANDOM_MASKS)))

    def blank_grid(self, params: PathJob, seed: int) -> list[list[int | None]]:
        return [list(row) for row in blank_grid(self._mask(params, seed))]

    def holes(self, grid: Any) -> int:
        return sum(row.count(None) for row in grid)

    def board_cells(self, params: PathJob) -> int | None:
        if params["shape"]["name"] in RANDOM_SHAPES:
            return None
        return sum(map(sum, self._mask(params, 0)))

    # ------------------------------------------------------------------ sameness

    def fingerprint(self, puzzle: Board, solution: Grid) -> Fingerprint:
        """The canonical form of the givens on the board and of the whole path, over the lattice's
        symmetries and the path read backwards (canon.py)."""
        return path_fingerprint(self.name, puzzle.adjacency, puzzle.grid, solution)

    def distinct_may_run_out(self, params: PathJob, difficulty: str) -> bool:
        """Small boards (canon.FEW_CELLS): a random shape blocks the same number of cells on every
        draw, so one draw tells its size; a shape that cannot be drawn says nothing."""
        cells = self.board_cells(params)
        if cells is None:
            try:
                cells = sum(map(sum, self._mask(params, 0)))
            except PuzzleBookError:
                return False
        return few_puzzles(cells)

    # ------------------------------------------------------------------ records and proofs

    def read_record(self, record: Mapping[str, Any]) -> tuple[Board, Grid]:
        board = Board.from_json(record["grid"], record["adjacency"])
        check_board(board)
        return board, tuple(tuple(row) for row in record["solution"])

    def write_record(self, puzzle: Board, solution: Grid) -> dict[str, Any]:
        return {"adjacency": puzzle.adjacency, "grid": puzzle.to_json(), "solution": self.solution_json(solution)}

    def is_solution(self, puzzle: Board, solution: Grid) -> bool:
        return is_solution(puzzle, solution)

    def prove(self, puzzle: Board, *, node_limit: int | None = None, hint: Grid | None = None) -> SolveResult[Grid]:
        return prove_unique(puzzle, node_limit=node_limit, hint=hint)

    def default_node_limit(self, puzzle: Board) -> int:
        return default_node_limit(puzzle.size)

    def solve(self, puzzle: Board, limit: int = 2, *, node_limit: int | None = None,
              hint: Grid | None = None) -> SolveResult[Grid]:
        return solve(puzzle, limit, node_limit=node_limit, hint=hint)

    def grade(self, puzzle: Board) -> dict[str, object]:
        return grade(puzzle)

    def explain(self, puzzle: Board) -> Explanation:
        logic = solve_logically(puzzle, explain=True)
        steps = tuple(
            ExplainedStep(step.technique, step.text, step.to_json(),
                          place=((*step.cell, str(step.number)),) if step.cell is not None else (),
                          remove=tuple((r, c, str(k)) for k, r, c in step.ruled_out))
            for step in logic.log or ()
        )
        return Explanation(
            solved=logic.solved, level=logic.level, contradiction=logic.contradiction, exhausted=logic.exhausted,
            counts=logic.counts,
            step_count=logic.steps, steps=steps, names=NAMES,
        )

    # ------------------------------------------------------------------ print

    @cached_property
    def drawing(self) -> Drawing:
        """Square boards as open cells with their outline; honeycombs as pointy-top hexagons."""
        if self.adjacency == hexshapes.HEX:
            from pipeline.kinds.hidato import drawhex

            return Drawing(drawhex.fit_honeycomb, drawhex.draw_honeycomb, drawhex.honeycomb_extent,
                           drawhex.honeycomb_centres)
        from pipeline.kinds.hidato import draw

        return Drawing(draw.fit_grid, draw.draw_path, draw.grid_extent, draw.path_centres)

    # ------------------------------------------------------------------ text

    def parse(self, text: str, source: str) -> list[PuzzleText]:
        """Blocks without adjacency or kind metadata are this kind's."""
        return parse_puzzles(text, source, self.adjacency)

    def text_item(self, record: PuzzleRecord, line: int) -> PuzzleText:
        board, solution = self.read_record(record.to_json())
        return PuzzleText(board, {**record_meta(record), "adjacency": board.adjacency}, solution, line)

    def format(self, items: Iterable[Any]) -> str:
        return format_puzzles(items)

    def solution_text(self, item: Any, solution: Grid) -> str:
        return format_board_grid(solution, item.board.adjacency)

    def solution_json(self, solution: Grid) -> list[list[int | None]]:
        return [list(row) for row in solution]

    def card(self, item: Any, index: int, total: int, with_solution: bool) -> str:
        return puzzle_card(item, index, total, with_solution)

    # ------------------------------------------------------------------ shapes

    def accepts_shape(self, name: str, options: Mapping[str, object], seed: int) -> bool | None:
        if self.adjacency == hexshapes.HEX and not hexshapes.is_hex_shape(name):
            return None  # a square-grid shape: not this grid's to judge
        try:
            board_mask(name, self.adjacency, **options, seed=seed)
        except PuzzleBookError:
            return False
        return True

    def own_shapes(self) -> tuple[str, ...]:
        return tuple(hexshapes.hex_shape_names()) if self.adjacency == hexshapes.HEX else ()

    def shape_view(self, name: str, options: Mapping[str, object], seed: int) -> ShapeView:
        mask = board_mask(name, self.adjacency, **options, seed=seed)
        taken = hexshapes.OPTIONS.get(name)
        takes = None if taken is None else (*taken, *(("seed",) if name in RANDOM_SHAPES else ()))
        return ShapeView(sum(map(sum, mask)), len(mask[0]), len(mask), settings(name, dict(options), self.adjacency),
                         takes, hexshapes.preview(mask))


NumberRows = list[list[int | None]]
"""A grid as a record stores it: rows of numbers, null where a cell is empty or blocked."""


def _number_rows(rows: object) -> TypeGuard[NumberRows]:
    """A list of lists whose cells are null or whole numbers (true and false are not numbers)."""
    return isinstance(rows, list) and all(
        isinstance(row, list) and all(cell is None or type(cell) is int for cell in row) for row in rows
    )


HIDATO = PathKind("hidato", N_("Hidato"), "king", HIDATO_GUIDE)
NUMBRIX = PathKind("numbrix", N_("Numbrix"), "orthogonal", NUMBRIX_GUIDE)
HEX = PathKind("hexhidato", N_("Hex Hidato"), "hex", HEX_GUIDE)
