"""Make one Sudoku of a requested difficulty from a box size, a symmetry and a seed.

A full grid is drawn by the solver itself, filling an empty grid with each branching's digits in
random order. Clues are then removed in symmetric orbits, in random order:

- easy and medium (first): a removal is kept while a set of techniques still finishes the puzzle
  (which also proves it unique): full houses and hidden singles in boxes for easy, all singles for
  medium. The sparsest state is the candidate.
- hard and above (and medium when its dig fails): a removal is kept while the solver proves the
  puzzle unique, down to a minimal puzzle; then a walk puts a few orbits back and digs again, many
  times, giving a stream of nearby minimal puzzles. Hard puzzles live on the thin edge between what
  the medium techniques finish and what needs more, and few minimal puzzles sit on it, so every
  puzzle of the walk that is too hard is also tried with each missing orbit put back ("does one
  more clue make it hard?"); the same for medium.

The fast closure (closure.py) sorts the candidates; grade.py rates each on Sudoku Explainer's scale,
and a candidate is accepted only when its rating lies in the band of the level asked for (and in the
section's min_rating..max_rating). The result depends on the seed alone: never the clock or the
global random state.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Literal, get_args

from pipeline.errors import PuzzleBookError
from pipeline.kinds.sudoku.closure import LEVELS as FAST_LEVELS
from pipeline.kinds.sudoku.closure import candidates, closure, with_clues
from pipeline.kinds.sudoku.explainer import CHAINS_UP_TO_BOX, explain
from pipeline.kinds.sudoku.grade import BANDS, LEVELS, SudokuGrade, grade
from pipeline.kinds.sudoku.grid import BOXES, Sudoku
from pipeline.kinds.sudoku.solve import (
    BudgetExceeded,
    at_least,
    layout,
    other_candidates,
    solve,
)
from pipeline.kinds.sudoku.techniques import full_house, hidden_single_box
from pipeline.kinds.sudoku.textformat import to_line
from pipeline.seeds import derive_seed

Symmetry = Literal["none", "rotate180", "rotate90", "mirror", "diagonal"]
SYMMETRIES: tuple[Symmetry, ...] = get_args(Symmetry)
EASY_TECHNIQUES = (full_house, hidden_single_box)
"""What an easy puzzle (rated below 1.5) may need."""
BIG_GRID_TOP = "hard"
"""The hardest level made on 16x16 and 25x25 grids (see explainer.CHAINS_UP_TO_BOX)."""
MAX_ATTEMPTS: dict[str, int] = {"easy": 30, "medium": 60, "hard": 200, "expert": 60, "extreme": 200, "unreasonable": 20}
"""Fresh full grids tried before a level is declared out of reach (the walk goes WALK_STEPS steps
around each). Measured on 9x9 over 12-60 seeds per symmetry: easy, medium and expert almost always
succeed on the first grid (at most 5); hard needs a median of 1-3 grids, but 10 with rotate90,
whose four-cell orbits are coarse steps (at most 50 seen), hence the margin."""
WALK_STEPS = 30
"""Nearby minimal puzzles visited per full grid by the walk."""
WALK_ADD = 4
"""Clue orbits put back before each re-dig of the walk. Measured on 9x9 hard with rotate180 over
40 seeds (median CPU seconds, before the one-more-clue step learnt to skip known cells): 3 orbits
0.19 s, 4 orbits 0.11-0.12 s, 5 about the same, 6 and more slower again (the steps stray further
and cost more digging)."""
NODE_LIMIT: dict[int, int] = {2: 500, 3: 500, 4: 200, 5: 20}
"""Search branchings allowed per uniqueness test while digging, by box; over budget keeps the clues
(uniqueness stays proved, only sparsity suffers). A 25x25 branching costs about 2 ms, and a third
of the tests near the end of a 25x25 dig ran out of 500 branchings (a minute per dig)."""
FILL_RESTARTS = 8
"""Randomized fills tried (each going on with the same random stream) before giving up on a grid."""


def generate(box: int, difficulty: str, seed: int, *, symmetry: str = "rotate180",
             min_rating: float | None = None, max_rating: float | None = None) -> dict:
    """A unique Sudoku graded `difficulty` (its rating also within min_rating..max_rating when given),
    as a plain JSON-ready record.

    Each attempt draws a new full grid from its own derived seed; the attempt count is recorded.
    Raises PuzzleBookError for an unknown box, level or symmetry, or a level out of reach.
    """
    if box not in BOXES:
        raise PuzzleBookError(f"unknown box size {box!r}; allowed: {', '.join(map(str, BOXES))}")
    if difficulty not in LEVELS:
        raise PuzzleBookError(f"unknown difficulty {difficulty!r}; allowed: {', '.join(LEVELS)}")
    if symmetry not in SYMMETRIES:
        raise PuzzleBookError(f"unknown symmetry {symmetry!r}; allowed: {', '.join(SYMMETRIES)}")
    problem = level_problem(box, difficulty, min_rating, max_rating)
    if problem:
        raise PuzzleBookError(problem.message)
    low, high = rating_range(difficulty, min_rating, max_rating)
    orbits = symmetry_orbits(box * box, symmetry)
    levels_seen: set[str] = set()
    graded: dict[tuple[int, ...], SudokuGrade] = {}  # every candidate's grade: the walk meets a tenth of them again
    for attempt in range(1, MAX_ATTEMPTS[difficulty] + 1):
        rng = random.Random(derive_seed(seed, "attempt", attempt))
        solution = full_grid(box, rng)
        for cells in candidates_for(difficulty, box, solution, orbits, rng):
            puzzle = Sudoku(box, cells)
            record = graded.get(cells)
            if record is None:
                record = graded[cells] = grade(puzzle, hint=solution)
            levels_seen.add(str(record["level"]))
            if record["level"] == difficulty and low <= float(record["rating"]) <= high:
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
    n = box * box
    seen = ", ".join(sorted(levels_seen, key=LEVELS.index)) or "nothing"
    rated = "" if (low, high) == BANDS[difficulty] else f" rated {low} to {high}"
    raise PuzzleBookError(
        f"could not make {'an' if difficulty[0] in 'aeiou' else 'a'} {difficulty}{rated} {n}x{n} Sudoku (box {box}, symmetry {symmetry}) in "
        f"{MAX_ATTEMPTS[difficulty]} attempts (got {seen}); try another difficulty, rating range or symmetry"
    )


def rating_range(difficulty: str, min_rating: float | None, max_rating: float | None) -> tuple[float, float]:
    """The ratings a puzzle of `difficulty` may have: the level's band, narrowed by the bounds given."""
    low, high = BANDS[difficulty]
    return max(low, min_rating if min_rating is not None else low), min(high, max_rating if max_rating is not None else high)


