"""The bench driver: builds a plan (full or --quick), runs it in this one process, prints Markdown.

The report goes to stdout and to bench/results/engine.md (raw per-seed timings to engine.json).
It never exits non-zero for a missed target: misses are listed in a closing summary line.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import re
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from bench import build as build_bench
from bench import crosswords, engine, hexbench, mazes, nonograms, review, scale, studio, table, tail, variants, wordsearch
from bench import sudoku as sudoku_bench
from bench.compare import RATIO_TARGET, CompareResult, Item, compare_set
from bench.corpus import load_corpus, record_board
from bench.cpsat import ortools_available
from bench.engine import Case, CaseResult, LevelCheck
from bench.machine import hidato_solver_build, load_average
from bench.table import Report
from pipeline.kinds.hidato.board import Board

RESULTS = Path(__file__).resolve().parent / "results"


@dataclass(frozen=True)
class Plan:
    """What to run; the full plan is the issue's table, --quick a one-minute smoke subset."""

    sizes: tuple[int, ...] = engine.SQUARE_SIZES
    shapes: tuple[tuple[str, dict], ...] = engine.SHAPES
    levels: tuple[str, ...] = engine.LEVELS
    kinds: tuple[str, ...] = tuple(engine.KINDS)
    seeds: int = 20
    expert_max_size: int | None = None
    pattern: str | None = None
    corpus_min_side: int = 8
    corpus_max: int | None = None
    """At most this many corpus puzzles per kind (None: all that qualify)."""
    own_sizes: tuple[int, ...] = (10, 15)
    own_level: str = "hard"
    cpsat_time_limit: float = 60.0
    level_count: int = 0
    """Puzzles per level for the monotone-grades check (0: skip it)."""
    level_sizes: tuple[int, ...] = (10,)
    level_shapes: tuple[tuple[str, dict], ...] = engine.SHAPES
    level_workers: int = os.cpu_count() or 1
    """Processes for the (untimed) monotone-grades check."""

    def cases(self) -> list[Case]:
        return engine.make_cases(
            self.sizes, self.shapes, self.levels, self.kinds,
            expert_max_size=self.expert_max_size, pattern=self.pattern,
        )

    def level_groups(self) -> list[list[Case]]:
        """For the monotone check: per board and kind, one case per level, filtered by the pattern."""
        if not self.level_count:
            return []
        groups: dict[tuple[str, str], list[Case]] = {}
        for case in engine.make_cases(self.level_sizes, self.level_shapes, engine.LEVELS, self.kinds):
            groups.setdefault((case.board, case.kind), []).append(case)
        return [
            cases for (board, kind), cases in groups.items()
            if self.pattern is None or re.search(self.pattern, f"{board} {kind} levels")
        ]


FULL_EXPERT_MAX = 15
"""Expert puzzles need search-backed digging: 20x20 takes 2-4 s each (some seeds over 10 s), so the
full plan stops at 15x15."""


def full_plan(seeds: int = 20, pattern: str | None = None) -> Plan:
    return Plan(seeds=seeds, pattern=pattern, expert_max_size=FULL_EXPERT_MAX, level_count=engine.LEVEL_CHECK_COUNT)


def quick_plan(seeds: int = 5, pattern: str | None = None) -> Plan:
    return Plan(
        sizes=(6, 10), shapes=(("cross", {"size": 12}), ("random", {"size": 10, "ratio": 0.1})),
        seeds=seeds, pattern=pattern, corpus_max=15, own_sizes=(10,),
        level_count=12, level_sizes=(8,), level_shapes=(),
    )


def run_engine(plan: Plan, emit: Callable[[str], None], progress: Callable[[str], None]) -> list[CaseResult]:
    """Every case of the plan, emitting each table row as soon as it is measured."""
    emit(f"## Generation: seconds per puzzle, {plan.seeds} seeds per row, one process\n")
    emit(table.markdown_header(table.ENGINE_COLUMNS))
    results = []
    for case in plan.cases():
        progress(f"generating {case.label} ...")
        start = time.perf_counter()
        result = engine.run_case(case, plan.seeds)
        progress(f"  done in {time.perf_counter() - start:.1f} s")
        results.append(result)
        emit(table.engine_row(result))
    return results


