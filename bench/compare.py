"""Our uniqueness proof against the CP-SAT model, puzzle by puzzle, on the same boards in one run.

Each puzzle is solved by each solver (limit 2, one thread), each timed as its best run of at least 3,
repeated until 2 ms are spent (`settled_runs`); the figure of merit is the median of the per-puzzle
time ratios CP-SAT/ours. It reports disagreements and never hides a CP-SAT timeout.
"""

from __future__ import annotations

import statistics
from dataclasses import dataclass, field

from bench.cpsat import solve_cpsat
from bench.engine import PROOF_REPEATS, settled_runs
from pipeline.kinds.hidato.board import Board

RATIO_TARGET = 20.0
STATUS_COUNT = {"none": 0, "unique": 1, "multiple": 2}


@dataclass(frozen=True)
class Item:
    """One puzzle of a comparison set; `expected` is the published count (0, 1, 2) when known."""

    name: str
    board: Board
    expected: int | None = None


@dataclass
class CompareResult:
    """Per-puzzle timings of both solvers on one set, plus every disagreement found."""

    name: str
    ours_seconds: list[float] = field(default_factory=list)
    cpsat_seconds: list[float] = field(default_factory=list)
    cpsat_solver_seconds: list[float] = field(default_factory=list)
    """CP-SAT's own search time, without building the model in Python: shown for candour."""
    timeouts: int = 0
    disagreements: list[str] = field(default_factory=list)
    slowest_ours: str = ""

    @property
    def n(self) -> int:
        return len(self.ours_seconds)

    @property
    def ratios(self) -> list[float]:
        return [c / max(o, 1e-9) for o, c in zip(self.ours_seconds, self.cpsat_seconds)]

    @property
    def solver_only_ratios(self) -> list[float]:
        return [c / max(o, 1e-9) for o, c in zip(self.ours_seconds, self.cpsat_solver_seconds)]

    @property
    def median_ratio(self) -> float:
        return statistics.median(self.ratios)

    @property
    def passed(self) -> bool:
        return self.n > 0 and self.median_ratio >= RATIO_TARGET and not self.disagreements


def compare_set(
    name: str, items: list[Item], *, time_limit: float = 60.0, repeats: int = PROOF_REPEATS
) -> CompareResult:
    """Time our uniqueness proof (`prove_unique`: a short search, then reasoning, then the full
    search, as `verify` and the book run it) and the CP-SAT count on every item, and check they agree.

    Both are timed the same way: the best of at least `repeats` runs, repeated until 2 ms are spent
    (`settled_runs`), so a 0.1 ms proof is not timed with the caches CP-SAT just left cold. CP-SAT's
    solver time is the least of its runs' own timings.

    A CP-SAT run stopped by `time_limit` counts with the limit as its time, which can only
    understate the ratio in CP-SAT's favour.
    """
    from pipeline.kinds.hidato.prove import prove_unique

    result = CompareResult(name)
    slowest = -1.0
    for item in items:
        ours, ours_time = min(settled_runs(lambda: prove_unique(item.board), repeats), key=lambda run: run[1])
        cpsat_runs = settled_runs(lambda: solve_cpsat(item.board, 2, time_limit=time_limit), repeats)
        theirs, cpsat_time = min(cpsat_runs, key=lambda run: run[1])
        result.ours_seconds.append(ours_time)
        result.cpsat_seconds.append(cpsat_time)
        result.cpsat_solver_seconds.append(min(run.solver_seconds for run, _ in cpsat_runs))
        if ours_time > slowest:
            slowest, result.slowest_ours = ours_time, f"{item.name} ({ours_time * 1e3:.1f} ms)"
        if not theirs.complete:
            result.timeouts += 1
        ours_count = STATUS_COUNT.get(ours.status)
        counts = {"ours": ours_count, "cp-sat": theirs.count if theirs.complete else None}
        if item.expected is not None:
            counts["published"] = item.expected
        known = {k: v for k, v in counts.items() if v is not None}
        if ours_count is None:
            result.disagreements.append(f"{item.name}: our proof stopped ({ours.status})")
        elif len(set(known.values())) > 1:
            result.disagreements.append(f"{item.name}: " + ", ".join(f"{k} {v}" for k, v in known.items()))
    return result
