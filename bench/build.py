"""Build benchmark: seconds per stage of configs/classic.yaml with 1 and 2 workers (the ratio is the
parallel speed-up), typesetting speed in pages per second for a book of about 300 pages, and a
500-puzzle book built with loky (1 and 2 workers) and on a 2-worker local Dask cluster (what the
cluster costs per puzzle).

Every build is from nothing into a temporary folder: it never reads or writes output/.
`python -m bench.build [--scale-only]` runs this section alone.
"""

from __future__ import annotations

import argparse
import importlib.util
import math
import os
import platform
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bench.machine import load_average
from bench.table import Report, markdown_header, markdown_row
from pipeline.book.build import BuildReport, build
from pipeline.book.config import load_config
from pipeline.book.store import read_records
from pipeline.bookspec import BookSpec
from pipeline.kinds.record import Place
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
    emit = Report(out)

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
    emit(f"{pages} pages (classic.yaml's puzzles repeated) in {seconds:.2f} s: **{pages / seconds:.1f} pages/s**\n")
    scale_section(emit, err)
    emit(f"\nload average at end {load_average()}")
    report = emit.text()
    if write:
        RESULTS.mkdir(exist_ok=True)
        (RESULTS / "build.md").write_text(report, encoding="utf-8")
    return report


SCALE_BOOK = """\
title: Scale benchmark
seed: 1
sections:
  - name: Hidato 8x8
    kind: hidato
    shapes: square:8
    difficulty: [easy, medium]
    count: 500
"""
"""500 small puzzles: generation dominates, yet each takes only milliseconds, so the per-puzzle cost of
shipping jobs to workers shows."""
SCALE_RUNS = (("loky, n_jobs 1", "loky", 1), ("loky, n_jobs 2", "loky", 2), ("dask, 2-worker LocalCluster", "dask", 2))


def scale_section(emit: Callable[[str], None], err=sys.stderr) -> dict[str, BuildReport]:
    """Build SCALE_BOOK with each of SCALE_RUNS from nothing; emit the table and the Dask overhead."""
    emit("## A 500-puzzle book: loky against a local Dask cluster\n")
    dask_ok = importlib.util.find_spec("distributed") is not None
    reports: dict[str, BuildReport] = {}
    with tempfile.TemporaryDirectory() as tmp:
        config = Path(tmp) / "scale.yaml"
        config.write_text(SCALE_BOOK, encoding="utf-8")
        for label, backend, workers in SCALE_RUNS:
            if backend == "dask" and not dask_ok:
                continue
            print(f"building 500 puzzles with {label} ...", file=err, flush=True)
            reports[label] = build(config, jobs=workers, backend=backend, out_dir=Path(tmp) / backend / str(workers),
                                   quiet=True, fresh=True)
        same = len({report.pdf.read_bytes() for report in reports.values()}) == 1
        cluster_seconds = local_cluster_seconds() if dask_ok else None
    base = reports[SCALE_RUNS[0][0]]
    columns = ["backend", "generate and verify (s)", "typeset (s)", "total (s)", "generate vs n_jobs 1",
               "ms per puzzle (generate)"]
    rows = [markdown_header(columns)]
    for label, report in reports.items():
        gen, total = report.timings["generate"], sum(report.timings.values())
        rows.append(markdown_row([label, f"{gen:.2f}",
                                  f"{report.timings['typeset']:.2f}", f"{total:.2f}",
                                  f"{base.timings['generate'] / gen:.2f}x", f"{1000 * gen / report.puzzles:.1f}"]))
    emit("\n".join(rows))
    emit(f"\nThe PDFs are {'byte-identical' if same else 'DIFFERENT (a determinism bug)'} across backends.")
    if not dask_ok:
        emit("\nDask is not installed (pip install '.[dask]'): no cluster row.")
        return reports
    loky2, dask2 = reports[SCALE_RUNS[1][0]], reports[SCALE_RUNS[2][0]]
    extra = dask2.timings["generate"] - loky2.timings["generate"]
    per_job = 1000 * (extra - cluster_seconds) / dask2.puzzles
    emit(f"\nStarting and closing a 2-worker LocalCluster alone takes {cluster_seconds:.2f} s. Against loky with "
         f"2 workers the cluster adds {extra:.2f} s to the generate stage, {1000 * extra / dask2.puzzles:.1f} ms "
         "per puzzle with its start; "
         + (f"{per_job:.1f} ms per puzzle without it (jobs travel in batches through the scheduler)."
            if per_job > 0 else "without it, no cost per puzzle shows above the noise (jobs travel in batches)."))
    return reports


def local_cluster_seconds() -> float:
    """Seconds to start and close the local cluster a `--backend dask` build starts (2 workers)."""
    from pipeline.book.run import _dask_client

    start = time.perf_counter()
    with _dask_client(2, None):
        pass
    return time.perf_counter() - start


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


def typeset_big_book(book: BookSpec, records: list[PuzzleRecord], pages: int, path: Path) -> tuple[int, float]:
    """Typeset the book with every section repeated until it reaches about BIG_BOOK_PAGES pages."""
    times = math.ceil(BIG_BOOK_PAGES / pages)
    sections = [section.model_copy(update={"count": section.count * times}) for section in book.sections]
    big = book.model_copy(update={"sections": sections})
    repeated = []
    for section in book.sections:
        own = [record for record in records if record.section == section.name]
        repeated += [record.placed(Place(record.section, record.section_index, record.index + copy * section.count))
                     for copy in range(times) for record in own]
    start = time.perf_counter()
    count = typeset_book(big, repeated, path)
    return count, time.perf_counter() - start




def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.build", description=__doc__)
    parser.add_argument("--scale-only", action="store_true",
                        help="only the 500-puzzle loky/Dask comparison (printed, bench/results/build.md untouched)")
    args = parser.parse_args(argv)
    if args.scale_only:
        scale_section(lambda text: print(text, flush=True))
    else:
        run()
    return 0


if __name__ == "__main__":
    sys.exit(main())
