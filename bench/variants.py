"""Sudoku variants (Killer, Jigsaw, Sudoku X): making them, their levels, their uniqueness checked by
an outside model, our proof against CP-SAT's, and pencilmark (PyPI) as a Python peer, in one run.

- Generation: `generate(rule, n, level, seed)` (symmetry rotate180) for seeds 0..k-1 at every level,
  9x9 for the three rules and 6x6 Killer; each puzzle timed in its worker (wall and CPU), median,
  99th percentile and worst, the attempts, and the hardest technique of the puzzles. Targets: a 9x9
  Killer hard at most 1 s median, a 9x9 Jigsaw or Sudoku X hard at most 0.3 s median.
- Levels separate: each puzzle graded again from scratch (`grade(puzzle)`, no hint, no level cap);
  per rule the median rating must rise strictly from easy to expert (over the levels the product
  makes at that size: a level its `level_problem` refuses is shown as not made), and each regrade
  must give the level the puzzle was made for.
- Uniqueness, checked independently: every puzzle's solutions counted by CP-SAT (bench/variantcpsat.py,
  a model read from the record alone), up to two: none may have 0 or 2, and CP-SAT's solution must
  be the record's.
- Proof speed: our `solve(houses, cells, 2)` with no hint (its rules rebuilt on every run: the proof
  from scratch) against CP-SAT's own solver time on the same puzzle (model built aside, one worker,
  enumerating to two). Both timed in this one process, back to back, one puzzle at a time, each the
  best of at least 5 runs (`timed`). Target: CP-SAT's time over ours at least 5 (median) per rule.
- pencilmark (PyPI; a C++ engine that solves and grades classic and variant sudoku, Killer, Jigsaw and
  Sudoku X among them): its `solve` timed on the first puzzles of each row (the whole call, and its
  engine alone on a puzzle already loaded), its `rate` band and difficulty beside our level and rating.
  Skipped, with a note, where it is not installed (`make bench` installs it from requirements/bench-peer.txt).

Making and the untimed checks (regrade, CP-SAT's count, pencilmark's rate) are spread over the plan's
workers (the machine has 2 cores); the timed comparisons run in this one process alone, since a
CP-SAT solve of milliseconds slows by half or more beside a second busy process. The load average is
printed at the start and end. Measures only: misses are listed, never raised. Written to bench/results/variants.md
(raw per-puzzle numbers to variants.json).
"""

from __future__ import annotations

import importlib
import importlib.util
import json
import multiprocessing
import os
import platform
import statistics
import sys
import time
import traceback
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bench.cpsat import ortools_available
from bench.machine import compiled_line, load_average
from bench.studio import percentile
from bench.sudoku import spearman
from bench.table import Report, markdown_header, markdown_row
from bench.tail import best_time

RESULTS = Path(__file__).resolve().parent / "results"
LEVELS = ("easy", "medium", "hard", "expert")
VARIANTS: tuple[tuple[str, int], ...] = (("killer", 9), ("jigsaw", 9), ("sudokux", 9), ("killer", 6))
GEN_TARGETS: dict[tuple[str, int, str], float] = {
    ("killer", 9, "hard"): 1.0, ("jigsaw", 9, "hard"): 0.3, ("sudokux", 9, "hard"): 0.3,
}
"""Median seconds to make one puzzle, by (rule, side, level)."""
RATIO_TARGET = 5.0
"""CP-SAT's solver time over our proof's, median per rule, at least this."""
PEER_BANDS = ("Very Easy", "Easy", "Medium", "Hard", "Very Hard", "Extreme", "Unknown")
PEER_RATE_SECONDS = 10.0
"""pencilmark's `max_seconds`: caps its minimising of the techniques list (a Killer can take minutes)."""
SYMMETRY = "rotate180"
TITLE = {"killer": "Killer", "jigsaw": "Jigsaw", "sudokux": "Sudoku X"}


@dataclass(frozen=True)
class VariantPlan:
    seeds: int = 25
    """Puzzles per row (rule, side, level)."""
    killer_expert_seeds: int = 8
    """Puzzles for the 9x9 Killer expert row, which takes 5-20 s a puzzle."""
    peer: int = 4
    """The first this many puzzles of each row also go to pencilmark (solve and rate)."""
    peer_killer9: int = 3
    """As `peer` for the 9x9 Killer rows: pencilmark takes 1-5 s to solve one and 10-20 s to rate it."""
    variants: tuple[tuple[str, int], ...] = VARIANTS
    levels: tuple[str, ...] = LEVELS
    workers: int = 2
    """Worker processes (the machine has 2 cores)."""

    def seeds_for(self, rule: str, n: int, level: str) -> int:
        return self.killer_expert_seeds if (rule, n, level) == ("killer", 9, "expert") else self.seeds

    def peer_for(self, rule: str, n: int) -> int:
        return self.peer_killer9 if (rule, n) == ("killer", 9) else self.peer


