"""The one list of puzzle kinds. Everything else asks here, never for a kind by name.

A new kind is one package under pipeline/kinds/ and one line in BUILT_IN; a kind from another
package joins through the `puzzlebook.kinds` entry point group (its value names a Kind instance,
e.g. `maze = mazes.kind:MAZE`), loaded once here, after the built-in ones, in name order. The first
kind is the default: what `generate` makes without --kind, and what a puzzle file is read as when no
kind claims it.
"""

from __future__ import annotations

import re
from importlib.metadata import entry_points
from typing import Any

from pipeline.errors import PuzzleBookError
from pipeline.kinds.base import Kind
from pipeline.kinds.crossword.kind import CROSSWORD, FILLIN
from pipeline.kinds.hidato.kind import HEX, HIDATO, NUMBRIX
from pipeline.kinds.maze.kind import MAZE
from pipeline.kinds.nonogram.kind import NONOGRAM
from pipeline.kinds.record import PuzzleRecord
from pipeline.kinds.sudoku.kind import SUDOKU
from pipeline.kinds.variants.kind import JIGSAW, KILLER, SUDOKU_X
from pipeline.kinds.wordsearch.kind import WORDSEARCH

BUILT_IN: tuple[Kind[Any, Any, Any], ...] = (HIDATO, NUMBRIX, HEX, SUDOKU, WORDSEARCH, MAZE, KILLER, JIGSAW, SUDOKU_X,
                                             CROSSWORD, FILLIN, NONOGRAM)
ENTRY_POINTS = "puzzlebook.kinds"


def _plugged_in() -> tuple[tuple[Kind[Any, Any, Any], ...], tuple[str, ...]]:
    """The kinds other installed packages offer, in entry point name order (so never in the order the
    file system lists them), and what is wrong with each plugin that cannot join: its import fails,
    it is no Kind, or its name is taken. Those are left out, and `check_plugins` says why."""
    found: list[Kind[Any, Any, Any]] = []
    problems: list[str] = []
    for point in sorted(entry_points(group=ENTRY_POINTS), key=lambda point: point.name):
        where = f"the kind plugin {point.name!r} ({point.value})"
        try:
            kind = point.load()
        except Exception as err:  # any import error of another package's code
            problems.append(f"{where} cannot be loaded: {err}")
            continue
        if not isinstance(kind, Kind):
            problems.append(f"{where} is not a Kind")
        elif kind.name in {each.name for each in (*BUILT_IN, *found)}:
            problems.append(f"{where} names the kind {kind.name!r}, which is taken")
        else:
            found.append(kind)
    return tuple(found), tuple(problems)


_PLUGGED_IN, _PLUGIN_PROBLEMS = _plugged_in()
KINDS: tuple[Kind[Any, Any, Any], ...] = BUILT_IN + _PLUGGED_IN
DEFAULT: Kind[Any, Any, Any] = KINDS[0]

_BY_NAME = {kind.name: kind for kind in KINDS}


def drawn(record: PuzzleRecord) -> Any:
    """A record's grid as its kind's drawing takes it (with what the record keeps beside the grid)."""
    return kind(record.kind).drawing.board(record.grid, record.fields)


def check_plugins() -> None:
    """PuzzleBookError naming the first kind plugin that could not join (the command line says it and
    stops, exit code 2), rather than a kind silently missing."""
    if _PLUGIN_PROBLEMS:
        raise PuzzleBookError(_PLUGIN_PROBLEMS[0])


def names() -> tuple[str, ...]:
    return tuple(_BY_NAME)


def kind(name: str) -> Kind[Any, Any, Any]:
    """The kind called `name`; PuzzleBookError listing the kinds for any other name."""
    try:
        return _BY_NAME[name]
    except (KeyError, TypeError):
        raise PuzzleBookError(f"unknown kind {name!r}; allowed: {', '.join(_BY_NAME)}") from None


def families() -> tuple[Kind[Any, Any, Any], ...]:
    """One kind per family (the first listed): who adds a family's options and section model."""
    first: dict[str, Kind[Any, Any, Any]] = {}
    for each in KINDS:
        first.setdefault(each.family, each)
    return tuple(first.values())


def family_names(family: str) -> tuple[str, ...]:
    """The names of the kinds of one family, in registry order."""
    return tuple(each.name for each in KINDS if each.family == family)


def shape_owner(shape: str) -> Kind[Any, Any, Any] | None:
    """The kind whose own grid a shape is drawn on (a honeycomb), if any: `generate --shape NAME`
    without --kind makes that kind's puzzle."""
    return next((each for each in KINDS if shape in each.own_shapes()), None)


def section_models() -> tuple[type, ...]:
    return tuple(each.section_model for each in families())


_KIND_MARK = re.compile(r"\s*;.*\bkind=(\w+)")


def detect(text: str) -> Kind[Any, Any, Any]:
    """The kind a puzzle file's first line names (`; kind=NAME ...`, as every kind's text form writes
    its metadata), else the first kind whose own signs the text shows, else the default kind."""
    first = next((line for line in text.splitlines() if line.strip()), "")
    marked = _KIND_MARK.match(first)
    if marked and marked.group(1) in _BY_NAME:
        return _BY_NAME[marked.group(1)]
    return next((each for each in KINDS if each.claims(text)), DEFAULT)
