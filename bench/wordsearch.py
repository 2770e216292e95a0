"""Word search (issue 27): our generator and verifier, and word-search-generator (PyPI, the best-known
Python peer) on the same boards, words and directions, side by side in one run.

- Ours: a 15x15 hard puzzle of 20 words (target: median under 50 ms), a 30x30 expert of 40 words (under
  0.5 s), a 15x15 heart, medium, of 15 words (no target); each puzzle made by the kind's face as a book
  makes it (the words a section of the English themes gives the puzzle).
- The verifier: every occurrence of every listed word in a 15x15 grid (target under 2 ms), timed with
  its Aho-Corasick automaton built for the call, and again with it cached.
- The peer: the same words and directions (all eight for hard and expert, E S SE SW for medium; it has
  heart of its own, another shape than ours, so the heart row is ours alone), seeded through its
  global `random` for the run.
  Each of its puzzles is checked with our verifier: listed words it left out, and listed words it shows
  more than once (ours must show 0). Its puzzles also depend on Python's string hashing (it iterates
  sets), so its counts vary a little from run to run; ours do not.
Medians with the 99th percentile and the worst beside them; misses are listed, never raised. Written
to bench/results/wordsearch.md.
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bench.machine import load_average
from bench.studio import percentile
from bench.table import Report, markdown_header, markdown_row
from pipeline.book.config import load_config_text
from pipeline.kinds import registry
from pipeline.kinds.wordsearch.search import automaton, occurrences

RESULTS = Path(__file__).resolve().parent / "results"
KIND = registry.kind("wordsearch")
PEER_DIRECTIONS = {"medium": "E,S,SE,SW", "hard": "N,NE,E,SE,S,SW,W,NW", "expert": "N,NE,E,SE,S,SW,W,NW"}
VERIFY_TARGET = 0.002
VERIFY_ROUNDS = 200
COLUMNS = ("board", "n", "ours median ms", "ours p99 ms", "ours worst ms", "target", "ok?", "ours: a word twice",
           "peer median ms", "peer p99 ms", "peer worst ms", "peer/ours (median)", "peer: a word twice",
           "peer: words left out")


@dataclass(frozen=True)
class Row:
    """A board, a level, a theme and a word count, made `seeds` times."""

    label: str
    shape: str
    level: str
    theme: str
    words: int
    seeds: int
    target: float | None
    peer_size: int | None
    """The peer's square side, or None when it has no such board."""


ROWS = (
    Row("square 15x15 hard, 20 words", "square:15", "hard", "animals", 20, 100, 0.05, 15),
    Row("square 30x30 expert, 40 words", "square:30", "expert", "food", 40, 40, 0.5, 30),
    Row("heart 15 medium, 15 words", "heart:15", "medium", "nature", 15, 30, None, None),
)


@dataclass
class Result:
    row: Row
    ours: list[float] = field(default_factory=list)
    ours_twice: int = 0
    peer: list[float] = field(default_factory=list)
    peer_twice: int = 0
    peer_left_out: int = 0
    grids: list[tuple[tuple[str, ...], tuple[str, ...]]] = field(default_factory=list)


def jobs(row: Row) -> list[dict[str, Any]]:
    """The row's puzzles' parameters, as a book section of that theme gives them."""
    config = (f"title: Bench\nseed: 27\nsections:\n  - name: Bench\n    kind: wordsearch\n    theme: {row.theme}\n"
              f"    shapes: {row.shape}\n    words_per_puzzle: {row.words}\n    difficulty: {row.level}\n"
              f"    count: {row.seeds}\n")
    section = load_config_text(config, "bench.yaml").sections[0]
    return [KIND.job_params(section, index) for index in range(1, row.seeds + 1)]


def timed(work: Callable[[], Any]) -> tuple[Any, float]:
    start = time.perf_counter()
    value = work()
    return value, time.perf_counter() - start


