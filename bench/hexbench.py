"""Hex Hidato: generation, grading and uniqueness proofs on honeycomb boards, against CP-SAT.

Per row (a hex board and a level), over the same seeds in one process: generation time (median, max
and their ratio), the givens ratio, grading time, and the time to prove each finished puzzle unique
next to CP-SAT's solver time on the same puzzle (both best of 3; CP-SAT's time is its own search,
without building the model in Python). Measures only; a missed target is listed, never raised.
Written to bench/results/hex.md (raw timings to hex.json).
"""

from __future__ import annotations

import json
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from bench import engine
from bench.compare import CompareResult, Item, compare_set
from bench.cpsat import ortools_available
from bench.engine import LEVELS, SPREAD_TARGET, Case, CaseResult
from bench.machine import hidato_solver_build, load_average
from bench.table import Report, markdown_header, markdown_row
from pipeline.kinds.hidato.board import Board

RESULTS = Path(__file__).resolve().parent / "results"
KIND = "hexhidato"
BOARDS: tuple[tuple[str, dict], ...] = (
    ("hexagon", {"size": 5}),
    ("hexagon", {"size": 6}),
    ("hexagon", {"size": 7}),
    ("triangle", {"size": 13}),
    ("parallelogram", {"size": 9}),
    ("hexstar", {"size": 4}),
    ("hexring", {"size": 6}),
    ("hexrandom", {"size": 6, "ratio": 0.1}),
)
"""Hexagons of side 5, 6 and 7 (61, 91, 127 cells), and the other hex shapes at about the size of side
6: triangle 91, parallelogram 81, hexagram 73, ring 72, random obstacles 82 cells."""
MEDIAN_TARGETS: dict[tuple[str, str], float] = {("hexagon 6", "hard"): 0.3, ("hexagon 6", "expert"): 2.0}
"""Seconds per generated puzzle (median) where the issue sets one; the spread target applies there too."""
PROOF_RATIO_TARGET = 20.0
"""Our proof at least this many times faster than CP-SAT's solver time (median of the per-puzzle ratios)."""
COLUMNS = (
    "board", "cells", "level", "n", "gen median s", "gen max s", "max/median", "givens ratio (median)",
    "grade median ms", "prove median ms", "CP-SAT solver median ms", "proof ratio (median)",
    "ratio to CP-SAT whole call", "target", "ok?",
)


@dataclass
class HexRow:
    """One row's generation measurements and its proof comparison."""

    result: CaseResult
    compared: CompareResult | None

    @property
    def target(self) -> float | None:
        return MEDIAN_TARGETS.get((self.result.case.board, self.result.case.level))

    @property
    def proof_ratio(self) -> float | None:
        if self.compared is None or not self.compared.n:
            return None
        return statistics.median(self.compared.solver_only_ratios)

    def misses(self) -> list[str]:
        out = list(self.result.misses())
        r = self.result
        if r.error is not None:
            return out
        if self.target is not None:
            if r.gen_median > self.target:
                out.append(f"median {r.gen_median:.3f} s > {self.target:g} s")
            if r.spread > SPREAD_TARGET:
                out.append(f"max/median {r.spread:.1f} > {SPREAD_TARGET:g}")
        if self.compared is not None:
            out += [f"disagreement {d}" for d in self.compared.disagreements]
        return out


def cases(seeds: int, pattern: str | None = None) -> list[Case]:
    import re

    out = []
    for name, params in BOARDS:
        board, shape, items = engine.shape_board(name, params)
        for level in LEVELS:
            case = Case(board, shape, items, KIND, level)
            if pattern is None or re.search(pattern, f"{case.label} hex"):
                out.append(case)
    return out


