"""The studio's routes: the pages a person opens and the JSON they talk to, over the stages that exist.

A thin layer: requests are read by their models (inputs.py), configs checked by the config loader,
puzzles made by the planner and the kinds, pictures drawn by the typesetter, books built by
`puzzlebook build` in a process of its own. No route validates, draws or builds anything by itself,
and none does blocking work (files, configs, pictures) on the event loop: that runs in a thread. The
Guard (security.py) stands in front of all of it.
"""

from __future__ import annotations

import asyncio
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
from pipeline.book.build import COVER, LISTING, MANIFEST, output_folder
from pipeline.book.volumes import shown_folder
from pipeline.book.config import config_problems, config_schema, load_config_text
from pipeline.book.yamlfile import read_yaml
from pipeline.bookspec import BookSpec
from pipeline.errors import PuzzleBookError
from pipeline.i18n import languages
from pipeline.kinds import registry
from pipeline.report.page import REPORT
from pipeline.studio import books, inputs, previews, review
from pipeline.studio.builds import Builds
from pipeline.studio.pictures import page_count, pdf_bytes_png, pdf_page_png
from pipeline.studio.security import Guard, Refused
from pipeline.studio.yamledit import edit
from pipeline.typeset.wrap import wrap

DOWNLOADS = {"book.pdf": "application/pdf", COVER: "application/pdf", LISTING: "text/plain; charset=utf-8",
             "puzzles.jsonl": "application/x-ndjson", REPORT: "text/html; charset=utf-8"}
THUMB_WIDTHS = (120, 200, 300, 600)


@dataclass(frozen=True)
class Book:
    """One book of the folder, by name: its config file, how messages name it (as `puzzlebook build`
    run where the builds run would) and the output folder its builds fill."""

    name: str
    config: Path
    source: str
    out: Path


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
    editing: asyncio.Lock = field(default_factory=asyncio.Lock)
    """Held while a replacement reads, edits and saves a config, so two in a row never lose one."""

    def named(self, name: str) -> Book:
        """The book called `name`, whether its config exists or not; Refused(404) for a name that is
        not a plain book name or leads out of the folder (security.inside)."""
        config = books.config_path(self.folder, name)
        return Book(name, config, books.config_source(self.folder, name, self.cwd),
                    shown_folder(self.cwd / output_folder(config, None)))

    def book(self, name: str) -> Book:
        """The book called `name`, its config a file of the folder; else Refused(404). The one place
        that decides a book exists (it touches the disk: call it off the event loop)."""
        found = self.named(name)
        if not found.config.is_file():
            raise Refused(404, f"no book {name!r} in the folder")
        return found


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
        Route("/books/{name:book}", page_editor),
        Route("/api/books", api_books, methods=["GET", "POST"]),
        Route("/api/books/{name:book}", api_book, methods=["GET", "PUT", "DELETE"]),
        Route("/api/schema", api_schema),
        Route("/api/check", api_check, methods=["POST"]),
        Route("/api/edit", api_edit, methods=["POST"]),
        Route("/api/preview/shapes", api_preview_shapes, methods=["POST"]),
        Route("/api/preview/samples", api_preview_samples, methods=["POST"]),
        Route("/api/preview/page", api_preview_page, methods=["POST"]),
        Route("/api/builds/{name:book}", api_build, methods=["GET", "POST", "DELETE"]),
        Route("/api/builds/{name:book}/events", api_build_events),
        Route("/api/books/{name:book}/output", api_output),
        Route("/books/{name:book}/pages/{number:number}.png", picture_page),
        Route("/books/{name:book}/cover.png", picture_cover),
        Route("/books/{name:book}/front.png", picture_front),
        Route("/books/{name:book}/files/{file}", download),
        Route("/books/{name:book}/review", page_review),
        Route("/books/{name:book}/review/{number:number}", page_puzzle),
        Route("/api/review/{name:book}", api_review),
        Route("/api/review/{name:book}/puzzles/{number:number}", api_review_puzzle),
        Route("/api/review/{name:book}/replace", api_replace, methods=["POST"]),
        Route("/api/review/{name:book}/undo", api_undo, methods=["POST"]),
        Route("/books/{name:book}/puzzles/{number:number}.svg", picture_puzzle),
        Route("/books/{name:book}/answers/{number:number}.png", picture_answer),
        Mount("/static", StaticFiles(directory=str(_package_path("static"))), name="static"),
    ]
    app = Starlette(routes=routes, lifespan=lifespan,
                    exception_handlers={inputs.Invalid: _invalid, Refused: _refused, PuzzleBookError: _user_error,
                                        HTTPException: _http})
    app.state.studio = studio
    return Guard(app, token=token, hosts=hosts, port_of=port_of)