@dataclass(frozen=True)
class LevelProblem:
    """Why a level cannot be made: the parameter at fault (`box`, `min_rating` or `max_rating`) and
    a message for people."""

    field: str
    message: str


def level_problem(box: int, difficulty: str, min_rating: float | None, max_rating: float | None) -> LevelProblem | None:
    """Why `difficulty` (within the rating bounds) cannot be made at this box size, or None."""
    if box > CHAINS_UP_TO_BOX and LEVELS.index(difficulty) > LEVELS.index(BIG_GRID_TOP):
        n = box * box
        return LevelProblem("box", f"a {n}x{n} Sudoku is made up to {BIG_GRID_TOP}, not {difficulty}: the chains "
                            "its higher levels need are rated on 9x9 grids only")
    low, high = rating_range(difficulty, min_rating, max_rating)
    if low > high:
        band = BANDS[difficulty]
        return LevelProblem(
            "min_rating" if min_rating is not None else "max_rating",
            f"no {difficulty} Sudoku is rated {min_rating if min_rating is not None else band[0]} to "
            f"{max_rating if max_rating is not None else band[1]}: {difficulty} means {band[0]} to {band[1]}")
    return None


def candidates_for(
    difficulty: str, box: int, solution: tuple[int, ...], orbits: list[tuple[int, ...]], rng: random.Random
) -> Iterator[tuple[int, ...]]:
    """Puzzles from one full grid that may be `difficulty`, the likeliest first (each is graded).

    easy: the sparsest puzzle that full houses and hidden singles in boxes finish. medium: the sparsest
    that singles finish (most need a naked single or a line's hidden single), then the walk. hard: the
    walk's puzzles that pairs, triples, locked candidates and fish finish (their ratings mostly lie in
    2.5 to 4.0). expert and up: the walk's puzzles those cannot finish, whatever they need beyond.
    """
    if difficulty == "easy":
        yield from dig_explained(box, solution, orbits, EASY_TECHNIQUES, rng)
    elif difficulty == "medium":
        yield from dig_logically(box, solution, orbits, "easy", rng)
        yield from walk(box, solution, orbits, ("easy", "medium"), rng)
    elif difficulty == "hard":
        yield from walk(box, solution, orbits, ("medium", "hard"), rng)
    else:
        yield from walk(box, solution, orbits, ("expert",), rng)
