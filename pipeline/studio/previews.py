"""What a section will look like before any build: its boards, its first puzzles (the book's own,
made from the section's real seeds) and its first page as it will print.

Samples come from the last build's puzzles.jsonl when a record there has the job's fingerprint, else
they are made in worker processes (the server stays responsive meanwhile) and kept by fingerprint;
closing the studio ends those processes, busy or not.
Every picture is drawn by typeset/single.py, the book's own drawing code. Nothing is written.
"""

from __future__ import annotations

import asyncio
import base64
import multiprocessing
from collections import OrderedDict
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from pipeline.book.store import CHECKPOINT
from pipeline.book.config import config_folder
from pipeline.book.make import run_job
from pipeline.book.plan import Job, plan
from pipeline.book.store import read_records
from pipeline.bookspec import BookSpec
from pipeline.kinds.record import Place, PuzzleRecord
from pipeline.errors import PuzzleBookError
from pipeline.kinds import registry
from pipeline.studio.pictures import pdf_bytes_png
from pipeline.typeset import book_fonts
from pipeline.typeset.single import puzzle_pdf, section_page_pdf

SAMPLES = 4
"""Sample puzzles shown per section (the page preview makes as many as the section's first page holds)."""
KEPT = 512
"""Sample records kept in memory, by fingerprint."""
SHAPE_DPI = 40
SAMPLE_DPI = 60
PAGE_DPI = 60
STOP_SECONDS = 5.0
"""How long a preview worker may take to end once terminated before it is killed."""


def data_url(png: bytes) -> str:
    return "data:image/png;base64," + base64.b64encode(png).decode("ascii")


def _label(params: dict[str, Any]) -> str:
    """A board as a person names it: 'cross size=9 arm=3', 'square size=8', or the kind's own parameters."""
    shape = params.get("shape")
    if isinstance(shape, dict):
        rest = " ".join(f"{key}={value}" for key, value in shape.items() if key != "name" and value is not None)
        return f"{shape['name']} {rest}".strip()
    return " ".join(f"{key}={value}" for key, value in params.items() if value is not None)


def shape_previews(book: BookSpec, section_index: int) -> list[dict[str, Any]]:
    """Each distinct board of the section, drawn blank as the book draws boards, with its cell count."""
    section = book.sections[section_index]
    kind = registry.kind(section.kind)
    jobs = [job for job in plan(book) if job.section_index == section_index]
    seen: set[str] = set()
    out = []
    for job in jobs:
        label = _label(job.params)
        if label in seen:
            continue
        seen.add(label)
        blank = kind.blank_grid(job.params, job.seed)
        picture = pdf_bytes_png(puzzle_pdf(section.kind, blank, large_print=book.large_print), dpi=SHAPE_DPI)
        out.append({"label": label, "cells": kind.board_cells(job.params), "image": data_url(picture)})
        if len(seen) >= len(getattr(section, "shapes", [None])):
            break
    return out


class Samples:
    """The section's first puzzles: from the last build's records, from memory, or made in a pool."""

    def __init__(self, workers: int = 2) -> None:
        self.kept: OrderedDict[str, PuzzleRecord] = OrderedDict()
        self.workers = workers
        self._pool: ProcessPoolExecutor | None = None

    def pool(self) -> ProcessPoolExecutor:
        if self._pool is None:
            self._pool = ProcessPoolExecutor(self.workers, mp_context=multiprocessing.get_context("spawn"))
        return self._pool

    def warm(self) -> None:
        """Start the workers now (importing the program takes them about a second), not at the first sample."""
        for _ in range(self.workers):
            self.pool().submit(int)

    def close(self) -> None:
        """End the workers, one making a sample included: shut down alone, a pool lets it finish first
        (a hard puzzle takes long), and a worker whose studio died waits for work forever."""
        pool, self._pool = self._pool, None
        if pool is None:
            return
        processes = list(pool._processes.values()) if pool._processes else []  # public only from Python 3.14
        pool.shutdown(wait=False, cancel_futures=True)
        for process in processes:
            if process.is_alive():
                process.terminate()
        for process in processes:
            process.join(STOP_SECONDS)
            if process.is_alive():
                process.kill()
                process.join()

    def _remember(self, record: PuzzleRecord) -> None:
        if record.fingerprint is None:
            return
        self.kept[record.fingerprint] = record
        self.kept.move_to_end(record.fingerprint)
        while len(self.kept) > KEPT:
            self.kept.popitem(last=False)

    async def records(self, book: BookSpec, out: Path, section_index: int, count: int) -> list[PuzzleRecord]:
        """The first `count` puzzle records of the section, in order, each placed in the book (those the
        last build in `out` made are read from its puzzles.jsonl). Planning and reading run in a thread,
        making in the pool: the event loop only keeps what they give."""
        jobs = await asyncio.to_thread(_first_jobs, book, section_index, count)
        wanted = {job.fingerprint for job in jobs} - self.kept.keys()
        if wanted:
            for record in await asyncio.to_thread(_from_checkpoint, out, wanted):
                self._remember(record)
        missing = [job for job in jobs if job.fingerprint not in self.kept]
        if missing:
            loop = asyncio.get_running_loop()
            made = await asyncio.gather(*(loop.run_in_executor(self.pool(), run_job, job.to_dict()) for job in missing))
            for record in made:
                self._remember(record)
        return [_placed(self.kept[job.fingerprint], job) for job in jobs]


def _first_jobs(book: BookSpec, section_index: int, count: int) -> list[Job]:
    return [job for job in plan(book) if job.section_index == section_index][:count]


def _from_checkpoint(out: Path, wanted: set[str]) -> list[PuzzleRecord]:
    """The records of the last build in `out` whose fingerprint is wanted, read by the store (checksums
    checked, a line cut off by a kill left out); none when it cannot be read (they are made instead)."""
    try:
        records, _ = read_records(out / CHECKPOINT)
    except PuzzleBookError:
        return []
    return [record for record in records if record.fingerprint in wanted]


def _placed(record: PuzzleRecord, job: Job) -> PuzzleRecord:
    return record.placed(Place(job.section, job.section_index, job.index))


def sample_cards(book: BookSpec, records: list[PuzzleRecord]) -> list[dict[str, Any]]:
    """What the studio shows of each sample: its picture and its grade."""
    out = []
    for record in records:
        grade = record.grade
        picture = pdf_bytes_png(puzzle_pdf(record.kind, registry.drawn(record), large_print=book.large_print), dpi=SAMPLE_DPI)
        out.append({
            "index": record.index, "level": grade.get("level"), "rating": grade.get("rating"),
            "hardest": grade.get("hardest"), "givens": grade.get("givens"), "cells": grade.get("cells"),
            "givens_ratio": grade.get("givens_ratio"), "steps": grade.get("steps"), "image": data_url(picture),
        })
    return out


def page_preview(book: BookSpec, config: Path, section_index: int, records: list[PuzzleRecord]) -> str:
    """The section's first page as it will print, as a PNG data URL."""
    fonts = book_fonts(book.fonts.files(config_folder(str(config))), book.fonts.shown())
    pdf = section_page_pdf(book, section_index, records, fonts=fonts)
    return data_url(pdf_bytes_png(pdf, dpi=PAGE_DPI))
