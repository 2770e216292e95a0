"""Build benchmark: seconds per stage of configs/classic.yaml with 1 and 2 workers (the ratio is the
parallel speed-up), and typesetting speed in pages per second for a book of about 300 pages.

Every build is from nothing into a temporary folder: it never reads or writes output/.
"""

from __future__ import annotations

import math
import os
import platform
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from bench.machine import load_average
from bench.table import markdown_header, markdown_row
from pipeline.build import BuildReport, build
from pipeline.config import BookSpec, load_config
from pipeline.store import read_records
from pipeline.typeset import typeset_book

ROOT = Path(__file__).resolve().parents[1]
CONFIG = ROOT / "configs" / "classic.yaml"
RESULTS = Path(__file__).resolve().parent / "results"
WORKERS = (1, 2)
BIG_BOOK_PAGES = 300
MEANINGFUL_SECONDS = 0.05
"""Stages faster than this in either build get no speed-up figure: it would be timer noise."""


def run(*, write: bool = True, out=sys.stdout, err=sys.stderr) -> str:
    """Measure, print the Markdown section, and save it to bench/results/build.md when `write`."""
    lines: list[str] = []

    def emit(text: str) -> None:
        lines.append(text)
        print(text, file=out, flush=True)

    emit("## Build: seconds per stage of configs/classic.yaml, every puzzle made from nothing\n")
    emit(f"Python {platform.python_version()}, {os.cpu_count()} CPUs, load average at start {load_average()}\n")
    with tempfile.TemporaryDirectory() as tmp:
        reports: dict[int, BuildReport] = {}
        for workers in WORKERS:
            print(f"building {CONFIG.name} with {workers} worker(s) ...", file=err, flush=True)
            reports[workers] = build(CONFIG, jobs=workers, out_dir=Path(tmp) / f"jobs{workers}", quiet=True, fresh=True)
        emit(stage_table(reports))
        one = reports[WORKERS[0]]
        same = len({report.pdf.read_bytes() for report in reports.values()}) == 1
        emit(f"\n{one.puzzles} puzzles, {one.pages} pages; the PDFs are "
             f"{'byte-identical' if same else 'DIFFERENT (a determinism bug)'} across worker counts.\n")
        print(f"typesetting about {BIG_BOOK_PAGES} pages ...", file=err, flush=True)
        pages, seconds = typeset_big_book(load_config(CONFIG), read_records(one.pdf.parent / "puzzles.jsonl")[0],
                                          one.pages, Path(tmp) / "big.pdf")
    emit("## Typesetting speed\n")
    emit(f"{pages} pages (classic.yaml's puzzles repeated) in {seconds:.2f} s: **{pages / seconds:.1f} pages/s**")
    emit(f"\nload average at end {load_average()}")
    report = "\n".join(lines) + "\n"
    if write:
        RESULTS.mkdir(exist_ok=True)
        (RESULTS / "build.md").write_text(report, encoding="utf-8")
    return report


def stage_table(reports: dict[int, BuildReport]) -> str:
    """One row per stage plus the total; the last column is 1 worker's time over 2 workers' (the
    2-worker generate stage includes starting the worker processes)."""
    first = reports[WORKERS[0]]
    columns = ["stage", *(f"n_jobs {n} (s)" for n in reports), f"speed-up {WORKERS[0]}/{WORKERS[-1]}"]
    rows = [markdown_header(columns)]
    stages = list(first.timings)
    for name in [*stages, "total"]:
        times = [sum(r.timings.values()) if name == "total" else r.timings[name] for r in reports.values()]
        ratio = f"{times[0] / times[-1]:.2f}x" if min(times) >= MEANINGFUL_SECONDS else "-"
        rows.append(markdown_row([name, *(f"{t:.3f}" for t in times), ratio]))
    return "\n".join(rows)


def typeset_big_book(book: BookSpec, records: list[dict[str, Any]], pages: int, path: Path) -> tuple[int, float]:
    """Typeset the book with every section repeated until it reaches about BIG_BOOK_PAGES pages."""
    times = math.ceil(BIG_BOOK_PAGES / pages)
    sections = [section.model_copy(update={"count": section.count * times}) for section in book.sections]
    big = book.model_copy(update={"sections": sections})
    repeated = []
    for section in book.sections:
        own = [record for record in records if record["section"] == section.name]
        repeated += [{**record, "index": record["index"] + copy * section.count} for copy in range(times) for record in own]
    start = time.perf_counter()
    count = typeset_book(big, repeated, path)
    return count, time.perf_counter() - start


