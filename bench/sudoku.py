"""Sudoku speed: time to prove published puzzles unique, and seconds per generated puzzle.

Proofs: every record of tests/data/sudoku.jsonl, grouped into sets by id prefix (9x9) or size
(16x16), `solve(limit=2)` with no hint, best of PROOF_REPEATS runs. Records the corpus says have no
or several solutions get rows of their own (their proof of none/multiple is timed the same way) and
no target; the target rows hold only the one-solution records. Every status is checked against the
corpus count, and a disagreement is reported as a BUG.

Generation: `generate(box, level, seed, symmetry="rotate180")` for seeds 0..n-1, timed once each
(the slowest seed matters), in this one process. The target is judged on wall time; the median CPU
time of this process is shown beside it, since on a shared machine the load (printed at the start
and end) can stretch wall time well past the work done.

Measures only, never raises on a slow or failed case; the report goes to stdout and to
bench/results/sudoku.md (raw timings to sudoku.json).
"""

from __future__ import annotations

import json
import os
import platform
import re
import statistics
import sys
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from bench.cpsat import ortools_available, solve_sudoku_cpsat
from bench.engine import best_time, settled_runs
from bench.machine import load_average
from bench.table import Report, markdown_header, markdown_row
from pipeline.errors import PuzzleBookError
from pipeline.kinds.sudoku.grade import BY_NAME_ONLY, LEVELS

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "tests" / "data" / "sudoku.jsonl"
RESULTS = Path(__file__).resolve().parent / "results"

HARD_SETS = ("norvig-hardest", "plb-hard20")
"""The published hard 9x9 lists the proof target applies to (the tdoku test file mixes easy and
hard puzzles with unsolvable and ambiguous ones, and norvig-easy50 is easy by name)."""
PROOF_TARGET_MS = 5.0
"""Median milliseconds to prove a hard 9x9 unique."""
PROOF_RATIO_TARGET = 5.0
"""How many times faster than CP-SAT's solver time (median ratio) a hard 9x9 proof must be."""
MADE_LEVELS = tuple(level for level in LEVELS if level not in BY_NAME_ONLY)
BIG_LEVELS = ("easy", "medium", "hard")
"""16x16 is made up to hard (generate.BIG_GRID_TOP)."""
GEN_TARGETS = ({(3, "easy"): 0.2, (3, "medium"): 0.2, (3, "hard"): 0.2, (3, "expert"): 2.0, (3, "extreme"): 10.0}
               | {(4, level): 5.0 for level in BIG_LEVELS})
"""Median seconds per generated puzzle, by (box, level)."""
RATED = ROOT / "tests" / "data" / "sudoku-rated.jsonl"
"""1,200 puzzles with their Sudoku Explainer rating, over every band (see tests/data/README.md)."""
GRADE_TARGETS_MS = {"easy": 20.0, "medium": 20.0, "hard": 20.0, "expert": 20.0, "extreme": 50.0}
"""Median milliseconds to grade a 9x9, by the level of its SE rating."""
SYMMETRY = "rotate180"

PROOF_COLUMNS = ("set", "size", "solutions", "puzzles", "median ms", "worst ms", "worst puzzle", "CP-SAT solver ms",
                 "ratio", "target", "ok?")
GEN_COLUMNS = (
    "size", "level", "symmetry", "n", "median s", "max s", "slowest seed", "median givens",
    "grade histogram", "attempts median", "median CPU s", "target", "ok?",
)


@dataclass(frozen=True)
class SudokuPlan:
    seeds_9: int = 20
    seeds_16: int = 5
    levels_9: tuple[str, ...] = MADE_LEVELS
    levels_16: tuple[str, ...] = BIG_LEVELS
    rated_every: int = 1
    """Grade every k-th SE-rated puzzle (1: all 1,200)."""
    corpus_max: int | None = None
    """At most this many records per proof row (None: all)."""
    repeats: int = 3


def full_plan(seeds: int | None = None) -> SudokuPlan:
    return SudokuPlan(seeds_9=seeds or 20)


def quick_plan(seeds: int | None = None) -> SudokuPlan:
    return SudokuPlan(seeds_9=seeds or 3, seeds_16=1, corpus_max=5, rated_every=12)


# ---------------------------------------------------------------- proofs