def full_plan(seeds: int | None = None) -> VariantPlan:
    return VariantPlan(seeds=seeds or 25)


def quick_plan(seeds: int | None = None) -> VariantPlan:
    return VariantPlan(seeds=seeds or 3, killer_expert_seeds=1, peer=1, peer_killer9=1)


def pencilmark_version() -> str | None:
    """pencilmark's version when it can be imported, else None."""
    if importlib.util.find_spec("pencilmark") is None:
        return None
    try:
        return str(importlib.import_module("pencilmark").__version__)
    except Exception:  # a broken install is reported as missing, never raised
        return None


# ---------------------------------------------------------------- work done in the workers


def make_one(job: tuple[str, int, str, int]) -> dict[str, Any]:
    """Generate one puzzle, timed: wall and CPU seconds, the record or the error."""
    from pipeline.errors import PuzzleBookError
    from pipeline.kinds.variants.generate import generate

    rule, n, level, seed = job
    start, cpu = time.perf_counter(), time.process_time()
    record: dict[str, Any] | None = None
    error, expected = None, True
    try:
        record = generate(rule, n, level, seed, symmetry=SYMMETRY)
    except Exception as err:  # a level out of reach, or a product bug: reported, never raised
        error, expected = f"{type(err).__name__}: {err}", isinstance(err, PuzzleBookError)
    return {"rule": rule, "n": n, "level": level, "seed": seed, "seconds": time.perf_counter() - start,
            "cpu_seconds": time.process_time() - cpu, "record": record, "error": error, "expected_error": expected}


def peer_doc(record: dict[str, Any]) -> dict[str, Any]:
    """The record in pencilmark's "sudoku-puzzle" exchange format: a box grid (Killer, Sudoku X) or a
    plain grid and its regions as boxes (Jigsaw), both diagonals as regions (Sudoku X), cages with sums."""
    grid = record["grid"]
    n = int(len(grid) ** 0.5)
    rules: list[dict[str, Any]] = []
    if record["kind"] == "jigsaw":
        rules.append({"type": "grid", "origin": "r1c1"})
        shapes: dict[str, list[str]] = {}
        for r, line in enumerate(record["regions"]):
            for c, ch in enumerate(line):
                shapes.setdefault(ch, []).append(f"r{r + 1}c{c + 1}")
        rules += [{"type": "box", "cells": cells} for _, cells in sorted(shapes.items())]
    else:
        rules.append({"type": "box_grid", "origin": "r1c1", "box": list(record["box"])})
    if record["kind"] == "sudokux":
        rules.append({"type": "region", "kind": "diagonal", "cells": [f"r{k + 1}c{k + 1}" for k in range(n)]})
        rules.append({"type": "region", "kind": "diagonal", "cells": [f"r{k + 1}c{n - k}" for k in range(n)]})
    for cage in record.get("cages", ()):
        rules.append({"type": "cage", "sum": cage["sum"], "cells": [f"r{r + 1}c{c + 1}" for r, c in cage["cells"]]})
    return {"format": "sudoku-puzzle", "format_version": 1, "board": {"rows": n, "cols": n}, "digits": n,
            "givens": [0 if ch == "." else int(ch) for ch in grid], "rules": rules}


def check_one(job: tuple[dict[str, Any], bool]) -> dict[str, Any]:
    """The untimed checks of one made puzzle (run in the workers): its regrade, CP-SAT's count and,
    when asked, pencilmark's rate."""
    record, with_peer = job
    out: dict[str, Any] = {}
    try:
        _check(record, with_peer, out)
    except Exception:  # a crash in one puzzle's checks is reported on its row, never raised
        out["crash"] = traceback.format_exc(limit=3)
    return out


def time_one(job: tuple[dict[str, Any], bool]) -> dict[str, Any]:
    """The timed comparisons of one made puzzle (run in this one process, one puzzle at a time): our
    proof against CP-SAT's and, when asked, pencilmark's solve."""
    record, with_peer = job
    out: dict[str, Any] = {}
    try:
        _time(record, with_peer, out)
    except Exception:
        out["crash"] = traceback.format_exc(limit=3)
    return out


