"""The studio's door: who may come in, from where, with what. An ASGI middleware in front of every route.

- A random token in the printed address is exchanged once for an HttpOnly, SameSite=Strict cookie;
  every request without that cookie gets 403 (Jupyter's token login, in small).
- The Host header must name the studio itself (127.0.0.1, localhost or the --host given, with its
  port): a page elsewhere cannot reach it by pointing a name at 127.0.0.1 (DNS rebinding).
- A request that changes anything (not GET or HEAD) must come from the studio's own origin.
- Request bodies are capped at MAX_BODY (a config is at most 1 MB).
It never reads files; `inside` is the one check every path the browser names goes through.
"""

from __future__ import annotations

import hmac
import re
import secrets
from collections.abc import Awaitable, Callable, MutableMapping
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, quote_from_bytes, urlencode

from pipeline.bookspec import MAX_CONFIG_BYTES

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
App = Callable[[Scope, Receive, Send], Awaitable[None]]

COOKIE = "puzzlebook_studio"
MAX_BODY = MAX_CONFIG_BYTES + 64 * 1024
"""A config (at most 1 MB) and the JSON around it."""
SAFE_METHODS = frozenset({"GET", "HEAD"})
NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,99}")
"""A book's name (its config's file name without .yaml), as `puzzlebook build` can name its output folder."""


def new_token() -> str:
    return secrets.token_urlsafe(24)


class Refused(Exception):
    """A request the studio will not serve; `status` and a message for the log."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


def inside(folder: Path, name: str, suffix: str = "") -> Path:
    """`folder / (name + suffix)` when `name` is a plain book name and the path, links followed, stays in
    `folder`; else Refused(404). No '..', no absolute paths, no link that points out of the folder."""
    if not NAME.fullmatch(name) or name.endswith("."):
        raise Refused(404, f"not a book name: {name[:40]!r}")
    path = folder / f"{name}{suffix}"
    if path.resolve().parent != folder.resolve():  # the name holds no '/': only a link can lead out
        raise Refused(404, f"{name!r} leads out of the folder")
    return path


class Guard:
    """The middleware: token, Host, Origin and body size, checked before any route runs."""

    def __init__(self, app: App, *, token: str, hosts: set[str], port_of: Callable[[], int]) -> None:
        self.app = app
        self.token = token
        self.hosts = hosts
        self.port_of = port_of

    def allowed_hosts(self) -> set[str]:
        port = self.port_of()
        return {f"{host}:{port}" for host in self.hosts} | ({*self.hosts} if port == 80 else set())

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "lifespan":
            await self.app(scope, receive, send)
            return
        if scope["type"] != "http":
            await _plain(send, 403, "only HTTP is served")
            return
        headers = {key.decode("latin-1").lower(): value.decode("latin-1") for key, value in scope["headers"]}
        try:
            self._check_host(headers)
            query = parse_qs(scope.get("query_string", b"").decode("latin-1"))
            offered = query.get("token", [""])[0]
            if offered and _same(offered, self.token) and scope["method"] in SAFE_METHODS:
                await self._let_in(scope, send, query)
                return
            self._check_cookie(headers)
            if scope["method"] not in SAFE_METHODS:
                self._check_origin(headers)
            self._check_length(headers)
        except Refused as refused:
            await _plain(send, refused.status, refused.message)
            return
        await self.app(scope, _capped(receive), send)

    def _check_host(self, headers: dict[str, str]) -> None:
        host = headers.get("host", "")
        if host not in self.allowed_hosts():
            raise Refused(403, f"this studio answers only to {sorted(self.allowed_hosts())[0]}, not {host[:60]!r}")

    def _check_cookie(self, headers: dict[str, str]) -> None:
        cookies = _cookies(headers.get("cookie", ""))
        if not _same(cookies.get(COOKIE, ""), self.token):
            raise Refused(403, "open the studio with the address it printed (its token logs you in)")

    def _check_origin(self, headers: dict[str, str]) -> None:
        origin = headers.get("origin")
        own = {f"http://{host}" for host in self.allowed_hosts()}
        if origin not in own:
            raise Refused(403, "a change must come from the studio's own page")

    def _check_length(self, headers: dict[str, str]) -> None:
        length = headers.get("content-length")
        if length is not None and (not length.isdigit() or int(length) > MAX_BODY):
            raise Refused(413, f"a request may carry at most {MAX_BODY // 1024} KB")

    async def _let_in(self, scope: Scope, send: Send, query: dict[str, list[str]]) -> None:
        """The token's one use: set the cookie and send the browser to the same page without it."""
        rest = urlencode({key: values for key, values in query.items() if key != "token"}, doseq=True)
        location = _same_path(scope) + (f"?{rest}" if rest else "")
        cookie = f"{COOKIE}={self.token}; HttpOnly; SameSite=Strict; Path=/"
        await send({"type": "http.response.start", "status": 303,
                    "headers": [(b"location", location.encode("latin-1")), (b"set-cookie", cookie.encode("latin-1")),
                                (b"cache-control", b"no-store"), (b"content-length", b"0")]})
        await send({"type": "http.response.body", "body": b""})


def _same_path(scope: Scope) -> str:
    """The request's path as the browser sent it, percent-encoded (a header is bytes: a path with any
    letter outside Latin-1 cannot go into one as text), and always on this studio ('//host' is not)."""
    raw = scope.get("raw_path") or scope.get("path", "/").encode("utf-8")
    return "/" + quote_from_bytes(raw, safe="/%!$&'()*+,;=:@~").lstrip("/")


def _same(given: str, token: str) -> bool:
    """The token compared in constant time, as bytes (compare_digest refuses non-ASCII text)."""
    return hmac.compare_digest(given.encode("utf-8", "surrogatepass"), token.encode("utf-8"))


def _cookies(header: str) -> dict[str, str]:
    out: dict[str, str] = {}
    for part in header.split(";"):
        key, _, value = part.strip().partition("=")
        if key and key not in out:
            out[key] = value
    return out


def _capped(receive: Receive) -> Receive:
    """`receive`, refusing a body that grows past MAX_BODY whatever its Content-Length said."""
    seen = 0

    async def wrapped() -> Message:
        nonlocal seen
        message = await receive()
        if message["type"] == "http.request":
            seen += len(message.get("body", b""))
            if seen > MAX_BODY:
                raise Refused(413, f"a request may carry at most {MAX_BODY // 1024} KB")
        return message

    return wrapped


async def _plain(send: Send, status: int, text: str) -> None:
    body = (text + "\n").encode("utf-8")
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"text/plain; charset=utf-8"), (b"content-length", str(len(body)).encode())]})
    await send({"type": "http.response.body", "body": body})