# ---------------------------------------------------------------- errors


async def _invalid(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, inputs.Invalid)
    return JSONResponse(exc.to_json(), status_code=400)


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
    return request.app.state.studio


async def _book(request: Request) -> Book:
    """The book the path names ({name:book}), which must exist."""
    return await run_in_threadpool(_studio(request).book, request.path_params["name"])


def _spec(studio: Studio, asked: inputs.Text) -> tuple[BookSpec, Book]:
    """The book `asked.text` describes, read as the config file NAME.yaml in the folder (so its fonts are
    found where the file's are); PuzzleBookError as the CLI words it."""
    book = studio.named(asked.name)
    return load_config_text(asked.text, book.source), book


def _section(studio: Studio, asked: inputs.Section) -> tuple[BookSpec, Book]:
    """As _spec, and the section asked for is one of the book's."""
    spec, book = _spec(studio, asked)
    if asked.section >= len(spec.sections):
        raise inputs.Invalid.field("section", f"no section {asked.section} in this book (it has {len(spec.sections)}, "
                                              "numbered from 0)")
    return spec, book


# ---------------------------------------------------------------- pages


def _cards(studio: Studio) -> list[books.BookCard]:
    return [books.card(studio.folder, name, studio.cwd) for name in books.book_names(studio.folder)]


async def page_books(request: Request) -> Response:
    studio = _studio(request)
    cards, templates = await run_in_threadpool(lambda: (_cards(studio), books.templates()))
    return TEMPLATES.TemplateResponse(request, "books.html", {
        "cards": cards, "templates": templates, "folder": str(studio.folder), "version": __version__,
    })


async def _page(request: Request, template: str, **context: Any) -> Response:
    """One of a book's pages; a plain 404 page when there is no such book."""
    try:
        book = await _book(request)
    except Refused:
        return HTMLResponse("no such book in this folder", status_code=404)
    return TEMPLATES.TemplateResponse(request, template, {"name": book.name, "version": __version__, **context})


async def page_editor(request: Request) -> Response:
    return await _page(request, "editor.html")


# ---------------------------------------------------------------- books


async def api_books(request: Request) -> Response:
    studio = _studio(request)
    if request.method == "POST":
        asked = await inputs.body(request, inputs.NewBook)
        await run_in_threadpool(books.create, studio.folder, asked.name, asked.template)
        return JSONResponse({"name": asked.name, "url": f"/books/{asked.name}"}, status_code=201)
    cards, templates = await run_in_threadpool(lambda: (_cards(studio), books.templates()))
    return JSONResponse({"books": [card.to_json() for card in cards], "templates": templates})


async def api_book(request: Request) -> Response:
    studio = _studio(request)
    book = await _book(request)
    if request.method == "GET":
        return JSONResponse(await run_in_threadpool(books.read, studio.folder, book.name))
    if request.method == "DELETE":  # the draft only: a book's file is the user's to delete
        await run_in_threadpool(books.discard_draft, studio.folder, book.name)
        return JSONResponse({"draft": False})
    asked = await inputs.body(request, inputs.Saving)
    result = await run_in_threadpool(lambda: books.save(studio.folder, book.name, asked.text, as_draft=asked.draft,
                                                        cwd=studio.cwd))
    return JSONResponse(result, status_code=200 if result["saved"] or result["draft"] else 422)


