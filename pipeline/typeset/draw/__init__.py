"""One drawing per family of kinds (or per kind, where a kind of a family has a grid of its own): how
to measure a grid in a box, and how to draw it there.

The only place in typeset/ that names kinds. A new kind adds its module beside these and one line
in DRAWINGS; everything else finds its drawing through `drawing(kind_name)`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from pipeline.kinds import registry
from pipeline.typeset.draw.common import GridFit, label_height
from pipeline.typeset.draw.honeycomb import draw_honeycomb, fit_honeycomb, honeycomb_centres, honeycomb_extent
from pipeline.typeset.draw.path import draw_path, fit_grid, grid_extent, path_centres
from pipeline.typeset.draw.sudoku import draw_sudoku, fit_sudoku, sudoku_centres, sudoku_extent
from pipeline.typeset.draw.wordsearch import (
    draw_wordsearch,
    fit_wordsearch,
    wordsearch_bare,
    wordsearch_centres,
    wordsearch_extent,
)

__all__ = ["DRAWINGS", "Drawing", "GridFit", "drawing", "label_height"]


@dataclass(frozen=True)
class Drawing:
    """A family's drawing functions; each takes a grid as the kind's records store it.

    fit(grid, box, style) -> GridFit;
    draw(canvas, grid, box, *, style, solution=None, label="", note="", example=False);
    extent(grid) -> (width, height) of the drawn board in cells (what fit divides the box by);
    centres(grid, box, style, *, labelled=True) -> (cell size, {(row, column): centre}) as draw places
    them (for marks a viewer lays over the drawing);
    bare(grid) -> the grid as answers and cover art lay it out, measure and draw it: without what a
    solver reads beside the board (a word search's word list); the same grid for most kinds.
    """

    fit: Callable[..., GridFit]
    draw: Callable[..., None]
    extent: Callable[..., tuple[float, float]]
    centres: Callable[..., tuple[float, dict[tuple[int, int], tuple[float, float]]]]
    bare: Callable[[Any], Any] = lambda grid: grid


DRAWINGS: dict[str, Drawing] = {
    "hidato": Drawing(fit_grid, draw_path, grid_extent, path_centres),
    "hexhidato": Drawing(fit_honeycomb, draw_honeycomb, honeycomb_extent, honeycomb_centres),
    "sudoku": Drawing(fit_sudoku, draw_sudoku, sudoku_extent, sudoku_centres),
    "wordsearch": Drawing(fit_wordsearch, draw_wordsearch, wordsearch_extent, wordsearch_centres, wordsearch_bare),
}
"""By kind name, else by family (Kind.family): Hidato and Numbrix share one drawing, hex Hidato has its own."""


def drawing(kind_name: str) -> Drawing:
    """The drawing of the kind `kind_name`: its own if it has one, else its family's."""
    kind = registry.kind(kind_name)
    return DRAWINGS.get(kind.name) or DRAWINGS[kind.family]
