"""The studio's routes: the pages a person opens and the JSON they talk to, over the stages that exist.

A thin layer: configs are checked by the config loader, puzzles made by the planner and the kinds,
pictures drawn by the typesetter, books built by `puzzlebook build` in a process of its own. No route
validates, draws or builds anything by itself. The Guard (security.py) stands in front of all of it.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import (
    FileResponse,
    HTMLResponse,
    JSONResponse,
    Response,
    StreamingResponse,
)
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.templating import Jinja2Templates

from pipeline import __version__, shapes
from pipeline.book.build import COVER, LISTING, output_folder
from pipeline.book.config import config_schema, load_config_text
from pipeline.bookspec import BookSpec
from pipeline.errors import PuzzleBookError
from pipeline.i18n import languages
from pipeline.kinds import registry
from pipeline.report.page import REPORT
from pipeline.studio import books, previews, review
from pipeline.studio.builds import Builds
from pipeline.studio.pictures import pdf_bytes_png, pdf_page_png
from pipeline.studio.security import Guard, Refused
from pipeline.studio.yamledit import edit
from pipeline.typeset.wrap import wrap

DOWNLOADS = {"book.pdf": "application/pdf", COVER: "application/pdf", LISTING: "text/plain; charset=utf-8",
             "puzzles.jsonl": "application/x-ndjson", REPORT: "text/html; charset=utf-8"}
THUMB_WIDTHS = (120, 200, 300, 600)


@dataclass
class Studio:
    """One studio's state: its folder, where builds run, the builds and the sample makers."""

    folder: Path
    cwd: Path
    builds: Builds
    samples: previews.Samples = field(default_factory=previews.Samples)
    reviews: review.Reviews = field(default_factory=review.Reviews)
    replaced: dict[str, dict[int, dict[str, Any]]] = field(default_factory=dict)
    """Per book, the puzzles replaced since the studio started, by number: the one replaced (its
    thumbnail), for a person to see the new one beside the old."""


def _package_path(*parts: str) -> Path:
    return Path(str(resources.files("pipeline.studio").joinpath(*parts)))


TEMPLATES = Jinja2Templates(directory=str(_package_path("templates")))


def create_app(folder: Path, *, token: str, hosts: set[str], port_of: Any, cwd: Path | None = None,
               warm: bool = True) -> Guard:
    """The studio over `folder`, builds running in `cwd` (default: the current folder), behind its Guard."""
    folder = folder.resolve()
    cwd = (cwd or Path.cwd()).resolve()
    studio = Studio(folder, cwd, Builds(folder, cwd))

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        if warm:
            studio.samples.warm()
        try:
            yield
        finally:
            await studio.builds.shutdown()
            studio.samples.close()

    routes = [
        Route("/", page_books),
        Route("/books/{name}", page_editor),
        Route("/api/books", api_books, methods=["GET", "POST"]),
        Route("/api/books/{name}", api_book, methods=["GET", "PUT", "DELETE"]),
        Route("/api/schema", api_schema),
        Route("/api/check", api_check, methods=["POST"]),
        Route("/api/edit", api_edit, methods=["POST"]),
        Route("/api/preview/shapes", api_preview_shapes, methods=["POST"]),
        Route("/api/preview/samples", api_preview_samples, methods=["POST"]),
        Route("/api/preview/page", api_preview_page, methods=["POST"]),
        Route("/api/builds/{name}", api_build, methods=["GET", "POST", "DELETE"]),
        Route("/api/builds/{name}/events", api_build_events),
        Route("/api/books/{name}/output", api_output),
        Route("/books/{name}/pages/{number:int}.png", picture_page),
        Route("/books/{name}/cover.png", picture_cover),
        Route("/books/{name}/front.png", picture_front),
        Route("/books/{name}/files/{file}", download),
        Route("/books/{name}/review", page_review),
        Route("/books/{name}/review/{number:int}", page_puzzle),
        Route("/api/review/{name}", api_review),
        Route("/api/review/{name}/puzzles/{number:int}", api_review_puzzle),
        Route("/api/review/{name}/replace", api_replace, methods=["POST"]),
        Route("/api/review/{name}/undo", api_undo, methods=["POST"]),
        Route("/books/{name}/puzzles/{number:int}.svg", picture_puzzle),
        Route("/books/{name}/answers/{number:int}.png", picture_answer),
        Mount("/static", StaticFiles(directory=str(_package_path("static"))), name="static"),
    ]
    app = Starlette(routes=routes, lifespan=lifespan,
                    exception_handlers={Refused: _refused, PuzzleBookError: _user_error, HTTPException: _http})
    app.state.studio = studio
    return Guard(app, token=token, hosts=hosts, port_of=port_of)


