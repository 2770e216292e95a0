"""Forcing chains as Sudoku Explainer rates them: suppose a digit is (or is not) in a cell, follow
what must follow, and find the supposition contradicting itself.

Links, on the pencil marks as they stand (no nesting, no "dynamic" chains):
- a digit placed in a cell takes itself out of the cell's other digits and out of the cell's peers;
- a digit taken out of a cell with two candidates leaves the other one (a Y-link), and a digit
  taken out of one of the two places it has in a unit goes to the other (an X-link).
If supposing digit d in cell c leads to d not in c, d leaves c; if supposing it absent leads to it
present, it goes there. A chain using one kind of strong link weighs 6.6, both kinds 7.0, plus SE's
length weight: 0.1 for each step of the geometric schedule 4, 6, 8, 12, 16, 24... the chain passes.
"""

from __future__ import annotations

from pipeline.kinds.sudoku.closure import with_clues
from pipeline.kinds.sudoku.marks import Broken, Marks, Step, digits_of
from pipeline.kinds.sudoku.solve import Layout, layout, propagate

MAX_CHAIN = 40
"""Nodes a chain may hold: bounds the search, far beyond the longest chain a person follows."""


def length_weight(nodes: int) -> float:
    """SE's extra weight for a chain of `nodes` implications (its complexity less two)."""
    added, ceil, odd = 0, 4, False
    length = nodes - 2
    while length > ceil:
        added += 1
        ceil = ceil * 4 // 3 if odd else ceil * 3 // 2
        odd = not odd
    return added / 10


WEAK, X_LINK, Y_LINK = 0, 1, 2
"""How one node implies the next: a placed digit rules others out (weak); a digit ruled out of one
of its two places in a unit puts it in the other (X); or out of a cell with two candidates leaves
the other candidate (Y)."""


def _graph(m: Marks) -> tuple[list[tuple[int, int, bool]], list[list[tuple[int, int]]]]:
    """The implication graph on the marks as they stand: the nodes (cell, digit, on), each "on" node
    followed by its "off" twin, and for each node its successors as (node index, link)."""
    cand, value, plane, n = m.cand, m.value, m.plane, m.n
    sight, masks, units_of = m.geo.sight, m.geo.masks, m.geo.units_of
    slot = [-1] * (len(cand) * n)  # the "on" node of each (cell, digit), at cell * n + digit - 1
    nodes: list[tuple[int, int, bool]] = []
    for c in range(len(cand)):
        if not value[c]:
            for d in digits_of(cand[c]):
                slot[c * n + d - 1] = len(nodes)
                nodes += ((c, d, True), (c, d, False))
    succ: list[list[tuple[int, int]]] = []
    for k in range(0, len(nodes), 2):
        c, d, _ = nodes[k]
        bit, spot = 1 << (d - 1), 1 << c
        on = [(slot[c * n + e - 1] + 1, WEAK) for e in digits_of(cand[c] & ~bit)]
        seen = plane[d - 1] & sight[c] & ~spot
        while seen:
            low = seen & -seen
            seen ^= low
            on.append((slot[(low.bit_length() - 1) * n + d - 1] + 1, WEAK))
        off = []
        if cand[c].bit_count() == 2:
            off.append((slot[c * n + (cand[c] & ~bit).bit_length() - 1], Y_LINK))
        for u in units_of[c]:
            where = plane[d - 1] & masks[u]
            if where.bit_count() == 2:
                off.append((slot[((where & ~spot).bit_length() - 1) * n + d - 1], X_LINK))
        succ += (on, off)
    return nodes, succ


