"""`puzzlebook build`: config -> volumes -> plan -> choose puzzles that repeat none (each made, proved
again and fingerprinted in the workers, checkpointed) -> typeset (drawn in the workers) -> cover,
manifest, report.

Resumes from each book folder's puzzles.jsonl (and passed-over.jsonl), keeping only records a job
asks for. The book depends on the config alone; timings, the one thing that varies, stay in the
manifest.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, cast

from pydantic import ValidationError

from pipeline.atomic import leftovers, write_bytes_atomic, write_text_atomic
from pipeline.book.config import config_folder, load_config
from pipeline.book.configerrors import error_path, error_words, field_line
from pipeline.book.finishing import DrawTask, ThumbnailTask, finishing_task, finishing_work, thumbnail_runs
from pipeline.book.folderlock import exclusive
from pipeline.book.listing import listing_text
from pipeline.book.capacity import check_capacity
from pipeline.book.manifest import BuildReport, manifest, version_notes
from pipeline.book.plan import plan
from pipeline.book.preflight import check_layout
from pipeline.book.repeats import excluded
from pipeline.book.resume import Saved, in_book_order
from pipeline.book.run import import_distributed
from pipeline.book.seriesindex import write_series_index
from pipeline.book.store import CHECKPOINT, read_records, write_json_atomic, write_records
from pipeline.book.supply import Supply
from pipeline.book.unique import Slot, choose_unique
from pipeline.book.volumes import SERIES_INDEX, Volume, volume_of, volumes
from pipeline.book.workers import Workers
from pipeline.book.writing import WRITE_TEST, check_writable, writing
from pipeline.bookspec import MAX_SEED, BookSpec, ParallelSpec
from pipeline.kinds.record import PuzzleRecord
from pipeline.errors import PuzzleBookError
from pipeline.report.page import REPORT, report_html
from pipeline.report.thumbnails import Thumbnails
from pipeline.typeset import book_fonts, typeset_cover
from pipeline.typeset.fonts import Fonts
from pipeline.typeset.join import join_parts
from pipeline.typeset.parts import DrawnPart, plan_book

OUTPUT = Path("output")
PASSED = "passed-over.jsonl"
"""Puzzles a build made and did not print, each a repeat of an earlier one: kept so a rebuild need not
make them again to find that out."""
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
    volume: int | None = None,
    exclude: Sequence[str | Path] = (),
    progress: Callable[[dict[str, Any]], None] | None = None,
) -> BuildReport:
    """Build the book of `config_path` into output/NAME (or `out_dir`), reusing what is already made.

    `seed` replaces the config's seed, `jobs` its worker count, `backend` and `scheduler` its
    parallel backend and Dask scheduler; `fresh` discards the checkpoint; `screen` typesets for
    reading on screen (book-screen.pdf) instead of print (book.pdf). Every build also writes the
    full-wrap cover (cover.pdf), listing.txt and report.html (every puzzle, the difficulty charts);
    `cover_only` writes just the cover and the listing (the puzzles are made or reused as for a
    build: the cover shows them and their page count sets the spine).

    A series config builds every volume into output/NAME/volume-K/ (`volume` builds that one, making
    or reading the puzzles of the volumes before it, which it must not repeat) and writes the series'
    index, series.json. No puzzle repeats another of the book, of an earlier volume, or of the books
    the config's `exclude` and `exclude` here name (unique.py says how, repeats.py what a repeat is).

    Everything that can be checked before making puzzles is: the config, the Dask extra, the output
    folder being writable, the layout of every planned board, one small puzzle per board and level
    (preflight.py), and whether a small board has the distinct puzzles asked of it (capacity.py).
    Any failure leaves the previous book as it was. Another build already writing the same folder is
    an error (folderlock.py), not a race.

    `progress`, when given, receives plain records as the build goes (`Progress`): what the CLI's
    `--progress json` prints and the studio shows, a build that fails or is interrupted included.
    """
    with told_how_it_ended(progress):
        return _build(config_path, seed=seed, jobs=jobs, out_dir=out_dir, quiet=quiet, fresh=fresh, screen=screen,
                      backend=backend, scheduler=scheduler, cover_only=cover_only, volume=volume,
                      exclude=exclude, progress=progress)


def _build(
    config_path: str | Path, *, seed: int | None, jobs: int | None, out_dir: str | Path | None, quiet: bool,
    fresh: bool, screen: bool, backend: str | None, scheduler: str | None, cover_only: bool, volume: int | None,
    exclude: Sequence[str | Path], progress: Callable[[dict[str, Any]], None] | None,
) -> BuildReport:
    """`build` itself, its outcome told to `progress` by the caller."""
    clock = Clock()
    with clock.stage("config"):
        book = load_config(config_path)
        if seed is not None:
            if not 0 <= seed <= MAX_SEED:
                raise PuzzleBookError(f"the book seed must be from 0 to {MAX_SEED}, got {seed}", field="--seed")
            book = book.reseeded(seed)
        parallel = parallel_settings(book.parallel, jobs, backend, scheduler)
    folder = output_folder(config_path, out_dir)
    every = volumes(book, folder, volume)
    folders = list(dict.fromkeys([folder, *(part.folder for part in every)]))
    for made_in in folders:
        try:
            made_in.mkdir(parents=True, exist_ok=True)
        except OSError as err:
            raise PuzzleBookError(f"cannot create the output folder: {err.strerror or err}", source=str(made_in)) from None
        check_writable(made_in)
    with exclusive(folder), Workers(parallel, quiet) as workers:  # the lock before the checkpoints are read
        for made_in in folders:
            remove_leftovers(made_in)
        with clock.stage("plan"), located(config_path):
            fonts = book_fonts(book.fonts.files(config_folder(str(config_path))), book.fonts.shown())
            planned = {part.number: plan(part.book) for part in every}
            for part in every if volume is None else every[-1:]:  # the books to typeset (boards may differ)
                check_layout(part.book, planned[part.number], fonts)
        with clock.stage("resume"):
            saved = {part.number: Saved([part.folder / CHECKPOINT, part.folder / PASSED], fresh) for part in every}
            for part in every:
                saved[part.number].keep_only_readable()
            notes = version_notes(every[-1].folder / MANIFEST)
            seen, excluded_count = excluded(_excluded_paths(book, config_path, exclude), own=folder)
        slots = [Slot(job, part.number) for part in every for job in planned[part.number]]
        missing = [slot.job for slot in slots if not saved[slot.volume].has(slot.job)]
        tell = Progress(slots, {job.fingerprint for job in missing}, progress)
        with clock.stage("capacity"), located(config_path):  # even when all is saved: a repeat needs more
            check_capacity([slot.job for slot in slots], workers.sample, series=book.series is not None)
        supply = Supply(saved, {part.number: part.folder for part in every}, workers, tell.made)
        with clock.stage("generate"):
            passed = choose_unique(slots, supply, seen)
            records = {part.number: [slot.record for slot in slots if slot.volume == part.number and slot.record]
                       for part in every}
            for part in every:
                if volume is not None and part.number != volume:
                    refuse_changed_print(part, records[part.number])
                keep_chosen(part.folder, records[part.number],
                            [gone.record for gone in passed if gone.slot.volume == part.number], supply.lines)
                notes.extend(saved[part.number].notes + saved[part.number].unused_note())
            notes.extend(supply.notes)
            if passed:
                notes.append(f"{len(passed)} puzzle(s) made were passed over: each repeated an earlier one "
                             f"(turned, mirrored or relabelled, or on the same answer); {PASSED} keeps them")
            if excluded_count:
                notes.append(f"{excluded_count} puzzle(s) of earlier books were excluded; none comes back")
        if book.series is not None:
            write_series_index(folder, book, records)
        targets = every if volume is None else every[-1:]
        how = Finishing(config_path, seed, fonts, screen, cover_only, tuple(notes), frozenset(supply.made))
        reports = typeset_volumes(targets, records, workers, how, clock, tell)
        report = _summed(book, Path(config_path).stem, reports, notes, clock)
        tell.done(report)
        return report


def refuse_changed_print(part: Volume, records: list[PuzzleRecord]) -> None:
    """An earlier volume, typeset before, whose puzzles the config no longer makes (it changed since):
    a volume built alone must not repeat what that volume printed, nor trust puzzles it did not print.
    Its checkpoint is its printed puzzles (a finished build leaves them in book order)."""
    checkpoint = part.folder / CHECKPOINT
    if not (part.folder / MANIFEST).exists() or not checkpoint.exists():
        return
    printed = sorted(str(record.fingerprint) for record in read_records(checkpoint)[0])
    if printed != sorted(str(record.fingerprint) for record in records):
        raise PuzzleBookError(
            f"volume {part.number} was printed from other puzzles than the config makes now (it changed since "
            f"{part.folder} was built): build the whole series, or volume {part.number} first, then this one",
            field="--volume",
        )


def keep_chosen(folder: Path, records: list[PuzzleRecord], passed: list[PuzzleRecord], lines: dict[str, str]) -> None:
    """The checkpoint rewritten with the chosen puzzles in book order (the same file whatever the worker
    count), and the puzzles passed over as repeats kept beside it for the next build."""
    with writing(folder / CHECKPOINT):
        in_book_order(folder / CHECKPOINT, records, lines)
    with writing(folder / PASSED):
        if passed:
            write_records(folder / PASSED, passed)
        else:
            (folder / PASSED).unlink(missing_ok=True)


@dataclass(frozen=True)
class Finishing:
    """What typesetting a build's volumes needs besides their records."""

    config_path: str | Path
    seed: int | None
    """The seed given in place of the config's, if any (a report made in a worker reads the config again)."""
    fonts: Fonts
    screen: bool
    cover_only: bool
    notes: tuple[str, ...]
    """The build's notes, for each volume's manifest."""
    made_now: frozenset[str]
    """The job fingerprints of the puzzles this build made (the others were saved before)."""

    def pdf(self, folder: Path) -> Path:
        return folder / ("book-screen.pdf" if self.screen else "book.pdf")


