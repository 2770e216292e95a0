"""The compiled solver: used only when built from the present source, and always giving the source's answers."""

from __future__ import annotations

import faulthandler
import importlib
import importlib.machinery
import importlib.util
import json
import os
import random
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import pipeline.kinds.hidato.solve as solver
from pipeline import native
from pipeline.kinds.hidato.board import Board
from pipeline.kinds.hidato.hexshapes import make_hex_mask
from pipeline.kinds.hidato.path import hamiltonian_path
from pipeline.shapes import make_mask
from tests.test_solve import small_boards

ROOT = Path(__file__).resolve().parents[1]
SOURCE = ROOT / "pipeline" / "kinds" / "hidato" / "solve.py"
DATA = Path(__file__).parent / "data"
CORPUS = [json.loads(line) for line in (DATA / "hidato.jsonl").read_text().splitlines() if line.strip()]


@pytest.fixture
def package(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[str, Path]]:
    """A throwaway package holding `mod.py` and `other.py` and, beside each, a file where Python looks
    for its library. The "libraries" are not ones: should Python ever try to import one, it fails."""
    name = f"native_probe_{tmp_path.name.replace('-', '_')}"
    folder = tmp_path / name
    folder.mkdir()
    (folder / "__init__.py").write_text("")
    for module in GROUP:
        source = folder / f"{module}.py"
        source.write_text(f'WHERE = "{module} source"\n')
        source.with_name(module + importlib.machinery.EXTENSION_SUFFIXES[0]).write_bytes(b"not a shared library")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delenv(native.SWITCH, raising=False)
    hooks = list(sys.meta_path)
    yield name, folder
    sys.meta_path[:] = hooks
    for loaded in [key for key in sys.modules if key == name or key.startswith(name + ".")]:
        del sys.modules[loaded]


GROUP = ("mod", "other")


def _stamp(source: Path) -> None:
    native.stamp_path(source).write_text(native.source_digest(source) + "\n")


def _import_after_use(name: str, folder: Path, module: str = "mod") -> ModuleType:
    importlib.import_module(name)
    native.use_compiled(name, folder, GROUP)
    return importlib.import_module(f"{name}.{module}")


def test_unrecorded_libraries_are_passed_over_for_their_sources(package: tuple[str, Path]) -> None:
    name, folder = package
    assert not native.is_current(folder / "mod.py")
    assert _import_after_use(name, folder).WHERE == "mod source"


def test_one_library_built_from_other_source_sends_the_whole_group_to_its_sources(package: tuple[str, Path]) -> None:
    """A compiled module calls the others of its group inside the library: half old is never run."""
    name, folder = package
    for module in GROUP:
        _stamp(folder / f"{module}.py")
    (folder / "other.py").write_text('WHERE = "edited source"\n')
    assert native.is_current(folder / "mod.py") and not native.is_current(folder / "other.py")
    assert _import_after_use(name, folder, "other").WHERE == "edited source"
    assert importlib.import_module(f"{name}.mod").WHERE == "mod source"


def test_current_libraries_are_left_for_python_to_import(package: tuple[str, Path]) -> None:
    name, folder = package
    for module in GROUP:
        _stamp(folder / f"{module}.py")
    importlib.import_module(name)
    native.use_compiled(name, folder, GROUP)
    with pytest.raises(ImportError):  # Python goes for the (fake) library, as it would for a real one
        importlib.import_module(f"{name}.mod")


