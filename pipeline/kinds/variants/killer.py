"""The techniques a person uses on Killer Sudoku's cages, each a function from pencil marks to one
Step (or None), beside the classic ones (pipeline.kinds.sudoku.techniques), which read a Killer's
rows, columns and boxes and see a cage's cells as peers (a cage never repeats a digit).

- cage combinations: the digit sets a cage's total allows, kept only when its cells can still take
  them (each cell a digit of the set, each digit a cell), narrow its cells;
- a digit every such set holds must be in the cage: cells that see all its places there lose it;
- the rule of 45: a row, column or box holds 1..9, so its cells sum to 45 (n(n+1)/2 on other sizes).
  Less the totals of the cages wholly inside, the rest of it (the innies) has a known sum, and so do
  the cells its other cages put outside it (the outies). One cell left is placed; two to four act as
  a cage of their own (a hidden cage for innies, a split cage for outies). The same over unions of
  two or three neighbouring rows, columns or boxes is harder to see, and weighs more.

Ratings sit on the classic scale's bands (grade.py) so the levels mean the same: singles and cage
combinations are easy, the rule of 45 on one house medium, on unions of houses hard.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import lru_cache

from pipeline.kinds.sudoku.houses import Houses
from pipeline.kinds.sudoku.marks import Geometry, Marks, Step, cells_of, digits_of
from pipeline.kinds.sudoku import techniques as t
from pipeline.kinds.variants.cages import combos

MOST_HIDDEN = 4
"""The most open cells a hidden or split cage may have: a person adds up a few cells, not a row."""

RERATED = {"naked_single": 1.4, "hidden_single_line": 1.4}
"""Classic techniques weighed lighter on a Killer: with no givens every placement ends in a single,
and a cell's candidates are what its cage's combinations leave, not what a person must recount."""


def one_cell_cage(m: Marks) -> Step | None:
    """A cage of one cell holds its total.  (1.0)"""
    for k, cage in enumerate(m.geo.houses.cages):
        (i, *more) = cage.cells
        if not more and not m.value[i]:
            return Step("one_cell_cage", 1.0, place=((i, cage.total),), cells=(i,), digits=(cage.total,), cages=(k,))
    return None


def cage_combination(m: Marks) -> Step | None:
    """A cage's cells take only the digits of the sets its total allows that they can still fill.  (1.3)

        [17 in two cells] {1..9} {1..9}  ->  {8,9} {8,9}
    """
    n = m.n
    seen = m.memory.setdefault("cage_combination", {})
    for k, cage in enumerate(m.geo.houses.cages):
        cells = cage.cells
        now = tuple(m.cand[i] for i in cells)
        if seen.get(k) == now or all(m.value[i] for i in cells):
            continue
        usable = _usable(n, now, cage.total)
        erased = [(i, d) for i, keep in zip(cells, usable) if not m.value[i] for d in digits_of(m.cand[i] & ~keep)]
        if erased:
            return Step("cage_combination", 1.3, remove=tuple(erased), cells=cells, cages=(k,))
        seen[k] = now
    return None


def cage_pointing(m: Marks) -> Step | None:
    """A digit every set the cage may take holds is in the cage: cells outside it that see all its
    places there lose it.  (2.0)

        [3 in two cells] {1,2} {1,2}: 1 and 2 leave the cells seeing both
    """
    n, sight, plane = m.n, m.geo.sight, m.plane
    for k, cage in enumerate(m.geo.houses.cages):
        cells = cage.cells
        if all(m.value[i] for i in cells):
            continue
        now = tuple(m.cand[i] for i in cells)
        usable = _usable(n, now, cage.total)
        needed = _needed(n, now, cage.total)
        inside = sum(1 << i for i in cells)
        for digit in digits_of(needed):
            bit = 1 << (digit - 1)
            places = [i for i, keep in zip(cells, usable) if not m.value[i] and keep & bit]
            if not places or any(m.value[i] == digit for i in cells):
                continue
            seeing = plane[digit - 1] & ~inside
            for i in places:
                seeing &= sight[i]
            if seeing:
                return Step("cage_pointing", 2.0, remove=tuple((i, digit) for i in cells_of(seeing)),
                            cells=tuple(places), digits=(digit,), cages=(k,))
    return None


@dataclass(frozen=True)
class _Area:
    """A house or a union of neighbouring houses, and what the rule of 45 knows about it before any
    digit is placed: the cells its crossing cages keep inside (innies) and put outside (outies), and
    the sums of each."""

    units: tuple[int, ...]
    innies: tuple[int, ...]
    innie_total: int
    outies: tuple[int, ...]
    outie_total: int
    cages: tuple[int, ...]
    """The cages crossing its border."""


@lru_cache(maxsize=64)
def _areas(houses: Houses, box: tuple[int, int] | None, union: bool) -> tuple[_Area, ...]:
    """Every single house (union False), or every union of two or three neighbouring rows, columns or
    boxes in a band or stack (union True), that has cages crossing its border."""
    n = houses.n
    every = houses.units()
    groups: list[tuple[int, ...]] = []
    if not union:
        groups = [(u,) for u in range(3 * n)]
    else:
        for start in (0, n):  # rows, then columns
            for size in (2, 3):
                groups += [tuple(start + k for k in range(first, first + size)) for first in range(n - size + 1)]
        if box is not None:
            across = n // box[1]  # boxes in a band
            down = n // box[0]  # boxes in a stack
            for size in (2, 3):
                for band in range(down):
                    groups += [tuple(2 * n + band * across + k for k in range(first, first + size))
                               for first in range(across - size + 1)]
                for stack in range(across):
                    groups += [tuple(2 * n + (first + k) * across + stack for k in range(size))
                               for first in range(down - size + 1)]
    full = n * (n + 1) // 2
    found = []
    for units in groups:
        area = set().union(*(every[u] for u in units))
        inside_total, crossing = 0, []
        for k, cage in enumerate(houses.cages):
            held = area.intersection(cage.cells)
            if len(held) == len(cage.cells):
                inside_total += cage.total
            elif held:
                crossing.append(k)
        if not crossing:
            continue
        innies = tuple(sorted(i for k in crossing for i in houses.cages[k].cells if i in area))
        outies = tuple(sorted(i for k in crossing for i in houses.cages[k].cells if i not in area))
        innie_total = len(units) * full - inside_total
        outie_total = sum(houses.cages[k].total for k in crossing) - innie_total
        found.append(_Area(units, innies, innie_total, outies, outie_total, tuple(crossing)))
    return tuple(found)


def _box(geo: Geometry) -> tuple[int, int] | None:
    """A boxed grid's box (rows, columns), read from its regions; None when they are not boxes."""
    n = geo.n
    first = geo.boxes[0]
    rows = len({i // n for i in first})
    cols = n // rows if rows else 0
    if rows * cols != n or any(len({i // n for i in unit}) != rows or len({i % n for i in unit}) != cols
                               for unit in geo.boxes):
        return None
    return rows, cols


def _forty_five(m: Marks, union: bool, name: str, rating: float, outside: bool | None, group: bool) -> Step | None:
    """The rule of 45 on each area (see _areas): its innies (outside False), outies (True) or either
    (None); a one-cell remainder when not `group`, else a two- to four-cell one that loses digits."""
    geo = m.geo
    sides = (False, True) if outside is None else (outside,)
    for area in _areas(geo.houses, _box(geo), union):
        for out in sides:
            cells, total = (area.outies, area.outie_total) if out else (area.innies, area.innie_total)
            rest = [i for i in cells if not m.value[i]]
            total -= sum(m.value[i] for i in cells)
            if not rest or (len(rest) == 1) == group or len(rest) > MOST_HIDDEN:
                continue
            step = _sum_step(m, rest, total, name, rating)
            if step is not None:
                return replace(step, units=area.units, cages=area.cages)
    return None


def _sum_step(m: Marks, cells: list[int], total: int, name: str, rating: float) -> Step | None:
    """The step a remainder of `cells` summing to `total` gives: the one cell's digit, or the
    candidates no way of making the total uses."""
    if len(cells) == 1:
        (i,) = cells
        if 1 <= total <= m.n and m.cand[i] >> (total - 1) & 1:
            return Step(name, rating, place=((i, total),), cells=(i,), digits=(total,))
        return None
    usable = _virtual(m, cells, total)
    erased = [(i, d) for i, keep in zip(cells, usable) for d in digits_of(m.cand[i] & ~keep)]
    if erased:
        return Step(name, rating, remove=tuple(erased), cells=tuple(cells))
    return None


def rule_of_45(m: Marks) -> Step | None:
    """A row, column or box sums to 45: less its whole cages, the one cell left inside it (or the one
    its other cages put outside it) holds what is missing.  (1.7)"""
    return _forty_five(m, False, "rule_of_45", 1.7, None, False)


def hidden_cage(m: Marks) -> Step | None:
    """The cells a house's whole cages leave (two to four of them) sum to what the rule of 45 says:
    they act as a cage of their own.  (2.2)"""
    return _forty_five(m, False, "hidden_cage", 2.2, False, True)


def cage_splitting(m: Marks) -> Step | None:
    """Cages crossing out of a house: the rule of 45 gives the sum of the part inside, so the cells
    outside (two to four of them) sum to the rest, and act as a cage of their own.  (2.4)"""
    return _forty_five(m, False, "cage_splitting", 2.4, True, True)


def rule_of_45_union(m: Marks) -> Step | None:
    """The rule of 45 over two or three neighbouring rows, columns or boxes (90 or 135): a cell it
    leaves is placed, or a few cells act as a cage.  (3.0)"""
    return _forty_five(m, True, "rule_of_45_union", 3.0, None, False) or _forty_five(
        m, True, "rule_of_45_union", 3.0, None, True)


@lru_cache(maxsize=1 << 16)
def _usable(n: int, cand: tuple[int, ...], total: int) -> tuple[int, ...]:
    """Per cell of a cage, the digits some set its total allows can give it while every other cell of
    the cage takes another digit of the same set (a matching, found by dynamic programming over the
    set's digits used so far)."""
    size = len(cand)
    usable = [0] * size
    for combo in combos(n, size, total):
        ahead: list[set[int]] = [{0}]
        for c in cand:
            ahead.append({used | bit for used in ahead[-1] for bit in _bits(c & combo & ~used)})
        if combo not in ahead[-1]:
            continue
        behind: list[set[int]] = [set() for _ in range(size + 1)]
        behind[size] = {0}
        for j in range(size - 1, -1, -1):
            behind[j] = {used | bit for used in behind[j + 1] for bit in _bits(cand[j] & combo & ~used)}
        for j in range(size):
            for before in ahead[j]:
                for bit in _bits(cand[j] & combo & ~before):
                    if combo & ~before & ~bit in behind[j + 1]:
                        usable[j] |= bit
    return tuple(usable)


@lru_cache(maxsize=1 << 16)
def _needed(n: int, cand: tuple[int, ...], total: int) -> int:
    """The digits every set the cage can still fill holds."""
    needed = -1
    for combo in combos(n, len(cand), total):
        every = 0
        for c in cand:
            every |= c & combo
        if every == combo and all(c & combo for c in cand):
            needed &= combo
    return needed if needed != -1 else 0


def _virtual(m: Marks, cells: list[int], total: int) -> list[int]:
    """Per cell, the digits it takes in some way of filling `cells` from their candidates that sums to
    `total`, cells that see each other holding different digits (cells that don't may repeat one)."""
    sight, cand, count = m.geo.sight, m.cand, len(cells)
    usable = [0] * count
    chosen = [0] * count

    def fill(j: int, left: int) -> bool:
        if j == count:
            if left:
                return False
            for k in range(count):
                usable[k] |= 1 << (chosen[k] - 1)
            return True
        found = False
        for digit in digits_of(cand[cells[j]]):
            if digit > left or any(chosen[k] == digit and sight[cells[k]] >> cells[j] & 1 for k in range(j)):
                continue
            chosen[j] = digit
            if fill(j + 1, left - digit):
                found = True
        return found

    fill(0, total)
    return usable


def _bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low)
        mask ^= low
    return out


def killer_naked_single(m: Marks) -> Step | None:
    """A naked single, weighed as on a Killer (see RERATED)."""
    step = t.naked_single(m)
    return None if step is None else replace(step, rating=RERATED["naked_single"])


def killer_hidden_single_line(m: Marks) -> Step | None:
    """A hidden single in a line, weighed as on a Killer (see RERATED)."""
    step = t.hidden_single_line(m)
    return None if step is None else replace(step, rating=RERATED["hidden_single_line"])


KILLER_TECHNIQUES: tuple[Callable[[Marks], Step | None], ...] = (
    t.full_house, one_cell_cage, t.hidden_single_box, cage_combination, killer_naked_single,
    killer_hidden_single_line, rule_of_45, t.direct_pointing, t.direct_claiming, cage_pointing,
    t.direct_hidden_pair, hidden_cage, cage_splitting, t.direct_hidden_triple, t.pointing, t.claiming, t.naked_pair,
    rule_of_45_union, t.x_wing, t.hidden_pair, t.naked_triple, t.swordfish, t.hidden_triple, t.skyscraper,
    t.two_string_kite, t.xy_wing, t.xyz_wing, t.naked_quad, t.jellyfish, t.hidden_quad, t.w_wing,
    *t.CHAINS,
)
"""The classic techniques (less the uniqueness patterns, whose swaps would break cage sums), singles
weighed as on a Killer, and the cage techniques, lightest first: a solver takes the first that helps."""

NAMES: dict[str, str] = {
    "one_cell_cage": "one-cell cage",
    "cage_combination": "cage combinations",
    "rule_of_45": "rule of 45",
    "cage_pointing": "cage pointing",
    "hidden_cage": "hidden cage",
    "cage_splitting": "cage splitting",
    "rule_of_45_union": "rule of 45 on several houses",
}
"""How the cage techniques are printed."""
