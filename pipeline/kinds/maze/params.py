"""A maze section's parameters, declared once: its boards, where a round maze's exit is, and how
large its cells print. Validation only: it makes no maze.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar, Literal

from pydantic import Field, field_validator

from pipeline.errors import PuzzleBookError
from pipeline.kinds.maze.generate import level_problem
from pipeline.kinds.maze.shapes import RANDOM_SHAPES, board_for
from pipeline.kinds.params import Params
from pipeline.kinds.section import ShapeSpec, one_or_list
from pipeline.specs import FieldError

MIN_CELL_MM = 3.0
MAX_CELL_MM = 40.0


class MazeParams(Params):
    """Puzzle i (from 1) takes shapes[(i-1) % n]: a square-grid shape, a honeycomb one, or round."""

    kinds: ClassVar[dict[str, str]] = {
        "maze": "one way from the entrance to the exit, through passages that never loop",
    }
    misplaced_hint: ClassVar[str] = "a maze section's boards come from 'shapes'"

    shapes: list[ShapeSpec] = Field(
        min_length=1, description="one shape or a list; puzzles cycle through (round: size is its rings)",
        json_schema_extra={"one_or_list": True},
    )
    goal: Literal["centre", "edge"] = Field(
        "centre", description="round mazes: the exit at the centre, or on the edge across from the entrance",
    )
    cell_mm: float | None = Field(
        None, ge=MIN_CELL_MM, le=MAX_CELL_MM,
        description="print every cell at least this wide, in millimetres (large cells for young children)",
    )

    @field_validator("shapes", mode="before")
    @classmethod
    def _one_shape_or_list(cls, value: Any) -> Any:
        return one_or_list(value)

    def check_for(self, kind: str, levels: Sequence[str]) -> None:
        """Every shape must build into a board with room for an entrance and an exit, on which every
        level asked for is within reach (a narrow board cannot hold an expert's long corridors); a
        random one is drawn anew for each puzzle, so only its parameters are checked, on one draw."""
        for i, shape in enumerate(self.shapes):
            options = shape.model_dump(exclude_none=True, exclude={"name"})
            try:
                board = board_for(shape.name, options, 0)
            except PuzzleBookError as err:
                message = f"shape {shape.name!r}: {err}" if err.source else err.message
                raise FieldError(message, ("shapes", i)) from None
            if shape.name in RANDOM_SHAPES:
                continue
            if board.size < 4 or (len(board.edge) < 2 and not (board.topology == "round" and self.goal == "centre")):
                raise FieldError(f"shape {shape.name!r} has {board.size} cells ({len(board.edge)} on its edge); a "
                                 "maze needs at least 4, two of them on the edge", ("shapes", i))
            for level in levels:
                problem = level_problem(board, level, self.goal, shape.name)
                if problem is not None:
                    raise FieldError(problem, ("shapes", i))
