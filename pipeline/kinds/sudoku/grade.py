"""Grade a Sudoku the way a person solves it: the hardest technique needed, and how often.

A logical solver on per-cell candidate bitmasks applies techniques from simplest to hardest and
restarts from the simplest after any progress (singles fill a whole sweep at a time, which changes
counts but never the level). It never changes the puzzle, and it never guesses while it can still
reason: a guess is only recorded when every technique below is stuck.

| level  | hardest technique needed                                                  |
| ------ | ------------------------------------------------------------------------- |
| easy   | naked single, hidden single                                               |
| medium | naked pair, hidden pair, pointing, box-line reduction                     |
| hard   | naked triple, hidden triple, X-wing, swordfish                            |
| expert | guessing: no technique above makes progress (finished by the solver)      |
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations

from pipeline.errors import PuzzleBookError
from pipeline.kinds.sudoku.grid import Sudoku, check_sudoku, peers, units
from pipeline.kinds.sudoku.solve import default_node_limit, solve

TECHNIQUES: tuple[str, ...] = (
    "naked_single",
    "hidden_single",
    "naked_pair",
    "hidden_pair",
    "pointing",
    "box_line",
    "naked_triple",
    "hidden_triple",
    "x_wing",
    "swordfish",
    "guess",
)
LEVELS: tuple[str, ...] = ("easy", "medium", "hard", "expert")
LEVEL_OF: dict[str, str] = {
    "naked_single": "easy",
    "hidden_single": "easy",
    "naked_pair": "medium",
    "hidden_pair": "medium",
    "pointing": "medium",
    "box_line": "medium",
    "naked_triple": "hard",
    "hidden_triple": "hard",
    "x_wing": "hard",
    "swordfish": "hard",
    "guess": "expert",
}


@dataclass(frozen=True)
class Geometry:
    """Cell indices of every unit of a box-k grid, built once per box size."""

    box: int
    n: int
    rows: tuple[tuple[int, ...], ...]
    cols: tuple[tuple[int, ...], ...]
    boxes: tuple[tuple[int, ...], ...]
    units: tuple[tuple[int, ...], ...]
    peers: tuple[tuple[int, ...], ...]
    box_of: tuple[int, ...]


@lru_cache(maxsize=8)
def geometry(box: int) -> Geometry:
    n = box * box
    every = units(box)
    rows, cols, boxes = every[:n], every[n : 2 * n], every[2 * n :]
    box_of = [0] * (n * n)
    for b, unit in enumerate(boxes):
        for i in unit:
            box_of[i] = b
    return Geometry(box, n, rows, cols, boxes, every, peers(box), tuple(box_of))


class Contradiction(Exception):
    """The candidates admit no solution (raised inside the logical solver only)."""


@dataclass
class Logic:
    """The outcome of solving by reasoning alone up to some level."""

    solved: bool
    counts: dict[str, int]
    steps: int
    cells: tuple[int, ...]
    """Digits placed so far, 0 where reasoning got stuck."""
    state: _State
    """The candidates where reasoning stopped."""


def solve_logically(box: int, cells: tuple[int, ...] | list[int], level: str = "hard") -> Logic:
    """Apply every technique up to `level` (never guessing) until solved or stuck.

    Reaching a full grid this way proves it is the only solution, since every deduction is valid
    in every solution. (The generator asks the same question thousands of times through the faster
    closure.py, which reaches the same verdict without counting steps.)
    """
    try:
        state = _State(geometry(box), cells)
    except Contradiction:
        raise PuzzleBookError("the givens contradict each other: this Sudoku has no solution") from None
    return _reason(state, level)


def _reason(state: _State, level: str) -> Logic:
    """The solving loop: the first technique (simplest first) that makes progress, then start over."""
    rank = LEVELS.index(level)
    steps = [(name, fn) for name, fn in _STEPS if LEVELS.index(LEVEL_OF[name]) <= rank]
    counts = dict.fromkeys(TECHNIQUES, 0)
    try:
        while state.left:
            for name, fn in steps:
                done = fn(state)
                if done:
                    counts[name] += done
                    break
            else:
                break
    except Contradiction:
        raise PuzzleBookError("the givens contradict each other: this Sudoku has no solution") from None
    digits = tuple(v.bit_length() for v in state.value)
    return Logic(state.left == 0, {k: v for k, v in counts.items() if v}, sum(counts.values()), digits, state)


def grade(s: Sudoku, *, hint: tuple[int, ...] | None = None) -> dict[str, object]:
    """The difficulty record of a Sudoku with exactly one solution.

    Raises PuzzleBookError otherwise: a puzzle with no or many solutions has no honest grade.
    Reasoning that fills the grid is itself the proof of uniqueness; only a puzzle that needs a
    guess is handed to the solver (limit 2, with `hint`, a known solution, to speed it up).
    """
    check_sudoku(s)
    logic = solve_logically(s.box, s.cells, "hard")
    counts = dict(logic.counts)
    if not logic.solved:
        budget = default_node_limit(len(s.cells))
        status = solve(s, limit=2, hint=hint, node_limit=budget).status
        if status == "unknown":
            raise PuzzleBookError(
                f"cannot be graded: neither reasoning nor a search of {budget} branchings tells whether it has "
                "exactly one solution (status 'unknown'); `puzzlebook solve --node-limit N` can search longer"
            )
        if status != "unique":
            raise PuzzleBookError(f"only a Sudoku with exactly one solution can be graded; this one is {status!r}")
        counts["guess"] = 1
    used = [name for name in TECHNIQUES if counts.get(name)]
    hardest = used[-1] if used else None
    givens = sum(1 for v in s.cells if v)
    return {
        "level": LEVEL_OF[hardest] if hardest else "easy",
        "techniques": {name: counts[name] for name in used},
        "steps": logic.steps + (0 if logic.solved else 1),
        "givens": givens,
        "givens_ratio": round(givens / len(s.cells), 4),
        "hardest": hardest,
    }


class _State:
    """Candidates as bitmasks (bit d-1 for digit d) and placed digits (the same bit, 0 if open)."""

    def __init__(self, geo: Geometry, cells: tuple[int, ...] | list[int]) -> None:
        self.geo = geo
        full = (1 << geo.n) - 1
        self.cand = [full] * len(cells)
        self.value = [0] * len(cells)
        self.left = len(cells)
        for i, v in enumerate(cells):
            if v:
                if not self.cand[i] >> (v - 1) & 1:
                    raise Contradiction
                self.place(i, 1 << (v - 1))

    def copy(self) -> _State:
        twin = object.__new__(_State)
        twin.geo, twin.cand, twin.value, twin.left = self.geo, self.cand.copy(), self.value.copy(), self.left
        return twin

    def place(self, i: int, bit: int) -> None:
        self.value[i] = bit
        self.cand[i] = bit
        self.left -= 1
        cand = self.cand
        for p in self.geo.peers[i]:
            c = cand[p]
            if c & bit:
                c ^= bit
                if not c:
                    raise Contradiction
                cand[p] = c

    def open_cells(self, unit: tuple[int, ...]) -> list[int]:
        value = self.value
        return [i for i in unit if not value[i]]

    def eliminate(self, cells: list[int] | tuple[int, ...], bits: int) -> bool:
        """Remove `bits` from open `cells`; True if anything changed."""
        changed = False
        cand, value = self.cand, self.value
        for i in cells:
            if not value[i] and cand[i] & bits:
                c = cand[i] & ~bits
                if not c:
                    raise Contradiction
                cand[i] = c
                changed = True
        return changed


def _bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low)
        mask ^= low
    return out


def _naked_singles(st: _State) -> int:
    """Every open cell with one candidate left takes it (one sweep, each placement counted)."""
    done = 0
    cand, value = st.cand, st.value
    for i in range(len(cand)):
        if not value[i]:
            c = cand[i]
            if c & (c - 1) == 0:
                st.place(i, c)
                done += 1
    return done


def _hidden_singles(st: _State) -> int:
    """A digit with one possible cell in a unit goes there (one sweep over the units)."""
    done = 0
    cand, value = st.cand, st.value
    for unit in st.geo.units:
        once = twice = placed = 0
        for i in unit:
            c = cand[i]
            if value[i]:
                placed |= c
            else:
                twice |= once & c
                once |= c
        if (once | placed).bit_count() < st.geo.n:
            raise Contradiction
        for bit in _bits(once & ~twice):
            where = [i for i in unit if not value[i] and cand[i] & bit]
            if not where:
                if any(value[i] == bit for i in unit):
                    continue
                raise Contradiction
            st.place(where[0], bit)
            done += 1
    return done


def _naked_subset(st: _State, k: int) -> int:
    """k open cells of a unit holding only k digits between them: no other cell there has them."""
    cand = st.cand
    for unit in st.geo.units:
        cells = st.open_cells(unit)
        if len(cells) <= k:
            continue
        small = [i for i in cells if cand[i].bit_count() <= k]
        for group in combinations(small, k):
            union = 0
            for i in group:
                union |= cand[i]
            if union.bit_count() == k and st.eliminate([i for i in cells if i not in group], union):
                return 1
    return 0


def _hidden_subset(st: _State, k: int) -> int:
    """k digits of a unit confined to the same k cells: those cells hold nothing else."""
    cand = st.cand
    n = st.geo.n
    for unit in st.geo.units:
        cells = st.open_cells(unit)
        if len(cells) <= k:
            continue
        places = [0] * n
        for j, i in enumerate(cells):
            c = cand[i]
            while c:
                low = c & -c
                c ^= low
                places[low.bit_length() - 1] |= 1 << j
        spots = {1 << d: where for d, where in enumerate(places) if where and where.bit_count() <= k}
        for group in combinations(spots, k):
            where = 0
            for bit in group:
                where |= spots[bit]
            if where.bit_count() == k:
                keep = sum(group)
                changed = False
                for j, i in enumerate(cells):
                    if where >> j & 1 and cand[i] & ~keep:
                        cand[i] &= keep
                        changed = True
                if changed:
                    return 1
    return 0


def _union(cand: list[int], cells: list[int]) -> int:
    union = 0
    for i in cells:
        union |= cand[i]
    return union


def _pointing(st: _State) -> int:
    """A digit's cells in a box all on one row (column): the rest of that line loses it."""
    geo, cand = st.geo, st.cand
    n = geo.n
    for unit in geo.boxes:
        cells = st.open_cells(unit)
        for bit in _bits(_union(cand, cells)):
            where = [i for i in cells if cand[i] & bit]
            if len({i // n for i in where}) == 1:
                line = geo.rows[where[0] // n]
            elif len({i % n for i in where}) == 1:
                line = geo.cols[where[0] % n]
            else:
                continue
            if st.eliminate([i for i in line if i not in unit], bit):
                return 1
    return 0


def _box_line(st: _State) -> int:
    """A digit's cells in a row (column) all in one box: the rest of that box loses it."""
    geo, cand = st.geo, st.cand
    for line in geo.rows + geo.cols:
        cells = st.open_cells(line)
        for bit in _bits(_union(cand, cells)):
            boxes = {geo.box_of[i] for i in cells if cand[i] & bit}
            if len(boxes) == 1:
                b = boxes.pop()
                if st.eliminate([i for i in geo.boxes[b] if i not in line], bit):
                    return 1
    return 0


def _fish(st: _State, k: int) -> int:
    """X-wing (k=2), swordfish (k=3): a digit confined to k columns across k rows (or the
    transpose) is removed from those columns in every other row."""
    geo, cand, value = st.geo, st.cand, st.value
    n = geo.n
    in_rows = [[0] * n for _ in range(n)]
    """in_rows[digit][row]: the columns where the digit may go in that row (open cells only)."""
    in_cols = [[0] * n for _ in range(n)]
    for i, c in enumerate(cand):
        if value[i]:
            continue
        r, col = divmod(i, n)
        while c:
            low = c & -c
            c ^= low
            d = low.bit_length() - 1
            in_rows[d][r] |= 1 << col
            in_cols[d][col] |= 1 << r
    for places, cover in ((in_rows, geo.cols), (in_cols, geo.rows)):
        for bit in range(n):
            d = 1 << bit
            spots = [(r, where) for r, where in enumerate(places[bit]) if 2 <= where.bit_count() <= k]
            for group in combinations(spots, k):
                where = 0
                for _, w in group:
                    where |= w
                if where.bit_count() != k:
                    continue
                rows = {r for r, _ in group}
                victims = [i for j in range(n) if where >> j & 1 for r, i in enumerate(cover[j]) if r not in rows]
                if st.eliminate(victims, d):
                    return 1
    return 0


_STEPS = (
    ("naked_single", _naked_singles),
    ("hidden_single", _hidden_singles),
    ("naked_pair", lambda st: _naked_subset(st, 2)),
    ("hidden_pair", lambda st: _hidden_subset(st, 2)),
    ("pointing", _pointing),
    ("box_line", _box_line),
    ("naked_triple", lambda st: _naked_subset(st, 3)),
    ("hidden_triple", lambda st: _hidden_subset(st, 3)),
    ("x_wing", lambda st: _fish(st, 2)),
    ("swordfish", lambda st: _fish(st, 3)),
)
