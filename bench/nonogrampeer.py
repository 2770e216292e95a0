"""The nonogram bench's peer from PyPI: `nonogram` 3.1.1 (Bizzozzéro and Mirhosseini, GPL-3.0, a
command-line nonogram solver), called from Python, each puzzle in a worker process the bench can kill.

Its solver (`nonogram.src.core.solveurs`, read from its source): `dynamic_programming.is_solvable`
runs its line propagation in place (every unknown cell of a line tried filled and empty against the
line's clue and the crossing line's, by a memoised recursion over numpy arrays, until nothing
changes; a cell neither can take raises its GrilleImpossible), and
`dynamic_optimized_programming.dynamic_optimized` then searches depth first: it picks the unknown
cell whose row and column have the most decided cells, tries it filled then empty, propagating each,
and stops at the first complete grid. Its own `solve` wraps the two with a cap of 100 branchings and
falls back to a Gurobi model (gurobipy, proprietary, not on PyPI's free tier) past it; the bench calls
the two functions itself with no cap (`max_call=0`), the CLI's weights (`weight_len=0,
weight_colored=1`), so Gurobi is never reached. Cells: 1 filled, -1 empty, 0 unknown; hints are
written into the starting grid.

What it answers (`PeerResult.verdict`): "unique" when its line propagation alone fills the grid (a
sound propagation that decides every cell leaves one picture), "solved" when its search found a
picture (it stops there: it never looks for a second, so it cannot tell unique from multiple),
"none" when propagation meets a contradiction or the search runs out of cells to try, "timeout",
or "error". Its pictures are checked against the clues here (`keeps`), a wrong one is "wrong": its
propagation checks a line only while probing the line's unknown cells, so a line its search's guess
completes is never checked against its clue, and it can stop at a full grid that breaks a clue (seen
on a blank 11x19 random puzzle with two pictures). It also never compares the row and column
totals: on clues whose totals differ it answers a picture (the bench only gives it well-formed ones).

The other two candidates named for this bench fail (tried on Python 3.11.7 from pypi.org, 2026-11):
- nonogram-solver 0.1 (mprat): installs, but `solve` is line propagation alone, no search (its
  docstring's depth-first step is not written), so a puzzle line logic cannot finish stays unsolved;
  it prints every pass to stdout; it reads clues only from a solution string ('o' filled) or from
  attributes set by hand; its hint path (`starter`) calls Python 2's `xrange` (NameError); and it
  never reports a contradiction, so it cannot say "none".
- pyNonogram 1.0.0 (Apsurt): installs, but it has no solver at all: a loader for its `.non` files, a
  numpy grid and checks of a filled grid against the clues; and its package init is misnamed
  `___init___.py`, so `import pyNonogram` yields an empty namespace package.

Bench-only: the product must never import this module (nor `nonogram`, whose top-level name is not
the product's pipeline.kinds.nonogram).
"""

from __future__ import annotations

import importlib.util
import multiprocessing
import time
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from multiprocessing.connection import Connection
from typing import Any

from bench.nonogramcpsat import EMPTY, FILLED, keeps

PEER = "nonogram"
PEER_SECONDS = 20.0
"""Seconds the bench waits for the peer on one puzzle before it kills the worker."""


@cache
def peer_available() -> bool:
    """Whether `nonogram` (PyPI) and its solver modules can be imported."""
    try:
        return importlib.util.find_spec("nonogram.src.core.solveurs.dynamic_optimized_programming") is not None
    except (ImportError, ValueError):
        return False


def peer_version() -> str | None:
    if not peer_available():
        return None
    try:
        from importlib.metadata import version

        return version(PEER)
    except Exception:
        return None


@dataclass(frozen=True)
class PeerResult:
    verdict: str
    """unique (line propagation alone), solved (a picture found by search), none, timeout, error, wrong."""
    seconds: float
    """The peer's own time in its worker (propagation and search), without the process round trip."""
    solution: tuple[str, ...] | None = None
    branchings: int = 0
    error: str | None = None


