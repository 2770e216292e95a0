"""`puzzlebook build`: config -> plan -> generate (parallel, checkpointed) -> verify -> typeset -> manifest.

Resumes from output/NAME/puzzles.jsonl, keeping only records whose fingerprint a planned job asks
for. The book depends on the config alone; timings, the one thing that varies, stay in the manifest.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from pipeline.atomic import leftovers, write_text_atomic
from pipeline.book.config import config_folder, load_config
from pipeline.book.configerrors import error_path, error_words
from pipeline.book.folderlock import exclusive
from pipeline.book.listing import listing_text
from pipeline.book.make import run_job
from pipeline.book.manifest import BuildReport, manifest, version_notes
from pipeline.book.plan import plan
from pipeline.book.preflight import check_layout, probe
from pipeline.book.resume import in_book_order, placed, resume
from pipeline.book.run import import_distributed, run_jobs
from pipeline.book.store import append_record, write_json_atomic
from pipeline.kinds.record import PuzzleRecord
from pipeline.book.verify import verify_records
from pipeline.book.writing import WRITE_TEST, check_writable, writing
from pipeline.bookspec import MAX_SEED, ParallelSpec
from pipeline.errors import PuzzleBookError
from pipeline.report.page import REPORT, report_html
from pipeline.typeset import book_fonts, page_count, typeset_book, typeset_cover

OUTPUT = Path("output")
CHECKPOINT = "puzzles.jsonl"
MANIFEST = "manifest.json"
COVER = "cover.pdf"
LISTING = "listing.txt"
_NAME = re.compile(r"\w[\w.-]*")


def build(
    config_path: str | Path,
    *,
    seed: int | None = None,
    jobs: int | None = None,
    out_dir: str | Path | None = None,
    quiet: bool = False,
    fresh: bool = False,
    screen: bool = False,
    backend: str | None = None,
    scheduler: str | None = None,
    cover_only: bool = False,
    progress: Callable[[dict[str, Any]], None] | None = None,
) -> BuildReport:
    """Build the book of `config_path` into output/NAME (or `out_dir`), reusing what is already made.

    `seed` replaces the config's seed, `jobs` its worker count, `backend` and `scheduler` its
    parallel backend and Dask scheduler; `fresh` discards the checkpoint; `screen` typesets for
    reading on screen (book-screen.pdf) instead of print (book.pdf). Every build also writes the
    full-wrap cover (cover.pdf), listing.txt and report.html (every puzzle, the difficulty charts);
    `cover_only` writes just the cover and the listing (the puzzles are made or reused as for a
    build: the cover shows them and their page count sets the spine).

    Everything that can be checked before making puzzles is: the config, the Dask extra, the output
    folder being writable, the layout of every planned board, and one small puzzle per board and
    level (preflight.py). Any failure leaves the previous book as it was. Another build already
    writing the same folder is an error (folderlock.py), not a race.

    `progress`, when given, receives plain records as the build goes (`Progress`): what the CLI's
    `--progress json` prints and the studio shows, a build that fails or is interrupted included.
    """
    with told_how_it_ended(progress):
        return _build(config_path, seed=seed, jobs=jobs, out_dir=out_dir, quiet=quiet, fresh=fresh, screen=screen,
                      backend=backend, scheduler=scheduler, cover_only=cover_only, progress=progress)


def _build(
    config_path: str | Path, *, seed: int | None, jobs: int | None, out_dir: str | Path | None, quiet: bool,
    fresh: bool, screen: bool, backend: str | None, scheduler: str | None, cover_only: bool,
    progress: Callable[[dict[str, Any]], None] | None,
) -> BuildReport:
    """`build` itself, its outcome told to `progress` by the caller."""
    timings: dict[str, float] = {}
    with stage(timings, "config"):
        book = load_config(config_path)
        if seed is not None:
            if not 0 <= seed <= MAX_SEED:
                raise PuzzleBookError(f"the book seed must be from 0 to {MAX_SEED}, got {seed}", field="--seed")
            book = book.model_copy(update={"seed": seed})
        parallel = parallel_settings(book.parallel, jobs, backend, scheduler)
    folder = output_folder(config_path, out_dir)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        raise PuzzleBookError(f"cannot create the output folder: {err.strerror or err}", source=str(folder)) from None
    check_writable(folder)
    with exclusive(folder):  # before the checkpoint is read: another build may be appending to it
        remove_leftovers(folder)
        checkpoint = folder / CHECKPOINT
        with stage(timings, "plan"), located(config_path):
            fonts = book_fonts(book.fonts.files(config_folder(str(config_path))), book.fonts.shown())
            planned = plan(book)
            check_layout(book, planned, fonts)
        with stage(timings, "resume"):
            made, notes = resume(checkpoint, planned, fresh)
            notes += version_notes(folder / MANIFEST)
        missing = [job for job in planned if job.fingerprint not in made]
        tell = Progress(planned, {job.fingerprint for job in missing}, progress)

        def keep(record: PuzzleRecord) -> None:
            with writing(checkpoint):
                append_record(checkpoint, record)
            made[job_of(record)] = record
            tell.made(record)

        with stage(timings, "generate"):
            probed = probe(missing, keep)
            notes += run_jobs(run_job, [job.to_dict() for job in missing if job.fingerprint not in probed],
                              n_jobs=parallel.n_jobs, backend=parallel.backend, scheduler=parallel.scheduler,
                              quiet=quiet, on_result=keep)
            records = [placed(made[job.fingerprint], job) for job in planned]
            with writing(checkpoint):
                in_book_order(checkpoint, records)
        tell.stage("verify")
        with stage(timings, "verify"):
            new = {job.fingerprint for job in missing}
            verify_records([record for record in records if job_of(record) in new])
        pdf = folder / ("book-screen.pdf" if screen else "book.pdf")
        tell.stage("typeset")
        with stage(timings, "typeset"), located(config_path):
            if cover_only:
                pages = page_count(book, records, fonts=fonts)
            else:
                with writing(pdf):
                    pages = typeset_book(book, records, pdf, screen=screen, fonts=fonts)
        tell.stage("cover")
        with stage(timings, "cover"), located(config_path), writing(folder / COVER):
            wrap = typeset_cover(book, records, pages, folder / COVER, fonts=fonts)
        with writing(folder / LISTING):
            write_text_atomic(folder / LISTING, listing_text(book, pages, wrap))
        report = BuildReport(
            name=Path(config_path).stem, pdf=None if cover_only else pdf, cover=folder / COVER,
            puzzles=len(records), reused=len(records) - len(missing), generated=len(missing), pages=pages,
            notes=tuple(notes), timings=timings,
        )
        if not cover_only:
            summary = manifest(book, config_path, records, report, screen)
            with writing(folder / MANIFEST):
                write_json_atomic(folder / MANIFEST, summary)
            with writing(folder / REPORT), located(config_path):
                write_text_atomic(folder / REPORT, report_html(book, records, summary, fonts=fonts))
        tell.done(report)
        return report


class Progress:
    """A build's progress as plain records, for whoever listens (`build(progress=...)`):

    - {"event": "plan", "puzzles": n, "sections": [{"name", "total", "reused"}]} once the plan is known;
    - {"event": "made", "section", "made", "total", "reused", "rate", "left"} each time a puzzle is
      made: `made` counts the section's puzzles done, reused ones included; `rate` is puzzles made per
      second so far in this build, `left` the seconds the section's missing puzzles may take at it;
    - {"event": "stage", "stage": "verify" | "typeset" | "cover"};
    - {"event": "done", "puzzles", "reused", "generated", "pages", "summary"};
    - or, ending the records early, {"event": "failed", "message", "source", "field", "line"} when the
      build stops at a mistake a user can fix (a PuzzleBookError at any stage, the config's included:
      `message` is its str, the rest say where, None when unknown), or {"event": "cancelled"} when it
      is interrupted (KeyboardInterrupt); either way the exception is raised on. A listener in another
      process (the studio) so learns why a build ended from the records, never from stderr's text.
    Wall-clock figures go to the listener only, never into the book.
    """

    def __init__(self, planned: list[Any], missing: set[str], listener: Callable[[dict[str, Any]], None] | None) -> None:
        self.listener = listener
        self.start = time.perf_counter()
        self.count = 0
        self.section_of = {job.fingerprint: job.section for job in planned}
        self.sections: dict[str, dict[str, Any]] = {}
        for job in planned:
            entry = self.sections.setdefault(job.section, {"name": job.section, "total": 0, "reused": 0, "made": 0})
            entry["total"] += 1
            if job.fingerprint not in missing:
                entry["reused"] += 1
                entry["made"] += 1
        self._send({"event": "plan", "puzzles": len(planned),
                    "sections": [{key: entry[key] for key in ("name", "total", "reused")}
                                 for entry in self.sections.values()]})

    def _send(self, record: dict[str, Any]) -> None:
        if self.listener is not None:
            self.listener(record)

    def made(self, record: PuzzleRecord) -> None:
        entry = self.sections.get(self.section_of.get(job_of(record), ""))
        if entry is None:
            return
        entry["made"] += 1
        self.count += 1
        rate = self.count / max(time.perf_counter() - self.start, 1e-6)
        self._send({"event": "made", "section": entry["name"], "made": entry["made"], "total": entry["total"],
                    "reused": entry["reused"], "rate": round(rate, 3),
                    "left": round((entry["total"] - entry["made"]) / rate, 1)})

    def stage(self, name: str) -> None:
        self._send({"event": "stage", "stage": name})

    def done(self, report: BuildReport) -> None:
        self._send({"event": "done", "puzzles": report.puzzles, "reused": report.reused,
                    "generated": report.generated, "pages": report.pages, "summary": report.summary()})


@contextmanager
def told_how_it_ended(listener: Callable[[dict[str, Any]], None] | None) -> Iterator[None]:
    """Send a build's 'failed' or 'cancelled' record (see Progress) to `listener`, then raise on."""
    try:
        yield
    except PuzzleBookError as err:
        if listener is not None:
            listener({"event": "failed", "message": str(err), "source": err.source, "field": err.field,
                      "line": err.line})
        raise
    except KeyboardInterrupt:
        if listener is not None:
            listener({"event": "cancelled"})
        raise


