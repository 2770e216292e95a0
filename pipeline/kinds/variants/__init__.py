"""Sudoku's variants: Killer (cages with sums), Jigsaw (irregular regions) and Sudoku X (diagonals),
solved by their own search and graded and explained by the Sudoku package's techniques reading their
houses (pipeline.kinds.sudoku.houses), with a Killer's cage techniques beside them.

The modules in COMPILED are compiled by `make` (pipeline.native) when the machine can; an outdated
build of any of them is passed over here, before anything imports them.
"""

from pathlib import Path

from pipeline.native import use_compiled

COMPILED = ("search", "killer", "generate", "regions", "cages")
"""The modules a variant's making runs through: thousands of searches and cage sums per puzzle."""

use_compiled(__name__, Path(__file__).parent, COMPILED)
