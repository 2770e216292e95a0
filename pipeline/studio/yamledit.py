"""Change one value of a config's YAML where the form changed it, and keep the rest as the user wrote it:
comments, key order, quoting and layout (ruamel.yaml's round trip; every shipped config comes back
byte for byte).

The text goes through the project's own safe, bounded reader first (yamlfile.read_yaml), so what
ruamel is given has passed the limits a config file must pass (depth, aliases, size of numbers).
"""

from __future__ import annotations

import io
from typing import Any

from ruamel.yaml import YAML
from ruamel.yaml.comments import CommentedMap, CommentedSeq
from ruamel.yaml.error import YAMLError

from pipeline.book.yamlfile import read_yaml
from pipeline.errors import PuzzleBookError

Path_ = list[str | int]


def _yaml() -> YAML:
    yaml = YAML(typ="rt")
    yaml.preserve_quotes = True
    yaml.width = 4096  # never re-wrap a long line the user wrote on one
    yaml.indent(mapping=2, sequence=4, offset=2)
    return yaml


def edit(text: str, path: Path_, value: Any = None, *, op: str = "set", source: str = "<config>") -> str:
    """`text` with the value at `path` changed:

    - op "set": put `value` there (mappings on the way are made as needed); None removes the key, so
      the setting falls back to its default;
    - op "append": add `value` at the end of the list at `path`;
    - op "remove": take the item or key at `path` out.
    Raises PuzzleBookError when the text cannot be read or the path does not lead anywhere.
    """
    read_yaml(text, source)  # the bounds a config file must pass, with their messages
    yaml = _yaml()
    try:
        root = yaml.load(text)
    except YAMLError as err:
        raise PuzzleBookError(f"cannot read the YAML: {err}", source=source) from None
    if root is None:
        root = CommentedMap()
    if not isinstance(root, CommentedMap):
        raise PuzzleBookError("a config is a mapping of settings (key: value)", source=source)
    if not path:
        raise PuzzleBookError("nothing to change: the path is empty", source=source)
    parent = _walk(root, path[:-1], create=op == "set" and value is not None, source=source)
    key = path[-1]
    if op == "set":
        if value is None:
            _remove(parent, key)
            _prune(root, path[:-1])
        else:
            _put(parent, key, _node(value))
    elif op == "append":
        target = _child(parent, key)
        if target is None:
            _put(parent, key, CommentedSeq())
            target = _child(parent, key)
        if not isinstance(target, list):
            raise PuzzleBookError(f"{_where(path)} is not a list", source=source)
        flow = isinstance(target, CommentedSeq) and bool(target.fa.flow_style())  # a [a, b] list stays one
        target.append(_node(value, flow=flow))
    elif op == "remove":
        _remove(parent, key)
        _prune(root, path[:-1])
    else:
        raise PuzzleBookError(f"unknown change {op!r}; allowed: set, append, remove", source=source)
    out = io.StringIO()
    yaml.dump(root, out)
    return out.getvalue()


def _where(path: Path_) -> str:
    return "".join(f"[{part}]" if isinstance(part, int) else f".{part}" for part in path).lstrip(".") or "the config"


def _walk(node: Any, path: Path_, *, create: bool, source: str) -> Any:
    for depth, key in enumerate(path):
        child = _child(node, key)
        if child is None:
            if not create or isinstance(key, int):
                raise PuzzleBookError(f"{_where(path[: depth + 1])} is not in the config", source=source)
            child = CommentedMap()
            _put(node, key, child)
        elif not isinstance(child, (dict, list)):
            if not create:
                raise PuzzleBookError(f"{_where(path[: depth + 1])} holds a value, not settings", source=source)
            child = CommentedMap()
            _put(node, key, child)
        node = child
    return node


def _child(node: Any, key: str | int) -> Any:
    if isinstance(node, dict) and isinstance(key, str):
        return node.get(key)
    if isinstance(node, list) and isinstance(key, int) and -len(node) <= key < len(node):
        return node[key]
    return None


def _put(node: Any, key: str | int, value: Any) -> None:
    if isinstance(node, dict) and isinstance(key, str):
        node[key] = value
    elif isinstance(node, list) and isinstance(key, int) and 0 <= key <= len(node):
        if key == len(node):
            node.append(value)
        else:
            node[key] = value
    else:
        raise PuzzleBookError(f"cannot set {key!r} here")


def _remove(node: Any, key: str | int) -> None:
    if isinstance(node, dict) and isinstance(key, str):
        node.pop(key, None)
    elif isinstance(node, list) and isinstance(key, int) and -len(node) <= key < len(node):
        del node[key]


def _prune(root: Any, path: Path_) -> None:
    """Take out the mappings along `path` that a removal left empty (`page: {}` says nothing)."""
    while path:
        node = _walk(root, path, create=False, source="") if _child_path_exists(root, path) else None
        if not isinstance(node, dict) or node:
            return
        _remove(_walk(root, path[:-1], create=False, source=""), path[-1])
        path = path[:-1]


def _child_path_exists(root: Any, path: Path_) -> bool:
    node = root
    for key in path:
        node = _child(node, key)
        if node is None:
            return False
    return True


def _flat(value: Any) -> bool:
    """A scalar, or a mapping of scalars: what reads well inside a one-line list."""
    return not isinstance(value, (dict, list)) or (
        isinstance(value, dict) and all(not isinstance(item, (dict, list)) for item in value.values())
    )


def _node(value: Any, *, flow: bool = False) -> Any:
    """Plain JSON as round-trip nodes: a list of scalars (or of one-line mappings, as shapes are
    written) on one line, `[a, {name: b, size: 9}]`; other lists and mappings in blocks."""
    if isinstance(value, dict):
        node = CommentedMap()
        for key, item in value.items():
            node[key] = _node(item)
        if flow:
            node.fa.set_flow_style()
        return node
    if isinstance(value, list):
        inline = all(_flat(item) for item in value)
        seq = CommentedSeq(_node(item, flow=inline) for item in value)
        if inline:
            seq.fa.set_flow_style()
        return seq
    return value