# ---------------------------------------------------------------- errors


async def _refused(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, Refused)
    return JSONResponse({"error": exc.message}, status_code=exc.status)


async def _user_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, PuzzleBookError)
    return JSONResponse({"error": str(exc), "problems": [books.problem_json(exc)]}, status_code=422)


async def _http(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, HTTPException)
    return JSONResponse({"error": exc.detail}, status_code=exc.status_code)


def _studio(request: Request) -> Studio:
    return request.app.state.studio  # type: ignore[no-any-return]


async def _body(request: Request) -> dict[str, Any]:
    try:
        data = json.loads(await request.body())
    except ValueError:
        raise Refused(400, "the request's body must be JSON") from None
    if not isinstance(data, dict):
        raise Refused(400, "the request's body must be a JSON object")
    return data


def _text(data: dict[str, Any]) -> str:
    text = data.get("text")
    if not isinstance(text, str):
        raise Refused(400, "give the config's text as 'text'")
    return text


def _name(data: dict[str, Any] | Request, key: str = "name") -> str:
    value = data.path_params.get(key) if isinstance(data, Request) else data.get(key)
    if not isinstance(value, str):
        raise Refused(400, f"give the book's {key}")
    return value


def _book(studio: Studio, name: str, text: str) -> tuple[BookSpec, Path]:
    """The book `text` describes, read as the config file NAME.yaml in the folder (so its fonts are found
    where the file's are); PuzzleBookError as the CLI words it."""
    path = books.config_path(studio.folder, name)
    return load_config_text(text, books.config_source(studio.folder, name, studio.cwd)), path


def _section(book: BookSpec, data: dict[str, Any]) -> int:
    index = data.get("section", 0)
    if not isinstance(index, int) or isinstance(index, bool) or not 0 <= index < len(book.sections):
        raise Refused(400, f"no section {index!r} in this book")
    return index


# ---------------------------------------------------------------- pages


async def page_books(request: Request) -> Response:
    studio = _studio(request)
    cards = [books.card(studio.folder, name, studio.cwd) for name in books.book_names(studio.folder)]
    return TEMPLATES.TemplateResponse(request, "books.html", {
        "cards": cards, "templates": books.templates(), "folder": str(studio.folder), "version": __version__,
    })


async def page_editor(request: Request) -> Response:
    studio = _studio(request)
    name = _name(request)
    if not books.config_path(studio.folder, name).is_file():
        return HTMLResponse("no such book in this folder", status_code=404)
    return TEMPLATES.TemplateResponse(request, "editor.html", {"name": name, "version": __version__})


# ---------------------------------------------------------------- books


async def api_books(request: Request) -> Response:
    studio = _studio(request)
    if request.method == "POST":
        data = await _body(request)
        name = _name(data)
        template = data.get("template")
        if not isinstance(template, str):
            raise Refused(400, "give the template to start from")
        books.create(studio.folder, name, template)
        return JSONResponse({"name": name, "url": f"/books/{name}"}, status_code=201)
    cards = [books.card(studio.folder, name, studio.cwd).to_json() for name in books.book_names(studio.folder)]
    return JSONResponse({"books": cards, "templates": books.templates()})


async def api_book(request: Request) -> Response:
    studio = _studio(request)
    name = _name(request)
    if request.method == "GET":
        return JSONResponse(books.read(studio.folder, name))
    if request.method == "DELETE":  # the draft only: a book's file is the user's to delete
        books.discard_draft(studio.folder, name)
        return JSONResponse({"draft": False})
    data = await _body(request)
    if not books.config_path(studio.folder, name).is_file():
        raise Refused(404, f"no book {name!r} in the folder")
    result = books.save(studio.folder, name, _text(data), as_draft=bool(data.get("draft")), cwd=studio.cwd)
    return JSONResponse(result, status_code=200 if result["saved"] or result["draft"] else 422)