@dataclass
class ProofSet:
    name: str
    size: int
    expected: int
    """The corpus's solution count for every record of this row (0, 1 or 2 meaning 'two or more')."""
    ids: list[str] = field(default_factory=list)
    seconds: list[float] = field(default_factory=list)
    statuses: list[str] = field(default_factory=list)
    cpsat_seconds: list[float] = field(default_factory=list)
    """CP-SAT's own solver time per record (best of its runs), when OR-tools is installed."""

    @property
    def ratio(self) -> float | None:
        """Median of CP-SAT's solver time over ours, puzzle by puzzle."""
        if not self.cpsat_seconds:
            return None
        return statistics.median(c / s for c, s in zip(self.cpsat_seconds, self.seconds))

    @property
    def n(self) -> int:
        return len(self.seconds)

    @property
    def target_ms(self) -> float | None:
        return PROOF_TARGET_MS if self.name in HARD_SETS and self.expected == 1 else None

    @property
    def median_ms(self) -> float:
        return statistics.median(self.seconds) * 1e3

    @property
    def worst_ms(self) -> float:
        return max(self.seconds) * 1e3

    @property
    def worst_id(self) -> str:
        return self.ids[self.seconds.index(max(self.seconds))]

    @property
    def disagreements(self) -> list[str]:
        want = {0: "none", 1: "unique", 2: "multiple"}[self.expected]
        return [f"{i}: {s} (corpus: {want})" for i, s in zip(self.ids, self.statuses) if s != want]

    def misses(self) -> list[str]:
        out = [f"disagreement {d}" for d in self.disagreements]
        if self.target_ms is not None and self.n and self.median_ms >= self.target_ms:
            out.append(f"median {self.median_ms:.2f} ms >= {self.target_ms:g} ms")
        if self.target_ms is not None and self.ratio is not None and self.ratio < PROOF_RATIO_TARGET:
            out.append(f"CP-SAT ratio {self.ratio:.1f}x < {PROOF_RATIO_TARGET:g}x")
        return out


def set_name(record: dict) -> str:
    """9x9 records grouped by id without its trailing number; every 16x16 record in one set."""
    if record["size"] != 9:
        return f"{record['size']}x{record['size']} (all sources)"
    return re.sub(r"-\d+$", "", record["id"])


def load_records(path: Path = CORPUS) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def proof_sets(plan: SudokuPlan, records: list[dict] | None = None) -> list[tuple[ProofSet, list[dict]]]:
    """Empty rows with their records, in corpus order of first appearance, one per (set, solution count)."""
    sets: dict[tuple[str, int], tuple[ProofSet, list[dict]]] = {}
    for record in load_records() if records is None else records:
        count = min(int(record["num_solutions"]), 2)
        key = (set_name(record), count)
        _, chosen = sets.setdefault(key, (ProofSet(key[0], record["size"], count), []))
        if plan.corpus_max is None or len(chosen) < plan.corpus_max:
            chosen.append(record)
    return list(sets.values())


def time_proofs(row: ProofSet, records: list[dict], repeats: int) -> ProofSet:
    """Fill `row` with the best-of-`repeats` proof time and status of each record."""
    from pipeline.kinds.sudoku.solve import solve
    from pipeline.kinds.sudoku.textformat import from_line

    compare = row.target_ms is not None and ortools_available()
    for record in records:
        puzzle = from_line(record["puzzle"])
        if compare:
            theirs = [r.solver_seconds for r, _ in settled_runs(lambda p=puzzle: solve_sudoku_cpsat(p.box, p.cells), repeats)]
            row.cpsat_seconds.append(min(theirs))
            runs = settled_runs(lambda p=puzzle: solve(p, limit=2), repeats)
            result, seconds = runs[0][0], min(t for _, t in runs)
        else:
            result, seconds = best_time(lambda p=puzzle: solve(p, limit=2), repeats)
        row.ids.append(record["id"])
        row.seconds.append(seconds)
        row.statuses.append(result.status)
    return row


def run_proofs(plan: SudokuPlan, progress: Callable[[str], None], records: list[dict] | None = None) -> list[ProofSet]:
    out = []
    for row, chosen in proof_sets(plan, records):
        progress(f"proving {row.name} ({row.expected} solutions, {len(chosen)} puzzles) ...")
        out.append(time_proofs(row, chosen, plan.repeats))
    return out


def proof_label(row: ProofSet) -> str:
    return {0: "no solution", 1: "unique", 2: "several solutions"}[row.expected]


