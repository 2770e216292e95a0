"""A Sudoku being solved by hand: pencil marks (candidates) per cell, and the steps that change them.

The state a person keeps while solving: which digits each open cell may still take. Techniques
(techniques.py) read it and propose a Step; applying a Step places digits or erases pencil marks.
Plain records only: a Step says what it found in cell and digit numbers, for the explanations
and the rating (explainer.py).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from operator import itemgetter

from pipeline.kinds.sudoku.houses import Houses, box_houses


@dataclass(frozen=True)
class Geometry:
    """Cell indices of every house of a grid (houses.py), built once per set of rules."""

    box: int
    """The box size k of a classic Sudoku; 0 for the variants."""
    n: int
    rows: tuple[tuple[int, ...], ...]
    cols: tuple[tuple[int, ...], ...]
    boxes: tuple[tuple[int, ...], ...]
    """The regions: a classic Sudoku's boxes, a Jigsaw's shapes."""
    units: tuple[tuple[int, ...], ...]
    """Rows, columns, regions, then the diagonals when they count (houses.Houses.units)."""
    peers: tuple[tuple[int, ...], ...]
    """Per cell, the cells that may not hold its digit: its houses' and its cage's other cells."""
    box_of: tuple[int, ...]
    sight: tuple[int, ...]
    """Per cell, its peers and itself as one bitmask (bit i for cell i)."""
    pick: tuple[Callable[[Sequence[int]], tuple[int, ...]], ...]
    """Per unit, a getter of its cells' entries from a per-cell list."""
    masks: tuple[int, ...]
    """Per unit, its cells as one bitmask."""
    units_of: tuple[tuple[int, ...], ...]
    """Per cell, its row, column and region unit indices, then its diagonals'."""
    kind_of: tuple[int, ...]
    """Per unit: ROW, COLUMN, REGION or DIAGONAL."""
    lines: tuple[int, ...]
    """The units that are lines: rows, columns, diagonals."""
    regions: tuple[int, ...]
    """The units that are regions."""
    houses: Houses

    @property
    def classic(self) -> bool:
        """Boxes of k x k and nothing else: the patterns that assume that shape (unique rectangles,
        the solver's whole-grid layout) apply."""
        return self.box > 0


ROW, COLUMN, REGION, DIAGONAL = 0, 1, 2, 3
"""What a unit is (Geometry.kind_of)."""


@lru_cache(maxsize=8)
def geometry(box: int) -> Geometry:
    """A classic box-k Sudoku's geometry."""
    return geometry_of(box_houses(box), box)