def measure(row: Row) -> Result:
    from word_search_generator import WordSearch as PeerWordSearch

    result = Result(row)
    for seed, params in enumerate(jobs(row), start=1):
        record, seconds = timed(lambda: KIND.generate(params, row.level, seed))
        puzzle, _ = KIND.read_record(record)
        result.ours.append(seconds)
        result.ours_twice += any(len(found) != 1 for found in occurrences(puzzle.rows, puzzle.words).values())
        result.grids.append((puzzle.rows, puzzle.words))
        if row.peer_size is None:
            continue
        random.seed(seed)  # the peer draws from the global random: seeded, so the run repeats
        peer, seconds = timed(lambda: PeerWordSearch(",".join(params["words"]), level=PEER_DIRECTIONS[row.level],
                                                     size=row.peer_size))
        result.peer.append(seconds)
        rows = ["".join(cell or "#" for cell in line) for line in peer.puzzle]
        found = occurrences(rows, params["words"])
        result.peer_left_out += any(not where for where in found.values())
        result.peer_twice += any(len(where) > 1 for where in found.values())
    return result


def verifier_times(grids: list[tuple[tuple[str, ...], tuple[str, ...]]]) -> tuple[list[float], list[float]]:
    """The verifier on each grid: with its automaton built in the call, then cached."""
    built, cached = [], []
    for i in range(VERIFY_ROUNDS):
        rows, words = grids[i % len(grids)]
        automaton.cache_clear()
        built.append(timed(lambda: occurrences(rows, words))[1])
        cached.append(timed(lambda: occurrences(rows, words))[1])
    return built, cached


def ms(values: list[float], quantile: float | None = None) -> str:
    if not values:
        return "-"
    value = statistics.median(values) if quantile is None else percentile(values, quantile)
    return f"{value * 1e3:.1f}" if value >= 0.01 else f"{value * 1e3:.2f}"


def run() -> list[Result]:
    emit = Report()

    results = [measure(row) for row in ROWS]
    emit("## Word search: ours and word-search-generator, the same boards, words and directions\n")
    emit(f"load average at start {load_average()}; one process; each puzzle made once (seeds 1..n); the peer's "
         "puzzles checked with our verifier\n")
    emit(markdown_header(COLUMNS))
    misses = []
    for result in results:
        row = result.row
        median = statistics.median(result.ours)
        ok = "-" if row.target is None else ("PASS" if median <= row.target and not result.ours_twice else "MISS")
        if ok == "MISS":
            misses.append(f"{row.label}: median {median * 1e3:.0f} ms (target {row.target * 1e3:.0f} ms), "
                          f"{result.ours_twice} with a word twice")
        ratio = f"{statistics.median(result.peer) / median:.2f}" if result.peer else "-"
        emit(markdown_row([
            row.label, len(result.ours), ms(result.ours), ms(result.ours, 0.99), f"{max(result.ours) * 1e3:.1f}",
            "-" if row.target is None else f"median <= {row.target * 1e3:g} ms", ok, result.ours_twice,
            ms(result.peer), ms(result.peer, 0.99), f"{max(result.peer) * 1e3:.1f}" if result.peer else "-", ratio,
            f"{result.peer_twice} of {len(result.peer)}" if result.peer else "- (its heart is another shape)",
            f"{result.peer_left_out} of {len(result.peer)}" if result.peer else "-",
        ]))
    built, cached = verifier_times(results[0].grids)
    emit("")
    emit(markdown_header(("verifier, 15x15 with 20 words", "n", "median ms", "p99 ms", "worst ms", "target", "ok?")))
    for label, values, target in (("automaton built in the call", built, VERIFY_TARGET),
                                  ("automaton cached", cached, None)):
        ok = "-" if target is None else ("PASS" if statistics.median(values) <= target else "MISS")
        if ok == "MISS":
            misses.append(f"verifier ({label}): median {statistics.median(values) * 1e3:.2f} ms > 2 ms")
        emit(markdown_row([label, len(values), ms(values), ms(values, 0.99), f"{max(values) * 1e3:.2f}",
                           "-" if target is None else "median <= 2 ms", ok]))
    emit("")
    emit(f"word search targets missed: {len(misses)}" + ("" if misses else " (all met)"))
    for miss in misses:
        emit(f"- MISS {miss}")
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "wordsearch.md").write_text(emit.text(), encoding="utf-8")
    return results
