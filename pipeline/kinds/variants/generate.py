"""Make one Sudoku variant of a requested level from its rule, size, symmetry and seed.

Each attempt draws its own frame (a Jigsaw's regions; the boxes otherwise) and fills it by search
with random branching orders. Then:

- Jigsaw and Sudoku X: givens are removed in symmetric orbits, in random order. Easy and medium keep
  a removal while full houses and hidden singles in boxes (easy), or all singles (medium), finish
  the puzzle; hard and expert dig while the search proves the puzzle unique, down to a minimal one,
  then walk: put a few orbits back, dig again, many times, each puzzle graded. A puzzle of the walk
  that is too hard is tried again with each missing orbit put back (one more clue often brings it
  down into the level).
- Killer: no givens. The grid is cut into cages by the level's size weights; while the cages allow
  two solutions, a cage holding a cell where they differ is cut in two (more sums, fewer
  solutions). Then a walk: too easy, two neighbouring cages are merged while the puzzle stays
  unique; too hard, a cage is cut.

Every candidate is graded (grade.py) and kept only in its level's band. The result depends on the
seed alone: never the clock or the global random state.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from pipeline.errors import PuzzleBookError
from pipeline.kinds.sudoku.generate import SYMMETRIES, LevelProblem, symmetry_orbits
from pipeline.kinds.sudoku.houses import Cage, Houses
from pipeline.kinds.sudoku.techniques import full_house, hidden_single_box, hidden_single_line, naked_single
from pipeline.kinds.variants.cages import combos, merge_cages, mergeable, neighbours, random_cages
from pipeline.kinds.variants.grade import BANDS, BEYOND, LEVELS, MADE, VariantGrade, explained, grade
from pipeline.kinds.variants.puzzle import BOX_SHAPES, JIGSAW_SIZES, RULES, Variant, boxed, connected
from pipeline.kinds.variants.regions import random_regions
from pipeline.kinds.variants.search import solve
from pipeline.kinds.variants.textformat import cages_json, regions_rows, to_line
from pipeline.seeds import derive_seed

MAX_ATTEMPTS = {"easy": 30, "medium": 40, "hard": 200, "expert": 60}
"""Fresh frames and fills tried before a level is declared out of reach. A 9x9 one comes at the first
attempt or so (expert Killer: 15, median); a 6x6 hard Killer took up to 66 on 40 seeds."""
WALK_STEPS = 30
"""Puzzles visited per fill by a walk."""
WALK_ADD = 4
"""Orbits put back before each re-dig of a Jigsaw's or Sudoku X's walk."""
DIG_BUDGET = 500
"""Branchings per uniqueness test while digging; over budget keeps the givens (still unique)."""
TOP: dict[tuple[str, int], str] = {("killer", 4): "easy", ("sudokux", 4): "easy", ("killer", 6): "hard"}
"""The hardest level a small grid is made at (measured over 8 seeds each: a 4x4 Killer or Sudoku X never
came out above easy in 40 attempts, a 6x6 Killer expert 3 times in 8; every other size and level 8 in 8)."""
MERGE_TRIES = 16
"""Merges a Killer's climb proves before it gives a cutting up."""
FILL_BUDGET = 200
"""Branchings one fill may take."""
FILL_TRIES = 4
"""Fills tried on a frame before it is given up for another."""
EASY = (full_house, hidden_single_box)
SINGLES = (full_house, hidden_single_box, hidden_single_line, naked_single)
CAGE_SIZES: dict[str, tuple[float, ...]] = {
    "easy": (0.04, 0.5, 0.36, 0.1, 0.0, 0.0),
    "medium": (0.0, 0.4, 0.4, 0.15, 0.05, 0.0),
    "hard": (0.0, 0.3, 0.38, 0.2, 0.08, 0.04),
    "expert": (0.0, 0.25, 0.35, 0.22, 0.1, 0.08),
}
"""Relative weights of cage sizes 1..6 a Killer's cutting starts from, per level: bigger cages
allow more combinations, so the harder levels start coarser."""


