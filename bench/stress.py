"""The stress corpus: large boards with exactly two solutions that differ by a local detour, and each
one's unique and no-solution neighbours; made here, checked by CP-SAT, stored in tests/data.

How a record is made (`python -m bench.stress make`, needs OR-tools):
1. a random Hamiltonian path on the board (the generator's own `hamiltonian_path`): solution one;
2. a detour: a small box of cells (2 to 4 on a side) around a random cell is emptied and every other
   cell keeps its number; when exactly two numberings of the box fit, the other one is solution two,
   and the cells where the two differ are the detour;
3. givens are dug in random order, outside the detour only, down to a ratio drawn from 25-45%, each
   removal kept only while the puzzle still has exactly two solutions (both solutions keep every
   given, so the count can only grow: a third solution is what a removal must not let in);
4. the neighbours: the same puzzle plus one detour cell given as solution one has it (unique), and
   plus one detour cell given a number that neither solution puts there (none).
Every verdict is counted again by CP-SAT (to 3 for the two-solution puzzle, to 2 for the others) and
stored with the record. Bench-only: the product never imports this module.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from bench.cpsat import solve_cpsat
from pipeline import shapes
from pipeline.errors import PuzzleBookError
from pipeline.grids import Adjacency
from pipeline.kinds.hidato.board import Board, Coord, Grid, Mask
from pipeline.kinds.hidato.path import hamiltonian_path
from pipeline.kinds.hidato.solve import solve

ROOT = Path(__file__).resolve().parent.parent
STRESS = ROOT / "tests" / "data" / "hidato-stress.jsonl"

BOARDS: tuple[tuple[str, dict, Adjacency], ...] = (
    ("square", {"size": 10}, "king"),
    ("square", {"size": 10}, "orthogonal"),
    ("square", {"size": 12}, "king"),
    ("square", {"size": 12}, "orthogonal"),
    ("square", {"size": 14}, "king"),
    ("square", {"size": 14}, "orthogonal"),
    ("square", {"size": 16}, "king"),
    ("square", {"size": 16}, "orthogonal"),
    ("square", {"size": 18}, "king"),
    ("square", {"size": 18}, "orthogonal"),
    ("square", {"size": 20}, "king"),
    ("square", {"size": 20}, "orthogonal"),
    ("square", {"size": 25}, "king"),
    ("square", {"size": 25}, "orthogonal"),
    ("square", {"width": 24, "height": 12}, "king"),
    ("square", {"width": 12, "height": 22}, "orthogonal"),
    ("cross", {"size": 16}, "king"),
    ("cross", {"size": 18}, "orthogonal"),
    ("rhombus", {"size": 17}, "king"),
    ("rhombus", {"size": 18}, "orthogonal"),
    ("random", {"size": 14, "ratio": 0.1}, "king"),
    ("cloud", {"size": 16}, "orthogonal"),
    ("cloud", {"size": 16}, "king"),
    ("mirror", {"size": 15}, "king"),
    ("heart", {}, "king"),
    ("star", {}, "king"),
    ("skull", {}, "king"),
    ("arrow", {}, "king"),
)
"""The boards, in the order records are made: 10x10 to 25x25, king and orthogonal, square and shaped."""
ROUNDS = 2
"""Each board is used this many times (with other seeds): 28 boards, 56 detours, 168 records."""
GIVENS = (0.25, 0.45)
"""The share of cells left given after digging is drawn from this range."""
BOX = (2, 4)
"""A detour box is this many cells on a side, at least and at most."""
DETOUR_TRIES = 400
QUICK_NODES = 2_000
"""Counts try our solver with this budget first; CP-SAT counts what it leaves open."""


@dataclass(frozen=True)
class Detour:
    """Two solutions of one outline, numbered alike except on `cells`."""

    first: dict[Coord, int]
    second: dict[Coord, int]
    cells: tuple[Coord, ...]


def count(board: Board, limit: int, hint: Grid | None = None) -> int:
    """Solutions of `board`, counted up to `limit`: our search when it settles quickly, CP-SAT otherwise."""
    ours = solve(board, limit, node_limit=QUICK_NODES, hint=hint)
    if ours.complete or len(ours.solutions) >= limit:
        return len(ours.solutions)
    theirs = solve_cpsat(board, limit)
    if not theirs.complete:
        raise RuntimeError("CP-SAT stopped without a count")
    return theirs.count


def number_at(grid: Grid, r: int, c: int) -> int:
    """The number a solved grid has at an open cell."""
    number = grid[r][c]
    assert number is not None
    return number


def grid_of(mask: Mask, numbers: dict[Coord, int], given: set[Coord]) -> Grid:
    return tuple(
        tuple((numbers[(r, c)] if (r, c) in given else 0) if is_open else None for c, is_open in enumerate(row))
        for r, row in enumerate(mask)
    )


def find_detour(mask: Mask, adjacency: Adjacency, path: list[Coord], rng: random.Random) -> Detour | None:
    """A box of cells whose numbers fit in exactly two ways with every other cell numbered as `path`."""
    first = {cell: k for k, cell in enumerate(path, start=1)}
    cells = list(first)
    for _ in range(DETOUR_TRIES):
        r0, c0 = rng.choice(cells)
        height, width = rng.randint(*BOX), rng.randint(*BOX)
        top, left = r0 - rng.randrange(height), c0 - rng.randrange(width)
        box = {(r, c) for (r, c) in cells if top <= r < top + height and left <= c < left + width}
        if len(box) < 2:
            continue
        board = Board(grid_of(mask, first, set(cells) - box), adjacency)
        found = solve(board, 3, hint=board.grid)
        if len(found.solutions) != 2:
            continue
        grids = [s for s in found.solutions if any(s[r][c] != first[(r, c)] for (r, c) in box)]
        second = {(r, c): number_at(grids[0], r, c) for (r, c) in cells}
        differ = tuple(sorted(cell for cell in box if second[cell] != first[cell]))
        return Detour(first, second, differ)
    return None


def dig(mask: Mask, adjacency: Adjacency, detour: Detour, ratio: float, rng: random.Random) -> set[Coord]:
    """The givens left when digging down to `ratio` keeps exactly two solutions (the detour's)."""
    cells = list(detour.first)
    given = set(cells) - set(detour.cells)
    order = sorted(given)
    rng.shuffle(order)
    target = round(ratio * len(cells))
    hint = grid_of(mask, detour.first, set(cells))
    for cell in order:
        if len(given) <= target:
            break
        given.discard(cell)
        if count(Board(grid_of(mask, detour.first, given), adjacency), 3, hint) != 2:
            given.add(cell)
    return given


def neighbours(detour: Detour, given: set[Coord], rng: random.Random) -> tuple[dict[Coord, int], dict[Coord, int]]:
    """Extra givens: one that leaves only the first solution, one that leaves none."""
    cell = rng.choice(detour.cells)
    unique = {cell: detour.first[cell]}
    used = {detour.first[c] for c in given}
    near = sorted({detour.first[c] for c in detour.cells})
    options = [
        (max(near[0] - v, v - near[-1], 0), c, v)
        for c in detour.cells
        for v in range(1, len(detour.first) + 1)
        if v not in used and v not in (detour.first[c], detour.second[c])
    ]
    _, c, v = min(options, key=lambda o: (o[0], rng.random()))
    return unique, {c: v}


def rows_of(grid: Grid) -> list[str]:
    """The corpus's row text: numbers, '0' for empty, '#' for blocked."""
    return [" ".join("#" if v is None else str(v) for v in row) for row in grid]


def make_records(index: int, shape: str, options: dict, adjacency: Adjacency) -> Iterator[dict]:
    """The three records of one board and round (seeded by its place in BOARDS and the round)."""
    rng = random.Random(f"puzzlebook stress {index}")
    mask = shapes.make_mask(shape, **options, seed=rng.randrange(1 << 30), adjacency=adjacency)
    for _attempt in range(20):
        path = hamiltonian_path(mask, adjacency, rng)
        detour = find_detour(mask, adjacency, path, rng)
        if detour is None:
            continue
        ratio = rng.uniform(*GIVENS)
        given = dig(mask, adjacency, detour, ratio, rng)
        if len(given) > GIVENS[1] * len(detour.first):
            continue
        break
    else:
        raise RuntimeError(f"no detour board for {shape} {options} {adjacency}")
    unique, none = neighbours(detour, given, rng)
    label = f"{shape} {' '.join(f'{k}={v}' for k, v in options.items())} {adjacency}".replace("  ", " ")
    base = grid_of(mask, detour.first, given)
    first = grid_of(mask, detour.first, set(detour.first))
    second = grid_of(mask, detour.second, set(detour.second))
    how = (
        f"made by bench/stress.py (record set {index}, seed 'puzzlebook stress {index}'): a random path on "
        f"{label}, a detour of {len(detour.cells)} cells, givens dug to {len(given) / len(detour.first):.0%} "
        "keeping exactly two solutions"
    )
    variants: tuple[tuple[str, Grid, int, list[Grid], str], ...] = (
        ("two", base, 3, [first, second], how),
        ("unique", with_givens(base, unique), 2, [first], how + "; plus one detour cell as the first solution has it"),
        ("none", with_givens(base, none), 2, [], how + "; plus one detour cell given a number neither solution puts there"),
    )
    for suffix, grid, limit, solutions, source in variants:
        board = Board(grid, adjacency)
        theirs = solve_cpsat(board, limit)
        if not theirs.complete:
            raise RuntimeError(f"CP-SAT stopped on stress-{index}-{suffix}")
        yield {
            "id": f"stress-{index:03d}-{suffix}",
            "source": source,
            "adjacency": adjacency,
            "shape": label,
            "grid": rows_of(grid),
            "solutions": [rows_of(s) for s in solutions],
            "num_solutions": len(solutions),
            "cpsat_count": theirs.count,
            "cpsat_limit": limit,
            "detour": [list(cell) for cell in detour.cells],
            "givens_ratio": round(sum(1 for row in grid for v in row if v) / len(detour.first), 4),
        }


def with_givens(grid: Grid, extra: dict[Coord, int]) -> Grid:
    return tuple(tuple(extra.get((r, c), v) for c, v in enumerate(row)) for r, row in enumerate(grid))


def plan() -> list[tuple[int, str, dict, Adjacency]]:
    return [
        (round_ * len(BOARDS) + i, shape, options, adjacency)
        for round_ in range(ROUNDS)
        for i, (shape, options, adjacency) in enumerate(BOARDS)
    ]


def make(indices: list[int], out: Path) -> None:
    """Make the records of the given plan entries, appending each as soon as it is checked."""
    entries = {entry[0]: entry for entry in plan()}
    with out.open("a", encoding="utf-8") as handle:
        for index in indices:
            start = time.perf_counter()
            _, shape, options, adjacency = entries[index]
            try:
                records = list(make_records(index, shape, options, adjacency))
            except PuzzleBookError as err:
                print(f"stress-{index}: skipped ({err})", file=sys.stderr, flush=True)
                continue
            for record in records:
                if record["cpsat_count"] != record["num_solutions"]:
                    raise RuntimeError(f"{record['id']}: CP-SAT counts {record['cpsat_count']}")
                handle.write(json.dumps(record) + "\n")
            handle.flush()
            print(f"stress-{index}: {records[0]['shape']}, givens {records[0]['givens_ratio']:.0%}, "
                  f"{time.perf_counter() - start:.0f} s", file=sys.stderr, flush=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.stress", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    maker = sub.add_parser("make", help="make records (appends to --out)")
    maker.add_argument("--out", type=Path, default=STRESS)
    maker.add_argument("--only", type=int, nargs="*", default=None, help="plan entries (default: all)")
    args = parser.parse_args(argv)
    if args.command == "make":
        make(args.only if args.only is not None else [entry[0] for entry in plan()], args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
