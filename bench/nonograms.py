"""Nonograms: our solution count checked by an outside CP-SAT model on random puzzles, our proof's
speed against CP-SAT's and against `nonogram` (PyPI) on drawn pictures up to 50x50, and the time to
make a puzzle at each size and level, in one run.

- Verdicts: 200 random puzzles of 10 to 20 cells each way (rows and columns drawn apart), each picture
  drawn cell by cell from a seeded random.Random at a fill density between 0.5 and 0.6: most printed
  blank, some with a few of the picture's cells as hints, and some with one row clue (and for half of
  those one column clue too) changed to another well-formed clue of the same total (a unit moved
  between two runs, a run split, two runs merged), which usually leaves no picture. Every puzzle is
  well-formed (`nonogram_problem`). Our verdict, `count_solutions(puzzle, 2).status`, against CP-SAT's
  (bench/nonogramcpsat.py: one automaton per line, built from the clues and hints alone, counting up
  to two with a blocking clause): a different verdict, a picture that breaks a clue, or a different
  single picture is a disagreement (target 0). The set must hold all three verdicts. The peer runs on
  them too, its verdicts checked against CP-SAT's (it never counts past one).
- Proving speed: at 10x10, 15x15, 20x20, 25x25, 30x30 and 50x50, drawn-looking pictures
  (`pipeline.kinds.nonogram.doodle.doodle(width, height, rng)`), random noise at 25x25 and 50x50
  (the worst case, no target), and the shipped pictures (pipeline.kinds.nonogram.pictures' library, at
  their own sizes), each printed blank: our
  `count_solutions(puzzle, 2)` and CP-SAT's count (the whole call: the model built in Python, then
  solved, on one worker), each the best of up to 3 runs in this one process, back to back; CP-SAT's own
  solver time beside it; and the peer, `nonogram` 3.1.1 (bench/nonogrampeer.py), on the first puzzles
  of each row, once, in a worker process killed after its timeout. The peer stops at its first
  picture (it never proves one unique), so its time is a solve, not a proof. Targets: a 25x25 proved
  in at most 0.3 s median, a 50x50 in at most 3 s.
- Generation: `kind("nonogram").generate(job, level, seed)` on a random picture's job (`generation_job`),
  for a few seeds per size and level, timed in this process, each given up after the bench's cap (a timer
  signal): median, p99 and worst, the hints it printed and the level its grade gave.
Measures only: misses are listed, never raised. Written to bench/results/nonograms.md (raw
per-puzzle numbers to nonograms.json).
"""

from __future__ import annotations

import json
import platform
import random
import signal
import statistics
import sys
import threading
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import pipeline.kinds.nonogram
from bench.cpsat import ortools_available
from bench.machine import compiled_line, load_average
from bench.nonogramcpsat import NonogramCount, count_puzzle, keeps
from bench.nonogrampeer import PEER_SECONDS, PeerResult, PeerWorker, peer_version
from bench.studio import percentile
from bench.table import Report, emit_targets, markdown_header, markdown_row
from bench.tail import best_time
from pipeline.errors import PuzzleBookError
from pipeline.kinds.nonogram.doodle import doodle
from pipeline.kinds.nonogram.generate import NonogramJob
from pipeline.kinds.nonogram.params import RANDOM_LEAST
from pipeline.kinds.nonogram.pictures import library_names, library_picture
from pipeline.kinds.nonogram.prove import count_solutions
from pipeline.kinds.nonogram.puzzle import Nonogram, nonogram_problem, puzzle_of
from pipeline.kinds.registry import kind

RESULTS = Path(__file__).resolve().parent / "results"
VERDICTS = ("unique", "multiple", "none", "unknown")
SPEED_TARGETS = {25: 0.3, 50: 3.0}
"""Median seconds to prove a blank n x n drawn picture's puzzle, by n."""
GEN_CAP = 120.0
"""Seconds the bench lets one puzzle take to make, then gives it up (the bench's cap, not the product's)."""
CPSAT_SECONDS = 60.0


