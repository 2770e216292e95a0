"""A Hidato or Numbrix section of a book: its board shapes, checked before any puzzle is made.

Every shape must build (within the size limit shapes.py enforces) and admit a numbering path under
the section's adjacency, so an impossible section fails at load time with its line. Validation
only: it makes no puzzle.
"""

from __future__ import annotations

import re
from typing import Any, ClassVar, Literal

from pydantic import Field, field_validator, model_validator

from pipeline.errors import PuzzleBookError
from pipeline.kinds.hidato.board import Adjacency
from pipeline.kinds.hidato.outline import RANDOM_SHAPES, board_mask
from pipeline.kinds.hidato.path import path_problem
from pipeline.kinds.hidato.techniques import LEVELS
from pipeline.kinds.hidato.textformat import KINDS
from pipeline.kinds.section import SectionSpec
from pipeline.specs import FieldError, Spec

SHAPE_TEXT = re.compile(r"([A-Za-z0-9_-]+)(?::([0-9]+))?")
"""A shape written as text: 'name' or 'name:size'."""


class ShapeSpec(Spec):
    """One board outline: a shape name and only the parameters given (the rest use the shape's defaults).

    In YAML a plain string 'cross' or 'cross:9' means name[:size]. model_dump(exclude_none=True) gives
    the name plus the given parameters.
    """

    name: str = Field(description="square, cross, rhombus, mirror, cloud, random, or a file in shapes/; "
                      "for hexhidato: hexagon, triangle, parallelogram, hexstar, hexring, hexrandom, or a hex file")
    size: int | None = Field(None, description="side of the bounding square (a hex shape's side), in cells")
    width: int | None = Field(None, description="square, parallelogram: columns; hexring: band width")
    height: int | None = Field(None, description="square, parallelogram: rows")
    arm: int | None = Field(None, description="cross only: arm width, same parity as size")
    ratio: float | None = Field(None, description="random, hexrandom: share of cells blocked, 0 to 0.5")

    model_config = Spec.model_config | {
        "json_schema_extra": {"text_form": {"pattern": f"^{SHAPE_TEXT.pattern}$", "description": "'name' or 'name:size'"}}
    }

    @model_validator(mode="before")
    @classmethod
    def _shorthand(cls, data: Any) -> Any:
        if not isinstance(data, str):
            return data
        match = SHAPE_TEXT.fullmatch(data.strip())
        if match is None:
            raise ValueError(f"a shape written as text is 'name' or 'name:size' like 'cross:9'; got {data!r}")
        return {"name": match[1]} if match[2] is None else {"name": match[1], "size": int(match[2])}

    def given(self) -> dict[str, Any]:
        """The name and only the parameters the config gave."""
        return self.model_dump(exclude_none=True)


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
        return value if isinstance(value, list) or value is None else [value]

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
