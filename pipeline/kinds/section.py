"""What every book section has, whatever its kind: a name, a count, levels, a layout, rerolls.

A kind's section model is derived (`section_model`): SectionSpec with the kind's levels, joined to
the kind's one parameter model (kinds/params.py), its `kind` narrowed to the family's names. The
config's sections are the union of those models, told apart by `kind`. Plain validation only: no
puzzle is made here.
"""

from __future__ import annotations

import re
from functools import cache
from typing import Any, ClassVar, Generic, Literal, TypeVar, cast, get_args

from pydantic import Field, create_model, field_validator, model_validator

from pipeline.kinds.params import BookPart, Params
from pipeline.shapes import ShapeGiven
from pipeline.specs import FieldError, Spec

MAX_COUNT = 2000
"""Puzzles a section may hold."""
PerPage = Literal[1, 2, 4, 6]
PER_PAGE: tuple[PerPage, ...] = get_args(PerPage)
MAX_NAME = 100
"""Characters of a section's name: it heads pages and contents lines."""

Level = TypeVar("Level", bound=str)

SHAPE_TEXT = re.compile(r"([A-Za-z0-9_-]+)(?::([0-9]+))?")
"""A shape written as text: 'name' or 'name:size'."""



def one_or_list(value: Any) -> Any:
    """A config value that may be written as one item or a list, as a list (None stays None)."""
    return value if isinstance(value, list) or value is None else [value]

class ShapeSpec(Spec):
    """One board outline: a shape name and only the parameters given (the rest use the shape's defaults).

    In YAML a plain string 'cross' or 'cross:9' means name[:size].
    """

    # The docstring is the config reference's text (docsite/config_reference.py). In code,
    # model_dump(exclude_none=True) gives the name plus the parameters given.

    name: str = Field(description="square, cross, rhombus, mirror, cloud, random, or a file in shapes/; "
                      "for hexhidato: hexagon, triangle, parallelogram, hexstar, hexring, hexrandom, or a hex file")
    size: int | None = Field(None, description="side of the bounding square (a hex shape's side; a picture's longer side, scaled), in cells")
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

    def given(self) -> ShapeGiven:
        """The name and only the parameters the config gave."""
        return cast(ShapeGiven, self.model_dump(exclude_none=True))  # a dump of exactly these fields



