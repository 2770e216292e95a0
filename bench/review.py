"""The review's speed as a person meets it (issue 26), against `puzzlebook studio` in a process of its own,
over HTTP on 127.0.0.1 as a browser asks:

- the contact sheet's first screen of a 500-puzzle book: the page, its script and style, the review's
  data and the first 21 thumbnails (three rows at 1400 pixels), six requests at a time; cold (a studio
  that has not read the build yet) and warm;
- replacing one puzzle of that book (about 300 pages): from the click to the rebuilt book.pdf,
  the studio's wait for more replacements (builds.REBUILD_DELAY) included; then Undo, the same;
- report.html of that book: written in the build process (here timed alone, in this process) and
  its size.
Medians with the 99th percentile and the worst beside them. Targets: first screen within 1 s, the
new PDF within 5 s, report.html within 2 s and under 5 MB. Measures only; misses are listed, never
raised. Written to bench/results/review.md.
"""

from __future__ import annotations

import json
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from bench.machine import load_average
from bench.studio import Client, percentile, start_studio, timed
from bench.table import Report, markdown_header, markdown_row
from pipeline.book.store import read_records
from pipeline.studio.builds import REBUILD_DELAY

RESULTS = Path(__file__).resolve().parent / "results"
BOOK = """\
title: Five hundred puzzles
seed: 26
sections:
  - name: Squares
    kind: hidato
    shapes: [square:8, cross, rhombus]
    difficulty: [easy, medium]
    count: 300
    per_page: 2
  - name: Sudoku
    kind: sudoku
    difficulty: [easy, medium, hard]
    count: 200
    per_page: 2
"""
FIRST_SCREEN = 21
COLD_ROUNDS, WARM_ROUNDS, REPLACE_ROUNDS, REPORT_ROUNDS = 5, 20, 5, 5
TARGETS = {"contact sheet, first screen (cold)": 1.0, "contact sheet, first screen (warm)": 1.0,
           "replace one puzzle: the new book.pdf": 5.0, "undo: the original book.pdf back": 5.0,
           "report.html of 500 puzzles": 2.0}
REPORT_LIMIT = 5 * 1024 * 1024
COLUMNS = ("measure", "n", "median ms", "p99 ms", "worst ms", "target", "ok?")


def first_screen(client: Client) -> None:
    for path in ("/books/big/review", "/static/studio.css", "/static/common.js", "/static/review.js"):
        client.get(path)
    review = json.loads(client.get("/api/review/big"))
    numbers = [row["number"] for row in review["rows"][:FIRST_SCREEN]]
    with ThreadPoolExecutor(6) as pool:
        list(pool.map(lambda n: client.get(f"/books/big/puzzles/{n}.svg?w=160&v={review['stamp']}"), numbers))


def settled(client: Client, before: int) -> None:
    """Wait for the build after number `before` to end (it must succeed)."""
    while True:
        state = json.loads(client.get("/api/builds/big"))
        if state["number"] > before and not state["pending"] and state["state"] not in ("starting", "running"):
            assert state["state"] == "done", state
            return
        time.sleep(0.02)


def run() -> list[tuple[str, list[float]]]:
    emit = Report()

    folder = Path(tempfile.mkdtemp(prefix="review-bench-"))
    rows: list[tuple[str, list[float]]] = []
    try:
        (folder / "configs").mkdir()
        (folder / "configs" / "big.yaml").write_text(BOOK, encoding="utf-8")
        print("building a 500-puzzle book ...", file=sys.stderr, flush=True)
        subprocess.run([sys.executable, "-m", "pipeline", "build", "configs/big.yaml", "--quiet"], cwd=folder, check=True)
        out = folder / "output" / "big"
        manifest = json.loads((out / "manifest.json").read_text(encoding="utf-8"))
        cold = []
        for _ in range(COLD_ROUNDS):
            process, address, _, _ = start_studio(folder)
            try:
                cold.append(timed(lambda: first_screen(Client(address))))
            finally:
                process.send_signal(signal.SIGINT)
                process.communicate(timeout=60)
        process, address, _, _ = start_studio(folder)
        try:
            client = Client(address)
            warm = [timed(lambda: first_screen(client)) for _ in range(WARM_ROUNDS)]
            replaced, undone = [], []
            for round_ in range(REPLACE_ROUNDS):
                number = 37 + 91 * round_  # Hidato and Sudoku alike, spread through the book
                for change, into in (("replace", replaced), ("undo", undone)):
                    before = json.loads(client.get("/api/builds/big"))["number"]
                    into.append(timed(lambda: (client.post(f"/api/review/big/{change}", {"number": number}),
                                               settled(client, before))))
        finally:
            process.send_signal(signal.SIGINT)
            process.communicate(timeout=120)
        rows += [("contact sheet, first screen (cold)", cold), ("contact sheet, first screen (warm)", warm),
                 ("replace one puzzle: the new book.pdf", replaced), ("undo: the original book.pdf back", undone)]
        from pipeline.book.config import load_config
        from pipeline.report.page import report_html

        book = load_config(folder / "configs" / "big.yaml")
        records, _ = read_records(out / "puzzles.jsonl")
        reports = [timed(lambda: report_html(book, records, manifest)) for _ in range(REPORT_ROUNDS)]
        rows.append(("report.html of 500 puzzles", reports))
        size = (out / "report.html").stat().st_size
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    emit("## Review: what a person waits for (HTTP on 127.0.0.1, a browser's requests)\n")
    emit(f"load average at start {load_average()}; a book of {manifest['puzzles']} puzzles on {manifest['pages']} pages; "
         f"replace and undo include the studio's {REBUILD_DELAY:g} s wait for more replacements\n")
    emit(markdown_header(COLUMNS))
    misses = []
    for name, values in rows:
        target = TARGETS.get(name)
        ok = "-" if target is None else ("PASS" if statistics.median(values) <= target else "MISS")
        if ok == "MISS":
            misses.append(f"{name}: median {statistics.median(values) * 1e3:.0f} ms > {target * 1e3:.0f} ms")
        emit(markdown_row([name, len(values), f"{statistics.median(values) * 1e3:.1f}",
                           f"{percentile(values, 0.99) * 1e3:.1f}", f"{max(values) * 1e3:.1f}",
                           "-" if target is None else f"median <= {target * 1e3:.0f} ms", ok]))
    emit("")
    emit(f"report.html of the {manifest['puzzles']}-puzzle book: {size / 1024 / 1024:.2f} MB "
         f"({'PASS' if size <= REPORT_LIMIT else 'MISS'}: at most 5 MB)")
    if size > REPORT_LIMIT:
        misses.append(f"report.html {size / 1024 / 1024:.2f} MB > 5 MB")
    emit(f"review targets missed: {len(misses)}" + ("" if misses else " (all met)"))
    for miss in misses:
        emit(f"- MISS {miss}")
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "review.md").write_text(emit.text(), encoding="utf-8")
    return rows


