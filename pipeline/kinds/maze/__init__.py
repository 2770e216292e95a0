"""Mazes: perfect mazes (one way between any two cells) on square, honeycomb and round boards.

The modules in COMPILED are compiled by `make` (pipeline.native) when the machine can; an outdated
build of any of them is passed over here, before anything imports them.
"""

from pathlib import Path

from pipeline.native import use_compiled

COMPILED = ("board", "carve", "maze", "measure", "record", "grade", "generate")
"""The modules a giant maze's making runs through: a 100 x 100 maze is some 10,000 steps of each."""

use_compiled(__name__, Path(__file__).parent, COMPILED)