def typeset_volumes(targets: list[Volume], records: dict[int | None, list[PuzzleRecord]], workers: Workers,
                    how: Finishing, clock: Clock, tell: Progress) -> list[BuildReport]:
    """Typeset each volume's book (or only its cover), listing, manifest and report.

    The books' pages are drawn in the workers, every volume's parts together, and joined here
    (typeset.parts: the same bytes whatever draws them); the report's thumbnails are drawn in the
    same run, the longest tasks handed out first so that the workers finish together. This
    process plans, joins and writes: cheap, so no serial stage holds the workers back. Every book is
    joined before any is written, so a page that cannot print leaves every volume as it was. A
    remote cluster does not have the config's own font files: then the pages are drawn here.
    """
    here = workers.remote and bool(how.fonts.files)
    tell.stage("typeset")
    thumbs: list[str] = []
    with clock.stage("typeset"), located(how.config_path):
        plans = [plan_book(part.book, records[part.number], screen=how.screen, fonts=how.fonts) for part in targets]
        if not how.cover_only:  # the pages and the report's thumbnails: one run, the longest tasks first
            pieces: list[DrawTask] = [(plan.layout, piece) for plan in plans for piece in plan.parts]
            thumbnails = Thumbnails.of(targets[0].book, how.fonts)
            runs: list[ThumbnailTask] = [(thumbnails, run) for part in targets
                                         for run in thumbnail_runs(records[part.number])]
            done = workers.map(finishing_task, [*pieces, *runs], here=here, work=finishing_work)
            drawn = iter(cast(list[DrawnPart], done[:len(pieces)]))
            thumbs = [svg for svgs in cast(list[list[str]], done[len(pieces):]) for svg in svgs]
            books = [join_parts(plan.layout, [next(drawn) for _ in plan.parts]) for plan in plans]
            for part, data in zip(targets, books):
                with writing(how.pdf(part.folder)):
                    write_bytes_atomic(how.pdf(part.folder), data)
    tell.stage("cover")
    reports = [_finish(part, records[part.number], plan.layout.page_count, how, clock)
               for part, plan in zip(targets, plans)]
    if not how.cover_only:
        write_reports(targets, records, reports, thumbs, workers, how, clock)
    return reports


