"""Turn a config's validation errors into one message for people, at the right line of the YAML.

The first problem in the file wins, a misspelt key is reported as unknown (with the nearest allowed
one) rather than as the key it leaves missing, and another kind's option in a section says which
kinds take it. It never validates anything itself: pydantic does, this module only words the result.

Errors are told apart by pydantic's error `type`, `loc` and `ctx` (where pydantic keeps the exception a
validator raised, a FieldError's path with it), never by the words of pydantic's `msg`, which change
between versions.
"""

from __future__ import annotations

import difflib
import re
import types
from datetime import date
from typing import Annotated, Any, Literal, Union, get_args, get_origin

from pydantic import BaseModel, ValidationError
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from pipeline.book.yamlfile import read_yaml
from pipeline.errors import PuzzleBookError
from pipeline.kinds import registry
from pipeline.kinds.section import SectionSpec
from pipeline.specs import FieldError

MISSING = ("missing", "union_tag_not_found")
"""Error types that mean a key is missing."""

_BOUNDS = {
    "greater_than_equal": ("ge", "greater than or equal to"),
    "less_than_equal": ("le", "less than or equal to"),
    "greater_than": ("gt", "greater than"),
    "less_than": ("lt", "less than"),
}
"""A bound's error type: its key in the error's ctx, and its words."""

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


def first_problem(err: ValidationError, root: MappingNode, source: str, model: type[BaseModel]) -> PuzzleBookError:
    """The validation problem that comes first in the file, as a message for people.

    A missing key yields to any other problem: it is most often the other side of a misspelt key,
    and "unknown key 'dificulty': did you mean 'difficulty'?" is the message that helps.
    """
    where = _Where(root, model)
    ranked = [(error["type"] in MISSING, _problem(error, where, source)) for error in err.errors()]
    return min(ranked, key=lambda pair: (pair[0], pair[1].line or 0))[1]


def all_problems(err: ValidationError, root: MappingNode, source: str, model: type[BaseModel]) -> list[PuzzleBookError]:
    """Every validation problem, worded as `first_problem` words it, in file order (each place once).

    A missing key is left out when any other problem stands: it is most often a misspelt key's
    other side, which is reported as unknown where it stands."""
    where = _Where(root, model)
    found = [(error["type"] in MISSING, _problem(error, where, source)) for error in err.errors()]
    if any(not missing for missing, _ in found):
        found = [pair for pair in found if not pair[0]]
    unique: dict[tuple[int, str | None, str], PuzzleBookError] = {}
    for _, problem in found:
        unique.setdefault((problem.line or 0, problem.field, problem.message), problem)
    return [unique[key] for key in sorted(unique, key=lambda key: (key[0], key[1] or ""))]


def error_path(error: Any) -> tuple[Any, ...]:
    """Where a validation error is: pydantic's `loc` (without the kind pydantic puts after a section's
    index), then the path a FieldError raised by a validator points to below it."""
    cause = raised(error)
    return _untagged(tuple(error["loc"])) + (cause.path if isinstance(cause, FieldError) else ())


def raised(error: Any) -> Exception | None:
    """The exception a validator raised for `error` (pydantic keeps it in the error's ctx), if any."""
    cause = (error.get("ctx") or {}).get("error")
    return cause if isinstance(cause, Exception) else None


def error_words(error: Any) -> str:
    """What a validator said, for an error it raised (a ValueError, so a FieldError too); pydantic's
    own message for the errors pydantic finds itself."""
    cause = raised(error)
    return str(cause) if error["type"] == "value_error" and cause is not None else error["msg"]