def _reach(adj: list[list[int]]) -> list[int]:
    """Per node, the set (bits by node index) of the nodes it leads to, itself included: Tarjan's
    strongly connected components, each finished after every component it leads to."""
    count = len(adj)
    index = [-1] * count
    low = [0] * count
    on_stack = [False] * count
    comp = [-1] * count
    stack: list[int] = []
    reach_of: list[int] = []
    counter = 0
    for root in range(count):
        if index[root] != -1:
            continue
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack[root] = True
        work = [(root, 0)]
        while work:
            v, i = work[-1]
            if i < len(adj[v]):
                work[-1] = (v, i + 1)
                w = adj[v][i]
                if index[w] == -1:
                    index[w] = low[w] = counter
                    counter += 1
                    stack.append(w)
                    on_stack[w] = True
                    work.append((w, 0))
                elif on_stack[w] and index[w] < low[v]:
                    low[v] = index[w]
                continue
            work.pop()
            if work and low[v] < low[work[-1][0]]:
                low[work[-1][0]] = low[v]
            if low[v] != index[v]:
                continue
            here = len(reach_of)
            members = []
            while True:
                w = stack.pop()
                on_stack[w] = False
                comp[w] = here
                members.append(w)
                if w == v:
                    break
            bits = 0
            for w in members:
                bits |= 1 << w
                for x in adj[w]:
                    if comp[x] != here:
                        bits |= reach_of[comp[x]]
            reach_of.append(bits)
    return [reach_of[c] for c in comp]


def _distance(succ: list[list[tuple[int, int]]], links: frozenset[int], start: int, target: int,
              limit: int) -> int | None:
    """The nodes on the shortest chain from start to target (both counted) using only `links`, if at
    most `limit`."""
    seen = {start}
    frontier = [start]
    nodes = 1
    while frontier and nodes < limit:
        nodes += 1
        ahead = []
        for v in frontier:
            for w, link in succ[v]:
                if link not in links:
                    continue
                if w == target:
                    return nodes
                if w not in seen:
                    seen.add(w)
                    ahead.append(w)
        frontier = ahead
    return None


CHAIN_KINDS = (
    ("x_chain", frozenset((WEAK, X_LINK)), 6.6),
    ("xy_chain", frozenset((WEAK, Y_LINK)), 6.6),
    ("forcing_chain", frozenset((WEAK, X_LINK, Y_LINK)), 7.0),
)
"""X-links only (an X-chain), Y-links only (an XY-chain), then both, with SE's base weights."""


def forcing_chain(m: Marks) -> Step | None:
    """A supposition that contradicts itself: the lightest such chain (X-links only, Y-links only,
    then both).  (6.6)

        suppose 5 in r1c1 -> ... -> 5 not in r1c1: so 5 is not in r1c1.

    The graph of implications is built once; which suppositions reach their own opposite with any
    links comes from its reachability sets, and only those are walked for their length with each
    kind's links (a chain of fewer kinds of link is also a chain of all of them).
    """
    nodes, succ = _graph(m)
    reach = _reach([[t for t, _ in out] for out in succ])
    partner = [i + 1 if on else i - 1 for i, (_, _, on) in enumerate(nodes)]
    starts = [start for start in range(len(nodes)) if reach[start] >> partner[start] & 1]
    best: Step | None = None
    for name, links, base in CHAIN_KINDS:
        if not starts or best is not None and best.rating <= base:
            break
        limit = MAX_CHAIN if best is None else _longest_lighter(base, best.rating)
        for start in starts:
            length = _distance(succ, links, start, partner[start], limit)
            if length is None:
                continue
            cell, digit, on = nodes[start]
            change = ((cell, digit),)
            best = Step(name, round(base + length_weight(length), 1), remove=change if on else (),
                        place=() if on else change, cells=(cell,), digits=(digit,))
            limit = _longest_lighter(base, best.rating)
    return best


def _longest_lighter(base: float, rating: float, cap: int = MAX_CHAIN) -> int:
    """The most nodes (up to `cap`) a chain of weight `base` may hold and still weigh less than `rating`."""
    nodes = 1
    while nodes < cap and round(base + length_weight(nodes + 1), 1) < rating:
        nodes += 1
    return nodes