def generate(rule: str, n: int, difficulty: str, seed: int, *, symmetry: str = "rotate180") -> dict[str, object]:
    """A unique variant graded `difficulty`, as a plain JSON-ready record. PuzzleBookError for an
    unknown rule, size, level or symmetry, or a level out of reach."""
    problem = level_problem(rule, n, difficulty, symmetry)
    if problem:
        raise PuzzleBookError(problem.message)
    low, high = BANDS[difficulty]
    seen: set[str] = set()
    for attempt in range(1, MAX_ATTEMPTS[difficulty] + 1):
        rng = random.Random(derive_seed(seed, "attempt", attempt))
        frame = _frame(rule, n, rng)
        solution = fill(frame, rng)
        if solution is None:
            continue
        made = _killers(frame, solution, difficulty, rng) if rule == "killer" else _givens(
            frame, solution, difficulty, symmetry_orbits(n, symmetry), rng)
        for puzzle, graded in made:
            seen.add(graded["level"])
            if graded["level"] == difficulty and low <= graded["rating"] <= high:
                return record(puzzle, solution, graded, seed=seed, difficulty=difficulty, symmetry=symmetry,
                              attempts=attempt)
    got = ", ".join(sorted(seen, key=lambda level: LEVELS.index(level) if level in LEVELS else len(LEVELS)))
    got = got.replace(BEYOND, f"harder than {difficulty}") or "nothing"
    raise PuzzleBookError(f"could not make {'an' if difficulty[0] in 'aeiou' else 'a'} {difficulty} {n}x{n} {rule} in {MAX_ATTEMPTS[difficulty]} attempts "
                          f"(got {got}); try another level{'' if rule == 'killer' else ' or symmetry'}")


def level_problem(rule: str, n: int, difficulty: str, symmetry: str) -> LevelProblem | None:
    """Why this cannot be asked for (the parameter at fault and a message), or None."""
    if rule not in RULES:
        return LevelProblem("kind", f"unknown variant {rule!r}; allowed: {', '.join(RULES)}")
    sizes = JIGSAW_SIZES if rule == "jigsaw" else tuple(BOX_SHAPES)
    if n not in sizes:
        return LevelProblem("size", f"a {rule} grid's side is {n}; allowed: {', '.join(map(str, sizes))}")
    if difficulty not in MADE:
        return LevelProblem("difficulty", f"a {rule} is made at {', '.join(MADE)}, not {difficulty!r}: higher levels "
                            "need chains or guessing")
    top = TOP.get((rule, n))
    if top is not None and MADE.index(difficulty) > MADE.index(top):
        return LevelProblem("size", f"a {n}x{n} {rule} is made up to {top}, not {difficulty}: so small a grid leaves "
                            "no room for the harder steps")
    if symmetry not in SYMMETRIES:
        return LevelProblem("symmetry", f"unknown symmetry {symmetry!r}; allowed: {', '.join(SYMMETRIES)}")
    return None


def record(puzzle: Variant, solution: tuple[int, ...], graded: VariantGrade, *, seed: int, difficulty: str,
           symmetry: str, attempts: int) -> dict[str, object]:
    """The JSON record: the Sudoku kind's fields, the variant's frame (box or size, cages or regions)."""
    out: dict[str, object] = {"kind": puzzle.rule}
    if puzzle.box is not None:
        out["box"] = list(puzzle.box)
    else:
        out["size"] = puzzle.n
    if puzzle.rule != "killer":
        out["symmetry"] = symmetry
    if puzzle.rule == "jigsaw":
        out["regions"] = regions_rows(puzzle)
    if puzzle.rule == "killer":
        out["cages"] = cages_json(puzzle.cages, puzzle.n)
    out |= {"seed": seed, "difficulty": difficulty, "grid": to_line(puzzle.cells), "solution": to_line(solution),
            "grade": graded, "attempts": attempts}
    return out


def _frame(rule: str, n: int, rng: random.Random) -> Variant:
    if rule == "jigsaw":
        return Variant(rule, n, random_regions(n, rng), (0,) * (n * n))
    return boxed(rule, n)


def fill(frame: Variant, rng: random.Random) -> tuple[int, ...] | None:
    """A random solution of the frame's houses (cages aside), or None when FILL_TRIES searches (each
    going on with the same random stream, so with other branching orders) find none within their
    budget: a Jigsaw's regions may allow none (1 to 3% of layouts), and a search that strays can take
    thousands of branchings on a layout another order fills at once."""
    houses = Houses(frame.n, frame.regions, frame.diagonals)
    for _ in range(FILL_TRIES):
        found = solve(houses, frame.cells, 1, node_limit=FILL_BUDGET, rng=rng)
        if found.solutions:
            return found.solutions[0]
    return None


# ------------------------------------------------------------------ Jigsaw and Sudoku X: givens


