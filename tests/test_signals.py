"""Clean stops: SIGTERM and SIGHUP (what `timeout`, systemd, a job scheduler, a container stop or a
closed terminal send) end `puzzlebook build` and `puzzlebook studio` as Ctrl-C does.

Each command test runs the real command in a session of its own, sends the signal to its main
process alone (as `kill PID` and `docker stop` do: the workers hear nothing), then counts the
processes left in the sessions involved: none may outlive the command, however busy they were. A
build must also exit 128 + the signal's number, keep its checkpoint readable and leave the previous
book as it was. The slow ones (marked) run a build or a studio with its worker processes.
"""

from __future__ import annotations

import http.cookiejar
import json
import os
import signal
import subprocess
import sys
import threading
import time
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import pytest

from pipeline.book.store import read_records
from pipeline.stopping import Stopped, StopSignals

ROOT = Path(__file__).resolve().parent.parent
BIG = """\
title: Stop test
sections:
  - name: Big
    kind: hidato
    shapes: square:10
    difficulty: hard
    count: 400
"""
"""Still making puzzles for many seconds with 2 workers: a signal always finds it generating."""
SLOW_PREVIEW = BIG.replace("square:10", "square:28")
"""Seconds per sample: the studio's preview workers are busy when the signal comes."""
PREVIOUS_BOOK = b"%PDF-1.4\n% the book an earlier build made\n"
WAIT = 90.0
"""A deadline for things that take a second or two, generous for a loaded machine (never asserted on)."""


# ------------------------------------------------------------------------------ processes


@dataclass(frozen=True)
class Proc:
    pid: int
    ppid: int
    pgid: int
    sid: int
    zombie: bool
    cpu: float
    """Seconds of CPU used so far."""
    command: str


def processes() -> list[Proc]:
    """Every process of the machine, with psutil when it is installed, else from /proc."""
    try:
        import psutil  # type: ignore[import-untyped]
    except ImportError:
        return [proc for entry in Path("/proc").iterdir() if entry.name.isdigit() and (proc := _from_proc(int(entry.name)))]
    found = []
    for process in psutil.process_iter():
        try:
            with process.oneshot():
                times = process.cpu_times()
                found.append(Proc(process.pid, process.ppid(), os.getpgid(process.pid), os.getsid(process.pid),
                                  process.status() == psutil.STATUS_ZOMBIE, times.user + times.system,
                                  " ".join(process.cmdline())))
        except (psutil.Error, OSError):  # ended meanwhile, or not ours to look at
            continue
    return found


def _from_proc(pid: int) -> Proc | None:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
        command = Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace").strip()
    except OSError:
        return None
    fields = stat[stat.rindex(")") + 2:].split()  # after "pid (name) ": state ppid pgrp session ...
    ticks = os.sysconf("SC_CLK_TCK")
    return Proc(pid, int(fields[1]), int(fields[2]), int(fields[3]), fields[0] == "Z",
                (int(fields[11]) + int(fields[12])) / ticks, command)


def members(sessions: set[int]) -> list[Proc]:
    """The live processes in these sessions or process groups (a zombie is over: it only waits to be reaped)."""
    return [proc for proc in processes() if (proc.sid in sessions or proc.pgid in sessions) and not proc.zombie]


def wait_for(condition: Callable[[], bool], what: str, process: subprocess.Popen[bytes] | None = None) -> None:
    deadline = time.monotonic() + WAIT
    while not condition():
        assert process is None or process.poll() is None, f"the command ended before {what}"
        assert time.monotonic() < deadline, f"never saw {what}"
        time.sleep(0.05)


def left_after(sessions: set[int]) -> list[Proc]:
    """The processes still in `sessions` once they have had the time to end (those ending on their
    own, like resource trackers whose pipes just closed, take milliseconds)."""
    deadline = time.monotonic() + 10
    while (left := members(sessions)) and time.monotonic() < deadline:
        time.sleep(0.05)
    return left