def full_grid(box: int, rng: random.Random) -> tuple[int, ...]:
    """A random complete grid: the solver fills an empty grid, trying each branching's digits in an
    order drawn from `rng`. Propagation leaves almost nothing to backtrack (measured: at most 51
    branchings for 9x9, 486 for 25x25, which takes about half a second), so a fill that needs more
    than one branching per cell is abandoned and the next one goes on with the same random stream."""
    empty = Sudoku.empty(box)
    for _ in range(FILL_RESTARTS):
        result = solve(empty, 1, node_limit=len(empty.cells), rng=rng)
        if result.solutions:
            return result.solutions[0]
    raise PuzzleBookError(f"could not fill a {box * box}x{box * box} grid in {FILL_RESTARTS} tries")


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


def dig_logically(
    box: int, solution: tuple[int, ...], orbits: list[tuple[int, ...]], level: str, rng: random.Random
) -> Iterator[tuple[int, ...]]:
    """Remove orbits in random order, keeping a removal while the fast closure's `level` techniques
    finish the puzzle; yields the last (sparsest) state that needed exactly `level`, if any."""
    cells = list(solution)
    order = orbits.copy()
    rng.shuffle(order)
    best: tuple[int, ...] | None = None
    for orbit in order:
        for i in orbit:
            cells[i] = 0
        reached = _level_up_to(candidates(box, cells), box, level)
        if reached is None:
            for i in orbit:
                cells[i] = solution[i]
        elif reached == level:
            best = tuple(cells)
    if best is not None:
        yield best


def dig_explained(
    box: int, solution: tuple[int, ...], orbits: list[tuple[int, ...]], techniques: tuple, rng: random.Random
) -> Iterator[tuple[int, ...]]:
    """Remove orbits in random order, keeping a removal while `techniques` alone finish the puzzle
    step by step; yields the sparsest such puzzle (for levels the fast closure has no set for)."""
    cells = list(solution)
    order = orbits.copy()
    rng.shuffle(order)
    for orbit in order:
        for i in orbit:
            cells[i] = 0
        if not explain(box, cells, techniques).solved:
            for i in orbit:
                cells[i] = solution[i]
    yield tuple(cells)


def _level_up_to(x: int, box: int, level: str) -> str | None:
    """The fast level of candidates `x` if it is at most `level`, else None."""
    placed = 0
    for step in FAST_LEVELS[: FAST_LEVELS.index(level) + 1]:
        reached = closure(x, box, step, placed=placed)
        if reached is None:
            return None
        x, placed, solved = reached
        if solved:
            return step
    return None


def walk(
    box: int, solution: tuple[int, ...], orbits: list[tuple[int, ...]], wanted: tuple[str, ...], rng: random.Random
) -> Iterator[tuple[int, ...]]:
    """Minimal unique puzzles near each other whose fast level is one of `wanted`, and (when `wanted`
    stops below expert) the one-orbit-richer neighbours of those too hard that come down into it."""
    cells = list(solution)
    digger = _UniqueDigger(box, solution)
    order = orbits.copy()
    rng.shuffle(order)
    digger.dig(cells, order)
    top = wanted[-1]
    for step in range(WALK_STEPS + 1):
        if step:
            missing = [orbit for orbit in orbits if not cells[orbit[0]]]
            for orbit in rng.sample(missing, min(WALK_ADD, len(missing))):
                for i in orbit:
                    cells[i] = solution[i]
            given = [orbit for orbit in orbits if cells[orbit[0]]]
            rng.shuffle(given)
            digger.dig(cells, given)
        found, stuck, placed = _judge(box, cells)
        if found in wanted:
            yield tuple(cells)
        elif top in ("medium", "hard") and FAST_LEVELS.index(found) > FAST_LEVELS.index(top):
            yield from _one_more_clue(box, solution, orbits, cells, stuck, placed, top, rng)