def write_reports(targets: list[Volume], records: dict[int | None, list[PuzzleRecord]], reports: list[BuildReport],
                  thumbs: list[str], workers: Workers, how: Finishing, clock: Clock) -> None:
    """Each volume's report.html, rendered in a worker (the config read again there: a spec's sections
    do not travel; here when the workers are on a remote cluster), then its manifest.json, written
    last so that it holds every stage's time (the report shows none of them)."""
    tasks, summaries = [], []
    for part, report in zip(targets, reports):
        own, thumbs = thumbs[:len(records[part.number])], thumbs[len(records[part.number]):]
        summaries.append(manifest(part.book, how.config_path, records[part.number], report, how.screen))
        tasks.append(ReportTask(str(Path(how.config_path).resolve()), how.seed, part.number, records[part.number],
                                summaries[-1], own))  # resolved: a worker may have started in another folder
    with clock.stage("report", add=True):
        for part, html in zip(targets, workers.map(render_report, tasks, here=workers.remote)):
            with writing(part.folder / REPORT):
                write_text_atomic(part.folder / REPORT, html)
    for part, summary in zip(targets, summaries):
        summary = {**summary, "timings_seconds": dict(clock.wall), "main_cpu_seconds": dict(clock.cpu)}
        with writing(part.folder / MANIFEST):
            write_json_atomic(part.folder / MANIFEST, summary)


