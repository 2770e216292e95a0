"""Random requests against the studio (hypothesis): any method, path, query, header and body, logged in
or not, in any script (names, bodies and query values beyond ASCII). No answer may be a server error,
and nothing may be written outside the books' folder (its configs and drafts) and the builds' output
folder."""

from __future__ import annotations

import json
import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import quote, urlencode

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from starlette.testclient import TestClient

from pipeline.book.build import build
from pipeline.studio.app import create_app
from pipeline.studio.security import COOKIE

ROOT = Path(__file__).resolve().parent.parent
TOKEN = "fuzz-token"
TINY = "title: Tiny\nsections:\n  - name: A\n    kind: hidato\n    shapes: square:5\n    difficulty: easy\n    count: 2\n"
LATIN = TINY.replace("Tiny", "Caf\u00e9").encode("latin-1")
"""A config saved in Latin-1 by some editor: not UTF-8, which the studio must say, not trip over."""

ODD_TEXT = ["\u00e9t\u00e9", "\u65e5\u672c\u8a9e", "\uff54\uff49\uff4e\uff59", "tiny\u0301", "\u202etiny", "\u00b2",
            "\u0663", "\U0001f642", "\x00", "\ufeff", "\u0130", "\u00df", "\u2028", "A\u030a"]
"""Text a person (or a page in another script) may send: accents, CJK, full-width letters, combining
marks, a right-to-left override, digits that are not 0-9, an emoji, NUL, a byte-order mark."""
UNICODE = st.sampled_from(ODD_TEXT) | st.text(alphabet=st.characters(codec="utf-8"), max_size=20)
"""Any text UTF-8 can carry (no lone surrogates: no client can send one in a URL)."""
SEGMENTS = st.sampled_from([
    "", "api", "books", "tiny", "classic", "schema", "check", "edit", "preview", "shapes", "samples", "page",
    "builds", "events", "output", "pages", "1.png", "0.png", "cover.png", "front.png", "files", "book.pdf",
    "listing.txt", "static", "studio.css", "..", "%2e%2e", "%2F", "etc", "passwd", ".drafts", "tiny.yaml",
    "x" * 120, "\u00e9t\u00e9", "~", "*", "?token=" + TOKEN, "review", "puzzles", "answers", "1.svg", "0.svg",
    "99.svg", "-1", "replace", "undo", "report.html",
]) | st.text(max_size=12)
ROUTES = st.sampled_from([
    ["api", "books"], ["api", "books", "tiny"], ["api", "books", "classic"], ["api", "schema"], ["api", "check"],
    ["api", "edit"], ["api", "preview", "shapes"], ["api", "preview", "page"], ["api", "builds", "tiny"],
    ["api", "builds", "tiny", "events"], ["api", "books", "tiny", "output"], ["books", "tiny"], ["books", "tiny", "pages", "1.png"],
    ["books", "tiny", "cover.png"], ["books", "tiny", "front.png"], ["books", "tiny", "files", "book.pdf"], ["static", "studio.css"], [""],
    ["api", "review", "tiny"], ["api", "review", "tiny", "puzzles", "2"], ["api", "review", "classic", "replace"],
    ["api", "review", "classic", "undo"], ["books", "tiny", "review"], ["books", "tiny", "review", "3"],
    ["books", "tiny", "puzzles", "1.svg"], ["books", "tiny", "answers", "1.png"], ["books", "tiny", "files", "report.html"],
    ["api", "preview", "samples"], ["api", "review", "tiny", "replace"], ["api", "review", "tiny", "undo"],
    ["books", "tiny", "pages", "2.png"], ["books", "tiny", "puzzles", "2.svg"], ["books", "tiny", "review"],
    ["api", "books", "latin"], ["books", "latin"], ["api", "review", "latin"], ["api", "builds", "latin"],
])
"""The studio's real routes, so that most requests get past the door and into the code behind it."""
SAFE_PATHS = [["api", "builds", "tiny"], ["api", "review", "tiny"], ["api", "builds", "latin"]]
"""Paths a fuzzed request may not POST to: starting real builds (a build, or a replacement's rebuild of
the built tiny book) would only make the run slow. The unbuilt classic book's replace and undo take
any body: they must refuse it before looking for a build."""
JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-10**6, 10**6) | st.floats(allow_nan=False) | st.text(max_size=30),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)
BODIES = (
    st.builds(lambda value: json.dumps(value).encode(), JSON)
    | st.builds(lambda path, value, text: json.dumps({"name": "tiny", "text": text, "path": path, "value": value,
                                                      "section": 0}).encode(),
                st.lists(st.text(max_size=6) | st.integers(-3, 5), max_size=4), JSON,
                st.sampled_from([TINY, "", "title: [", "a: &a [1]\nb: *a\n", TINY.replace("count: 2", "count: x")]))
    | st.binary(max_size=200)
    | st.builds(lambda name, text, value, number: json.dumps(
        {"name": name, "text": text, "template": name, "path": [text, 0], "value": value, "number": number,
         "section": number, "draft": False}, ensure_ascii=False).encode(),
                UNICODE, st.sampled_from([TINY.replace("Tiny", odd) for odd in ODD_TEXT]) | UNICODE, UNICODE,
                st.integers(-2, 3) | UNICODE)
    | st.sampled_from([b'{"name": "\\ud800", "text": "\\udfff"}', b'{"name": "tiny", "text": "title: \xff\xfe"}',
                       '{"name": "t\u00efny", "text": "title: \u00e9t\u00e9"}'.encode("utf-16")])
)
"""JSON bodies (many in the shape some route reads, with names, texts and values in any script, the
config's title too), lone surrogates escaped in JSON, text that is not UTF-8, and plain bytes."""
ODD_NUMBERS = st.sampled_from(["\u00b2", "\u2075", "\u0663", "\uff11\uff12\uff10", "9" * 5000, "0", "-1", "1e3",
                               "2.5", "", " 200", "99999999999999999999", "0x10", "1_000"])