async def api_schema(request: Request) -> Response:
    studio = _studio(request)
    return JSONResponse({
        "schema": config_schema(),
        "fonts": books.font_files(studio.folder),
        "shapes": {kind.name: list(kind.own_shapes()) or shapes.shape_names() for kind in registry.KINDS},
        "languages": languages(),
    })


async def api_check(request: Request) -> Response:
    """Every mistake of the text as the CLI words it, and the settings it holds (for the form)."""
    from pipeline.book.config import config_problems
    from pipeline.book.yamlfile import read_yaml

    studio = _studio(request)
    data = await _body(request)
    name = _name(data)
    text = _text(data)
    source = books.config_source(studio.folder, name, studio.cwd)
    problems = await run_in_threadpool(config_problems, text, source)
    try:
        _, settings = read_yaml(text, source)
    except PuzzleBookError:
        settings = None
    return JSONResponse({"problems": [books.problem_json(p) for p in problems],
                         "settings": settings if isinstance(settings, dict) else None})


async def api_edit(request: Request) -> Response:
    data = await _body(request)
    path = data.get("path")
    if not isinstance(path, list) or not all(isinstance(part, (str, int)) and not isinstance(part, bool) for part in path):
        raise Refused(400, "give the setting's path as a list of keys and indexes")
    op = data.get("op", "set")
    if op not in ("set", "append", "remove"):
        raise Refused(400, "op is set, append or remove")
    text = edit(_text(data), path, data.get("value"), op=op)
    return JSONResponse({"text": text})


# ---------------------------------------------------------------- previews


async def api_preview_shapes(request: Request) -> Response:
    studio = _studio(request)
    data = await _body(request)
    book, _ = _book(studio, _name(data), _text(data))
    section = _section(book, data)
    return JSONResponse({"shapes": await run_in_threadpool(previews.shape_previews, book, section)})


async def api_preview_samples(request: Request) -> Response:
    studio = _studio(request)
    data = await _body(request)
    book, path = _book(studio, _name(data), _text(data))
    section = _section(book, data)
    count = min(previews.SAMPLES, book.sections[section].count)
    records = await studio.samples.records(book, _out(studio, _name(data)), section, count)
    return JSONResponse({"samples": await run_in_threadpool(previews.sample_cards, book, records)})


async def api_preview_page(request: Request) -> Response:
    studio = _studio(request)
    data = await _body(request)
    book, path = _book(studio, _name(data), _text(data))
    section = _section(book, data)
    count = min(book.sections[section].per_page, book.sections[section].count)
    records = await studio.samples.records(book, _out(studio, _name(data)), section, count)
    image = await run_in_threadpool(previews.page_preview, book, path, section, records)
    return JSONResponse({"image": image})


# ---------------------------------------------------------------- builds


async def api_build(request: Request) -> Response:
    studio = _studio(request)
    name = _name(request)
    path = books.config_path(studio.folder, name)
    if not path.is_file():
        raise Refused(404, f"no book {name!r} in the folder")
    if request.method == "POST":
        run = await studio.builds.start(name, path)
        return JSONResponse(run.snapshot(), status_code=202)
    if request.method == "DELETE":
        run = await studio.builds.cancel(name)
        return JSONResponse(run.snapshot(), status_code=202)
    run = studio.builds.current(name)
    snapshot = run.snapshot() if run else {"name": name, "state": "idle", "events": [], "number": 0}
    return JSONResponse({**snapshot, "pending": studio.builds.pending(name)})


async def api_build_events(request: Request) -> Response:
    """Server-sent events: the build's progress records, those said so far first."""
    studio = _studio(request)
    name = _name(request)
    books.config_path(studio.folder, name)

    async def stream() -> AsyncIterator[str]:
        async for record in studio.builds.listen(name):
            yield f"data: {json.dumps(record)}\n\n"

    return StreamingResponse(stream(), media_type="text/event-stream", headers={"Cache-Control": "no-store"})


# ---------------------------------------------------------------- what a build made


def _out(studio: Studio, name: str) -> Path:
    return studio.cwd / output_folder(books.config_path(studio.folder, name), None)