@dataclass(frozen=True)
class NonogramPlan:
    random_puzzles: int = 200
    """Puzzles in the verdict check: about 55% blank, 20% with hints, 25% with a clue changed."""
    random_sides: tuple[int, int] = (10, 20)
    speed_sizes: tuple[int, ...] = (10, 15, 20, 25, 30, 50)
    speed_count: int = 20
    """Drawn pictures per size in the speed rows (up to 30x30)."""
    big_count: int = 10
    """Drawn pictures at 50x50."""
    noise_sizes: tuple[int, ...] = (25, 50)
    noise_count: int = 5
    """Pictures of random cells (density 0.55) per noise size: the worst case, no target (no book prints
    noise)."""
    library: bool = True
    """Add the shipped pictures as a row of their own."""
    peer_count: int = 5
    """The first this many puzzles of each speed row also go to the peer."""
    peer_seconds: float = PEER_SECONDS
    peer_on_random: bool = True
    """Run the peer on the verdict check's puzzles too (about a minute)."""
    gen_sizes: tuple[int, ...] = (10, 15, 20, 25)
    gen_seeds: int = 5
    gen_levels: tuple[str, ...] = ()
    """The levels made (none: every level of the kind)."""
    gen_cap: float | None = GEN_CAP

    def count_at(self, side: int) -> int:
        return self.big_count if side >= 50 else self.speed_count


def full_plan() -> NonogramPlan:
    return NonogramPlan()


def quick_plan() -> NonogramPlan:
    return NonogramPlan(random_puzzles=40, speed_sizes=(10, 25), speed_count=5, big_count=2, noise_sizes=(),
                        peer_count=2, peer_on_random=False, gen_sizes=(15,), gen_seeds=2, library=False)


# --- the pictures ---------------------------------------------------------------------------------------

def library_pictures() -> list[tuple[str, tuple[str, ...]]]:
    """(name, rows) of every shipped picture (pipeline.kinds.nonogram.pictures' library)."""
    return [(name, tuple(library_picture(name))) for name in library_names()]


def random_picture(width: int, height: int, density: float, rng: random.Random) -> tuple[str, ...]:
    """Cells drawn one by one, filled with probability `density`; never a blank or full line-set
    (redrawn until some cell is filled)."""
    while True:
        rows = tuple("".join("#" if rng.random() < density else "." for _ in range(width)) for _ in range(height))
        if any("#" in row for row in rows):
            return rows


def drawn_pictures(side: int, count: int) -> list[tuple[str, tuple[str, ...]]]:
    """[(label, rows)]: `count` doodles of side x side, each from its own seeded random.Random."""
    return [(f"doodle {side}x{side} #{k}", tuple(doodle(side, side, random.Random(f"nonograms doodle {side} {k}"))))
            for k in range(count)]


# --- the verdict check's puzzles --------------------------------------------------------------------------

def changed_clue(clue: Sequence[int], length: int, rng: random.Random) -> tuple[int, ...] | None:
    """Another clue of the same total that still fits the line: a unit moved between two runs, a run
    split in two, or two neighbouring runs merged; None when there is none."""
    runs = list(clue)
    options: set[tuple[int, ...]] = set()
    for i in range(len(runs)):
        for j in range(len(runs)):
            if i != j and runs[i] > 1:
                moved = runs.copy()
                moved[i] -= 1
                moved[j] += 1
                options.add(tuple(moved))
        for x in range(1, runs[i]):
            options.add(tuple(runs[:i] + [x, runs[i] - x] + runs[i + 1:]))
    for i in range(len(runs) - 1):
        options.add(tuple(runs[:i] + [runs[i] + runs[i + 1]] + runs[i + 2:]))
    fits = sorted(o for o in options if o != tuple(clue) and sum(o) + len(o) - 1 <= length)
    return rng.choice(fits) if fits else None


@dataclass(frozen=True)
class Case:
    label: str
    how: str
    """blank | hints | changed"""
    picture: tuple[str, ...]
    puzzle: Nonogram