@contextmanager
def cleaned(sessions: set[int]) -> Iterator[set[int]]:
    """Kill whatever a failed test leaves in `sessions`, so one failure does not load the next tests."""
    try:
        yield sessions
    finally:
        for proc in members(sessions):
            try:
                os.kill(proc.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass


# ------------------------------------------------------------------------------ the handlers


def test_sigterm_raises_stopped_a_keyboard_interrupt_and_the_handlers_come_back() -> None:
    before = {sig: signal.getsignal(sig) for sig in (signal.SIGTERM, signal.SIGHUP, signal.SIGINT)}
    with StopSignals("test") as signals:
        with pytest.raises(Stopped) as stopped:
            os.kill(os.getpid(), signal.SIGTERM)
            time.sleep(WAIT)  # interrupted: the handler runs in this thread at once
        assert isinstance(stopped.value, KeyboardInterrupt) and stopped.value.name == "SIGTERM"
    assert signals.status(130) == 128 + signal.SIGTERM
    assert {sig: signal.getsignal(sig) for sig in before} == before


def test_a_stop_that_reaches_the_end_of_the_block_is_its_status() -> None:
    with StopSignals("test") as signals:
        os.kill(os.getpid(), signal.SIGHUP)
        time.sleep(WAIT)
    assert signals.status(0) == 128 + signal.SIGHUP


def test_an_ignored_signal_stays_ignored_and_nothing_changes_outside_the_main_thread() -> None:
    previous = signal.signal(signal.SIGHUP, signal.SIG_IGN)  # as `nohup` starts a program
    try:
        with StopSignals("test") as signals:
            assert signal.getsignal(signal.SIGHUP) is signal.SIG_IGN
            assert signal.getsignal(signal.SIGTERM) not in (signal.SIG_DFL, signal.SIG_IGN)
    finally:
        signal.signal(signal.SIGHUP, previous)
    assert signals.status(0) == 0
    seen: list[object] = []
    before = signal.getsignal(signal.SIGTERM)
    thread = threading.Thread(target=lambda: seen.append(StopSignals("test").__enter__()))
    thread.start()
    thread.join()
    assert seen and signal.getsignal(signal.SIGTERM) is before


def test_a_command_stopped_by_sigterm_says_so_in_one_line_and_exits_143(tmp_path: Path) -> None:
    """Any command, not only build: `generate` writing puzzles one by one to standard output."""
    argv = [sys.executable, "-m", "pipeline", "generate", "--size", "9", "--difficulty", "hard", "--count", "100000",
            "--json"]
    err = tmp_path / "stderr.txt"
    with err.open("wb") as stderr:
        process = subprocess.Popen(argv, cwd=ROOT, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=stderr,
                                   start_new_session=True)
    with cleaned({process.pid}):
        assert process.stdout is not None and process.stdout.readline().startswith(b"{")
        process.send_signal(signal.SIGTERM)
        process.stdout.read()
        assert process.wait(timeout=WAIT) == 128 + signal.SIGTERM
        assert err.read_text(encoding="utf-8") == "puzzlebook: stopped by SIGTERM\n"


# ------------------------------------------------------------------------------ build


def start_build(tmp_path: Path, *extra: str) -> tuple[subprocess.Popen[bytes], Path, Path]:
    """`puzzlebook build` of BIG into tmp_path/out, where an earlier book.pdf is; its stderr goes to a
    file (a pipe would keep a test waiting on any process left holding it)."""
    config = tmp_path / "stop.yaml"
    config.write_text(BIG, encoding="utf-8")
    out = tmp_path / "out"
    out.mkdir()
    (out / "book.pdf").write_bytes(PREVIOUS_BOOK)
    err = tmp_path / "stderr.txt"
    argv = [sys.executable, "-m", "pipeline", "build", str(config), "--out", str(out), "--jobs", "2", *extra]
    with err.open("wb") as stderr:
        process = subprocess.Popen(argv, cwd=ROOT, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=stderr,
                                   start_new_session=True)
    return process, out, err


def generating(process: subprocess.Popen[bytes], out: Path, workers: str) -> int:
    """Wait until the build's workers (processes whose command line has `workers`) have made puzzles
    (the first one is made by the build's own check, in its main process); the records saved so far."""
    def busy() -> bool:
        made = (out / "puzzles.jsonl").read_bytes().count(b"\n") if (out / "puzzles.jsonl").exists() else 0
        return made >= 3 and sum(workers in proc.command for proc in members({process.pid})) >= 2

    wait_for(busy, "the workers making puzzles", process)
    return len(read_records(out / "puzzles.jsonl")[0])


def assert_stopped_cleanly(process: subprocess.Popen[bytes], out: Path, err: Path, kept: int) -> None:
    left = left_after({process.pid})
    assert not left, f"left running: {[proc.command[:100] for proc in left]}"
    records, _ = read_records(out / "puzzles.jsonl")
    assert len(records) >= kept and all(record.fingerprint for record in records)
    assert (out / "book.pdf").read_bytes() == PREVIOUS_BOOK
    said = err.read_text(encoding="utf-8")
    assert "the puzzles made so far are kept in" in said, said
    assert said.startswith("puzzlebook: interrupted;" if process.returncode == 130 else "puzzlebook: stopped by SIG"), said
    assert "Traceback" not in said and "UserWarning" not in said, said


@pytest.mark.slow  # a build of hard puzzles with two workers, stopped
@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGHUP, signal.SIGINT], ids=lambda sig: sig.name)
def test_a_signal_stops_a_build_and_its_workers_keeping_its_checkpoint(tmp_path: Path, sig: signal.Signals) -> None:
    process, out, err = start_build(tmp_path)
    with cleaned({process.pid}):
        kept = generating(process, out, "popen_loky_posix")
        assert len(members({process.pid})) >= 3  # the build and its two workers at least
        process.send_signal(sig)
        assert process.wait(timeout=WAIT) == 128 + sig
        assert_stopped_cleanly(process, out, err, kept)