def _judge(box: int, cells: list[int]) -> tuple[str, int, int]:
    """The fast level of a unique puzzle, with the candidates where the medium techniques stopped
    (and their placed bits), for going on from there."""
    easy = closure(candidates(box, cells), box, "easy")
    assert easy is not None, "givens taken from a solution cannot contradict each other"
    if easy[2]:
        return "easy", easy[0], easy[1]
    medium = closure(easy[0], box, "medium", placed=easy[1])
    assert medium is not None
    stuck, placed, solved = medium
    if solved:
        return "medium", stuck, placed
    hard = closure(stuck, box, "hard", placed=placed, medium_done=True)
    assert hard is not None
    return ("hard" if hard[2] else "expert"), stuck, placed


def _one_more_clue(
    box: int,
    solution: tuple[int, ...],
    orbits: list[tuple[int, ...]],
    cells: list[int],
    stuck: int,
    placed: int,
    level: str,
    rng: random.Random,
) -> Iterator[tuple[int, ...]]:
    """A puzzle above `level` ("medium" or "hard") with one missing orbit put back, for each orbit
    that brings it to exactly `level`.

    Going on from `stuck` (where the medium techniques stopped) with the orbit's clues is the same
    as solving afresh, since more clues never invalidate a deduction; only cheaper. Only a medium
    result needs a fresh look (singles alone might finish it)."""
    lay = layout(box)
    known = at_least(placed, 1, lay)
    missing = [orbit for orbit in orbits if not cells[orbit[0]]]
    rng.shuffle(missing)
    for orbit in missing:
        if all(known & lay.cell_bit(i) for i in orbit):
            continue  # the medium techniques already found these digits: the clues would change nothing
        richer = cells.copy()
        for i in orbit:
            richer[i] = solution[i]
        medium = closure(with_clues(stuck, box, {i: solution[i] for i in orbit}), box, "medium", placed=placed)
        if medium is None:
            continue
        if level == "medium":
            if medium[2] and not _finished(closure(candidates(box, richer), box, "easy")):
                yield tuple(richer)
            continue
        if medium[2]:
            continue
        if _finished(closure(medium[0], box, "hard", placed=medium[1], medium_done=True)):
            yield tuple(richer)


def _finished(reached: tuple[int, int, bool] | None) -> bool:
    return reached is not None and reached[2]


class _UniqueDigger:
    """Removes clue orbits while the solver proves the puzzle unique, remembering every second
    solution it finds: a removal that leaves all the clues where a known second solution differs
    from `solution` is refused without a search (the walk asks the same questions many times)."""

    def __init__(self, box: int, solution: tuple[int, ...]) -> None:
        self.box = box
        self.solution = solution
        self.lay = layout(box)
        self.known = candidates(box, solution)
        """The solution as the solver's candidate integer (one bit per cell)."""
        self.differences: list[int] = []
        """Per known second solution, the cells (as a bit set) where it differs from `solution`."""

    def dig(self, cells: list[int], order: list[tuple[int, ...]]) -> None:
        """Try each orbit of `order` once, in place."""
        lay, known, solution = self.lay, self.known, self.solution
        givens = sum(1 << i for i, v in enumerate(cells) if v)
        fields = sum(lay.field(i) for i, v in enumerate(cells) if v)  # the givens' cells, as candidate bits
        for orbit in order:
            if not cells[orbit[0]]:
                continue
            mask = sum(1 << i for i in orbit)
            rest = givens & ~mask
            if any(not difference & rest for difference in self.differences):
                continue
            for i in orbit:
                cells[i] = 0
            rest_fields = fields & ~sum(lay.field(i) for i in orbit)
            # `candidates(cells)`, every given being the solution's digit: the givens' cells keep only
            # the solution's bit, the other cells every digit.
            x = lay.full & (~rest_fields | known)
            try:
                other = other_candidates(lay, x, solution, NODE_LIMIT[self.box], orbit)
            except BudgetExceeded:
                other = known
            if other is None:
                givens, fields = rest, rest_fields
                continue
            if other is not known:
                self.differences.append(self._moved(other))
            for i in orbit:
                cells[i] = solution[i]

    def _moved(self, other: int) -> int:
        """The cells (as a bit set) where the solution `other` (a candidate integer) differs from `solution`."""
        lay = self.lay
        spread = at_least(other ^ self.known, 1, lay)  # (bit i * width for each cell)
        moved = 0
        while spread:
            low = spread & -spread
            spread ^= low
            moved |= 1 << ((low.bit_length() - 1) // lay.width)
        return moved
