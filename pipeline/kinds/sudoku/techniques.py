"""The solving techniques a person uses, each a function from pencil marks to one Step (or None),
rated on Sudoku Explainer's scale (the weight ../shared/corpus/README.md lists for each).

Diagrams: `.` any cell, `x` the pattern's cells, `-` where a digit is erased, `*` where one is
placed. Every function returns the first instance it finds, in unit order, so a solve is
reproducible; none searches or guesses.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from pipeline.kinds.sudoku.chains import (
    cell_forcing_chain,
    forcing_chain,
    nishio,
    region_forcing_chain,
)
from pipeline.kinds.sudoku.marks import REGION, Marks, Step, cells_of, digits_of, is_single


def full_house(m: Marks) -> Step | None:
    """The last open cell of a row, column or box takes the one digit the unit lacks.  (1.0)

        1 2 3 4 5 6 7 8 *      -> 9
    """
    for u in range(len(m.geo.units)):
        here = m.open_in(u)
        if is_single(here):
            cell = here.bit_length() - 1
            (digit,) = digits_of(m.lacks(u)) or [0]
            return Step("full_house", 1.0, place=((cell, digit),), cells=(cell,), units=(u,), digits=(digit,))
    return None


def _hidden_single(m: Marks, units: Sequence[int], name: str, rating: float) -> Step | None:
    for u in units:
        for digit in digits_of(m.lacks(u)):
            here = m.spots(u, digit)
            if is_single(here):
                cell = here.bit_length() - 1
                return Step(name, rating, place=((cell, digit),), cells=(cell,), units=(u,), digits=(digit,))
    return None


def hidden_single_box(m: Marks) -> Step | None:
    """A digit with one place left in a box goes there.  (1.2)

        x x .        the box's other cells are taken or see the digit
        . * .
        x . x
    """
    return _hidden_single(m, m.geo.regions, "hidden_single_box", 1.2)


def hidden_single_line(m: Marks) -> Step | None:
    """A digit with one place left in a row or column (or a diagonal of Sudoku X) goes there.  (1.5)

        x x x * x x x x x
    """
    return _hidden_single(m, m.geo.lines, "hidden_single_line", 1.5)


def naked_single(m: Marks) -> Step | None:
    """A cell with one candidate left takes it.  (2.3)

        every other digit is in the cell's row, column or box
    """
    cand, value = m.cand, m.value
    for i in range(len(cand)):
        if not value[i] and cand[i] & (cand[i] - 1) == 0:
            digit = cand[i].bit_length()
            return Step("naked_single", 2.3, place=((i, digit),), cells=(i,), digits=(digit,))
    return None


def _locked(m: Marks, claiming: bool, technique: str):
    """(digit, base unit, cross unit, pattern cells, erased cells) for every locked candidate: the digit's
    places in the base unit all lie in the cross unit, so it leaves the rest of the cross unit.
    Pointing: base a region (a box), cross a line (a row, column or diagonal). Claiming: base a
    line, cross a region.
    Only digits changed since `technique` last found nothing are looked at; run to the end, the
    search tells the marks that `technique` found nothing on them."""
    geo = m.geo
    bases = geo.lines if claiming else geo.regions
    kind_of = geo.kind_of
    changed = m.changed_digits(technique)
    wanted = sum(1 << (d - 1) for d in changed)
    for u in bases:
        for digit in digits_of(m.lacks(u) & wanted):
            here = m.spots(u, digit)
            if here & (here - 1) == 0:  # fewer than two places
                continue
            first = (here & -here).bit_length() - 1
            for cross in geo.units_of[first]:
                if (kind_of[cross] == REGION) != claiming or cross == u:
                    continue
                if not here & ~geo.masks[cross]:  # every place lies in the cross unit
                    gone = m.spots(cross, digit) & ~here
                    if gone:
                        yield digit, u, cross, cells_of(here), cells_of(gone)
    m.settle_digits(technique, changed)


def _direct(m: Marks, digit: int, erased: list[int], base: int) -> tuple[int, int] | None:
    """The hidden single that erasing `digit` from `erased` leaves in another unit of the base unit's
    kind (another box for pointing, another row or column for claiming), as Sudoku Explainer looks."""
    gone = sum(1 << i for i in erased)
    kind_of = m.geo.kind_of
    kind = kind_of[base]
    for i in erased:
        found = [u for u in m.units_of(i) if kind_of[u] == kind and u != base]
        if not found:
            continue
        u = found[0]
        here = m.spots(u, digit)
        left = here & ~gone
        if here & (here - 1) and is_single(left):
            return left.bit_length() - 1, u
    return None


def direct_pointing(m: Marks) -> Step | None:
    """Pointing (below) that leaves the digit one place in another unit, which takes it.  (1.7)"""
    return _direct_locked(m, claiming=False)


def direct_claiming(m: Marks) -> Step | None:
    """Claiming (below) that leaves the digit one place in another unit, which takes it.  (1.9)"""
    return _direct_locked(m, claiming=True)


def _direct_locked(m: Marks, claiming: bool) -> Step | None:
    name, rating = ("direct_claiming", 1.9) if claiming else ("direct_pointing", 1.7)
    for digit, base, cross, where, erased in _locked(m, claiming, name):
        found = _direct(m, digit, erased, base)
        if found:
            cell, unit = found
            return Step(name, rating, place=((cell, digit),), remove=tuple((i, digit) for i in erased),
                        cells=tuple(where), units=(base, cross, unit), digits=(digit,))
    return None


def pointing(m: Marks) -> Step | None:
    """A digit whose places in a box all lie in one row (or column) leaves the rest of that line.  (2.6)

        x x .  - - -  - - -
    """
    for digit, base, cross, where, erased in _locked(m, False, "pointing"):
        return Step("pointing", 2.6, remove=tuple((i, digit) for i in erased), cells=tuple(where),
                    units=(base, cross), digits=(digit,))
    return None


def claiming(m: Marks) -> Step | None:
    """A digit whose places in a row (or column) all lie in one box leaves the rest of that box.  (2.8)

        - - -
        x x .  .  .  .  (no other place in the row)
        - - -
    """
    for digit, base, cross, where, erased in _locked(m, True, "claiming"):
        return Step("claiming", 2.8, remove=tuple((i, digit) for i in erased), cells=tuple(where),
                    units=(base, cross), digits=(digit,))
    return None


def _naked(m: Marks, k: int, technique: str):
    """(unit, cells, digits mask, erasures) of every naked set of k cells: k cells holding only k digits
    between them, which leave the unit's other cells. Only units changed since `technique` last
    found nothing are looked at (as in _locked)."""
    cand = m.cand
    changed = m.changed_units(technique)
    for u in changed:
        here = m.open_in(u)
        if here.bit_count() < 2 * k:
            continue  # a smaller set of the other cells says the same (Sudoku Explainer looks no further)
        unit_open = cells_of(here)
        open_cells = [i for i in unit_open if 2 <= cand[i].bit_count() <= k]
        if len(open_cells) < k:
            continue
        for group in combinations(open_cells, k):
            union = 0
            for i in group:
                union |= cand[i]
            if union.bit_count() != k:
                continue
            erased = [(i, d) for i in unit_open if i not in group for d in digits_of(cand[i] & union)]
            if erased:
                yield u, group, union, erased
    m.settle_units(technique, changed)


def _hidden(m: Marks, k: int, technique: str, direct: bool = False):
    """(unit, cells, digits, erasures) of every hidden set: k digits whose places in a unit are k
    cells, which then take no other digit. Like Sudoku Explainer, only in units with more than 2k
    open cells (k for the direct form): in smaller ones a naked set says the same. Only units
    changed since `technique` last found nothing are looked at (as in _locked)."""
    cand = m.cand
    changed = m.changed_units(technique)
    for u in changed:
        if m.open_in(u).bit_count() <= (k if direct else 2 * k):
            continue
        spots = {d: m.spots(u, d) for d in digits_of(m.lacks(u))}
        digits = [d for d, here in spots.items() if 2 <= here.bit_count() <= k]
        if len(digits) < k:
            continue
        for group in combinations(digits, k):
            union = 0
            for d in group:
                union |= spots[d]
            if union.bit_count() != k:
                continue
            cells = cells_of(union)
            keep = sum(1 << (d - 1) for d in group)
            erased = [(i, d) for i in cells for d in digits_of(cand[i] & ~keep)]
            if erased:
                yield u, tuple(cells), group, erased
    m.settle_units(technique, changed)


def _subset_step(name: str, rating: float, u: int, cells, digits, erased) -> Step:
    return Step(name, rating, remove=tuple(erased), cells=tuple(cells), units=(u,), digits=tuple(digits))


def naked_pair(m: Marks) -> Step | None:
    """Two cells of a unit holding only the same two digits: those digits leave the unit's other cells.  (3.0)

        {1,2} {1,2}  -1-2  -1-2 ...
    """
    for u, cells, union, erased in _naked(m, 2, "naked_pair"):
        return _subset_step("naked_pair", 3.0, u, cells, digits_of(union), erased)
    return None


def naked_triple(m: Marks) -> Step | None:
    """Three cells of a unit holding only three digits between them: those leave the other cells.  (3.6)"""
    for u, cells, union, erased in _naked(m, 3, "naked_triple"):
        return _subset_step("naked_triple", 3.6, u, cells, digits_of(union), erased)
    return None


def naked_quad(m: Marks) -> Step | None:
    """Four cells of a unit holding only four digits between them: those leave the other cells.  (5.0)"""
    for u, cells, union, erased in _naked(m, 4, "naked_quad"):
        return _subset_step("naked_quad", 5.0, u, cells, digits_of(union), erased)
    return None


def hidden_pair(m: Marks) -> Step | None:
    """Two digits with the same two places in a unit: those cells take no other digit.  (3.4)

        {1,2,5} {1,2,7}  (1 and 2 nowhere else in the unit)  ->  5 and 7 erased
    """
    for u, cells, group, erased in _hidden(m, 2, "hidden_pair"):
        return _subset_step("hidden_pair", 3.4, u, cells, group, erased)
    return None


def hidden_triple(m: Marks) -> Step | None:
    """Three digits confined to the same three cells of a unit: those cells take no other digit.  (4.0)"""
    for u, cells, group, erased in _hidden(m, 3, "hidden_triple"):
        return _subset_step("hidden_triple", 4.0, u, cells, group, erased)
    return None


def hidden_quad(m: Marks) -> Step | None:
    """Four digits confined to the same four cells of a unit: those cells take no other digit.  (5.4)"""
    for u, cells, group, erased in _hidden(m, 4, "hidden_quad"):
        return _subset_step("hidden_quad", 5.4, u, cells, group, erased)
    return None


def _direct_hidden(m: Marks, k: int, name: str, rating: float) -> Step | None:
    for u, cells, group, erased in _hidden(m, k, name, direct=True):
        inside = sum(1 << i for i in cells)
        for digit in digits_of(m.lacks(u)):
            if digit in group:
                continue
            here = m.spots(u, digit)
            left = here & ~inside
            if here & (here - 1) and is_single(left):
                return Step(name, rating, place=((left.bit_length() - 1, digit),), remove=tuple(erased), cells=cells,
                            units=(u,), digits=(*group, digit))
    return None


def direct_hidden_pair(m: Marks) -> Step | None:
    """A hidden pair whose erasures leave another digit one place in the same unit: it goes there.  (2.0)"""
    return _direct_hidden(m, 2, "direct_hidden_pair", 2.0)


def direct_hidden_triple(m: Marks) -> Step | None:
    """A hidden triple whose erasures leave another digit one place in the same unit: it goes there.  (2.5)"""
    return _direct_hidden(m, 3, "direct_hidden_triple", 2.5)


def _fish(m: Marks, k: int, name: str, rating: float) -> Step | None:
    """k rows where a digit's places lie in only k columns: it leaves those columns' other rows (and
    the same with rows and columns swapped)."""
    n = m.n
    for digit in m.changed_digits(name):
        for base_start, cover_start in ((0, n), (n, 0)):
            # Each base line with two to k places: its places, and the cover lines they lie in (as bits).
            lines = []
            for b in range(n):
                here = m.spots(base_start + b, digit)
                if 2 <= here.bit_count() <= k:
                    across = 0
                    for i in cells_of(here):
                        across |= 1 << ((i % n) if base_start == 0 else (i // n))
                    lines.append((b, here, across))
            for group in combinations(lines, k):
                spread = inside = 0
                for _, here, across in group:
                    spread |= across
                    inside |= here
                if spread.bit_count() != k:
                    continue
                covers = cells_of(spread)
                erased = [(i, digit) for c in covers for i in cells_of(m.spots(cover_start + c, digit) & ~inside)]
                if erased:
                    return Step(name, rating, remove=tuple(erased), cells=tuple(cells_of(inside)),
                                units=(*(base_start + b for b, _, _ in group), *(cover_start + c for c in covers)),
                                digits=(digit,))
        m.settle_digits(name, (digit,))
    return None


def x_wing(m: Marks) -> Step | None:
    """A digit with two places in each of two rows, in the same two columns: it leaves the rest of
    those columns (or rows and columns swapped).  (3.2)

        x . . x
        - . . -
        x . . x
    """
    return _fish(m, 2, "x_wing", 3.2)


def swordfish(m: Marks) -> Step | None:
    """The X-wing with three rows and three columns.  (3.8)"""
    return _fish(m, 3, "swordfish", 3.8)


def jellyfish(m: Marks) -> Step | None:
    """The X-wing with four rows and four columns.  (5.2)"""
    return _fish(m, 4, "jellyfish", 5.2)


def _sees(m: Marks, a: int, b: int) -> bool:
    """b is one of a's peers (a cell is not its own)."""
    return a != b and m.geo.sight[a] >> b & 1 == 1


