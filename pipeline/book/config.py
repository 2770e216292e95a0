"""A book's YAML config, loaded safely and validated into a BookSpec (pydantic models).

Every mistake becomes a PuzzleBookError naming the file, line and field and what is allowed. This
module never writes files and never constructs Python objects from YAML tags.
"""

from __future__ import annotations

import difflib
import re
import types
from datetime import date
from pathlib import Path
from typing import Annotated, Any, Literal, Union, get_args, get_origin

import yaml
from pydantic import (
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    ValidationError,
    field_validator,
    model_validator,
)
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from pipeline.errors import PuzzleBookError
from pipeline.kinds.hidato.grade import LEVELS
from pipeline.kinds.hidato.path import path_problem
from pipeline.kinds.sudoku.generate import SYMMETRIES
from pipeline.kinds.sudoku.grid import BOXES
from pipeline.shapes import MAX_SIZE, make_mask

POINTS_PER_INCH = 72.0
UNITS = {"in": POINTS_PER_INCH, "mm": POINTS_PER_INCH / 25.4, "cm": POINTS_PER_INCH / 2.54, "pt": 1.0}
TRIM_SIZES = {
    "letter": (8.5, 11.0),
    "8.5x11": (8.5, 11.0),
    "a4": (210 / 25.4, 297 / 25.4),
    "6x9": (6.0, 9.0),
    "8x10": (8.0, 10.0),
    "5x8": (5.0, 8.0),
    "a5": (148 / 25.4, 210 / 25.4),
}
"""Trim sizes by name, (width, height) in inches."""
MIN_TRIM_INCHES = 3.0
MIN_CONTENT_INCHES = 1.0
"""What the margins must leave of the page on each axis (with the widest gutter)."""
GUTTER_RULE = ((150, 0.375), (300, 0.5), (500, 0.625), (700, 0.75))
"""Print-on-demand inside margin: up to this many pages, this many inches; more than 700: 0.875."""
WIDEST_GUTTER = 0.875
MIN_OUTSIDE = 0.25
MIN_OUTSIDE_BLEED = 0.375
MAX_COUNT = 2000
PATH_KINDS = ("hidato", "numbrix")
SUDOKU_DEFAULTS = {"box": 3, "symmetry": "rotate180"}
"""What a sudoku section that leaves out `box` or `symmetry` gets."""

_LENGTH = re.compile(r"\s*(\d+(?:\.\d*)?|\.\d+)\s*(in|mm|cm|pt)\s*")
_SHAPE_TEXT = re.compile(r"([A-Za-z0-9_-]+)(?::([0-9]+))?")
_SCHEDULER = re.compile(r"(?:[a-z][a-z0-9+]*://)?(?:\[[0-9A-Fa-f:.]+\]|[^\s/:\[\]]+)(?::[0-9]{1,5})?/?")


class FieldError(ValueError):
    """A ValueError that points below the field that raised it (`path`, e.g. ("shapes", 1)).

    Pydantic keeps the exception in the error's context, so the loader can name the exact YAML line.
    """

    def __init__(self, message: str, path: tuple[str | int, ...]) -> None:
        super().__init__(message)
        self.path = path


def length_points(text: str) -> float:
    """A length such as '0.5in', '12mm', '1.5cm' or '36pt' in points (72 per inch); must be positive."""
    match = _LENGTH.fullmatch(text) if isinstance(text, str) else None
    if match is None:
        raise ValueError(
            f"must be a length with a unit (in, mm, cm or pt), like '0.5in' or '12mm'; got {text!r}"
        )
    points = float(match[1]) * UNITS[match[2]]
    if points <= 0:
        raise ValueError(f"must be a positive length, got {text!r}")
    return points


def _length(value: object) -> object:
    length_points(value)  # type: ignore[arg-type]
    return value


Length = Annotated[str, BeforeValidator(_length)]
Level = Literal[LEVELS]  # type: ignore[valid-type]


