"""Random requests against the studio (hypothesis): any method, path, header and body, logged in or
not. No answer may be a server error, and nothing may be written outside the books' folder (its
configs and drafts) and the builds' output folder."""

from __future__ import annotations

import json
import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import quote

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
])
"""The studio's real routes, so that most requests get past the door and into the code behind it."""
SAFE_PATHS = [["api", "builds", "tiny"], ["api", "review", "tiny"]]
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
)


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
