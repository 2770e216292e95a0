"""Scale benchmark (`python -m bench --only scale`): big mixed books and a series, stage by stage.

- The 500-puzzle mixed book (Hidato 10x10 at four levels on five shapes, Numbrix 9x9, hex Hidato side
  6, Sudoku easy to extreme; 2 a page) from nothing with 2 workers, this tree against the code before
  the scale work (BASELINE, checked out beside it), interleaved, REPEATS times each: the median ratio
  is the target (at most 0.55), with the slowest run beside it.
- Per puzzle (one process, each job of that book made and proved alone, both trees): median, 99th
  percentile and worst CPU seconds, so a faster median cannot hide a slower tail.
- The 500 and 2000-puzzle books at 1 and 2 workers, stage by stage, and the main process's own CPU
  time as a share of the build's (main + workers), projected to 16 and 64 cores.
- A 3-volume series of 75 puzzles a volume with 4x4 Sudoku, 5x5 Hidato and 5x5 Numbrix: repeats by
  brute force (0 expected), volume 2 rebuilt alone (byte-identical expected), and asking for 300
  distinct 4x4 easy Sudoku (refused at once expected, with the count).

Every build runs in a subprocess of its own (so its CPU time and its workers' are measured apart)
into a temporary folder: it never reads or writes output/.
"""

from __future__ import annotations

import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from bench.machine import load_average
from bench.table import Report, markdown_header, markdown_row

ROOT = Path(__file__).resolve().parents[1]
RESULTS = Path(__file__).resolve().parent / "results"
BASELINE = "17e525a"
"""The last commit before the scale work (series, parallel verify and typesetting, faster digging)."""
REPEATS = 3
TARGET_RATIO = 0.55
TARGET_SHARE = 2.0

SECTIONS = [
    ("Hidato easy", "hidato", "shapes: [square:10, {name: cross, size: 10, arm: 4}, rhombus:10, mirror:10, cloud:10]", "easy", 50),
    ("Hidato medium", "hidato", "shapes: [square:10, {name: cross, size: 10, arm: 4}, rhombus:10, mirror:10, cloud:10]", "medium", 50),
    ("Hidato hard", "hidato", "shapes: [square:10, {name: cross, size: 10, arm: 4}, rhombus:10, mirror:10, cloud:10]", "hard", 50),
    ("Hidato expert", "hidato", "shapes: [square:10, {name: cross, size: 10, arm: 4}, rhombus:10, mirror:10, cloud:10]", "expert", 50),
    ("Numbrix", "numbrix", "shapes: square:9", "[easy, medium, hard, expert]", 100),
    ("Honeycomb", "hexhidato", "shapes: hexagon:6", "[easy, medium, hard, expert]", 100),
    ("Sudoku", "sudoku", "box: 3", "[easy, medium, hard, expert, extreme]", 100),
]


def mixed_book(times: int) -> str:
    """The mixed book with every section's count multiplied by `times` (1: 500 puzzles, 4: 2000)."""
    lines = [f"title: Mixed scale book x{times}", "seed: 1", "page: {size: letter}", "sections:"]
    for name, kind, board, level, count in SECTIONS:
        lines += [f"  - name: {name}", f"    kind: {kind}", f"    {board}", f"    difficulty: {level}",
                  f"    count: {count * times}", "    per_page: 2"]
    return "\n".join(lines) + "\n"


SERIES = """\
title: Little Puzzles
seed: 3
series: {volumes: 3}
page: {size: 6x9}
sections:
  - name: Tiny Sudoku
    kind: sudoku
    box: 2
    difficulty: easy
    count: 4
    per_page: 4
  - name: Small Hidato
    kind: hidato
    shapes: square:5
    difficulty: [easy, medium]
    count: 56
    per_page: 4
  - name: Small Numbrix
    kind: numbrix
    shapes: square:5
    difficulty: [easy, medium]
    count: 15
    per_page: 4
"""

TOO_MANY = """\
title: Too many
sections:
  - name: Tiny
    kind: sudoku
    box: 2
    difficulty: easy
    count: 300
"""

