"""`puzzlebook build`: config -> plan -> generate (parallel, checkpointed) -> verify -> typeset -> manifest.

Resumes from output/NAME/puzzles.jsonl, keeping only records whose fingerprint a planned job asks
for. The book depends on the config alone; timings, the one thing that varies, stay in the manifest.
"""

from __future__ import annotations

import errno
import hashlib
import json
import os
import platform
import re
import tempfile
import time
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from pipeline import __version__
from pipeline.book.config import BookSpec, ParallelSpec, load_config
from pipeline.errors import PuzzleBookError
from pipeline.book.folderlock import exclusive
from pipeline.book.plan import Job, plan, record_problem, run_job
from pipeline.kinds.hidato.grade import LEVELS
from pipeline.book.preflight import check_layout, probe
from pipeline.book.run import import_distributed, run_jobs
from pipeline.book.store import (
    append_record,
    read_json,
    read_numbered,
    record_line,
    write_json_atomic,
    write_records,
)
from pipeline.typeset import typeset_book
from pipeline.book.verify import verify_record, verify_records

OUTPUT = Path("output")
CHECKPOINT = "puzzles.jsonl"
MANIFEST = "manifest.json"
LIBRARIES = ("reportlab", "joblib", "pydantic", "tqdm", "pyyaml", "dask", "distributed")
_NAME = re.compile(r"\w[\w.-]*")


@dataclass(frozen=True)
class BuildReport:
    """What a build did, for the one-line summary and for tests."""

    name: str
    pdf: Path
    puzzles: int
    reused: int
    generated: int
    pages: int
    notes: tuple[str, ...]
    timings: dict[str, float]

    def summary(self) -> str:
        return (
            f"{self.name}: {self.puzzles} puzzles ({self.reused} reused, {self.generated} generated) "
            f"verified, {self.pages} pages -> {self.pdf}"
        )


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
) -> BuildReport:
    """Build the book of `config_path` into output/NAME (or `out_dir`), reusing what is already made.

    `seed` replaces the config's seed, `jobs` its worker count, `backend` and `scheduler` its
    parallel backend and Dask scheduler; `fresh` discards the checkpoint; `screen` typesets for
    reading on screen (book-screen.pdf) instead of print (book.pdf).

    Everything that can be checked before making puzzles is: the config, the Dask extra, the output
    folder being writable, the layout of every planned board, and one small puzzle per board and
    level (preflight.py). Any failure leaves the previous book as it was. Another build already
    writing the same folder is an error (folderlock.py), not a race.
    """
    timings: dict[str, float] = {}
    with stage(timings, "config"):
        book = load_config(config_path)
        if seed is not None:
            if seed < 0:
                raise PuzzleBookError(f"the book seed must be 0 or more, got {seed}", field="--seed")
            book = book.model_copy(update={"seed": seed})
        parallel = parallel_settings(book.parallel, jobs, backend, scheduler)
    folder = output_folder(config_path, out_dir)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        raise PuzzleBookError(f"cannot create the output folder: {err.strerror or err}", source=str(folder)) from None
    check_writable(folder)
    with exclusive(folder):  # before the checkpoint is read: another build may be appending to it
        checkpoint = folder / CHECKPOINT
        with stage(timings, "plan"):
            planned = plan(book)
            check_layout(book, planned)
        with stage(timings, "resume"):
            made, notes = resume(checkpoint, planned, fresh)
            notes += version_notes(folder / MANIFEST)
        missing = [job for job in planned if job.fingerprint not in made]

        def keep(record: dict[str, Any]) -> None:
            with writing(checkpoint):
                append_record(checkpoint, record)
            made[record["fingerprint"]] = record

        with stage(timings, "generate"):
            probed = probe(missing, keep)
            notes += run_jobs(run_job, [job.to_dict() for job in missing if job.fingerprint not in probed],
                              n_jobs=parallel.n_jobs, backend=parallel.backend, scheduler=parallel.scheduler,
                              quiet=quiet, on_result=keep)
            records = [placed(made[job.fingerprint], job) for job in planned]
            with writing(checkpoint):
                in_book_order(checkpoint, records)
        with stage(timings, "verify"):
            new = {job.fingerprint for job in missing}
            verify_records([record for record in records if record["fingerprint"] in new])
        pdf = folder / ("book-screen.pdf" if screen else "book.pdf")
        with stage(timings, "typeset"), writing(pdf):
            pages = typeset_book(book, records, pdf, screen=screen)
        report = BuildReport(
            name=Path(config_path).stem, pdf=pdf, puzzles=len(records), reused=len(records) - len(missing),
            generated=len(missing), pages=pages, notes=tuple(notes), timings=timings,
        )
        with writing(folder / MANIFEST):
            write_json_atomic(folder / MANIFEST, manifest(book, config_path, records, report, screen))
        return report


