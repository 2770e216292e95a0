"""What the browser may send the studio, as typed models: each route's JSON body and query, and the path
convertors for a book's name and a page or puzzle number. A request that does not fit is refused with
400 and a message naming the field and what it allows, before any route looks at it; never a 500.

It only reads requests: whether a named book exists is the studio's to say (app.py, `Studio.book`).
"""

from __future__ import annotations

import re
from typing import Annotated, Any, Literal, TypeVar

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, ValidationError
from starlette.convertors import Convertor, register_url_convertor
from starlette.requests import Request

from pipeline.studio.security import NAME, Refused

NAME_RULE = "letters, digits, '_', '-' and '.', starting with a letter or digit, not ending with '.', at most 100"


def _book_name(value: str) -> str:
    if not NAME.fullmatch(value) or value.endswith("."):
        raise ValueError(f"a book's name is {NAME_RULE}")
    return value


BookName = Annotated[str, AfterValidator(_book_name)]
"""A book's name in a body: its config's file name without .yaml (security.NAME)."""


# ---------------------------------------------------------------- path convertors


class BookConvertor(Convertor[str]):
    """`{name:book}`: a plain book name (security.NAME, no trailing '.'); any other path is no route (404)."""

    regex = r"[A-Za-z0-9](?:[A-Za-z0-9_.-]{0,98}[A-Za-z0-9_-])?"

    def convert(self, value: str) -> str:
        return value

    def to_string(self, value: str) -> str:
        return value


class NumberConvertor(Convertor[int]):
    """`{number:number}`: a page's or puzzle's number, at most nine digits (Starlette's `int` takes any
    count of digits, and past 4300 Python refuses to read them: a 500)."""

    regex = "[0-9]{1,9}"

    def convert(self, value: str) -> int:
        return int(value)

    def to_string(self, value: int) -> str:
        return str(value)


register_url_convertor("book", BookConvertor())
register_url_convertor("number", NumberConvertor())


# ---------------------------------------------------------------- JSON bodies


class Body(BaseModel):
    """A JSON object, its fields typed strictly (a number given as "2" or true is refused, not guessed);
    keys no route reads are ignored."""

    model_config = ConfigDict(strict=True, frozen=True, extra="ignore")


class NewBook(Body):
    """POST /api/books: a new book copied from a shipped example."""

    name: BookName = Field(description="the new book's name")
    template: str = Field(description="the shipped example book to start from")


class Saving(Body):
    """PUT /api/books/NAME: the config's new text."""

    text: str = Field(description="the config's text")
    draft: bool = Field(False, description="keep text with mistakes as a draft beside the valid file")


class Text(Body):
    """POST /api/check: a config's text, read as the file NAME.yaml of the folder."""

    name: BookName = Field(description="the book's name")
    text: str = Field(description="the config's text")


class Section(Text):
    """POST /api/preview/*: a config's text and which of its sections to preview."""

    section: int = Field(0, ge=0, description="the section's index in the book, from 0")


class Edit(Body):
    """POST /api/edit: one change the form makes to the config's text."""

    text: str = Field(description="the config's text")
    path: list[str | int] = Field(description="the setting's path, a list of keys and indexes")
    value: Any = Field(None, description="the setting's new value")
    op: Literal["set", "append", "remove"] = Field("set", description="what to do at the path")


class Puzzle(Body):
    """POST /api/review/NAME/replace and /undo: which puzzle of the book."""

    number: int = Field(ge=1, description="the puzzle's number in the book, from 1")


# ---------------------------------------------------------------- queries


class Query(BaseModel):
    """A query string's parameters, given as text (so read as their types, not strictly); others are
    ignored (a cache-busting `v`, say)."""

    model_config = ConfigDict(frozen=True, extra="ignore")


class PageWidth(Query):
    """GET /books/NAME/pages/N.png: the thumbnail's width (the nearest of the widths rendered)."""

    w: int = Field(200, ge=1, le=2000, description="the picture's width in pixels")


class PuzzleWidth(Query):
    """GET /books/NAME/puzzles/N.svg: the thumbnail's width (the nearest of the widths drawn)."""

    w: int = Field(120, ge=1, le=2000, description="the picture's width in pixels")


# ---------------------------------------------------------------- reading them

M = TypeVar("M", bound=BaseModel)


class Invalid(Refused):
    """A request whose body or query does not fit its model: 400, each wrong field named."""

    def __init__(self, problems: list[dict[str, str]]) -> None:
        super().__init__(400, "; ".join(problem["text"] for problem in problems))
        self.problems = problems

    @classmethod
    def field(cls, field: str, message: str) -> Invalid:
        """One field found wrong by a route, where only it can tell (a section the book does not have)."""
        return cls([{"field": field, "message": message, "text": f"{field}: {message}"}])

    def to_json(self) -> dict[str, Any]:
        return {"error": self.message, "fields": self.problems}


async def body(request: Request, model: type[M]) -> M:
    """The request's JSON body as `model`, or Invalid."""
    raw = await request.body()
    try:
        return model.model_validate_json(raw)
    except ValidationError as err:
        raise Invalid(_problems(err, model, "the request's body")) from None


def query(request: Request, model: type[M]) -> M:
    """The request's query parameters as `model` (the last of a repeated one), or Invalid."""
    try:
        return model.model_validate(dict(request.query_params))
    except ValidationError as err:
        raise Invalid(_problems(err, model, "the query")) from None


_UNION_BRANCH = re.compile(r"^(str|int|float|bool)$")


def _problems(err: ValidationError, model: type[BaseModel], whole: str) -> list[dict[str, str]]:
    """Each wrong field once, as a person reads it: "section (the section's index in the book, from 0):
    Input should be greater than or equal to 0"."""
    out: list[dict[str, str]] = []
    for error in err.errors(include_url=False, include_input=False):
        loc = [part for part in error["loc"] if not (isinstance(part, str) and _UNION_BRANCH.match(part))]
        if not loc:
            field = ""
            message = {"json_invalid": "must be JSON", "model_type": "must be a JSON object",
                       "dict_type": "must be a set of parameters"}.get(error["type"], error["msg"])
            text = f"{whole} {message}"
        else:
            field = "".join(f"[{part}]" if isinstance(part, int) else f".{part}" for part in loc).lstrip(".")
            info = model.model_fields.get(str(loc[0]))
            about = f" ({info.description})" if info is not None and info.description and len(loc) == 1 else ""
            message = error["msg"].removeprefix("Value error, ")
            if error["type"] == "missing":
                message = "missing: give it"
            elif isinstance(loc[-1], int) and error["type"] in ("string_type", "int_type"):
                message = "Input should be a key (text) or an index (a whole number)"
            text = f"{field}{about}: {message}"
        if all(problem["text"] != text for problem in out):
            out.append({"field": field, "message": message, "text": text})
    return out
