"""Mazes (issue 37): our generator at every level on the sizes the issue names, and mazelib (PyPI, the
best-known Python maze library, in the bench lock) on the same square sizes, side by side in one run.

- Time: each maze made as a book makes it (the kind's face: carve, place the ends, measure, grade,
  record), median, 99th percentile and worst. Targets: a 100x100 square at any level, expert above
  all, at most 0.1 s median; a 30x30 heart, hard, at most 20 ms.
- What a solver meets: the chief measures (corridor, route share, branch depth) and the decisions on
  the route and false leads, medians per level; each level's medians must lie strictly between its
  neighbours' at every size.
- mazelib: its recursive backtracker, Prim, Wilson, Kruskal, hunt-and-kill, growing tree, binary tree
  and sidewinder on the same square sizes, timed the same way (its generate() alone: it grades
  nothing), its mazes read into ours (their ends placed as ours are) and measured with the same code,
  so the two show the same numbers. It has no shapes, levels or round and hex boards.
- Every maze of both, checked by an independent union-find: one piece, no loop (0 imperfect expected).
- A 500-maze book (hearts, stars, round and hex mazes, every level) from nothing with 2 workers.
Written to bench/results/maze.md; misses are listed, never raised.
"""

from __future__ import annotations

import importlib
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from bench.machine import load_average
from bench.studio import percentile
from bench.table import Report, markdown_header, markdown_row
from pipeline.kinds import registry
from pipeline.kinds.maze.board import grid_board
from pipeline.kinds.maze.generate import place_ends
from pipeline.kinds.maze.grade import LEVELS, level_of
from pipeline.kinds.maze.maze import Maze, from_passages
from pipeline.kinds.maze.measure import Measures, measure

RESULTS = Path(__file__).resolve().parent / "results"
ROOT = Path(__file__).resolve().parents[1]
KIND = registry.kind("maze")
CHIEF = ("corridor", "route_share", "branch_depth")
SHOWN = (*CHIEF, "decisions", "false_leads")

ROWS: list[tuple[str, dict[str, Any], int, dict[str, float]]] = [
    # label, shape, seeds, targets (level -> seconds, median)
    ("square 100x100", {"name": "square", "size": 100}, 15, {"expert": 0.1, "hard": 0.1, "medium": 0.1, "easy": 0.1}),
    ("square 30x30", {"name": "square", "size": 30}, 30, {}),
    ("heart 30", {"name": "heart", "size": 30}, 30, {"hard": 0.02}),
    ("square 10x10", {"name": "square", "size": 10}, 50, {}),
    ("round 20 rings", {"name": "round", "size": 20}, 30, {}),
    ("hexagon of side 10", {"name": "hexagon", "size": 10}, 30, {}),
]
PEERS = ("BacktrackingGenerator", "Prims", "Wilsons", "Kruskal", "HuntAndKill", "GrowingTree", "BinaryTree",
         "Sidewinder")
PEER_SIZES = (30, 100)
PEER_SEEDS = 5

BOOK = """\
title: Five hundred mazes
seed: 5
page: {size: letter}
sections:
  - name: Hearts
    kind: maze
    shapes: [heart:20, star:22]
    difficulty: [easy, medium, hard, expert]
    count: 200
    per_page: 2
  - name: Round
    kind: maze
    shapes: round:10
    difficulty: [easy, medium, hard, expert]
    count: 150
    per_page: 2
  - name: Hives
    kind: maze
    shapes: hexagon:8
    difficulty: [easy, medium, hard, expert]
    count: 150
    per_page: 2
"""


