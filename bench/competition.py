"""The Hidoku SAT-competition boards as corpus records (tests/data/hidoku-competition.jsonl).

The Hidoku-Group/HidokuSatSolver repository holds the boards of a solver competition: Hidato on
square boards of 3x3 to 23x23, most of them sparse (10-30% givens) with several solutions, and a
folder of boards with none. `python -m bench.competition FOLDER` reads a copy of its
`competitionenvironment` and `competitionEnvironment` folders (with the INDEX.tsv of the commits
they were read at) and writes one record per board, its solution count by CP-SAT (to 2, as ours
reports it). Boards already in the shared corpus (same grid) are left out. Bench-only.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from bench.cpsat import solve_cpsat
from bench.corpus import load_corpus, record_board
from bench.stress import rows_of
from pipeline.kinds.hidato.board import Board, Grid

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "tests" / "data" / "hidoku-competition.jsonl"
REPO = "Hidoku-Group/HidokuSatSolver"


def read_frame(text: str) -> Grid:
    """The board drawn in the competition's frame: a `hidoku with size N` line, then rows of
    `|`-separated cells three lines high, the number (if any) on the middle line."""
    lines = text.splitlines()
    rows: list[tuple[int | None, ...]] = []
    for above, line, below in zip(lines, lines[1:], lines[2:]):
        if line.startswith("|") and above.startswith("|") and below.startswith("|"):
            cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
            rows.append(tuple(int(cell) if cell else 0 for cell in cells))
    if not rows or any(len(row) != len(rows) for row in rows):
        raise ValueError("not a square board in the competition's frame")
    return tuple(rows)


def records(folder: Path) -> list[dict]:
    commits = dict(line.split("\t")[:2] for line in (folder / "INDEX.tsv").read_text().splitlines() if line)
    known = {tuple(r["grid"]) for r in load_corpus()}
    out = []
    for path in sorted(commits):
        if not path.endswith(".txt") or "/hidokus/" not in path:
            continue
        grid = read_frame((folder / path).read_text(encoding="utf-8"))
        rows = rows_of(grid)
        if tuple(rows) in known:
            continue
        known.add(tuple(rows))
        board = Board(grid, "king")
        counted = solve_cpsat(board, 2, time_limit=600)
        if not counted.complete:
            raise RuntimeError(f"{path}: CP-SAT did not finish counting")
        stem = Path(path).stem
        out.append({
            "id": f"hidoku-competition-{'old-' if 'competitionEnvironment' in path else ''}{stem}",
            "source": (
                f"github {REPO} {path} (commit {commits[path][:7]}): a board of the group's SAT-solver "
                f"competition{' (unsatisfiable folder)' if '/unsat/' in path else ''}; solution count by CP-SAT "
                "(bench/competition.py)"
            ),
            "adjacency": "king",
            "grid": rows,
            "solution": None,
            "num_solutions": counted.count,
        })
        print(f"{path}: {counted.count} solution(s) or more" if counted.count == 2 else f"{path}: {counted.count}",
              file=sys.stderr, flush=True)
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.competition", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("folder", type=Path, help="a copy of the repository's competition folders, with INDEX.tsv")
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args(argv)
    made = records(args.folder)
    args.out.write_text("".join(json.dumps(r) + "\n" for r in made), encoding="utf-8")
    print(f"wrote {len(made)} records to {args.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