BUILD_SCRIPT = """
import json, resource, sys, time
from pipeline.book.build import build
start = time.perf_counter()
report = build(sys.argv[1], jobs=int(sys.argv[3]), out_dir=sys.argv[2], quiet=True, fresh=True)
wall = time.perf_counter() - start
own = resource.getrusage(resource.RUSAGE_SELF)  # this process's CPU from its start: imports included
main = own.ru_utime + own.ru_stime
try:
    from joblib.externals.loky import get_reusable_executor
    get_reusable_executor().shutdown(wait=True)  # the workers are reaped: their CPU time is counted
except ImportError:
    pass
usage = resource.getrusage(resource.RUSAGE_CHILDREN)
print(json.dumps({"wall": wall, "main": main, "workers": usage.ru_utime + usage.ru_stime,
                  "timings": report.timings, "cpu": getattr(report, "cpu", {}), "puzzles": report.puzzles,
                  "pages": report.pages}))
"""

JOBS_SCRIPT = """
import json, sys, time
from pipeline.book.config import load_config
from pipeline.book.make import run_job
from pipeline.book.plan import plan
from pipeline.book.verify import verify_record
seconds = {}
for job in plan(load_config(sys.argv[1])):
    cpu = time.process_time()
    record = run_job(job.to_dict())
    if getattr(record, "canonical", None) is None:  # the baseline proves again in its build's main process
        verify_record(record)                        # (now run_job does, in the worker, and fingerprints)
    seconds.setdefault(job.section, []).append(time.process_time() - cpu)
print(json.dumps(seconds))
"""


