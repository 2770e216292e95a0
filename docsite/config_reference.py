"""The config reference page, written from the config's JSON Schema at every docs build.

The schema is `puzzlebook schema`: the pydantic models the loader validates with, their fields'
descriptions, defaults and limits. So the reference lists exactly the keys a config may hold, and a
new field or kind appears in it without anyone editing the docs.
"""

from __future__ import annotations

import json
from typing import Any

from pipeline.book.config import config_schema

INTRO = """# Config reference

Every key a book config may hold, with its type, default and limits. This page is written from the
config's JSON Schema (`puzzlebook schema`) each time the manual is built, so it is the loader's own
account of what it accepts. [Making a book](../making-a-book.md) shows these keys at work, and a
mistake in a config is reported with its file, line and field (see
[Limits and failures](../limits.md)).
"""


def _anchor(name: str) -> str:
    return name.lower()


def _plain(text: str) -> str:
    """A description as one table cell: one line, pipes escaped."""
    return " ".join(text.split()).replace("|", "\\|")


def _range(node: dict[str, Any], low: str, high: str, unit: str = "") -> str:
    lowest, highest = node.get(low), node.get(high)
    if lowest is not None and highest is not None:
        return f", {lowest} to {highest}{unit}"
    if lowest is not None:
        return f", at least {lowest}{unit}"
    if highest is not None:
        return f", at most {highest}{unit}"
    return ""


def _values(values: list[Any]) -> str:
    return ", ".join(f"`{value}`" if isinstance(value, str) else f"`{json.dumps(value)}`" for value in values)


def type_text(node: dict[str, Any], *, nested: bool = False, labels: dict[str, str] | None = None) -> str:
    """What a value must be, in words, with links to the tables of nested settings (named by `labels`,
    else by their model's name). A nested text carries its own description (the field's description is
    in the last column)."""
    if "$ref" in node:
        name = node["$ref"].rsplit("/", 1)[-1]
        return f"[{(labels or {}).get(name, name)}](#{_anchor(name)})"
    if "anyOf" in node or "oneOf" in node:
        options = [type_text(option, nested=True, labels=labels) for option in node.get("anyOf", node.get("oneOf", []))
                   if option.get("type") != "null"]
        return " or ".join(dict.fromkeys(options))
    if "const" in node:
        return _values([node["const"]])
    if "enum" in node:
        return "one of " + _values(node["enum"])
    kind = node.get("type")
    if kind == "array":
        return _list_text(node, labels)
    if kind == "string":
        text = "text" + _range(node, "minLength", "maxLength", " characters")
        return text + (f" ({node['description']})" if nested and "description" in node else "")
    if kind == "integer":
        return "a whole number" + _range(node, "minimum", "maximum")
    if kind == "number":
        return "a number" + _range(node, "minimum", "maximum")
    if kind == "boolean":
        return "`true` or `false`"
    return "a mapping"


PLURALS = {"integer": "whole numbers", "number": "numbers", "string": "texts", "boolean": "`true` or `false` values"}


def _list_text(node: dict[str, Any], labels: dict[str, str] | None) -> str:
    items = node.get("items", {})
    opening = "one or a list of " if node.get("one_or_list") else "a list of "
    if "enum" in items:
        text = opening + "any of " + _values(items["enum"])
    elif items.get("type") in PLURALS:
        text = opening + PLURALS[items["type"]]
        if items.get("minLength") or items.get("maxLength"):
            text += _range(items, "minLength", "maxLength", " characters").replace(", ", " of ", 1) + " each"
    else:
        text = opening + type_text(items, nested=True, labels=labels)
    if node.get("minItems") == 1 and not node.get("maxItems"):
        return text + ", not empty"
    return text + _range(node, "minItems", "maxItems", " of them")


def default_text(name: str, node: dict[str, Any], required: set[str]) -> str:
    if name in required:
        return "required"
    if "default" not in node:
        return "its defaults" if "$ref" in node else "none"
    value = node["default"]
    if value is None or value == []:
        return "none"
    if value == "":
        return "empty"
    return f"`{value}`" if isinstance(value, str) else f"`{json.dumps(value)}`"


def table(model: dict[str, Any], labels: dict[str, str] | None = None) -> str:
    required = set(model.get("required", []))
    rows = ["| key | value | default | what it does |", "| --- | --- | --- | --- |"]
    for name, node in model.get("properties", {}).items():
        value, default = type_text(node, labels=labels), default_text(name, node, required)
        rows.append(f"| `{name}` | {_plain(value)} | {_plain(default)} | {_plain(node.get('description', ''))} |")
    return "\n".join(rows) + "\n"


def _references(node: Any) -> list[str]:
    """The names of the definitions `node` refers to, in the order they appear."""
    if isinstance(node, dict):
        found = [node["$ref"].rsplit("/", 1)[-1]] if "$ref" in node else []
        for value in node.values():
            found += _references(value)
        return found
    if isinstance(node, list):
        return [name for item in node for name in _references(item)]
    return []


def _places(schema: dict[str, Any]) -> dict[str, str]:
    """Each definition and the key path it is first reached by, in reading order."""
    defs = schema["$defs"]
    places: dict[str, str] = {}

    def walk(model: dict[str, Any], prefix: str) -> None:
        for key, node in model.get("properties", {}).items():
            for name in _references(node):
                if name not in places:
                    places[name] = prefix + key
                    walk(defs[name], prefix + key + ("[]." if key == "sections" else "."))

    walk(schema, "")
    return places


def _section_kinds(schema: dict[str, Any]) -> dict[str, list[str]]:
    mapping = schema["properties"]["sections"]["items"]["discriminator"]["mapping"]
    kinds: dict[str, list[str]] = {}
    for kind, target in mapping.items():
        kinds.setdefault(target.rsplit("/", 1)[-1], []).append(kind)
    return kinds


def config_reference(schema: dict[str, Any] | None = None) -> str:
    """The reference page's Markdown."""
    schema = schema or config_schema()
    section_kinds = _section_kinds(schema)
    places = _places(schema)
    labels = {name: f"{' or '.join(section_kinds[name])} section" if name in section_kinds else f"`{place}` keys"
              for name, place in places.items()}
    parts = [INTRO, "## The book {#book}\n", _plain(schema.get("description", "")) + "\n", table(schema, labels)]
    for name, place in places.items():
        model = schema["$defs"][name]
        if name in section_kinds:
            kinds = ", ".join(f"`{kind}`" for kind in section_kinds[name])
            heading = f"## A section of kind {kinds} {{#{_anchor(name)}}}\n"
        else:
            heading = f"## `{place}` {{#{_anchor(name)}}}\n"
        parts += [heading, _plain(model.get("description", "")) + "\n", table(model, labels)]
    return "\n".join(parts)