def _problem(error: Any, where: _Where, source: str) -> PuzzleBookError:
    root = where.root
    loc = error_path(error)
    kind = error["type"]
    if kind in ("union_tag_invalid", "union_tag_not_found"):
        loc += ("kind",)  # a section whose kind is missing or unknown: the problem is its `kind`
    if kind in ("extra_forbidden", "invalid_key"):
        parent, key = loc[:-1], loc[-1]
        node, path = _locate(root, parent)
        if kind == "invalid_key":
            message = f"keys must be text, got {key!r}"
        elif misplaced := _misplaced(where, parent, key):
            message, path = misplaced, [*path, key]
        else:
            message = _unknown_key(where, parent, key)
        line = (_key_node(node, key) or node).start_mark.line + 1
        return PuzzleBookError(message, source=source, line=line, field=_dotted(path) or None)
    node, path = _locate(root, loc)
    message = _message(kind, error, loc, where) + _in_section(root, loc)
    return PuzzleBookError(message, source=source, line=node.start_mark.line + 1, field=_dotted(path) or None)


def _untagged(loc: tuple[Any, ...]) -> tuple[Any, ...]:
    """The location without the kind pydantic inserts after a section's index (sections.0.KIND.box)."""
    if len(loc) > 2 and loc[0] == "sections" and isinstance(loc[1], int) and loc[2] in registry.names():
        return loc[:2] + loc[3:]
    return loc


def _unknown_key(where: _Where, parent: tuple[Any, ...], key: Any) -> str:
    choices = where.keys(parent)
    close = difflib.get_close_matches(str(key), choices, n=1)
    hint = f": did you mean {close[0]!r}?" if close else ""
    return f"unknown key {key!r}{hint} (allowed: {', '.join(choices)})"


def _misplaced(where: _Where, parent: tuple[Any, ...], key: Any) -> str | None:
    """For another kind's option in a section: which kinds take it, and what this kind uses instead."""
    if len(parent) != 2 or parent[0] != "sections":
        return None
    model = where.model(parent)
    owners = [name for each in registry.families() if key in each.section_model.model_fields
              for name in registry.family_names(each.family)]
    if not owners or model is None or key in model.model_fields:
        return None
    said = getattr(model, "misplaced_hint", "")
    hint = f"; {said}" if said else ""
    named = owners[0] if len(owners) == 1 else f"{', '.join(owners[:-1])} or {owners[-1]}"
    return f"only a {named} section takes {key!r}{hint}"


def _in_section(root: MappingNode, loc: tuple[Any, ...]) -> str:
    """' (section NAME)' for a problem inside a named section, so a long config's error names it."""
    if len(loc) < 3 or loc[0] != "sections" or not isinstance(loc[1], int) or loc[2] == "name":
        return ""
    node, path = _locate(root, ("sections", loc[1], "name"))
    if path != ["sections", loc[1], "name"] or not isinstance(node, ScalarNode) or not node.value.strip():
        return ""
    return f" (section {_show(node.value)})"


def _message(kind: str, error: Any, loc: tuple[Any, ...], where: _Where) -> str:
    got = _show(error.get("input"))
    if kind in MISSING:
        return f"missing required key {loc[-1]!r}"
    if kind == "union_tag_invalid":
        names = [f"'{name}'" for name in registry.names()]
        expected = ", ".join(names[:-1]) + f" or {names[-1]}" if len(names) > 1 else names[0]
        stated = error["input"].get("kind") if isinstance(error.get("input"), dict) else None
        return f"must be {expected}, got {_show(stated)}{_did_you_mean(stated, list(registry.names()))}"
    if kind == "literal_error":
        expected = error["ctx"]["expected"]
        return f"must be {expected}, got {got}{_did_you_mean(error['input'], where.choices(loc))}"
    if kind in _KINDS:
        allowed = where.keys(loc)
        keys = f" with keys {', '.join(allowed)}" if kind in ("model_type", "dict_type", "model_attributes_type") and allowed else ""
        plain = isinstance(error.get("input"), (int, float, date))
        quote = " (put it in quotes to make it text)" if kind == "string_type" and plain else ""
        return f"must be {_KINDS[kind]}{keys}, got {got}{quote}"
    if kind in ("greater_than_equal", "less_than_equal", "greater_than", "less_than"):
        return f"must be {_range(loc, error, where)}, got {got}"
    if kind in ("too_short", "string_too_short"):
        return "must not be empty"
    if kind == "string_too_long":
        return f"must be at most {error['ctx']['max_length']} characters long, got {len(error['input'])}"
    if kind == "value_error":
        return error_words(error)
    return f"{error['msg']}, got {got}"