def run_script(tree: Path, script: str, *args: str) -> dict[str, Any]:
    """Run `script` with the Python of this venv in `tree` (its own pipeline package); its JSON line."""
    env = {**os.environ, "PYTHONPATH": str(tree), "PYTHONHASHSEED": "0"}
    done = subprocess.run([sys.executable, "-c", script, *args], cwd=tree, env=env, capture_output=True,
                          text=True, check=False)
    if done.returncode != 0:
        raise RuntimeError(f"{script.strip().splitlines()[2]} in {tree} failed:\n{done.stderr[-2000:]}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def baseline_tree(folder: Path, err: Any) -> Path | None:
    """A checkout of BASELINE in `folder`, its Hidato solver compiled as `make` compiles this tree's."""
    tree = folder / "baseline"
    made = subprocess.run(["git", "worktree", "add", "--detach", "-f", str(tree), BASELINE], cwd=ROOT,
                          capture_output=True, text=True, check=False)
    if made.returncode != 0:
        print(f"no baseline checkout ({made.stderr.strip()}): the side-by-side rows are left out", file=err)
        return None
    compiled = list((ROOT / "pipeline" / "kinds" / "hidato").glob("solve.*.so"))
    if compiled:
        print("compiling the baseline's Hidato solver as this tree's is ...", file=err, flush=True)
        subprocess.run([sys.executable, "-m", "pipeline.native", "pipeline/kinds/hidato/solve.py"], cwd=tree,
                       env={**os.environ, "PYTHONPATH": str(tree)}, capture_output=True, check=False)
    return tree


def remove_tree(tree: Path | None) -> None:
    if tree is not None:
        subprocess.run(["git", "worktree", "remove", "--force", str(tree)], cwd=ROOT, capture_output=True, check=False)


def quantile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def run(*, write: bool = True, out: Any = sys.stdout, err: Any = sys.stderr) -> str:
    emit = Report(out)
    emit("## Scale: big mixed books, the main process's share, a series\n")
    emit(f"Python {platform.python_version()}, {os.cpu_count()} CPUs, load average at start {load_average()}\n")
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        for times in (1, 4):
            (folder / f"mixed{500 * times}.yaml").write_text(mixed_book(times), encoding="utf-8")
        base = baseline_tree(folder, err)
        try:
            side_by_side(emit, folder, base, err)
            per_puzzle(emit, folder, base, err)
        finally:
            remove_tree(base)
        stage_tables(emit, folder, err)
        series_section(emit, folder, err)
    emit(f"\nload average at end {load_average()}")
    text = emit.text()
    if write:
        RESULTS.mkdir(exist_ok=True)
        (RESULTS / "scale.md").write_text(text, encoding="utf-8")
    return text


def side_by_side(emit: Report, folder: Path, base: Path | None, err: Any) -> None:
    emit(f"### The 500-puzzle book from nothing, 2 workers: this tree against {BASELINE}, interleaved\n")
    if base is None:
        emit("No baseline checkout: left out.\n")
        return
    config = str(folder / "mixed500.yaml")
    walls: dict[str, list[float]] = {"baseline": [], "now": []}
    stages: dict[str, list[dict[str, float]]] = {"baseline": [], "now": []}
    for repeat in range(REPEATS):
        for name, tree in (("baseline", base), ("now", ROOT)):
            print(f"500-puzzle book, {name}, run {repeat + 1} of {REPEATS} ...", file=err, flush=True)
            result = run_script(tree, BUILD_SCRIPT, config, str(folder / f"{name}{repeat}"), "2")
            walls[name].append(result["wall"])
            stages[name].append(result["timings"])
    ratios = [now / old for now, old in zip(walls["now"], walls["baseline"])]
    rows = [markdown_header(["code", "median (s)", "fastest (s)", "slowest (s)"])]
    for name, times in walls.items():
        rows.append(markdown_row([name if name == "now" else f"{name} ({BASELINE})", f"{statistics.median(times):.1f}",
                                  f"{min(times):.1f}", f"{max(times):.1f}"]))
    emit("\n".join(rows))
    names = list(dict.fromkeys(stage for runs in stages.values() for timings in runs for stage in timings))
    rows = [markdown_header(["stage (median s)", f"baseline ({BASELINE})", "now"])]
    for stage in names:
        rows.append(markdown_row([stage, *(f"{statistics.median(t.get(stage, 0.0) for t in stages[name]):.2f}"
                                           for name in ("baseline", "now"))]))
    emit("\n" + "\n".join(rows))
    ratio = statistics.median(walls["now"]) / statistics.median(walls["baseline"])
    emit(f"\nMedian ratio now/baseline **{ratio:.2f}** (target at most {TARGET_RATIO}; pairwise ratios "
         f"{', '.join(f'{r:.2f}' for r in ratios)}, worst {max(ratios):.2f}): "
         f"{'met' if ratio <= TARGET_RATIO else 'MISSED'}.\n")


def per_puzzle(emit: Report, folder: Path, base: Path | None, err: Any) -> None:
    emit("### Each puzzle of the 500-puzzle book made and proved alone (CPU seconds, one process)\n")
    trees = [("now", ROOT)] + ([("baseline", base)] if base is not None else [])
    found = {}
    for name, tree in trees:
        print(f"every puzzle alone, {name} ...", file=err, flush=True)
        found[name] = run_script(tree, JOBS_SCRIPT, str(folder / "mixed500.yaml"))
    columns = ["section"] + [f"{name} {what}" for name, _ in trees for what in ("median", "p99", "worst", "total")]
    rows = [markdown_header(columns)]
    for section in [*found["now"], "all"]:
        cells = [section]
        for name, _ in trees:
            times = [t for values in found[name].values() for t in values] if section == "all" else found[name][section]
            cells += [f"{statistics.median(times):.3f}", f"{quantile(times, 0.99):.3f}", f"{max(times):.3f}",
                      f"{sum(times):.1f}"]
        rows.append(markdown_row(cells))
    emit("\n".join(rows) + "\n")


def stage_tables(emit: Report, folder: Path, err: Any) -> None:
    emit("### Stage by stage (this tree), and the main process's share of the CPU\n")
    results: dict[tuple[int, int], dict[str, Any]] = {}
    for puzzles in (500, 2000):
        for workers in (1, 2):
            print(f"{puzzles}-puzzle book with {workers} worker(s) ...", file=err, flush=True)
            results[(puzzles, workers)] = run_script(ROOT, BUILD_SCRIPT, str(folder / f"mixed{puzzles}.yaml"),
                                                     str(folder / f"stages{puzzles}-{workers}"), str(workers))
    stages = list(dict.fromkeys(name for result in results.values() for name in result["timings"]))
    columns = ["stage", *(f"{p} puzzles, {w} worker{'s' if w > 1 else ''}: wall / this process's CPU (s)"
                          for p, w in results)]
    rows = [markdown_header(columns)]
    for stage in stages:
        rows.append(markdown_row([stage, *(f"{r['timings'].get(stage, 0):.2f} / {r['cpu'].get(stage, 0):.2f}"
                                           for r in results.values())]))
    rows.append(markdown_row(["total (wall) / process CPU with start-up", *(f"{r['wall']:.2f} / {r['main']:.2f}"
                                                                            for r in results.values())]))
    emit("\n".join(rows) + "\n")
    rows = [markdown_header(["book", "workers", "main CPU (s)", "workers' CPU (s)", "main share", "projected 16 cores (s)",
                             "projected 64 cores (s)"])]
    for (puzzles, workers), result in results.items():
        main, rest = result["main"], result["workers"]
        share = 100 * main / (main + rest)
        rows.append(markdown_row([f"{puzzles} puzzles", str(workers), f"{main:.2f}", f"{rest:.1f}", f"{share:.1f}%",
                                  f"{main + rest / 16:.1f}", f"{main + rest / 64:.1f}"]))
    emit("\n".join(rows))
    big = results[(2000, 2)]
    share = 100 * big["main"] / (big["main"] + big["workers"])
    emit(f"\nThe 2000-puzzle book's main-process share with 2 workers: **{share:.1f}%** (target at most "
         f"{TARGET_SHARE:g}%): {'met' if share <= TARGET_SHARE else 'MISSED'}. The projection assumes the "
         "workers' CPU divides evenly over the cores and the main process's does not divide at all "
         "(Amdahl): main + workers / cores, a lower bound that ignores the longest single puzzle.\n")


SERIES_SCRIPT = """
import itertools, json, sys
from pathlib import Path
from pipeline.book.store import read_records
from bench.sameness import same_puzzle
records = [r for k in (1, 2, 3) for r in read_records(Path(sys.argv[1]) / f"volume-{k}" / "puzzles.jsonl")[0]]
pairs = sum(1 for a, b in itertools.combinations(records, 2) if same_puzzle(a, b))
print(json.dumps({"puzzles": len(records), "repeats": pairs}))
"""


def series_section(emit: Report, folder: Path, err: Any) -> None:
    emit("### A 3-volume series (75 puzzles a volume: 4x4 Sudoku, 5x5 Hidato, 5x5 Numbrix)\n")
    config = folder / "series.yaml"
    config.write_text(SERIES, encoding="utf-8")
    print("a 3-volume series ...", file=err, flush=True)
    whole = run_script(ROOT, BUILD_SCRIPT, str(config), str(folder / "series"), "2")
    checked = run_script(ROOT, SERIES_SCRIPT, str(folder / "series"))
    alone = subprocess.run([sys.executable, "-m", "pipeline", "build", str(config), "--out", str(folder / "alone"),
                            "--jobs", "1", "--volume", "2", "--quiet"], cwd=ROOT, capture_output=True, text=True,
                           check=False)
    same = alone.returncode == 0 and all(
        (folder / "alone" / "volume-2" / name).read_bytes() == (folder / "series" / "volume-2" / name).read_bytes()
        for name in ("book.pdf", "cover.pdf", "puzzles.jsonl"))
    passed = sum(1 for k in (1, 2, 3) for _ in open(folder / "series" / f"volume-{k}" / "passed-over.jsonl",
                                                    encoding="utf-8")) \
        if all((folder / "series" / f"volume-{k}" / "passed-over.jsonl").exists() for k in (1, 2, 3)) else 0
    (folder / "many.yaml").write_text(TOO_MANY, encoding="utf-8")
    start = time.perf_counter()
    refused = subprocess.run([sys.executable, "-m", "pipeline", "build", str(folder / "many.yaml"), "--out",
                              str(folder / "many"), "--jobs", "2"], cwd=ROOT, capture_output=True, text=True,
                             check=False)
    seconds = time.perf_counter() - start
    rows = [markdown_header(["check", "result"]),
            markdown_row(["built (3 volumes, 2 workers)", f"{whole['puzzles']} puzzles, {whole['pages']} pages, "
                          f"{whole['wall']:.1f} s"]),
            markdown_row(["repeats by brute force (every pair)", f"{checked['repeats']} among {checked['puzzles']}"]),
            markdown_row(["puzzles made and passed over as repeats", str(passed)]),
            markdown_row(["volume 2 rebuilt alone (1 worker)", "byte-identical" if same else "DIFFERENT"]),
            markdown_row(["300 distinct easy 4x4 Sudoku", f"exit {refused.returncode} after {seconds:.1f} s: "
                          f"{refused.stderr.strip()[:300]}"])]
    emit("\n".join(rows))
