"""The Dask backend on a real `distributed` cluster on loopback: the same bytes as loky, a local
cluster started and closed by the build, clear errors for a missing extra, an unreachable
scheduler, a cluster left without workers and workers that keep dying.

One module-scoped cluster (2 single-threaded worker processes) serves every test: starting one costs
seconds. Tests that need the build to start its own cluster pay that once.
"""

from __future__ import annotations

import logging
import os
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

distributed = pytest.importorskip("distributed")
import dask

from pipeline.book import run
from pipeline.book.build import build
from pipeline.book.make import KILL_HOOK
from pipeline.cli import main
from pipeline.errors import PuzzleBookError

pytestmark = pytest.mark.slow  # starts a distributed cluster of worker processes and builds books on it

BOOK = """\
title: Dask test book
seed: 11
sections:
  - name: Squares
    kind: hidato
    shapes: [square:6, cross:7]
    difficulty: [easy, medium]
    count: 6
  - name: Paths
    kind: numbrix
    shapes: square:6
    difficulty: easy
    count: 3
  - name: Little sudoku
    kind: sudoku
    box: 2
    difficulty: easy
    count: 2
"""
DOOMED = "Doomed"
"""A section name that makes the cluster's workers SIGKILL themselves (see jobs._kill_hook)."""


def files(folder: Path) -> tuple[bytes, bytes]:
    return (folder / "book.pdf").read_bytes(), (folder / "puzzles.jsonl").read_bytes()


@pytest.fixture(scope="module")
def scheduler() -> Iterator[str]:
    """The address of a 2-worker local cluster; its workers see the kill hook for section DOOMED only."""
    with dask.config.set({"distributed.scheduler.allowed-failures": 1}):  # two tries: a quicker kill test
        cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
                                           dashboard_address="127.0.0.1:0", silence_logs=logging.CRITICAL,
                                           env={KILL_HOOK: DOOMED})  # the nannies restart workers with it too
    with cluster:
        yield cluster.scheduler_address