def timed(fn: Callable[[], Any]) -> tuple[Any, float]:
    """fn's first result and its best wall time over at least TIMED_RUNS runs, repeated until
    TIMED_SECONDS are spent (at most TIMED_MAX runs). The same rule for both sides of a comparison: a
    solve of a few milliseconds is often cut by the scheduler on a busy machine, and only its best run
    says what it costs."""
    value, best, spent, runs = None, float("inf"), 0.0, 0
    while runs < TIMED_RUNS or (spent < TIMED_SECONDS and runs < TIMED_MAX):
        start = time.perf_counter()
        got = fn()
        seconds = time.perf_counter() - start
        if runs == 0:
            value = got
        best = min(best, seconds)
        spent += seconds
        runs += 1
    return value, best


TIMED_RUNS = 5
TIMED_SECONDS = 0.1
TIMED_MAX = 30


def _check(record: dict[str, Any], with_peer: bool, out: dict[str, Any]) -> None:
    from pipeline.kinds import registry
    from pipeline.kinds.variants.grade import grade

    puzzle, _ = registry.kind(record["kind"]).read_record(record)
    start = time.perf_counter()
    regraded = grade(puzzle)
    out["grade_seconds"] = time.perf_counter() - start
    out["regrade"] = {"level": regraded["level"], "rating": regraded["rating"], "hardest": regraded["hardest"]}
    if ortools_available():
        from bench.variantcpsat import check_solution, count_cpsat, read_model

        model = read_model(record)
        first = count_cpsat(model, 2)
        out["cpsat_count"] = first.count
        out["cpsat_complete"] = first.complete
        out["cpsat_same"] = first.count >= 1 and "".join(map(str, first.solutions[0])) == record["solution"]
        out["record_solution_ok"] = check_solution(model, tuple(int(ch) for ch in record["solution"]))
    if with_peer and pencilmark_version() is not None:
        import pencilmark

        try:
            start = time.perf_counter()
            card = pencilmark.rate(peer_doc(record), max_seconds=PEER_RATE_SECONDS, fields=["band", "difficulty"])
            out["peer_rate_seconds"] = time.perf_counter() - start
            out["peer_band"] = card.get("band") or "Unknown"
            out["peer_difficulty"] = card.get("difficulty")
        except Exception as err:  # pencilmark refusing or failing a puzzle is a finding, not a crash
            out["peer_error"] = f"rate: {type(err).__name__}: {err}"


def _time(record: dict[str, Any], with_peer: bool, out: dict[str, Any]) -> None:
    from pipeline.kinds import registry
    from pipeline.kinds.variants import search

    puzzle, solution = registry.kind(record["kind"]).read_record(record)

    def ours(rebuild: bool) -> Any:
        if rebuild:
            search.rules.cache_clear()  # the proof from scratch: its rules read from the houses again
        return search.solve(puzzle.houses(), puzzle.cells, 2)

    result, out["ours_seconds"] = timed(lambda: ours(True))
    out["ours_status"] = result.status
    out["ours_nodes"] = result.nodes
    out["ours_solution_ok"] = bool(result.solutions) and result.solutions[0] == tuple(solution)
    _, out["ours_prebuilt_seconds"] = timed(lambda: ours(False))
    if ortools_available():
        from bench.variantcpsat import count_cpsat, read_model

        model = read_model(record)
        best = float("inf")
        spent, runs = 0.0, 0
        while runs < TIMED_RUNS or (spent < TIMED_SECONDS and runs < TIMED_MAX):
            counted = count_cpsat(model, 2)
            best = min(best, counted.solver_seconds)
            spent += counted.solver_seconds
            runs += 1
        out["cpsat_seconds"] = best
    if with_peer and pencilmark_version() is not None:
        import pencilmark

        doc = peer_doc(record)
        try:
            solved, out["peer_solve_seconds"] = best_time(lambda: pencilmark.solve(doc))
            loaded = pencilmark.load(doc)
            _, out["peer_engine_seconds"] = best_time(lambda: pencilmark.solve(loaded))
            out["peer_same"] = "".join(map(str, solved)) == record["solution"]
        except Exception as err:
            out["peer_error"] = f"solve: {type(err).__name__}: {err}"