@lru_cache(maxsize=64)
def geometry_of(houses: Houses, box: int = 0) -> Geometry:
    """The geometry of any rules; `box` is k when they are a classic box-k Sudoku's."""
    n = houses.n
    every = houses.units()
    rows, cols, boxes = every[:n], every[n : 2 * n], every[2 * n : 3 * n]
    box_of = houses.region_of
    found: list[set[int]] = [set() for _ in range(n * n)]
    for unit in every:
        for i in unit:
            found[i].update(unit)
    for cage in houses.cages:
        for i in cage.cells:
            found[i].update(cage.cells)
    seen = tuple(tuple(sorted(s - {i})) for i, s in enumerate(found))
    sight = tuple(sum(1 << p for p in (*seen[i], i)) for i in range(n * n))
    kind_of = tuple(min(u // n, DIAGONAL) for u in range(len(every)))
    diagonals = tuple(u for u in range(3 * n, len(every)))
    units_of = tuple((i // n, n + i % n, 2 * n + box_of[i], *(u for u in diagonals if i in every[u]))
                     for i in range(n * n))
    lines = tuple(u for u, kind in enumerate(kind_of) if kind != REGION)
    regions = tuple(range(2 * n, 3 * n))
    return Geometry(box, n, rows, cols, boxes, every, seen, box_of, sight,
                    tuple(itemgetter(*unit) for unit in every), tuple(sum(1 << i for i in unit) for unit in every),
                    units_of, kind_of, lines, regions, houses)


class Broken(Exception):
    """The marks contradict themselves (a cell without candidates): the puzzle has no solution."""


@dataclass(frozen=True)
class Step:
    """One deduction: the technique, its Sudoku Explainer rating, and what it changes.

    `place` and `remove` are (cell, digit) pairs; `cells` are the cells of the pattern it saw,
    `units` its units (indices into Geometry.units), `digits` the digits it is about, `cages` a
    Killer's cages it read.
    """

    technique: str
    rating: float
    place: tuple[tuple[int, int], ...] = ()
    remove: tuple[tuple[int, int], ...] = ()
    cells: tuple[int, ...] = ()
    units: tuple[int, ...] = ()
    digits: tuple[int, ...] = ()
    cages: tuple[int, ...] = ()
    """The cages (indices into Houses.cages) it read, on a Killer."""


class Marks:
    """Candidates as bitmasks per cell (bit d-1 for digit d), the same per digit (`plane`: bit i
    for each open cell i that may take it), placed digits (0 while open), per unit the digits
    placed in it (`done`, as bits) and the open cells (`open`, bit i for cell i).

    The per-digit and per-unit views answer the techniques' questions ("where may 5 go in this
    row?") with a few bit operations instead of a walk over the unit's cells: see `spots`.

    `memory` keeps, per technique, what it learned on earlier looks that still holds, since marks
    only ever lose candidates: the digits or units it found nothing on and how they stood then (the
    solve reruns every technique after each step, and a technique that looks at one digit or one
    unit at a time skips those unchanged since: see changed_digits), or the suppositions it saw
    break (a supposition that breaks still breaks with fewer candidates).
    """

    geo: Geometry
    n: int
    cand: list[int]
    value: list[int]
    plane: list[int]
    done: list[int]
    left: int
    open: int
    erased: int
    """Candidates erased so far, by placements and steps (a chain's length counts them)."""
    memory: dict[str, dict[int, object]]

    def __init__(self, geo: Geometry, cells: tuple[int, ...] | list[int], twin_of: Marks | None = None) -> None:
        if twin_of is not None:  # copy(): built through __init__, as a compiled class must be
            self.geo, self.n, self.left, self.erased, self.open = (
                twin_of.geo, twin_of.n, twin_of.left, twin_of.erased, twin_of.open)
            self.cand, self.value, self.plane = twin_of.cand.copy(), twin_of.value.copy(), twin_of.plane.copy()
            self.done = twin_of.done.copy()
            self.memory = {}
            return
        self.geo = geo
        self.n = geo.n
        full = (1 << self.n) - 1
        self.cand = [full] * len(cells)
        self.value = [0] * len(cells)
        self.plane = [(1 << len(cells)) - 1] * self.n
        self.done = [0] * len(self.geo.units)
        self.left = len(cells)
        self.open = (1 << len(cells)) - 1
        self.erased = 0
        self.memory = {}
        for i, v in enumerate(cells):
            if v:
                if not self.cand[i] >> (v - 1) & 1:
                    raise Broken(f"clue {v} at cell {i} clashes with another clue")
                self.place(i, v)

    def copy(self) -> Marks:
        """The same marks, to change without touching these (a supposition's trial)."""
        return Marks(self.geo, (), twin_of=self)

    def place(self, i: int, digit: int) -> None:
        bit = 1 << (digit - 1)
        cand, plane = self.cand, self.plane
        erased = cand[i].bit_count() - 1
        spot = 1 << i
        for other in digits_of(cand[i] & ~bit):
            plane[other - 1] &= ~spot
        for u in self.geo.units_of[i]:
            self.done[u] |= bit
        self.value[i] = digit
        cand[i] = bit
        self.left -= 1
        self.open &= ~spot
        sight = self.geo.sight[i]
        seen = plane[digit - 1] & sight & ~spot  # the open peers that may take it, ascending
        plane[digit - 1] &= ~sight
        while seen:
            low = seen & -seen
            seen ^= low
            p = low.bit_length() - 1
            cand[p] &= ~bit
            erased += 1
            if not cand[p]:
                self.erased += erased
                raise Broken(f"cell {p} has no candidate left")
        self.erased += erased

    def apply(self, step: Step) -> None:
        for i, digit in step.place:
            if not self.value[i]:
                self.place(i, digit)
        for i, digit in step.remove:
            if not self.value[i] and self.cand[i] >> (digit - 1) & 1:
                self.cand[i] &= ~(1 << (digit - 1))
                self.plane[digit - 1] &= ~(1 << i)
                self.erased += 1
                if not self.cand[i]:
                    raise Broken(f"cell {i} has no candidate left")

    def changed_digits(self, technique: str) -> list[int]:
        """The digits whose places have changed since `technique` last found nothing on them (all,
        the first time): for techniques that look at each digit's places alone."""
        seen, plane = self.memory.get(technique, {}), self.plane
        return [d for d in range(1, self.n + 1) if seen.get(d) != plane[d - 1]]

    def settle_digits(self, technique: str, digits: Sequence[int]) -> None:
        """Remember that `technique` found nothing on `digits` as their places stand now."""
        seen, plane = self.memory.setdefault(technique, {}), self.plane
        for d in digits:
            seen[d] = plane[d - 1]

    def changed_units(self, technique: str) -> list[int]:
        """The units (indices into geo.units) whose cells have changed since `technique` last found
        nothing in them (all, the first time): for techniques that look at each unit alone."""
        seen = self.memory.get(technique, {})
        return [u for u in range(len(self.geo.units)) if seen.get(u) != self._unit_key(u)]

    def settle_units(self, technique: str, units: Sequence[int]) -> None:
        """Remember that `technique` found nothing in `units` as their cells stand now."""
        seen = self.memory.setdefault(technique, {})
        for u in units:
            seen[u] = self._unit_key(u)

    def _unit_key(self, u: int) -> tuple[object, object]:
        pick = self.geo.pick[u]
        return pick(self.cand), pick(self.value)

    def places(self, unit: tuple[int, ...], bit: int) -> list[int]:
        """The open cells of `unit` that may still take the digit whose bit is `bit`."""
        value, cand = self.value, self.cand
        return [i for i in unit if not value[i] and cand[i] & bit]

    def open_cells(self, unit: tuple[int, ...]) -> list[int]:
        value = self.value
        return [i for i in unit if not value[i]]

    def missing(self, unit: tuple[int, ...]) -> int:
        """The digits (as bits) not yet placed in `unit`."""
        placed = 0
        for i in unit:
            if self.value[i]:
                placed |= 1 << (self.value[i] - 1)
        return ((1 << self.n) - 1) & ~placed

    def units_of(self, i: int) -> tuple[int, ...]:
        """The row, column and region unit indices of cell i, then its diagonals'."""
        return self.geo.units_of[i]

    def spots(self, u: int, digit: int) -> int:
        """`places` as a cell set: the open cells of unit u (an index into geo.units) that may take
        `digit` (bit i for cell i; a unit's cells ascend, so its bits read in the unit's order)."""
        return self.plane[digit - 1] & self.geo.masks[u]

    def lacks(self, u: int) -> int:
        """`missing` by unit index: the digits (as bits) not yet placed in unit u."""
        return ((1 << self.n) - 1) & ~self.done[u]

    def open_in(self, u: int) -> int:
        """The open cells of unit u, as a cell set."""
        return self.open & self.geo.masks[u]


def cells_of(spots: int) -> list[int]:
    """The cells of a cell set, ascending."""
    out = []
    while spots:
        low = spots & -spots
        out.append(low.bit_length() - 1)
        spots ^= low
    return out


def is_single(spots: int) -> bool:
    """Exactly one cell (or digit) in the set."""
    return spots != 0 and spots & (spots - 1) == 0


def _spell(mask: int) -> tuple[int, ...]:
    return tuple(d for d in range(1, mask.bit_length() + 1) if mask >> (d - 1) & 1)


_SMALL = tuple(_spell(mask) for mask in range(1 << 9))
"""digits_of for every 9x9 mask, looked up rather than worked out: the solve asks it constantly."""


def digits_of(mask: int) -> tuple[int, ...]:
    """The digits whose bits are set, ascending."""
    return _SMALL[mask] if mask < 512 else _spell(mask)
