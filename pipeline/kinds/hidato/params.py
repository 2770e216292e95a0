"""Hidato's and Numbrix's parameters: their board shapes, checked before any puzzle is made.

Declared once: a book's section and `generate` read it. Every shape must build (within the size
limit shapes.py enforces) and admit a numbering path under the kind's adjacency, so an impossible
board fails at once with its line or flag. Validation only: it makes no puzzle.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from pydantic import Field, field_validator

from pipeline.errors import PuzzleBookError
from pipeline.kinds.hidato.outline import RANDOM_SHAPES, board_mask
from pipeline.kinds.hidato.path import path_problem
from pipeline.kinds.hidato.textformat import KINDS
from pipeline.kinds.params import Params
from pipeline.kinds.section import ShapeSpec, one_or_list
from pipeline.specs import FieldError


class HidatoParams(Params):
    """Puzzle i (from 1) takes shapes[(i-1) % n]; hidato lets steps cross corners, numbrix does not,
    hexhidato plays on a honeycomb."""

    kinds: ClassVar[dict[str, str]] = {
        "hidato": "consecutive numbers touch across sides or corners",
        "numbrix": "across sides only",
        "hexhidato": "on a honeycomb, across any of a cell's six sides",
    }
    misplaced_hint: ClassVar[str] = "a hidato, numbrix or hexhidato section's boards come from 'shapes'"

    shapes: list[ShapeSpec] = Field(
        min_length=1, description="one shape or a list; puzzles cycle through",
        json_schema_extra={"one_or_list": True},
    )

    @field_validator("shapes", mode="before")
    @classmethod
    def _one_shape_or_list(cls, value: Any) -> Any:
        return one_or_list(value)

    def check_for(self, kind: str, levels: Sequence[str]) -> None:
        """Every shape must build and admit a numbering path. A 'random' board is drawn anew for each
        puzzle's seed, so only its parameters are checked here."""
        adjacency = KINDS[kind]
        for i, shape in enumerate(self.shapes):
            params = shape.model_dump(exclude_none=True, exclude={"name"})
            try:
                mask = board_mask(shape.name, adjacency, **params)
            except PuzzleBookError as err:  # a picture file's own mistake names its file, line and column
                message = f"shape {shape.name!r}: {err}" if err.source else err.message
                raise FieldError(message, ("shapes", i)) from None
            problem = None if shape.name in RANDOM_SHAPES else path_problem(mask, adjacency)
            if problem:
                message = f"shape {shape.name!r} cannot hold a {kind} path: {problem}"
                raise FieldError(message, ("shapes", i))
