"""Sudoku on k^2 x k^2 grids (k = 2..5): grid, text formats, solver, grader and generator.

The modules in COMPILED are compiled by `make` (pipeline.native) when the machine can; an outdated
build of any of them is passed over here, before anything imports them.
"""

from pathlib import Path

from pipeline.native import use_compiled

COMPILED = ("solve", "marks", "techniques", "chains", "closure", "explainer", "grade", "generate", "canon")
"""The modules whose time is the interpreter's own work per line: candidates, techniques, digging, fingerprints."""

use_compiled(__name__, Path(__file__).parent, COMPILED)
