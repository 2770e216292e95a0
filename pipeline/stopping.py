"""Stop on SIGTERM and SIGHUP the way Ctrl-C stops: cleanly.

`timeout`, systemd, job schedulers, `docker stop` and a closed terminal stop a program with SIGTERM
or SIGHUP, whose default action ends the process on the spot: no `finally` runs, so worker processes
are left behind (loky's keep computing, then idle for minutes). Inside `StopSignals` the two signals
raise `Stopped`, a KeyboardInterrupt, so every path that cleans up after Ctrl-C runs unchanged
(workers terminated, the checkpoint kept, atomic writes never half done), and `status` gives the exit
status a stopped program owes its caller: 128 + the signal's number (130 stays Ctrl-C's).

Once a stop has begun (one of these signals, or Ctrl-C), another signal does not raise again in the
middle of the cleanup, where it could leave workers running: it ends the process at once, its
worker processes killed first. So does a cleanup still running STOP_GRACE seconds after a signal.
A process forked from this one dies of the signals as it would have without these handlers.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import threading
from collections.abc import Callable
from types import FrameType, TracebackType
from typing import Any, NoReturn

STOP_SIGNALS = (signal.SIGTERM, signal.SIGHUP)
Handler = Callable[[int, FrameType | None], Any] | int
"""A signal's handler as `signal.signal` takes it: a function, SIG_DFL or SIG_IGN."""
STOP_GRACE = 20.0
"""Seconds the cleanup after SIGTERM or SIGHUP may take before the process ends at once."""


class Stopped(KeyboardInterrupt):
    """SIGTERM or SIGHUP, raised as Ctrl-C is; `signum` says which."""

    def __init__(self, signum: int) -> None:
        super().__init__(signal.Signals(signum).name)
        self.signum = signum

    @property
    def name(self) -> str:
        return signal.Signals(self.signum).name


class StopSignals:
    """While entered (in the main thread; elsewhere it does nothing): SIGTERM and SIGHUP raise
    Stopped, and a second signal of these or SIGINT ends the process at once. The handlers found on
    entry come back on exit. A signal set to be ignored (`nohup`) stays ignored, and SIGINT is taken
    only from Python's own handler.

    A Stopped that reaches the end of the block is taken there; `status(code)` is the exit status to
    return: 128 + the signal's number after SIGTERM or SIGHUP, else `code`.
    """

    def __init__(self, prog: str, grace: float = STOP_GRACE) -> None:
        self.prog = prog
        self.grace = grace
        self.signum: int | None = None
        """The stop signal taken (SIGTERM or SIGHUP), if any."""
        self._first: int | None = None
        self._previous: dict[int, Handler] = {}
        self._pid = os.getpid()
        self._deadline: threading.Timer | None = None

    def __enter__(self) -> StopSignals:
        if threading.current_thread() is not threading.main_thread():
            return self
        self._pid = os.getpid()
        for signum in (*STOP_SIGNALS, signal.SIGINT):
            current = signal.getsignal(signum)
            if current is None or current is signal.SIG_IGN:  # set outside Python, or to be ignored
                continue
            if signum == signal.SIGINT and current is not signal.default_int_handler:
                continue
            self._previous[signum] = current
            signal.signal(signum, self._take)
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> bool:
        if self._deadline is not None:
            self._deadline.cancel()
        for signum, previous in self._previous.items():
            signal.signal(signum, previous)
        self._previous.clear()
        return isinstance(error, Stopped)

    def status(self, code: int) -> int:
        return code if self.signum is None else 128 + self.signum

    def _take(self, signum: int, frame: FrameType | None) -> None:
        if os.getpid() != self._pid:  # a forked child: the signal does what it would have done
            signal.signal(signum, signal.SIG_DFL)
            os.kill(os.getpid(), signum)
            return
        if self._first is not None:
            self._stop_now(f"{signal.Signals(signum).name} while stopping")
        self._first = signum
        if signum == signal.SIGINT:
            raise KeyboardInterrupt
        self.signum = signum
        self._deadline = threading.Timer(self.grace, self._stop_now, args=(f"still stopping after {self.grace:g} s",))
        self._deadline.daemon = True
        self._deadline.start()
        raise Stopped(signum)

    def _stop_now(self, why: str) -> NoReturn:
        """End the process at once: its worker processes killed, exit status 128 + the first signal."""
        try:
            os.write(2, f"{self.prog}: stopped at once ({why})\n".encode())
        except OSError:
            pass  # a closed terminal: nobody to tell
        kill_children()
        os._exit(128 + (self._first or signal.SIGTERM))


def kill_children() -> None:
    """SIGKILL this process's worker processes (those the multiprocessing module started, loky's and
    Dask's included); their helpers (resource trackers) end once nothing holds their pipes."""
    for child in multiprocessing.active_children():
        if child.pid is None:
            continue
        try:
            os.kill(child.pid, signal.SIGKILL)  # by pid: loky's processes have no kill()
        except (ProcessLookupError, PermissionError):  # ended meanwhile
            pass
