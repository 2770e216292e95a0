"""Read a config's YAML safely: the node tree (for line numbers) and the plain data it holds.

Only the safe loader is used, so no YAML tag ever builds a Python object; keys given twice, bad
characters and impossible timestamps are refused with their line. What the data must hold is the
config models' question (config.py), not this module's.
"""

from __future__ import annotations

from typing import Any

import yaml
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from pipeline.errors import PuzzleBookError


def read_yaml(text: str, source: str) -> tuple[MappingNode, Any]:
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
