"""Markdown tables for the bench report: fixed column lists, numbers formatted once here.

Formatting only: it never measures or decides PASS/MISS.
"""

from __future__ import annotations

import statistics
from collections.abc import Sequence

from bench.compare import RATIO_TARGET, CompareResult
from bench.engine import SPREAD_TARGET, CaseResult

ENGINE_COLUMNS = (
    "board", "kind", "level", "n", "gen median s", "gen max s", "max/median", "slowest seed",
    "givens ratio (median)", "prove-unique median ms", "target", "ok?",
)
COMPARE_COLUMNS = (
    "set", "puzzles", "ours median ms", "CP-SAT median ms", "median ratio (CP-SAT/ours)",
    "target", "ok?", "CP-SAT solver-only median ms", "solver-only ratio",
)


def markdown_row(cells: Sequence[object]) -> str:
    return "| " + " | ".join(str(c) for c in cells) + " |"


def markdown_header(columns: Sequence[str]) -> str:
    return markdown_row(columns) + "\n" + markdown_row(["---"] * len(columns))


def engine_row(result: CaseResult) -> str:
    case = result.case
    if result.error is not None:
        why = "n/a (impossible for numbrix)" if case.kind == "numbrix" else f"n/a ({result.error})"
        return markdown_row([case.board, case.kind, case.level, 0, why] + [""] * (len(ENGINE_COLUMNS) - 5))
    target = case.median_target
    target_text = f"median <= {target:g} s, max/median <= {SPREAD_TARGET:g}" if target is not None else "-"
    misses = result.misses()
    ok = "MISS" if misses else ("PASS" if target is not None else "-")
    if result.not_unique:
        ok = f"BUG: {result.not_unique} not unique"
    n = f"{result.n} (+{len(result.rejected)} masks without a path)" if result.rejected else result.n
    return markdown_row([
        case.board, case.kind, case.level, n,
        f"{result.gen_median:.4f}", f"{result.gen_max:.4f}", f"{result.spread:.1f}", result.slowest_seed,
        f"{statistics.median(result.givens_ratios):.3f}",
        f"{statistics.median(result.prove_seconds) * 1e3:.2f}",
        target_text, ok,
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
