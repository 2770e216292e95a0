"""The compiled solver: used only when built from the present source, and always giving the source's answers."""

from __future__ import annotations

import faulthandler
import importlib
import importlib.machinery
import importlib.util
import json
import random
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

SOURCE = Path(solver.__file__).with_name("solve.py")
DATA = Path(__file__).parent / "data"
CORPUS = [json.loads(line) for line in (DATA / "hidato.jsonl").read_text().splitlines() if line.strip()]


@pytest.fixture
def package(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[str, Path]]:
    """A throwaway package holding `mod.py` and, beside it, a file where Python looks for mod's library.

    The "library" is not one: should Python ever try to import it, the import fails.
    """
    name = f"native_probe_{tmp_path.name.replace('-', '_')}"
    folder = tmp_path / name
    folder.mkdir()
    (folder / "__init__.py").write_text("")
    source = folder / "mod.py"
    source.write_text('WHERE = "source"\n')
    source.with_name("mod" + importlib.machinery.EXTENSION_SUFFIXES[0]).write_bytes(b"not a shared library")
    monkeypatch.syspath_prepend(str(tmp_path))
    yield name, source
    for loaded in [key for key in sys.modules if key == name or key.startswith(name + ".")]:
        del sys.modules[loaded]


def _import_after_prefer(name: str, source: Path) -> ModuleType:
    importlib.import_module(name)
    native.prefer_current(f"{name}.mod", source)
    return importlib.import_module(f"{name}.mod")


def test_an_unrecorded_library_is_passed_over_for_its_source(package: tuple[str, Path]) -> None:
    name, source = package
    assert not native.is_current(source)
    assert _import_after_prefer(name, source).WHERE == "source"


def test_a_library_built_from_other_source_is_passed_over(package: tuple[str, Path]) -> None:
    name, source = package
    native.stamp_path(source).write_text(native.source_digest(source) + "\n")
    source.write_text('WHERE = "edited source"\n')
    assert not native.is_current(source)
    module = _import_after_prefer(name, source)
    assert module.WHERE == "edited source"
    assert getattr(sys.modules[name], "mod") is module


def test_a_current_library_is_left_for_python_to_import(package: tuple[str, Path]) -> None:
    name, source = package
    native.stamp_path(source).write_text(native.source_digest(source) + "\n")
    assert native.is_current(source)
    importlib.import_module(name)
    native.prefer_current(f"{name}.mod", source)
    assert f"{name}.mod" not in sys.modules
    with pytest.raises(ImportError):  # Python goes for the (fake) library, as it would for a real one
        importlib.import_module(f"{name}.mod")


def test_the_build_takes_python_files_only(capsys: pytest.CaptureFixture[str]) -> None:
    assert native.main(["README.md"]) == 2
    assert "not a Python file: README.md" in capsys.readouterr().err


def test_the_solver_is_compiled_where_the_machine_can_compile() -> None:
    """`make` compiles it; a build that silently fell back to Python would show only as slowness."""
    why_not = native.missing_tools()
    if why_not is not None:
        pytest.skip(f"this machine cannot compile: {why_not}")
    assert native.is_current(SOURCE), "run make: the compiled solver is missing or outdated"
    assert native.is_compiled(solver)


@pytest.fixture(scope="module")
def interpreted() -> Iterator[ModuleType]:
    """The solver's source run by the interpreter, beside the compiled module under test.

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