class _Spec(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


class ShapeSpec(_Spec):
    """One board outline: a shape name and only the parameters given (the rest use the shape's defaults).

    In YAML a plain string 'cross' or 'cross:9' means name[:size]. model_dump(exclude_none=True) gives
    the name plus the given parameters.
    """

    name: str = Field(description="square, cross, rhombus, mirror, cloud, random, or a file in shapes/")
    size: int | None = Field(None, description="side of the bounding square, in cells")
    width: int | None = Field(None, description="square only: columns")
    height: int | None = Field(None, description="square only: rows")
    arm: int | None = Field(None, description="cross only: arm width, same parity as size")
    ratio: float | None = Field(None, description="random only: share of cells blocked, 0 to 0.5")

    @model_validator(mode="before")
    @classmethod
    def _shorthand(cls, data: Any) -> Any:
        if not isinstance(data, str):
            return data
        match = _SHAPE_TEXT.fullmatch(data.strip())
        if match is None:
            raise ValueError(f"a shape written as text is 'name' or 'name:size' like 'cross:9'; got {data!r}")
        return {"name": match[1]} if match[2] is None else {"name": match[1], "size": int(match[2])}


class SectionSpec(_Spec):
    """A run of puzzles of one kind; puzzle i (from 1) takes shapes[(i-1) % n] and difficulty[(i-1) % m].

    Hidato and Numbrix sections need `shapes`; a Sudoku section has `box` and `symmetry` instead.
    """

    name: str = Field(min_length=1, description="the section's title, unique in the book")
    kind: Literal["hidato", "numbrix", "sudoku"] = Field(
        description="hidato: diagonal steps count; numbrix: not; sudoku: rows, columns and boxes"
    )
    shapes: list[ShapeSpec] | None = Field(
        None, min_length=1, description="hidato and numbrix only (required): one shape or a list; puzzles cycle through"
    )
    box: int | None = Field(
        None, ge=BOXES[0], le=BOXES[-1], description="sudoku only: box size k for a k*k by k*k grid (default 3: 9x9)"
    )
    symmetry: Literal[SYMMETRIES] | None = Field(  # type: ignore[valid-type]
        None, description="sudoku only: the pattern the givens keep (default rotate180)"
    )
    difficulty: list[Level] | None = Field(
        None, min_length=1, description="one level or a list; puzzles cycle through (or give min_level/max_level)"
    )
    min_level: Level | None = Field(
        None, description="instead of difficulty: the section ramps from this level (default easy)..."
    )
    max_level: Level | None = Field(
        None, description="...to this one (default expert), in equal runs, easiest first"
    )
    count: int = Field(ge=1, le=MAX_COUNT, description="how many puzzles")
    per_page: Literal[1, 2, 4, 6] = Field(4, description="puzzles per page")
    reroll: list[int] = Field(
        default_factory=list,
        description="1-based puzzle indexes to generate again with a new seed; listed twice, rerolled twice",
    )

    def level_of(self, index: int) -> str:
        """The level puzzle `index` (from 1) is made at: cycling through `difficulty`, or, for a
        min_level..max_level range, equal runs of each level in order so the section gets harder."""
        if self.difficulty is not None:
            return self.difficulty[(index - 1) % len(self.difficulty)]
        low = LEVELS.index(self.min_level or LEVELS[0])
        span = LEVELS.index(self.max_level or LEVELS[-1]) - low + 1
        return LEVELS[low + (index - 1) * span // self.count]

    @property
    def adjacency(self) -> Literal["king", "orthogonal"]:
        return "king" if self.kind == "hidato" else "orthogonal"

    @model_validator(mode="before")
    @classmethod
    def _sudoku_defaults(cls, data: Any) -> Any:
        if isinstance(data, dict) and data.get("kind") == "sudoku":
            return {**data, **{key: value for key, value in SUDOKU_DEFAULTS.items() if data.get(key) is None}}
        return data

    @field_validator("shapes", "difficulty", mode="before")
    @classmethod
    def _one_or_list(cls, value: Any) -> Any:
        return value if isinstance(value, list) or value is None else [value]

    @field_validator("name")
    @classmethod
    def _not_blank(cls, value: str) -> str:
        if not value.strip():
            raise ValueError("must not be blank")
        return value

    @model_validator(mode="after")
    def _check(self) -> SectionSpec:
        """Each kind has its own fields; every shape must build and admit a numbering path; every reroll
        must name a puzzle.

        A 'random' board is drawn anew for each puzzle's seed, so only its parameters are checked here.
        """
        if self.kind == "sudoku" and self.shapes is not None:
            message = "a sudoku section has no shapes: its grid is set by 'box' (2 to 5; default 3, a 9x9 grid)"
            raise FieldError(message, ("shapes",))
        if self.kind in PATH_KINDS:
            for key in SUDOKU_DEFAULTS:
                if getattr(self, key) is not None:
                    message = f"only a sudoku section takes {key!r}; a {self.kind} section's boards come from 'shapes'"
                    raise FieldError(message, (key,))
            if self.shapes is None:
                message = f"missing required key 'shapes' (a {self.kind} section needs board shapes)"
                raise FieldError(message, ("shapes",))
        for i, shape in enumerate(self.shapes or ()):
            params = shape.model_dump(exclude_none=True, exclude={"name"})
            try:
                mask = make_mask(shape.name, adjacency=self.adjacency, **params)
            except PuzzleBookError as err:
                raise FieldError(err.message, ("shapes", i)) from None
            if max(len(mask), len(mask[0])) > MAX_SIZE:
                message = (f"shape {shape.name!r} is {len(mask)}x{len(mask[0])} cells ({sum(map(sum, mask))} open); "
                           f"boards may be at most {MAX_SIZE}x{MAX_SIZE}: larger ones neither print legibly nor "
                           "prove unique in reasonable time")
                raise FieldError(message, ("shapes", i))
            problem = None if shape.name == "random" else path_problem(mask, self.adjacency)
            if problem:
                message = f"shape {shape.name!r} cannot hold a {self.kind} path: {problem}"
                raise FieldError(message, ("shapes", i))
        ranged = self.min_level is not None or self.max_level is not None
        if self.difficulty is None and not ranged:
            message = f"missing required key 'difficulty' (one of {', '.join(LEVELS)}, a list, or min_level/max_level)"
            raise FieldError(message, ("difficulty",))
        if self.difficulty is not None and ranged:
            key = "min_level" if self.min_level is not None else "max_level"
            raise FieldError("give either difficulty or min_level/max_level, not both", (key,))
        if ranged and LEVELS.index(self.min_level or LEVELS[0]) > LEVELS.index(self.max_level or LEVELS[-1]):
            raise FieldError(f"min_level {self.min_level!r} is harder than max_level {self.max_level!r}", ("min_level",))
        for i, index in enumerate(self.reroll):
            if not 1 <= index <= self.count:
                message = f"must be a puzzle index from 1 to count ({self.count}), got {index}"
                raise FieldError(message, ("reroll", i))
        return self


class PageSpec(_Spec):
    """Trim size, bleed and margins; lengths are text with units ('0.5in', '12mm', '1cm', '36pt')."""

    size: Literal[tuple(TRIM_SIZES)] | None = Field(  # type: ignore[valid-type]
        "8.5x11", description="a trim size by name; or give width and height instead"
    )
    width: Length | None = Field(None, description="custom trim width, like '6in' or '152.4mm'")
    height: Length | None = Field(None, description="custom trim height, like '9in' or '228.6mm'")
    bleed: bool = Field(False, description="art runs 0.125in past the trim edge")
    inside: Length | None = Field(
        None, description="gutter margin; default by page count (24-150: 0.375in ... 701-828: 0.875in)"
    )
    outside: Length = Field("0.5in", description="outer margin: at least 0.25in, 0.375in with bleed")
    top: Length = Field("0.5in", description="top margin: at least 0.25in, 0.375in with bleed")
    bottom: Length = Field("0.5in", description="bottom margin: at least 0.25in, 0.375in with bleed")

    @model_validator(mode="before")
    @classmethod
    def _custom_size(cls, data: Any) -> Any:
        """Width and height replace the default size; giving them with a size is ambiguous."""
        if not isinstance(data, dict) or ("width" not in data and "height" not in data):
            return data
        if "width" not in data or "height" not in data:
            missing = "height" if "width" in data else "width"
            raise FieldError("a custom trim size needs both width and height", (missing,))
        if data.get("size") is not None:
            raise FieldError("give either size or width and height, not both", ("size",))
        return {**data, "size": None}

    @model_validator(mode="after")
    def _check(self) -> PageSpec:
        if self.size is None and self.width is None:
            raise FieldError("give a trim size name or width and height", ("size",))
        for side, points in zip(("width", "height"), self.trim_points()):
            if points < MIN_TRIM_INCHES * POINTS_PER_INCH:
                where = ("size",) if self.size else (side,)
                raise FieldError(f"the trim {side} must be at least {MIN_TRIM_INCHES:g}in", where)
        least = MIN_OUTSIDE_BLEED if self.bleed else MIN_OUTSIDE
        for margin in ("outside", "top", "bottom"):
            if length_points(getattr(self, margin)) < least * POINTS_PER_INCH - 1e-9:
                rule = "with bleed" if self.bleed else "without bleed"
                message = f"must be at least {least:g}in {rule}, got {getattr(self, margin)!r}"
                raise FieldError(message, (margin,))
        width, height = self.trim_points()
        inside = length_points(self.inside) if self.inside else WIDEST_GUTTER * POINTS_PER_INCH
        spare = MIN_CONTENT_INCHES * POINTS_PER_INCH
        if width - inside - length_points(self.outside) < spare:
            message = f"inside and outside margins leave less than {MIN_CONTENT_INCHES:g}in of the width"
            raise FieldError(message, ("outside",))
        if height - length_points(self.top) - length_points(self.bottom) < spare:
            message = f"top and bottom margins leave less than {MIN_CONTENT_INCHES:g}in of the height"
            raise FieldError(message, ("bottom",))
        return self

    def trim_points(self) -> tuple[float, float]:
        """The trim (finished page) size in points, bleed excluded."""
        if self.size is not None:
            width, height = TRIM_SIZES[self.size]
            return width * POINTS_PER_INCH, height * POINTS_PER_INCH
        return length_points(self.width), length_points(self.height)  # type: ignore[arg-type]

    def gutter_points(self, page_count: int) -> float:
        """The inside margin: as given, else the print-on-demand rule for a book of `page_count` pages."""
        if self.inside is not None:
            return length_points(self.inside)
        inches = next((gutter for pages, gutter in GUTTER_RULE if page_count <= pages), WIDEST_GUTTER)
        return inches * POINTS_PER_INCH


class AnswersSpec(_Spec):
    """The answer pages."""

    per_page: Literal[1, 2, 4, 6, 9, 12] = Field(6, description="solutions per answer page")
    where: Literal["back", "section"] = Field("back", description="all at the back, or after each section")


class ParallelSpec(_Spec):
    """How puzzles are generated in parallel (joblib, or a Dask cluster); the result never depends on it."""

    n_jobs: int | None = Field(None, ge=1, description="worker count; empty: all cores (dask: local workers)")
    backend: Literal["loky", "threading", "sequential", "dask"] = Field(
        "loky", description="joblib's loky or threading pool, one process, or a Dask cluster (optional extra)"
    )
    scheduler: str | None = Field(
        None, description="dask only: a running scheduler, like 'tcp://10.0.0.5:8786'; empty: a local cluster"
    )

    @field_validator("scheduler")
    @classmethod
    def _address(cls, value: str | None) -> str | None:
        if value is not None and not _SCHEDULER.fullmatch(value):
            raise ValueError(f"must be a scheduler address like 'tcp://HOST:8786', got {value!r}")
        return value

    @model_validator(mode="after")
    def _scheduler_needs_dask(self) -> ParallelSpec:
        if self.scheduler is not None and self.backend != "dask":
            raise FieldError("a scheduler is only used with backend: dask", ("scheduler",))
        return self


class BookSpec(_Spec):
    """A whole book: front matter, page geometry, sections of puzzles, answers."""

    title: str = Field(min_length=1, description="printed on the title page")
    subtitle: str = Field("", description="printed under the title")
    author: str = Field("", description="printed on the title page")
    seed: int = Field(1, ge=0, description="the same config and seed always give the same book")
    page: PageSpec = Field(default_factory=PageSpec, description="trim size, bleed and margins")
    sections: list[SectionSpec] = Field(min_length=1, description="the puzzle sections, in book order")
    answers: AnswersSpec = Field(default_factory=AnswersSpec, description="the answer pages")
    contents: bool = Field(True, description="print a table of contents")
    large_print: bool = Field(False, description="bigger numbers and cells")
    parallel: ParallelSpec = Field(default_factory=ParallelSpec, description="parallel generation")

    @model_validator(mode="after")
    def _unique_names(self) -> BookSpec:
        seen: dict[str, int] = {}
        for i, section in enumerate(self.sections):
            if section.name in seen:
                message = f"section name {section.name!r} is already used by sections[{seen[section.name]}]"
                raise FieldError(f"{message}; names must be unique", ("sections", i, "name"))
            seen[section.name] = i
        return self


def load_config(path: str | Path) -> BookSpec:
    """The book described by the YAML file at `path`; any mistake raises PuzzleBookError naming it."""
    source = str(path)
    try:
        text = Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise PuzzleBookError("no such config file", source=source) from None
    except IsADirectoryError:
        raise PuzzleBookError("is a folder, not a config file", source=source) from None
    except UnicodeDecodeError as err:
        message = f"is not UTF-8 text ({err.reason} at byte {err.start})"
        raise PuzzleBookError(message, source=source) from None
    except OSError as err:
        raise PuzzleBookError(f"cannot read the config: {err.strerror or err}", source=source) from None
    return load_config_text(text, source)


def load_config_text(text: str, source: str = "<config>") -> BookSpec:
    """The book described by YAML `text`; `source` names it in error messages."""
    root, data = _read_yaml(text, source)
    try:
        return BookSpec.model_validate(data)
    except ValidationError as err:
        raise _first_problem(err, root, source) from None


def config_schema() -> dict[str, Any]:
    """The JSON Schema of a config, for editors (`puzzlebook schema`).

    It also admits the YAML shorthands the models accept: one shape or level instead of a list, and a
    shape written as 'name' or 'name:size'.
    """
    schema = BookSpec.model_json_schema()
    section = schema["$defs"]["SectionSpec"]["properties"]
    text_shape = {"type": "string", "pattern": f"^{_SHAPE_TEXT.pattern}$", "description": "'name' or 'name:size'"}
    shape = {"anyOf": [{"$ref": "#/$defs/ShapeSpec"}, text_shape]}
    level = next(branch["items"] for branch in section["difficulty"]["anyOf"] if "items" in branch)
    one = {"shapes": shape, "difficulty": level}
    for key, item in one.items():
        field = section[key]
        listed = {"type": "array", "items": item, "minItems": 1}
        section[key] = {"title": field["title"], "description": field["description"], "anyOf": [item, listed]}
    return schema


# ------------------------------------------------------------------------------------ YAML


def _read_yaml(text: str, source: str) -> tuple[MappingNode, Any]:
    """The node tree (for line numbers) and the plain data, read with the safe loader only."""
    try:
        loader = yaml.SafeLoader(text)
    except yaml.reader.ReaderError as err:
        raise _reader_problem(err, text, source) from None
    try:
        root = loader.get_single_node()
        if root is None or (isinstance(root, ScalarNode) and root.tag == "tag:yaml.org,2002:null"):
            message = "the config is empty; it needs at least 'title' and 'sections'"
            raise PuzzleBookError(message, source=source)
        if not isinstance(root, MappingNode):
            what = "a list" if isinstance(root, SequenceNode) else f"the value {root.value!r}"
            raise PuzzleBookError(
                f"a config is a mapping of keys such as 'title:' and 'sections:', but this file holds {what}",
                source=source,
                line=root.start_mark.line + 1,
            )
        _refuse_duplicate_keys(root, source)
        try:
            return root, loader.construct_document(root)
        except ValueError as err:  # a timestamp-looking value that is no date, such as 2024-02-30
            bad = _bad_timestamp(root)
            raise PuzzleBookError(
                f"cannot read the value {bad.value!r} ({err}); quote it to make it text" if bad else str(err),
                source=source,
                line=bad.start_mark.line + 1 if bad else None,
            ) from None
    except yaml.MarkedYAMLError as err:
        mark = err.problem_mark or err.context_mark
        problem = " ".join(part for part in (err.context, err.problem) if part) or "unreadable"
        if isinstance(err, yaml.constructor.ConstructorError):
            message = f"{problem}; a config holds only text, numbers, true/false, lists and mappings"
        else:
            message = f"not valid YAML: {problem}"
        raise PuzzleBookError(
            message,
            source=source,
            line=mark.line + 1 if mark else None,
            column=mark.column + 1 if mark else None,
        ) from None
    except yaml.reader.ReaderError as err:
        raise _reader_problem(err, text, source) from None
    except yaml.YAMLError as err:
        raise PuzzleBookError(f"not valid YAML: {err}", source=source) from None
    finally:
        loader.dispose()


def _reader_problem(err: yaml.reader.ReaderError, text: str, source: str) -> PuzzleBookError:
    """A character YAML refuses (control characters), located by line and column."""
    before = text[: err.position]
    return PuzzleBookError(
        f"not valid YAML: character {err.character:#06x} is not allowed ({err.reason})",
        source=source,
        line=before.count("\n") + 1,
        column=len(before) - before.rfind("\n"),
    )


def _walk(root: Node) -> list[Node]:
    """Every node once (aliases may share or even nest nodes)."""
    seen: set[int] = set()
    order: list[Node] = []
    todo = [root]
    while todo:
        node = todo.pop()
        if id(node) in seen:
            continue
        seen.add(id(node))
        order.append(node)
        if isinstance(node, MappingNode):
            todo.extend(part for pair in reversed(node.value) for part in reversed(pair))
        elif isinstance(node, SequenceNode):
            todo.extend(reversed(node.value))
    return order


def _refuse_duplicate_keys(root: Node, source: str) -> None:
    """YAML readers silently keep the last of two equal keys; a config saying a thing twice is a mistake."""
    for node in _walk(root):
        if not isinstance(node, MappingNode):
            continue
        first: dict[tuple[str, str], Node] = {}
        for key, _ in node.value:
            if not isinstance(key, ScalarNode) or key.tag == "tag:yaml.org,2002:merge":
                continue
            earlier = first.setdefault((key.tag, key.value), key)
            if earlier is not key:
                first_line = earlier.start_mark.line + 1
                raise PuzzleBookError(
                    f"key {key.value!r} appears twice in one mapping (first at line {first_line})",
                    source=source,
                    line=key.start_mark.line + 1,
                    column=key.start_mark.column + 1,
                )


def _bad_timestamp(root: Node) -> ScalarNode | None:
    for node in _walk(root):
        if isinstance(node, ScalarNode) and node.tag == "tag:yaml.org,2002:timestamp":
            try:
                yaml.SafeLoader("").construct_yaml_timestamp(node)
            except ValueError:
                return node
    return None


# ------------------------------------------------------------------------------------ errors

_KINDS = {
    "int_type": "a whole number",
    "float_type": "a number",
    "string_type": "text",
    "bool_type": "true or false",
    "list_type": "a list",
    "dict_type": "a mapping",
    "model_type": "a mapping",
    "model_attributes_type": "a mapping",
}


def _first_problem(err: ValidationError, root: MappingNode, source: str) -> PuzzleBookError:
    """The validation problem that comes first in the file, as a message for people.

    A missing key yields to any other problem: it is most often the other side of a misspelt key,
    and "unknown key 'dificulty': did you mean 'difficulty'?" is the message that helps.
    """
    ranked = [(error["type"] == "missing", _problem(error, root, source)) for error in err.errors()]
    return min(ranked, key=lambda pair: (pair[0], pair[1].line or 0))[1]


def _problem(error: Any, root: MappingNode, source: str) -> PuzzleBookError:
    loc = tuple(error["loc"])
    cause = (error.get("ctx") or {}).get("error")
    if isinstance(cause, FieldError):
        loc += cause.path
    kind = error["type"]
    if kind in ("extra_forbidden", "invalid_key"):
        parent, key = loc[:-1], loc[-1]
        node, path = _locate(root, parent)
        if kind == "invalid_key":
            message = f"keys must be text, got {key!r}"
        else:
            choices = _model_keys(parent)
            close = difflib.get_close_matches(str(key), choices, n=1)
            hint = f": did you mean {close[0]!r}?" if close else ""
            message = f"unknown key {key!r}{hint} (allowed: {', '.join(choices)})"
        line = (_key_node(node, key) or node).start_mark.line + 1
        return PuzzleBookError(message, source=source, line=line, field=_dotted(path) or None)
    node, path = _locate(root, loc)
    message = _message(kind, error, loc) + _in_section(root, loc)
    return PuzzleBookError(message, source=source, line=node.start_mark.line + 1, field=_dotted(path) or None)


def _in_section(root: MappingNode, loc: tuple[Any, ...]) -> str:
    """' (section NAME)' for a problem inside a named section, so a long config's error names it."""
    if len(loc) < 3 or loc[0] != "sections" or not isinstance(loc[1], int) or loc[2] == "name":
        return ""
    node, path = _locate(root, ("sections", loc[1], "name"))
    if path != ["sections", loc[1], "name"] or not isinstance(node, ScalarNode) or not node.value.strip():
        return ""
    return f" (section {_show(node.value)})"


def _message(kind: str, error: Any, loc: tuple[Any, ...]) -> str:
    got = _show(error.get("input"))
    if kind == "missing":
        return f"missing required key {loc[-1]!r}"
    if kind == "literal_error":
        expected = error["ctx"]["expected"]
        choices = re.findall(r"'([^']*)'", expected)
        return f"must be {expected}, got {got}{_did_you_mean(error['input'], choices)}"
    if kind in _KINDS:
        allowed = _model_keys(loc)
        keys = f" with keys {', '.join(allowed)}" if kind in ("model_type", "dict_type") and allowed else ""
        plain = isinstance(error.get("input"), (int, float, date))
        quote = " (put it in quotes to make it text)" if kind == "string_type" and plain else ""
        return f"must be {_KINDS[kind]}{keys}, got {got}{quote}"
    if kind in ("greater_than_equal", "less_than_equal", "greater_than", "less_than"):
        return f"must be {_range(loc, error)}, got {got}"
    if kind in ("too_short", "string_too_short"):
        return "must not be empty"
    if kind == "value_error":
        return error["msg"].removeprefix("Value error, ")
    return f"{error['msg']}, got {got}"


def _range(loc: tuple[Any, ...], error: Any) -> str:
    """The whole allowed range of a number field, e.g. 'from 1 to 2000'."""
    low = high = None
    model = _model_at(loc[:-1])
    field = model.model_fields.get(loc[-1]) if model and isinstance(loc[-1], str) else None
    for rule in field.metadata if field else ():
        low = getattr(rule, "ge", low)
        high = getattr(rule, "le", high)
    if low is not None and high is not None:
        return f"from {low} to {high}"
    if low is not None:
        return f"at least {low}"
    return error["msg"].removeprefix("Input should be ")


def _did_you_mean(word: object, choices: list[str]) -> str:
    if not isinstance(word, str):
        return ""
    lowered = {choice.lower(): choice for choice in choices}
    close = difflib.get_close_matches(word.lower(), list(lowered), n=1)
    return f"; did you mean {lowered[close[0]]!r}?" if close else ""


def _show(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _locate(root: Node, loc: tuple[Any, ...]) -> tuple[Node, list[Any]]:
    """The deepest YAML node on the path `loc`, and the field path to name (as the user wrote it).

    A missing key stays in the path (its line is the parent mapping's); a list index into a single
    value the model turned into a list is dropped, as the user wrote no list.
    """
    node, path = root, []
    for i, part in enumerate(loc):
        child = None
        if isinstance(node, MappingNode):
            child = next((v for k, v in reversed(node.value) if _is_key(k, part)), None)
        elif isinstance(node, SequenceNode) and isinstance(part, int) and 0 <= part < len(node.value):
            child = node.value[part]
        if child is None:
            path.extend(p for p in loc[i:] if not isinstance(p, int) or isinstance(node, SequenceNode))
            return node, path
        node = child
        path.append(part)
    return node, path


def _key_node(node: Node, key: Any) -> Node | None:
    if isinstance(node, MappingNode):
        return next((k for k, _ in reversed(node.value) if _is_key(k, key)), None)
    return None


def _is_key(node: Node, key: Any) -> bool:
    """Whether `node` is the key `key`; callers search from the end, as the last of merged keys wins."""
    return isinstance(node, ScalarNode) and node.value == str(key)


def _dotted(path: list[Any]) -> str:
    text = ""
    for part in path:
        text += f"[{part}]" if isinstance(part, int) else f".{part}" if text else str(part)
    return text


def _model_at(loc: tuple[Any, ...]) -> type[BaseModel] | None:
    """The model that validates the value at `loc` (list indexes pass through), if any."""
    model: type[BaseModel] | None = BookSpec
    for part in loc:
        if isinstance(part, int) or model is None:
            continue
        field = model.model_fields.get(part)
        model = _inner_model(field.annotation) if field else None
    return model


def _inner_model(annotation: Any) -> type[BaseModel] | None:
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return annotation
    if get_origin(annotation) in (list, Union, types.UnionType):
        return next(filter(None, map(_inner_model, get_args(annotation))), None)
    return None


def _model_keys(loc: tuple[Any, ...]) -> list[str]:
    model = _model_at(loc)
    return list(model.model_fields) if model else []