def proof_row(row: ProofSet) -> str:
    solutions = {0: "0", 1: "1", 2: "2+"}[row.expected]
    target = (f"median < {row.target_ms:g} ms, ratio >= {PROOF_RATIO_TARGET:g}x" if row.target_ms is not None else "-")
    theirs = f"{statistics.median(row.cpsat_seconds) * 1e3:.2f}" if row.cpsat_seconds else "-"
    ratio = f"{row.ratio:.1f}x" if row.ratio is not None else "-"
    ok = "MISS" if row.misses() else ("PASS" if row.target_ms is not None else "-")
    if row.disagreements:
        ok = f"BUG: {len(row.disagreements)} disagree"
    return markdown_row([
        row.name, f"{row.size}x{row.size}", solutions, row.n, f"{row.median_ms:.2f}", f"{row.worst_ms:.2f}",
        row.worst_id, theirs, ratio, target, ok,
    ])


# ---------------------------------------------------------------- grading


GRADE_COLUMNS = ("SE level", "puzzles", "median ms", "max ms", "slowest puzzle", "target", "ok?")


@dataclass
class GradeRow:
    level: str
    ids: list[str] = field(default_factory=list)
    seconds: list[float] = field(default_factory=list)

    @property
    def target_ms(self) -> float | None:
        return GRADE_TARGETS_MS.get(self.level)

    @property
    def median_ms(self) -> float:
        return statistics.median(self.seconds) * 1e3

    def misses(self) -> list[str]:
        if self.target_ms is not None and self.seconds and self.median_ms >= self.target_ms:
            return [f"median {self.median_ms:.1f} ms >= {self.target_ms:g} ms"]
        return []


@dataclass
class Calibration:
    """Our rating against SE's, puzzle by puzzle: (id, SE rating, ours)."""

    pairs: list[tuple[str, float, float]]

    @property
    def spearman(self) -> float:
        return spearman([p[1] for p in self.pairs], [p[2] for p in self.pairs])

    @property
    def agreement(self) -> float:
        from pipeline.kinds.sudoku.grade import level_of

        return sum(level_of(se) == level_of(ours) for _, se, ours in self.pairs) / len(self.pairs)

    def confusion(self) -> list[str]:
        from pipeline.kinds.sudoku.grade import level_of

        counts = Counter((level_of(se), level_of(ours)) for _, se, ours in self.pairs)
        lines = [markdown_header(("SE level \\ ours", *LEVELS))]
        for se_level in MADE_LEVELS:
            lines.append(markdown_row([se_level, *(counts[(se_level, ours)] or "" for ours in LEVELS)]))
        return lines

    def worst(self, count: int = 8) -> list[tuple[str, float, float]]:
        return sorted(self.pairs, key=lambda p: (-abs(p[2] - p[1]), p[0]))[:count]


def spearman(a: list[float], b: list[float]) -> float:
    """Spearman's rank correlation of two equally long lists."""
    ra, rb = ranks(a), ranks(b)
    ma, mb = statistics.mean(ra), statistics.mean(rb)
    cov = sum((x - ma) * (y - mb) for x, y in zip(ra, rb))
    return cov / (sum((x - ma) ** 2 for x in ra) * sum((y - mb) ** 2 for y in rb)) ** 0.5


def ranks(values: list[float]) -> list[float]:
    """Ranks from 0, ties sharing their mean rank (as Spearman's coefficient wants)."""
    order = sorted(range(len(values)), key=lambda i: values[i])
    ranks = [0.0] * len(values)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and values[order[j + 1]] == values[order[i]]:
            j += 1
        for k in range(i, j + 1):
            ranks[order[k]] = (i + j) / 2
        i = j + 1
    return ranks


def run_grading(plan: SudokuPlan, progress: Callable[[str], None]) -> tuple[list[GradeRow], Calibration]:
    """Grade SE-rated puzzles, timing each `grade()` once (cold, as a book build meets them)."""
    from pipeline.kinds.sudoku.grade import grade, level_of
    from pipeline.kinds.sudoku.textformat import from_line

    records = load_records(RATED)[:: plan.rated_every]
    rows = {level: GradeRow(level) for level in MADE_LEVELS}
    pairs = []
    progress(f"grading {len(records)} SE-rated puzzles ...")
    for record in records:
        puzzle = from_line(record["puzzle"])
        start = time.perf_counter()
        graded = grade(puzzle)
        seconds = time.perf_counter() - start
        row = rows[level_of(record["se_rating"])]
        row.ids.append(record["id"])
        row.seconds.append(seconds)
        pairs.append((record["id"], float(record["se_rating"]), float(graded["rating"])))  # type: ignore[arg-type]
    return [row for row in rows.values() if row.seconds], Calibration(pairs)