def _schema(studio: Studio) -> dict[str, Any]:
    return {
        "schema": config_schema(),
        "fonts": books.font_files(studio.folder),
        "shapes": {kind.name: list(kind.own_shapes()) or shapes.shape_names() for kind in registry.KINDS},
        "languages": languages(),
    }


async def api_schema(request: Request) -> Response:
    return JSONResponse(await run_in_threadpool(_schema, _studio(request)))


def _checked(studio: Studio, asked: inputs.Text) -> dict[str, Any]:
    """Every mistake of the text as the CLI words it, and the settings it holds (for the form)."""
    source = studio.named(asked.name).source
    problems = config_problems(asked.text, source)
    try:
        _, settings = read_yaml(asked.text, source)
    except PuzzleBookError:
        settings = None
    return {"problems": [books.problem_json(p) for p in problems],
            "settings": settings if isinstance(settings, dict) else None}


async def api_check(request: Request) -> Response:
    asked = await inputs.body(request, inputs.Text)
    return JSONResponse(await run_in_threadpool(_checked, _studio(request), asked))


async def api_edit(request: Request) -> Response:
    asked = await inputs.body(request, inputs.Edit)
    text = await run_in_threadpool(lambda: edit(asked.text, list(asked.path), asked.value, op=asked.op))
    return JSONResponse({"text": text})


# ---------------------------------------------------------------- previews


async def api_preview_shapes(request: Request) -> Response:
    studio = _studio(request)
    asked = await inputs.body(request, inputs.Section)
    spec, _ = await run_in_threadpool(_section, studio, asked)
    return JSONResponse({"shapes": await run_in_threadpool(previews.shape_previews, spec, asked.section)})


async def api_preview_samples(request: Request) -> Response:
    studio = _studio(request)
    asked = await inputs.body(request, inputs.Section)
    spec, book = await run_in_threadpool(_section, studio, asked)
    count = min(previews.SAMPLES, spec.sections[asked.section].count)
    records = await studio.samples.records(spec, book.out, asked.section, count)
    return JSONResponse({"samples": await run_in_threadpool(previews.sample_cards, spec, records)})


async def api_preview_page(request: Request) -> Response:
    studio = _studio(request)
    asked = await inputs.body(request, inputs.Section)
    spec, book = await run_in_threadpool(_section, studio, asked)
    section = spec.sections[asked.section]
    records = await studio.samples.records(spec, book.out, asked.section, min(section.per_page, section.count))
    image = await run_in_threadpool(previews.page_preview, spec, book.config, asked.section, records)
    return JSONResponse({"image": image})


# ---------------------------------------------------------------- builds


async def api_build(request: Request) -> Response:
    studio = _studio(request)
    book = await _book(request)
    if request.method == "POST":
        run = await studio.builds.start(book.name, book.config)
        return JSONResponse(run.snapshot(), status_code=202)
    if request.method == "DELETE":
        run = await studio.builds.cancel(book.name)
        return JSONResponse(run.snapshot(), status_code=202)
    last = studio.builds.current(book.name)
    snapshot = last.snapshot() if last else {"name": book.name, "state": "idle", "events": [], "number": 0}
    return JSONResponse({**snapshot, "pending": studio.builds.pending(book.name)})


async def api_build_events(request: Request) -> Response:
    """Server-sent events: the build's progress records, those said so far first."""
    studio = _studio(request)
    book = await _book(request)

    async def stream() -> AsyncIterator[str]:
        async for record in studio.builds.listen(book.name):
            yield f"data: {json.dumps(record)}\n\n"

    return StreamingResponse(stream(), media_type="text/event-stream", headers={"Cache-Control": "no-store"})


# ---------------------------------------------------------------- what a build made


