"""The studio's speed as a person meets it, against `puzzlebook studio` running in a process of its own.

Measured over HTTP on 127.0.0.1, as a browser asks (cookie login, the same requests a page makes):
- start: from launching the command to its printed address, and to the first page served;
- page loads: the books page and an editor page with every file and API call they make at load;
- validation: one config checked (`/api/check`), as the editor asks on every pause in typing;
- samples: a section's first four puzzles, four 10x10 hard Hidato and four easy ones, each time
  on a book seed the studio has not seen (so they are made, not remembered);
- thumbnails: every page of a 300-page book, six at a time as a browser fetches them, cold and cached.
Medians with the 99th percentile and the worst beside them. Targets (issue 25): start under 2 s,
a page under 300 ms, validation under 100 ms, hard samples within 1 s and easy ones within 300 ms.
Measures only; misses are listed, never raised. Written to bench/results/studio.md.
"""

from __future__ import annotations

import http.cookiejar
import json
import math
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from bench.machine import load_average
from bench.table import Report, markdown_header, markdown_row

ROOT = Path(__file__).resolve().parent.parent
RESULTS = Path(__file__).resolve().parent / "results"
ROUNDS = 20
SAMPLE_ROUNDS = 8
SAMPLES_BOOK = """\
title: Samples
seed: {seed}
sections:
  - name: Hard
    kind: hidato
    shapes: square:10
    difficulty: hard
    count: 4
  - name: Easy
    kind: hidato
    shapes: square:10
    difficulty: easy
    count: 4
"""
THICK_BOOK = """\
title: Three hundred pages
sections:
  - name: Many
    kind: hidato
    shapes: square:6
    difficulty: easy
    count: 280
    per_page: 1
answers:
  per_page: 12
"""
TARGETS = {"start to first page": 2.0, "books page": 0.3, "editor page": 0.3, "validation": 0.1,
           "samples, four 10x10 hard": 1.0, "samples, four 10x10 easy": 0.3}
COLUMNS = ("measure", "n", "median ms", "p99 ms", "worst ms", "target", "ok?")


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[max(0, math.ceil(share * len(ordered)) - 1)]


class Client:
    """A browser's worth of HTTP: the cookie the token buys, and the Origin a page sends."""

    def __init__(self, address: str) -> None:
        self.base = address.split("/?")[0]
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))
        self.opener.open(address, timeout=60).read()

    def get(self, path: str) -> bytes:
        with self.opener.open(self.base + path, timeout=120) as response:
            return response.read()

    def post(self, path: str, body: dict) -> dict:
        request = urllib.request.Request(self.base + path, data=json.dumps(body).encode(), method="POST",
                                         headers={"Content-Type": "application/json", "Origin": self.base})
        with self.opener.open(request, timeout=120) as response:
            return json.loads(response.read())


def timed(fn) -> float:  # type: ignore[no-untyped-def]
    start = time.perf_counter()
    fn()
    return time.perf_counter() - start