def _givens(frame: Variant, solution: tuple[int, ...], difficulty: str, orbits: list[tuple[int, ...]],
            rng: random.Random) -> Iterator[tuple[Variant, VariantGrade]]:
    graded: dict[tuple[int, ...], VariantGrade] = {}

    def judge(cells: tuple[int, ...]) -> tuple[Variant, VariantGrade]:
        if cells not in graded:
            graded[cells] = grade(frame.with_cells(cells), hint=solution, up_to=difficulty)
        return frame.with_cells(cells), graded[cells]

    if difficulty in ("easy", "medium"):
        yield judge(_dig_by_hand(frame, solution, orbits, EASY if difficulty == "easy" else SINGLES, rng))
        if difficulty == "easy":
            return
    for cells in _walk(frame, solution, orbits, rng):
        puzzle, found = judge(cells)
        yield puzzle, found
        if found["level"] == BEYOND and difficulty in ("medium", "hard"):
            for richer in _one_more(cells, solution, orbits, rng):
                yield judge(richer)


def _dig_by_hand(frame: Variant, solution: tuple[int, ...], orbits: list[tuple[int, ...]], using: tuple,
                 rng: random.Random) -> tuple[int, ...]:
    """Remove orbits in random order while `using` alone finishes the puzzle; the sparsest state."""
    cells = list(solution)
    order = orbits.copy()
    rng.shuffle(order)
    for orbit in order:
        for i in orbit:
            cells[i] = 0
        if not explained(frame, cells, using).solved:
            for i in orbit:
                cells[i] = solution[i]
    return tuple(cells)


def _unique(frame: Variant, cells: list[int], solution: tuple[int, ...]) -> bool:
    """Proved to have one solution within the dig's budget (over budget counts as not proved)."""
    return solve(frame.houses(), cells, 2, node_limit=DIG_BUDGET, hint=solution).status == "unique"


def _dig_unique(frame: Variant, cells: list[int], solution: tuple[int, ...], order: list[tuple[int, ...]]) -> None:
    """Try removing each orbit of `order` once, in place, keeping a removal the search proves unique."""
    for orbit in order:
        if not cells[orbit[0]]:
            continue
        for i in orbit:
            cells[i] = 0
        if not _unique(frame, cells, solution):
            for i in orbit:
                cells[i] = solution[i]


def _walk(frame: Variant, solution: tuple[int, ...], orbits: list[tuple[int, ...]],
          rng: random.Random) -> Iterator[tuple[int, ...]]:
    """Minimal unique puzzles near each other: dig, then again and again after putting a few orbits back."""
    cells = list(solution)
    order = orbits.copy()
    rng.shuffle(order)
    _dig_unique(frame, cells, solution, order)
    for step in range(WALK_STEPS + 1):
        if step:
            missing = [orbit for orbit in orbits if not cells[orbit[0]]]
            for orbit in rng.sample(missing, min(WALK_ADD, len(missing))):
                for i in orbit:
                    cells[i] = solution[i]
            given = [orbit for orbit in orbits if cells[orbit[0]]]
            rng.shuffle(given)
            _dig_unique(frame, cells, solution, given)
        yield tuple(cells)


def _one_more(cells: tuple[int, ...], solution: tuple[int, ...], orbits: list[tuple[int, ...]],
              rng: random.Random) -> Iterator[tuple[int, ...]]:
    """The puzzle with one missing orbit put back, for each missing orbit in random order."""
    missing = [orbit for orbit in orbits if not cells[orbit[0]]]
    rng.shuffle(missing)
    for orbit in missing:
        richer = list(cells)
        for i in orbit:
            richer[i] = solution[i]
        yield tuple(richer)


# ------------------------------------------------------------------ Killer: cages


