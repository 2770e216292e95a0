"""What a book's how-to-play page says about mazes, with a worked 6x6 example. Text and data only.

The example was made by this package's generator (a 6x6 square, medium, seed 16) and is kept here as
data; the tests prove it perfect and of its level.
"""

from __future__ import annotations

from pipeline.i18n import N_
from pipeline.kinds.base import Guide

LEVEL_NOTES: dict[str, str] = {
    "easy": N_("the way forks almost every other step, and nearly every wrong turn ends within sight."),
    "medium": N_("the corridors run a little longer, and a wrong turn can take a few steps before it ends."),
    "hard": N_("fewer forks, but wrong turns run well into the maze before they end."),
    "expert": N_("long winding corridors: few choices, and each wrong one leads a long way before it ends."),
}
SCALE = N_("Each maze is labelled with its level, set by how far a wrong turn leads, not by its size:")
ANSWERS = (
    N_("Every maze has exactly one way through, checked by computer. The answers are at the end of each "
       "section, with the way drawn through each maze."),
    N_("Every maze has exactly one way through, checked by computer. The answers are at the back of the "
       "book, with the way drawn through each maze."),
)

EXAMPLE_GRID = {
    "topology": "square", "height": 6, "width": 6,
    "cells": [[r, c] for r in range(6) for c in range(6)],
    "passages": [[0, 0, 1, 0], [0, 1, 0, 2], [0, 2, 0, 3], [0, 2, 1, 2], [0, 3, 0, 4], [0, 3, 1, 3], [0, 4, 0, 5],
                 [0, 5, 1, 5], [1, 0, 2, 0], [1, 1, 1, 2], [1, 1, 2, 1], [1, 3, 1, 4], [1, 4, 2, 4], [2, 0, 2, 1],
                 [2, 0, 3, 0], [2, 2, 2, 3], [2, 3, 3, 3], [2, 4, 2, 5], [2, 4, 3, 4], [2, 5, 3, 5], [3, 0, 4, 0],
                 [3, 1, 3, 2], [3, 2, 3, 3], [3, 3, 3, 4], [3, 5, 4, 5], [4, 0, 4, 1], [4, 1, 4, 2], [4, 2, 4, 3],
                 [4, 2, 5, 2], [4, 4, 4, 5], [4, 4, 5, 4], [4, 5, 5, 5], [5, 0, 5, 1], [5, 1, 5, 2], [5, 3, 5, 4]],
    "entrance": [0, 3], "exit": [5, 0],
    "cell_mm": 5,
}
"""The worked example asks for cells 5 mm wide: a how-to page drops tips before it shrinks the example
below that (a maze's cells may print far smaller, but an example is read at a glance)."""
EXAMPLE_ROUTE = [[0, 3], [0, 2], [1, 2], [1, 1], [2, 1], [2, 0], [3, 0], [4, 0], [4, 1], [4, 2], [5, 2], [5, 1],
                 [5, 0]]

MAZE_GUIDE = Guide(
    rules=N_(
        "Find the way from the entrance to the exit and draw it: they are the gaps in the outer wall marked with "
        "arrows (a round maze may lead to its centre instead, marked with a dot). You may not cross a wall. Every "
        "maze has exactly one way through."
    ),
    tips=(
        N_("At a fork, look ahead along each way before you choose: a short dead end can often be seen at a "
           "glance."),
        N_("Stuck? Work backwards from the exit too, and see where the two ends could meet."),
        N_("Shade the dead ends you have tried, so you never walk them twice."),
    ),
    puzzle=EXAMPLE_GRID,
    solution=EXAMPLE_ROUTE,
    level_notes=LEVEL_NOTES,
    scale=SCALE,
    answers=ANSWERS,
)