"""Numbers as no width is written: digits Python's isdigit takes and int does not (superscripts), other
scripts' digits, thousands of digits, signs, exponents, fractions, nothing."""
QUERY_VALUES = st.one_of(ODD_NUMBERS, UNICODE, st.integers(-10**30, 10**30).map(str),
                         st.sampled_from(["200", "120", TOKEN, "true", "null", "[]"]))
QUERY = st.lists(st.tuples(st.one_of(st.just("w"), st.sampled_from(["v", "token", "number", "page", "section", "name"]),
                                     UNICODE), QUERY_VALUES), max_size=4)
"""Query parameters, the one routes read (w) most often, repeated or not, with any value."""
PICTURES = st.sampled_from([["books", "tiny", "pages", "1.png"], ["books", "tiny", "puzzles", "1.svg"],
                            ["books", "tiny", "pages", "2.png"], ["books", "tiny", "puzzles", "3.svg"]])
"""The routes that read a query parameter (the thumbnail's width)."""
QUERIED = st.one_of(PICTURES, PICTURES, ROUTES, st.builds(lambda route, i, name: route[:i] + [name] + route[i + 1:], ROUTES,
                                                             st.integers(0, 3), UNICODE))
"""Any route, the pictures most often, or one with a segment (a book's name, say) in any script."""


def snapshot(folder: Path) -> dict[str, int]:
    """Every file under `folder` but the books and their output, with its size."""
    out = {}
    for base, dirs, files in os.walk(folder):
        for name in files:
            path = Path(base, name)
            out[str(path.relative_to(folder))] = path.stat().st_size
    return {key: size for key, size in out.items() if not key.startswith(("configs" + os.sep, "output" + os.sep))}