def grade_row(row: GradeRow) -> str:
    target = f"median < {row.target_ms:g} ms" if row.target_ms is not None else "-"
    slowest = row.ids[row.seconds.index(max(row.seconds))]
    return markdown_row([row.level, len(row.seconds), f"{row.median_ms:.1f}", f"{max(row.seconds) * 1e3:.1f}",
                         slowest, target, "MISS" if row.misses() else "PASS"])


# ---------------------------------------------------------------- generation


@dataclass
class GenResult:
    box: int
    level: str
    symmetry: str = SYMMETRY
    seeds: list[int] = field(default_factory=list)
    seconds: list[float] = field(default_factory=list)
    cpu_seconds: list[float] = field(default_factory=list)
    givens: list[int] = field(default_factory=list)
    grades: list[str] = field(default_factory=list)
    attempts: list[int] = field(default_factory=list)
    failures: list[tuple[int, float, str]] = field(default_factory=list)
    """(seed, seconds, error) for seeds whose level was out of reach."""

    @property
    def n(self) -> int:
        return len(self.seconds)

    @property
    def side(self) -> int:
        return self.box * self.box

    @property
    def target(self) -> float | None:
        return GEN_TARGETS.get((self.box, self.level))

    @property
    def median(self) -> float:
        return statistics.median(self.seconds)

    def misses(self) -> list[str]:
        out = [f"{len(self.failures)} seed(s) failed"] if self.failures else []
        if self.target is not None and self.n and self.median >= self.target:
            out.append(f"median {self.median:.3f} s >= {self.target:g} s")
        if self.target is not None and not self.n:
            out.append("no puzzle generated")
        return out


def run_generation_case(box: int, level: str, seeds: int, symmetry: str = SYMMETRY) -> GenResult:
    from pipeline.kinds.sudoku.generate import generate

    result = GenResult(box, level, symmetry)
    for seed in range(seeds):
        start, cpu_start = time.perf_counter(), time.process_time()
        try:
            record = generate(box, level, seed, symmetry=symmetry)
        except PuzzleBookError as err:
            result.failures.append((seed, time.perf_counter() - start, str(err)))
            continue
        result.seconds.append(time.perf_counter() - start)
        result.cpu_seconds.append(time.process_time() - cpu_start)
        result.seeds.append(seed)
        result.givens.append(int(record["grade"]["givens"]))
        result.grades.append(str(record["grade"]["level"]))
        result.attempts.append(int(record["attempts"]))
    return result


def generation_cases(plan: SudokuPlan) -> list[tuple[int, str, int]]:
    return [(3, level, plan.seeds_9) for level in plan.levels_9] + [(4, level, plan.seeds_16) for level in plan.levels_16]


def run_generation(plan: SudokuPlan, emit: Callable[[str], None], progress: Callable[[str], None]) -> list[GenResult]:
    out = []
    for box, level, seeds in generation_cases(plan):
        progress(f"generating {box * box}x{box * box} {level} x{seeds} ...")
        start = time.perf_counter()
        result = run_generation_case(box, level, seeds)
        progress(f"  done in {time.perf_counter() - start:.1f} s")
        out.append(result)
        emit(gen_row(result))
    return out


def histogram(values: list[str], order: tuple[str, ...] = LEVELS) -> str:
    counts = Counter(values)
    return ", ".join(f"{k} {counts[k]}" for k in sorted(counts, key=lambda k: (order.index(k) if k in order else 99, k)))


def gen_row(result: GenResult) -> str:
    side = f"{result.side}x{result.side}"
    target = f"median < {result.target:g} s" if result.target is not None else "-"
    misses = result.misses()
    ok = "MISS" if misses else ("PASS" if result.target is not None else "-")
    n = f"{result.n} ({len(result.failures)} failed)" if result.failures else result.n
    if not result.n:
        return markdown_row([side, result.level, result.symmetry, n, "n/a"] + [""] * 6 + [target, ok])
    return markdown_row([
        side, result.level, result.symmetry, n, f"{result.median:.4f}", f"{max(result.seconds):.4f}",
        result.seeds[result.seconds.index(max(result.seconds))], f"{statistics.median(result.givens):g}",
        histogram(result.grades), f"{statistics.median(result.attempts):g}",
        f"{statistics.median(result.cpu_seconds):.4f}", target, ok,
    ])


