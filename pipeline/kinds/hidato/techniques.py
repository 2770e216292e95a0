"""The human techniques of the logical Hidato/Numbrix solver, on solve.py's candidate bitmasks.

Each technique is one kind of reasoning a person does with a pencil. It sweeps the board once,
applies everything it finds (a placement or a candidate elimination is always a valid deduction,
true in every solution), and returns how many steps it made; 0 means it found nothing.
A step is one placement, or one group of eliminations a person would make at once (a gap, a
dead-end cell, a pocket). Text is built only when the state carries a log (see explain.py).

| level  | techniques                                                       |
| ------ | ---------------------------------------------------------------- |
| easy   | forced_step, only_cell, only_number                              |
| medium | distance_window                                                  |
| hard   | dead_end, two_neighbours, pairs, region, gap_routes              |
| expert | trial (lives in logic.py: it runs the others inside itself)      |

Hot loops: local names and plain ints for speed, as in solve.py.
"""

from __future__ import annotations

from collections.abc import Callable

from pipeline.kinds.hidato import explain
from pipeline.kinds.hidato.solve import Geometry
from pipeline.kinds.hidato.state import Contradiction, State

__all__ = ["LEVELS", "TECHNIQUES", "Contradiction", "State", "Technique"]

LEVELS: tuple[str, ...] = ("easy", "medium", "hard", "expert")

GAP_ROUTE_MAX = 6
"""Gaps of at most this many missing numbers get their routes listed (a person can trace those)."""
ROUTE_LIMIT = 48
"""A gap with more routes than this is too open to reason about route by route: it is skipped."""
TIGHT = 3
"""Numbers with at most this many candidate cells are checked against each route (see `_routes`)."""


# ---------------------------------------------------------------- easy


def forced_step(st: State) -> int:
    """A number whose placed neighbour (k-1 or k+1, or both) has exactly one free cell beside it."""
    pos, nbrs, n = st.pos, st.geo.nbrs, st.n
    done = 0
    for k in st.unplaced():
        if pos[k]:
            continue
        p = pos[k - 1] if k > 1 else 0
        q = pos[k + 1] if k < n else 0
        if not p and not q:
            continue
        room = ~st.taken & st.geo.open_mask
        if p:
            room &= nbrs[p.bit_length() - 1]
        if q:
            room &= nbrs[q.bit_length() - 1]
        if not room:
            raise Contradiction(k)
        if room & (room - 1) == 0:
            if st.log is not None:
                st.log.append(explain.forced_step(st, k, room))
            st.place(k, room)
            done += 1
    return done


def only_cell(st: State) -> int:
    """A number with exactly one candidate cell left goes there.

    Only the numbers down to one cell when the sweep starts: one that gets there through another
    placement of this sweep is left for the next round, where a simpler technique may claim it.
    """
    cand = st.cand
    free = ~st.taken
    singles = []
    for k in st.unplaced():
        c = cand[k] & free
        if not c:
            raise Contradiction(k)
        if c & (c - 1) == 0:
            singles.append((k, c))
    for k, c in singles:
        if st.log is not None:
            st.log.append(explain.only_cell(st, k, c))
        st.place(k, c)
    return len(singles)


def settle(st: State) -> int:
    """Place every number down to one cell, including those a placement of this sweep narrows.

    The fast path's stand-in for forced_step and only_cell together (a forced step's cell is
    always a number's last candidate too); it counts nothing and explains nothing.
    """
    cand, pos = st.cand, st.pos
    free = ~st.taken
    done = 0
    for k in st.unplaced():
        if pos[k]:
            continue
        c = cand[k] & free
        if c.bit_count() > 1:
            continue
        if not c:
            raise Contradiction(k)
        st.place(k, c)
        free = ~st.taken
        done += 1
    return done


def only_number(st: State) -> int:
    """A free cell that only one number can still reach takes that number."""
    cand = st.cand
    free = st.geo.open_mask & ~st.taken
    loose = st.unplaced()
    once = twice = 0
    for k in loose:  # (counted on whole candidate sets, then masked: the same counts of the free cells)
        c = cand[k]
        twice |= once & c
        once |= c
    if once & free != free:
        raise Contradiction(0)
    lonely = once & ~twice & free
    done = 0
    while lonely:
        bit = lonely & -lonely
        lonely ^= bit
        for k in loose:
            if cand[k] & bit and not st.pos[k]:
                if st.log is not None:
                    st.log.append(explain.only_number(st, k, bit))
                st.place(k, bit)
                done += 1
                break
    return done


# ---------------------------------------------------------------- medium


