"""Faults done for real, not simulated: corrupt checkpoint lines, worker processes killed with SIGKILL,
a full disk (a small tmpfs when we may mount one, and a file-size limit otherwise), an unwritable
output folder. Each must end in a clear message or a correct book, never a hang or a partial book.

The SIGKILL of the build itself and a cut-off last line are in test_build.py.
"""

from __future__ import annotations

import json
import multiprocessing
import os
import resource
import shutil
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from pipeline.book.build import build
from pipeline.book.make import KILL_HOOK, KILL_ONCE_HOOK
from pipeline.book.run import run_jobs
from pipeline.book.store import checksummed_line
from pipeline.errors import PuzzleBookError

ROOT = Path(__file__).resolve().parents[1]
BOOK = """\
title: Fault test book
seed: 9
sections:
  - name: Squares
    kind: hidato
    shapes: [square:6, square:7]
    difficulty: [easy, medium]
    count: 6
  - name: Doomed
    kind: numbrix
    shapes: square:6
    difficulty: easy
    count: 3
"""
"""Boards above preflight.PROBE_CELLS, so every puzzle is made by a worker (where the kill hook acts)."""
PUZZLES = 9


def files(folder: Path) -> tuple[bytes, bytes]:
    return (folder / "book.pdf").read_bytes(), (folder / "puzzles.jsonl").read_bytes()


@pytest.fixture(scope="module")
def reference(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """(config, output folder) of the book built once, undisturbed, in this process."""
    folder = tmp_path_factory.mktemp("faults")
    config = folder / "faults.yaml"
    config.write_text(BOOK, encoding="utf-8")
    build(config, jobs=1, out_dir=folder / "out", quiet=True)
    return config, folder / "out"


@pytest.fixture
def copy(tmp_path: Path, reference: tuple[Path, Path]) -> Path:
    """A copy of the reference output folder to damage."""
    shutil.copytree(reference[1], tmp_path / "out")
    return tmp_path / "out"


def run_build(config: Path, out: Path, *args: str, env: dict[str, str] | None = None,
              limit_bytes: int | None = None) -> subprocess.CompletedProcess[str]:
    """`puzzlebook build` in a fresh process (fresh worker pools see `env`), optionally under a file-size limit."""

    def limit() -> None:
        if limit_bytes is not None:
            resource.setrlimit(resource.RLIMIT_FSIZE, (limit_bytes, limit_bytes))

    argv = [sys.executable, "-m", "pipeline", "build", str(config), "--out", str(out), "--quiet", *args]
    return subprocess.run(argv, cwd=ROOT, env={**os.environ, **(env or {})}, capture_output=True, text=True,
                          timeout=120, preexec_fn=limit, check=False)


def leftovers(folder: Path) -> list[str]:
    return sorted(name for name in os.listdir(folder) if name.endswith(".tmp"))


# ------------------------------------------------------------------------------ corrupt records


def test_every_corrupt_record_is_named_by_line_and_made_again(copy: Path, reference: tuple[Path, Path]) -> None:
    """Policy: the checkpoint is a cache. A line that is not JSON, a record whose fields contradict
    its fingerprint, a record that fails verification and a duplicate are each reported with the
    file and line and left out; the missing puzzles are made again, so the book is still the same."""
    config, good = reference
    path = copy / "puzzles.jsonl"
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    lines[1] = '{"section": "Squares", "grid": [[1, 2\n'  # bad JSON in the middle
    wrong = json.loads(lines[3])
    wrong["difficulty"] = "expert"  # fields that contradict the fingerprint's job
    lines[3] = checksummed_line(wrong)
    unsolved = json.loads(lines[4])
    unsolved["solution"][0][0], unsolved["solution"][0][1] = unsolved["solution"][0][1], unsolved["solution"][0][0]
    lines[4] = checksummed_line(unsolved)
    lines.append(lines[0])  # the same puzzle twice
    path.write_text("".join(lines), encoding="utf-8")
    report = build(config, jobs=1, out_dir=copy, quiet=True)
    assert (report.reused, report.generated) == (PUZZLES - 3, 3)
    notes = "\n".join(report.notes)
    assert f"{path}, line 2: not a puzzle record; it is left out and made again" in notes
    assert f"{path}, line 4: section 'Squares', puzzle 4: its difficulty is 'expert', but its puzzle asks for 'medium'" in notes
    assert f"{path}, line 5: section 'Squares', puzzle 5: its givens are not its solution's numbers" in notes
    assert f"{path}, line 1: puzzle 1 of 'Squares' is saved again at line 10; the earlier record is left out" in notes
    assert files(copy) == files(good)


def test_a_record_of_another_engine_or_seed_is_dropped_not_printed(copy: Path, reference: tuple[Path, Path]) -> None:
    config, good = reference
    path = copy / "puzzles.jsonl"
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    record = json.loads(lines[2])
    record["fingerprint"] = "0123456789abcdef"
    lines[2] = checksummed_line(record)
    path.write_text("".join(lines), encoding="utf-8")
    report = build(config, jobs=1, out_dir=copy, quiet=True)
    assert (report.reused, report.generated) == (PUZZLES - 1, 1)
    assert "1 record(s) made for another config, seed or engine version were dropped" in report.notes[0]
    assert files(copy) == files(good)


# ------------------------------------------------------------------------------ lost workers


@pytest.mark.slow  # a build in a subprocess whose workers are killed and replaced
def test_a_worker_killed_mid_build_is_replaced_and_its_jobs_run_again(tmp_path: Path, reference: tuple[Path, Path]) -> None:
    """A real loky worker SIGKILLs itself on its first job of 'Doomed' (the hook fires once)."""
    config, good = reference
    env = {KILL_HOOK: "Doomed", KILL_ONCE_HOOK: str(tmp_path / "killed-once")}
    done = run_build(config, tmp_path / "out", "--jobs", "2", env=env)
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "killed-once").exists()
    assert "note: a worker process died (exit code SIGKILL(-9)" in done.stderr
    assert "were run again" in done.stderr
    assert files(tmp_path / "out") == files(good)


