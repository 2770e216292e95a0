"""The one list of puzzle kinds. Everything else asks here, never for a kind by name.

A new kind is one package under pipeline/kinds/ and one line in BUILT_IN; a kind from another
package joins through the `puzzlebook.kinds` entry point group (its value names a Kind instance,
e.g. `maze = mazes.kind:MAZE`), loaded once here, after the built-in ones, in name order. The first
kind is the default: what `generate` makes without --kind, and what a puzzle file is read as when no
kind claims it.
"""

from __future__ import annotations

from importlib.metadata import entry_points
from typing import Any

from pipeline.errors import PuzzleBookError
from pipeline.kinds.base import Kind
from pipeline.kinds.hidato.kind import HEX, HIDATO, NUMBRIX
from pipeline.kinds.sudoku.kind import SUDOKU
from pipeline.kinds.wordsearch.kind import WORDSEARCH

BUILT_IN: tuple[Kind[Any, Any], ...] = (HIDATO, NUMBRIX, HEX, SUDOKU, WORDSEARCH)
ENTRY_POINTS = "puzzlebook.kinds"


def _plugged_in() -> tuple[Kind[Any, Any], ...]:
    """The kinds other installed packages offer, in entry point name order (so never in the order the
    file system lists them). A broken plugin is a PuzzleBookError naming it, never a traceback."""
    found: list[Kind[Any, Any]] = []
    for point in sorted(entry_points(group=ENTRY_POINTS), key=lambda point: point.name):
        try:
            kind = point.load()
        except Exception as err:  # any import error of another package's code
            raise PuzzleBookError(f"the kind plugin {point.name!r} ({point.value}) cannot be loaded: {err}") from None
        if not isinstance(kind, Kind):
            raise PuzzleBookError(f"the kind plugin {point.name!r} ({point.value}) is not a Kind")
        if kind.name in {each.name for each in (*BUILT_IN, *found)}:
            raise PuzzleBookError(f"the kind plugin {point.name!r} ({point.value}) names the kind {kind.name!r}, "
                                  "which is taken")
        found.append(kind)
    return tuple(found)


KINDS: tuple[Kind[Any, Any], ...] = BUILT_IN + _plugged_in()
DEFAULT: Kind[Any, Any] = KINDS[0]

_BY_NAME = {kind.name: kind for kind in KINDS}


def names() -> tuple[str, ...]:
    return tuple(_BY_NAME)


def kind(name: str) -> Kind[Any, Any]:
    """The kind called `name`; PuzzleBookError listing the kinds for any other name."""
    try:
        return _BY_NAME[name]
    except (KeyError, TypeError):
        raise PuzzleBookError(f"unknown kind {name!r}; allowed: {', '.join(_BY_NAME)}") from None


def families() -> tuple[Kind[Any, Any], ...]:
    """One kind per family (the first listed): who adds a family's options and section model."""
    first: dict[str, Kind[Any, Any]] = {}
    for each in KINDS:
        first.setdefault(each.family, each)
    return tuple(first.values())


def family_names(family: str) -> tuple[str, ...]:
    """The names of the kinds of one family, in registry order."""
    return tuple(each.name for each in KINDS if each.family == family)


def levels() -> tuple[str, ...]:
    """Every kind's levels, each once, in the order the kinds list them."""
    return tuple(dict.fromkeys(level for each in KINDS for level in each.levels))


def shape_owner(shape: str) -> Kind[Any, Any] | None:
    """The kind whose own grid a shape is drawn on (a honeycomb), if any: `generate --shape NAME`
    without --kind makes that kind's puzzle."""
    return next((each for each in KINDS if shape in each.own_shapes()), None)


def section_models() -> tuple[type, ...]:
    return tuple(each.section_model for each in families())


def detect(text: str) -> Kind[Any, Any]:
    """The kind a puzzle file's text claims to be, else the default kind."""
    return next((each for each in KINDS if each.claims(text)), DEFAULT)
