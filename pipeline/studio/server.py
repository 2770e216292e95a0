"""`puzzlebook studio`: serve the studio with uvicorn, print its address with its token, open a browser
when asked, and stop cleanly on Ctrl-C (a running build is stopped as the CLI stops one).

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
    """uvicorn's server, minding a Ctrl-C that came before it listened for one.

    uvicorn takes SIGINT over only once it serves; a Ctrl-C just before that (asyncio's own handler
    meanwhile cancels the startup, and the cancellation can be lost) would leave the studio running.
    So `serve` records SIGINT from the start, and the server stops right after starting if one came.
    """

    def __init__(self, config: uvicorn.Config, interrupted: threading.Event) -> None:
        super().__init__(config)
        self.interrupted = interrupted

    async def startup(self, sockets: list[socket.socket] | None = None) -> None:
        await super().startup(sockets=sockets)
        if self.interrupted.is_set():
            self.should_exit = True


def serve(folder: Path, *, port: int = 8765, host: str = LOOPBACK, open_browser: bool = False,
          out: TextIO = sys.stdout, err: TextIO = sys.stderr) -> int:
    """Serve the books of `folder` until Ctrl-C; returns the exit status."""
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
    interrupted = threading.Event()

    def record(signum: int, frame: FrameType | None) -> None:
        interrupted.set()

    previous = signal.signal(signal.SIGINT, record)
    server = _Server(config, interrupted)
    print(address, file=out, flush=True)
    if open_browser:
        threading.Timer(0.5, webbrowser.open, args=(address,)).start()
    try:
        server.run(sockets=[sock])
    finally:
        signal.signal(signal.SIGINT, previous)
        sock.close()
    return 130 if interrupted.is_set() else 0