@pytest.fixture(scope="module")
def place(tmp_path_factory: pytest.TempPathFactory) -> Path:
    place = tmp_path_factory.mktemp("fuzz")
    (place / "configs").mkdir()
    (place / "configs" / "tiny.yaml").write_text(TINY, encoding="utf-8")
    shutil.copy(ROOT / "configs" / "classic.yaml", place / "configs" / "classic.yaml")
    (place / "configs" / "latin.yaml").write_bytes(LATIN)
    (place / "secret.txt").write_text("outside", encoding="utf-8")
    with pytest.MonkeyPatch.context() as patch:  # built, so the review's routes answer with real pages
        patch.chdir(place)
        build(Path("configs") / "tiny.yaml", jobs=1, quiet=True)
    return place


@pytest.fixture(scope="module")
def client(place: Path) -> Iterator[TestClient]:
    app = create_app(place / "configs", token=TOKEN, hosts={"testserver"}, port_of=lambda: 80, cwd=place, warm=False)
    with TestClient(app, base_url="http://testserver", raise_server_exceptions=False, follow_redirects=False) as test:
        yield test


@pytest.mark.slow
@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(
    method=st.sampled_from(["GET", "POST", "PUT", "DELETE", "PATCH", "HEAD", "OPTIONS"]),
    segments=ROUTES | st.lists(SEGMENTS, min_size=1, max_size=5) | st.builds(
        lambda route, i, segment: route[:i] + [segment] + route[i + 1:], ROUTES, st.integers(0, 3), SEGMENTS),
    login=st.sampled_from(["token"] * 8 + ["none", "garbage"]),
    origin=st.sampled_from([None] + ["http://testserver"] * 8 + ["http://evil.example", "null"]),
    host=st.sampled_from(["testserver"] * 8 + ["testserver:80", "evil.example", "127.0.0.1:1"]),
    body=BODIES,
    extra=st.dictionaries(st.sampled_from(["content-type", "content-length", "x-forwarded-host", "accept", "range"]),
                          st.text(alphabet=st.characters(min_codepoint=32, max_codepoint=126), max_size=40), max_size=3),
)
def test_no_request_breaks_the_studio_or_writes_outside_its_folder(client: TestClient, place: Path, method: str,
                                                                   segments: list[str], login: str, origin: str | None,
                                                                   host: str, body: bytes, extra: dict[str, str]) -> None:
    if method in ("POST", "PUT") and segments[:3] in SAFE_PATHS:
        return
    before = snapshot(place)
    headers = {"Host": host, **{key: value for key, value in extra.items() if key != "content-length" or value.isdigit()}}
    if origin is not None:
        headers["Origin"] = origin
    client.cookies.clear()
    if login != "none":
        client.cookies.set(COOKIE, TOKEN if login == "token" else "x" + TOKEN[1:])
    url = "/" + "/".join(quote(segment, safe="%?=~*.!()'") for segment in segments)  # any character, as a URL carries it
    response = client.request(method, "http://testserver" + url, content=body if method not in ("GET", "HEAD") else None, headers=headers)
    event(f"{response.status_code}")
    assert response.status_code < 500, (method, url, response.status_code, response.text[:300])
    assert "Traceback" not in response.text
    assert snapshot(place) == before
    assert (place / "secret.txt").read_text() == "outside"


@pytest.mark.slow
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(method=st.sampled_from(["GET", "POST", "PUT", "DELETE"]), route=ROUTES, body=BODIES)
def test_past_the_door_no_body_breaks_a_route(client: TestClient, place: Path, method: str, route: list[str],
                                              body: bytes) -> None:
    """Logged in, from the studio's own page: every route with any body answers with a refusal or a
    result, never a server error, and writes nothing outside the folder."""
    if method in ("POST", "PUT") and route[:3] in SAFE_PATHS:
        return
    before = snapshot(place)
    client.cookies.clear()
    client.cookies.set(COOKIE, TOKEN)
    response = client.request(method, "http://testserver/" + "/".join(route), content=body if method != "GET" else None,
                              headers={"Origin": "http://testserver", "Content-Type": "application/json"})
    event(f"{response.status_code}")
    assert response.status_code < 500, (method, route, response.status_code, response.text[:300])
    assert "Traceback" not in response.text
    assert snapshot(place) == before


