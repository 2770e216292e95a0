"""Places in plain JSON-like data, for tests that damage one place at a time."""

from __future__ import annotations

from typing import Any


def key_paths(value: Any, path: tuple = ()) -> list[tuple]:
    """Every key and list item below `value`, as a path from the top (its own path first)."""
    found = [path] if path else []
    if isinstance(value, dict):
        for key, item in value.items():
            found += key_paths(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found += key_paths(item, (*path, index))
    return found


def dotted(path: tuple) -> str:
    """A path as configs name fields: sections[0].shapes[1]."""
    text = ""
    for part in path:
        text += f"[{part}]" if isinstance(part, int) else f".{part}" if text else str(part)
    return text
