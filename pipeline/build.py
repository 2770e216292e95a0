"""`puzzlebook build`: config -> plan -> generate (parallel, checkpointed) -> verify -> typeset -> manifest.

Resumes from output/NAME/puzzles.jsonl, keeping only records whose fingerprint a planned job asks
for. The book depends on the config alone; timings, the one thing that varies, stay in the manifest.
"""

from __future__ import annotations

import hashlib
import json
import platform
import re
import time
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path
from typing import Any

from pipeline import __version__
from pipeline.config import BookSpec, load_config
from pipeline.errors import PuzzleBookError
from pipeline.jobs import Job, plan, run_job
from pipeline.kinds.hidato.grade import LEVELS
from pipeline.run import run_jobs
from pipeline.store import (
    append_record,
    read_records,
    record_line,
    write_json_atomic,
    write_records,
)
from pipeline.typeset import typeset_book
from pipeline.verify import verify_records

OUTPUT = Path("output")
CHECKPOINT = "puzzles.jsonl"
MANIFEST = "manifest.json"
LIBRARIES = ("reportlab", "joblib", "pydantic", "tqdm", "pyyaml")
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
) -> BuildReport:
    """Build the book of `config_path` into output/NAME (or `out_dir`), reusing what is already made.

    `seed` replaces the config's seed, `jobs` its worker count; `fresh` discards the checkpoint;
    `screen` typesets for reading on screen (book-screen.pdf) instead of print (book.pdf).
    """
    timings: dict[str, float] = {}
    with stage(timings, "config"):
        book = load_config(config_path)
        if seed is not None:
            if seed < 0:
                raise PuzzleBookError(f"the book seed must be 0 or more, got {seed}", field="--seed")
            book = book.model_copy(update={"seed": seed})
    folder = output_folder(config_path, out_dir)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        raise PuzzleBookError(f"cannot create the output folder: {err.strerror or err}", source=str(folder)) from None
    checkpoint = folder / CHECKPOINT
    with stage(timings, "plan"):
        planned = plan(book)
    with stage(timings, "resume"):
        made, notes = resume(checkpoint, planned, fresh)
    missing = [job.to_dict() for job in planned if job.fingerprint not in made]

    def keep(record: dict[str, Any]) -> None:
        append_record(checkpoint, record)
        made[record["fingerprint"]] = record

    with stage(timings, "generate"):
        run_jobs(run_job, missing, n_jobs=jobs or book.parallel.n_jobs, backend=book.parallel.backend,
                 quiet=quiet, on_result=keep)
        records = [placed(made[job.fingerprint], job) for job in planned]
        in_book_order(checkpoint, records)
    with stage(timings, "verify"):
        verify_records(records)
    pdf = folder / ("book-screen.pdf" if screen else "book.pdf")
    with stage(timings, "typeset"):
        pages = typeset_book(book, records, pdf, screen=screen)
    report = BuildReport(
        name=Path(config_path).stem, pdf=pdf, puzzles=len(records), reused=len(records) - len(missing),
        generated=len(missing), pages=pages, notes=tuple(notes), timings=timings,
    )
    write_json_atomic(folder / MANIFEST, manifest(book, config_path, records, report, screen))
    return report


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

    The checkpoint is rewritten to hold only those records before anything is appended, so a line cut
    off by a kill or a record of an older config never mixes with new ones.
    """
    if fresh:
        write_records(checkpoint, [])
        return {}, []
    records, notes = read_records(checkpoint)
    wanted = {job.fingerprint for job in planned}
    made: dict[str, dict[str, Any]] = {}
    for record in records:
        fingerprint = record.get("fingerprint")
        if fingerprint in wanted and fingerprint not in made:
            made[fingerprint] = record
    stale = len(records) - len(made)
    if stale:
        notes.append(
            f"{checkpoint}: {stale} record(s) made for another config, seed or engine version were "
            "dropped; they are made again as the config now says"
        )
    if notes:
        write_records(checkpoint, made.values())
    return made, notes


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


def versions() -> dict[str, str]:
    found = {"python": platform.python_version(), "puzzlebook": __version__}
    for name in LIBRARIES:
        try:
            found[name] = metadata.version(name)
        except metadata.PackageNotFoundError:
            found[name] = "not installed"
    return found
