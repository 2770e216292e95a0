"""Hidato (king adjacency) and its Numbrix variant (orthogonal adjacency): boards, solver, generator.

The modules in COMPILED are compiled by `make` (pipeline.native) when the machine can; an outdated
build of any of them is passed over here, before anything imports them. The C of EXTENSIONS is built
beside them and loaded by the module it stands in for (see `solve.SEARCH_CORE`).
"""

from pathlib import Path

from pipeline.native import use_compiled

COMPILED = ("solve", "state", "techniques", "rigid", "logic", "probe", "dig", "path", "generate", "canon")
"""The modules whose time is the interpreter's own work per line: search, reasoning, digging, fingerprints."""
EXTENSIONS = ("searchcore",)
"""C extensions: searchcore.c is the plain search of solve.py on machine words (the same answers)."""

use_compiled(__name__, Path(__file__).parent, COMPILED)