# ---------------------------------------------------------------- report


def run(plan: SudokuPlan, *, write: bool = True, out=sys.stdout, err=sys.stderr, records: list[dict] | None = None) -> str:
    """Measure, print the Markdown section, and save it to bench/results/sudoku.md when `write`."""
    emit = Report(out)

    def progress(text: str) -> None:
        print(text, file=err, flush=True)

    begin = time.perf_counter()
    emit("## Sudoku: proving published puzzles unique, and generating new ones\n")
    emit(f"Python {platform.python_version()} on {platform.machine()}, {os.cpu_count()} CPUs, one process; "
         f"load average at start {load_average()}\n")
    emit(f"### Uniqueness proof: `solve(limit=2)`, no hint, best of {plan.repeats} runs per puzzle\n")
    emit("Sets are tests/data/sudoku.jsonl grouped by id prefix (every 16x16 record in one set). Records "
         "the corpus says have no or several solutions are timed too (proving none/several is also a proof), "
         "in rows of their own without a target; each status is checked against the corpus count. "
         f"The target applies to the published hard 9x9 lists ({', '.join(HARD_SETS)})"
         + (f"; at most {plan.corpus_max} puzzles per row" if plan.corpus_max is not None else "") + ".\n")
    emit(markdown_header(PROOF_COLUMNS))
    proofs = run_proofs(plan, progress, records)
    for row in proofs:
        emit(proof_row(row))
    emit("\n### Grading: `grade()` on the SE-rated puzzles (tests/data/sudoku-rated.jsonl), each timed once\n")
    emit(f"Rows by the level of SE's rating; every {plan.rated_every} puzzle(s) of 1,200.\n")
    emit(markdown_header(GRADE_COLUMNS))
    grading, calibration = run_grading(plan, progress)
    for grade_line in grading:
        emit(grade_row(grade_line))
    emit(f"\nCalibration against SE: Spearman {calibration.spearman:.3f} (target 0.85), same level "
         f"{calibration.agreement:.1%} (target 85%). Rows SE's level, columns ours:\n")
    for line in calibration.confusion():
        emit(line)
    emit("\nWorst disagreements (SE rating, ours): " + "; ".join(
        f"{pid} {se:g} vs {ours:g}" for pid, se, ours in calibration.worst()) + "\n")
    emit(f"\n### Generation: seconds per puzzle, symmetry {SYMMETRY}, seeds 0..n-1, one process\n")
    emit(markdown_header(GEN_COLUMNS))
    generated = run_generation(plan, emit, progress)
    emit("")
    misses = [f"{r.name} ({proof_label(r)}): {'; '.join(r.misses())}" for r in proofs if r.misses()]
    misses += [f"{r.side}x{r.side} {r.level}: {'; '.join(r.misses())}" for r in generated if r.misses()]
    misses += [f"grading {r.level}: {'; '.join(r.misses())}" for r in grading if r.misses()]
    if calibration.spearman < 0.85 or calibration.agreement < 0.85:
        misses.append(f"calibration: Spearman {calibration.spearman:.3f}, same level {calibration.agreement:.1%}")
    emit(f"sudoku targets missed: {len(misses)}" + ("" if misses else " (all targets met)"))
    for m in misses:
        emit(f"- MISS {m}")
    for r in generated:
        for seed, seconds, why in r.failures:
            emit(f"- {r.side}x{r.side} {r.level} seed {seed} failed after {seconds:.2f} s: {why}")
    emit(f"sudoku bench time: {time.perf_counter() - begin:.0f} s (load average at end {load_average()})")
    report = emit.text()
    if write:
        RESULTS.mkdir(exist_ok=True)
        (RESULTS / "sudoku.md").write_text(report, encoding="utf-8")
        raw = {
            "proofs": [{"set": r.name, "solutions": r.expected, "ids": r.ids, "seconds": r.seconds,
                        "statuses": r.statuses} for r in proofs],
            "generation": [{"box": r.box, "level": r.level, "symmetry": r.symmetry, "seeds": r.seeds,
                            "seconds": r.seconds, "cpu_seconds": r.cpu_seconds, "givens": r.givens, "grades": r.grades, "attempts": r.attempts,
                            "failures": r.failures} for r in generated],
        }
        (RESULTS / "sudoku.json").write_text(json.dumps(raw, indent=1) + "\n", encoding="utf-8")
    return report
