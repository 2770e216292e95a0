"""Times our own generator and uniqueness proof over a plan of boards, kinds and difficulties.

One process, sequential, `time.perf_counter`; medians over seeds. Measures only: it never changes
what it measures (no warm-up, no retried seeds except a new mask for 'random') and never raises on a
slow or failed case.
"""

from __future__ import annotations

import re
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TypeVar

from pipeline.errors import PuzzleBookError
from pipeline.kinds.hidato.board import Adjacency, Board, Mask

T = TypeVar("T")

KINDS: dict[str, Adjacency] = {"hidato": "king", "numbrix": "orthogonal"}
LEVELS = ("easy", "medium", "hard", "expert")
SQUARE_SIZES = (6, 8, 10, 12, 15, 20)
SHAPES: tuple[tuple[str, dict], ...] = (
    ("cross", {"size": 12}),
    ("rhombus", {"size": 13}),
    ("mirror", {"size": 10}),
    ("cloud", {"size": 12}),
    ("random", {"size": 10, "ratio": 0.1}),
)
"""The other shapes, each "of similar size" to a 10x10 square: 80-90 open cells. The cross is 12 wide
because cross 11 has 57 cells (arm 3) or, with arm 5, 85 cells that no Numbrix path fits (colours)."""
SEEDED_SHAPES = frozenset({"random"})
"""Shapes whose mask depends on the seed: each seed gets its own outline."""
MEDIAN_TARGETS = {10: 0.05, 15: 0.3, 20: 2.0}
"""Seconds per generated puzzle (median) for square N x N at level hard."""
SPREAD_TARGET = 10.0
"""The slowest seed at most this many times the median (on the rows with a time target)."""


@dataclass(frozen=True)
class Case:
    """One table row: a board outline, a kind and a difficulty."""

    board: str
    shape: str
    params: tuple[tuple[str, object], ...]
    kind: str
    level: str

    @property
    def label(self) -> str:
        return f"{self.board} {self.kind} {self.level}"

    @property
    def square_size(self) -> int | None:
        return dict(self.params)["size"] if self.shape == "square" else None  # type: ignore[return-value]

    @property
    def median_target(self) -> float | None:
        size = self.square_size
        return MEDIAN_TARGETS.get(size) if self.level == "hard" and size is not None else None

    def mask(self, seed: int) -> Mask:
        """The outline for `seed` (only the random shape depends on it)."""
        from pipeline.shapes import make_mask

        return make_mask(self.shape, seed=seed, adjacency=KINDS[self.kind], **dict(self.params))  # type: ignore[arg-type]


def square_board(size: int) -> tuple[str, str, tuple[tuple[str, object], ...]]:
    return f"square {size}x{size}", "square", (("size", size),)


def shape_board(name: str, params: dict) -> tuple[str, str, tuple[tuple[str, object], ...]]:
    extra = "".join(f" {k}={v}" for k, v in params.items() if k != "size")
    return f"{name} {params['size']}{extra}", name, tuple(sorted(params.items()))


def make_cases(
    sizes: tuple[int, ...] = SQUARE_SIZES,
    shapes: tuple[tuple[str, dict], ...] = SHAPES,
    levels: tuple[str, ...] = LEVELS,
    kinds: tuple[str, ...] = tuple(KINDS),
    *,
    expert_max_size: int | None = None,
    pattern: str | None = None,
) -> list[Case]:
    """Every (board, kind, level) row in table order; `pattern` keeps rows whose label matches."""
    boards = [square_board(s) for s in sizes] + [shape_board(name, dict(p)) for name, p in shapes]
    cases = []
    for board, shape, params in boards:
        for kind in kinds:
            for level in levels:
                size = dict(params)["size"]
                if level == "expert" and expert_max_size is not None and size > expert_max_size:  # type: ignore[operator]
                    continue
                case = Case(board, shape, params, kind, level)
                if pattern is None or re.search(pattern, case.label):
                    cases.append(case)
    return cases


