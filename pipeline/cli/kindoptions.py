"""A kind's command-line options, derived from its one parameter model (and its text form).

Each field of the model is one flag, named after it (`min_rating` is `--min-rating`), its help the
field's description, its choices the field's Literal; a list of words is one comma-separated flag;
a list of boards (`shapes`) is the flags of one board (`--shape NAME --size N ...`), since the
command line makes puzzles on one board. Values are handed back in the model's own shape, and the
model (pydantic) judges them, so the command line and the config can never disagree about what is
allowed. Nothing here names a kind.
"""

from __future__ import annotations

import argparse
import types
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal, Union, get_args, get_origin

from pydantic import BaseModel, ValidationError
from pydantic.fields import FieldInfo

from pipeline.cli.argtypes import fraction, whole_number
from pipeline.errors import PuzzleBookError
from pipeline.specs import FieldError


@dataclass(frozen=True)
class Option:
    """One flag and where its value goes in the model: (field,) or (list field, the item's field)."""

    flag: str
    path: tuple[str, ...]
    kwargs: Mapping[str, Any]
    listed: bool = False
    """A list of words given as one comma-separated value."""

    @property
    def dest(self) -> str:
        return self.flag.removeprefix("--").replace("-", "_")


def options(model: type[BaseModel], exclude: tuple[str, ...] = ()) -> list[Option]:
    """The flags of a model's fields (but `exclude`), in the model's order."""
    found: list[Option] = []
    for name, info in model.model_fields.items():
        if name in exclude:
            continue
        inner = _optional(info.annotation)
        item = get_args(inner)[0] if get_origin(inner) is list else None
        if isinstance(item, type) and issubclass(item, BaseModel):
            singular = name.removesuffix("s")
            for sub, sub_info in item.model_fields.items():
                flag = _flag(singular if sub == "name" else sub)
                found.append(Option(flag, (name, sub), _kwargs(sub_info, metavar="NAME" if sub == "name" else None)))
        elif item is str:
            found.append(Option(_flag(name), (name,), {"metavar": "W,W,...", "help": f"{info.description}, "
                                                       "comma-separated"}, listed=True))
        else:
            found.append(Option(_flag(name), (name,), _kwargs(info)))
    return found


def add_options(parser: argparse.ArgumentParser, model: type[BaseModel], title: str, description: str,
                exclude: tuple[str, ...] = ()) -> None:
    group = parser.add_argument_group(title, description)
    for option in options(model, exclude):
        group.add_argument(option.flag, dest=option.dest, **option.kwargs)


def values(args: argparse.Namespace, model: type[BaseModel], exclude: tuple[str, ...] = ()) -> dict[str, Any]:
    """Only the values given on the command line, in the model's shape (a list of boards holds one)."""
    given: dict[str, Any] = {}
    for option in options(model, exclude):
        value = getattr(args, option.dest, None)
        if value is None:
            continue
        if len(option.path) == 2:
            field, sub = option.path
            given.setdefault(field, [{}])[0][sub] = value
        elif option.listed:
            given[option.path[0]] = value.split(",")
        else:
            given[option.path[0]] = value
    return given


def flag_of(model: type[BaseModel], location: Sequence[str | int]) -> str | None:
    """The flag a validation error's location points to: ('shapes', 0, 'size') is --size."""
    path = tuple(part for part in location if isinstance(part, str))
    for option in options(model):
        if option.path == path or (len(path) == 1 and option.path == (path[0], "name")):
            return option.flag
    return None


def judged(model: type[BaseModel], make: Any) -> Any:
    """`make()` (which builds or checks the model), its mistakes as PuzzleBookErrors naming the flag."""
    try:
        return make()
    except FieldError as err:
        raise PuzzleBookError(str(err), field=flag_of(model, err.path)) from None
    except ValidationError as err:
        first = err.errors()[0]
        context = first.get("ctx") or {}
        inner = context.get("error")
        if isinstance(inner, FieldError):
            raise PuzzleBookError(str(inner), field=flag_of(model, (*first["loc"], *inner.path))) from None
        message = str(inner) if first["type"] == "value_error" and inner is not None else first["msg"]
        raise PuzzleBookError(message, field=flag_of(model, first["loc"])) from None


def _flag(name: str) -> str:
    return "--" + name.replace("_", "-")


def _optional(annotation: Any) -> Any:
    """`X | None` as X."""
    if get_origin(annotation) in (Union, types.UnionType):
        rest = [arg for arg in get_args(annotation) if arg is not type(None)]
        if len(rest) == 1:
            return rest[0]
    return annotation


def _kwargs(info: FieldInfo, metavar: str | None = None) -> dict[str, Any]:
    """argparse's keyword arguments for one field: its type or choices, and its help with its default."""
    kind = _optional(info.annotation)
    unsaid = (info.is_required() or info.default is None or info.default_factory is not None
              or "default" in (info.description or ""))
    default = "" if unsaid else f" (default {_shown(info.default)})"
    help_text = f"{info.description or ''}{default}"
    if kind is bool:
        return {"action": "store_const", "const": True, "help": info.description}
    if get_origin(kind) is Literal:
        return {"choices": [str(choice) for choice in get_args(kind)], "help": help_text}
    converters = {int: whole_number, float: fraction}
    return {"type": converters.get(kind, str), "metavar": metavar or ("N" if kind is int else "R" if kind is float
                                                                       else "TEXT"), "help": help_text}


def _shown(value: Any) -> str:
    return ", ".join(map(str, value)) if isinstance(value, list) else str(value)

