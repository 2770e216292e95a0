"""`puzzlebook studio`: serve the studio with uvicorn, print its address with its token, open a browser
when asked, and stop cleanly on Ctrl-C, SIGTERM or SIGHUP: running builds are stopped as Ctrl-C stops
one, the preview workers end, and the exit status is 128 + the signal's number.

It binds 127.0.0.1 unless told otherwise (with a warning), and binds the socket itself so that
`--port 0` can print the port the system picked.
"""

from __future__ import annotations

import signal
import socket
import sys
import threading
import webbrowser
from pathlib import Path
from types import FrameType
from typing import TextIO

import uvicorn

from pipeline.errors import PuzzleBookError
from pipeline.studio.app import create_app
from pipeline.studio.security import new_token

PROG = "puzzlebook"
LOOPBACK = "127.0.0.1"
STOPS = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)
"""The signals that stop the studio: Ctrl-C, and what `kill`, systemd, a container stop or a closed
terminal send. Each ends it the same way; its exit status is 128 + the first one's number."""


def listening_socket(host: str, port: int) -> socket.socket:
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError as err:
        sock.close()
        raise PuzzleBookError(f"cannot listen on {host}:{port}: {err.strerror or err}; try another --port "
                              "(--port 0 picks a free one)", field="--port") from None
    sock.listen(128)
    return sock


class _Server(uvicorn.Server):
    """uvicorn's server, stopping on SIGTERM and SIGHUP as on Ctrl-C, and always with the studio's own
    shutdown (the app's lifespan: running builds stopped, preview workers ended).

    uvicorn takes SIGINT and SIGTERM over only while it serves, and re-raises them once it is done;
    SIGHUP it leaves alone. So `serve` notes all three from the start (a signal that comes before
    uvicorn listens sets `should_exit`, and the server stops right after starting), and this server
    notes those uvicorn takes in the order they come. A second Ctrl-C makes uvicorn skip the app's
    shutdown ("force exit"); here that shutdown runs all the same, or builds and workers would outlive
    the studio.
    """

    def __init__(self, config: uvicorn.Config, noted: list[int]) -> None:
        super().__init__(config)
        self.noted = noted

    def handle_exit(self, sig: int, frame: FrameType | None) -> None:
        self.noted.append(sig)
        super().handle_exit(sig, frame)

    async def shutdown(self, sockets: list[socket.socket] | None = None) -> None:
        await super().shutdown(sockets=sockets)
        done = getattr(self.lifespan, "shutdown_event", None)
        if self.force_exit and done is not None and not done.is_set():
            await self.lifespan.shutdown()


def serve(folder: Path, *, port: int = 8765, host: str = LOOPBACK, open_browser: bool = False,
          out: TextIO = sys.stdout, err: TextIO = sys.stderr) -> int:
    """Serve the books of `folder` until Ctrl-C, SIGTERM or SIGHUP; returns the exit status."""
    if not folder.is_dir():
        raise PuzzleBookError("no such folder (the studio serves the book configs in a folder, default configs/)",
                              source=str(folder))
    if host != LOOPBACK:
        print(f"{PROG}: warning: the studio listens on {host}, not only this machine's {LOOPBACK}: anyone who can "
              "reach it and learns its address can change your books", file=err, flush=True)
    sock = listening_socket(host, port)
    real_port = sock.getsockname()[1]
    token = new_token()
    hosts = {LOOPBACK, "localhost", host if ":" not in host else f"[{host}]"}
    app = create_app(folder, token=token, hosts=hosts, port_of=lambda: real_port)
    shown = "localhost" if host in (LOOPBACK, "0.0.0.0", "::") else host
    address = f"http://{LOOPBACK if shown == 'localhost' else shown}:{real_port}/?token={token}"
    config = uvicorn.Config(app, log_level="warning", lifespan="on", access_log=False, timeout_graceful_shutdown=5)
    noted: list[int] = []
    server = _Server(config, noted)

    def record(signum: int, frame: FrameType | None) -> None:
        noted.append(signum)
        server.should_exit = True

    previous = {signum: signal.signal(signum, record) for signum in STOPS
                if signal.getsignal(signum) not in (signal.SIG_IGN, None)}  # ignored (`nohup`), or not Python's
    print(address, file=out, flush=True)
    if open_browser:
        threading.Timer(0.5, webbrowser.open, args=(address,)).start()
    try:
        server.run(sockets=[sock])
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)
        sock.close()
    return 128 + noted[0] if noted else 0