@dataclass(frozen=True)
class ReportTask:
    """What a worker needs to render one volume's report.html: where the config is, the volume, its
    records, manifest and thumbnails."""

    config_path: str
    seed: int | None
    volume: int | None
    records: list[PuzzleRecord]
    summary: dict[str, Any]
    thumbs: list[str]


def render_report(task: ReportTask) -> str:
    """report.html of one volume, in a worker: its spec and fonts read again from the config."""
    book = load_config(task.config_path)
    if task.seed is not None:
        book = book.reseeded(task.seed)
    if task.volume is not None:
        book = volume_of(book, Path(), task.volume).book
    fonts = book_fonts(book.fonts.files(config_folder(task.config_path)), book.fonts.shown())
    with located(task.config_path):
        return report_html(book, task.records, task.summary, fonts=fonts, thumbs=task.thumbs)


def _finish(part: Volume, records: list[PuzzleRecord], pages: int, how: Finishing, clock: Clock) -> BuildReport:
    """One volume's cover and listing, its book typeset (`pages` long); what it made."""
    book, folder = part.book, part.folder
    with clock.stage("cover", add=True), located(how.config_path), writing(folder / COVER):
        wrap = typeset_cover(book, records, pages, folder / COVER, fonts=how.fonts)
    with writing(folder / LISTING):
        write_text_atomic(folder / LISTING, listing_text(book, pages, wrap))
    made = sum(1 for record in records if record.fingerprint in how.made_now)
    stem = Path(how.config_path).stem
    report = BuildReport(
        name=stem if part.number is None else f"{stem} volume {part.number}",
        pdf=None if how.cover_only else how.pdf(folder), cover=folder / COVER, puzzles=len(records),
        reused=len(records) - made, generated=made, pages=pages, notes=how.notes, timings=clock.wall, cpu=clock.cpu,
    )
    return report


def _summed(
    book: BookSpec, name: str, reports: list[BuildReport], notes: list[str], clock: Clock
) -> BuildReport:
    """The build's report: its one book's, or the volumes' together (each in `volumes`)."""
    if book.series is None:
        return replace(reports[0], notes=tuple(notes), timings=clock.wall, cpu=clock.cpu)
    last = reports[-1]
    return BuildReport(
        name=name, pdf=last.pdf, cover=last.cover, puzzles=sum(r.puzzles for r in reports),
        reused=sum(r.reused for r in reports), generated=sum(r.generated for r in reports),
        pages=sum(r.pages for r in reports), notes=tuple(notes), timings=clock.wall, cpu=clock.cpu,
        volumes=tuple(reports),
    )


def _excluded_paths(book: BookSpec, config_path: str | Path, more: Sequence[str | Path]) -> list[tuple[Path, str]]:
    """The config's `exclude` (relative to the config's folder) and the command line's (as given), each
    with the field or flag that names it."""
    base = Path(config_folder(str(config_path)))
    return ([(base / path, f"exclude[{i}]") for i, path in enumerate(book.exclude)]
            + [(Path(path), "--exclude") for path in more])