def _cover_geometry(book: Book) -> dict[str, Any] | None:
    """The built cover's panels in points (bottom-left origin), from the saved config and the manifest."""
    try:
        manifest = json.loads((book.out / MANIFEST).read_text(encoding="utf-8"))
        spec = load_config_text(book.config.read_text(encoding="utf-8"), book.source)
        pages = int(manifest["pages"])
    except (OSError, ValueError, KeyError, TypeError, PuzzleBookError):
        return None
    trim_w, trim_h = spec.page.trim_points()
    geometry = wrap(trim_w, trim_h, pages, spec.cover.paper)
    rect = lambda r: [round(r.x, 2), round(r.y, 2), round(r.w, 2), round(r.h, 2)]  # noqa: E731
    return {"media": [round(v, 2) for v in geometry.media], "trim": rect(geometry.trim), "back": rect(geometry.back),
            "spine": rect(geometry.spine_panel), "front": rect(geometry.front), "barcode": rect(geometry.barcode),
            "pages": pages}


def _output(book: Book) -> dict[str, Any]:
    """What the last build left: page count, the files there and the cover's geometry."""
    pdf = book.out / "book.pdf"
    built = pdf.is_file()
    return {"pages": page_count(pdf) if built else 0, "stamp": pdf.stat().st_mtime_ns if built else 0,
            "files": [f for f in DOWNLOADS if (book.out / f).is_file()],
            "cover": _cover_geometry(book) if (book.out / COVER).is_file() else None}


async def api_output(request: Request) -> Response:
    return JSONResponse(await run_in_threadpool(_output, await _book(request)))


def _page_png(book: Book, number: int, width: int) -> bytes:
    pdf = book.out / "book.pdf"
    if not pdf.is_file():
        raise Refused(404, "the book is not built yet")
    try:
        if number < 1:
            raise IndexError(number)
        return pdf_page_png(pdf, number - 1, width=width)
    except IndexError:
        raise Refused(404, f"the book has no page {number}") from None


async def picture_page(request: Request) -> Response:
    asked = inputs.query(request, inputs.PageWidth)
    width = min(THUMB_WIDTHS, key=lambda w: abs(w - asked.w))
    data = await run_in_threadpool(_page_png, await _book(request), request.path_params["number"], width)
    return Response(data, media_type="image/png", headers={"Cache-Control": "private, max-age=3600"})


def _cover_png(book: Book) -> bytes:
    pdf = book.out / COVER
    if not pdf.is_file():
        raise Refused(404, "the cover is not built yet")
    return pdf_page_png(pdf, 0, width=600)


async def picture_cover(request: Request) -> Response:
    data = await run_in_threadpool(_cover_png, await _book(request))
    return Response(data, media_type="image/png", headers={"Cache-Control": "no-cache"})


def _front_png(book: Book) -> bytes:
    pdf = book.out / COVER
    geometry = _cover_geometry(book)
    try:
        data = pdf.read_bytes()
    except OSError:
        data = None
    if data is None or geometry is None:
        raise Refused(404, "the cover is not built yet")
    return pdf_bytes_png(data, dpi=24, crop=tuple(geometry["front"]))


async def picture_front(request: Request) -> Response:
    data = await run_in_threadpool(_front_png, await _book(request))
    return Response(data, media_type="image/png", headers={"Cache-Control": "no-cache"})


async def download(request: Request) -> Response:
    book = await _book(request)
    file = request.path_params["file"]
    if file not in DOWNLOADS:
        raise Refused(404, f"no file {file[:40]!r} to download")
    path = book.out / file
    if not await run_in_threadpool(path.is_file):
        raise Refused(404, f"{file} is not built yet")
    return FileResponse(path, media_type=DOWNLOADS[file],
                        filename=f"{book.name}-{file}" if file != "book.pdf" else f"{book.name}.pdf",
                        content_disposition_type="inline" if file == REPORT else "attachment")


# ---------------------------------------------------------------- review, puzzle by puzzle


def _built(studio: Studio, name: str) -> review.Built:
    book = studio.book(name)
    return studio.reviews.get(book.config, book.out, book.source)


async def page_review(request: Request) -> Response:
    return await _page(request, "review.html")


