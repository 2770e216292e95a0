"""Read a config's YAML safely: the node tree (for line numbers) and the plain data it holds.

Only the safe loader is used, so no YAML tag ever builds a Python object; keys given twice, bad
characters and impossible timestamps are refused with their line. What a config may hold is bounded
before anything walks it: nesting depth and aliases while the tree is composed (a 'billion laughs'
never expands), the length of numbers before they are read. What the data must mean is the config
models' question (pipeline/bookspec.py), not this module's.
"""

from __future__ import annotations

from typing import Any

import yaml
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from pipeline.errors import PuzzleBookError

MAX_DEPTH = 16
"""Lists and mappings nested deeper than this are refused (a config needs about six levels)."""
MAX_ALIASES = 64
"""Aliases (`*name`) a config may use."""
MAX_VALUES = 20_000
"""Values (scalars, lists, mappings) a config may hold once its aliases are expanded."""
MAX_DIGITS = 30
"""Digits a number may have (no setting needs more; Python refuses to read thousands)."""
NUMBER_TAGS = ("tag:yaml.org,2002:int", "tag:yaml.org,2002:float")


class _BoundedLoader(yaml.SafeLoader):  # type: ignore[misc]  # PyYAML ships no types: its loader is Any
    """The safe loader, refusing nesting past MAX_DEPTH and aliases past MAX_ALIASES as it composes,
    so a hostile file fails at the place it goes wrong, before anything recurses through it."""

    def __init__(self, text: str, source: str) -> None:
        super().__init__(text)
        self.source = source
        self.depth = 0
        self.aliases = 0

    def compose_node(self, parent: Node | None, index: Any) -> Node:
        event = self.peek_event()
        if isinstance(event, yaml.AliasEvent):
            self.aliases += 1
            if self.aliases > MAX_ALIASES:
                raise self.refusal(f"a config may use at most {MAX_ALIASES} aliases ('*name'); this is one more", event)
            return super().compose_node(parent, index)
        self.depth += 1
        try:
            if self.depth > MAX_DEPTH:
                raise self.refusal(f"lists and mappings nest more than {MAX_DEPTH} deep here; a config needs far fewer",
                                   event)
            return super().compose_node(parent, index)
        finally:
            self.depth -= 1

    def refusal(self, message: str, event: yaml.Event) -> PuzzleBookError:
        mark = event.start_mark
        return PuzzleBookError(message, source=self.source, line=mark.line + 1, column=mark.column + 1)


def read_yaml(text: str, source: str) -> tuple[MappingNode, Any]:
    """The node tree (for line numbers) and the plain data, read with the safe loader only."""
    try:
        loader = _BoundedLoader(text, source)
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
        _refuse_expansion(root, source)
        _refuse_long_numbers(root, source)
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


def _refuse_expansion(root: Node, source: str) -> None:
    """Refuse aliases that loop back into themselves or would expand past MAX_VALUES values.

    Sizes are counted once per node (aliases share nodes), so a 'billion laughs' is measured, not built.
    """
    size: dict[int, int] = {}
    open_now: set[int] = set()
    todo: list[tuple[Node, bool]] = [(root, False)]
    while todo:  # depth first: the nodes open at any moment are the current node's ancestors
        node, finished = todo.pop()
        key = id(node)
        if finished:
            open_now.discard(key)
            size[key] = 1 + sum(size[id(child)] for child in _children(node))
            if size[key] > MAX_VALUES:
                raise _at(f"its aliases would expand the config past {MAX_VALUES} values", node, source)
        elif key in open_now:
            raise _at("an alias refers to a list or mapping it is part of", node, source)
        elif key not in size:
            open_now.add(key)
            todo.append((node, True))
            todo.extend((child, False) for child in reversed(_children(node)))


def _children(node: Node) -> list[Node]:
    if isinstance(node, MappingNode):
        return [part for pair in node.value for part in pair]
    if isinstance(node, SequenceNode):
        return list(node.value)
    return []


def _refuse_long_numbers(root: Node, source: str) -> None:
    for node in _walk(root):
        if isinstance(node, ScalarNode) and node.tag in NUMBER_TAGS and len(node.value) > MAX_DIGITS:
            shown = f"{node.value[:12]}... ({len(node.value)} characters)"
            raise _at(f"the number {shown} is far too long for any setting of a book", node, source)


def _at(message: str, node: Node, source: str) -> PuzzleBookError:
    mark = node.start_mark
    return PuzzleBookError(message, source=source, line=mark.line + 1, column=mark.column + 1)


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