def _range(loc: tuple[Any, ...], error: Any, where: _Where) -> str:
    """The whole allowed range of a number field, e.g. 'from 1 to 2000'."""
    low = high = None
    model = where.model(loc[:-1])
    field = model.model_fields.get(loc[-1]) if model and isinstance(loc[-1], str) else None
    for rule in field.metadata if field else ():
        low = getattr(rule, "ge", low)
        high = getattr(rule, "le", high)
    if low is not None and high is not None:
        return f"from {low} to {high}"
    if low is not None:
        return f"at least {low}"
    key, words = _BOUNDS[error["type"]]
    return f"{words} {_number(error['ctx'][key])}"


def _number(value: Any) -> str:
    """A bound as pydantic shows it: a float that is a whole number without its '.0'."""
    return str(int(value)) if isinstance(value, float) and value.is_integer() else str(value)


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
    node, path = root, []  # type: tuple[Node, list[Any]]
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


class _Where:
    """The models behind each place in the config: a section's model is its kind's."""

    def __init__(self, root: MappingNode, model: type[BaseModel]) -> None:
        self.root = root
        self.top = model

    def model(self, loc: tuple[Any, ...]) -> type[BaseModel] | None:
        """The model that validates the value at `loc` (list indexes pass through), if any."""
        model: type[BaseModel] | None = self.top
        for i, part in enumerate(loc):
            if model is None:
                return None
            if isinstance(part, int):
                if loc[:i] == ("sections",):
                    model = self._section_model(part)
                continue
            field = model.model_fields.get(part)
            model = _inner_model(field.annotation) if field else None
        return model

    def keys(self, loc: tuple[Any, ...]) -> list[str]:
        model = self.model(loc)
        return list(model.model_fields) if model else []

    def choices(self, loc: tuple[Any, ...]) -> list[str]:
        """The text values the Literal type of the field at `loc` allows (one item of a list field too)."""
        path = loc
        while path and isinstance(path[-1], int):
            path = path[:-1]
        model = self.model(path[:-1]) if path else None
        field = model.model_fields.get(path[-1]) if model and isinstance(path[-1], str) else None
        return [value for value in _literals(field.annotation) if isinstance(value, str)] if field else []

    def _section_model(self, index: int) -> type[BaseModel]:
        """The model of the kind section `index` names; the common section model when it names none."""
        node, path = _locate(self.root, ("sections", index, "kind"))
        if path == ["sections", index, "kind"] and isinstance(node, ScalarNode) and node.value in registry.names():
            return registry.kind(node.value).section_model
        return SectionSpec


def _literals(annotation: Any) -> list[Any]:
    """The values of the Literal types in `annotation` (inside lists, unions and Annotated too)."""
    if get_origin(annotation) is Literal:
        return list(get_args(annotation))
    return [value for arg in get_args(annotation) for value in _literals(arg)]


def _inner_model(annotation: Any) -> type[BaseModel] | None:
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return annotation
    if get_origin(annotation) in (list, Union, types.UnionType, Annotated):
        return next(filter(None, map(_inner_model, get_args(annotation))), None)
    return None


_FIELD_PART = re.compile(r"([^.\[\]]+)|\[(\d+)\]")


def field_line(text: str, source: str, field: str) -> int | None:
    """The line of the config `text` where `field` (as errors name it, e.g. 'sections[0].count') is
    written, or its parent's when it is not: how an error found after loading points at the config."""
    loc = tuple(int(index) if index else name for name, index in _FIELD_PART.findall(field))
    try:
        root, _ = read_yaml(text, source)
    except PuzzleBookError:
        return None
    node, _ = _locate(root, loc)
    return int(node.start_mark.line) + 1
