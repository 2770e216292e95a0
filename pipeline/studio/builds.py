"""Builds started from the studio: each one is `puzzlebook build CONFIG --progress json` in a process of
its own, so it makes the same book as the command line, and a crash, a kill or a cancel never takes
the server down (its memory stays flat however many books it builds).

Its progress records (build.Progress) are read line by line, kept for whoever opens the page later,
and passed on to every listener. A build that fails says why in a record of its own ("failed", with
the message and where in the config); only a process that died without one (killed, crashed) is
reported by its exit status. A build's end (one record: done, failed or cancelled) is passed on only
once its process has exited, so whoever hears it may start the next build at once.
Cancel is Ctrl-C, sent to the build's process group as a terminal sends it: the CLI keeps the records
made so far and leaves the previous book as it was. One build per book at a time here; a build of the
same folder started elsewhere is refused by the folder lock, whose message the studio shows.
"""

from __future__ import annotations

import asyncio
import json
import os
import signal
import sys
import time
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pipeline.studio.security import Refused

STOP_SECONDS = 30.0
"""How long a cancelled build may take to stop before it is killed."""
REBUILD_DELAY = 0.5
"""Seconds a requested rebuild waits for more requests: replacements made in a row are one rebuild, as
are all those made while a rebuild runs (the next one takes them all)."""
LINE_LIMIT = 1 << 22
"""The longest progress record read (bytes); asyncio's default, 64 KB, is near a big plan's."""
ENDS = ("done", "failed", "cancelled")
"""The events that end a build: a run is `over` in these states, and the one record with one of them
is said only once the run is."""


@dataclass
class BuildRun:
    """One build of one book: its process, what it has said, who listens."""

    name: str
    process: asyncio.subprocess.Process | None = None
    events: list[dict[str, Any]] = field(default_factory=list)
    listeners: set[asyncio.Queue[dict[str, Any] | None]] = field(default_factory=set)
    state: str = "starting"
    """starting | running | done | failed | cancelled"""
    message: str = ""
    started: float = field(default_factory=time.time)
    cancelling: bool = False

    @property
    def over(self) -> bool:
        return self.state in ENDS

    number: int = 0
    """Which build of this book since the studio started (1 for the first)."""

    def snapshot(self) -> dict[str, Any]:
        return {"name": self.name, "state": self.state, "message": self.message, "events": list(self.events),
                "number": self.number}