def parallel_settings(
    spec: ParallelSpec, jobs: int | None, backend: str | None, scheduler: str | None
) -> ParallelSpec:
    """The config's parallel section with the command line's choices on top; a scheduler implies dask.

    The Dask extra is looked for here, so a missing install fails before anything is made.
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
        field = "--scheduler" if "scheduler" in first["loc"] or "scheduler" in first["msg"] else "--backend"
        raise PuzzleBookError(first["msg"].removeprefix("Value error, "), field=field) from None
    if merged.backend == "dask":
        import_distributed()
    return merged


def check_writable(folder: Path) -> None:
    """Create and remove a file in `folder`, so an unwritable folder fails before any puzzle is made."""
    with writing(folder):
        handle, name = tempfile.mkstemp(dir=folder, prefix=".write-test.", suffix=".tmp")
        os.close(handle)
        os.unlink(name)


@contextmanager
def writing(path: Path) -> Iterator[None]:
    """Turn a failed write into a PuzzleBookError naming the file and what to do; files written
    atomically keep their previous content, and the checkpoint keeps every finished puzzle."""
    try:
        yield
    except OSError as err:
        raise PuzzleBookError(write_problem(err), source=str(path)) from None


def write_problem(err: OSError) -> str:
    kept = "the previous book is unchanged and the puzzles made so far are kept"
    if err.errno in (errno.ENOSPC, errno.EDQUOT):
        return f"cannot write: the disk is full ({err.strerror}); {kept}. Free some space and run again"
    if err.errno == errno.EFBIG:
        return f"cannot write: the file would be too large for the disk or the file-size limit ({err.strerror}); {kept}"
    if err.errno in (errno.EACCES, errno.EPERM, errno.EROFS):
        return f"cannot write here ({err.strerror}); {kept}. Make the folder writable or choose another with --out"
    return f"cannot write: {err.strerror or err}; {kept}"


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
def stage(timings: dict[str, float], name: str) -> Iterator[None]:
    start = time.perf_counter()
    try:
        yield
    finally:
        timings[name] = round(time.perf_counter() - start, 3)


def resume(checkpoint: Path, planned: list[Job], fresh: bool) -> tuple[dict[str, dict[str, Any]], list[str]]:
    """The checkpoint's records that planned jobs ask for, by fingerprint, and notes on what was left out.

    The checkpoint is a cache, and every line of it is judged before use: a line cut off by a kill,
    a line that is no JSON record, a record whose fields disagree with its fingerprint's job, and a
    record that fails verification are each left out with a note naming the file and line, and made
    again. Records of an older config, seed or engine are dropped with one note. The checkpoint is
    then rewritten to hold only the kept records before anything is appended.
    """
    if fresh:
        with writing(checkpoint):
            write_records(checkpoint, [])
        return {}, []
    numbered, notes = read_numbered(checkpoint)
    wanted = {job.fingerprint: job for job in planned}
    made: dict[str, dict[str, Any]] = {}
    lines: dict[str, int] = {}
    stale = 0
    for line, record in numbered:
        fingerprint = record.get("fingerprint")
        job = wanted.get(fingerprint) if isinstance(fingerprint, str) else None
        where = f"{checkpoint}, line {line}"
        if job is None:
            if isinstance(fingerprint, str):
                stale += 1
            else:
                notes.append(f"{where}: a record without a fingerprint; it is left out")
            continue
        if fingerprint in made:
            notes.append(f"{where}: a second record of puzzle {job.index} of {job.section!r} (first at line "
                         f"{lines[fingerprint]}); it is left out")
            continue
        problem = record_problem(record, job) or verify_problem(placed(record, job))
        if problem:
            notes.append(f"{where}: {problem}; it is left out and made again")
            continue
        made[fingerprint] = record
        lines[fingerprint] = line
    if stale:
        notes.append(
            f"{checkpoint}: {stale} record(s) made for another config, seed or engine version were "
            "dropped; they are made again as the config now says"
        )
    if notes:
        with writing(checkpoint):
            write_records(checkpoint, made.values())
    return made, notes


def verify_problem(record: dict[str, Any]) -> str | None:
    """verify_record's complaint about a saved record, or None when it is provably unique."""
    try:
        verify_record(record)
    except PuzzleBookError as err:
        return err.message.split("; delete its line")[0]
    return None