def job_of(record: PuzzleRecord) -> str:
    """The fingerprint of the job a book's record was made for (every record the build keeps has one)."""
    if record.fingerprint is None:
        raise PuzzleBookError("a puzzle record without its job's fingerprint reached the build")
    return record.fingerprint


def parallel_settings(
    spec: ParallelSpec, jobs: int | None, backend: str | None, scheduler: str | None
) -> ParallelSpec:
    """The config's parallel section with the command line's choices on top; a scheduler implies dask.

    The Dask extra is looked for here, so a missing install fails before anything is made. A bad
    value is named by its flag, found from where the error is (error_path), not from its words.
    """
    update: dict[str, Any] = {}
    if jobs is not None:
        update["n_jobs"] = jobs
    if backend is not None:
        update["backend"] = backend
        if backend != "dask" and scheduler is None:
            update["scheduler"] = None  # the config's cluster is not used by another backend
    if scheduler is not None:
        update["scheduler"] = scheduler
        update.setdefault("backend", "dask")
    try:
        merged = ParallelSpec.model_validate({**spec.model_dump(), **update})
    except ValidationError as err:
        first = err.errors()[0]
        place = error_path(first)
        field = "--jobs" if "n_jobs" in place else "--scheduler" if "scheduler" in place else "--backend"
        raise PuzzleBookError(error_words(first), field=field) from None
    if merged.backend == "dask":
        import_distributed()
    return merged


