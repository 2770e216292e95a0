"""Mazes behind the kinds' one face: one way from the entrance to the exit, on any board.

Each method hands over to this package's engine (shapes, generate, maze, measure, grade, canon,
record, textformat, show, draw); nothing here carves or draws. A record's grid and solution are
record.py's; its job names the board's shape, where a round maze's exit is and how wide its cells print.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import cached_property
from typing import TYPE_CHECKING, Any, NotRequired, TypedDict

from pipeline.drawing import Drawing
from pipeline.errors import PuzzleBookError
from pipeline.i18n import N_
from pipeline.kinds.base import Fingerprint, Kind, ShapeView, record_meta
from pipeline.kinds.maze.board import Board
from pipeline.kinds.maze.canon import maze_fingerprint
from pipeline.kinds.maze.generate import generate
from pipeline.kinds.maze.grade import LEVELS, NAMES, grade_measures
from pipeline.kinds.maze.guide import MAZE_GUIDE
from pipeline.kinds.maze.maze import Maze, Route, prove
from pipeline.kinds.maze.measure import measure
from pipeline.kinds.maze.record import maze_grid, read_maze, read_route
from pipeline.kinds.maze.shapes import RANDOM_SHAPES, ROUND, board_for, settings
from pipeline.kinds.maze.show import maze_card, maze_text
from pipeline.kinds.maze.textformat import (
    MazeText,
    format_mazes,
    looks_like_maze,
    parse_mazes,
    route_text,
)
from pipeline.kinds.result import SolveResult, require_unique
from pipeline.shapes import DEFAULT_SHAPE, ShapeGiven

if TYPE_CHECKING:
    from pipeline.kinds.maze.params import MazeParams
    from pipeline.kinds.record import PuzzleRecord

FEW_CELLS = 12
"""Boards this small hold few enough mazes that a book may ask for more than exist."""


class MazeJob(TypedDict):
    """One maze's job: its board's shape, where a round maze's exit is, and its cells' least width."""

    shape: ShapeGiven
    goal: str
    cell_mm: NotRequired[float]


def _job(shape: ShapeGiven, goal: str, cell_mm: float | None) -> MazeJob:
    job = MazeJob(shape=shape, goal=goal)
    if cell_mm is not None:
        job["cell_mm"] = cell_mm
    return job


class MazeKind(Kind[Maze, Route, MazeJob]):
    """Find the one way from the entrance to the exit through a perfect maze (its passages a tree)."""

    name = "maze"
    title = N_("Maze")
    family = "maze"
    levels = LEVELS
    technique_names = NAMES
    guide = MAZE_GUIDE

    @property
    def params(self) -> type[MazeParams]:
        from pipeline.kinds.maze.params import MazeParams

        return MazeParams

    def stated(self, options: Mapping[str, Any]) -> MazeParams:
        """On the command line the board is one shape, by default a square."""
        shape = {"name": DEFAULT_SHAPE, **(options.get("shapes") or [{}])[0]}
        return self.params.model_validate({**options, "shapes": [shape]})

    def single_job(self, params: MazeParams, difficulty: str, seed: int) -> MazeJob:
        return _job(params.shapes[0].given(), params.goal, params.cell_mm)

    def generated_text(self, record: Mapping[str, Any], params: MazeParams, form: Any, *, solutions: bool,
                       first: bool) -> str:
        puzzle, solution = self.read_record(record)
        shape = params.shapes[0]
        given = {key: value for key, value in shape.given().items() if key != "name"}
        meta = {"seed": str(record["seed"]), "level": str(record["grade"]["level"]), "shape": shape.name,
                **{key: str(value) for key, value in settings(shape.name, given).items()}}
        return maze_text(MazeText(puzzle, solution if solutions else None, 0, meta), first)

    # ------------------------------------------------------------------ making puzzles for a book

    def job_params(self, section: Any, index: int) -> MazeJob:
        shape = section.shapes[(index - 1) % len(section.shapes)]
        return _job(shape.given(), section.goal, section.cell_mm)

    def _board(self, params: MazeJob, seed: int) -> Board:
        """The job's board; the seed draws only a random one (picture files are read each time)."""
        shape = params["shape"]
        options = {key: value for key, value in shape.items() if key != "name"}
        return board_for(shape["name"], options, seed if shape["name"] in RANDOM_SHAPES else 0)

    def generate(self, params: MazeJob, difficulty: str, seed: int) -> dict[str, Any]:
        name = params["shape"]["name"]
        made = generate(self._board(params, seed), difficulty, seed, goal=params["goal"], shape=name)
        if "cell_mm" in params:
            made["grid"]["cell_mm"] = params["cell_mm"]
        return {"kind": self.name, "shape": params["shape"], "goal": params["goal"], "seed": seed,
                "difficulty": difficulty, **made}

    def record_fields(self, params: MazeJob) -> dict[str, Any]:
        return {"shape": params["shape"], "goal": params["goal"]}

    def board_problem(self, record: Mapping[str, Any], params: MazeJob) -> str | None:
        """The job's board exactly, its cells' width, a round maze's exit where the job puts it, and a
        perfect maze whose solution is its route."""
        try:
            maze, route = self.read_record(record)
        except (KeyError, TypeError, ValueError, PuzzleBookError) as err:
            return f"it is not a maze record ({err})"
        if maze.board != self._board(params, int(record["seed"])):
            return "its board is not the one its section asks for (another shape or size)"
        if maze.cell_mm != params.get("cell_mm"):
            return "its cells' width is not its section's cell_mm"
        if maze.board.topology == "round" and params["goal"] == "centre" and maze.exit != 0:
            return "its exit is not at the centre"
        proof = prove(maze)
        if proof.status != "unique":
            return f"it is not a perfect maze ({proof.status})"
        if proof.solutions[0] != route:
            return "its solution is not its route"
        return None

    def blank_grid(self, params: MazeJob, seed: int) -> dict[str, Any]:
        board = self._board(params, seed)
        exit_ = 0 if board.topology == "round" else board.edge[-1]
        return maze_grid(Maze(board, tuple(() for _ in board.cells), board.edge[0], exit_, params.get("cell_mm")))

    def board_cells(self, params: MazeJob) -> int | None:
        if params["shape"]["name"] in RANDOM_SHAPES:
            return None
        return self._board(params, 0).size

    def holes(self, grid: Any) -> int:
        if grid["topology"] == "round":
            return 0
        return int(grid["height"]) * int(grid["width"]) - len(grid["cells"])

    # ------------------------------------------------------------------ sameness

    def fingerprint(self, puzzle: Maze, solution: Route) -> Fingerprint:
        """The same walls and ends over the board's symmetries (canon.py); the route adds nothing."""
        return maze_fingerprint(self.name, puzzle)

    def distinct_may_run_out(self, params: MazeJob, difficulty: str) -> bool:
        cells = self.board_cells(params)
        return cells is not None and cells <= FEW_CELLS

    # ------------------------------------------------------------------ records and proofs

    def read_record(self, record: Mapping[str, Any]) -> tuple[Maze, Route]:
        maze = read_maze(record["grid"])
        return maze, read_route(maze, record["solution"])

    def write_record(self, puzzle: Maze, solution: Route) -> dict[str, Any]:
        return {"grid": maze_grid(puzzle), "solution": self.solution_json(solution)}

    def is_solution(self, puzzle: Maze, solution: Route) -> bool:
        """A walk from the entrance to the exit through the maze's passages, never back onto a cell."""
        index = puzzle.board.index
        if not solution or solution[0] != puzzle.board.cells[puzzle.entrance] or \
                solution[-1] != puzzle.board.cells[puzzle.exit] or len(set(solution)) != len(solution):
            return False
        return all(a in index and b in index and puzzle.opens(index[a], index[b]) for a, b in zip(solution, solution[1:]))

    def prove(self, puzzle: Maze, *, node_limit: int | None = None, hint: Route | None = None) -> SolveResult[Route]:
        return prove(puzzle)

    def default_node_limit(self, puzzle: Maze) -> int:
        return 1  # a proof is one walk over the passages: no search, no budget

    def solve(self, puzzle: Maze, limit: int = 2, *, node_limit: int | None = None,
              hint: Route | None = None) -> SolveResult[Route]:
        return prove(puzzle, limit)

    def grade(self, puzzle: Maze) -> dict[str, object]:
        require_unique(prove(puzzle).status, 1, "a perfect maze (one way between any two cells)")
        return grade_measures(measure(puzzle))

    # ------------------------------------------------------------------ print

    @cached_property
    def drawing(self) -> Drawing:
        from pipeline.kinds.maze import draw

        return Drawing(draw.fit_maze, draw.draw_maze, draw.maze_extent, draw.maze_centres, draw.maze_bare)

    # ------------------------------------------------------------------ text

    def claims(self, text: str) -> bool:
        return looks_like_maze(text)

    def parse(self, text: str, source: str) -> list[MazeText]:
        return parse_mazes(text, source)

    def text_item(self, record: PuzzleRecord, line: int) -> MazeText:
        maze, route = self.read_record(record.to_json())
        return MazeText(maze, route, line, record_meta(record))

    def format(self, items: Iterable[Any]) -> str:
        return format_mazes(items)

    def solution_text(self, item: Any, solution: Route) -> str:
        return route_text(solution)

    def solution_json(self, solution: Route) -> list[list[int]]:
        return [list(cell) for cell in solution]

    def card(self, item: Any, index: int, total: int, with_solution: bool) -> str:
        return maze_card(item, index, total, with_solution)

    # ------------------------------------------------------------------ shapes

    def accepts_shape(self, name: str, options: Mapping[str, object], seed: int) -> bool | None:
        try:
            board_for(name, options, seed)
        except PuzzleBookError:
            return False
        return True

    def own_shapes(self) -> tuple[str, ...]:
        return (ROUND,)

    def shape_view(self, name: str, options: Mapping[str, object], seed: int) -> ShapeView:
        """A round board as the disc it prints as, a character a ring's depth ('.' inside the circle)."""
        board = board_for(name, options, seed)
        rings = len(board.rings)
        side = 2 * rings
        rows = ["".join("." if (x - rings + 0.5) ** 2 + (y - rings + 0.5) ** 2 <= rings**2 else "#"
                        for x in range(side)) for y in range(side)]
        picture = "".join(" ".join(row) + "\n" for row in rows)
        return ShapeView(board.size, side, side, settings(name, dict(options)), ("size",), picture)


MAZE = MazeKind()