def run_levels(plan: Plan, emit: Callable[[str], None], progress: Callable[[str], None]) -> list[LevelCheck]:
    """The monotone-grades check: many puzzles per level and board, medians compared level to level."""
    groups = plan.level_groups()
    if not groups:
        return []
    emit(
        f"\n## Monotone grades: {plan.level_count} puzzles per level and board (seeds 0..{plan.level_count - 1}), "
        "graded by reasoning\n"
    )
    emit(
        "PASS when, from easy to expert, the median givens ratio never rises and the median step count "
        "never falls, no easy puzzle needs a technique above the easy set, and every puzzle got the level "
        "it was made for.\n"
    )
    emit(table.markdown_header(table.LEVEL_COLUMNS))
    checks = []
    for cases in groups:
        progress(f"checking levels on {cases[0].board} {cases[0].kind} ...")
        start = time.perf_counter()
        check = engine.check_levels(cases, plan.level_count, plan.level_workers)
        progress(f"  done in {time.perf_counter() - start:.1f} s")
        checks.append(check)
        emit(table.level_row(check))
    return checks


def corpus_items(plan: Plan, kind: str) -> list[Item]:
    """Corpus puzzles of one kind whose board is at least corpus_min_side on both sides."""
    adjacency = engine.KINDS[kind]
    items = []
    for record in load_corpus():
        board = record_board(record)
        if record["adjacency"] == adjacency and min(board.height, board.width) >= plan.corpus_min_side:
            items.append(Item(record["id"], board, record.get("num_solutions")))
    return items[: plan.corpus_max] if plan.corpus_max is not None else items


def own_items(plan: Plan, size: int, kind: str, results: list[CaseResult]) -> list[Item]:
    """Our generated square puzzles of `size`, reused from the generation run or generated now."""
    board_name, _, _ = engine.square_board(size)
    for result in results:
        case = result.case
        if (case.board, case.kind, case.level) == (board_name, kind, plan.own_level) and result.records:
            records = result.records
            break
    else:
        case = engine.make_cases((size,), (), (plan.own_level,), (kind,))[0]
        records = engine.run_case(case, plan.seeds).records
    return [
        Item(f"{board_name} {kind} seed {r['seed']}", Board.from_json(r["grid"], r["adjacency"]), 1)
        for r in records
    ]


def comparison_sets(plan: Plan) -> list[tuple[str, Callable[[list[CaseResult]], list[Item]]]]:
    """(name, item factory) for each set, filtered by the plan's pattern."""
    sets: list[tuple[str, Callable[[list[CaseResult]], list[Item]]]] = []
    for kind in plan.kinds:
        side = plan.corpus_min_side
        sets.append((f"corpus {kind} >= {side}x{side}", lambda _r, k=kind: corpus_items(plan, k)))
    for size in plan.own_sizes:
        for kind in plan.kinds:
            sets.append((
                f"ours square {size}x{size} {kind} {plan.own_level}",
                lambda r, s=size, k=kind: own_items(plan, s, k, r),
            ))
    return [(name, make) for name, make in sets if plan.pattern is None or re.search(plan.pattern, name)]


def run_compare(
    plan: Plan, results: list[CaseResult], emit: Callable[[str], None], progress: Callable[[str], None]
) -> list[CompareResult]:
    emit("\n## Uniqueness proof: ours vs OR-tools CP-SAT (same puzzles, limit 2, one thread)\n")
    if not ortools_available():
        emit("ortools is not installed: the CP-SAT comparison is skipped (`pip install -e '.[bench]'`).")
        return []
    emit(
        "CP-SAT times are the whole call (model built in Python, then solved), as a user of the model "
        "pays them; the last two columns show CP-SAT's own solver time alone. The target applies to the whole call.\n"
    )
    emit(table.markdown_header(table.COMPARE_COLUMNS))
    out = []
    for name, make in comparison_sets(plan):
        progress(f"comparing {name} ...")
        result = compare_set(name, make(results), time_limit=plan.cpsat_time_limit)
        out.append(result)
        emit(table.compare_row(result))
    return out