def distance_window(st: State) -> int:
    """Each missing number lies within reach of the numbers before and after it.

    k's cell touches a cell k-1 can still take, and one k+1 can still take; swept forwards and
    backwards from the placed numbers this counts steps through free cells, so a number between
    a at A and b at B ends up within k-a steps of A and b-k of B. One step per gap narrowed.
    """
    cand, pos, n = st.cand, st.pos, st.n
    nbrs, touch = st.geo.nbrs, st.touch
    free = st.geo.open_mask & ~st.taken
    before = cand.copy() if st.log is not None else None
    changed_gaps: set[int] = set()
    loose = st.unplaced()
    # The unplaced numbers in order: an unplaced k-1 (k+1 backwards) is the one just looked at, so
    # `last` already holds its free candidates. And k's gap is told by the numbers placed below it:
    # k - 1 of them less the i unplaced.
    last = 0
    for i, k in enumerate(loose):  # forwards: touch a candidate of k-1
        if k == 1 or pos[k - 1]:
            last = cand[k] & free
            continue
        if not last:
            raise Contradiction(k - 1)
        reach = nbrs[last.bit_length() - 1] if last.bit_count() == 1 else touch.of(k - 1, last)
        c = cand[k] & free
        last = c & reach
        if last != c:
            if not last:
                raise Contradiction(k)
            cand[k] = last
            changed_gaps.add(k - 1 - i)
    for i in range(len(loose) - 1, -1, -1):  # backwards: touch a candidate of k+1
        k = loose[i]
        if k == n or pos[k + 1]:
            last = cand[k] & free
            continue
        if not last:
            raise Contradiction(k + 1)
        reach = nbrs[last.bit_length() - 1] if last.bit_count() == 1 else touch.of(k + 1, last)
        c = cand[k] & free
        last = c & reach
        if last != c:
            if not last:
                raise Contradiction(k)
            cand[k] = last
            changed_gaps.add(k - 1 - i)
    if st.log is not None and changed_gaps:
        assert before is not None
        st.log.extend(explain.distance_windows(st, before))
    return len(changed_gaps)


# ---------------------------------------------------------------- hard


def dead_end(st: State) -> int:
    """A free cell with at most one free neighbour can only hold a number that continues a placed one.

    A number whose k-1 and k+1 are both unplaced needs two free neighbours; one with a single
    unplaced chain neighbour needs one. One step per dead-end cell that lost candidates.
    """
    geo, cand, pos, n = st.geo, st.cand, st.pos, st.n
    free = geo.open_mask & ~st.taken
    fewer_than_two = free & ~geo.touch_twice(free)
    if not fewer_than_two:
        return 0
    none = free & ~geo.touch(free)
    hit = 0
    removed: list[tuple[int, int]] | None = [] if st.log is not None else None
    for k in st.unplaced():
        need = (k > 1 and not pos[k - 1]) + (k < n and not pos[k + 1])
        bad = fewer_than_two if need == 2 else none if need == 1 else 0
        c = cand[k] & free
        if c & bad:
            new = c & ~bad
            if not new:
                raise Contradiction(k)
            cand[k] = new
            hit |= c & bad
            if removed is not None:
                removed.append((k, c & bad))
    if removed and st.log is not None:  # (removed is a list only when there is a log)
        st.log.extend(explain.dead_ends(st, removed))
    return hit.bit_count()


def two_neighbours(st: State) -> int:
    """k needs two different neighbours for k-1 and k+1: a cell touching fewer than two cells
    where they can go is not k's. One step per number narrowed."""
    geo, cand, pos, n = st.geo, st.cand, st.pos, st.n
    touch_twice = st.touch_twice.of
    free = geo.open_mask & ~st.taken
    done = 0
    for k in st.unplaced():
        if k == 1 or k == n or (pos[k - 1] and pos[k + 1]):
            continue
        around = (pos[k - 1] or cand[k - 1] & free) | (pos[k + 1] or cand[k + 1] & free)
        c = cand[k] & free
        new = c & touch_twice(k, around)
        if new != c:
            if not new:
                raise Contradiction(k)
            cand[k] = new
            done += 1
            if st.log is not None:
                st.log.append(explain.two_neighbours(st, k, c & ~new))
    return done


def pockets(geo: Geometry, free: int) -> list[int]:
    """The connected groups of free cells, each as a bitmask."""
    out = []
    rest = free
    while rest:
        pocket = geo.region(rest & -rest, free)
        rest &= ~pocket
        out.append(pocket)
    return out


def gaps(st: State) -> list[range]:
    """The maximal runs of unplaced numbers: between two placed numbers, or at either end of the path."""
    pos, n = st.pos, st.n
    out = []
    k = 1
    while k <= n:
        if pos[k]:
            k += 1
            continue
        start = k
        while k <= n and not pos[k]:
            k += 1
        out.append(range(start, k))
    return out