def solve_here(rows: Sequence[Sequence[int]], cols: Sequence[Sequence[int]],
               givens: Sequence[str] | None = None) -> PeerResult:
    """The peer on one puzzle, in this process (it can run for minutes on a large puzzle: the bench
    calls it through `PeerWorker`)."""
    import numpy as np
    from nonogram.src.core.solveurs import dynamic_optimized_programming as dop
    from nonogram.src.core.solveurs import dynamic_programming as dp
    from nonogram.src.core.solveurs.solveur_utils import CASE_BLANCHE, CASE_NOIRE, CASE_VIDE

    line_clues = [list(clue) for clue in rows]
    col_clues = [list(clue) for clue in cols]
    height, width = len(line_clues), len(col_clues)
    grid = np.full((height, width), CASE_VIDE)
    for r, line in enumerate(givens or ()):
        for c, mark in enumerate(line):
            if mark in (FILLED, EMPTY):
                grid[r, c] = CASE_NOIRE if mark == FILLED else CASE_BLANCHE
    start = time.perf_counter()
    try:
        possible, _ = dp.is_solvable(line_clues, col_clues, grid)
        branchings = 0
        if not possible:
            verdict = "none"
        elif not (grid == CASE_VIDE).any():
            verdict = "unique"
        else:
            grid, complete, branchings = dop.dynamic_optimized(line_clues, col_clues, grid, 0, 0, height, width, 0, 1)
            verdict = "solved" if complete else "none"
    except RecursionError as err:
        return PeerResult("error", time.perf_counter() - start, error=f"RecursionError: {err}")
    seconds = time.perf_counter() - start
    if verdict == "none":
        return PeerResult(verdict, seconds, branchings=branchings)
    picture = tuple("".join(FILLED if cell == CASE_NOIRE else EMPTY for cell in line) for line in grid.tolist())
    if not keeps(rows, cols, givens, picture):
        return PeerResult("wrong", seconds, picture, branchings, "its picture breaks a clue or a hint")
    return PeerResult(verdict, seconds, picture, branchings)


def _serve(conn: Connection) -> None:
    """The worker: puzzles in, PeerResults out, until the pipe closes."""
    while True:
        try:
            job = conn.recv()
        except EOFError:
            return
        try:
            result = solve_here(*job)
        except Exception as err:  # the peer's own failure is a result, not the bench's
            result = PeerResult("error", 0.0, error=f"{type(err).__name__}: {err}")
        conn.send(result)


class PeerWorker:
    """The peer in a spawned process (never forked: CP-SAT's threads may be alive here), restarted
    after a puzzle that outlives its timeout. Use as a context manager."""

    def __init__(self, timeout: float = PEER_SECONDS) -> None:
        self.timeout = timeout
        self.process: Any = None
        self.conn: Connection | None = None

    def _start(self) -> None:
        context = multiprocessing.get_context("spawn")
        parent, child = context.Pipe()
        self.process = context.Process(target=_serve, args=(child,), daemon=True)
        self.process.start()
        child.close()
        self.conn = parent
        # the first import of numpy and the peer happens on a warm-up puzzle, outside any timing
        self.conn.send(([(1,)], [(1,)], None))
        self.conn.recv()

    def stop(self) -> None:
        if self.conn is not None:
            self.conn.close()
            self.conn = None
        if self.process is not None:
            self.process.join(timeout=2)
            if self.process.is_alive():
                self.process.kill()
                self.process.join()
            self.process = None

    def __enter__(self) -> PeerWorker:
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()

    def solve(self, rows: Sequence[Sequence[int]], cols: Sequence[Sequence[int]],
              givens: Sequence[str] | None = None) -> PeerResult:
        if self.conn is None:
            self._start()
        assert self.conn is not None
        self.conn.send(([tuple(c) for c in rows], [tuple(c) for c in cols], tuple(givens) if givens else None))
        if self.conn.poll(self.timeout):
            try:
                result: PeerResult = self.conn.recv()
                return result
            except EOFError:
                self.process.join()
                code = self.process.exitcode
                self.stop()
                return PeerResult("error", 0.0, error=f"its worker died (exit code {code})")
        self.process.kill()
        self.process.join()
        self.conn.close()
        self.conn = None
        self.process = None
        return PeerResult("timeout", self.timeout)