MAX_SINGLES = 60
"""Placements a supposition may follow before the chain counts as too long to hold in one's head."""


class _TooLong(Exception):
    """A supposition has erased more candidates than the chain being sought may hold."""


def _singles(m: Marks, budget: int = MAX_SINGLES, most_erased: int | None = None) -> int:
    """Fill every naked and hidden single that follows, on `m` itself; the number placed. Raises
    Broken on a contradiction (a cell or a unit's digit with no place left), and _TooLong once
    `m.erased` passes `most_erased`."""
    placed = 0
    cand, value, plane, done = m.cand, m.value, m.plane, m.done
    every = (1 << m.n) - 1
    while placed < budget:
        progress = False
        for i in range(len(cand)):
            if not value[i] and cand[i] & (cand[i] - 1) == 0:
                m.place(i, cand[i].bit_length())
                if most_erased is not None and m.erased > most_erased:
                    raise _TooLong
                placed += 1
                progress = True
        for u, mask in enumerate(m.geo.masks):
            for digit in digits_of(every & ~done[u]):
                where = plane[digit - 1] & mask
                if not where:
                    raise Broken("a digit has no place left in a unit")
                if where & (where - 1):
                    continue
                m.place(where.bit_length() - 1, digit)
                if most_erased is not None and m.erased > most_erased:
                    raise _TooLong
                placed += 1
                progress = True
        if not progress:
            return placed
    return placed


def _suppose(m: Marks, cell: int, digit: int) -> tuple[Marks | None, int]:
    """The marks after supposing `digit` in `cell` and filling the singles that follow (None when the
    supposition breaks the grid), and how many placements it took."""
    trial = m.copy()
    try:
        trial.place(cell, digit)
        return trial, 1 + _singles(trial)
    except Broken:
        return None, 0


def nishio(m: Marks) -> Step | None:
    """Suppose a digit in a cell and fill the singles that follow: when the grid breaks, the digit
    leaves the cell (the shortest such chain is taken).  (7.5)

        suppose 4 in r2c3 -> singles -> a row with no place for 7: 4 is not in r2c3.

    Which suppositions break is asked of the solver's whole-grid singles (solve.propagate), many
    times faster than pencil marks; only those that break are followed on the marks for their length.
    A supposition that does not break clears every digit it places: supposing one of those instead
    starts from more candidates, and singles only ever remove candidates, so it cannot break either.
    For the same reason a supposition that broke on an earlier look still breaks (the marks
    remember it).
    """
    best: Step | None = None
    longest: int | None = None
    screen = _Screen(m)
    safe = 0
    breaks = m.memory.setdefault("nishio", {})
    width = m.n + 1
    for cell in range(len(m.cand)):
        if m.value[cell]:
            continue
        for digit in digits_of(m.cand[cell]):
            at = cell * width + digit - 1
            if safe >> at & 1:
                continue
            if at not in breaks:
                settled = screen.holds(cell, digit)
                if settled is not None:
                    safe |= settled
                    continue
                breaks[at] = True
            length = _broken_length(m, cell, digit, longest)
            if length is None:
                continue
            best = Step("nishio", round(NISHIO + length_weight(length), 1), remove=((cell, digit),), cells=(cell,),
                        digits=(digit,))
            if best.rating == NISHIO:
                return best  # no chain is lighter than the shortest
            longest = _longest_lighter(NISHIO, best.rating, cap=len(m.cand) * m.n)
    return best