def region(st: State) -> int:
    """A pocket of free cells takes whole gaps, and exactly as many numbers as it has cells.

    A gap's numbers are consecutive and free cells touch only cells of their own pocket, so every
    gap lies in one pocket. A gap whose numbers share only one pocket stays in it; and a pocket
    whose size only some choices of the gaps that can reach it add up to keeps the gaps in every
    such choice and shuts out the gaps in none. One step per pocket that settled anything.
    """
    cand = st.cand
    free = st.geo.open_mask & ~st.taken
    parts = pockets(st.geo, free)
    if len(parts) < 2:
        return 0
    runs = gaps(st)
    homes: list[list[int]] = []
    for run in runs:
        places = [i for i, pocket in enumerate(parts) if all(cand[k] & free & pocket for k in run)]
        if not places:
            raise Contradiction(run[0])
        homes.append(places)
    done = 0
    for i, pocket in enumerate(parts):
        sure = [g for g, places in enumerate(homes) if places == [i]]
        maybe = [g for g, places in enumerate(homes) if i in places and len(places) > 1]
        need = pocket.bit_count() - sum(len(runs[g]) for g in sure)
        if not _fits(need, [len(runs[g]) for g in maybe]):
            raise Contradiction(runs[sure[0]][0] if sure else 0)
        outside: list[int] = []
        inside: list[int] = [g for g in sure if any(cand[k] & free & ~pocket for k in runs[g])]
        for g in maybe:
            others = [len(runs[h]) for h in maybe if h != g]
            with_g = _fits(need - len(runs[g]), others)
            without_g = _fits(need, others)
            if not with_g:
                outside.append(g)
            elif not without_g:
                inside.append(g)
        for g in inside:
            for k in runs[g]:
                cand[k] &= pocket
        for g in outside:
            for k in runs[g]:
                new = cand[k] & free & ~pocket
                if not new:
                    raise Contradiction(k)
                cand[k] = new
        if inside or outside:
            done += 1
            if st.log is not None:
                st.log.append(explain.region(st, pocket, [runs[g] for g in sure + maybe],
                                             [runs[g] for g in inside], [runs[g] for g in outside]))
            homes = [[i] if g in inside else [p for p in places if p != i] if g in outside else places
                     for g, places in enumerate(homes)]
    return done


def _fits(target: int, lengths: list[int]) -> bool:
    """True when some of `lengths` add up to `target` exactly (a subset sum on a bitset)."""
    if target < 0:
        return False
    reach = 1
    for length in lengths:
        reach |= reach << length
    return bool(reach >> target & 1)


def pairs(st: State) -> int:
    """Two numbers that can only go in the same two cells take both: no other number may use them.
    One step per pair that ruled something out."""
    cand = st.cand
    free = st.geo.open_mask & ~st.taken
    loose = st.unplaced()
    seen: dict[int, int] = {}
    done = 0
    for k in loose:
        c = cand[k] & free
        if c.bit_count() != 2:
            continue
        other = seen.get(c)
        if other is None:
            seen[c] = k
            continue
        lost: list[tuple[int, int]] = []
        for j in loose:
            if j != k and j != other and cand[j] & c & free:
                new = cand[j] & free & ~c
                if not new:
                    raise Contradiction(j)
                lost.append((j, cand[j] & c & free))
                cand[j] = new
        if lost:
            done += 1
            if st.log is not None:
                st.log.append(explain.pairs(st, other, k, c, lost))
    return done


class _TooMany(Exception):
    """A gap has more routes than ROUTE_LIMIT."""


def gap_routes(st: State) -> int:
    """List every route of a short gap between two placed numbers through the cells its numbers
    can take. Each number keeps only the cells some route gives it, and a cell every route
    uses is off limits to all other numbers. One step per gap that changed anything."""
    cand, pos, n = st.cand, st.pos, st.n
    nbrs = st.geo.nbrs
    free = st.geo.open_mask & ~st.taken
    few = [(k, c) for k in st.unplaced() if (c := cand[k] & free).bit_count() <= TIGHT]
    done = 0
    a = 0
    while a < n:
        a += 1
        if not pos[a]:
            continue
        b = a + 1
        while b <= n and not pos[b]:
            b += 1
        if b > n or b == a + 1:
            a = b - 1
            continue
        g = b - a - 1
        if g <= GAP_ROUTE_MAX:
            inner = tuple(cand[k] & free for k in range(a + 1, b))
            reach = 0
            for c in inner:
                reach |= c
            # Only a number whose every cell the gap could cover can be starved by a route.
            tight = tuple(c for k, c in few if not a < k < b and not c & ~reach)
            key = (a, b, inner, tight)
            if key not in st.settled:
                found = _listed_routes(cand, free, nbrs, a, b, inner, tight)
                if found is not None:
                    done += _apply_routes(st, a, b, found, free)
                st.settled.add(key)
        a = b - 1
    return done