def _cover_geometry(studio: Studio, name: str) -> dict[str, Any] | None:
    """The built cover's panels in points (bottom-left origin), from the saved config and the manifest."""
    path = books.config_path(studio.folder, name)
    out = _out(studio, name)
    try:
        manifest = json.loads((out / "manifest.json").read_text(encoding="utf-8"))
        book = load_config_text(path.read_text(encoding="utf-8"), books.config_source(studio.folder, name, studio.cwd))
    except (OSError, ValueError, PuzzleBookError):
        return None
    trim_w, trim_h = book.page.trim_points()
    geometry = wrap(trim_w, trim_h, int(manifest["pages"]), book.cover.paper)
    rect = lambda r: [round(r.x, 2), round(r.y, 2), round(r.w, 2), round(r.h, 2)]  # noqa: E731
    return {"media": [round(v, 2) for v in geometry.media], "trim": rect(geometry.trim), "back": rect(geometry.back),
            "spine": rect(geometry.spine_panel), "front": rect(geometry.front), "barcode": rect(geometry.barcode),
            "pages": int(manifest["pages"])}


async def api_output(request: Request) -> Response:
    """What the last build left: page count, the files there and the cover's geometry."""
    studio = _studio(request)
    name = _name(request)
    out = _out(studio, name)
    pdf = out / "book.pdf"
    pages = 0
    if pdf.is_file():
        from pipeline.studio.pictures import page_count

        pages = await run_in_threadpool(page_count, pdf)
    stamp = pdf.stat().st_mtime_ns if pdf.is_file() else 0
    return JSONResponse({"pages": pages, "stamp": stamp, "files": [f for f in DOWNLOADS if (out / f).is_file()],
                         "cover": _cover_geometry(studio, name) if (out / COVER).is_file() else None})


async def picture_page(request: Request) -> Response:
    studio = _studio(request)
    pdf = _out(studio, _name(request)) / "book.pdf"
    width = int(request.query_params.get("w", "200")) if request.query_params.get("w", "200").isdigit() else 200
    width = min(THUMB_WIDTHS, key=lambda w: abs(w - width))
    number = request.path_params["number"]
    if not pdf.is_file():
        raise Refused(404, "the book is not built yet")
    try:
        data = await run_in_threadpool(pdf_page_png, pdf, number - 1, width=width)
    except IndexError:
        raise Refused(404, f"the book has no page {number}") from None
    return Response(data, media_type="image/png", headers={"Cache-Control": "private, max-age=3600"})


async def picture_cover(request: Request) -> Response:
    studio = _studio(request)
    pdf = _out(studio, _name(request)) / COVER
    if not pdf.is_file():
        raise Refused(404, "the cover is not built yet")
    data = await run_in_threadpool(pdf_page_png, pdf, 0, width=600)
    return Response(data, media_type="image/png", headers={"Cache-Control": "no-cache"})


async def picture_front(request: Request) -> Response:
    studio = _studio(request)
    name = _name(request)
    pdf = _out(studio, name) / COVER
    geometry = _cover_geometry(studio, name)
    if not pdf.is_file() or geometry is None:
        raise Refused(404, "the cover is not built yet")
    data = await run_in_threadpool(pdf_bytes_png, pdf.read_bytes(), dpi=24, crop=tuple(geometry["front"]))
    return Response(data, media_type="image/png", headers={"Cache-Control": "no-cache"})


async def download(request: Request) -> Response:
    studio = _studio(request)
    name = _name(request)
    file = request.path_params["file"]
    if file not in DOWNLOADS:
        raise Refused(404, f"no file {file[:40]!r} to download")
    path = _out(studio, name) / file
    if not path.is_file():
        raise Refused(404, f"{file} is not built yet")
    return FileResponse(path, media_type=DOWNLOADS[file], filename=f"{name}-{file}" if file != "book.pdf" else f"{name}.pdf",
                        content_disposition_type="inline" if file == REPORT else "attachment")


# ---------------------------------------------------------------- review, puzzle by puzzle


def _built(studio: Studio, name: str) -> review.Built:
    path = books.config_path(studio.folder, name)
    if not path.is_file():
        raise Refused(404, f"no book {name!r} in the folder")
    return studio.reviews.get(path, _out(studio, name), books.config_source(studio.folder, name, studio.cwd))


