"""A book's YAML config, loaded safely and validated into a BookSpec (pipeline/bookspec.py's models).

Every mistake becomes a PuzzleBookError naming the file, line and field and what is allowed. This
module never writes files and never constructs Python objects from YAML tags.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pydantic import ValidationError

from pipeline.book.configerrors import all_problems, first_problem
from pipeline.book.yamlfile import read_yaml
from pipeline.bookspec import MAX_CONFIG_BYTES, BookSpec
from pipeline.errors import PuzzleBookError


def load_config(path: str | Path) -> BookSpec:
    """The book described by the YAML file at `path`; any mistake raises PuzzleBookError naming it."""
    source = str(path)
    try:
        with open(path, "rb") as handle:
            data = handle.read(MAX_CONFIG_BYTES + 1)
        if len(data) > MAX_CONFIG_BYTES:
            raise PuzzleBookError(f"the config is larger than {MAX_CONFIG_BYTES // 1024} KB; a book's config "
                                  "takes a few", source=source)
        text = data.decode("utf-8")
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
    root, data = read_yaml(text, source)
    try:
        return BookSpec.model_validate(data, context={"base": config_folder(source)})
    except ValidationError as err:
        raise first_problem(err, root, source, BookSpec) from None


def config_problems(text: str, source: str = "<config>") -> list[PuzzleBookError]:
    """Every mistake in YAML `text`, in file order (none for a valid config): as `load_config_text`
    words the first of them. YAML that cannot be read at all gives its one problem."""
    try:
        root, data = read_yaml(text, source)
    except PuzzleBookError as err:
        return [err]
    try:
        BookSpec.model_validate(data, context={"base": config_folder(source)})
    except ValidationError as err:
        return all_problems(err, root, source, BookSpec)
    return []


def config_folder(source: str) -> Path:
    """Where the paths a config gives (its fonts) are looked for: the config file's folder."""
    return Path(source).parent if not source.startswith("<") else Path(".")


def config_schema() -> dict[str, Any]:
    """The JSON Schema of a config, for editors (`puzzlebook schema`).

    It also admits the YAML shorthands the models accept: a field marked `one_or_list` takes one item
    instead of a list, and a model with a `text_form` (a shape's 'name' or 'name:size') may be
    written as that text.
    """
    schema = BookSpec.model_json_schema()
    definitions = schema["$defs"]
    texts = {f"#/$defs/{name}": definition.pop("text_form") for name, definition in definitions.items()
             if "text_form" in definition}
    for definition in definitions.values():
        for key, field in definition.get("properties", {}).items():
            if not field.pop("one_or_list", False):
                continue
            listed = next(branch for branch in [field, *field.get("anyOf", [])] if branch.get("type") == "array")
            item = listed["items"]
            if item.get("$ref") in texts:
                item = {"anyOf": [item, {"type": "string", **texts[item["$ref"]]}]}
            many = {"type": "array", "items": item, "minItems": 1}
            definition["properties"][key] = {"title": field["title"], "description": field["description"],
                                             "anyOf": [item, many]}
    return schema
