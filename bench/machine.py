"""What the machine was doing while the bench ran: printed beside every table, never used to decide."""

from __future__ import annotations

import importlib
import os
from types import ModuleType


def load_average() -> str:
    """The 1-minute load: on a shared machine, other work inflates every timing."""
    try:
        return f"{os.getloadavg()[0]:.2f}"
    except OSError:
        return "unknown"


def hidato_solver_build() -> str:
    """Whether the Hidato solver runs compiled (make builds it with mypyc) or as Python (a fifth to a
    third apart), and whether its plain search runs in searchcore.c (about 15 times faster again)."""
    import pipeline.kinds.hidato.solve as solve
    from pipeline.native import is_compiled

    build = "compiled with mypyc" if is_compiled(solve) else "interpreted (not compiled)"
    core = "its plain search in C" if solve.SEARCH_CORE is not None else "its plain search in Python"
    return f"{build}, {core}"


def compiled_line(package: ModuleType) -> str:
    """Which of a kind package's hot modules (its COMPILED) run compiled (mypyc), as `make` builds them:
    a report's header says so, since the numbers differ several times over."""
    from pipeline.native import is_compiled

    names = package.COMPILED
    compiled = [name for name in names if is_compiled(importlib.import_module(f"{package.__name__}.{name}"))]
    if len(compiled) == len(names):
        return f"compiled modules in use ({', '.join(names)} built with mypyc)"
    if not compiled:
        return f"interpreted: no compiled module in use ({', '.join(names)} run as Python; `make` compiles them)"
    return f"partly compiled: {', '.join(compiled)} compiled, {', '.join(n for n in names if n not in compiled)} as Python"