@pytest.fixture(scope="module")
def loky_book(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """(config, output folder) of the book built with 2 loky workers: the bytes Dask must match."""
    folder = tmp_path_factory.mktemp("dask")
    config = folder / "dask.yaml"
    config.write_text(BOOK, encoding="utf-8")
    build(config, jobs=2, backend="loky", out_dir=folder / "loky", quiet=True)
    return config, folder / "loky"


def spawned_children() -> set[int]:
    """Child processes of this one started by multiprocessing's spawn (how Dask starts its workers)."""
    found = set()
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
            cmdline = (entry / "cmdline").read_bytes()
        except OSError:
            continue
        parent = int(stat.rsplit(")", 1)[1].split()[1])
        if parent == os.getpid() and b"spawn_main" in cmdline:
            found.add(int(entry.name))
    return found


def test_a_cluster_named_in_the_config_builds_the_same_bytes_as_loky(
    tmp_path: Path, scheduler: str, loky_book: tuple[Path, Path]
) -> None:
    _, loky = loky_book
    on_cluster = tmp_path / "cluster.yaml"
    on_cluster.write_text(BOOK + f"parallel:\n  backend: dask\n  scheduler: {scheduler}\n", encoding="utf-8")
    report = build(on_cluster, out_dir=tmp_path / "out", quiet=True)
    assert (report.puzzles, report.generated) == (11, 11)
    assert files(tmp_path / "out") == files(loky)


def test_the_command_line_sends_a_build_to_a_scheduler_and_resumes_on_it(
    tmp_path: Path, scheduler: str, loky_book: tuple[Path, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    config, loky = loky_book
    out = tmp_path / "out"
    assert main(["build", str(config), "--scheduler", scheduler, "--quiet", "--out", str(out)]) == 0
    assert files(out) == files(loky)
    lines = (out / "puzzles.jsonl").read_text(encoding="utf-8").splitlines(keepends=True)
    (out / "puzzles.jsonl").write_text("".join(lines[::2]), encoding="utf-8")
    assert main(["build", str(config), "--backend", "dask", "--scheduler", scheduler, "--out", str(out)]) == 0
    assert "(6 reused, 5 generated)" in capsys.readouterr().err
    assert files(out) == files(loky)


def test_without_a_scheduler_the_build_starts_and_closes_its_own_cluster(
    tmp_path: Path, scheduler: str, loky_book: tuple[Path, Path]
) -> None:
    config, loky = loky_book
    before = spawned_children()
    assert main(["build", str(config), "--backend", "dask", "--jobs", "2", "--quiet", "--out", str(tmp_path)]) == 0
    assert files(tmp_path) == files(loky)
    assert spawned_children() <= before  # its worker processes are gone


def test_without_the_extra_asking_for_dask_says_how_to_install_it(
    tmp_path: Path, loky_book: tuple[Path, Path], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)  # what `import distributed` meets when not installed
    config, _ = loky_book
    assert main(["build", str(config), "--backend", "dask", "--out", str(tmp_path / "out")]) == 2
    err = capsys.readouterr().err
    assert err == ("puzzlebook: error: the dask backend needs Dask, an optional extra: pip install '.[dask]'  "
                   "(or: pip install 'dask[distributed]')\n")
    assert not (tmp_path / "out").exists()


def test_an_unreachable_scheduler_is_a_clear_error(
    tmp_path: Path, loky_book: tuple[Path, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(run, "SCHEDULER_TIMEOUT", 1)
    config, _ = loky_book
    with pytest.raises(PuzzleBookError, match=r"^--scheduler: cannot reach the Dask scheduler at 'tcp://127.0.0.1:9'"):
        build(config, scheduler="tcp://127.0.0.1:9", out_dir=tmp_path, quiet=True)
    assert not (tmp_path / "book.pdf").exists()


def test_a_scheduler_with_another_backend_is_refused(tmp_path: Path, loky_book: tuple[Path, Path]) -> None:
    config, _ = loky_book
    with pytest.raises(PuzzleBookError, match="a scheduler is only used with backend: dask"):
        build(config, backend="loky", scheduler="tcp://127.0.0.1:9", out_dir=tmp_path, quiet=True)


def test_a_cluster_that_loses_all_its_workers_stops_the_build_and_resumes_later(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Workers gone mid-build (scaled to none here) would leave the tasks waiting for ever: the build
    stops with a message once the cluster has been workerless for WORKERLESS_TIMEOUT, keeping what
    it made, and the same command finishes the book once workers are back."""
    monkeypatch.setattr(run, "WORKERLESS_TIMEOUT", 1.0)
    monkeypatch.setattr(run, "WORKER_CHECK_SECONDS", 0.2)
    config = tmp_path / "big.yaml"
    config.write_text("title: Big\nsections:\n  - name: Big\n    kind: hidato\n    shapes: square:10\n"
                      "    difficulty: hard\n    count: 60\n", encoding="utf-8")
    out = tmp_path / "out"
    checkpoint = out / "puzzles.jsonl"
    cluster = distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=True, host="127.0.0.1",
                                       dashboard_address="127.0.0.1:0", silence_logs=logging.CRITICAL)
    with cluster:

        stopped = threading.Event()

        def scale_down_after_the_first_records() -> None:
            while not (checkpoint.exists() and checkpoint.read_bytes().count(b"\n") >= 2):
                time.sleep(0.01)
            cluster.scale(0)
            if not stopped.wait(30):
                cluster.scale(1)  # the build did not stop: let it finish, so the test fails instead of hanging

        remover = threading.Thread(target=scale_down_after_the_first_records, daemon=True)
        remover.start()
        try:
            with pytest.raises(PuzzleBookError, match=r"^the Dask cluster has had no workers for 1 s; the results"):
                build(config, scheduler=cluster.scheduler_address, out_dir=out, quiet=True)
        finally:
            stopped.set()
            remover.join()
        assert not (out / "book.pdf").exists()
        saved = checkpoint.read_bytes().count(b"\n")
        assert 2 <= saved < 60
        cluster.scale(1)
        report = build(config, scheduler=cluster.scheduler_address, out_dir=out, quiet=True)
    assert (report.reused, report.generated) == (saved, 60 - saved)
    assert (out / "book.pdf").exists()


def test_workers_that_die_on_every_try_fail_clearly_and_print_no_book(tmp_path: Path, scheduler: str) -> None:
    """Last in the module: the cluster's nannies restart the killed workers, but that takes a moment."""
    config = tmp_path / "doomed.yaml"
    config.write_text(BOOK.replace("name: Paths", f"name: {DOOMED}"), encoding="utf-8")
    with pytest.raises(PuzzleBookError, match=r"^Dask workers kept dying: a job was tried on as many workers as the scheduler allows"):
        build(config, scheduler=scheduler, out_dir=tmp_path / "out", quiet=True)
    assert not (tmp_path / "out" / "book.pdf").exists()