def random_cases(plan: NonogramPlan) -> list[Case]:
    """The verdict check's puzzles, all drawn from one seeded random.Random."""
    rng = random.Random("nonograms verdicts")
    low, high = plan.random_sides
    out: list[Case] = []
    n = plan.random_puzzles
    for k in range(n):
        how = "hints" if k % 20 in (1, 6, 11, 16) else "changed" if k % 20 in (3, 7, 10, 14, 18) else "blank"
        if k >= 20 * (n // 20):  # a plan not a multiple of 20: the remainder blank
            how = "blank"
        width, height = rng.randint(low, high), rng.randint(low, high)
        picture = random_picture(width, height, rng.uniform(0.5, 0.6), rng)
        if how == "hints":
            cells = [(r, c) for r in range(height) for c in range(width)]
            puzzle = puzzle_of(picture, rng.sample(cells, rng.randint(2, 8)))
        else:
            puzzle = puzzle_of(picture)
        if how == "changed":
            rows, cols = list(puzzle.rows), list(puzzle.cols)
            for r in rng.sample(range(height), height):
                new = changed_clue(rows[r], width, rng)
                if new is not None:
                    rows[r] = new
                    break
            if k % 2:
                for c in rng.sample(range(width), width):
                    new = changed_clue(cols[c], height, rng)
                    if new is not None:
                        cols[c] = new
                        break
            puzzle = Nonogram(tuple(rows), tuple(cols), puzzle.givens)
        problem = nonogram_problem(puzzle)
        if problem is not None:  # never expected: the set is meant to be well-formed
            raise AssertionError(f"random puzzle {k}: {problem}")
        out.append(Case(f"random {width}x{height} #{k} {how}", how, picture, puzzle))
    return out


# --- measuring one puzzle ---------------------------------------------------------------------------------

@dataclass
class Measured:
    label: str
    how: str
    width: int
    height: int
    ours: str | None = None
    ours_seconds: float | None = None
    ours_nodes: int | None = None
    ours_solutions: tuple[tuple[str, ...], ...] = ()
    cpsat: str | None = None
    cpsat_seconds: float | None = None
    cpsat_solver_seconds: float | None = None
    cpsat_solutions: tuple[tuple[str, ...], ...] = ()
    peer: str | None = None
    peer_seconds: float | None = None
    peer_solution: tuple[str, ...] | None = None
    problems: list[str] = field(default_factory=list)
    """Disagreements between ours and CP-SAT, and wrong pictures."""
    peer_problems: list[str] = field(default_factory=list)

    def verdict(self) -> str | None:
        """CP-SAT's verdict where it settled, else ours."""
        return self.cpsat if self.cpsat not in (None, "unknown") else self.ours


def measure(case: Case, cpsat: bool, peer: PeerWorker | None) -> Measured:
    """Ours, CP-SAT and the peer on one puzzle, one after the other in this process (the peer in its worker)."""
    puzzle = case.puzzle
    m = Measured(case.label, case.how, puzzle.width, puzzle.height)
    result, m.ours_seconds = best_time(lambda: count_solutions(puzzle, 2))
    m.ours, m.ours_nodes, m.ours_solutions = result.status, result.nodes, tuple(result.solutions)
    for picture in m.ours_solutions:
        if not keeps(puzzle.rows, puzzle.cols, puzzle.givens, picture):
            m.problems.append("ours: a picture that breaks a clue or a hint")
    if cpsat:
        counted: NonogramCount
        counted, m.cpsat_seconds = best_time(lambda: count_puzzle(puzzle, 2, time_limit=CPSAT_SECONDS))
        m.cpsat, m.cpsat_solver_seconds, m.cpsat_solutions = counted.verdict, counted.solver_seconds, counted.solutions
    if m.cpsat is not None:
        if m.cpsat == "unknown" or m.ours == "unknown":
            m.problems.append(f"unsettled: ours {m.ours}, CP-SAT {m.cpsat}")
        elif m.ours != m.cpsat:
            m.problems.append(f"ours {m.ours}, CP-SAT {m.cpsat}")
        elif m.ours == "unique" and m.ours_solutions[0] != m.cpsat_solutions[0]:
            m.problems.append("both unique, different pictures")
    if peer is not None:
        answer: PeerResult = peer.solve(puzzle.rows, puzzle.cols, puzzle.givens)
        m.peer, m.peer_seconds, m.peer_solution = answer.verdict, answer.seconds, answer.solution
        truth = m.verdict()
        if answer.verdict in ("wrong", "error"):
            m.peer_problems.append(f"peer {answer.verdict}: {answer.error}")
        elif truth is not None and answer.verdict != "timeout":
            expected = {"unique": ("unique",), "solved": ("unique", "multiple"), "none": ("none",)}[answer.verdict]
            if truth not in expected:
                m.peer_problems.append(f"peer {answer.verdict}, CP-SAT/ours {truth}")
            elif truth == "unique" and m.cpsat_solutions and answer.solution != m.cpsat_solutions[0]:
                m.peer_problems.append("peer's picture is not the unique one")
    return m


# --- generation ----------------------------------------------------------------------------------------------

CHANGES = "hints"
"""How the bench's puzzles are made unique: hints printed (the other policy, "flips", changes cells)."""


def generation_job(width: int, height: int) -> NonogramJob:
    """The job for a random drawn picture of width x height: no picture named, no image, the size, how it
    is made unique."""
    return {"picture": None, "image": None, "width": width, "height": height, "changes": CHANGES}


@dataclass
class Made:
    side: int
    level: str
    seed: int
    seconds: float = 0.0
    error: str | None = None
    graded: str | None = None
    hints: int | None = None
    attempts: int | None = None


class OutOfTime(Exception):
    """The bench's cap on making one puzzle ran out."""


def _stop(signum: int, frame: Any) -> None:
    raise OutOfTime


def make_one(make: Callable[[NonogramJob, str, int], dict[str, Any]], side: int, level: str, seed: int,
             cap: float | None) -> Made:
    """One puzzle made, timed; given up after `cap` seconds where a timer signal can stop it (Unix, the
    main thread)."""
    made = Made(side, level, seed)
    capped = cap if hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread() else None
    before = signal.signal(signal.SIGALRM, _stop) if capped else None
    if capped:
        signal.setitimer(signal.ITIMER_REAL, capped)
    start = time.perf_counter()
    try:
        record = make(generation_job(side, side), level, seed)
        made.seconds = time.perf_counter() - start
        grade = record.get("grade", {})
        made.graded, made.hints, made.attempts = grade.get("level"), grade.get("hints"), record.get("attempts")
    except OutOfTime:
        made.seconds = time.perf_counter() - start
        made.error = f"given up after the bench's cap of {cap:g} s"
    except (PuzzleBookError, KeyError, TypeError, ValueError) as err:  # a job the kind does not take counts too
        made.seconds = time.perf_counter() - start
        made.error = f"{type(err).__name__}: {err}"
    finally:
        if capped:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, before)
    return made


