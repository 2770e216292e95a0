"""Compiled builds of the hot modules: mypyc turns their typed Python into C extensions, and a kind's
own C (a search core on machine words) is built beside them.

A kind package names its hot modules in `COMPILED` (a tuple of module names in its __init__.py) and
calls `use_compiled` there; it names the C extensions it carries in `EXTENSIONS` (NAME.c beside the
package's modules) and loads each with `load_extension`, which gives None when it is not built from
its present source, so that the Python it stands in for runs instead. `make` runs `python -m pipeline.native` once the packages are installed:
on a machine with a C compiler and Python's headers, mypyc compiles each package's modules together
into one library beside them (`compiled__mypyc`, so calls between them skip the interpreter) with a
small library per module that loads it: the same code, so the same answers, with the interpreter's
work per line taken out. Without a compiler it says so, and the program runs as plain Python.

Python imports a shared library in preference to the source beside it, even a library built from
an older version of that source. So a build records the SHA-256 of the source it compiled (in
NAME.compiled-from, beside it), and `use_compiled` installs an import hook that takes the source of
every module of the package's group when any one of them is not current: a group is compiled code
calling compiled code, never half old. PUZZLEBOOK_NATIVE=0 in the environment takes the sources too
(the agreement tests compare the two).
"""

from __future__ import annotations

import ast
import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import os
import shutil
import subprocess
import sys
import sysconfig
import tempfile
from collections.abc import Callable, Sequence
from pathlib import Path
from types import ModuleType

from pipeline.atomic import write_text_atomic

STAMP_SUFFIX = ".compiled-from"
"""Beside a compiled module's source: the SHA-256 of the source its library was built from."""
GROUP = "compiled"
"""A package's modules are compiled into PACKAGE.compiled__mypyc (mypyc adds the suffix)."""
SWITCH = "PUZZLEBOOK_NATIVE"
"""Set to 0 to run every compiled module's source instead."""
KINDS = Path(__file__).resolve().parent / "kinds"
"""Where the packages that may name compiled modules live."""


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


class _SourceFirst(importlib.abc.MetaPathFinder):
    """Imports the named modules from their source files, whatever libraries lie beside them."""

    def __init__(self, sources: dict[str, Path]) -> None:
        self.sources = sources

    def find_spec(self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
                  ) -> importlib.machinery.ModuleSpec | None:
        source = self.sources.get(fullname)
        return None if source is None else importlib.util.spec_from_file_location(fullname, source)


def use_compiled(package: str, folder: Path, modules: Sequence[str]) -> None:
    """Let `package`'s compiled modules be imported only when every one of them is current (and
    PUZZLEBOOK_NATIVE is not 0); otherwise their sources. Call it in the package's __init__, before
    anything imports them."""
    sources = {f"{package}.{name}": folder / f"{name}.py" for name in modules}
    if not any(libraries(source) for source in sources.values()):
        return  # nothing compiled: Python finds the sources itself
    if os.environ.get(SWITCH) == "0" or not all(is_current(source) for source in sources.values()):
        sys.meta_path.insert(0, _SourceFirst(sources))


def load_extension(package: str, name: str) -> ModuleType | None:
    """`package`'s C extension `name` (built from NAME.c in the package's folder) when it is built from
    exactly its present source and PUZZLEBOOK_NATIVE is not 0; None otherwise (its caller then runs the
    Python the extension stands in for). The folder is the package's own: a module compiled by mypyc
    does not know its real `__file__`."""
    folder = Path(importlib.import_module(package).__path__[0])
    if os.environ.get(SWITCH) == "0" or not is_current(folder / f"{name}.c"):
        return None
    try:
        return importlib.import_module(f"{package}.{name}")
    except ImportError:  # built for another Python, say: the Python path answers the same
        return None


def listed_names(init: Path, variable: str) -> tuple[str, ...]:
    """The module names a package's __init__.py lists in `variable` (COMPILED or EXTENSIONS; read, not
    imported: `make` asks before the project's dependencies are installed)."""
    for node in ast.parse(init.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == variable for t in node.targets):
            value = ast.literal_eval(node.value)
            if isinstance(value, tuple) and all(isinstance(name, str) for name in value):
                return value
            raise ValueError(f"{init}: {variable} must be a tuple of module names")
    return ()


def compiled_modules(init: Path) -> tuple[str, ...]:
    """The module names a package's __init__.py lists in COMPILED (compiled by mypyc)."""
    return listed_names(init, "COMPILED")


def _listed(kinds: Path, variable: str, suffix: str) -> list[tuple[str, list[Path]]]:
    found = []
    for init in sorted(kinds.glob("*/__init__.py")):
        names = listed_names(init, variable)
        if names:
            found.append((f"pipeline.kinds.{init.parent.name}", [init.with_name(name + suffix) for name in names]))
    return found


def groups(kinds: Path = KINDS) -> list[tuple[str, list[Path]]]:
    """(package, its compiled sources) for each kind package that names any."""
    return _listed(kinds, "COMPILED", ".py")


def extensions(kinds: Path = KINDS) -> list[tuple[str, list[Path]]]:
    """(package, the C sources of its extensions) for each kind package that names any."""
    return _listed(kinds, "EXTENSIONS", ".c")


def missing_tools() -> str | None:
    """Why this machine cannot compile (no C compiler, no Python headers), or None when it can."""
    compiler = (sysconfig.get_config_var("CC") or "cc").split()[0]
    if shutil.which(compiler) is None:
        return f"no C compiler ({compiler})"
    headers = Path(sysconfig.get_paths()["include"]) / "Python.h"
    if not headers.exists():
        return f"no Python headers ({headers})"
    return None


SETUP = """\
from setuptools import setup
from mypyc.build import mypycify

setup(
    name="puzzlebook-native",
    ext_modules=mypycify({paths!r}, opt_level="3", debug_level="1", group_name={group!r}, target_dir={target!r}),
    script_args=["build_ext", "--inplace", "--build-temp", {temp!r}, "--build-lib", {lib!r}],
)
"""


SETUP_C = """\
from setuptools import Extension, setup

setup(
    name="puzzlebook-native-c",
    ext_modules=[Extension({module!r}, [{path!r}], extra_compile_args=["-O2", "-std=gnu11"])],
    script_args=["build_ext", "--inplace", "--build-temp", {temp!r}, "--build-lib", {lib!r}],
)
"""


def _forget(sources: list[Path]) -> list[str]:
    """Remove `sources`' libraries and records before a build (a failed build must not leave an old
    record standing); the digests of the text the compiler is about to read."""
    for source in sources:
        stamp_path(source).unlink(missing_ok=True)
        for lib in libraries(source):
            lib.unlink()
    return [source_digest(source) for source in sources]


def _run_setup(script_for: Callable[[Path], str], sources: list[Path], digests: list[str], root: Path) -> str | None:
    """Run the setup script `script_for(work folder)` that builds `sources`' libraries in place; why it
    failed, or None (then each source's digest is recorded beside it)."""
    with tempfile.TemporaryDirectory(prefix="puzzlebook-native-") as work:
        script = Path(work) / "setup.py"
        script.write_text(script_for(Path(work)), encoding="utf-8")
        done = subprocess.run([sys.executable, str(script)], cwd=root, capture_output=True, text=True, check=False)
    if done.returncode != 0 or not all(libraries(source) for source in sources):
        return done.stdout[-4000:] + done.stderr[-4000:]
    for source, digest in zip(sources, digests):
        write_text_atomic(stamp_path(source), digest + "\n")
    return None


def compile_group(package: str, sources: list[Path], root: Path) -> str | None:
    """Compile one package's modules into one library group; why it failed, or None."""
    digests = _forget(sources)
    for old in sources[0].parent.glob("*__mypyc.*"):  # the group library (and one of an older layout)
        old.unlink()
    names = [str(source.relative_to(root)) for source in sources]

    def script(work: Path) -> str:
        return SETUP.format(paths=names, group=f"{package}.{GROUP}", target=str(work / "c"), temp=str(work / "temp"),
                            lib=str(work / "lib"))

    return _run_setup(script, sources, digests, root)


def compile_extension(package: str, source: Path, root: Path) -> str | None:
    """Compile one C extension (NAME.c into NAME's library beside it); why it failed, or None."""
    digests = _forget([source])

    def script(work: Path) -> str:
        return SETUP_C.format(module=f"{package}.{source.stem}", path=str(source.relative_to(root)),
                              temp=str(work / "temp"), lib=str(work / "lib"))

    return _run_setup(script, [source], digests, root)


def build(found: list[tuple[str, list[Path]]], root: Path, cores: list[tuple[str, list[Path]]] | None = None) -> int:
    """Compile every group with mypyc and every C extension in `cores`; the exit status for make."""
    cores = cores or []
    why_not = missing_tools()
    if why_not is not None:
        for _, sources in found + cores:
            for source in sources:
                stamp_path(source).unlink(missing_ok=True)
        print(f"puzzlebook: note: {why_not}: the solvers run as plain Python (same answers, slower)")
        return 0
    for package, sources in cores:
        for source in sources:
            if is_current(source):
                print(f"puzzlebook: {package}.{source.stem} is current")
                continue
            failure = compile_extension(package, source, root)
            if failure is not None:
                print(failure, file=sys.stderr)
                print(f"puzzlebook: compiling {source.relative_to(root)} failed (see above)", file=sys.stderr)
                return 1
            print(f"puzzlebook: compiled {package}.{source.stem} from C")
    for package, sources in found:
        if all(is_current(source) for source in sources):
            print(f"puzzlebook: {package}'s compiled modules are current")
            continue
        failure = compile_group(package, sources, root)
        if failure is not None:
            print(failure, file=sys.stderr)
            print(f"puzzlebook: compiling {package} with mypyc failed (see above)", file=sys.stderr)
            return 1
        print(f"puzzlebook: compiled {package} ({', '.join(source.stem for source in sources)}) with mypyc")
    return 0


def main(argv: list[str] | None = None) -> int:
    """`python -m pipeline.native` compiles every group and extension; `--sources` lists their files (for make)."""
    args = sys.argv[1:] if argv is None else argv
    root = Path(__file__).resolve().parent.parent
    if args == ["--sources"]:
        print(" ".join(str(source.relative_to(root)) for _, sources in groups() + extensions() for source in sources))
        return 0
    if args:
        print("usage: python -m pipeline.native [--sources]", file=sys.stderr)
        return 2
    return build(groups(), root, extensions())


if __name__ == "__main__":
    sys.exit(main())