def row_text(row: HexRow) -> str:
    r, case = row.result, row.result.case
    if r.error is not None:
        return markdown_row([case.board, "", case.level, 0, f"n/a ({r.error})"] + [""] * (len(COLUMNS) - 5))
    cells = r.records[0]["grade"]["cells"] if r.records else ""
    compared = row.compared
    cpsat = f"{statistics.median(compared.cpsat_solver_seconds) * 1e3:.2f}" if compared and compared.n else "-"
    ratio = f"{row.proof_ratio:.1f}x" if row.proof_ratio is not None else "-"
    whole = f"{compared.median_ratio:.1f}x" if compared and compared.n else "-"
    targets = [f"proof >= {PROOF_RATIO_TARGET:g}x"]
    if row.target is not None:
        targets.insert(0, f"median <= {row.target:g} s, max/median <= {SPREAD_TARGET:g}")
    ok = "MISS" if row.misses() or (row.proof_ratio is not None and row.proof_ratio < PROOF_RATIO_TARGET) else "PASS"
    return markdown_row([
        case.board, cells, case.level, r.n, f"{r.gen_median:.4f}", f"{r.gen_max:.4f}", f"{r.spread:.1f}",
        f"{statistics.median(r.givens_ratios):.3f}", f"{r.grade_median_ms:.1f}",
        f"{statistics.median(r.prove_seconds) * 1e3:.2f}", cpsat, ratio, whole, "; ".join(targets), ok,
    ])


def run(seeds: int = 20, pattern: str | None = None, *, write: bool = True, out=sys.stdout,
        err=sys.stderr) -> list[HexRow]:
    """Every row of the plan, each printed as soon as it is measured; then the summary."""
    emit = Report(out)

    progress: Callable[[str], None] = lambda text: print(text, file=err, flush=True)  # noqa: E731
    begin = time.perf_counter()
    emit("# puzzlebook bench: hex Hidato\n")
    emit(f"{seeds} seeds per row, one process; CP-SAT {'available' if ortools_available() else 'not installed'}; "
         f"Hidato solver {hidato_solver_build()}; load average at start {load_average()}\n")
    emit(markdown_header(COLUMNS))
    rows = []
    for case in cases(seeds, pattern):
        progress(f"hex {case.label} ...")
        result = engine.run_case(case, seeds)
        compared = None
        if result.error is None and ortools_available():
            items = [Item(f"{case.label} seed {r['seed']}", Board.from_json(r["grid"], r["adjacency"]), 1)
                     for r in result.records]
            compared = compare_set(case.label, items)
        row = HexRow(result, compared)
        rows.append(row)
        emit(row_text(row))
    ratios = [ratio for row in rows for ratio in (row.compared.solver_only_ratios if row.compared else [])]
    emit("\n## Summary\n")
    if ratios:
        overall = statistics.median(ratios)
        verdict = "PASS" if overall >= PROOF_RATIO_TARGET else "MISS"
        emit(f"proof vs CP-SAT solver time over all {len(ratios)} hex puzzles: median ratio {overall:.1f}x "
             f"(target >= {PROOF_RATIO_TARGET:g}x): {verdict}")
    misses = [f"{row.result.case.label}: {'; '.join(row.misses())}" for row in rows if row.misses()]
    low = [f"{row.result.case.label} ({row.proof_ratio:.1f}x)" for row in rows
           if row.proof_ratio is not None and row.proof_ratio < PROOF_RATIO_TARGET]
    emit(f"targets missed: {len(misses)}" + ("" if misses else " (generation targets met)"))
    emit("".join(f"- MISS {m}\n" for m in misses).rstrip())
    if low:
        emit(f"rows whose median proof ratio is under {PROOF_RATIO_TARGET:g}x: " + ", ".join(low))
    emit(f"total hex bench time: {time.perf_counter() - begin:.0f} s (load average at end {load_average()})")
    if write:
        RESULTS.mkdir(exist_ok=True)
        (RESULTS / "hex.md").write_text(emit.text(), encoding="utf-8")
        raw = [
            {"row": row.result.case.label, "error": row.result.error, "gen_seconds": row.result.gen_seconds,
             "prove_seconds": row.result.prove_seconds, "grade_seconds": row.result.grade_seconds,
             "givens_ratios": row.result.givens_ratios,
             "cpsat_solver_seconds": row.compared.cpsat_solver_seconds if row.compared else [],
             "ours_seconds": row.compared.ours_seconds if row.compared else []}
            for row in rows
        ]
        (RESULTS / "hex.json").write_text(json.dumps(raw, indent=1) + "\n", encoding="utf-8")
    return rows
