"""Make one Sudoku of a requested difficulty from a box size, a symmetry and a seed.

A full grid comes from a randomly permuted base pattern; clues are then removed in symmetric orbits,
in random order, while the puzzle stays unique and (below expert) within reach of the target level's
techniques. The result depends on the seed alone: never the clock or the global random state.
"""

from __future__ import annotations

import random

from pipeline.errors import PuzzleBookError
from pipeline.kinds.sudoku.grade import (
    LEVEL_OF,
    LEVELS,
    continue_logically,
    grade,
    solve_logically,
)
from pipeline.kinds.sudoku.grid import BOXES, Sudoku
from pipeline.kinds.sudoku.solve import solve
from pipeline.kinds.sudoku.textformat import to_line
from pipeline.seeds import derive_seed

SYMMETRIES: tuple[str, ...] = ("none", "rotate180", "rotate90", "mirror", "diagonal")
MAX_ATTEMPTS: dict[str, int] = {"easy": 30, "medium": 100, "hard": 1000, "expert": 50}
"""Fresh full grids tried before a level is declared out of reach. Measured on 9x9: a medium dig ends
medium in about one attempt in seven; hard is far rarer even with `sharpen` (about one attempt in
ten without symmetry, one in fifty with rotate180, one in a few hundred with rotate90), since most
puzzles jump from pairs-and-pointing straight to needing a guess. 16x16 reaches hard at once."""
NODE_LIMIT = 500
"""Search branchings allowed per removal test when digging for expert; over budget keeps the clues."""
SHARPEN_STEPS = 4
"""Still-expert orbits `sharpen` may put back before giving up on a dug puzzle. Measured on 9x9 over
20 seeds: nearly every hard puzzle turns up within the first step or two, while a walk that misses
goes on for up to 16 steps with rotate180 and 20-40 without symmetry, which was three quarters of
the time; stopping after 4 keeps the same attempts and puzzles and halves hard without symmetry."""


def generate(box: int, difficulty: str, seed: int, *, symmetry: str = "rotate180") -> dict:
    """A unique Sudoku graded `difficulty`, as a plain JSON-ready record.

    Each attempt draws a new full grid from its own derived seed; the attempt count is recorded.
    Raises PuzzleBookError for an unknown box, level or symmetry, or a level out of reach.
    """
    if box not in BOXES:
        raise PuzzleBookError(f"unknown box size {box!r}; allowed: {', '.join(map(str, BOXES))}")
    if difficulty not in LEVELS:
        raise PuzzleBookError(f"unknown difficulty {difficulty!r}; allowed: {', '.join(LEVELS)}")
    if symmetry not in SYMMETRIES:
        raise PuzzleBookError(f"unknown symmetry {symmetry!r}; allowed: {', '.join(SYMMETRIES)}")
    orbits = symmetry_orbits(box * box, symmetry)
    levels_seen: set[str] = set()
    for attempt in range(1, MAX_ATTEMPTS[difficulty] + 1):
        rng = random.Random(derive_seed(seed, "attempt", attempt))
        solution = full_grid(box, rng)
        cells = dig(box, solution, orbits, "expert" if difficulty == "hard" else difficulty, rng)
        if difficulty == "hard":
            cells = sharpen(box, solution, cells, orbits, rng)
        puzzle = Sudoku(box, cells)
        record = grade(puzzle, hint=solution)
        if record["level"] == difficulty:
            return {
                "kind": "sudoku",
                "box": box,
                "symmetry": symmetry,
                "seed": seed,
                "difficulty": difficulty,
                "grid": to_line(puzzle),
                "solution": to_line(Sudoku(box, solution)),
                "grade": record,
                "attempts": attempt,
            }
        levels_seen.add(str(record["level"]))
    n = box * box
    raise PuzzleBookError(
        f"could not make a {difficulty} {n}x{n} Sudoku (box {box}, symmetry {symmetry}) in {MAX_ATTEMPTS[difficulty]} "
        f"attempts (got {', '.join(sorted(levels_seen, key=LEVELS.index))}); try another difficulty or symmetry"
    )