class Builds:
    """The builds of one studio: at most one per book."""

    def __init__(self, folder: Path, cwd: Path) -> None:
        self.folder = folder
        self.cwd = cwd
        self.runs: dict[str, BuildRun] = {}
        self.tasks: set[asyncio.Task[None]] = set()
        self.counts: dict[str, int] = {}
        self.waiting: dict[str, asyncio.Task[None]] = {}
        """Rebuilds asked for and not started yet, by book."""

    def current(self, name: str) -> BuildRun | None:
        return self.runs.get(name)

    async def start(self, name: str, config: Path) -> BuildRun:
        run = self.runs.get(name)
        if run is not None and not run.over:
            raise Refused(409, f"{name!r} is being built already; wait for it or cancel it")
        self.counts[name] = self.counts.get(name, 0) + 1
        run = BuildRun(name, number=self.counts[name])
        self.runs[name] = run
        named = config.relative_to(self.cwd) if config.is_relative_to(self.cwd) else config  # as a person types it
        try:
            run.process = await asyncio.create_subprocess_exec(
                sys.executable, "-m", "pipeline", "build", str(named), "--progress", "json", "--quiet",
                cwd=self.cwd, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
                stdin=asyncio.subprocess.DEVNULL, start_new_session=True, limit=LINE_LIMIT,
            )
        except OSError as err:  # no process, so nothing will ever end this run but this
            self._end(run, "failed", f"the build could not start: {err.strerror or err}")
            return run
        run.state = "running"
        task = asyncio.create_task(self._followed(run))
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)
        return run

    def request(self, name: str, config: Path, delay: float = REBUILD_DELAY) -> None:
        """Build the book in `delay` seconds, or after its running build ends; requests made before
        it starts are one build (each one moves the start on)."""
        waiting = self.waiting.pop(name, None)
        if waiting is not None:
            waiting.cancel()
        task = asyncio.create_task(self._later(name, config, delay))
        self.waiting[name] = task
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    def pending(self, name: str) -> bool:
        """A rebuild is asked for and has not started."""
        return name in self.waiting

    async def _later(self, name: str, config: Path, delay: float) -> None:
        await asyncio.sleep(delay)
        while (run := self.runs.get(name)) is not None and not run.over:
            await asyncio.sleep(0.1)
        del self.waiting[name]
        await self.start(name, config)

    async def _followed(self, run: BuildRun) -> None:
        """_follow, and a run that can never stay unfinished: were following it to fail, its process is
        killed and the run ends (else every later build of the book would be refused)."""
        try:
            await self._follow(run)
        finally:
            if not run.over:
                if run.process is not None and run.process.returncode is None:
                    _kill(run.process.pid)
                self._end(run, "failed", "the studio lost track of the build; build it again")

    async def _follow(self, run: BuildRun) -> None:
        """Pass the build's records on as they come, but for its last (done, failed, cancelled): that one
        is kept until the process has exited, then said as the run's end, once."""
        process = run.process
        assert process is not None and process.stdout is not None and process.stderr is not None
        last_said = asyncio.create_task(_last_line(process.stderr))
        ending: dict[str, Any] = {}
        async for raw in process.stdout:
            try:
                record = json.loads(raw)
            except ValueError:
                continue
            if not isinstance(record, dict):
                continue
            if record.get("event") in ENDS:
                ending = record
            else:
                self._tell(run, record)
        code = await process.wait()
        said = await last_said
        if code == 0:
            self._end(run, "done", "", ending)
        elif run.cancelling or code in (130, -signal.SIGINT):
            self._end(run, "cancelled", "cancelled; the puzzles made so far are kept", ending)
        elif ending.get("event") == "failed" and isinstance(ending.get("message"), str):
            self._end(run, "failed", ending["message"], ending)
        else:  # died without saying why: killed, or a crash (whose last words are all there is)
            stopped = f"the build stopped (exit status {code})"
            self._end(run, "failed", f"{stopped}: {said}" if said else stopped)

    def _end(self, run: BuildRun, state: str, message: str, ending: dict[str, Any] | None = None) -> None:
        """The run is over: its state first, then its one last record (the build's own when it agrees,
        so a "done" keeps its page count and a "failed" where the mistake is), and every listener let go."""
        run.state = state
        run.message = message
        said = ending if ending and ending.get("event") == state else {}
        self._tell(run, {**said, "event": state, "message": message})
        for queue in list(run.listeners):
            queue.put_nowait(None)

    def _tell(self, run: BuildRun, record: dict[str, Any]) -> None:
        run.events.append(record)
        for queue in list(run.listeners):
            queue.put_nowait(record)

    async def listen(self, name: str) -> AsyncIterator[dict[str, Any]]:
        """Every record of the book's current build: those said so far, then each as it comes."""
        run = self.runs.get(name)
        if run is None:
            yield {"event": "idle"}
            return
        queue: asyncio.Queue[dict[str, Any] | None] = asyncio.Queue()
        for record in run.events:
            queue.put_nowait(record)
        if run.over:
            queue.put_nowait(None)
        else:
            run.listeners.add(queue)
        try:
            while (said := await queue.get()) is not None:
                yield said
        finally:
            run.listeners.discard(queue)

    async def cancel(self, name: str) -> BuildRun:
        run = self.runs.get(name)
        if run is None or run.over or run.process is None:
            raise Refused(409, f"{name!r} is not being built")
        run.cancelling = True
        _interrupt(run.process.pid)
        return run

    async def shutdown(self) -> None:
        """Stop every running build as Ctrl-C would, and wait for them (killing the stubborn, and any
        process left in a build's process group); forget the rebuilds not started."""
        for task in self.waiting.values():
            task.cancel()
        self.waiting.clear()
        running = [(run, run.process) for run in self.runs.values() if not run.over and run.process is not None]
        for run, process in running:
            run.cancelling = True
            _interrupt(process.pid)
        for _, process in running:
            try:
                await asyncio.wait_for(process.wait(), STOP_SECONDS)
            except asyncio.TimeoutError:
                pass
            _kill(process.pid)  # the stubborn, and whatever of its process group outlived it: the studio leaves none
        if self.tasks:
            await asyncio.wait(self.tasks, timeout=STOP_SECONDS)


async def _last_line(stream: asyncio.StreamReader) -> str:
    """The last line a stream says, read to its end (so the process never blocks on a full pipe)."""
    tail = b""
    while chunk := await stream.read(65536):
        tail = (tail + chunk)[-4096:]
    lines = [line.strip() for line in tail.decode("utf-8", "replace").splitlines() if line.strip()]
    return lines[-1][:500] if lines else ""


def _interrupt(pid: int) -> None:
    try:
        os.killpg(pid, signal.SIGINT)
    except (ProcessLookupError, PermissionError):
        pass


def _kill(pid: int) -> None:
    try:
        os.killpg(pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass
