"""Markdown tables for the bench report: fixed column lists, numbers formatted once here.

Formatting only: it never measures or decides PASS/MISS.
"""

from __future__ import annotations

import statistics
from collections.abc import Callable, Sequence
from typing import TextIO

from bench.compare import RATIO_TARGET, CompareResult
from bench.engine import LEVELS, SPREAD_TARGET, CaseResult, LevelCheck


class Report:
    """A section's report: each line printed as it comes (so a long run shows its progress) and kept,
    to be written to bench/results/ at the end. Called as `emit(line)`."""

    def __init__(self, out: TextIO | None = None) -> None:
        self.lines: list[str] = []
        self.out = out
        """None: whatever sys.stdout is when a line is printed."""

    def __call__(self, text: str) -> None:
        self.lines.append(text)
        print(text, file=self.out, flush=True)

    def text(self) -> str:
        return "\n".join(self.lines) + "\n"


ENGINE_COLUMNS = (
    "board", "kind", "level", "n", "gen median s", "gen max s", "max/median", "slowest seed",
    "givens ratio (median)", "prove-unique median ms", "grade median ms", "grade max ms",
    "trial steps median / max", "grades", "target", "ok?",
)
LEVEL_COLUMNS = (
    "board", "kind", "puzzles per level", "givens ratio (median) easy / medium / hard / expert",
    "steps (median) easy / medium / hard / expert", "easy above easy", "monotone?",
)
COMPARE_COLUMNS = (
    "set", "puzzles", "ours median ms", "CP-SAT median ms", "median ratio (CP-SAT/ours)",
    "target", "ok?", "CP-SAT solver-only median ms", "solver-only ratio",
)


def markdown_row(cells: Sequence[object]) -> str:
    return "| " + " | ".join(str(c) for c in cells) + " |"


def markdown_header(columns: Sequence[str]) -> str:
    return markdown_row(columns) + "\n" + markdown_row(["---"] * len(columns))


def emit_targets(emit: Callable[[str], None], targets: Sequence[tuple[str, bool, str]], noun: str) -> None:
    """A section's targets as a table (name, what was measured, PASS or FAIL), then how many were missed
    and which, as every bench section ends."""
    emit("\n### Targets\n")
    emit(markdown_header(("target", "measured", "ok?")))
    misses = []
    for name, ok, measured in targets:
        emit(markdown_row([name, measured, "PASS" if ok else "FAIL"]))
        if not ok:
            misses.append(f"{name}: {measured}")
    emit("")
    emit(f"{noun} targets missed: {len(misses)}" + ("" if misses else " (all met)"))
    for miss in misses:
        emit(f"- FAIL {miss}")


def engine_row(result: CaseResult) -> str:
    case = result.case
    if result.error is not None:
        why = "n/a (impossible for numbrix)" if case.kind == "numbrix" else f"n/a ({result.error})"
        return markdown_row([case.board, case.kind, case.level, 0, why] + [""] * (len(ENGINE_COLUMNS) - 5))
    targets = []
    if case.median_target is not None:
        targets.append(f"median <= {case.median_target:g} s, max/median <= {SPREAD_TARGET:g}")
    if case.grade_target_ms is not None:
        targets.append(f"grading <= {case.grade_target_ms:g} ms")
    misses = result.misses()
    ok = "MISS" if misses else ("PASS" if result.has_target else "-")
    if result.not_unique:
        ok = f"BUG: {result.not_unique} not unique"
    n = f"{result.n} (+{len(result.rejected)} masks without a path)" if result.rejected else result.n
    trials = [int(r["grade"]["techniques"].get("trial", 0)) for r in result.records]
    grades = ", ".join(f"{level} {count}" for level, count in sorted(result.levels.items(), key=lambda i: LEVELS.index(i[0])))
    return markdown_row([
        case.board, case.kind, case.level, n,
        f"{result.gen_median:.4f}", f"{result.gen_max:.4f}", f"{result.spread:.1f}", result.slowest_seed,
        f"{statistics.median(result.givens_ratios):.3f}",
        f"{statistics.median(result.prove_seconds) * 1e3:.2f}",
        f"{result.grade_median_ms:.1f}", f"{max(result.grade_seconds) * 1e3:.1f}",
        f"{statistics.median(trials):g} / {max(trials)}", grades,
        "; ".join(targets) or "-", ok,
    ])


def level_row(check: LevelCheck) -> str:
    if check.error is not None:
        return markdown_row([check.board, check.kind, 0, f"n/a ({check.error})", "", "", "-"])
    levels = [level for level in LEVELS if level in check.grades]
    counts = sorted({len(check.grades[level]) for level in levels})
    ratios = " / ".join(f"{check.median(level, 'givens_ratio'):.3f}" for level in levels)
    steps = " / ".join(f"{check.median(level, 'steps'):g}" for level in levels)
    return markdown_row([
        check.board, check.kind, "-".join(map(str, counts)), ratios, steps, check.easy_above_easy(),
        "MISS" if check.misses() else "PASS",
    ])


def compare_row(result: CompareResult) -> str:
    if result.n == 0:
        return markdown_row([result.name, 0, "", "", "", f">= {RATIO_TARGET:g}x", "-", "", ""])
    ok = "PASS" if result.passed else "MISS"
    if result.disagreements:
        ok = f"BUG: {len(result.disagreements)} disagree"
    timeouts = f" ({result.timeouts} CP-SAT timeouts)" if result.timeouts else ""
    return markdown_row([
        result.name, result.n,
        f"{statistics.median(result.ours_seconds) * 1e3:.2f}",
        f"{statistics.median(result.cpsat_seconds) * 1e3:.2f}{timeouts}",
        f"{result.median_ratio:.1f}x", f">= {RATIO_TARGET:g}x", ok,
        f"{statistics.median(result.cpsat_solver_seconds) * 1e3:.2f}",
        f"{statistics.median(result.solver_only_ratios):.1f}x",
    ])
