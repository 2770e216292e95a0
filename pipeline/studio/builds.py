"""Builds started from the studio: each one is `puzzlebook build CONFIG --progress json` in a process of
its own, so it makes the same book as the command line, and a crash, a kill or a cancel never takes
the server down (its memory stays flat however many books it builds).

Its progress records (build.Progress) are read line by line, kept for whoever opens the page later,
and passed on to every listener. Cancel is Ctrl-C, sent to the build's process group as a terminal
sends it: the CLI keeps the records made so far and leaves the previous book as it was. One build
per book at a time here; a build of the same folder started elsewhere is refused by the folder lock,
whose message the studio shows.
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
PROG = "puzzlebook: "


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
        return self.state in ("done", "failed", "cancelled")

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
        run.process = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "pipeline", "build", str(config), "--progress", "json", "--quiet",
            cwd=self.cwd, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
            stdin=asyncio.subprocess.DEVNULL, start_new_session=True,
        )
        run.state = "running"
        task = asyncio.create_task(self._follow(run))
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

    async def _follow(self, run: BuildRun) -> None:
        process = run.process
        assert process is not None and process.stdout is not None and process.stderr is not None
        errors = asyncio.create_task(process.stderr.read())
        async for raw in process.stdout:
            try:
                record = json.loads(raw)
            except ValueError:
                continue
            if isinstance(record, dict):
                self._tell(run, record)
        code = await process.wait()
        said = [line.removeprefix(PROG) for line in (await errors).decode("utf-8", "replace").splitlines() if line.strip()]
        if code == 0:
            run.state = "done"
        elif run.cancelling or code in (130, -signal.SIGINT):
            run.state = "cancelled"
            run.message = said[-1] if said else "cancelled; the puzzles made so far are kept"
        else:
            run.state = "failed"
            errors_said = [line for line in said if line.startswith("error: ")]
            run.message = (errors_said[-1].removeprefix("error: ") if errors_said
                           else said[-1] if said else f"the build stopped (exit status {code})")
        self._tell(run, {"event": run.state, "message": run.message})
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
            while (record := await queue.get()) is not None:
                yield record
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
        """Stop every running build as Ctrl-C would, and wait for them (killing the stubborn); forget
        the rebuilds not started."""
        for task in self.waiting.values():
            task.cancel()
        self.waiting.clear()
        running = [run for run in self.runs.values() if not run.over and run.process is not None]
        for run in running:
            run.cancelling = True
            _interrupt(run.process.pid)  # type: ignore[union-attr]
        for run in running:
            try:
                await asyncio.wait_for(run.process.wait(), STOP_SECONDS)  # type: ignore[union-attr]
            except asyncio.TimeoutError:
                _kill(run.process.pid)  # type: ignore[union-attr]
        if self.tasks:
            await asyncio.wait(self.tasks, timeout=STOP_SECONDS)


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
