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

from collections import deque

from pipeline.kinds.sudoku.marks import Broken, Marks, Step, digits_of

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


def _follow(m: Marks, cell: int, digit: int, on: bool, x_links: bool, y_links: bool) -> dict:
    """Breadth first from the supposition: every implied (cell, digit, on) with its parent."""
    cand, value, units, peers = m.cand, m.value, m.geo.units, m.geo.peers
    start = (cell, digit, on)
    parent: dict = {start: None}
    queue = deque([start])
    while queue:
        node = queue.popleft()
        c, d, is_on = node
        bit = 1 << (d - 1)
        nexts = []
        if is_on:
            nexts += [(c, e, False) for e in digits_of(cand[c] & ~bit)]
            nexts += [(p, d, False) for p in peers[c] if not value[p] and cand[p] & bit]
        else:
            if y_links and cand[c].bit_count() == 2:
                nexts.append((c, (cand[c] & ~bit).bit_length(), True))
            if x_links:
                for u in m.units_of(c):
                    where = m.places(units[u], bit)
                    if len(where) == 2:
                        other = where[0] if where[1] == c else where[1]
                        nexts.append((other, d, True))
        for nxt in nexts:
            if nxt not in parent:
                parent[nxt] = node
                if len(parent) > 4000:
                    return parent
                queue.append(nxt)
    return parent


def _length(parent: dict, node) -> int:
    count = 0
    while node is not None:
        count += 1
        node = parent[node]
    return count


def forcing_chain(m: Marks) -> Step | None:
    """A supposition that contradicts itself: the lightest such chain (X-links only, Y-links only,
    then both).  (6.6)

        suppose 5 in r1c1 -> ... -> 5 not in r1c1: so 5 is not in r1c1.
    """
    best: Step | None = None
    cand, value = m.cand, m.value
    for x_links, y_links, base in ((True, False, 6.6), (False, True, 6.6), (True, True, 7.0)):
        if best is not None and best.rating <= base:
            break
        for cell in range(len(cand)):
            if value[cell]:
                continue
            for digit in digits_of(cand[cell]):
                for on in (True, False):
                    parent = _follow(m, cell, digit, on, x_links, y_links)
                    target = (cell, digit, not on)
                    if target not in parent:
                        continue
                    nodes = _length(parent, target)
                    if nodes > MAX_CHAIN:
                        continue
                    rating = round(base + length_weight(nodes), 1)
                    if best is None or rating < best.rating:
                        step = (Step("forcing_chain", rating, remove=((cell, digit),), cells=(cell,), digits=(digit,))
                                if on else
                                Step("forcing_chain", rating, place=((cell, digit),), cells=(cell,), digits=(digit,)))
                        best = step
    return best


MAX_SINGLES = 60
"""Placements a supposition may follow before the chain counts as too long to hold in one's head."""


def _singles(m: Marks, budget: int = MAX_SINGLES) -> int:
    """Fill every naked and hidden single that follows, on `m` itself; the number placed. Raises
    Broken on a contradiction (a cell or a unit's digit with no place left)."""
    placed = 0
    units = m.geo.units
    while placed < budget:
        progress = False
        for i in range(len(m.cand)):
            if not m.value[i] and m.cand[i] & (m.cand[i] - 1) == 0:
                m.place(i, m.cand[i].bit_length())
                placed += 1
                progress = True
        for unit in units:
            for digit in digits_of(m.missing(unit)):
                where = m.places(unit, 1 << (digit - 1))
                if not where:
                    raise Broken("a digit has no place left in a unit")
                if len(where) == 1:
                    m.place(where[0], digit)
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
    """
    best: Step | None = None
    for cell in range(len(m.cand)):
        if m.value[cell]:
            continue
        for digit in digits_of(m.cand[cell]):
            trial, nodes = _suppose(m, cell, digit)
            if trial is None:
                weight = round(7.5 + length_weight(_broken_length(m, cell, digit)), 1)
                if best is None or weight < best.rating:
                    best = Step("nishio", weight, remove=((cell, digit),), cells=(cell,), digits=(digit,))
    return best


def _broken_length(m: Marks, cell: int, digit: int) -> int:
    """How long the chain from the supposition to its contradiction is: every candidate it erases
    (each an implication a person follows), counted up to the break."""
    trial = m.copy()
    before = sum(c.bit_count() for c in m.cand)
    try:
        trial.place(cell, digit)
        while _singles(trial, 1):
            pass
    except Broken:
        pass
    return max(2, before - sum(c.bit_count() for c in trial.cand))


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