def test_the_switch_takes_the_sources_of_current_libraries(package: tuple[str, Path],
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    name, folder = package
    for module in GROUP:
        _stamp(folder / f"{module}.py")
    monkeypatch.setenv(native.SWITCH, "0")
    assert _import_after_use(name, folder).WHERE == "mod source"


def test_the_build_takes_no_files(capsys: pytest.CaptureFixture[str]) -> None:
    assert native.main(["README.md"]) == 2
    assert "usage: python -m pipeline.native [--sources]" in capsys.readouterr().err


def test_each_kind_lists_modules_that_exist(capsys: pytest.CaptureFixture[str]) -> None:
    """`make` rebuilds when a listed file changes: a name with no file would stop it."""
    found = native.groups() + native.extensions()
    assert native.groups() and native.extensions()
    assert all(source.is_file() for _, sources in found for source in sources)
    assert native.main(["--sources"]) == 0
    listed = capsys.readouterr().out.split()
    assert listed == [str(source.relative_to(ROOT)) for _, sources in found for source in sources]


def test_a_list_that_is_not_names_is_refused(tmp_path: Path) -> None:
    init = tmp_path / "__init__.py"
    init.write_text("COMPILED = ['solve', 3]\n")
    with pytest.raises(ValueError, match="COMPILED must be a tuple of module names"):
        native.compiled_modules(init)


def test_the_hot_modules_are_compiled_where_the_machine_can_compile() -> None:
    """`make` compiles them; a build that silently fell back to Python would show only as slowness."""
    why_not = native.missing_tools()
    if why_not is not None:
        pytest.skip(f"this machine cannot compile: {why_not}")
    if os.environ.get(native.SWITCH) == "0":
        pytest.skip(f"{native.SWITCH}=0: the sources run")
    for package, sources in native.groups():
        for source in sources:
            assert native.is_current(source), f"run make: {source} is compiled from older source, or not at all"
            module = importlib.import_module(f"{package}.{source.stem}")
            assert native.is_compiled(module), f"{module.__name__} was imported from its source"
    for package, sources in native.extensions():
        for source in sources:
            assert native.is_current(source), f"run make: {source} is built from older source, or not at all"
            assert native.load_extension(package, source.stem) is not None
    assert solver.SEARCH_CORE is not None, "the solver runs its Python search although the core is built"


def test_an_extension_is_loaded_only_when_built_from_its_present_source(package: tuple[str, Path],
                                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """An edited C source (or none recorded) leaves its old library unloaded: the Python path runs."""
    name, folder = package
    importlib.import_module(name)
    source = folder / "core.c"
    source.write_text("/* a C source */\n")
    source.with_name("core" + importlib.machinery.EXTENSION_SUFFIXES[0]).write_bytes(b"not a shared library")
    assert native.load_extension(name, "core") is None  # nothing recorded
    _stamp(source)
    assert native.load_extension(name, "core") is None  # current, but not a library Python can load
    source.write_text("/* edited */\n")
    assert not native.is_current(source)
    monkeypatch.setenv(native.SWITCH, "0")
    _stamp(source)
    assert native.load_extension(name, "core") is None  # the switch


@pytest.fixture(scope="module")
def interpreted() -> Iterator[ModuleType]:
    """The solver's source run by the interpreter (its search too, not searchcore.c), beside the
    compiled module and C core under test.

    A compiled module that reads a type differently can loop where the source stops (mypyc once
    read a `False` returned as `int | bool | None` as the int 0): a watchdog turns such a hang
    into a failure with a traceback instead of a stalled test run.
    """
    if not native.is_compiled(solver):
        pytest.skip("the solver is not compiled here: nothing to compare")
    spec = importlib.util.spec_from_file_location("interpreted_hidato_solve", SOURCE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up while the class is made
    spec.loader.exec_module(module)
    module.SEARCH_CORE = None  # the whole search in Python: the compiled side runs searchcore.c
    faulthandler.dump_traceback_later(300, exit=True)
    yield module
    faulthandler.cancel_dump_traceback_later()
    del sys.modules[spec.name]


def _same_answers(board: Board, interpreted: ModuleType, limit: int = 2, node_limit: int | None = None) -> None:
    ours = solver.solve(board, limit, node_limit=node_limit)
    theirs = interpreted.solve(board, limit, node_limit=node_limit)
    assert (ours.solutions, ours.complete, ours.nodes) == (theirs.solutions, theirs.complete, theirs.nodes)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(board=small_boards(), limit=st.integers(1, 3))
def test_compiled_and_interpreted_agree_on_small_boards(board: Board, limit: int, interpreted: ModuleType) -> None:
    _same_answers(board, interpreted, limit)


@pytest.mark.parametrize("record", CORPUS, ids=[r["id"] for r in CORPUS])
def test_compiled_and_interpreted_agree_on_the_corpus(record: dict, interpreted: ModuleType) -> None:
    grid = tuple(tuple(None if t == "#" else int(t) for t in row.split()) for row in record["grid"])
    _same_answers(Board.from_rows(grid, record["adjacency"]), interpreted, node_limit=20_000)


@pytest.mark.slow
@pytest.mark.parametrize("adjacency", ["king", "orthogonal", "hex"])
def test_compiled_and_interpreted_agree_on_sparse_boards(adjacency: str, interpreted: ModuleType) -> None:
    """Boards of 61-100 cells with a fifth of a random path given: long searches, many of them ambiguous."""
    mask = make_hex_mask("hexagon", 5) if adjacency == "hex" else make_mask("square", 10 if adjacency == "king" else 8)
    for seed in range(6):
        rng = random.Random(seed)
        path = hamiltonian_path(mask, adjacency, rng)
        rows: list[list[int | None]] = [[0 if is_open else None for is_open in row] for row in mask]
        for k, (r, c) in enumerate(path, start=1):
            if k in (1, len(path)) or rng.random() < 0.2:
                rows[r][c] = k
        _same_answers(Board.from_rows(rows, adjacency), interpreted, node_limit=3_000)


RESTARTED = ("stress-004-unique", "stress-014-two", "stress-032-two", "stress-040-none")
"""Stress boards the plain search hands over: restarts, weights, probes and pairs all run on them."""


@pytest.mark.slow
@pytest.mark.parametrize("name", RESTARTED)
def test_compiled_and_interpreted_agree_through_the_restarts(name: str, interpreted: ModuleType) -> None:
    records = [json.loads(line) for line in (DATA / "hidato-stress.jsonl").read_text().splitlines() if line.strip()]
    record = next(r for r in records if r["id"] == name)
    grid = tuple(tuple(None if t == "#" else int(t) for t in row.split()) for row in record["grid"])
    board = Board.from_rows(grid, record["adjacency"])
    geo, cand, taken = solver._read_board(board)
    plain = solver.Search(board.size, geo, 2, None, None, fail_limit=solver.QUICK_FAILS)
    plain.run(cand, taken)
    assert plain.budget_hit, "the plain search settles this board: it no longer tests the restarts"
    _same_answers(board, interpreted, node_limit=solver.default_node_limit(board.size))


AGREEMENT_RUNS = [
    ["generate", "--kind", "hidato", "--difficulty", "expert", "--size", "8", "--count", "2", "--json"],
    ["generate", "--kind", "numbrix", "--difficulty", "hard", "--size", "7", "--count", "2", "--json"],
    ["generate", "--kind", "hexhidato", "--shape", "hexagon", "--size", "5", "--difficulty", "expert", "--json"],
    ["generate", "--kind", "sudoku", "--difficulty", "extreme", "--count", "2", "--json"],
    ["generate", "--kind", "sudoku", "--box", "2", "--difficulty", "easy", "--count", "2", "--json"],
    ["generate", "--kind", "maze", "--shape", "heart", "--size", "20", "--difficulty", "expert", "--count", "2", "--json"],
    ["generate", "--kind", "maze", "--shape", "round", "--size", "8", "--difficulty", "easy", "--json"],
    ["generate", "--kind", "maze", "--shape", "hexagon", "--size", "6", "--difficulty", "hard", "--solutions"],
]
"""Every compiled module at work: generating, digging, grading, proving, fingerprinting records."""


def _puzzlebook(args: list[str], native_switch: str, folder: Path) -> str:
    env = {**os.environ, native.SWITCH: native_switch, "PYTHONHASHSEED": "0"}
    done = subprocess.run([sys.executable, "-m", "pipeline", *args], cwd=folder, env=env, capture_output=True,
                          text=True, check=False)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_the_compiled_and_interpreted_kinds_make_the_same_puzzles_and_explanations(tmp_path: Path) -> None:
    """Same records (givens, grade, canonical fingerprint) and the same step-by-step solutions, with
    every compiled module against every source; the golden books pin the rest."""
    if not any(native.is_current(source) for _, sources in native.groups() for source in sources):
        pytest.skip("nothing is compiled here: nothing to compare")
    for args in AGREEMENT_RUNS:
        compiled = _puzzlebook(args, "1", tmp_path)
        assert compiled == _puzzlebook(args, "0", tmp_path), " ".join(args)
    sudoku = tmp_path / "sudoku.txt"
    _puzzlebook(["generate", "--kind", "sudoku", "--difficulty", "extreme", "-o", str(sudoku)], "1", tmp_path)
    hidato = tmp_path / "hidato.txt"
    _puzzlebook(["generate", "--kind", "hidato", "--difficulty", "expert", "--size", "7", "-o", str(hidato)], "1",
                tmp_path)
    for made in (sudoku, hidato):
        steps = ["solve", "--steps", str(made)]
        assert _puzzlebook(steps, "1", tmp_path) == _puzzlebook(steps, "0", tmp_path)