def make_all(plan: NonogramPlan, progress: Callable[[str], None]) -> list[Made]:
    """`kind("nonogram").generate` at each size, level (the plan's, else every level of the kind) and seed,
    where the kind offers that level on that size (params.RANDOM_LEAST: a config asking less is refused)."""
    nonogram = kind("nonogram")
    out = []
    for side in plan.gen_sizes:
        for level in [each for each in plan.gen_levels or nonogram.levels if side >= RANDOM_LEAST[each]]:
            for seed in range(1, plan.gen_seeds + 1):
                progress(f"nonograms: making {side}x{side} {level} seed {seed} ...")
                out.append(make_one(nonogram.generate, side, level, seed, plan.gen_cap))
    return out


# --- the report --------------------------------------------------------------------------------------------

def ms(values: Sequence[float], quantile: float | None = None) -> str:
    if not values:
        return "-"
    value = statistics.median(values) if quantile is None else (
        max(values) if quantile >= 1 else percentile(list(values), quantile))
    return f"{value * 1e3:.1f}" if value >= 0.01 else f"{value * 1e3:.2f}"


def spread(values: Sequence[float]) -> str:
    """median / p99 / worst, in ms."""
    return " / ".join(ms(values, q) for q in (None, 0.99, 1.0)) if values else "-"


def counts(values: Sequence[str | None], names: Sequence[str]) -> str:
    tally = Counter(values)
    return " / ".join(str(tally[name]) for name in names)


VERDICT_COLUMNS = ("puzzles", "n", "ours unique / multiple / none / unknown",
                   "CP-SAT unique / multiple / none / unknown", "disagreements", "ours median / p99 / worst ms",
                   "CP-SAT median / p99 / worst ms",
                   "peer unique / solved / none / timeout", "peer disagreements")
SPEED_COLUMNS = ("pictures", "n", "verdicts unique / multiple / none", "ours median / p99 / worst ms",
                 "CP-SAT median / p99 / worst ms", "CP-SAT solver only median ms", "CP-SAT / ours (median of ratios)",
                 "peer n", "peer median / p99 / worst ms", "peer unique / solved / none / timeout",
                 "ours on the peer's puzzles, median ms", "target", "ok?")