@pytest.mark.slow  # a series build of hard puzzles with two workers, stopped
def test_sigterm_stops_a_series_build_keeping_its_volumes_checkpoint(tmp_path: Path) -> None:
    """A series is built by the same command: its first volume's folder is where puzzles are kept."""
    config = tmp_path / "stop.yaml"
    config.write_text(BIG.replace("sections:", "series: {volumes: 2}\nsections:"), encoding="utf-8")
    out = tmp_path / "out"
    volume = out / "volume-1"
    volume.mkdir(parents=True)
    (volume / "book.pdf").write_bytes(PREVIOUS_BOOK)
    err = tmp_path / "stderr.txt"
    argv = [sys.executable, "-m", "pipeline", "build", str(config), "--out", str(out), "--jobs", "2"]
    with err.open("wb") as stderr:
        process = subprocess.Popen(argv, cwd=ROOT, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=stderr,
                                   start_new_session=True)
    with cleaned({process.pid}):
        kept = generating(process, volume, "popen_loky_posix")
        process.send_signal(signal.SIGTERM)
        assert process.wait(timeout=WAIT) == 128 + signal.SIGTERM
        assert_stopped_cleanly(process, volume, err, kept)


@pytest.mark.slow  # a build of hard puzzles with two workers, stopped
def test_a_second_signal_while_the_build_stops_leaves_no_process_either(tmp_path: Path) -> None:
    """The second signal ends the build at once (its workers killed first), or, come after the
    cleanup, finds it ending anyway: either way nothing is left and the checkpoint stays readable."""
    process, out, _ = start_build(tmp_path)
    with cleaned({process.pid}):
        kept = generating(process, out, "popen_loky_posix")
        process.send_signal(signal.SIGTERM)
        time.sleep(0.02)  # two signals at once are one: the second comes while the first is handled
        process.send_signal(signal.SIGTERM)
        assert process.wait(timeout=WAIT) in (128 + signal.SIGTERM, -signal.SIGTERM)
        left = left_after({process.pid})
        assert not left, f"left running: {[proc.command[:100] for proc in left]}"
        assert len(read_records(out / "puzzles.jsonl")[0]) >= kept
        assert (out / "book.pdf").read_bytes() == PREVIOUS_BOOK


@pytest.mark.slow  # starts a local Dask cluster
def test_sigterm_stops_a_build_on_a_local_dask_cluster_and_closes_it(tmp_path: Path) -> None:
    pytest.importorskip("distributed")
    process, out, err = start_build(tmp_path, "--backend", "dask")
    with cleaned({process.pid}):
        kept = generating(process, out, "multiprocessing.spawn")
        process.send_signal(signal.SIGTERM)
        assert process.wait(timeout=WAIT) == 128 + signal.SIGTERM
        assert_stopped_cleanly(process, out, err, kept)


# ------------------------------------------------------------------------------ studio


