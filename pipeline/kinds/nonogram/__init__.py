"""Nonograms: a picture hidden behind the lengths of the filled runs in every row and column.

The modules in COMPILED are compiled by `make` (pipeline.native) when the machine can; an outdated
build of any of them is passed over here, before anything imports them.
"""

from pathlib import Path

from pipeline.native import use_compiled

COMPILED = ("lines", "logic", "search", "reason")
"""The modules every proof runs through: a 50 x 50 proof reads lines hundreds of thousands of times."""

use_compiled(__name__, Path(__file__).parent, COMPILED)