GEN_COLUMNS = ("size", "level", "made", "median / p99 / worst s", "graded as", "hints (median)", "attempts (median)",
               "failed")
PEER_VERDICTS = ("unique", "solved", "none", "timeout")


def verdict_row(name: str, rows: Sequence[Measured]) -> list[object]:
    peer = [m for m in rows if m.peer is not None]
    return [name, len(rows), counts([m.ours for m in rows], VERDICTS),
            counts([m.cpsat for m in rows], VERDICTS) if any(m.cpsat for m in rows) else "n/a",
            sum(1 for m in rows if m.problems),
            spread([m.ours_seconds for m in rows if m.ours_seconds is not None]),
            spread([m.cpsat_seconds for m in rows if m.cpsat_seconds is not None]),
            counts([m.peer for m in peer], PEER_VERDICTS) if peer else "-",
            sum(1 for m in peer if m.peer_problems) if peer else "-"]


def speed_row(name: str, rows: Sequence[Measured], target: float | None) -> tuple[list[object], bool | None]:
    ours = [m.ours_seconds for m in rows if m.ours_seconds is not None]
    cp = [m.cpsat_seconds for m in rows if m.cpsat_seconds is not None]
    solver = [m.cpsat_solver_seconds for m in rows if m.cpsat_solver_seconds is not None]
    ratios = [m.cpsat_seconds / m.ours_seconds for m in rows if m.cpsat_seconds and m.ours_seconds]
    peer = [m for m in rows if m.peer is not None]
    peer_times = [m.peer_seconds for m in peer if m.peer_seconds is not None and m.peer != "timeout"]
    ok = None if target is None or not ours else statistics.median(ours) <= target
    return [name, len(rows), counts([m.verdict() for m in rows], VERDICTS[:3]), spread(ours), spread(cp), ms(solver),
            f"{statistics.median(ratios):.1f}x" if ratios else "-", len(peer),
            spread(peer_times) + (f" (+{sum(m.peer == 'timeout' for m in peer)} over {PEER_SECONDS:g} s)"
                                  if any(m.peer == "timeout" for m in peer) else ""),
            counts([m.peer for m in peer], PEER_VERDICTS) if peer else "-",
            ms([m.ours_seconds for m in peer if m.ours_seconds is not None]),
            f"median <= {target:g} s" if target is not None else "-",
            "-" if ok is None else "PASS" if ok else "FAIL"], ok


def gen_row(side: int, level: str, rows: Sequence[Made]) -> list[object]:
    done = [m for m in rows if m.error is None]
    secs = [m.seconds for m in done]
    fmt = (lambda v: f"{v:.2f}")
    return [f"{side}x{side}", level, f"{len(done)} of {len(rows)}",
            " / ".join(fmt(v) for v in (statistics.median(secs), percentile(secs, 0.99), max(secs))) if secs else "-",
            ", ".join(f"{k} {v}" for k, v in sorted(Counter(m.graded for m in done).items(), key=str)) or "-",
            f"{statistics.median([m.hints for m in done if m.hints is not None]):g}"
            if any(m.hints is not None for m in done) else "-",
            f"{statistics.median([m.attempts for m in done if m.attempts is not None]):g}"
            if any(m.attempts is not None for m in done) else "-",
            failed_row(rows)]


def failed_row(rows: Sequence[Made]) -> str:
    """How many failed, the seconds each took (median), and why (each reason once)."""
    failed = [m for m in rows if m.error is not None]
    if not failed:
        return "-"
    why = "; ".join(sorted({m.error for m in failed if m.error}))
    return f"{len(failed)} after {statistics.median(m.seconds for m in failed):.1f} s (median): {why}"


