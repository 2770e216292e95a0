"""The abstract drawing API every kind draws its puzzles on, after Tatham's drawing_api.

A kind's drawing (`Drawing`) measures a grid in a box and draws it on a `Surface` (a PDF page or an
SVG picture, the typesetter's to choose) in the type sizes and faces of a `Style`. Nothing here
imports reportlab or names a kind: kinds build on it, and the typesetter hands it its pages.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from pipeline.drawing.grid import GridFit, label_height
from pipeline.drawing.rect import Rect
from pipeline.drawing.style import Style
from pipeline.drawing.surface import Centres, Surface

__all__ = ["Centres", "Drawing", "GridFit", "Rect", "Style", "Surface", "label_height"]


def _same(grid: Any) -> Any:
    return grid


def _grid_alone(grid: Any, fields: Mapping[str, Any]) -> Any:
    return grid


@dataclass(frozen=True)
class Drawing:
    """A kind's drawing functions (its `Kind.drawing`); each takes a grid as the kind's records store it.

    fit(grid, box, style) -> GridFit;
    draw(surface, grid, box, *, style, solution=None, label="", note="", example=False);
    extent(grid) -> (width, height) of the drawn board in cells (what fit divides the box by);
    centres(grid, box, style, *, labelled=True) -> (cell size, {(row, column): centre}) as draw places
    them (for marks a viewer lays over the drawing);
    bare(grid) -> the grid as answers and cover art lay it out, measure and draw it: without what a
    solver reads beside the board (a word list printed under the grid); the same grid for most kinds;
    board(grid, fields) -> the grid the others take, from a record's grid and its kind's own fields.
    """

    fit: Callable[..., GridFit]
    draw: Callable[..., None]
    extent: Callable[..., tuple[float, float]]
    centres: Callable[..., tuple[float, Centres]]
    bare: Callable[[Any], Any] = _same
    board: Callable[[Any, Mapping[str, Any]], Any] = _grid_alone
    """board(grid, fields) -> what the other functions take as `grid`, from a record's grid and the
    kind's own fields beside it (a Killer's cages): the grid itself for most kinds."""