class Studio:
    """`puzzlebook studio` on a free port over tmp_path/configs (BIG as big.yaml), logged in."""

    def __init__(self, tmp_path: Path) -> None:
        (tmp_path / "configs").mkdir()
        (tmp_path / "configs" / "big.yaml").write_text(BIG, encoding="utf-8")
        self.err = tmp_path / "stderr.txt"
        with self.err.open("wb") as stderr:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "pipeline", "studio", "configs", "--port", "0"], cwd=tmp_path,
                env={**os.environ, "PYTHONPATH": str(ROOT)}, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                stderr=stderr, start_new_session=True,
            )
        assert self.process.stdout is not None
        address = self.process.stdout.readline().decode().strip()
        assert address.startswith("http://127.0.0.1:"), self.err.read_text()
        self.base = address.split("/?")[0]
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))
        with self.opener.open(address, timeout=WAIT):  # the token's one use sets the cookie
            pass

    def post(self, path: str, body: dict[str, object]) -> int:
        request = urllib.request.Request(self.base + path, data=json.dumps(body).encode(), method="POST",
                                         headers={"Origin": self.base, "Content-Type": "application/json"})
        with self.opener.open(request, timeout=WAIT) as response:
            return int(response.status)

    def ask_in_background(self, path: str, body: dict[str, object]) -> None:
        """A request whose answer never comes (the studio stops first): sent from a thread of its own."""
        def ask() -> None:
            try:
                self.post(path, body)
            except OSError:  # the connection ends with the studio
                pass

        threading.Thread(target=ask, daemon=True).start()

    def family(self) -> list[Proc]:
        """The studio's processes and every process under it (its builds are in sessions of their own)."""
        table = processes()
        found = {self.process.pid}
        while grown := {proc.pid for proc in table if proc.ppid in found} - found:
            found |= grown
        return [proc for proc in table if proc.pid in found and not proc.zombie]


def busy(procs: list[Proc], before: dict[int, float]) -> int:
    """How many of `procs` used CPU since `before` (their CPU seconds then)."""
    return sum(1 for proc in procs if proc.pid in before and proc.cpu - before[proc.pid] > 0.02)


def previews_and_build_running(studio: Studio) -> set[int]:
    """Start a build and a slow preview; wait until the build's workers and both preview workers are
    computing; the sessions of every process involved."""
    studio.ask_in_background("/api/preview/samples", {"name": "big", "text": SLOW_PREVIEW, "section": 0})
    assert studio.post("/api/builds/big", {}) == 202
    last: dict[int, float] = {}

    def running() -> bool:
        family = studio.family()
        preview = [proc for proc in family if "multiprocessing.spawn" in proc.command]
        build = [proc for proc in family if "popen_loky_posix" in proc.command]
        ready = len(build) == 2 and busy(preview, last) == 2
        last.update({proc.pid: proc.cpu for proc in preview})
        time.sleep(0.2)
        return ready

    wait_for(running, "the preview workers and the build's workers computing", studio.process)
    return {proc.sid for proc in studio.family()}


@pytest.mark.slow  # a studio with busy preview workers and a build; uvicorn waits 5 s for the open preview
@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGHUP], ids=lambda sig: sig.name)
def test_a_signal_stops_the_studio_its_preview_workers_and_its_build(tmp_path: Path, sig: signal.Signals) -> None:
    studio = Studio(tmp_path)
    with cleaned({studio.process.pid}) as sessions:
        sessions |= previews_and_build_running(studio)
        assert len(sessions) == 2 and len(members(sessions)) >= 6  # studio, 2 preview workers, build, 2 workers
        studio.process.send_signal(sig)
        assert studio.process.wait(timeout=WAIT) == 128 + sig
        left = left_after(sessions)
        assert not left, f"left running: {[proc.command[:100] for proc in left]}"
    assert read_records(tmp_path / "output" / "big" / "puzzles.jsonl")[0]  # the build kept what it made


@pytest.mark.slow  # a studio with busy preview workers and a build
def test_ctrl_c_while_the_studio_stops_on_sigterm_still_stops_everything(tmp_path: Path) -> None:
    """A second signal makes uvicorn skip the app's shutdown ("force exit"); the studio's builds and
    preview workers are stopped all the same."""
    studio = Studio(tmp_path)
    with cleaned({studio.process.pid}) as sessions:
        sessions |= previews_and_build_running(studio)
        studio.process.send_signal(signal.SIGTERM)
        time.sleep(0.3)  # into the shutdown, where uvicorn waits for the open preview request
        studio.process.send_signal(signal.SIGINT)
        assert studio.process.wait(timeout=WAIT) == 128 + signal.SIGTERM
        left = left_after(sessions)
        assert not left, f"left running: {[proc.command[:100] for proc in left]}"