def placed(record: dict[str, Any], job: Job) -> dict[str, Any]:
    """The record at its job's place (a section that moved keeps its puzzles but not its position)."""
    return {**record, "section": job.section, "section_index": job.section_index, "index": job.index}


def in_book_order(checkpoint: Path, records: list[dict[str, Any]]) -> None:
    """Rewrite the checkpoint in book order when completion order left it otherwise, so that file too
    is the same whatever the worker count."""
    text = "".join(record_line(record) for record in records)
    if checkpoint.read_text(encoding="utf-8") != text:
        write_records(checkpoint, records)


def manifest(
    book: BookSpec, config_path: str | Path, records: list[dict[str, Any]], report: BuildReport, screen: bool
) -> dict[str, Any]:
    """What was built from what, with which software, and how long each stage took."""
    sections = []
    for section in book.sections:
        own = [record for record in records if record["section"] == section.name]
        levels = Counter(record["grade"]["level"] for record in own)
        sections.append({
            "name": section.name,
            "kind": section.kind,
            "count": len(own),
            "levels": {level: levels[level] for level in LEVELS if levels[level]},
            "attempts": sum(record["attempts"] for record in own),
        })
    return {
        "book": report.name,
        "title": book.title,
        "config": str(config_path),
        "config_fingerprint": config_fingerprint(book),
        "seed": book.seed,
        "versions": versions(),
        "pdf": report.pdf.name,
        "screen": screen,
        "pages": report.pages,
        "puzzles": report.puzzles,
        "sections": sections,
        "last_build": {"reused": report.reused, "generated": report.generated, "notes": list(report.notes)},
        "timings_seconds": report.timings,
    }


def config_fingerprint(book: BookSpec) -> str:
    """sha256 of the config as validated (defaults filled in), in canonical JSON."""
    text = json.dumps(book.model_dump(mode="json"), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


def version_notes(manifest_path: Path) -> list[str]:
    """One note when the libraries the previous build recorded differ from the ones installed now.

    The puzzles cannot change with them (generation is pure Python, and the engine's version is in
    every fingerprint), but the PDF's bytes may: a reprint should say so rather than differ silently.
    """
    previous = read_json(manifest_path)
    recorded = previous.get("versions") if isinstance(previous, dict) else None
    if not isinstance(recorded, dict):
        return []
    now = versions()
    changed = [
        f"{name} {recorded[name]} -> {now[name]}"
        for name in now
        if name != "puzzlebook" and name in recorded and recorded[name] != now[name]
    ]
    if not changed:
        return []
    return [
        f"{manifest_path}: the installed libraries differ from the previous build's ({', '.join(changed)}); "
        "the puzzles are the same but the PDF's bytes may differ: install the locked versions "
        "(make install, from requirements/lock.txt) to reprint it byte for byte"
    ]


def versions() -> dict[str, str]:
    found = {"python": platform.python_version(), "puzzlebook": __version__}
    for name in LIBRARIES:
        try:
            found[name] = metadata.version(name)
        except metadata.PackageNotFoundError:
            found[name] = "not installed"
    return found