@pytest.mark.slow  # builds in a subprocess until the pool gives up on workers that die
def test_workers_that_keep_dying_fail_clearly_and_keep_the_old_book(copy: Path, reference: tuple[Path, Path]) -> None:
    config, good = reference
    failed = run_build(config, copy, "--jobs", "2", "--fresh", env={KILL_HOOK: "Doomed"})
    assert failed.returncode == 2
    assert failed.stderr.startswith("puzzlebook: error: a worker process died again (exit code SIGKILL(-9)")
    assert "after 2 retries" in failed.stderr and "run again to resume" in failed.stderr
    assert "Traceback" not in failed.stderr
    assert (copy / "book.pdf").read_bytes() == files(good)[0]
    assert leftovers(copy) == []


def end_the_worker(item: tuple[int, int | None, str]) -> int:
    """(value, end, once): in a worker process, end it with `end` (a negative number: that signal, else
    that exit code) if the file `once` is created now (or always, with `once` empty); else `value`."""
    value, end, once = item
    if end is None or multiprocessing.parent_process() is None:
        return value
    if once:
        try:
            os.close(os.open(once, os.O_CREAT | os.O_EXCL | os.O_WRONLY))
        except FileExistsError:
            return value
    if end < 0:
        os.kill(os.getpid(), -end)
    os._exit(end)


@pytest.mark.slow  # a worker pool whose worker exits, and the pool started again
def test_a_lost_worker_is_named_by_how_its_own_process_ended(tmp_path: Path) -> None:
    """A loky worker that exits with code 3 on its first item: the note gives its own exit code (read
    from its process, while loky SIGKILLs the others), and every item still gives its result."""
    once = str(tmp_path / "ended-once")
    items = [(0, 3, once)] + [(value, None, "") for value in range(1, 6)]
    results: list[int] = []
    notes = run_jobs(end_the_worker, items, n_jobs=2, backend="loky", quiet=True, on_result=results.append)
    assert sorted(results) == list(range(6))
    assert len(notes) == 1 and notes[0].startswith("a worker process died (exit code EXIT(3)); its unfinished ")


@pytest.mark.slow  # a worker pool whose workers are killed until it gives up
def test_workers_killed_by_a_signal_every_time_name_it_in_the_error(tmp_path: Path) -> None:
    items = [(value, -signal.SIGTERM, "") for value in range(4)]
    with pytest.raises(PuzzleBookError) as caught:
        run_jobs(end_the_worker, items, n_jobs=2, backend="loky", quiet=True, on_result=lambda result: None)
    assert str(caught.value).startswith("a worker process died again (exit code SIGTERM(-15)) after 2 retries; "
                                        "0 of 4 results were kept, 4 are missing")


# ------------------------------------------------------------------------------ disk full, read-only