def summary_lines(
    results: list[CaseResult], compared: list[CompareResult], checks: Sequence[LevelCheck] = ()
) -> list[str]:
    lines = []
    misses = [f"{r.case.label}: {'; '.join(r.misses())}" for r in results if r.misses()]
    misses += [f"{c.board} {c.kind} levels: {'; '.join(c.misses())}" for c in checks if c.misses()]
    misses += [
        f"{c.name}: median ratio {c.median_ratio:.1f}x < {RATIO_TARGET:g}x"
        for c in compared
        if c.n and c.median_ratio < RATIO_TARGET
    ]
    for c in compared:
        misses += [f"{c.name}: disagreement {d}" for d in c.disagreements]
    noisy = [
        f"{r.case.label} ({r.spread:.1f}x, seed {r.slowest_seed})"
        for r in results
        if r.error is None and r.case.median_target is None and r.n and r.spread > engine.SPREAD_TARGET
    ]
    lines.append(f"targets missed: {len(misses)}" + ("" if misses else " (all targets met)"))
    lines += [f"- MISS {m}" for m in misses]
    if noisy:
        lines.append("rows without a target whose slowest seed exceeds 10x the median: " + ", ".join(noisy))
    lines += grouped_notes(results)
    for c in compared:
        if not c.n:
            continue
        lines.append(f"slowest of our proofs in '{c.name}': {c.slowest_ours}")
    return lines


def grouped_notes(results: list[CaseResult]) -> list[str]:
    """Why rows are n/a and which seeds drew impossible masks, one line per board and kind."""
    notes: dict[tuple[str, str], list[str]] = {}
    for r in results:
        if r.error is not None:
            key = (f"n/a {r.case.board} {r.case.kind}", r.error)
        elif r.rejected:
            key = (
                f"{r.case.board} {r.case.kind}",
                (
                    f"{len(r.rejected)} seed(s) drew a mask with no path "
                    f"(seeds {', '.join(str(seed) for seed, _, _ in r.rejected)}); the time spent rejecting "
                    "them is not in the row's times"
                ),
            )
        else:
            continue
        notes.setdefault(key, []).append(r.case.level)
    return [f"{where} ({', '.join(levels)}): {what}" for (where, what), levels in notes.items()]


def environment_line(plan: Plan) -> str:
    try:
        from ortools import __version__ as ortools_version
    except ImportError:
        ortools_version = "not installed"
    return (
        f"Python {platform.python_version()} on {platform.machine()}, {os.cpu_count()} CPUs, one process; "
        f"OR-tools {ortools_version}; Hidato solver {hidato_solver_build()}; {plan.seeds} seeds per row"
        + (f"; only rows matching /{plan.pattern}/" if plan.pattern else "")
        + (
            f"; expert rows only up to size {plan.expert_max_size} (20x20 expert takes 2-4 s a puzzle, "
            "some seeds over 10 s; `--expert-max 20` adds them)"
            if plan.expert_max_size else ""
        )
        + f"; load average at start {load_average()}"
    )


def run(plan: Plan, *, write: bool = True, out=sys.stdout, err=sys.stderr) -> str:
    """Run the whole plan; returns the report text (also printed, and saved when `write`)."""
    emit = Report(out)

    def progress(text: str) -> None:
        print(text, file=err, flush=True)

    begin = time.perf_counter()
    emit("# puzzlebook bench\n")
    emit(environment_line(plan) + "\n")
    results = run_engine(plan, emit, progress)
    checks = run_levels(plan, emit, progress)
    compared = run_compare(plan, results, emit, progress)
    emit("\n## Summary\n")
    for line in summary_lines(results, compared, checks):
        emit(line)
    emit(f"total bench time: {time.perf_counter() - begin:.0f} s (load average at end {load_average()})")
    report = emit.text()
    if write:
        RESULTS.mkdir(exist_ok=True)
        (RESULTS / "engine.md").write_text(report, encoding="utf-8")
        raw = {
            "engine": [
                {"row": r.case.label, "error": r.error, "seeds": [x["seed"] for x in r.records],
                 "attempts": [x.get("attempts") for x in r.records],
                 "gen_seconds": r.gen_seconds, "prove_seconds": r.prove_seconds, "grade_seconds": r.grade_seconds,
                 "levels": [x["grade"]["level"] for x in r.records],
                 "givens_ratios": r.givens_ratios, "statuses": r.statuses}
                for r in results
            ],
            "levels": [
                {"board": c.board, "kind": c.kind, "error": c.error,
                 "grades": {level: [{k: g[k] for k in ("givens_ratio", "steps", "hardest")} for g in gs]
                            for level, gs in c.grades.items()}}
                for c in checks
            ],
            "compare": [
                {"set": c.name, "ours_seconds": c.ours_seconds, "cpsat_seconds": c.cpsat_seconds,
                 "cpsat_solver_seconds": c.cpsat_solver_seconds, "timeouts": c.timeouts, "disagreements": c.disagreements}
                for c in compared
            ],
        }
        (RESULTS / "engine.json").write_text(json.dumps(raw, indent=1) + "\n", encoding="utf-8")
    return report


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench", description=__doc__)
    parser.add_argument("--quick", action="store_true", help="a smoke run: fewer sizes and seeds (~1 minute)")
    parser.add_argument("--seeds", type=int, default=None, help="seeds per row (default 20, --quick 5)")
    parser.add_argument("--only", metavar="PATTERN", default=None,
                        help="regular expression on row labels such as 'square 10x10 hidato hard'; "
                        "'build' runs only the book build benchmark, 'sudoku' only the Sudoku section, "
                        "'hex' only the hex Hidato section, 'tail' only the worst case (every published "
                        "and stress board against CP-SAT), 'studio' only the studio's timings, 'review' only the review's, "
                        "'wordsearch' only word search against word-search-generator, 'maze' only mazes against "
                        "mazelib, 'variants' only Killer, Jigsaw and Sudoku X (made, checked by CP-SAT, "
                        "against CP-SAT and pencilmark), 'crosswords' only crosswords against genxword and "
                        "fill-ins checked by CP-SAT, 'nonograms' only nonograms (verdicts checked by CP-SAT, proofs "
                        "against CP-SAT and nonogram from PyPI, generation), 'scale' only the big "
                        "mixed books (against the code before the scale work), their stages and the main "
                        "process's CPU share, and a series")
    parser.add_argument("--levels", type=int, default=None, metavar="N",
                        help=f"puzzles per level in the monotone-grades check (default {engine.LEVEL_CHECK_COUNT}, "
                        "--quick 12; 0 skips it); rows labelled like 'square 10x10 hidato levels'")
    parser.add_argument("--expert-max", type=int, default=None, metavar="SIZE",
                        help=f"skip expert rows for boards larger than SIZE (full plan: {FULL_EXPERT_MAX})")
    args = parser.parse_args(argv)
    alone = {"build": build_bench.run, "tail": tail.run, "studio": studio.run, "review": review.run,
             "wordsearch": wordsearch.run, "maze": mazes.run, "scale": scale.run}
    if args.only in alone:  # the sections that take no plan
        alone[args.only]()
        return 0
    if args.seeds is not None and args.seeds < 1:
        parser.error("--seeds must be at least 1")
    sudoku_plan = (sudoku_bench.quick_plan if args.quick else sudoku_bench.full_plan)(args.seeds)
    hex_seeds, hex_rows = (args.seeds or 3, "hexagon 6") if args.quick else (args.seeds or 20, None)
    if args.only == "hex":
        hexbench.run(hex_seeds, hex_rows)
        return 0
    if args.only == "sudoku":
        sudoku_bench.run(sudoku_plan)
        return 0
    variants_plan = (variants.quick_plan if args.quick else variants.full_plan)(args.seeds)
    if args.only == "variants":
        variants.run(variants_plan)
        return 0
    crosswords_plan = crosswords.quick_plan() if args.quick else crosswords.full_plan()
    if args.only == "crosswords":
        crosswords.run(crosswords_plan)
        return 0
    nonograms_plan = nonograms.quick_plan() if args.quick else nonograms.full_plan()
    if args.only == "nonograms":
        nonograms.run(nonograms_plan)
        return 0
    if args.only is not None:
        try:
            re.compile(args.only)
        except re.error as err:
            parser.error(f"--only: not a regular expression: {err}")
    if args.quick:
        plan = quick_plan(args.seeds or 5, args.only)
    else:
        plan = full_plan(args.seeds or 20, args.only)
    if args.expert_max is not None:
        plan = replace(plan, expert_max_size=args.expert_max)
    if args.levels is not None:
        if args.levels < 0:
            parser.error("--levels must be 0 or more")
        plan = replace(plan, level_count=args.levels)
    run(plan)
    if args.only is None:
        print()
        hexbench.run(hex_seeds, hex_rows)
        print()
        sudoku_bench.run(sudoku_plan)
        print()
        tail.run()
        print()
        studio.run()
        print()
        review.run()
        print()
        wordsearch.run()
        print()
        mazes.run()
        print()
        variants.run(variants_plan)
        print()
        crosswords.run(crosswords_plan)
        print()
        nonograms.run(nonograms_plan)
    if args.only is None and not args.quick:  # the book builds take minutes: not part of a smoke run
        print()
        build_bench.run()
        print()
        scale.run()
    return 0