def _strong_links(m: Marks, digit: int, lines: range) -> list[tuple[int, int, int]]:
    """(unit, cell, cell) for each row or column where the digit has exactly two places."""
    out = []
    for u in lines:
        here = m.spots(u, digit)
        if here.bit_count() == 2:
            low = here & -here
            out.append((u, low.bit_length() - 1, (here ^ low).bit_length() - 1))
    return out


def _seen_by_both(m: Marks, digit: int, a: int, b: int, exclude: set[int]) -> list[tuple[int, int]]:
    """The open cells that see both a and b and may take the digit, but those in `exclude`."""
    sight = m.geo.sight
    both = sight[a] & sight[b] & m.plane[digit - 1] & ~((1 << a) | (1 << b))
    for i in exclude:
        both &= ~(1 << i)
    return [(i, digit) for i in cells_of(both)]


def skyscraper(m: Marks) -> Step | None:
    """Two rows where a digit has two places each, one end of each in the same column: one of the two
    other ends holds the digit, so cells seeing both lose it (or rows and columns swapped).  (4.0)

        x . . . x
        . - - . .
        x . . . . x
    """
    n = m.n
    for digit in m.changed_digits("skyscraper"):
        for lines, across in ((range(0, n), lambda i: i % n), (range(n, 2 * n), lambda i: i // n)):
            links = _strong_links(m, digit, lines)
            for (u1, a1, a2), (u2, b1, b2) in combinations(links, 2):
                for (base1, top1), (base2, top2) in (((a1, a2), (b1, b2)), ((a1, a2), (b2, b1)),
                                                      ((a2, a1), (b1, b2)), ((a2, a1), (b2, b1))):
                    if across(base1) != across(base2) or across(top1) == across(top2):
                        continue
                    erased = _seen_by_both(m, digit, top1, top2, {a1, a2, b1, b2})
                    if erased:
                        return Step("skyscraper", 4.0, remove=tuple(erased), cells=(a1, a2, b1, b2),
                                    units=(u1, u2), digits=(digit,))
        m.settle_digits("skyscraper", (digit,))
    return None


def two_string_kite(m: Marks) -> Step | None:
    """A row and a column where a digit has two places each, one end of each in the same box: one of
    the other two ends holds the digit, so the cell seeing both loses it.  (4.1)"""
    n, box_of = m.n, m.geo.box_of
    for digit in m.changed_digits("two_string_kite"):
        rows = _strong_links(m, digit, range(0, n))
        cols = _strong_links(m, digit, range(n, 2 * n))
        for ur, r1, r2 in rows:
            for uc, c1, c2 in cols:
                for (near_r, far_r), (near_c, far_c) in (((r1, r2), (c1, c2)), ((r1, r2), (c2, c1)),
                                                        ((r2, r1), (c1, c2)), ((r2, r1), (c2, c1))):
                    if near_r == near_c or box_of[near_r] != box_of[near_c]:
                        continue
                    if len({r1, r2, c1, c2}) < 4:
                        continue
                    erased = _seen_by_both(m, digit, far_r, far_c, {r1, r2, c1, c2})
                    if erased:
                        return Step("two_string_kite", 4.1, remove=tuple(erased), cells=(r1, r2, c1, c2),
                                    units=(ur, uc), digits=(digit,))
        m.settle_digits("two_string_kite", (digit,))
    return None


def _pairs(m: Marks) -> list[int]:
    return [i for i in range(len(m.cand)) if not m.value[i] and m.cand[i].bit_count() == 2]


def xy_wing(m: Marks) -> Step | None:
    """A cell with two candidates {x,y} seeing a cell {x,z} and a cell {y,z}: whichever the pivot takes,
    one pincer is z, so cells seeing both pincers lose z.  (4.2)

        {x,y} . . {x,z}
        .     . .  .
        {y,z} . .  -z
    """
    cand = m.cand
    pairs = _pairs(m)
    for pivot in pairs:
        wings = [i for i in pairs if i != pivot and _sees(m, pivot, i) and (cand[i] & cand[pivot]).bit_count() == 1]
        for a, b in combinations(wings, 2):
            z = cand[a] & cand[b] & ~cand[pivot]
            if z.bit_count() != 1 or cand[a] & cand[pivot] == cand[b] & cand[pivot]:
                continue  # the wings must hold the pivot's two different digits
            digit = z.bit_length()
            erased = _seen_by_both(m, digit, a, b, {pivot, a, b})
            if erased:
                return Step("xy_wing", 4.2, remove=tuple(erased), cells=(pivot, a, b), digits=(digit,))
    return None


def xyz_wing(m: Marks) -> Step | None:
    """A cell {x,y,z} seeing a cell {x,z} and a cell {y,z}: one of the three is z, so cells seeing all
    three lose z.  (4.4)"""
    cand = m.cand
    pairs = _pairs(m)
    for pivot in range(len(cand)):
        if m.value[pivot] or cand[pivot].bit_count() != 3:
            continue
        wings = [i for i in pairs if _sees(m, pivot, i) and cand[i] & ~cand[pivot] == 0]
        for a, b in combinations(wings, 2):
            z = cand[a] & cand[b]
            if z.bit_count() != 1 or cand[a] == cand[b]:
                continue
            digit = z.bit_length()
            erased = [(i, d) for i, d in _seen_by_both(m, digit, a, b, {pivot, a, b}) if _sees(m, i, pivot)]
            if erased:
                return Step("xyz_wing", 4.4, remove=tuple(erased), cells=(pivot, a, b), digits=(digit,))
    return None


def w_wing(m: Marks) -> Step | None:
    """Two cells {x,y} that do not see each other, joined by a strong link on x (a unit where x has
    only two places, one seeing each cell): one of the two cells is y, so cells seeing both lose y.
    (6.6)

    Sudoku Explainer has no W-wing: it makes the same elimination with a chain of X- and Y-links,
    so the pattern is rated and ordered as the lightest chain, which keeps the scale SE's.

        {x,y} .  x . . .        x has two places in this row, one seen by each {x,y}
        .     .  . . . .
        -y    .  . . x {x,y}
    """
    cand = m.cand
    pairs = _pairs(m)
    for a, b in combinations(pairs, 2):
        if cand[a] != cand[b] or _sees(m, a, b):
            continue
        ends = (1 << a) | (1 << b)
        for link, drop in (digits_of(cand[a]), digits_of(cand[a])[::-1]):
            for u in range(len(m.geo.units)):
                here = m.spots(u, link)
                if here.bit_count() != 2 or here & ends:
                    continue
                p, q = cells_of(here)
                if not (_sees(m, p, a) and _sees(m, q, b) or _sees(m, p, b) and _sees(m, q, a)):
                    continue
                erased = _seen_by_both(m, drop, a, b, {a, b})
                if erased:
                    return Step("w_wing", 6.6, remove=tuple(erased), cells=(a, b, p, q), units=(u,),
                                digits=(drop, link))
    return None


def _rectangles(m: Marks):
    """(cells, digits a and b as one mask) for every unique-rectangle candidate: four open cells on two
    rows, two columns and two boxes that all may still take the same two digits, one of them no other
    (each type needs such a corner)."""
    if not m.geo.classic:
        return  # the swap the pattern rests on needs k x k boxes and nothing else
    n, box, cand, value = m.n, m.geo.box, m.cand, m.value
    open_columns = [sum(1 << c for c in range(n) if not value[r * n + c]) for r in range(n)]
    for r1, r2 in combinations(range(n), 2):
        same_band = r1 // box == r2 // box
        columns = digits_of(open_columns[r1] & open_columns[r2])
        for c1, c2 in combinations(columns, 2):
            if (c1 - 1) // box == (c2 - 1) // box:
                if same_band:
                    continue
            elif not same_band:
                continue
            cells = (r1 * n + c1 - 1, r1 * n + c2 - 1, r2 * n + c1 - 1, r2 * n + c2 - 1)
            corners = [cand[i] for i in cells]
            common = corners[0] & corners[1] & corners[2] & corners[3]
            if common & (common - 1) == 0:
                continue
            for a, b in combinations(digits_of(common), 2):
                pair = (1 << (a - 1)) | (1 << (b - 1))
                if pair in corners:
                    yield cells, pair


def _roof(m: Marks, cells: tuple[int, ...], pair: int) -> tuple[list[int], list[int]] | None:
    """The rectangle's floor (cells holding just the two digits) and roof (the others), when the floor
    is two cells sharing a row or column with the roof."""
    floor = [i for i in cells if m.cand[i] == pair]
    roof = [i for i in cells if m.cand[i] != pair]
    if len(floor) != 2 or not _sees(m, roof[0], roof[1]):
        return None
    return floor, roof


def unique_rectangle_1(m: Marks) -> Step | None:
    """Three corners of a rectangle over two boxes hold only {a,b}: were the fourth a or b too, the
    two digits could swap and the puzzle would have two solutions, so the fourth loses a and b.  (4.5)

        {a,b} . {a,b}
        {a,b} . {a,b,c}  ->  -a -b
    """
    for cells, pair in _rectangles(m):
        extra = [i for i in cells if m.cand[i] != pair]
        if len(extra) == 1:
            (i,) = extra
            return Step("unique_rectangle_1", 4.5, remove=tuple((i, d) for d in digits_of(pair)), cells=cells,
                        digits=tuple(digits_of(pair)))
    return None


def unique_rectangle_2(m: Marks) -> Step | None:
    """Two corners hold {a,b} and the other two, side by side, {a,b,c}: one of those two is c (or the
    rectangle could swap), so cells seeing both lose c.  (4.5)"""
    for cells, pair in _rectangles(m):
        split = _roof(m, cells, pair)
        if split is None:
            continue
        _, roof = split
        extra = m.cand[roof[0]] & ~pair
        if extra.bit_count() == 1 and m.cand[roof[1]] & ~pair == extra:
            digit = extra.bit_length()
            erased = _seen_by_both(m, digit, roof[0], roof[1], set(cells))
            if erased:
                return Step("unique_rectangle_2", 4.5, remove=tuple(erased), cells=cells,
                            digits=(*digits_of(pair), digit))
    return None


def unique_rectangle_4(m: Marks) -> Step | None:
    """Two corners hold {a,b}; in a unit holding the other two, a has no other place: so one of them is
    a, and neither may be b (or the rectangle could swap).  (4.5)"""
    for cells, pair in _rectangles(m):
        split = _roof(m, cells, pair)
        if split is None:
            continue
        _, roof = split
        for u in set(m.units_of(roof[0])) & set(m.units_of(roof[1])):
            for lock, drop in (digits_of(pair), digits_of(pair)[::-1]):
                if m.spots(u, lock) == (1 << roof[0]) | (1 << roof[1]):
                    return Step("unique_rectangle_4", 4.5, remove=tuple((i, drop) for i in roof), cells=cells,
                                units=(u,), digits=(lock, drop))
    return None


def unique_loop(m: Marks) -> Step | None:
    """A loop of six or eight cells holding {a,b}, every row, column and box it touches holding two
    of them, all but one holding only {a,b}: were that one a or b too, the loop's a and b could swap
    and the puzzle would have two solutions, so it loses a and b.  (4.6)

    Eight cells weigh 4.7 (the four-cell loop is the unique rectangle, above).

        {a,b} -- {a,b}
          |        |          each line a row, column or box with exactly two loop cells
        {a,b}    {a,b}
          |        |
        {a,b} -- {a,b,c}  ->  -a -b
    """
    if not m.geo.classic:
        return None  # the swap the pattern rests on needs k x k boxes and nothing else
    cand, value, units_of = m.cand, m.value, m.geo.units_of
    n = m.n
    by_pair: dict[int, list[int]] = {}
    for i in _pairs(m):
        by_pair.setdefault(cand[i], []).append(i)
    for size in (6, 8):
        for pair in sorted(by_pair):
            cells = by_pair[pair]
            # The loop less its odd cell: every unit it touches holds two of its cells, but for one
            # row, one column and one box holding one each, which must meet at the odd cell.
            for rest in combinations(cells, size - 1):
                count = [0] * (3 * n)
                for i in rest:
                    for u in units_of[i]:
                        count[u] += 1
                if any(c > 2 for c in count):
                    continue
                single = [u for u, c in enumerate(count) if c == 1]
                if len(single) != 3:
                    continue
                row, column, box = single
                target = row * n + column - n
                if (column < n or box < 2 * n or value[target] or cand[target] & pair != pair
                        or cand[target] == pair or units_of[target] != (row, column, box)):
                    continue
                return Step("unique_loop", round(4.5 + (size - 4) / 20, 1),
                            remove=tuple((target, d) for d in digits_of(pair)), cells=(*rest, target),
                            digits=tuple(digits_of(pair)))
    return None


def unique_rectangle_3(m: Marks) -> Step | None:
    """Two corners hold {a,b}; the other two, side by side, hold extra digits between them. One of those
    two takes an extra digit, so together they act as one cell holding the extras: with k-1 other cells
    of their unit they form a naked set of k digits, which leave the unit's other cells.  (4.6)

    With a naked pair 4.6, a triple 4.7, a quad 4.8: the lightest instance is returned.
    """
    best: Step | None = None
    for cells, pair in _rectangles(m):
        split = _roof(m, cells, pair)
        if split is None:
            continue
        _, roof = split
        extras = (m.cand[roof[0]] | m.cand[roof[1]]) & ~pair
        for u in set(m.units_of(roof[0])) & set(m.units_of(roof[1])):
            unit = m.geo.units[u]
            others = [i for i in m.open_cells(unit) if i not in roof]
            for size in range(1, 4):
                for group in combinations(others, size):
                    union = extras
                    for i in group:
                        union |= m.cand[i]
                    if union.bit_count() != size + 1:
                        continue
                    erased = [(i, d) for i in others if i not in group for d in digits_of(m.cand[i] & union)]
                    if erased:
                        rating = round(4.5 + 0.1 * size, 1)
                        if best is None or rating < best.rating:
                            best = Step("unique_rectangle_3", rating, remove=tuple(erased), cells=(*cells, *group),
                                        units=(u,), digits=tuple(digits_of(union)))
                        break
    return best


def bug_plus_one(m: Marks) -> Step | None:
    """Bivalue universal grave + 1: every open cell holds two candidates but one, which holds three,
    and every digit is a candidate twice in each unit but one digit three times in that cell's units.
    Without that digit there the grid would have two solutions, so the cell takes it.  (5.6)"""
    if not m.geo.classic:
        return None  # the swap the pattern rests on needs k x k boxes and nothing else
    cand, value = m.cand, m.value
    triple = [i for i in range(len(cand)) if not value[i] and cand[i].bit_count() != 2]
    if len(triple) != 1 or cand[triple[0]].bit_count() != 3:
        return None
    (cell,) = triple
    for u, mask in enumerate(m.geo.masks):
        for digit in digits_of(m.lacks(u)):
            count = m.spots(u, digit).bit_count()
            if count != 2 and not (count == 3 and mask >> cell & 1):
                return None
    for digit in digits_of(cand[cell]):
        if all(m.spots(u, digit).bit_count() == 3 for u in m.units_of(cell)):
            return Step("bug_plus_one", 5.6, place=((cell, digit),), cells=(cell,), digits=(digit,))
    return None


TECHNIQUES = (
    full_house, hidden_single_box, hidden_single_line, direct_pointing, direct_claiming, direct_hidden_pair,
    naked_single, direct_hidden_triple, pointing, claiming, naked_pair, x_wing, hidden_pair, naked_triple,
    swordfish, hidden_triple, skyscraper, two_string_kite, xy_wing, xyz_wing, unique_rectangle_1,
    unique_rectangle_2, unique_rectangle_4, unique_loop, unique_rectangle_3, naked_quad, jellyfish, hidden_quad, bug_plus_one,
    w_wing, forcing_chain, nishio, cell_forcing_chain, region_forcing_chain,
)
"""In Sudoku Explainer's order: easiest first; a solver takes the first that makes progress."""
CHAINS = (forcing_chain, nishio, cell_forcing_chain, region_forcing_chain)
"""The techniques that follow chains of implications rather than look at a pattern."""
UNIQUENESS = frozenset(("unique_rectangle_1", "unique_rectangle_2", "unique_rectangle_3", "unique_rectangle_4",
                        "unique_loop", "bug_plus_one"))
"""Steps that hold only if the puzzle has one solution: a grade that uses one proves that separately."""

NAMES: dict[str, str] = {
    "full_house": "full house",
    "hidden_single_box": "hidden single in a box",
    "hidden_single_line": "hidden single in a line",
    "direct_pointing": "direct pointing",
    "direct_claiming": "direct claiming",
    "direct_hidden_pair": "direct hidden pair",
    "naked_single": "naked single",
    "direct_hidden_triple": "direct hidden triple",
    "pointing": "pointing",
    "claiming": "claiming",
    "naked_pair": "naked pair",
    "x_wing": "X-wing",
    "hidden_pair": "hidden pair",
    "naked_triple": "naked triple",
    "swordfish": "swordfish",
    "hidden_triple": "hidden triple",
    "skyscraper": "skyscraper",
    "two_string_kite": "two-string kite",
    "xy_wing": "XY-wing",
    "xyz_wing": "XYZ-wing",
    "unique_rectangle_1": "unique rectangle type 1",
    "unique_rectangle_2": "unique rectangle type 2",
    "unique_rectangle_4": "unique rectangle type 4",
    "unique_loop": "unique loop",
    "unique_rectangle_3": "unique rectangle type 3",
    "naked_quad": "naked quad",
    "jellyfish": "jellyfish",
    "hidden_quad": "hidden quad",
    "bug_plus_one": "BUG+1",
    "w_wing": "W-wing",
    "x_chain": "X-chain",
    "xy_chain": "XY-chain",
    "forcing_chain": "forcing chain",
    "nishio": "Nishio",
    "cell_forcing_chain": "cell forcing chain",
    "region_forcing_chain": "region forcing chain",
}
"""How each step's technique is printed, in the order of the scale (a grade's histogram keeps it)."""