def independent_perfect(maze: Maze) -> bool:
    """One piece and no loop, by union-find over the passages alone."""
    parent = list(range(maze.size))

    def root(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    for i, j in maze.passages():
        a, b = root(i), root(j)
        if a == b:
            return False
        parent[a] = b
    return len({root(i) for i in range(maze.size)}) == 1


def ours(shape: dict[str, Any], level: str, seeds: int) -> tuple[list[float], list[Measures], int]:
    times: list[float] = []
    measures: list[Measures] = []
    imperfect = 0
    for seed in range(seeds):
        start = time.perf_counter()
        record = KIND.generate({"shape": shape, "goal": "centre"}, level, seed)
        times.append(time.perf_counter() - start)
        maze, _ = KIND.read_record(record)
        imperfect += not independent_perfect(maze)
        measures.append(measure(maze))
    return times, measures, imperfect


def peer(name: str, size: int, seeds: int) -> tuple[list[float], list[Measures], int] | None:
    """mazelib's generator `name` on a size x size square: times, our measures of its mazes, imperfect."""
    try:
        mazelib = importlib.import_module("mazelib")
        module = importlib.import_module(f"mazelib.generate.{name}")
    except ImportError:
        return None
    board = grid_board(tuple((True,) * size for _ in range(size)), "square")
    times: list[float] = []
    measures: list[Measures] = []
    imperfect = 0
    for seed in range(seeds):
        maze = mazelib.Maze(seed)
        maze.generator = getattr(module, name)(size, size)
        start = time.perf_counter()
        maze.generate()
        times.append(time.perf_counter() - start)
        grid = maze.grid
        passages = []
        for r in range(size):
            for c in range(size):
                i = r * size + c
                if c + 1 < size and grid[2 * r + 1][2 * c + 2] == 0:
                    passages.append((i, i + 1))
                if r + 1 < size and grid[2 * r + 2][2 * c + 1] == 0:
                    passages.append((i, i + size))
        entrance, exit_ = place_ends(board, random.Random(seed), "centre")
        read = from_passages(board, passages, entrance, exit_)
        perfect = independent_perfect(read)
        imperfect += not perfect
        if perfect:
            measures.append(measure(read))
    return times, measures, imperfect


def _cells(times: list[float]) -> list[str]:
    return [f"{statistics.median(times) * 1000:.1f}", f"{percentile(times, 0.99) * 1000:.1f}",
            f"{max(times) * 1000:.1f}"]


def _medians(measures: list[Measures]) -> dict[str, float]:
    return {name: statistics.median(float(getattr(m, name)) for m in measures) for name in SHOWN}


def run(*, write: bool = True, out: Any = sys.stdout) -> str:
    emit = Report(out)
    emit("## Mazes: ours at every level, mazelib on the same squares\n")
    emit(f"Python {sys.version.split()[0]}, {os.cpu_count()} CPUs, load average at start {load_average()}\n")
    misses: list[str] = []
    columns = ["board", "level", "n", "median ms", "p99 ms", "worst ms", "target", "corridor", "route share",
               "branch depth", "decisions", "false leads", "imperfect"]
    rows = [markdown_header(columns)]
    separation: list[str] = []
    for label, shape, seeds, targets in ROWS:
        medians: dict[str, dict[str, float]] = {}
        for level in LEVELS:
            times, measures, imperfect = ours(shape, level, seeds)
            medians[level] = _medians(measures)
            target = targets.get(level)
            met = target is None or statistics.median(times) <= target
            if not met:
                misses.append(f"{label} {level}: median {statistics.median(times) * 1000:.1f} ms > {target * 1000:g} ms")
            if imperfect:
                misses.append(f"{label} {level}: {imperfect} imperfect")
            if any(level_of(m) != level for m in measures):
                misses.append(f"{label} {level}: a maze graded another level")
            m = medians[level]
            rows.append(markdown_row([label, level, str(seeds), *_cells(times),
                                      "" if target is None else f"{target * 1000:g} ms{'' if met else ' MISSED'}",
                                      f"{m['corridor']:.2f}", f"{m['route_share'] * 100:.1f}%",
                                      f"{m['branch_depth']:.1f}", f"{m['decisions']:g}", f"{m['false_leads']:g}",
                                      str(imperfect)]))
        for name in CHIEF:
            values = [medians[level][name] for level in LEVELS]
            ordered = all(a < b for a, b in zip(values, values[1:]))
            separation.append(f"{label}, {name}: {' < '.join(f'{v:.3g}' for v in values)}"
                              f"{'' if ordered else ' (NOT strictly between neighbours)'}")
            if not ordered:
                misses.append(f"{label}: {name} medians not strictly rising")
    emit("### Ours\n")
    emit("\n".join(rows) + "\n")
    emit("Levels separate (medians, easy < medium < hard < expert):\n")
    emit("\n".join(f"- {line}" for line in separation) + "\n")

    emit("### mazelib on the same squares (its generate() alone; measured by our code, ends placed as ours)\n")
    rows = [markdown_header(["generator", "size", "n", "median ms", "p99 ms", "worst ms", "ours (level, median ms)",
                             "corridor", "route share", "branch depth", "decisions", "false leads", "level by our bands",
                             "imperfect"])]
    ours_times = {size: {level: statistics.median(ours({"name": "square", "size": size}, level, PEER_SEEDS)[0])
                         for level in LEVELS} for size in PEER_SIZES}
    missing = False
    for size in PEER_SIZES:
        for name in PEERS:
            found = peer(name, size, PEER_SEEDS)
            if found is None:
                missing = True
                break
            times, measures, imperfect = found
            m = _medians(measures) if measures else {key: float("nan") for key in SHOWN}
            levels = sorted({level_of(x) for x in measures}, key=LEVELS.index)
            fastest = ", ".join(f"{level} {ours_times[size][level] * 1000:.0f}" for level in LEVELS)
            rows.append(markdown_row([name, f"{size}x{size}", str(PEER_SEEDS), *_cells(times), fastest,
                                      f"{m['corridor']:.2f}", f"{m['route_share'] * 100:.1f}%", f"{m['branch_depth']:.1f}",
                                      f"{m['decisions']:g}", f"{m['false_leads']:g}", ", ".join(levels),
                                      str(imperfect)]))
    emit("mazelib is not installed (`make bench` installs it from the bench lock): its rows are left out.\n"
         if missing else "\n".join(rows) + "\n")

    emit("### A 500-maze book from nothing, 2 workers\n")
    with tempfile.TemporaryDirectory() as tmp:
        config = Path(tmp) / "mazes500.yaml"
        config.write_text(BOOK, encoding="utf-8")
        start = time.perf_counter()
        done = subprocess.run([sys.executable, "-m", "pipeline", "build", str(config), "--out", str(Path(tmp) / "out"),
                               "--jobs", "2", "--quiet"], cwd=ROOT, capture_output=True, text=True, check=False)
        wall = time.perf_counter() - start
    emit(f"{'built' if done.returncode == 0 else 'FAILED: ' + done.stderr[-500:]} in {wall:.1f} s (wall, start-up "
         "included).\n")
    if done.returncode != 0:
        misses.append("the 500-maze book failed")
    emit(f"Misses: {'; '.join(misses)}" if misses else "Misses: none.")
    emit(f"\nload average at end {load_average()}")
    text = emit.text()
    if write:
        RESULTS.mkdir(exist_ok=True)
        (RESULTS / "maze.md").write_text(text, encoding="utf-8")
    return text