def _pool_map(fn: Callable[[Any], dict[str, Any]], jobs: list[Any], workers: int,
              progress: Callable[[str], None], what: str) -> list[dict[str, Any]]:
    """fn over jobs in `workers` processes (in this one when 1), results in job order."""
    results: list[dict[str, Any]] = [{} for _ in jobs]
    step = max(1, len(jobs) // 10)
    if workers <= 1:
        for k, job in enumerate(jobs):
            results[k] = fn(job)
            if (k + 1) % step == 0:
                progress(f"  {what}: {k + 1}/{len(jobs)}")
        return results
    # spawned, not forked: the whole bench has run CP-SAT (and its threads) in this process by now
    with multiprocessing.get_context("spawn").Pool(workers) as pool:
        for done, (k, result) in enumerate(pool.imap_unordered(_indexed, [(fn, k, job) for k, job in enumerate(jobs)]), 1):
            results[k] = result
            if done % step == 0:
                progress(f"  {what}: {done}/{len(jobs)}")
    return results


def _indexed(item: tuple[Callable[[Any], dict[str, Any]], int, Any]) -> tuple[int, dict[str, Any]]:
    fn, k, job = item
    return k, fn(job)


# ---------------------------------------------------------------- rows


@dataclass
class Row:
    """One (rule, side, level): its made puzzles and everything measured on them."""

    rule: str
    n: int
    level: str
    made: list[dict[str, Any]] = field(default_factory=list)
    """make_one's results, in seed order."""
    checks: dict[int, dict[str, Any]] = field(default_factory=dict)
    """check_one's results by seed."""
    refused: str | None = None
    """Why the product does not make this level at this size (its level_problem), or None."""

    @property
    def name(self) -> str:
        return f"{TITLE[self.rule]} {self.n}x{self.n}"

    @property
    def records(self) -> list[dict[str, Any]]:
        return [m["record"] for m in self.made if m["record"] is not None]

    @property
    def good(self) -> list[dict[str, Any]]:
        return [m for m in self.made if m["record"] is not None]

    @property
    def failures(self) -> list[dict[str, Any]]:
        return [m for m in self.made if m["record"] is None]

    @property
    def seconds(self) -> list[float]:
        return [m["seconds"] for m in self.good]

    @property
    def target(self) -> float | None:
        return GEN_TARGETS.get((self.rule, self.n, self.level))

    def checked(self, key: str) -> list[tuple[int, Any]]:
        """(seed, value) of `key` for every checked puzzle that has it."""
        return [(seed, c[key]) for seed, c in sorted(self.checks.items()) if key in c]

    def gen_misses(self) -> list[str]:
        out = []
        if self.target is not None and (not self.seconds or statistics.median(self.seconds) > self.target):
            got = f"{statistics.median(self.seconds):.3f} s" if self.seconds else "nothing made"
            out.append(f"median {got} > {self.target:g} s")
        return out


def ms(seconds: float) -> str:
    return f"{seconds * 1e3:.2f}"


def histogram(values: Iterable[object]) -> str:
    counts = Counter(str(v) for v in values)
    return ", ".join(f"{name}: {count}" for name, count in counts.most_common())


def _worst(pairs: list[tuple[int, float]]) -> str:
    seed, value = max(pairs, key=lambda p: p[1])
    return f"{value:.3f} (seed {seed})"


GEN_COLUMNS = ("variant", "level", "made", "median s", "p99 s", "worst s", "median CPU s", "attempts median",
               "hardest technique (puzzles)", "target", "ok?")
LEVEL_COLUMNS = ("variant", "median rating easy / medium / hard / expert", "strictly rising?",
                 "regraded as made", "grade median ms", "ok?")
UNIQUE_COLUMNS = ("variant", "puzzles", "0 solutions", "1 solution", "2 solutions", "CP-SAT incomplete",
                  "CP-SAT's = record's", "our proof = record's", "ok?")
PROOF_COLUMNS = ("variant", "level", "puzzles", "ours median ms", "ours p99 ms", "ours worst ms",
                 "CP-SAT median ms", "CP-SAT p99 ms", "CP-SAT worst ms", "median ratio CP-SAT/ours",
                 "ratio, our rules prebuilt", "target", "ok?")
PEER_COLUMNS = ("variant", "level", "puzzles", "pencilmark solve median ms", "its engine alone median ms",
                "ours median ms", "pencilmark/ours (median)", "same solution", "rate median s",
                "its bands", "our levels")


def gen_row(row: Row) -> str:
    good = row.good
    target = f"median <= {row.target:g} s" if row.target is not None else "-"
    ok = ("MISS" if row.gen_misses() else "PASS") if row.target is not None else "-"
    made = f"{len(good)}" + (f" ({len(row.failures)} failed)" if row.failures else "")
    if row.refused is not None:
        return markdown_row([row.name, row.level, "-", f"not made: {row.refused}", "", "", "", "", "", target, ok])
    if not good:
        return markdown_row([row.name, row.level, made, "n/a", "", "", "", "", "", target, ok])
    pairs = [(m["seed"], m["seconds"]) for m in good]
    hardest = histogram(m["record"]["grade"]["hardest"] for m in good)
    return markdown_row([
        row.name, row.level, made, f"{statistics.median(row.seconds):.3f}", f"{percentile(row.seconds, 0.99):.3f}",
        _worst(pairs), f"{statistics.median(m['cpu_seconds'] for m in good):.3f}",
        f"{statistics.median(m['record']['attempts'] for m in good):g}", hardest, target, ok,
    ])


def variant_rows(rows: list[Row]) -> dict[tuple[str, int], list[Row]]:
    out: dict[tuple[str, int], list[Row]] = {}
    for row in rows:
        out.setdefault((row.rule, row.n), []).append(row)
    return out


def level_check(rows: list[Row]) -> tuple[str, list[str], list[str]]:
    """The levels table's row for one variant, its lines of hardest techniques, and its misses."""
    name = rows[0].name
    medians, lines, misses = [], [], []
    agree = total = 0
    grade_times: list[float] = []
    offered = [row for row in rows if row.refused is None]
    for row in offered:
        ratings = [c["regrade"]["rating"] for _, c in sorted(row.checks.items()) if "regrade" in c]
        medians.append(statistics.median(ratings) if ratings else float("nan"))
        for seed, check in sorted(row.checks.items()):
            if "regrade" not in check:
                continue
            total += 1
            grade_times.append(check["grade_seconds"])
            if check["regrade"]["level"] == row.level:
                agree += 1
            else:
                misses.append(f"{name} {row.level} seed {seed}: regraded {check['regrade']['level']}")
        hardest = sorted({str(c["regrade"]["hardest"]) for c in row.checks.values() if "regrade" in c})
        lines.append(f"{name} {row.level}: median rating {medians[-1]:.2f}; hardest techniques {{{', '.join(hardest)}}}")
    rising = len(medians) >= 2 and all(a < b for a, b in zip(medians, medians[1:]))
    if not rising:
        misses.append(f"{name}: median ratings not strictly rising ({' / '.join(f'{m:.2f}' for m in medians)})")
    shown = [f"{medians[offered.index(row)]:.2f}" if row in offered else "not made" for row in rows]
    text = markdown_row([
        name, " / ".join(shown), "yes" if rising else "NO",
        f"{agree}/{total}", f"{statistics.median(grade_times) * 1e3:.1f}" if grade_times else "-",
        "PASS" if rising and agree == total else "MISS",
    ])
    return text, lines, misses


def unique_row(rows: list[Row]) -> tuple[str, list[str]]:
    name = rows[0].name
    checks = [(row.level, seed, c) for row in rows for seed, c in sorted(row.checks.items()) if "cpsat_count" in c]
    counts = Counter(c["cpsat_count"] for _, _, c in checks)
    incomplete = sum(not c["cpsat_complete"] for _, _, c in checks)
    same = sum(c["cpsat_same"] and c["record_solution_ok"] for _, _, c in checks)
    ours_same = sum(c.get("ours_solution_ok", False) and c.get("ours_status") == "unique" for _, _, c in checks)
    bugs = [f"{name} {level} seed {seed}: CP-SAT counts {c['cpsat_count']}"
            + ("" if c["cpsat_same"] else ", its solution is not the record's")
            + ("" if c["record_solution_ok"] else ", the record's solution breaks the rules")
            for level, seed, c in checks
            if c["cpsat_count"] != 1 or not c["cpsat_same"] or not c["record_solution_ok"] or not c["cpsat_complete"]]
    bugs += [f"{name} {level} seed {seed}: our proof says {c.get('ours_status')}" for level, seed, c in checks
             if not (c.get("ours_solution_ok") and c.get("ours_status") == "unique")]
    ok = "PASS" if not bugs and checks else ("BUG" if bugs else "-")
    return markdown_row([name, len(checks), counts[0], counts[1], counts[2], incomplete, f"{same}/{len(checks)}",
                         f"{ours_same}/{len(checks)}", ok]), bugs


def proof_rows(rows: list[Row]) -> tuple[list[str], list[str]]:
    name = rows[0].name
    out, misses = [], []
    every: list[dict[str, Any]] = []
    for row in rows:
        checks = [c for _, c in sorted(row.checks.items()) if "cpsat_seconds" in c]
        every += checks
        if checks:
            out.append(_proof_line(name, row.level, checks, None))
    if every:
        ratio = statistics.median(c["cpsat_seconds"] / c["ours_seconds"] for c in every)
        out.append(_proof_line(f"**{name}**", "**all**", every, ratio >= RATIO_TARGET))
        if ratio < RATIO_TARGET:
            prebuilt = statistics.median(c["cpsat_seconds"] / c["ours_prebuilt_seconds"] for c in every)
            misses.append(f"{name}: median ratio CP-SAT/ours {ratio:.1f} < {RATIO_TARGET:g} (with our rules prebuilt, "
                          f"as CP-SAT's model is: {prebuilt:.1f})")
    return out, misses


def _proof_line(name: str, level: str, checks: list[dict[str, Any]], passed: bool | None) -> str:
    ours = [c["ours_seconds"] for c in checks]
    theirs = [c["cpsat_seconds"] for c in checks]
    ratio = statistics.median(t / o for t, o in zip(theirs, ours))
    prebuilt = statistics.median(c["cpsat_seconds"] / c["ours_prebuilt_seconds"] for c in checks)
    return markdown_row([
        name, level, len(checks), ms(statistics.median(ours)), ms(percentile(ours, 0.99)), ms(max(ours)),
        ms(statistics.median(theirs)), ms(percentile(theirs, 0.99)), ms(max(theirs)), f"{ratio:.1f}",
        f"{prebuilt:.1f}", f">= {RATIO_TARGET:g}" if passed is not None else "",
        "" if passed is None else ("PASS" if passed else "MISS"),
    ])


def peer_rows(rows: list[Row]) -> tuple[list[str], list[tuple[str, str, float, float]], list[str]]:
    """pencilmark's table rows for one variant, its (our level, its band, our rating, its difficulty)
    pairs, and its errors."""
    name = rows[0].name
    out, pairs, errors = [], [], []
    for row in rows:
        checks = [(seed, c) for seed, c in sorted(row.checks.items()) if "peer_solve_seconds" in c or "peer_error" in c]
        if not checks:
            continue
        errors += [f"{name} {row.level} seed {seed}: {c['peer_error']}" for seed, c in checks if "peer_error" in c]
        done = [c for _, c in checks if "peer_rate_seconds" in c]
        solved = [c for _, c in checks if "peer_solve_seconds" in c]
        pairs += [(row.level, c["peer_band"], c["regrade"]["rating"], c["peer_difficulty"]) for c in done
                  if c.get("peer_difficulty") is not None]
        if not solved:
            out.append(markdown_row([name, row.level, len(checks), "failed"] + [""] * (len(PEER_COLUMNS) - 4)))
            continue
        bands = histogram(c["peer_band"] for c in done)
        out.append(markdown_row([
            name, row.level, len(checks), ms(statistics.median(c["peer_solve_seconds"] for c in solved)),
            ms(statistics.median(c["peer_engine_seconds"] for c in solved)),
            ms(statistics.median(c["ours_seconds"] for c in solved)),
            f"{statistics.median(c['peer_solve_seconds'] / c['ours_seconds'] for c in solved):.0f}x",
            f"{sum(c['peer_same'] for c in solved)}/{len(solved)}",
            f"{statistics.median(c['peer_rate_seconds'] for c in done):.2f}" if done else "-",
            bands or "-", histogram(c["regrade"]["level"] for c in done) or "-",
        ]))
    return out, pairs, errors


def crosstab(pairs: list[tuple[str, str, float, float]]) -> list[str]:
    counts = Counter((ours, theirs) for ours, theirs, _, _ in pairs)
    bands = [band for band in PEER_BANDS if any(theirs == band for _, theirs, _, _ in pairs)]
    lines = [markdown_header(("ours \\ pencilmark", *bands))]
    for level in LEVELS:
        if any(ours == level for ours, _, _, _ in pairs):
            lines.append(markdown_row([level, *(counts[(level, band)] or "" for band in bands)]))
    return lines


# ---------------------------------------------------------------- the run


def run(plan: VariantPlan | None = None, *, write: bool = True, out: Any = sys.stdout, err: Any = sys.stderr) -> str:
    """Measure, print the Markdown section, and save it to bench/results/variants.md when `write`."""
    plan = plan or full_plan()
    emit = Report(out)

    def progress(text: str) -> None:
        print(text, file=err, flush=True)

    import pipeline.kinds.variants as variants_package

    begin = time.perf_counter()
    peer = pencilmark_version()
    cpsat = ortools_available()
    try:
        from ortools import __version__ as ortools_version
    except ImportError:
        ortools_version = "not installed"
    emit("## Sudoku variants: Killer, Jigsaw and Sudoku X, made, checked by CP-SAT, against CP-SAT and pencilmark\n")
    emit(f"Python {platform.python_version()} on {platform.machine()}, {os.cpu_count()} CPUs, {plan.workers} worker "
         f"process(es); {compiled_line(variants_package)}; OR-tools {ortools_version}; pencilmark {peer or 'not installed'}; "
         f"load average at start {load_average()}\n")

    from pipeline.kinds.variants import generate as made_here

    rows = [Row(rule, n, level) for rule, n in plan.variants for level in plan.levels]
    for row in rows:
        problem = made_here.level_problem(row.rule, row.n, row.level, SYMMETRY)
        if problem:  # a message, or an object carrying one
            row.refused = str(getattr(problem, "message", problem))
    jobs = [(row.rule, row.n, row.level, seed) for row in rows if row.refused is None
            for seed in range(plan.seeds_for(row.rule, row.n, row.level))]
    jobs.sort(key=lambda j: (j[:3] != ("killer", 9, "expert"), j[3]))  # the slowest first: the workers end together
    progress(f"variants: making {len(jobs)} puzzles on {plan.workers} workers ...")
    start = time.perf_counter()
    made = _pool_map(make_one, jobs, plan.workers, progress, "made")
    gen_wall = time.perf_counter() - start
    by_key = {(row.rule, row.n, row.level): row for row in rows}
    for result in sorted(made, key=lambda m: m["seed"]):
        by_key[(result["rule"], result["n"], result["level"])].made.append(result)

    check_jobs, where = [], []
    for row in rows:
        for k, result in enumerate(row.good):
            check_jobs.append((result["record"], k < plan.peer_for(row.rule, row.n)))
            where.append((row, result["seed"]))
    progress(f"variants: checking {len(check_jobs)} puzzles on {plan.workers} workers (regrade, CP-SAT count, "
             "pencilmark's rate) ...")
    start = time.perf_counter()
    checked = _pool_map(check_one, check_jobs, plan.workers, progress, "checked")
    check_wall = time.perf_counter() - start
    progress(f"variants: timing the proofs of {len(check_jobs)} puzzles in this process (ours, CP-SAT, pencilmark) ...")
    start = time.perf_counter()
    timings = _pool_map(time_one, check_jobs, 1, progress, "timed")
    time_wall = time.perf_counter() - start
    for (row, seed), result, more in zip(where, checked, timings):
        if "crash" in result and "crash" in more:
            more["crash"] = result["crash"] + more["crash"]
        row.checks[seed] = result | more

    misses: list[str] = []
    bugs: list[str] = []
    emit(f"### Generation: seconds per puzzle, symmetry {SYMMETRY}, seeds 0..k-1, timed in the worker\n")
    emit(f"{plan.seeds} seeds per row, {plan.killer_expert_seeds} for 9x9 Killer expert (5-20 s each); the wall "
         f"time of making them all on {plan.workers} workers was {gen_wall:.0f} s. 'hardest technique' is the record's "
         "(the grade the generator kept), puzzles per technique.\n")
    emit(markdown_header(GEN_COLUMNS))
    for row in rows:
        emit(gen_row(row))
        misses += [f"{row.name} {row.level} generation: {m}" for m in row.gen_misses()]
    failures = [(row, m) for row in rows for m in row.failures]
    if failures:
        emit("\nSeeds that made nothing (not in the times above):\n")
        for row, m in failures:
            emit(f"- {row.name} {row.level} seed {m['seed']} after {m['seconds']:.2f} s: {m['error']}")
        crashes = [(row, m) for row, m in failures if not m["expected_error"]]
        bugs += [f"{row.name} {row.level} seed {m['seed']}: generate raised {m['error']} (not a PuzzleBookError)"
                 for row, m in crashes]

    crashed = [(row, seed, c["crash"]) for row in rows for seed, c in row.checks.items() if "crash" in c]
    for row, seed, text in crashed:
        bugs.append(f"{row.name} {row.level} seed {seed}: checking crashed: {text.strip().splitlines()[-1]}")

    emit("\n### Levels separate: every puzzle graded again from scratch (`grade(puzzle)`: no hint, no level cap)\n")
    emit("PASS when the median rating rises strictly from level to level (over the levels the product makes at "
         "that size) and every regrade gives the level the puzzle was made for.\n")
    emit(markdown_header(LEVEL_COLUMNS))
    level_lines: list[str] = []
    for group in variant_rows(rows).values():
        text, lines, found = level_check(group)
        emit(text)
        level_lines += lines
        misses += found
    emit("\nThe hardest technique of each level's puzzles (regraded):\n")
    emit("\n".join(f"- {line}" for line in level_lines) + "\n")

    emit("### Uniqueness, checked independently: CP-SAT counts every puzzle's solutions (up to 2)\n")
    if not cpsat:
        emit("ortools is not installed: the CP-SAT checks and comparison are skipped (`make bench` installs it).\n")
    else:
        emit("The model (bench/variantcpsat.py) reads the record alone: AllDifferent on rows, columns, regions "
             "(boxes or the Jigsaw's shapes), both diagonals for Sudoku X, each Killer cage AllDifferent with its "
             "sum; givens fixed. Must be: no puzzle with 0 or 2 solutions, CP-SAT's solution the record's (which "
             "also passes a plain rules check), and our own proof `unique` with the same solution.\n")
        emit(markdown_header(UNIQUE_COLUMNS))
        for group in variant_rows(rows).values():
            text, found = unique_row(group)
            emit(text)
            bugs += found

        emit("\n### Proof speed: our `solve(houses, cells, 2)` (no hint) vs CP-SAT's solver time, same puzzles\n")
        emit("Ours is the whole call with its rules rebuilt on every run (a proof from scratch); 'our rules prebuilt' "
             "keeps them cached, as CP-SAT's time leaves its model building out. CP-SAT: one worker, enumerating "
             "to 2 solutions (faster here than solve-then-exclude, which took about 2x as long in a trial). Both "
             f"the best of at least {TIMED_RUNS} runs (more until {TIMED_SECONDS:g} s is spent, at most {TIMED_MAX}), "
             "back to back in this one process, one puzzle at a time. Ratio: CP-SAT's time over ours, "
             f"puzzle by puzzle, median; target >= {RATIO_TARGET:g} per variant, judged on the from-scratch column.\n")
        emit(markdown_header(PROOF_COLUMNS))
        for group in variant_rows(rows).values():
            lines, found = proof_rows(group)
            for line in lines:
                emit(line)
            misses += found

    emit("\n### pencilmark (PyPI): a Python peer that solves and grades the same variants\n")
    peer_errors: list[str] = []
    if peer is None:
        emit("pencilmark is not installed (`make bench` installs it from requirements/bench-peer.txt): its rows are "
             "left out.\n")
    else:
        emit(f"pencilmark {peer}: 'human-like difficulty grader, solver and generator for classic and variant sudoku', "
             "a C++ engine (pybind11) behind a Python API. It reads Killer (cages), Jigsaw (a grid with its regions "
             "as boxes) and Sudoku X (diagonal regions) in its 'sudoku-puzzle' format; `solve` proves uniqueness by "
             "its exhaustive C++ search (CP-SAT only past 20 M nodes), `rate` gives a band (Very Easy .. Extreme) "
             "and a difficulty. Timed: `pencilmark.solve(doc)` whole (parse and build included) and on a puzzle "
             "already loaded (its engine alone), each best of up to 3 runs, in this one process; `rate(doc, fields=[band, difficulty], "
             f"max_seconds={PEER_RATE_SECONDS:g})` once, in the workers (it proves uniqueness first, then grades). On the first "
             f"{plan.peer} puzzles of each row ({plan.peer_killer9} for 9x9 Killer, which it takes seconds to solve "
             "and 10-20 s to rate).\n")
        emit(markdown_header(PEER_COLUMNS))
        tables: list[tuple[str, list[tuple[str, str, float, float]]]] = []
        for group in variant_rows(rows).values():
            lines, pairs, errors = peer_rows(group)
            for line in lines:
                emit(line)
            tables.append((group[0].name, pairs))
            peer_errors += errors
        for name, pairs in tables:
            if not pairs:
                continue
            rho = spearman([p[2] for p in pairs], [p[3] for p in pairs]) if len(pairs) > 2 else float("nan")
            emit(f"\n{name}: our level (rows) against pencilmark's band (columns), {len(pairs)} puzzles; Spearman of "
                 f"our rating and its difficulty {rho:.2f}\n")
            for line in crosstab(pairs):
                emit(line)
        if peer_errors:
            emit("\npencilmark failed on: " + "; ".join(peer_errors))
        wrong = [f"{row.name} {row.level} seed {seed}" for row in rows for seed, c in row.checks.items()
                 if "peer_same" in c and not c["peer_same"]]
        if wrong:
            bugs.append(f"pencilmark's solution differs from the record's: {', '.join(wrong)}")
        emit("")

    emit(f"wall time: checks {check_wall:.0f} s on {plan.workers} workers, timed comparisons {time_wall:.0f} s in one "
         "process\n")
    if bugs:
        emit(f"BUGS: {len(bugs)}")
        for bug in bugs:
            emit(f"- BUG {bug}")
    emit(f"variant targets missed: {len(misses)}" + ("" if misses else " (all targets met)"))
    for miss in misses:
        emit(f"- MISS {miss}")
    emit(f"variants bench time: {time.perf_counter() - begin:.0f} s (load average at end {load_average()})")
    report = emit.text()
    if write:
        RESULTS.mkdir(exist_ok=True)
        (RESULTS / "variants.md").write_text(report, encoding="utf-8")
        raw = [{"rule": row.rule, "n": row.n, "level": row.level,
                "made": [{k: v for k, v in m.items() if k != "record"}
                         | {"attempts": m["record"]["attempts"] if m["record"] else None,
                            "grade": m["record"]["grade"] if m["record"] else None} for m in row.made],
                "checks": {str(seed): c for seed, c in sorted(row.checks.items())}} for row in rows]
        (RESULTS / "variants.json").write_text(json.dumps(raw, indent=1) + "\n", encoding="utf-8")
    return report