def _killers(frame: Variant, solution: tuple[int, ...], difficulty: str,
             rng: random.Random) -> Iterator[tuple[Variant, VariantGrade]]:
    """Killers from one solution, each graded: a unique cutting, then a climb. Too easy, two
    neighbouring cages are merged (the puzzle kept unique); a merge that overshoots the level is
    undone and another tried, so the climb feels along the edge where the level lies. Too hard from
    the start, a cage is cut."""
    n = frame.n
    cages = _make_unique(frame, random_cages(solution, n, rng, CAGE_SIZES[difficulty]), solution, rng)
    wanted = LEVELS.index(difficulty)
    steps = 0

    def judged(cut: tuple[Cage, ...]) -> tuple[Variant, VariantGrade, int]:
        puzzle = Variant("killer", n, frame.regions, frame.cells, cut)
        graded = grade(puzzle, hint=solution, up_to=difficulty)
        return puzzle, graded, LEVELS.index(graded["level"]) if graded["level"] in LEVELS else len(LEVELS)

    puzzle, graded, found = judged(cages)
    yield puzzle, graded
    while steps < WALK_STEPS:
        steps += 1
        if found > wanted:
            cages = _cut(cages, rng.randrange(len(cages)), None, n, solution, rng)
            puzzle, graded, found = judged(cages)
            yield puzzle, graded
            continue
        for merged in _merges(frame, cages, solution, rng):
            steps += 1
            puzzle, graded, level = judged(merged)
            yield puzzle, graded
            if level < wanted:
                cages, found = merged, level
                break
            if steps >= WALK_STEPS:
                return
        else:
            return


def _merges(frame: Variant, cages: tuple[Cage, ...], solution: tuple[int, ...],
            rng: random.Random) -> Iterator[tuple[Cage, ...]]:
    """The cages with two neighbours made one, for each merge in random order that keeps the puzzle
    unique (at most MERGE_TRIES proofs)."""
    pairs = [(a, b) for a, b in neighbours(cages, frame.n) if mergeable(cages, a, b, solution, frame.n)]
    rng.shuffle(pairs)
    for a, b in pairs[:MERGE_TRIES]:
        merged = merge_cages(cages, a, b)
        puzzle = Variant("killer", frame.n, frame.regions, frame.cells, merged)
        if solve(puzzle.houses(), puzzle.cells, 2, hint=solution, node_limit=DIG_BUDGET).status == "unique":
            yield merged


def _make_unique(frame: Variant, cages: tuple[Cage, ...], solution: tuple[int, ...],
                 rng: random.Random) -> tuple[Cage, ...]:
    """Cut cages where a second solution differs until there is none: each cut adds a sum, so the
    loop ends (at worst every cage one cell, a full grid)."""
    n = frame.n
    while True:
        puzzle = Variant("killer", n, frame.regions, frame.cells, cages)
        found = solve(puzzle.houses(), puzzle.cells, 2, hint=solution, node_limit=DIG_BUDGET)
        if found.status == "unique":
            return cages
        other = found.solutions[1] if len(found.solutions) > 1 else None
        moved = [i for i in range(n * n) if other is None or other[i] != solution[i]]
        choices = [k for k, cage in enumerate(cages) if len(cage.cells) > 1 and any(i in moved for i in cage.cells)]
        if not choices:
            choices = [k for k, cage in enumerate(cages) if len(cage.cells) > 1]
        k = choices[rng.randrange(len(choices))]
        cages = _cut(cages, k, [i for i in cages[k].cells if i in moved], n, solution, rng)


def _cut(cages: tuple[Cage, ...], k: int, near: list[int] | None, n: int, solution: tuple[int, ...],
         rng: random.Random) -> tuple[Cage, ...]:
    """Cage k cut in connected pieces: a piece grown from one of `near` (any of its cells when None)
    up to half the cage, and the rest's connected parts. A one-cell cage is left as it is."""
    cells = cages[k].cells
    if len(cells) < 2:
        return cages
    starts = near or list(cells)
    piece = [starts[rng.randrange(len(starts))]]
    goal = max(1, len(cells) // 2)
    while len(piece) < goal:
        options = [j for j in cells if j not in piece and any(_touch(i, j, n) for i in piece)]
        if not options:
            break
        piece.append(options[rng.randrange(len(options))])
    parts = [piece]
    rest = [i for i in cells if i not in piece]
    while rest:
        part = [rest[0]]
        grown = True
        while grown:
            grown = False
            for j in rest:
                if j not in part and any(_touch(i, j, n) for i in part):
                    part.append(j)
                    grown = True
        parts.append(part)
        rest = [i for i in rest if i not in part]
    pieces = [Cage(sum(solution[i] for i in part), tuple(sorted(part))) for part in parts]
    assert all(connected(list(piece.cells), n) and combos(n, len(piece.cells), piece.total) for piece in pieces)
    out = [cage for j, cage in enumerate(cages) if j != k] + pieces
    out.sort(key=lambda cage: cage.cells[0])
    return tuple(out)


def _touch(i: int, j: int, n: int) -> bool:
    return abs(i - j) == n or (abs(i - j) == 1 and i // n == j // n)