@pytest.mark.slow  # two subprocess builds under a file-size limit
def test_a_file_size_limit_stops_the_build_with_a_message_and_keeps_the_old_book(copy: Path,
                                                                                  reference: tuple[Path, Path]) -> None:
    """RLIMIT_FSIZE makes every write past the limit fail (EFBIG), like a full disk, for any user."""
    config, good = reference
    old_book = (copy / "book.pdf").read_bytes()
    failed = run_build(config, copy, "--jobs", "1", "--seed", "10", limit_bytes=4096)
    assert failed.returncode == 2
    assert failed.stderr.startswith(f"puzzlebook: error: {copy / 'puzzles.jsonl'}: cannot write: the file would be too large")
    assert "the previous book is unchanged" in failed.stderr and "Traceback" not in failed.stderr
    assert (copy / "book.pdf").read_bytes() == old_book
    assert leftovers(copy) == []
    # the book itself too large: every puzzle is saved, the PDF write fails, the old PDF stays
    failed = run_build(config, copy, "--jobs", "1", "--seed", "10", limit_bytes=len(files(good)[1]) * 3)
    assert failed.returncode == 2 and f"{copy / 'book.pdf'}: cannot write" in failed.stderr
    assert (copy / "book.pdf").read_bytes() == old_book and leftovers(copy) == []
    report = build(config, jobs=1, out_dir=copy, quiet=True, seed=10)
    assert (report.reused, report.generated) == (PUZZLES, 0)


def can_mount() -> bool:
    if os.geteuid() != 0 or not shutil.which("mount"):
        return False
    probe = Path(os.environ.get("TMPDIR", "/tmp")) / f"puzzlebook-mount-probe-{os.getpid()}"
    probe.mkdir(exist_ok=True)
    try:
        ok = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", str(probe)],
                            capture_output=True, check=False).returncode == 0
        if ok:
            subprocess.run(["umount", str(probe)], check=True)
        return ok
    finally:
        probe.rmdir()


@pytest.fixture
def tmpfs(tmp_path: Path) -> Iterator[Path]:
    """A 1 MiB tmpfs mounted for this test alone (root only)."""
    if not can_mount():
        pytest.skip("mounting a tmpfs needs root and mount rights")
    point = tmp_path / "disk"
    point.mkdir()
    subprocess.run(["mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", str(point)], check=True)
    try:
        yield point
    finally:
        subprocess.run(["umount", "-l", str(point)], check=True)


@pytest.mark.slow  # a subprocess build onto a filled tmpfs
def test_a_full_disk_stops_the_build_with_a_message_and_keeps_the_old_book(tmpfs: Path,
                                                                           reference: tuple[Path, Path]) -> None:
    config, good = reference
    out = tmpfs / "out"
    shutil.copytree(good, out)
    filler = tmpfs / "filler"
    handle = os.open(filler, os.O_WRONLY | os.O_CREAT)
    for size in (65536, 4096, 1):  # fill the disk to the last byte
        try:
            while os.write(handle, b"\0" * size) == size:
                pass
        except OSError:
            pass
    os.close(handle)
    failed = run_build(config, out, "--jobs", "1", "--seed", "10")
    assert failed.returncode == 2
    assert "cannot write: the disk is full (No space left on device)" in failed.stderr
    assert "Traceback" not in failed.stderr
    assert (out / "book.pdf").read_bytes() == files(good)[0]
    assert leftovers(out) == []
    filler.unlink()
    report = build(config, jobs=1, out_dir=out, quiet=True)
    assert files(out) == files(good) and report.puzzles == PUZZLES


def test_an_unwritable_output_folder_fails_before_any_puzzle_is_made(tmp_path: Path, copy: Path,
                                                                     reference: tuple[Path, Path]) -> None:
    """chmod a-w for a normal user; root ignores permissions, so for root the folder is a read-only mount."""
    config, good = reference
    if os.geteuid() == 0:
        if not can_mount():
            pytest.skip("root ignores chmod, and a read-only mount needs mount rights")
        subprocess.run(["mount", "--bind", str(copy), str(copy)], check=True)
        subprocess.run(["mount", "-o", "remount,bind,ro", str(copy)], check=True)
        expected = "cannot write here (Read-only file system)"
    else:
        copy.chmod(0o555)
        expected = "cannot write here (Permission denied)"
    try:
        failed = run_build(config, copy, "--jobs", "1", "--seed", "10")
    finally:
        if os.geteuid() == 0:
            subprocess.run(["umount", str(copy)], check=True)
        else:
            copy.chmod(0o755)
    assert failed.returncode == 2
    assert failed.stderr == f"puzzlebook: error: {copy}: {expected}; the previous book is unchanged and the " \
        "puzzles made so far are kept. Make the folder writable or choose another with --out\n"
    assert files(copy) == files(good)