async def page_puzzle(request: Request) -> Response:
    return await _page(request, "puzzle.html", number=request.path_params["number"])


async def api_review(request: Request) -> Response:
    studio = _studio(request)
    name = request.path_params["name"]
    data = await run_in_threadpool(lambda: review.review_json(_built(studio, name)))
    run = studio.builds.current(name)
    data["building"] = studio.builds.pending(name) or bool(run and not run.over)
    data["replaced"] = {str(number): old for number, old in studio.replaced.get(name, {}).items()}
    return JSONResponse(data)


async def api_review_puzzle(request: Request) -> Response:
    studio = _studio(request)
    name, number = request.path_params["name"], request.path_params["number"]
    return JSONResponse(await run_in_threadpool(lambda: review.puzzle_json(_built(studio, name), number)))


async def picture_puzzle(request: Request) -> Response:
    studio = _studio(request)
    asked = inputs.query(request, inputs.PuzzleWidth)
    width = min(review.THUMB_WIDTHS, key=lambda w: abs(w - asked.w))
    name, number = request.path_params["name"], request.path_params["number"]
    svg = await run_in_threadpool(lambda: review.thumbnail(_built(studio, name), number, width))
    return Response(svg, media_type="image/svg+xml", headers={"Cache-Control": "private, max-age=86400"})


async def picture_answer(request: Request) -> Response:
    studio = _studio(request)
    name, number = request.path_params["name"], request.path_params["number"]
    data = await run_in_threadpool(lambda: review.answer_png(_built(studio, name), number))
    return Response(data, media_type="image/png", headers={"Cache-Control": "private, max-age=86400"})


@dataclass(frozen=True)
class _Rerolled:
    """What a replacement (or its undo) changed: the answer's fields, and the puzzle replaced."""

    answer: dict[str, Any]
    old: dict[str, Any] | None


def _reroll(studio: Studio, name: str, number: int, change: str) -> _Rerolled:
    """Replace a puzzle (its index into its section's reroll list) or take the replacement back, and
    save the config (comments kept)."""
    built = _built(studio, name)
    book = studio.named(name)
    record, _ = built.number(number)
    text = books.read_text(book.config)
    spec = load_config_text(text, book.source)
    section, index = record.section_index, record.index
    old = None
    if change == "replace":
        new = review.with_reroll(text, spec, section, index, book.source)
        old = {"number": number, "fingerprint": record.fingerprint, "svg": review.thumbnail(built, number, 160)}
    else:
        new = review.without_reroll(text, spec, section, index, book.source)
    result = books.save(studio.folder, name, new, as_draft=False, cwd=studio.cwd)
    if not result["saved"]:
        raise Refused(422, result["problems"][0]["text"] if result["problems"] else "the config could not be saved")
    rerolls = load_config_text(new, book.source).sections[section].reroll
    return _Rerolled({"number": number, "section": spec.sections[section].name, "index": index, "reroll": rerolls,
                      "building": True}, old)


async def _rerolled(request: Request, change: str) -> Response:
    """A replacement or its undo, then one rebuild asked for (changes made in a row share it)."""
    studio = _studio(request)
    asked = await inputs.body(request, inputs.Puzzle)
    book = await _book(request)
    async with studio.editing:
        done = await run_in_threadpool(_reroll, studio, book.name, asked.number, change)
    if done.old is not None:  # the puzzle being replaced, to show beside its successor
        studio.replaced.setdefault(book.name, {})[asked.number] = done.old
    else:
        studio.replaced.get(book.name, {}).pop(asked.number, None)
    studio.builds.request(book.name, book.config)
    return JSONResponse(done.answer)


async def api_replace(request: Request) -> Response:
    return await _rerolled(request, "replace")


async def api_undo(request: Request) -> Response:
    return await _rerolled(request, "undo")


def studio_of(app: Guard) -> Studio:
    """The studio behind an app made by create_app (for the tests and the server)."""
    inner = app.app
    assert isinstance(inner, Starlette)
    return inner.state.studio