async def page_review(request: Request) -> Response:
    studio = _studio(request)
    name = _name(request)
    if not books.config_path(studio.folder, name).is_file():
        return HTMLResponse("no such book in this folder", status_code=404)
    return TEMPLATES.TemplateResponse(request, "review.html", {"name": name, "version": __version__})


async def page_puzzle(request: Request) -> Response:
    studio = _studio(request)
    name = _name(request)
    if not books.config_path(studio.folder, name).is_file():
        return HTMLResponse("no such book in this folder", status_code=404)
    return TEMPLATES.TemplateResponse(request, "puzzle.html", {
        "name": name, "number": request.path_params["number"], "version": __version__})


async def api_review(request: Request) -> Response:
    studio = _studio(request)
    name = _name(request)
    built = await run_in_threadpool(_built, studio, name)
    data = await run_in_threadpool(review.review_json, built)
    run = studio.builds.current(name)
    data["building"] = studio.builds.pending(name) or bool(run and not run.over)
    data["replaced"] = {str(number): old for number, old in studio.replaced.get(name, {}).items()}
    return JSONResponse(data)


async def api_review_puzzle(request: Request) -> Response:
    studio = _studio(request)
    built = await run_in_threadpool(_built, studio, _name(request))
    return JSONResponse(await run_in_threadpool(review.puzzle_json, built, request.path_params["number"]))


def _thumb_width(request: Request) -> int:
    asked = request.query_params.get("w", "120")
    width = int(asked) if asked.isdigit() and len(asked) < 5 else 120
    return min(review.THUMB_WIDTHS, key=lambda w: abs(w - width))


async def picture_puzzle(request: Request) -> Response:
    studio = _studio(request)
    built = await run_in_threadpool(_built, studio, _name(request))
    svg = await run_in_threadpool(review.thumbnail, built, request.path_params["number"], _thumb_width(request))
    return Response(svg, media_type="image/svg+xml", headers={"Cache-Control": "private, max-age=86400"})


async def picture_answer(request: Request) -> Response:
    studio = _studio(request)
    built = await run_in_threadpool(_built, studio, _name(request))
    data = await run_in_threadpool(review.answer_png, built, request.path_params["number"])
    return Response(data, media_type="image/png", headers={"Cache-Control": "private, max-age=86400"})


def _number(data: dict[str, Any]) -> int:
    number = data.get("number")
    if not isinstance(number, int) or isinstance(number, bool):
        raise Refused(400, "give the puzzle's number in the book")
    return number


async def _reroll(request: Request, change: str) -> Response:
    """Replace a puzzle (its index into its section's reroll list) or take the replacement back, save
    the config (comments kept) and ask for one rebuild (changes made in a row share it)."""
    studio = _studio(request)
    name = _name(request)
    number = _number(await _body(request))
    built = await run_in_threadpool(_built, studio, name)
    record, _ = built.number(number)
    path = books.config_path(studio.folder, name)
    source = books.config_source(studio.folder, name, studio.cwd)
    text = path.read_text(encoding="utf-8")
    book = load_config_text(text, source)
    section, index = record["section_index"], record["index"]
    if change == "replace":
        new = review.with_reroll(text, book, section, index, source)
        studio.replaced.setdefault(name, {})[number] = {  # the puzzle being replaced, to show beside its successor
            "number": number, "fingerprint": record["fingerprint"],
            "svg": await run_in_threadpool(review.thumbnail, built, number, 160)}
    else:
        new = review.without_reroll(text, book, section, index, source)
        studio.replaced.get(name, {}).pop(number, None)
    result = books.save(studio.folder, name, new, as_draft=False, cwd=studio.cwd)
    if not result["saved"]:
        raise Refused(422, result["problems"][0]["text"] if result["problems"] else "the config could not be saved")
    studio.builds.request(name, path)
    rerolls = load_config_text(new, source).sections[section].reroll
    return JSONResponse({"number": number, "section": book.sections[section].name, "index": index,
                         "reroll": rerolls, "building": True})


async def api_replace(request: Request) -> Response:
    return await _reroll(request, "replace")


async def api_undo(request: Request) -> Response:
    return await _reroll(request, "undo")


def studio_of(app: Guard) -> Studio:
    """The studio behind an app made by create_app (for the tests and the server)."""
    return app.app.state.studio  # type: ignore[no-any-return,attr-defined]