def full_grid(box: int, rng: random.Random) -> tuple[int, ...]:
    """A random complete grid: the base pattern with digits relabelled, rows shuffled within bands,
    bands shuffled, the same for columns and stacks, and a random transpose. Instant at any size."""
    n = box * box

    def lines() -> list[int]:
        bands = rng.sample(range(box), box)
        return [b * box + r for b in bands for r in rng.sample(range(box), box)]

    rows, cols, digits = lines(), lines(), rng.sample(range(1, n + 1), n)
    grid = [digits[(box * (r % box) + r // box + c) % n] for r in rows for c in cols]
    if rng.random() < 0.5:
        grid = [grid[c * n + r] for r in range(n) for c in range(n)]
    return tuple(grid)


def symmetry_orbits(n: int, symmetry: str) -> list[tuple[int, ...]]:
    """The cells of an n x n grid grouped so that each group is removed (or kept) together."""
    move = {
        "none": lambda r, c: (r, c),
        "rotate180": lambda r, c: (n - 1 - r, n - 1 - c),
        "rotate90": lambda r, c: (c, n - 1 - r),
        "mirror": lambda r, c: (r, n - 1 - c),
        "diagonal": lambda r, c: (c, r),
    }[symmetry]
    seen: set[int] = set()
    orbits = []
    for i in range(n * n):
        if i in seen:
            continue
        orbit, cell = [], divmod(i, n)
        while cell[0] * n + cell[1] not in orbit:
            orbit.append(cell[0] * n + cell[1])
            cell = move(*cell)
        seen.update(orbit)
        orbits.append(tuple(orbit))
    return orbits


def dig(
    box: int, solution: tuple[int, ...], orbits: list[tuple[int, ...]], level: str, rng: random.Random
) -> tuple[int, ...]:
    """Remove orbits of clues in random order, keeping each removal only when still provably unique.

    Below expert the proof is the logical solver finishing with the level's techniques alone (which
    also caps the grade). For expert it is a complete search (the solution as a hint) within
    NODE_LIMIT branchings.
    """
    cells = list(solution)
    order = orbits.copy()
    rng.shuffle(order)
    for orbit in order:
        for i in orbit:
            cells[i] = 0
        if level == "expert":
            if solve(Sudoku(box, tuple(cells)), 2, node_limit=NODE_LIMIT, hint=solution).status == "unique":
                continue
        elif solve_logically(box, cells, level).solved:
            continue
        for i in orbit:
            cells[i] = solution[i]
    return tuple(cells)


def sharpen(
    box: int, solution: tuple[int, ...], cells: tuple[int, ...], orbits: list[tuple[int, ...]], rng: random.Random
) -> tuple[int, ...]:
    """Put clue orbits back into a dug-out expert puzzle, looking for one whose return makes it hard.

    Digging for hard directly almost always ends at medium; the hard puzzles live on the edge
    between what the techniques solve and what needs a guess, so approach that edge from the far side.
    Additions that would make the puzzle medium are skipped; if none gives hard, one that keeps it
    expert is added and the search goes on, at most SHARPEN_STEPS times (a fresh grid is then the
    better bet). Each trial goes on from where pairs and pointing got stuck rather than starting
    afresh. Returns the cells unchanged when nothing works.
    """
    work = list(cells)
    for _ in range(SHARPEN_STEPS + 1):
        stuck = solve_logically(box, work, "medium")
        missing = [o for o in orbits if not work[o[0]]]
        rng.shuffle(missing)
        still_expert = []
        for orbit in missing:
            logic = continue_logically(stuck, {i: solution[i] for i in orbit}, "hard")
            if not logic.solved:
                still_expert.append(orbit)
            elif any(LEVEL_OF[name] == "hard" for name in logic.counts):
                for i in orbit:
                    work[i] = solution[i]
                return tuple(work)
        if not still_expert:
            break
        for i in still_expert[0]:
            work[i] = solution[i]
    return cells