def run(plan: NonogramPlan | None = None, *, write: bool = True, out: Any = sys.stdout, err: Any = sys.stderr) -> str:
    """Measure, print the Markdown section, and save it to bench/results/nonograms.md when `write`."""
    plan = plan or full_plan()
    emit = Report(out)

    def progress(text: str) -> None:
        print(text, file=err, flush=True)

    begin = time.perf_counter()
    cpsat = ortools_available()
    version = peer_version()
    try:
        from importlib.metadata import version as installed

        ortools_version = installed("ortools") if cpsat else "not installed"
    except Exception:  # a broken install is reported as missing, never raised
        ortools_version = "not installed"
    emit("## Nonograms: our verdicts checked by CP-SAT, our proofs against CP-SAT and nonogram (PyPI), generation\n")
    emit(f"Python {platform.python_version()}, load average at start {load_average()}; one process (the peer in a "
         f"worker process); OR-tools {ortools_version}; nonogram (PyPI) {version or 'not installed'}; "
         f"{compiled_line(pipeline.kinds.nonogram)}\n")
    if not cpsat:
        emit("ortools is not installed: CP-SAT's columns are n/a (`make bench` installs it).\n")
    if version is None:
        emit("nonogram (PyPI) is not installed: the peer's columns are empty (`make bench` installs it from "
             "requirements/bench-peer.txt).\n")
    targets: list[tuple[str, bool, str]] = []
    raw: dict[str, Any] = {}
    with PeerWorker(plan.peer_seconds) as worker:
        peer = worker if version is not None else None
        raw["verdicts"] = report_verdicts(plan, cpsat, peer, emit, progress, targets)
        raw["speed"] = report_speed(plan, cpsat, peer, emit, progress, targets)
    raw["generation"] = report_generation(plan, emit, progress)

    emit_targets(emit, targets, "nonogram")
    emit(f"section time {time.perf_counter() - begin:.0f} s (load average at end {load_average()})")
    report = emit.text()
    if write:
        RESULTS.mkdir(exist_ok=True)
        (RESULTS / "nonograms.md").write_text(report, encoding="utf-8")
        (RESULTS / "nonograms.json").write_text(json.dumps(raw, indent=1) + "\n", encoding="utf-8")
    return report


def _plain(m: Measured) -> dict[str, Any]:
    data = asdict(m)
    for key in ("ours_solutions", "cpsat_solutions", "peer_solution"):
        data.pop(key)
    return data


def report_verdicts(plan: NonogramPlan, cpsat: bool, peer: PeerWorker | None, emit: Callable[[str], None],
                    progress: Callable[[str], None], targets: list[tuple[str, bool, str]]) -> list[dict[str, Any]]:
    low, high = plan.random_sides
    emit(f"### Verdicts: {plan.random_puzzles} random puzzles of {low} to {high} cells each way, ours against CP-SAT\n")
    emit("Pictures drawn cell by cell (fill density 0.5 to 0.6, seeded); 'blank' printed with no hint, 'hints' with "
         "2 to 8 of the picture's cells as hints, 'changed' with one row clue (half of them one column clue too) "
         "changed to another well-formed clue of the same total. Ours: `count_solutions(puzzle, 2)`; CP-SAT: one "
         "automaton a line, counting to two (the whole call, model built in Python). Times: best of up to 3 runs. "
         "The peer (when installed) answers unique only where its line logic alone fills the grid, and stops at "
         "its first picture otherwise ('solved').\n")
    cases = random_cases(plan)
    rows: list[Measured] = []
    for k, case in enumerate(cases):
        if k % 20 == 0:
            progress(f"nonograms: verdicts {k + 1}-{min(k + 20, len(cases))} of {len(cases)} ...")
        rows.append(measure(case, cpsat, peer if plan.peer_on_random else None))
    emit(markdown_header(VERDICT_COLUMNS))
    for how in ("blank", "hints", "changed", "all"):
        emit(markdown_row(verdict_row(how, [m for m in rows if how in ("all", m.how)])))
    bad = [m for m in rows if m.problems]
    for m in bad[:20]:
        emit(f"- DISAGREE {m.label}: {'; '.join(m.problems)}")
    for m in [m for m in rows if m.peer_problems][:10]:
        emit(f"- peer {m.label}: {'; '.join(m.peer_problems)}")
    if cpsat:
        targets.append(("ours and CP-SAT agree on every random puzzle (verdict and picture)", not bad,
                        f"{len(bad)} disagreements in {len(rows)}"))
    seen = Counter(m.verdict() for m in rows)
    targets.append(("the random set holds all three verdicts", all(seen[v] for v in VERDICTS[:3]),
                    ", ".join(f"{v} {seen[v]}" for v in VERDICTS)))
    return [_plain(m) for m in rows]


