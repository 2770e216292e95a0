"""Compiled builds of the hot modules: mypyc turns their typed Python into C extensions.

`make` runs `python -m pipeline.native SOURCE...` once the packages are installed. On a machine with
a C compiler and Python's headers, mypyc compiles each source file into a shared library beside it:
the same code, so the same answers, with the interpreter's work per line taken out (a uniqueness
proof takes a fifth to a third less time). Without a compiler it says so, and the program runs as
plain Python.

Python imports a shared library in preference to the source beside it, even a library built from
an older version of that source. So a build records the SHA-256 of the source it compiled (in
NAME.compiled-from, beside it), and a package holding a compiled module calls `prefer_current`
before anything imports that module: a library built from other source is passed over, and the
source itself is imported.
"""

from __future__ import annotations

import hashlib
import importlib.machinery
import importlib.util
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path
from types import ModuleType

from pipeline.atomic import write_text_atomic

STAMP_SUFFIX = ".compiled-from"
"""Beside a compiled module's source: the SHA-256 of the source its library was built from."""


def source_digest(source: Path) -> str:
    return hashlib.sha256(source.read_bytes()).hexdigest()


def libraries(source: Path) -> list[Path]:
    """The shared libraries Python would import for `source`'s module, instead of the source."""
    return [
        lib
        for suffix in importlib.machinery.EXTENSION_SUFFIXES
        if (lib := source.with_name(source.stem + suffix)).exists()
    ]


def is_compiled(module: ModuleType) -> bool:
    """True when `module` was loaded from a shared library rather than from its source."""
    return str(getattr(module, "__file__", "")).endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES))


def stamp_path(source: Path) -> Path:
    return source.with_name(source.stem + STAMP_SUFFIX)


def is_current(source: Path) -> bool:
    """True when `source` has a library built from exactly its present text."""
    stamp = stamp_path(source)
    return bool(libraries(source)) and stamp.exists() and stamp.read_text().strip() == source_digest(source)


def prefer_current(module: str, source: Path) -> None:
    """Import `module` from `source` now when its library was built from other source (or has no record)."""
    if is_current(source) or not libraries(source):
        return
    spec = importlib.util.spec_from_file_location(module, source)
    assert spec is not None and spec.loader is not None
    loaded = importlib.util.module_from_spec(spec)
    sys.modules[module] = loaded
    try:
        spec.loader.exec_module(loaded)
    except BaseException:
        del sys.modules[module]
        raise
    parent, _, name = module.rpartition(".")
    if parent in sys.modules:
        setattr(sys.modules[parent], name, loaded)


def missing_tools() -> str | None:
    """Why this machine cannot compile (no C compiler, no Python headers), or None when it can."""
    compiler = (sysconfig.get_config_var("CC") or "cc").split()[0]
    if shutil.which(compiler) is None:
        return f"no C compiler ({compiler})"
    headers = Path(sysconfig.get_paths()["include"]) / "Python.h"
    if not headers.exists():
        return f"no Python headers ({headers})"
    return None


def build(sources: list[Path], root: Path) -> int:
    """Compile `sources` (paths under `root`, the project folder) with mypyc; the exit status for make."""
    for source in sources:
        stamp_path(source).unlink(missing_ok=True)  # a failed build must not leave an old record standing
    why_not = missing_tools()
    if why_not is not None:
        print(f"puzzlebook: note: {why_not}: the solvers run as plain Python (same answers, slower)")
        return 0
    names = [str(source.relative_to(root)) for source in sources]
    digests = [source_digest(source) for source in sources]  # the text mypyc reads, should it change meanwhile
    done = subprocess.run(
        [sys.executable, "-m", "mypyc", *names], cwd=root, capture_output=True, text=True, check=False
    )
    if done.returncode != 0 or not all(libraries(source) for source in sources):
        print(done.stdout + done.stderr, file=sys.stderr)
        print(f"puzzlebook: compiling {', '.join(names)} with mypyc failed (see above)", file=sys.stderr)
        return 1
    for source, digest in zip(sources, digests):
        write_text_atomic(stamp_path(source), digest + "\n")
    print(f"puzzlebook: compiled {', '.join(names)} with mypyc")
    return 0


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    root = Path(__file__).resolve().parent.parent
    sources = [(root / arg).resolve() for arg in args]
    unknown = [arg for arg, source in zip(args, sources) if source.suffix != ".py" or not source.is_file()]
    if not sources or unknown:
        why = f" (not a Python file: {', '.join(unknown)})" if unknown else ""
        print(f"usage: python -m pipeline.native SOURCE.py ...{why}", file=sys.stderr)
        return 2
    return build(sources, root)


if __name__ == "__main__":
    sys.exit(main())