class _Screen:
    """Whether a supposition survives the singles that follow, asked of the solver's whole-grid
    singles on a classic grid (solve.propagate, many times faster), of the pencil marks otherwise."""

    def __init__(self, m: Marks) -> None:
        self.m = m
        self.lay = layout(m.geo.box) if m.geo.classic else None
        self.x, self.placed = _candidates(m, self.lay) if self.lay is not None else (0, 0)

    def holds(self, cell: int, digit: int) -> int | None:
        """None when supposing `digit` in `cell` breaks the grid; else the candidate bits (at
        cell * (n+1) + digit - 1) of the cells the singles then settle."""
        lay = self.lay
        if lay is not None:
            follows = propagate(with_clues(self.x, lay.box, {cell: digit}), self.placed, lay, locked=False)
            return None if follows is None else _settled(follows[0], follows[2], lay)
        trial, _ = _suppose(self.m, cell, digit)
        if trial is None:
            return None
        width = self.m.n + 1
        return sum(1 << (i * width + v - 1) for i, v in enumerate(trial.value) if v)


NISHIO = 7.5
"""Sudoku Explainer's base weight for a Nishio chain."""



def _settled(x: int, unsolved: int, lay: Layout) -> int:
    """The candidate bits of `x` (the solver's integer) in cells left with one candidate."""
    return x & ((lay.every_cell & ~unsolved) * lay.digits)


def _candidates(m: Marks, lay: Layout) -> tuple[int, int]:
    """The marks as the solver's candidate integer, and the bits of the digits placed."""
    x = placed = 0
    width = lay.width
    for i, mask in enumerate(m.cand):
        x |= mask << (i * width)
        if m.value[i]:
            placed |= mask << (i * width)
    return x, placed


def _broken_length(m: Marks, cell: int, digit: int, longest: int | None = None) -> int | None:
    """How long the chain from the supposition to its contradiction is: every candidate it erases
    (each an implication a person follows), counted up to the break. None as soon as it passes
    `longest`: the count only grows, so there is no need to follow it to the end."""
    trial = m.copy()
    trial.erased = 0
    try:
        trial.place(cell, digit)
        if longest is not None and trial.erased > longest:
            return None
        _singles(trial, budget=len(m.cand), most_erased=longest)
    except Broken:
        pass
    except _TooLong:
        return None
    length = max(2, trial.erased)
    return None if longest is not None and length > longest else length


def cell_forcing_chain(m: Marks) -> Step | None:
    """Every digit a cell may hold, supposed in turn, leads to the same placement elsewhere: it is
    true whichever the cell takes.  (8.5)

        r5c5 = 2 -> ... -> r1c9 = 6;  r5c5 = 7 -> ... -> r1c9 = 6:  so r1c9 = 6.
    """
    for size in (2, 3):
        for cell in range(len(m.cand)):
            if m.value[cell] or m.cand[cell].bit_count() != size:
                continue
            step = _common(m, [(cell, d) for d in digits_of(m.cand[cell])], "cell_forcing_chain", 8.5, (cell,))
            if step:
                return step
    return None


def region_forcing_chain(m: Marks) -> Step | None:
    """Every place a digit has in a unit, supposed in turn, leads to the same placement elsewhere.  (8.5)"""
    for size in (2, 3):
        for u, unit in enumerate(m.geo.units):
            for digit in digits_of(m.missing(unit)):
                where = m.places(unit, 1 << (digit - 1))
                if len(where) == size:
                    step = _common(m, [(i, digit) for i in where], "region_forcing_chain", 8.5, tuple(where))
                    if step:
                        return step
    return None


def _common(m: Marks, cases: list[tuple[int, int]], name: str, base: float, cells: tuple[int, ...]) -> Step | None:
    """The placement every surviving case makes (a case that breaks the grid is impossible)."""
    outcomes = []
    longest = 0
    for cell, digit in cases:
        trial, nodes = _suppose(m, cell, digit)
        if trial is not None:
            outcomes.append(trial)
            longest = max(longest, nodes)
    if not outcomes:
        return None
    for i in range(len(m.cand)):
        if m.value[i]:
            continue
        values = {trial.value[i] for trial in outcomes}
        if len(values) == 1 and 0 not in values:
            digit = values.pop()
            return Step(name, round(base + length_weight(longest * len(outcomes)), 1), place=((i, digit),),
                        cells=cells, digits=(digit,))
    return None
