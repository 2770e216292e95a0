"""A Hidato or Numbrix section of a book: its board shapes, checked before any puzzle is made.

Every shape must build (within the size limit shapes.py enforces) and admit a numbering path under
the section's adjacency, so an impossible section fails at load time with its line. Validation
only: it makes no puzzle.
"""

from __future__ import annotations

from typing import Any, ClassVar, Literal

from pydantic import Field, field_validator, model_validator

from pipeline.errors import PuzzleBookError
from pipeline.kinds.hidato.board import Adjacency
from pipeline.kinds.hidato.outline import RANDOM_SHAPES, board_mask
from pipeline.kinds.hidato.path import path_problem
from pipeline.kinds.hidato.techniques import LEVELS
from pipeline.kinds.hidato.textformat import KINDS
from pipeline.kinds.section import SectionSpec, ShapeSpec, one_or_list
from pipeline.specs import FieldError

class HidatoSection(SectionSpec[Literal[LEVELS]]):  # type: ignore[valid-type]
    """Puzzle i (from 1) takes shapes[(i-1) % n]; hidato lets steps cross corners, numbrix does not,
    hexhidato plays on a honeycomb."""

    misplaced_hint: ClassVar[str] = "a hidato, numbrix or hexhidato section's boards come from 'shapes'"

    kind: Literal[tuple(KINDS)] = Field(  # type: ignore[valid-type]
        description="hidato: consecutive numbers touch across sides or corners; numbrix: across sides only; "
        "hexhidato: on a honeycomb, across any of a cell's six sides"
    )
    shapes: list[ShapeSpec] = Field(
        min_length=1, description="one shape or a list; puzzles cycle through",
        json_schema_extra={"one_or_list": True},
    )

    @property
    def adjacency(self) -> Adjacency:
        return KINDS[self.kind]

    @field_validator("shapes", mode="before")
    @classmethod
    def _one_shape_or_list(cls, value: Any) -> Any:
        return one_or_list(value)

    @model_validator(mode="after")
    def _boards_hold_a_path(self) -> HidatoSection:
        """Every shape must build and admit a numbering path. A 'random' board is drawn anew for each
        puzzle's seed, so only its parameters are checked here."""
        for i, shape in enumerate(self.shapes):
            params = shape.model_dump(exclude_none=True, exclude={"name"})
            try:
                mask = board_mask(shape.name, self.adjacency, **params)
            except PuzzleBookError as err:  # a picture file's own mistake names its file, line and column
                message = f"shape {shape.name!r}: {err}" if err.source else err.message
                raise FieldError(message, ("shapes", i)) from None
            problem = None if shape.name in RANDOM_SHAPES else path_problem(mask, self.adjacency)
            if problem:
                message = f"shape {shape.name!r} cannot hold a {self.kind} path: {problem}"
                raise FieldError(message, ("shapes", i))
        return self