def remove_leftovers(folder: Path) -> None:
    """Delete the temporary files of writes a killed build never finished (this build holds the lock,
    so no other build is writing them)."""
    for name in (CHECKPOINT, MANIFEST, "book.pdf", "book-screen.pdf", COVER, LISTING, REPORT, WRITE_TEST):
        for path in leftovers(folder / name):
            with writing(path):
                path.unlink(missing_ok=True)


def output_folder(config_path: str | Path, out_dir: str | Path | None) -> Path:
    """`out_dir` as given, else output/NAME for a config NAME.yaml (a plain name: it cannot escape output/)."""
    if out_dir is not None:
        return Path(out_dir)
    name = Path(config_path).stem
    if not _NAME.fullmatch(name):
        raise PuzzleBookError(
            f"the config's name {name!r} cannot name a folder in {OUTPUT}/; rename the file "
            "(letters, digits, '_', '-', '.') or give --out DIR",
            source=str(config_path),
        )
    return OUTPUT / name


@contextmanager
def located(config_path: str | Path) -> Iterator[None]:
    """Name the config in a typesetting error that names only a field of it (a font, a per_page)."""
    try:
        yield
    except PuzzleBookError as err:
        if err.source is not None or err.field is None:
            raise
        raise PuzzleBookError(err.message, source=str(config_path), field=err.field) from None


@contextmanager
def stage(timings: dict[str, float], name: str) -> Iterator[None]:
    start = time.perf_counter()
    try:
        yield
    finally:
        timings[name] = round(time.perf_counter() - start, 3)