class Progress:
    """A build's progress as plain records, for whoever listens (`build(progress=...)`):

    - {"event": "plan", "puzzles": n, "sections": [{"name", "total", "reused"}]} once the plan is known
      (a series' sections are named "K \u00b7 NAME" for volume K);
    - {"event": "made", "section", "made", "total", "reused", "rate", "left"} each time a puzzle is
      made: `made` counts the section's puzzles done, reused ones included; `rate` is puzzles made per
      second so far in this build, `left` the seconds the section's missing puzzles may take at it;
    - {"event": "stage", "stage": "typeset" | "cover"} (each puzzle is proved again as it is made);
    - {"event": "done", "puzzles", "reused", "generated", "pages", "summary"};
    - or, ending the records early, {"event": "failed", "message", "source", "field", "line"} when the
      build stops at a mistake a user can fix (a PuzzleBookError at any stage, the config's included:
      `message` is its str, the rest say where, None when unknown), or {"event": "cancelled"} when it
      is interrupted (KeyboardInterrupt); either way the exception is raised on. A listener in another
      process (the studio) so learns why a build ended from the records, never from stderr's text.
    Wall-clock figures go to the listener only, never into the book.
    """

    def __init__(self, slots: list[Slot], missing: set[str], listener: Callable[[dict[str, Any]], None] | None) -> None:
        self.listener = listener
        self.start = time.perf_counter()
        self.count = 0
        self.section_of: dict[tuple[int | None, str, int], str] = {}
        self.sections: dict[str, dict[str, Any]] = {}
        for slot in slots:
            job = slot.job
            name = job.section if slot.volume is None else f"{slot.volume} \u00b7 {job.section}"
            self.section_of[(slot.volume, job.section, job.index)] = name
            entry = self.sections.setdefault(name, {"name": name, "total": 0, "reused": 0, "made": 0})
            entry["total"] += 1
            if job.fingerprint not in missing:
                entry["reused"] += 1
                entry["made"] += 1
        self._send({"event": "plan", "puzzles": len(slots),
                    "sections": [{key: entry[key] for key in ("name", "total", "reused")}
                                 for entry in self.sections.values()]})

    def _send(self, record: dict[str, Any]) -> None:
        if self.listener is not None:
            self.listener(record)

    def made(self, record: PuzzleRecord, volume: int | None) -> None:
        """A puzzle made for a slot (a repeat's next seed counts once more, in `made` and `total`)."""
        entry = self.sections.get(self.section_of.get((volume, record.section, record.index), ""))
        if entry is None:
            return
        if entry["made"] >= entry["total"]:
            entry["total"] += 1
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
    for name in (CHECKPOINT, PASSED, MANIFEST, "book.pdf", "book-screen.pdf", COVER, LISTING, REPORT, WRITE_TEST,
                 SERIES_INDEX):
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
    """Name the config, and the line, in an error found after loading that names only a field of it
    (a font, a per_page, a section's count)."""
    try:
        yield
    except PuzzleBookError as err:
        if err.source is not None or err.field is None or err.field.startswith("--"):  # a flag is no config field
            raise
        try:
            line = field_line(Path(config_path).read_text(encoding="utf-8"), str(config_path), err.field)
        except (OSError, UnicodeDecodeError):
            line = None
        raise PuzzleBookError(err.message, source=str(config_path), field=err.field, line=line) from None


class Clock:
    """Times a build's stages: seconds on the wall (the manifest's timings) and this process's own CPU
    seconds (what the workers cannot take off it: the bench's serial share)."""

    def __init__(self) -> None:
        self.wall: dict[str, float] = {}
        self.cpu: dict[str, float] = {}

    @contextmanager
    def stage(self, name: str, *, add: bool = False) -> Iterator[None]:
        """Time the block as stage `name` (added to what is there when `add`: a stage run per volume)."""
        wall, cpu = time.perf_counter(), time.process_time()
        try:
            yield
        finally:
            for clock, start, now in ((self.wall, wall, time.perf_counter()), (self.cpu, cpu, time.process_time())):
                clock[name] = round((clock.get(name, 0.0) if add else 0.0) + now - start, 3)