@pytest.mark.slow
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(method=st.sampled_from(["GET"] * 12 + ["HEAD", "POST", "PUT", "DELETE"]), route=QUERIED, query=QUERY,
       body=BODIES, raw=st.booleans(), login=st.integers(0, 9))
def test_no_query_breaks_a_route(client: TestClient, place: Path, method: str, route: list[str],
                                 query: list[tuple[str, str]], body: bytes, raw: bool, login: int) -> None:
    """Logged in, from the studio's own page: every route, its names in any script, with any query
    parameters (percent-encoded, or written as they come) answers with a refusal or a result, never a
    server error, and writes nothing outside the folder."""
    if method in ("POST", "PUT") and route[:3] in SAFE_PATHS:
        return
    before = snapshot(place)
    client.cookies.clear()
    client.cookies.set(COOKIE, TOKEN)
    if login == 0:  # now and then the token's one use: the studio sends the browser on to the same path
        query = [*query, ("token", TOKEN)]
    path = "http://testserver/" + "/".join(quote(segment, safe="%.") for segment in route)
    string = urlencode(query)
    url = path + ("?" + string if string else "")
    if raw:  # as a careless client writes it: '%', '&', '=' and '+' unescaped (only what no URL may hold is)
        url = path + "?" + "&".join(f"{_bare(key)}={_bare(value)}" for key, value in query)
    response = client.request(method, url, content=body if method not in ("GET", "HEAD") else None,
                              headers={"Origin": "http://testserver", "Content-Type": "application/json"})
    event(f"{response.status_code}")
    assert response.status_code < 500, (method, url[:300], response.status_code, response.text[:300])
    assert "Traceback" not in response.text
    assert snapshot(place) == before


def _bare(text: str) -> str:
    """`text` in a URL as is, but for ASCII control characters and '#' (no URL may hold those)."""
    return "".join(quote(c) if c == "#" or (c.isascii() and not c.isprintable()) else c for c in text)


def test_malformed_widths_and_numbers_are_refused_not_a_server_error(client: TestClient, place: Path) -> None:
    """The thumbnails' width is read by its model: text, digits that are not 0-9, 5000 digits or a width
    out of range is a 400 naming `w` and what it allows; a page or puzzle number past nine digits is no
    route (404). Each of these was a 500."""
    client.cookies.set(COOKIE, TOKEN)
    (place / "configs" / "tiny.yaml").write_text(TINY, encoding="utf-8")  # as built: a fuzzed PUT may have changed it
    for picture in ("pages/1.png", "puzzles/1.svg"):
        for width in ("\u00b2", "\u0663", "9" * 5000, "0", "-5", "wide", "2001"):
            response = client.get(f"/books/tiny/{picture}", params={"w": width})
            assert response.status_code == 400, (picture, width, response.text)
            said = response.json()
            assert said["fields"][0]["field"] == "w" and said["error"].startswith("w (the picture's width in pixels): ")
        assert client.get(f"/books/tiny/{picture}", params={"w": "200", "v": "\u65e5\u672c"}).status_code == 200
    for url in ("/books/tiny/pages/{}.png", "/books/tiny/puzzles/{}.svg", "/books/tiny/answers/{}.png",
                "/books/tiny/review/{}", "/api/review/tiny/puzzles/{}"):
        assert client.get(url.format("9" * 5000)).status_code == 404
        assert client.get(url.format(0)).status_code == (200 if "/review/" in url and "api" not in url else 404)  # the page says so
    assert client.get("/\u65e5\u672c?token=" + TOKEN, follow_redirects=False).headers["location"] == "/%E6%97%A5%E6%9C%AC"
    (place / "configs" / "latin.yaml").write_bytes(LATIN)  # again: a fuzzed PUT may have saved it as UTF-8
    latin = client.get("/api/books/latin")  # a config in Latin-1: named as not UTF-8, as the CLI says it
    assert latin.status_code == 422 and "latin.yaml: is not UTF-8 text" in latin.json()["error"]
