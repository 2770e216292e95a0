"""The studio's routes through Starlette's TestClient: its door (token, Host, Origin, body size, paths),
its books, checks, edits, drafts, previews and builds. Every hostile request here must get a clear
refusal, never a 500 and never a file touched outside the folder."""

from __future__ import annotations

import asyncio
import json
import re
import os
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from pipeline.book.build import build
from pipeline.book.config import load_config
from pipeline.book.make import run_job
from pipeline.book.plan import plan
from pipeline.studio.app import create_app, studio_of
from pipeline.studio.builds import ENDS, Builds
from pipeline.studio.security import COOKIE, MAX_BODY

ROOT = Path(__file__).resolve().parent.parent
TOKEN = "t0ken-for-tests-only"
ORIGIN = {"Origin": "http://testserver"}
TINY = (Path(__file__).parent / "data" / "tiny-book.yaml").read_text(encoding="utf-8")
"""A tiny book: every test builds it in seconds."""


@pytest.fixture
def place(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A working folder: configs/ with the classic book and a tiny one; builds go to ./output here."""
    configs = tmp_path / "configs"
    configs.mkdir()
    shutil.copy(ROOT / "configs" / "classic.yaml", configs / "classic.yaml")
    (configs / "tiny.yaml").write_text(TINY, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    return tmp_path


@pytest.fixture
def client(place: Path) -> Iterator[TestClient]:
    app = create_app(place / "configs", token=TOKEN, hosts={"testserver"}, port_of=lambda: 80, cwd=place, warm=False)
    with TestClient(app, base_url="http://testserver") as test:
        test.cookies.set(COOKIE, TOKEN)
        yield test


@pytest.fixture
def stranger(place: Path) -> Iterator[TestClient]:
    app = create_app(place / "configs", token=TOKEN, hosts={"testserver"}, port_of=lambda: 80, cwd=place, warm=False)
    with TestClient(app, base_url="http://testserver", follow_redirects=False) as test:
        yield test


# ---------------------------------------------------------------- the door


def test_without_the_token_everything_is_refused(stranger: TestClient) -> None:
    for url in ("/", "/books/tiny", "/api/books", "/api/schema", "/static/studio.css", "/books/tiny/pages/1.png"):
        response = stranger.get(url)
        assert response.status_code == 403, url
    assert stranger.get("/?token=wrong").status_code == 403


def test_the_token_is_exchanged_for_a_strict_cookie(stranger: TestClient) -> None:
    response = stranger.get(f"/books/tiny?token={TOKEN}")
    assert response.status_code == 303 and response.headers["location"] == "/books/tiny"
    cookie = response.headers["set-cookie"]
    assert f"{COOKIE}={TOKEN}" in cookie and "HttpOnly" in cookie and "SameSite=Strict" in cookie
    stranger.cookies.set(COOKIE, TOKEN)
    assert stranger.get("/books/tiny").status_code == 200
    # the token logs in only by a plain visit, never on a request that changes something
    stranger.cookies.clear()
    assert stranger.post(f"/api/books?token={TOKEN}", json={"name": "x", "template": "classic"}, headers=ORIGIN).status_code == 403


def test_another_host_name_is_refused_even_with_the_cookie(client: TestClient) -> None:
    """DNS rebinding: a page at evil.example pointing its name at 127.0.0.1 still says Host: evil.example."""
    for host in ("evil.example", "evil.example:80", "127.0.0.1.evil.example", ""):
        assert client.get("/api/books", headers={"Host": host}).status_code == 403


def test_changes_must_come_from_the_studios_own_page(client: TestClient) -> None:
    body = {"name": "new", "template": "classic"}
    assert client.post("/api/books", json=body).status_code == 403  # no Origin
    assert client.post("/api/books", json=body, headers={"Origin": "http://evil.example"}).status_code == 403
    assert client.post("/api/books", json=body, headers={"Origin": "null"}).status_code == 403
    assert client.put("/api/books/tiny", json={"text": TINY}, headers={"Origin": "http://testserver.evil"}).status_code == 403
    assert client.post("/api/books", json=body, headers=ORIGIN).status_code == 201


def test_bodies_are_capped(client: TestClient, place: Path) -> None:
    big = {"name": "tiny", "text": "title: x\n" + "# " + "x" * MAX_BODY}
    response = client.post("/api/check", json=big, headers=ORIGIN)
    assert response.status_code == 413
    chunks = (b"x" * 65536 for _ in range(MAX_BODY // 65536 + 2))  # no Content-Length: counted as it comes
    response = client.post("/api/check", content=chunks, headers={**ORIGIN, "Content-Type": "application/json"})
    assert response.status_code == 413
    assert client.put("/api/books/tiny", content=b"not json", headers=ORIGIN).status_code == 400


def test_paths_stay_inside_the_folder(client: TestClient, place: Path) -> None:
    secret = place / "secret.yaml"
    secret.write_text("title: Secret\nsections: []\n", encoding="utf-8")
    (place / "configs" / "link.yaml").symlink_to(secret)
    for name in ("..%2Fsecret", "%2E%2E", "link", "/etc/passwd", "tiny.yaml", "a" * 200, "-x", ".hidden"):
        response = client.get(f"/api/books/{name}")
        assert response.status_code == 404, name
        assert "Secret" not in response.text
    for file in ("../../configs/tiny.yaml", "manifest.json", "..%2F..%2Fconfigs%2Ftiny.yaml"):
        assert client.get(f"/books/tiny/files/{file}").status_code == 404
    assert client.post("/api/books", json={"name": "../escape", "template": "classic"}, headers=ORIGIN).status_code == 400
    assert client.post("/api/books", json={"name": "ok", "template": "../../etc/passwd"}, headers=ORIGIN).status_code == 404
    assert not (place / "escape.yaml").exists() and not (place / "configs" / "ok.yaml").exists()


def test_config_text_from_the_browser_passes_the_files_bounds(client: TestClient) -> None:
    """A 'billion laughs' in the YAML is refused as it would be from a file, in moments."""
    laughs = "a: &a [x, x, x, x, x, x, x, x, x]\n" + "".join(
        f"{chr(98 + i)}: &{chr(98 + i)} [*{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}]\n" for i in range(12))
    start = time.perf_counter()
    response = client.post("/api/check", json={"name": "tiny", "text": laughs}, headers=ORIGIN)
    assert response.status_code == 200 and time.perf_counter() - start < 5
    assert "aliases" in response.json()["problems"][0]["message"] or "values" in response.json()["problems"][0]["message"]
    response = client.post("/api/edit", json={"text": laughs, "path": ["title"], "value": "x"}, headers=ORIGIN)
    assert response.status_code == 422
    deep = "x: " + "[" * 40 + "]" * 40 + "\n"
    assert client.post("/api/edit", json={"text": deep, "path": ["title"], "value": "x"}, headers=ORIGIN).status_code == 422


def test_a_malformed_body_is_refused_naming_the_field_and_what_it_allows(client: TestClient) -> None:
    """Each JSON body is read by its model: 400 with the field, what it is and what it may be; never a guess."""
    def refused(url: str, body: object, method: str = "POST") -> dict:
        response = client.request(method, url, content=json.dumps(body), headers=ORIGIN)
        assert response.status_code == 400, (url, body, response.text)
        return response.json()

    said = refused("/api/preview/samples", {"name": "tiny", "text": TINY, "section": "1"})
    assert said["fields"] == [{"field": "section", "message": "Input should be a valid integer",
                               "text": "section (the section's index in the book, from 0): Input should be a valid integer"}]
    assert said["error"] == said["fields"][0]["text"]
    assert "greater than or equal to 0" in refused("/api/preview/shapes", {"name": "tiny", "text": TINY, "section": -1})["error"]
    assert "no section 2 in this book (it has 2" in refused("/api/preview/page", {"name": "tiny", "text": TINY, "section": 2})["error"]
    assert "'set', 'append' or 'remove'" in refused("/api/edit", {"text": TINY, "path": ["title"], "op": "zap"})["error"]
    path = refused("/api/edit", {"text": TINY, "path": ["sections", True]})
    assert [f["field"] for f in path["fields"]] == ["path[1]"] and "a key (text) or an index" in path["error"]
    assert refused("/api/check", {"name": "tiny"})["fields"][0]["field"] == "text"
    name = refused("/api/check", {"name": "été", "text": TINY})["error"]
    assert name.startswith("name (the book's name): a book's name is letters, digits")
    assert refused("/api/books", {"name": 5, "template": "classic"})["fields"][0]["field"] == "name"
    assert refused("/api/books/tiny", {"text": TINY, "draft": "yes"}, "PUT")["fields"][0]["field"] == "draft"
    assert refused("/api/review/tiny/replace", {"number": 0})["error"].startswith("number (the puzzle's number in the book, from 1)")
    assert refused("/api/check", ["tiny", TINY])["error"] == "the request's body must be a JSON object"
    bad = client.post("/api/check", content=b'{"name": "tiny", "text": "\\ud800"}', headers=ORIGIN)  # a lone surrogate
    assert bad.status_code == 400 and bad.json()["error"].startswith("the request's body must be JSON")
    assert (Path("configs") / "tiny.yaml").read_text() == TINY


# ---------------------------------------------------------------- books, checks, edits, drafts


def test_the_books_page_lists_every_config(client: TestClient) -> None:
    data = client.get("/api/books").json()
    cards = {card["name"]: card for card in data["books"]}
    assert set(cards) == {"classic", "tiny"}
    assert cards["tiny"]["title"] == "Tiny" and cards["tiny"]["puzzles"] == 10 and cards["tiny"]["sections"] == 2
    assert cards["tiny"]["kinds"] == ["Hidato", "Sudoku"] and cards["tiny"]["built"] is None
    assert {t["name"] for t in data["templates"]} >= {"classic", "sudoku", "honeycomb"}
    page = client.get("/").text
    assert "Classic Hidato" in page and "tiny.yaml" in page and "New book" in page


def test_a_new_book_starts_from_a_template_under_a_new_name(client: TestClient, place: Path) -> None:
    response = client.post("/api/books", json={"name": "my-sudoku", "template": "sudoku"}, headers=ORIGIN)
    assert response.status_code == 201 and response.json()["url"] == "/books/my-sudoku"
    assert (place / "configs" / "my-sudoku.yaml").read_text() == (ROOT / "configs" / "sudoku.yaml").read_text()
    again = client.post("/api/books", json={"name": "my-sudoku", "template": "classic"}, headers=ORIGIN)
    assert again.status_code == 409 and "already" in again.json()["error"]
    assert client.get("/books/my-sudoku").status_code == 200


def test_check_lists_every_mistake_with_the_clis_words(client: TestClient) -> None:
    text = TINY.replace("difficulty: easy\n    count: 6", "dificulty: easy\n    count: 6").replace("count: 4", "count: 0")
    result = client.post("/api/check", json={"name": "tiny", "text": text}, headers=ORIGIN).json()
    problems = result["problems"]
    assert [(p["line"], p["field"]) for p in problems] == [(8, "sections[0]"), (13, "sections[1].count")]
    assert "tiny.yaml, line 8, sections[0]: unknown key 'dificulty'" in problems[0]["text"]
    assert "did you mean 'difficulty'?" in problems[0]["message"]
    assert result["settings"]["title"] == "Tiny"
    clean = client.post("/api/check", json={"name": "tiny", "text": TINY}, headers=ORIGIN).json()
    assert clean["problems"] == []


def test_a_form_change_keeps_the_users_comments_and_layout(client: TestClient) -> None:
    response = client.post("/api/edit", json={"text": TINY, "path": ["title"], "value": "Tiny, again"}, headers=ORIGIN)
    text = response.json()["text"]
    assert text == TINY.replace("title: Tiny\n", "title: Tiny, again\n")
    text = client.post("/api/edit", json={"text": text, "path": ["sections", 1, "count"], "value": 8}, headers=ORIGIN).json()["text"]
    assert "# A tiny book: every test builds it in seconds." in text and "count: 8" in text
    missing = client.post("/api/edit", json={"text": TINY, "path": ["sections", 7, "count"], "value": 1}, headers=ORIGIN)
    assert missing.status_code == 422


def test_a_config_with_mistakes_is_kept_as_a_draft_never_over_the_valid_file(client: TestClient, place: Path) -> None:
    path = place / "configs" / "tiny.yaml"
    broken = TINY.replace("count: 4", "count: many")
    refused = client.put("/api/books/tiny", json={"text": broken}, headers=ORIGIN)
    assert refused.status_code == 422 and refused.json()["problems"][0]["field"] == "sections[1].count"
    assert path.read_text() == TINY
    kept = client.put("/api/books/tiny", json={"text": broken, "draft": True}, headers=ORIGIN)
    assert kept.status_code == 200 and kept.json() == {"saved": False, "draft": True, "problems": kept.json()["problems"]}
    assert path.read_text() == TINY
    assert client.get("/api/books/tiny").json() == {"name": "tiny", "text": TINY, "draft": broken}
    good = TINY.replace("count: 4", "count: 5")
    assert client.put("/api/books/tiny", json={"text": good}, headers=ORIGIN).json()["saved"] is True
    assert path.read_text() == good and client.get("/api/books/tiny").json()["draft"] is None


# ---------------------------------------------------------------- previews


def test_previews_show_the_boards_the_first_puzzles_and_the_first_page(client: TestClient, place: Path) -> None:
    body = {"name": "tiny", "text": TINY, "section": 0}
    boards = client.post("/api/preview/shapes", json=body, headers=ORIGIN).json()["shapes"]
    assert [(b["label"], b["cells"]) for b in boards] == [("square size=6", 36), ("heart", 74)]
    assert all(b["image"].startswith("data:image/png;base64,") for b in boards)
    samples = client.post("/api/preview/samples", json=body, headers=ORIGIN).json()["samples"]
    assert [s["index"] for s in samples] == [1, 2, 3, 4] and {s["level"] for s in samples} == {"easy"}
    # the book's own first puzzles: the jobs its plan makes, with their real seeds
    book = load_config(place / "configs" / "tiny.yaml")
    made = [run_job(job.to_dict()) for job in plan(book)[:4]]
    assert [s["givens"] for s in samples] == [r.grade["givens"] for r in made]
    page = client.post("/api/preview/page", json={**body, "section": 1}, headers=ORIGIN).json()["image"]
    assert page.startswith("data:image/png;base64,")
    bad = client.post("/api/preview/samples", json={**body, "section": 9}, headers=ORIGIN)
    assert bad.status_code == 400
    wrong = client.post("/api/preview/shapes", json={**body, "text": TINY.replace("count: 6", "count: -1")}, headers=ORIGIN)
    assert wrong.status_code == 422 and wrong.json()["problems"][0]["field"] == "sections[0].count"


# ---------------------------------------------------------------- builds


def _events(client: TestClient, name: str) -> list[dict]:
    events = []
    with client.stream("GET", f"/api/builds/{name}/events") as response:
        assert response.headers["content-type"].startswith("text/event-stream")
        for line in response.iter_lines():
            if line.startswith("data: "):
                events.append(json.loads(line[6:]))
    return events


@pytest.mark.slow
def test_a_build_reports_its_progress_and_makes_the_clis_book(client: TestClient, place: Path, tmp_path_factory: pytest.TempPathFactory) -> None:
    started = client.post("/api/builds/tiny", headers=ORIGIN)
    assert started.status_code == 202
    second = client.post("/api/builds/tiny", headers=ORIGIN)
    assert second.status_code in (202, 409)  # 409 while the first runs; a quick machine may have finished it
    events = _events(client, "tiny")
    kinds = [e["event"] for e in events]
    assert kinds[0] == "plan" and kinds[-1] == "done" and kinds.count("done") == 1  # the build's, said once it is over
    assert events[-1]["pages"] >= 24 and "10 puzzles" in events[-1]["summary"] and events[-1]["message"] == ""
    assert [e["stage"] for e in events if e["event"] == "stage"] == ["typeset", "cover"]
    made = [e for e in events if e["event"] == "made"]
    assert {(e["section"], e["made"]) for e in made if e["made"] == e["total"]} == {("Warm-up", 6), ("Sudoku", 4)}
    out = place / "output" / "tiny"
    other = tmp_path_factory.mktemp("cli")
    shutil.copy(place / "configs" / "tiny.yaml", other / "tiny.yaml")
    subprocess.run([sys.executable, "-m", "pipeline", "build", "tiny.yaml", "--quiet"], cwd=other, check=True)
    assert (out / "book.pdf").read_bytes() == (other / "output" / "tiny" / "book.pdf").read_bytes()
    assert (out / "cover.pdf").read_bytes() == (other / "output" / "tiny" / "cover.pdf").read_bytes()
    output = client.get("/api/books/tiny/output").json()
    assert output["pages"] >= 24 and set(output["files"]) == {"book.pdf", "cover.pdf", "listing.txt", "puzzles.jsonl", "report.html"}
    cover = output["cover"]
    assert cover["pages"] == output["pages"] and cover["media"][0] > 2 * cover["front"][2]
    assert client.get("/books/tiny/pages/1.png").headers["content-type"] == "image/png"
    assert client.get(f"/books/tiny/pages/{output['pages'] + 1}.png").status_code == 404
    assert client.get("/books/tiny/cover.png").status_code == 200 and client.get("/books/tiny/front.png").status_code == 200
    pdf = client.get("/books/tiny/files/book.pdf")
    assert pdf.content == (out / "book.pdf").read_bytes() and "attachment" in pdf.headers["content-disposition"]
    card = next(c for c in client.get("/api/books").json()["books"] if c["name"] == "tiny")
    assert card["pages"] == output["pages"] and card["built"] and card["cover"]


@pytest.mark.slow
def test_a_cancelled_build_keeps_its_records_and_the_previous_book(client: TestClient, place: Path) -> None:
    assert client.post("/api/builds/tiny", headers=ORIGIN).status_code == 202
    assert _events(client, "tiny")[-1]["event"] == "done"
    book = (place / "output" / "tiny" / "book.pdf").read_bytes()
    longer = TINY.replace("count: 6", "count: 6\n  - name: Long\n    kind: hidato\n    shapes: square:10\n"
                          "    difficulty: expert\n    count: 40")
    assert client.put("/api/books/tiny", json={"text": longer}, headers=ORIGIN).json()["saved"]
    assert client.post("/api/builds/tiny", headers=ORIGIN).status_code == 202
    studio = studio_of(client.app)  # type: ignore[arg-type]
    deadline = time.time() + 60
    while time.time() < deadline and not any(e["event"] == "made" for e in studio.builds.runs["tiny"].events):
        time.sleep(0.05)
    assert client.delete("/api/builds/tiny", headers=ORIGIN).status_code == 202
    events = _events(client, "tiny")
    assert events[-1]["event"] == "cancelled" and "kept" in events[-1]["message"]
    assert (place / "output" / "tiny" / "book.pdf").read_bytes() == book
    lines = (place / "output" / "tiny" / "puzzles.jsonl").read_text().splitlines()
    assert len(lines) > 10  # the earlier ten, and what the cancelled build had made
    assert client.delete("/api/builds/tiny", headers=ORIGIN).status_code == 409


@pytest.mark.slow
def test_a_builds_end_is_said_once_it_is_over_so_the_next_build_may_start_at_once(place: Path) -> None:
    """The page offers Build again when it hears a build's end. Were the end said while the build's
    process still exited (as the CLI's own "done" line was, on a busy machine for seconds), the next
    build would be refused as "being built already"."""
    config = place / "configs" / "tiny.yaml"

    async def two_builds() -> tuple[list[tuple[str, bool]], list[str]]:
        builds = Builds(place / "configs", place)
        heard: list[tuple[str, bool]] = []
        try:
            await builds.start("tiny", config)
            async for record in builds.listen("tiny"):
                heard.append((record["event"], builds.runs["tiny"].over))
                if record["event"] in ENDS:
                    await builds.start("tiny", config)  # at once, as a person clicking Build again
            again = [record["event"] async for record in builds.listen("tiny")]
            assert builds.runs["tiny"].number == 2
        finally:
            await builds.shutdown()
        return heard, again

    heard, again = asyncio.run(two_builds())
    assert heard[-1] == ("done", True) and not any(over for _, over in heard[:-1])
    assert [event for event, _ in heard].count("done") == 1
    assert again[0] == "plan" and again[-1] == "done"


def test_a_torn_last_line_in_the_checkpoint_breaks_neither_review_nor_previews(client: TestClient, place: Path) -> None:
    """A build killed mid-write leaves a last line without its newline (here cut inside a letter), after
    records a later build appended: the review still shows the book as built, the previews still draw."""
    build(Path("configs") / "tiny.yaml", jobs=1, quiet=True)
    checkpoint = place / "output" / "tiny" / "puzzles.jsonl"
    lines = checkpoint.read_bytes().splitlines(keepends=True)
    before = client.get("/api/review/tiny").json()
    with checkpoint.open("ab") as file:
        file.write(lines[0] + b'{"kind": "hidato", "section": "Warm-up \xc3')
    review = client.get("/api/review/tiny")
    assert review.status_code == 200 and review.json()["rows"] == before["rows"]
    assert client.get("/api/review/tiny/puzzles/10").json()["row"]["number"] == 10
    assert client.get("/books/tiny/puzzles/10.svg").text.startswith("<svg")
    body = {"name": "tiny", "text": TINY, "section": 0}
    samples = client.post("/api/preview/samples", json=body, headers=ORIGIN)
    assert samples.status_code == 200 and [s["index"] for s in samples.json()["samples"]] == [1, 2, 3, 4]
    assert client.post("/api/preview/page", json=body, headers=ORIGIN).json()["image"].startswith("data:image/png")


def test_a_failing_build_shows_the_clis_message(client: TestClient, place: Path) -> None:
    (place / "output" / "tiny").mkdir(parents=True)
    (place / "output" / "tiny" / "book.pdf").mkdir()  # a folder where the book must go
    assert client.post("/api/builds/tiny", headers=ORIGIN).status_code == 202
    last = _events(client, "tiny")[-1]
    assert last["event"] == "failed" and "book.pdf" in last["message"]
    assert [e["event"] for e in _events(client, "tiny")].count("failed") == 1


def test_a_failed_build_says_why_and_where_in_its_own_record(client: TestClient, place: Path) -> None:
    """The build's "failed" record (not its stderr) says why, in the CLI's words, and where: the config
    edited outside the studio (by a person's own editor) has a mistake at line 13."""
    (place / "configs" / "tiny.yaml").write_text(TINY.replace("count: 4", "count: many"), encoding="utf-8")
    assert client.post("/api/builds/tiny", headers=ORIGIN).status_code == 202
    last = _events(client, "tiny")[-1]
    assert last == {"event": "failed", "source": "configs/tiny.yaml", "field": "sections[1].count", "line": 13,
                    "message": "configs/tiny.yaml, line 13, sections[1].count: must be a whole number, got 'many' "
                               "(section 'Sudoku')"}
    assert client.get("/api/builds/tiny").json()["message"] == last["message"]


@pytest.mark.slow
def test_a_build_that_dies_without_a_word_is_told_by_its_exit_status(client: TestClient, place: Path) -> None:
    """Killed (no Ctrl-C to catch, no record said): the studio can only say how the process ended."""
    longer = TINY.replace("count: 6", "count: 6\n  - name: Long\n    kind: hidato\n    shapes: square:10\n"
                          "    difficulty: expert\n    count: 40")
    assert client.put("/api/books/tiny", json={"text": longer}, headers=ORIGIN).json()["saved"]
    assert client.post("/api/builds/tiny", headers=ORIGIN).status_code == 202
    run = studio_of(client.app).builds.runs["tiny"]  # type: ignore[arg-type]
    deadline = time.time() + 60
    while time.time() < deadline and not run.events:
        time.sleep(0.05)
    assert run.process is not None
    os.killpg(run.process.pid, signal.SIGKILL)  # the build's own process group, started by this test
    last = _events(client, "tiny")[-1]
    assert last == {"event": "failed", "message": "the build stopped (exit status -9)"}


def test_the_studio_command_prints_one_line_and_stops_on_ctrl_c(place: Path) -> None:
    process = subprocess.Popen([sys.executable, "-m", "pipeline", "studio", "configs", "--port", "0"], cwd=place,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        line = process.stdout.readline().strip()  # type: ignore[union-attr]
        assert line.startswith("http://127.0.0.1:") and "/?token=" in line
    finally:
        process.send_signal(2)
        out, err = process.communicate(timeout=30)
    assert process.returncode in (0, 130) and "Traceback" not in err and out == ""
    bad = subprocess.run([sys.executable, "-m", "pipeline", "studio", "no-such-folder"], cwd=place, capture_output=True, text=True)
    assert bad.returncode == 2 and "no such folder" in bad.stderr and "Traceback" not in bad.stderr


# ---------------------------------------------------------------- review, replace, undo


def _settled(client: TestClient, name: str) -> dict:
    """The book's build state once no rebuild is waiting or running."""
    deadline = time.time() + 120
    while time.time() < deadline:
        state = client.get(f"/api/builds/{name}").json()
        if not state["pending"] and state["state"] not in ("starting", "running"):
            return state
        time.sleep(0.1)
    raise AssertionError("the rebuild did not finish")


@pytest.mark.slow  # a book built through the studio, then every puzzle's pictures drawn
def test_the_review_shows_every_puzzle_its_pictures_and_steps(client: TestClient, place: Path) -> None:
    assert client.get("/api/review/tiny").status_code == 404  # not built yet
    assert client.post("/api/builds/tiny", headers=ORIGIN).status_code == 202
    assert _settled(client, "tiny")["state"] == "done"
    review = client.get("/api/review/tiny").json()
    records = [json.loads(line) for line in (place / "output" / "tiny" / "puzzles.jsonl").read_text().splitlines()]
    assert [row["number"] for row in review["rows"]] == list(range(1, len(records) + 1))
    assert [row["level"] for row in review["rows"]] == [r["grade"]["level"] for r in records]
    assert review["current"] and review["charts"]["book"] and len(review["charts"]["sections"]) == 2
    thumb = client.get("/books/tiny/puzzles/1.svg?w=160")
    assert thumb.headers["content-type"].startswith("image/svg+xml") and thumb.text.startswith("<svg")
    assert client.get("/books/tiny/answers/1.png").content.startswith(b"\x89PNG")
    assert client.get("/books/tiny/puzzles/99.svg").status_code == 404
    one = client.get("/api/review/tiny/puzzles/2").json()
    open_cells = sum(v is not None for row in records[1]["grid"] for v in row)
    assert len(one["centres"]) == open_cells and one["explained"] and one["steps"]
    placed = [item for step in one["steps"] for item in step["place"]]
    assert len(placed) == open_cells - records[1]["grade"]["givens"]  # every empty cell filled once, in steps
    sudoku = client.get("/api/review/tiny/puzzles/7").json()
    assert sudoku["row"]["rating"] is not None and len(sudoku["centres"]) == 81
    assert client.get("/books/tiny/review").status_code == 200 and client.get("/books/tiny/review/2").status_code == 200


@pytest.mark.slow
def test_replacements_in_a_row_are_one_rebuild_and_undo_brings_the_book_back(client: TestClient, place: Path) -> None:
    assert client.post("/api/builds/tiny", headers=ORIGIN).status_code == 202
    first = _settled(client, "tiny")
    out = place / "output" / "tiny"
    book, lines = (out / "book.pdf").read_bytes(), (out / "puzzles.jsonl").read_text().splitlines()
    assert client.post("/api/review/tiny/replace", json={"number": "2"}, headers=ORIGIN).status_code == 400
    assert client.post("/api/review/tiny/replace", json={"number": 99}, headers=ORIGIN).status_code == 404
    assert client.post("/api/review/tiny/undo", json={"number": 2}, headers=ORIGIN).status_code == 409
    assert client.post("/api/review/tiny/replace", json={"number": 2}).status_code == 403  # not from the studio's page
    for number in (2, 3):
        answer = client.post("/api/review/tiny/replace", json={"number": number}, headers=ORIGIN)
        assert answer.status_code == 200 and answer.json()["building"]
    assert "reroll: [2, 3]" in (place / "configs" / "tiny.yaml").read_text()
    assert "# A tiny book" in (place / "configs" / "tiny.yaml").read_text()  # the user's comment kept
    rebuilt = _settled(client, "tiny")
    assert rebuilt["state"] == "done" and rebuilt["number"] == first["number"] + 1  # one rebuild for both
    now = (out / "puzzles.jsonl").read_text().splitlines()
    assert [i for i, (a, b) in enumerate(zip(lines, now)) if a != b] == [1, 2] and len(now) == len(lines)
    review = client.get("/api/review/tiny").json()
    assert review["current"] and set(review["replaced"]) == {"2", "3"} and review["rerolls"]["Warm-up"] == [2, 3]
    for number in (3, 2):
        assert client.post("/api/review/tiny/undo", json={"number": number}, headers=ORIGIN).status_code == 200
    assert (place / "configs" / "tiny.yaml").read_text() == TINY  # the file as the user wrote it
    assert _settled(client, "tiny")["state"] == "done"
    assert (out / "book.pdf").read_bytes() == book and (out / "puzzles.jsonl").read_text().splitlines() == lines


MAZES = """\
title: Little mazes
seed: 4
page: {size: 6x9}
sections:
  - name: Hearts
    kind: maze
    shapes: [heart:10, round:5]
    difficulty: [easy, medium]
    cell_mm: 6
    count: 4
    per_page: 2
  - name: Hives
    kind: maze
    shapes: hexagon:4
    difficulty: hard
    count: 2
"""


@pytest.mark.slow  # a maze book built through the studio, then its pictures and review
def test_mazes_go_through_the_studio_as_every_kind_does(client: TestClient, place: Path) -> None:
    """Previews, a build, the review and every picture, through the same doors as the other kinds: the
    studio names no kind, so nothing here is the maze's own but the config."""
    (place / "configs" / "mazes.yaml").write_text(MAZES, encoding="utf-8")
    body = {"name": "mazes", "text": MAZES, "section": 0}
    boards = client.post("/api/preview/shapes", json=body, headers=ORIGIN).json()["shapes"]
    assert [b["label"] for b in boards] == ["heart size=10", "round size=5"]
    assert [b["cells"] for b in boards] == [58, 67] and all(b["image"].startswith("data:image/png") for b in boards)
    samples = client.post("/api/preview/samples", json=body, headers=ORIGIN).json()["samples"]
    assert [s["index"] for s in samples] == [1, 2, 3, 4] and {s["level"] for s in samples} == {"easy", "medium"}
    assert client.post("/api/preview/page", json=body, headers=ORIGIN).json()["image"].startswith("data:image/png")
    assert client.post("/api/builds/mazes", headers=ORIGIN).status_code == 202
    assert _settled(client, "mazes")["state"] == "done"
    review = client.get("/api/review/mazes").json()
    assert [row["level"] for row in review["rows"]] == ["easy", "medium", "easy", "medium", "hard", "hard"]
    svg = client.get("/books/mazes/puzzles/2.svg?w=160").text
    assert svg.startswith("<svg") and re.search(r'<path d="M[^"]*C[0-9]', svg)  # a round maze's rings are curves
    assert client.get("/books/mazes/answers/5.png").content.startswith(b"\x89PNG")
    one = client.get("/api/review/mazes/puzzles/5").json()
    record = json.loads((place / "output" / "mazes" / "puzzles.jsonl").read_text().splitlines()[4])
    assert len(one["centres"]) == len(record["grid"]["cells"]) and not one["explained"]
    assert client.get("/books/mazes/review/5").status_code == 200


VARIANTS = """\
title: Little variants
seed: 5
page: {size: 6x9}
sections:
  - name: Killer
    kind: killer
    size: 6
    difficulty: [easy, medium]
    count: 2
    per_page: 2
  - name: Jigsaw
    kind: jigsaw
    size: 7
    shade: true
    difficulty: easy
    count: 1
  - name: Sudoku X
    kind: sudokux
    difficulty: medium
    count: 1
"""


@pytest.mark.slow  # a variants book built through the studio, then its pictures and review
def test_sudoku_variants_go_through_the_studio_as_every_kind_does(client: TestClient, place: Path) -> None:
    """Killer, Jigsaw and Sudoku X: samples, a build, the review with its explained steps naming cages,
    regions and diagonals, and every picture, through the doors every kind uses."""
    (place / "configs" / "variants.yaml").write_text(VARIANTS, encoding="utf-8")
    body = {"name": "variants", "text": VARIANTS, "section": 0}
    for section in range(3):  # each section's board, blank, as the preview draws it
        boards = client.post("/api/preview/shapes", json={**body, "section": section}, headers=ORIGIN)
        assert boards.status_code == 200 and boards.json()["shapes"][0]["image"].startswith("data:image/png")
    samples = client.post("/api/preview/samples", json=body, headers=ORIGIN).json()["samples"]
    assert [s["index"] for s in samples] == [1, 2] and {s["level"] for s in samples} == {"easy", "medium"}
    assert client.post("/api/preview/page", json=body, headers=ORIGIN).json()["image"].startswith("data:image/png")
    assert client.post("/api/builds/variants", headers=ORIGIN).status_code == 202
    assert _settled(client, "variants")["state"] == "done"
    review = client.get("/api/review/variants").json()
    assert [row["level"] for row in review["rows"]] == ["easy", "medium", "easy", "medium"]
    killer = client.get("/books/variants/puzzles/1.svg?w=200").text
    records = [json.loads(line) for line in (place / "output" / "variants" / "puzzles.jsonl").read_text().splitlines()]
    assert killer.startswith("<svg") and all(f">{cage['sum']}<" in killer for cage in records[0]["cages"])
    assert client.get("/books/variants/answers/3.png").content.startswith(b"\x89PNG")
    for number, words in ((1, "cage at r"), (3, "region"), (4, "")):
        one = client.get(f"/api/review/variants/puzzles/{number}").json()
        assert len(one["centres"]) == len(records[number - 1]["grid"])
        assert one["explained"] and words in " ".join(step["text"] for step in one["steps"])
        assert client.get(f"/books/variants/review/{number}").status_code == 200


WORDS = """\
title: Little crosswords
seed: 6
page: {size: 8.5x11}
sections:
  - name: Crosswords
    kind: crossword
    theme: animals
    difficulty: [easy, medium]
    count: 2
    per_page: 1
  - name: Fill-ins
    kind: fillin
    theme: food
    difficulty: medium
    count: 1
    per_page: 1
"""


@pytest.mark.slow  # a crossword book built through the studio, then its pictures and review
def test_crosswords_and_fillins_go_through_the_studio_as_every_kind_does(client: TestClient, place: Path) -> None:
    """Crosswords and fill-ins: board previews, samples, a build, the review (a fill-in's steps
    explained), and every picture, clues and all, through the doors every kind uses."""
    (place / "configs" / "words.yaml").write_text(WORDS, encoding="utf-8")
    body = {"name": "words", "text": WORDS, "section": 0}
    for section in range(2):
        boards = client.post("/api/preview/shapes", json={**body, "section": section}, headers=ORIGIN)
        assert boards.status_code == 200 and boards.json()["shapes"][0]["image"].startswith("data:image/png")
    samples = client.post("/api/preview/samples", json=body, headers=ORIGIN).json()["samples"]
    assert [s["index"] for s in samples] == [1, 2] and {s["level"] for s in samples} == {"easy", "medium"}
    assert client.post("/api/builds/words", headers=ORIGIN).status_code == 202
    assert _settled(client, "words")["state"] == "done"
    review = client.get("/api/review/words").json()
    assert [row["level"] for row in review["rows"]] == ["easy", "medium", "medium"]
    records = [json.loads(line) for line in (place / "output" / "words" / "puzzles.jsonl").read_text().splitlines()]
    crossword = client.get("/books/words/puzzles/1.svg?w=300").text
    assert crossword.startswith("<svg") and all(entry["clue"].split()[0] in crossword for entry in records[0]["entries"])
    assert client.get("/books/words/answers/3.png").content.startswith(b"\x89PNG")
    for number, explained in ((1, False), (3, True)):
        one = client.get(f"/api/review/words/puzzles/{number}").json()
        squares = sum(row.count(".") + sum(ch.isalpha() for ch in row) for row in records[number - 1]["grid"])
        assert len(one["centres"]) == squares and bool(one["explained"]) == explained
        assert client.get(f"/books/words/review/{number}").status_code == 200


PICTURES = """\
title: Little nonograms
seed: 8
page: {size: 8.5x11}
sections:
  - name: Pictures
    kind: nonogram
    pictures: [heart, cup]
    difficulty: [easy]
    count: 1
    per_page: 1
  - name: Trials
    kind: nonogram
    pictures: [cup]
    difficulty: [hard]
    count: 1
    per_page: 1
  - name: Doodles
    kind: nonogram
    size: 10
    difficulty: [easy]
    count: 1
    per_page: 1
"""


@pytest.mark.slow  # a nonogram book built through the studio, then its pictures, review and export
def test_nonograms_go_through_the_studio_as_every_kind_does(client: TestClient, place: Path) -> None:
    """Nonograms: a picture's board previewed with its clues, samples, a build, the review (each step
    explained, line by line), every picture, and the export, through the doors every kind uses."""
    (place / "configs" / "pictures.yaml").write_text(PICTURES, encoding="utf-8")
    body = {"name": "pictures", "text": PICTURES, "section": 0}
    for section in range(3):
        boards = client.post("/api/preview/shapes", json={**body, "section": section}, headers=ORIGIN)
        assert boards.status_code == 200 and boards.json()["shapes"][0]["image"].startswith("data:image/png")
    samples = client.post("/api/preview/samples", json=body, headers=ORIGIN).json()["samples"]
    assert [s["index"] for s in samples] == [1] and samples[0]["level"] == "easy"
    assert client.post("/api/builds/pictures", headers=ORIGIN).status_code == 202
    assert _settled(client, "pictures")["state"] == "done"
    review = client.get("/api/review/pictures").json()
    assert [row["level"] for row in review["rows"]] == ["easy", "hard", "easy"]
    records = [json.loads(line) for line in (place / "output" / "pictures" / "puzzles.jsonl").read_text().splitlines()]
    assert [record["picture"] for record in records] == ["heart", "cup", None]
    heart = client.get("/books/pictures/puzzles/1.svg?w=300").text
    assert heart.startswith("<svg") and ">13<" in heart  # the heart's widest row clue, in its band
    assert client.get("/books/pictures/answers/2.png").content.startswith(b"\x89PNG")
    for number in (1, 2, 3):
        one = client.get(f"/api/review/pictures/puzzles/{number}").json()
        assert len(one["centres"]) == len(records[number - 1]["grid"]) * len(records[number - 1]["grid"][0])
        assert one["explained"] and "Row 1" in " ".join(step["text"] for step in one["steps"])
        assert client.get(f"/books/pictures/review/{number}").status_code == 200
    cup = client.get("/api/review/pictures/puzzles/2").json()
    assert any("following the lines" in step["text"] for step in cup["steps"]), "a hard one's contradiction"