def report_speed(plan: NonogramPlan, cpsat: bool, peer: PeerWorker | None, emit: Callable[[str], None],
                 progress: Callable[[str], None], targets: list[tuple[str, bool, str]]) -> list[dict[str, Any]]:
    groups: list[tuple[str, list[Case], float | None]] = []
    for side in plan.speed_sizes:
        groups.append((f"{side}x{side} doodle", [Case(label, "blank", pic, puzzle_of(pic))
                                                 for label, pic in drawn_pictures(side, plan.count_at(side))],
                       SPEED_TARGETS.get(side)))
    for side in plan.noise_sizes:
        noise = []
        for k in range(plan.noise_count):
            picture = random_picture(side, side, 0.55, random.Random(f"nonograms noise {side} {k}"))
            noise.append(Case(f"noise {side}x{side} #{k}", "blank", picture, puzzle_of(picture)))
        groups.append((f"{side}x{side} noise", noise, None))
    if plan.library:
        library = library_pictures()
        small = [(n, p) for n, p in library if max(len(p), len(p[0])) <= 15]
        large = [(n, p) for n, p in library if max(len(p), len(p[0])) > 15]
        for name, chosen in (("shipped, up to 15", small), ("shipped, over 15", large)):
            if chosen:
                groups.append((name, [Case(f"picture {n}", "blank", p, puzzle_of(p)) for n, p in chosen], None))
    emit("\n### Proving speed: blank puzzles of drawn pictures (doodle), ours against CP-SAT and the peer\n")
    emit("Each puzzle printed blank (no hint): its verdict is whatever the picture gives. 'noise' rows: cells "
         "drawn at random (density 0.55), the worst case, with no target (no book prints noise). 'shipped': the "
         "library's pictures at their own sizes. Ours: `count_solutions(puzzle, 2)`, best of up to 3 runs; CP-SAT: "
         "the whole call, best of up to 3 runs, one worker, its own solver "
         f"time beside it; the peer: once, on the first {plan.peer_count} puzzles of each row, in its worker (killed "
         f"after {plan.peer_seconds:g} s), its own time without the process round trip. The peer finds one picture "
         "and stops (a solve, not a proof); the column after it is our proof on the same puzzles.\n")
    emit(markdown_header(SPEED_COLUMNS))
    out = []
    for name, cases, target in groups:
        rows = []
        for k, case in enumerate(cases):
            progress(f"nonograms: speed {name} {k + 1}/{len(cases)} ...")
            rows.append(measure(case, cpsat, peer if k < plan.peer_count else None))
        cells, ok = speed_row(name, rows, target)
        emit(markdown_row(cells))
        if ok is not None:
            median = statistics.median(m.ours_seconds for m in rows if m.ours_seconds is not None)
            targets.append((f"{name}: proved in at most {target:g} s (median)", ok, f"{median:.3f} s"))
        bad = [m for m in rows if m.problems]
        if bad and cpsat:
            targets.append((f"{name}: ours and CP-SAT agree", False, f"{len(bad)} disagreements"))
        out += [_plain(m) | {"set": name} for m in rows]
        slow = max(rows, key=lambda m: m.ours_seconds or 0.0)
        if slow.ours_seconds:
            progress(f"  slowest of ours in {name}: {slow.label} {slow.ours_seconds * 1e3:.0f} ms "
                     f"({slow.ours_nodes} nodes)")
    problems = [f"{d['set']} {d['label']}: {'; '.join(d['problems'] + d['peer_problems'])}"
                for d in out if d["problems"] or d["peer_problems"]]
    for line in problems[:20]:
        emit(f"- {line}")
    return out


def report_generation(plan: NonogramPlan, emit: Callable[[str], None],
                      progress: Callable[[str], None]) -> list[dict[str, Any]]:
    emit(f"\n### Generation: a random picture's puzzle per size and level, seeds 1..{plan.gen_seeds}\n")
    made = make_all(plan, progress)
    emit(f"`kind(\"nonogram\").generate` on `{generation_job(plan.gen_sizes[0], plan.gen_sizes[0])}` (the size "
         "changed per row), "
         f"each made in this process, one at a time, given up after {plan.gen_cap:g} s (the bench's cap, not the "
         "product's). 'graded as' is the level the record's grade names; hints are the cells it prints.\n")
    emit(markdown_header(GEN_COLUMNS))
    for side in plan.gen_sizes:
        for level in dict.fromkeys(m.level for m in made if m.side == side):
            emit(markdown_row(gen_row(side, level, [m for m in made if m.side == side and m.level == level])))
    return [asdict(m) for m in made]