_ROUTES: dict[tuple, tuple[list[int], int, int] | None] = {}
"""The routes of each gap listed so far, by the geometry (its `nbrs`' id), the gap's end cells, inner
candidates and tight sets. The generator's tests meet the same gaps again and again, each test on
a new state."""
_ROUTE_GEOMETRIES: dict[int, tuple[int, ...]] = {}
"""The `nbrs` of every geometry with routes in _ROUTES, kept alive so that no other object takes their id."""
ROUTES_KEPT = 30_000
"""Gaps remembered before the memory starts afresh (a few hundred bytes each on a 10x10 board)."""


def _listed_routes(
    cand: list[int], free: int, nbrs: tuple[int, ...], a: int, b: int, inner: tuple[int, ...], tight: tuple[int, ...]
) -> tuple[list[int], int, int] | None:
    """`_routes` of the gap between a and b, remembered: they follow from the geometry, a's and b's
    cells, the inner candidates and `tight` alone (the shared lists are only read)."""
    key = (id(nbrs), cand[a], cand[b], inner, tight)
    if key in _ROUTES:
        return _ROUTES[key]
    if len(_ROUTES) >= ROUTES_KEPT:
        _ROUTES.clear()
        _ROUTE_GEOMETRIES.clear()
    _ROUTE_GEOMETRIES[id(nbrs)] = nbrs
    found = _ROUTES[key] = _routes(cand, free, nbrs, a, b, list(tight))
    return found


def _routes(
    cand: list[int], free: int, nbrs: tuple[int, ...], a: int, b: int, tight: list[int]
) -> tuple[list[int], int, int] | None:
    """(cells each gap position takes on some route, cells on every route, route count), or None if too many.

    A route that would take every cell left to some other number (one of `tight`, the candidate
    sets of the numbers outside the gap with few cells) is no route.
    """
    g = b - a - 1
    end_near = nbrs[cand[b].bit_length() - 1]
    union = [0] * (g + 1)
    path = [0] * (g + 1)
    every = -1
    count = 0

    def walk(i: int, at: int, used: int) -> None:
        nonlocal every, count
        opts = nbrs[at] & cand[a + i] & free & ~used
        if i == g:
            opts &= end_near
            while opts:
                bit = opts & -opts
                opts ^= bit
                route = used | bit
                if any(not c & ~route for c in tight):
                    continue
                count += 1
                if count > ROUTE_LIMIT:
                    raise _TooMany
                path[i] = bit
                every &= route
                for j in range(1, g + 1):
                    union[j] |= path[j]
            return
        while opts:
            bit = opts & -opts
            opts ^= bit
            path[i] = bit
            walk(i + 1, bit.bit_length() - 1, used | bit)

    try:
        walk(1, cand[a].bit_length() - 1, 0)
    except _TooMany:
        return None
    return union, (every if count else 0), count


def _apply_routes(st: State, a: int, b: int, found: tuple[list[int], int, int], free: int) -> int:
    union, every, count = found
    cand = st.cand
    if not count:
        raise Contradiction(a + 1)
    narrowed: list[tuple[int, int]] = []
    for i in range(1, b - a):
        c = cand[a + i] & free
        new = c & union[i]
        if new != c:
            cand[a + i] = new
            narrowed.append((a + i, c & ~new))
    blocked: list[tuple[int, int]] = []
    if every:
        for k in st.unplaced():
            if a < k < b:
                continue
            c = cand[k] & free
            if c & every:
                new = c & ~every
                if not new:
                    raise Contradiction(k)
                cand[k] = new
                blocked.append((k, c & every))
    if not narrowed and not blocked:
        return 0
    if st.log is not None:
        st.log.append(explain.gap_routes(st, a, b, count, every, narrowed, blocked))
    return 1


Technique = Callable[[State], int]

FAST_EASY: tuple[tuple[str, str, Technique], ...] = (("settle", "easy", settle), ("only_number", "easy", only_number))
"""What the fast path (no counts, no text) runs instead of the easy techniques: the same reach."""

TECHNIQUES: tuple[tuple[str, str, Technique], ...] = (
    ("forced_step", "easy", forced_step),
    ("only_cell", "easy", only_cell),
    ("only_number", "easy", only_number),
    ("distance_window", "medium", distance_window),
    ("dead_end", "hard", dead_end),
    ("two_neighbours", "hard", two_neighbours),
    ("pairs", "hard", pairs),
    ("region", "hard", region),
    ("gap_routes", "hard", gap_routes),
)
"""Simplest first; logic.py adds ("trial", "expert")."""