@dataclass
class CaseResult:
    """Measurements for one case; `error` set when the case cannot be generated at all."""

    case: Case
    gen_seconds: list[float] = field(default_factory=list)
    givens_ratios: list[float] = field(default_factory=list)
    prove_seconds: list[float] = field(default_factory=list)
    statuses: list[str] = field(default_factory=list)
    records: list[dict] = field(default_factory=list)
    rejected: list[tuple[int, float, str]] = field(default_factory=list)
    """(seed, seconds spent, reason) for each mask no path fits (seed-dependent shapes only)."""
    error: str | None = None

    @property
    def n(self) -> int:
        return len(self.gen_seconds)

    @property
    def gen_median(self) -> float:
        return statistics.median(self.gen_seconds)

    @property
    def gen_max(self) -> float:
        return max(self.gen_seconds)

    @property
    def spread(self) -> float:
        median = self.gen_median
        return self.gen_max / median if median > 0 else float("inf")

    @property
    def slowest_seed(self) -> int:
        return self.records[self.gen_seconds.index(self.gen_max)]["seed"]

    @property
    def not_unique(self) -> int:
        """Generated puzzles our own proof does not call unique: always a bug, reported loudly."""
        return sum(status != "unique" for status in self.statuses)

    def misses(self) -> list[str]:
        """The targets this row misses, in words; empty when it passes or has no target."""
        target = self.case.median_target
        out = []
        if self.error is None and self.not_unique:
            out.append(f"{self.not_unique} puzzle(s) not proved unique")
        if target is None or self.error is not None:
            return out
        if self.gen_median > target:
            out.append(f"median {self.gen_median:.3f} s > {target} s")
        if self.spread > SPREAD_TARGET:
            out.append(f"max/median {self.spread:.1f} > {SPREAD_TARGET:g}")
        return out


PROOF_REPEATS = 3
"""A proof is timed as the best of this many runs: the machine is shared, and a preempted run
says nothing about the solver. Generation is timed once per seed, since its slowest seed matters."""


def best_time(fn: Callable[[], T], repeats: int = PROOF_REPEATS) -> tuple[T, float]:
    """The fastest of `repeats` calls (the timeit convention): its result and its wall time."""
    best: tuple[T, float] | None = None
    for _ in range(repeats):
        start = time.perf_counter()
        value = fn()
        seconds = time.perf_counter() - start
        if best is None or seconds < best[1]:
            best = (value, seconds)
    assert best is not None, "repeats must be at least 1"
    return best


def run_case(case: Case, seeds: int, *, max_rejects: int | None = None) -> CaseResult:
    """Generate `seeds` puzzles, timing generation and then the uniqueness proof of each result.

    A seed-dependent shape ('random') may draw a mask no path fits: that seed is counted as a
    rejected mask and the next seed is tried, up to `max_rejects` (default: `seeds`). Any other
    PuzzleBookError marks the whole row as impossible.
    """
    from pipeline.kinds.hidato.generate import generate
    from pipeline.kinds.hidato.solve import solve

    result = CaseResult(case)
    adjacency = KINDS[case.kind]
    max_rejects = seeds if max_rejects is None else max_rejects
    seed = 0
    while result.n < seeds:
        try:
            mask = case.mask(seed)
            start = time.perf_counter()
            record = generate(mask, adjacency, case.level, seed, shape=case.shape)
            gen = time.perf_counter() - start
        except PuzzleBookError as err:
            if case.shape in SEEDED_SHAPES and len(result.rejected) < max_rejects:
                result.rejected.append((seed, time.perf_counter() - start, str(err)))
                seed += 1
                continue
            result.error = str(err)
            return result
        board = Board.from_json(record["grid"], record["adjacency"])
        proof, prove = best_time(lambda: solve(board, limit=2))
        result.gen_seconds.append(gen)
        result.prove_seconds.append(prove)
        result.givens_ratios.append(givens_ratio(record, board))
        result.statuses.append(proof.status)
        result.records.append(record)
        seed += 1
    return result


def givens_ratio(record: dict, board: Board) -> float:
    """Given numbers over open cells, from the record's grade when it has one."""
    grade = record.get("grade") or {}
    if "givens_ratio" in grade:
        return float(grade["givens_ratio"])
    return len(board.givens()) / board.size