def start_studio(folder: Path) -> tuple[subprocess.Popen[str], str, float, float]:
    """Launch the studio; (process, address, seconds to the address, seconds to the first page)."""
    start = time.perf_counter()
    process = subprocess.Popen([sys.executable, "-m", "pipeline", "studio", "configs", "--port", "0"], cwd=folder,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    address = process.stdout.readline().strip()  # type: ignore[union-attr]
    printed = time.perf_counter() - start
    Client(address)
    return process, address, printed, time.perf_counter() - start


def run(rounds: int = ROUNDS) -> list[tuple[str, list[float]]]:
    """Measure everything; print the table and write it to bench/results/studio.md."""
    emit = Report()

    folder = Path(tempfile.mkdtemp(prefix="studio-bench-"))
    rows: list[tuple[str, list[float]]] = []
    try:
        (folder / "configs").mkdir()
        shutil.copy(ROOT / "configs" / "classic.yaml", folder / "configs" / "classic.yaml")
        (folder / "configs" / "thick.yaml").write_text(THICK_BOOK, encoding="utf-8")
        (folder / "configs" / "samples.yaml").write_text(SAMPLES_BOOK.format(seed=1), encoding="utf-8")
        print("building a 300-page book for the thumbnails ...", file=sys.stderr, flush=True)
        subprocess.run([sys.executable, "-m", "pipeline", "build", "configs/thick.yaml", "--quiet"], cwd=folder, check=True)
        starts, printed = [], []
        for _ in range(5):
            process, address, to_address, to_page = start_studio(folder)
            printed.append(to_address)
            starts.append(to_page)
            process.send_signal(signal.SIGINT)
            process.communicate(timeout=60)
        rows += [("start to printed address", printed), ("start to first page", starts)]
        process, address, _, _ = start_studio(folder)
        try:
            client = Client(address)
            time.sleep(2)  # the sample makers start beside the server; a person reads the page meanwhile
            classic = (folder / "configs" / "classic.yaml").read_text(encoding="utf-8")
            books = [timed(lambda: [client.get(p) for p in ("/", "/static/studio.css", "/static/common.js", "/static/books.js")])
                     for _ in range(rounds)]
            editor = [timed(lambda: [client.get("/books/classic"), client.get("/static/studio.css"), client.get("/static/form.js"),
                                     client.get("/static/editor.js"), client.get("/api/schema"), client.get("/api/books/classic"),
                                     client.post("/api/check", {"name": "classic", "text": classic})])
                      for _ in range(rounds)]
            checks = [timed(lambda: client.post("/api/check", {"name": "classic", "text": classic})) for _ in range(rounds * 3)]
            rows += [("books page", books), ("editor page", editor), ("validation", checks)]
            hard, easy = [], []
            for seed in range(100, 100 + SAMPLE_ROUNDS):
                text = SAMPLES_BOOK.format(seed=seed)
                hard.append(timed(lambda: client.post("/api/preview/samples", {"name": "samples", "text": text, "section": 0})))
                easy.append(timed(lambda: client.post("/api/preview/samples", {"name": "samples", "text": text, "section": 1})))
            rows += [("samples, four 10x10 hard", hard), ("samples, four 10x10 easy", easy)]
            pages = json.loads(client.get("/api/books/thick/output"))["pages"]
            for label in ("thumbnails of every page, cold", "thumbnails of every page, cached"):
                each: list[float] = []

                def fetch(number: int) -> None:
                    each.append(timed(lambda: client.get(f"/books/thick/pages/{number}.png?w=200")))

                whole = timed(lambda: list(ThreadPoolExecutor(6).map(fetch, range(1, pages + 1))))
                rows.append((f"{label} ({pages} pages, {whole:.1f} s in all), per page", each))
        finally:
            process.send_signal(signal.SIGINT)
            process.communicate(timeout=60)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    emit("## Studio: what a person waits for (HTTP on 127.0.0.1, a browser's requests)\n")
    emit(f"load average at start {load_average()}; {rounds} rounds a measure ({SAMPLE_ROUNDS} for samples, each on a "
         "new book seed; 5 starts)\n")
    emit(markdown_header(COLUMNS))
    misses = []
    for name, values in rows:
        target = TARGETS.get(name)
        worst = max(values)
        ok = "-" if target is None else ("PASS" if statistics.median(values) <= target else "MISS")
        if ok == "MISS":
            misses.append(f"{name}: median {statistics.median(values) * 1e3:.0f} ms > {target * 1e3:.0f} ms")
        emit(markdown_row([name, len(values), f"{statistics.median(values) * 1e3:.1f}",
                           f"{percentile(values, 0.99) * 1e3:.1f}", f"{worst * 1e3:.1f}",
                           "-" if target is None else f"median <= {target * 1e3:.0f} ms", ok]))
    emit("")
    emit(f"studio targets missed: {len(misses)}" + ("" if misses else " (all met)"))
    for miss in misses:
        emit(f"- MISS {miss}")
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "studio.md").write_text(emit.text(), encoding="utf-8")
    return rows