class SectionSpec(Params, Generic[Level]):
    """A run of puzzles of one kind; puzzle i (from 1) takes difficulty[(i-1) % m] (or a ramp).

    A kind's section model (`section_model`) is `SectionSpec[Literal[its levels]]` joined to its
    parameter model, with `kind` a Literal of its names; `levels` is read from that Literal.
    """

    levels: ClassVar[tuple[str, ...]] = ()
    """The kind's levels, easiest first (set from the model's type argument)."""

    name: str = Field(min_length=1, max_length=MAX_NAME, description="the section's title, unique in the book")
    kind: str = Field(description="the puzzle kind")
    difficulty: list[Level] | None = Field(
        None, min_length=1, description="one level or a list; puzzles cycle through (or give min_level/max_level)",
        json_schema_extra={"one_or_list": True},
    )
    min_level: Level | None = Field(
        None, description="instead of difficulty: the section ramps from this level (default the easiest)..."
    )
    max_level: Level | None = Field(
        None, description="...to this one (default the hardest), in equal runs, easiest first"
    )
    count: int = Field(ge=1, le=MAX_COUNT, description="how many puzzles")
    per_page: PerPage = Field(4, description="puzzles per page")
    reroll: list[int] = Field(
        default_factory=list,
        description="1-based puzzle indexes to generate again with a new seed; listed twice, rerolled twice",
    )

    @classmethod
    def __pydantic_init_subclass__(cls, **kwargs: Any) -> None:
        super().__pydantic_init_subclass__(**kwargs)
        annotation = cls.model_fields["min_level"].annotation
        literal = next((arg for arg in get_args(annotation) if get_args(arg)), None)
        if literal is not None:
            cls.levels = tuple(get_args(literal))

    def for_book(self, language: str, seed: int, before: int = 0) -> SectionSpec[Level]:
        """This section as part of its book (whose language and seed are given), after `before` puzzles
        of it in a series' earlier volumes: see Params.in_book."""
        return self.in_book(BookPart(language, seed, self.name, self.count, tuple(self.levels_made()), before))

    def levels_made(self) -> list[str]:
        """The levels the section's puzzles are made at, each once, in book order."""
        return list(dict.fromkeys(self.level_of(i) for i in range(1, self.count + 1)))

    def level_of(self, index: int) -> str:
        """The level puzzle `index` (from 1) is made at: cycling through `difficulty`, or, for a
        min_level..max_level range, equal runs of each level in order so the section gets harder."""
        if self.difficulty is not None:
            return self.difficulty[(index - 1) % len(self.difficulty)]
        levels = self.levels
        low = levels.index(self.min_level or levels[0])
        span = levels.index(self.max_level or self.hardest_default) - low + 1
        return levels[low + (index - 1) * span // self.count]

    @property
    def hardest_default(self) -> str:
        """The top of a level range that names none: the hardest level not made by name only."""
        return [level for level in self.levels if level not in self.by_name_only][-1]

    @field_validator("difficulty", mode="before")
    @classmethod
    def _one_or_list(cls, value: Any) -> Any:
        return one_or_list(value)

    @field_validator("name")
    @classmethod
    def _not_blank(cls, value: str) -> str:
        if not value.strip():
            raise ValueError("must not be blank")
        return value

    @model_validator(mode="after")
    def _check_levels_and_rerolls(self) -> SectionSpec[Level]:
        """One way of giving levels, a range that runs upwards, and rerolls that name puzzles."""
        levels = self.levels
        ranged = self.min_level is not None or self.max_level is not None
        if self.difficulty is None and not ranged:
            message = f"missing required key 'difficulty' (one of {', '.join(levels)}, a list, or min_level/max_level)"
            raise FieldError(message, ("difficulty",))
        if self.difficulty is not None and ranged:
            key = "min_level" if self.min_level is not None else "max_level"
            raise FieldError("give either difficulty or min_level/max_level, not both", (key,))
        if ranged and levels.index(self.min_level or levels[0]) > levels.index(self.max_level or self.hardest_default):
            raise FieldError(f"min_level {self.min_level!r} is harder than max_level {self.max_level!r}", ("min_level",))
        for i, index in enumerate(self.reroll):
            if not 1 <= index <= self.count:
                message = f"must be a puzzle index from 1 to count ({self.count}), got {index}"
                raise FieldError(message, ("reroll", i))
        self.check_for(self.kind, self.levels_made())
        return self


def literal_of(values: tuple[str, ...]) -> Any:
    """`Literal[values]` for values known only at run time (a kind's levels, a family's names): a type
    for pydantic to validate against, which no static checker can see into."""
    return Literal.__getitem__(values)


@cache
def section_model(params: type[Params], levels: tuple[str, ...]) -> type[SectionSpec[Any]]:
    """The config's section model for the kinds `params` serves: the common section fields, then the
    kinds' own, named after the parameter model (SudokuParams -> SudokuSection). The parameter model
    comes first among the bases, so its checks (`check_for`) and class settings are the section's."""
    names = tuple(params.kinds)
    rules = "; ".join(f"{name}: {rule}" for name, rule in params.kinds.items())
    # SectionSpec[Literal[levels]], written as the call it stands for: a subscript takes no run-time value.
    levelled = cast("type[SectionSpec[Any]]", SectionSpec.__class_getitem__(literal_of(levels)))
    bases: tuple[type[Params], ...] = (params, levelled)
    model = cast("type[SectionSpec[Any]]", create_model(  # SectionSpec is among its bases
        params.__name__.removesuffix("Params") + "Section",
        __base__=bases,
        __module__=params.__module__,
        __doc__=params.__doc__,
        kind=(literal_of(names), Field(description=rules)),
    ))
    return model
