"""Killer cages: which digit sets can fill a cage, cutting a solved grid into cages, merging cages,
and checking a cage set on its own.

Digit sets are bitmasks (bit d-1 for digit d) so Killer logic can intersect candidates with a cage's
possible digits in one operation; the tables are cached because that logic asks the same few
(n, size, total) questions millions of times.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import lru_cache
from itertools import accumulate

from pipeline.kinds.sudoku.houses import Cage
from pipeline.kinds.variants.puzzle import MAX_CAGE, cell_name, connected

# ------------------------------------------------------------------------------ combination tables


@lru_cache(maxsize=None)
def combos(n: int, size: int, total: int) -> tuple[int, ...]:
    """Every set of `size` different digits 1..n adding up to `total`, as bitmasks, ascending.

    Built from n-1 (sets without digit n, then those with it): the second half all have the top bit,
    so the concatenation is already ascending."""
    if size == 0:
        return (0,) if total == 0 else ()
    if size < 0 or size > n or total < size * (size + 1) // 2:
        return ()
    top = 1 << (n - 1)
    return combos(n - 1, size, total) + tuple(m | top for m in combos(n - 1, size - 1, total - n))


@lru_cache(maxsize=None)
def cage_digits(n: int, size: int, total: int) -> tuple[int, int]:
    """(digits some combination uses, digits every combination uses): the first bounds a cage's
    candidates, the second is what the cage must hold somewhere. (0, 0) when no combination exists."""
    sets = combos(n, size, total)
    if not sets:
        return 0, 0
    union, common = 0, sets[0]
    for m in sets:
        union |= m
        common &= m
    return union, common


@lru_cache(maxsize=None)
def sum_range(n: int, size: int) -> tuple[int, int]:
    """The smallest and largest total of `size` different digits 1..n (every total between is
    reachable: swapping one digit for the next one up adds 1)."""
    if not 0 <= size <= n:
        raise ValueError(f"a cage of {size} different digits 1..{n} cannot exist")
    return size * (size + 1) // 2, size * (2 * n - size + 1) // 2


# ------------------------------------------------------------------------------ cutting a grid into cages


@lru_cache(maxsize=16)
def _sides(n: int) -> tuple[tuple[int, ...], ...]:
    """Per cell of an n x n grid, the cells sharing a side with it (up, left, right, down)."""
    out = []
    for i in range(n * n):
        r, c = divmod(i, n)
        out.append(tuple(rr * n + cc for rr, cc in ((r - 1, c), (r, c - 1), (r, c + 1), (r + 1, c))
                         if 0 <= rr < n and 0 <= cc < n))
    return tuple(out)


def _sorted_cages(groups: Sequence[Sequence[int]], solution: Sequence[int]) -> tuple[Cage, ...]:
    cages = [Cage(sum(solution[i] for i in g), tuple(sorted(g))) for g in groups if g]
    cages.sort(key=lambda cage: cage.cells[0])
    return tuple(cages)


def random_cages(solution: Sequence[int], n: int, rng: random.Random, sizes: Sequence[float]) -> tuple[Cage, ...]:
    """Cut a solved n x n grid into connected cages of different digits, for a Killer puzzle.

    Seeds are taken in random order; each draws a target size by the weights `sizes` (for 1, 2, ...
    cells; those past min(MAX_CAGE, n) are ignored) and grows one random side-neighbour at a time
    (a cell touching the cage on two sides is twice as likely, which keeps shapes compact), skipping
    cells whose digit it already holds. A cage stuck at one cell though it wanted more joins the
    smallest neighbouring cage with room and without its digit, if any: 1-cell cages act as givens,
    so only the weights should make them.
    Only `rng` draws, and only lists are walked, so one seed gives one cutting."""
    limit = min(MAX_CAGE, n)
    if n < 1 or len(solution) != n * n:
        raise ValueError(f"a {n}x{n} solution has {n * n} cells, not {len(solution)}")
    if any(not 1 <= d <= n for d in solution):
        raise ValueError(f"a solution's digits are 1..{n}")
    weights = list(sizes[:limit])
    if any(w < 0 for w in weights) or sum(weights) <= 0:
        raise ValueError(f"cage size weights must be >= 0 with some weight on sizes 1..{limit}: {tuple(sizes)}")
    cum = list(accumulate(weights))
    population = range(1, len(weights) + 1)
    near = _sides(n)
    owner = [-1] * (n * n)
    groups: list[list[int]] = []
    masks: list[int] = []
    stuck: list[int] = []
    order = list(range(n * n))
    rng.shuffle(order)
    for seed in order:
        if owner[seed] >= 0:
            continue
        k = len(groups)
        target = rng.choices(population, cum_weights=cum)[0]
        group, mask = [seed], 1 << solution[seed]
        owner[seed] = k
        while len(group) < target:
            options = [j for i in group for j in near[i] if owner[j] < 0 and not mask >> solution[j] & 1]
            if not options:
                break
            j = options[rng.randrange(len(options))]
            group.append(j)
            owner[j] = k
            mask |= 1 << solution[j]
        groups.append(group)
        masks.append(mask)
        if len(group) == 1 and target > 1:
            stuck.append(k)
    for k in stuck:
        if len(groups[k]) != 1:  # another stuck cell joined it: no longer alone
            continue
        i = groups[k][0]
        bit = 1 << solution[i]
        hosts = [owner[j] for j in near[i] if len(groups[owner[j]]) < limit and not masks[owner[j]] & bit]
        if not hosts:
            continue
        least = min(len(groups[h]) for h in hosts)
        hosts = [h for h in hosts if len(groups[h]) == least]
        h = hosts[rng.randrange(len(hosts))]
        groups[h].append(i)
        masks[h] |= bit
        owner[i] = h
        groups[k] = []
    return _sorted_cages(groups, solution)


# ------------------------------------------------------------------------------ merging


def neighbours(cages: Sequence[Cage], n: int) -> list[tuple[int, int]]:
    """Index pairs (a < b, sorted) of cages sharing a side: the merges a generator may try."""
    owner = [-1] * (n * n)
    for k, cage in enumerate(cages):
        for i in cage.cells:
            owner[i] = k
    pairs: set[tuple[int, int]] = set()
    for i in range(n * n):
        for j in (i + 1, i + n):
            if (j == i + 1 and j % n == 0) or j >= n * n:
                continue
            a, b = owner[i], owner[j]
            if a != b and a >= 0 and b >= 0:
                pairs.add((min(a, b), max(a, b)))
    return sorted(pairs)


def mergeable(cages: Sequence[Cage], a: int, b: int, solution: Sequence[int], n: int) -> bool:
    """Whether cages a and b would make one valid cage: different cages sharing a side, at most
    min(MAX_CAGE, n) cells together, no digit of `solution` twice."""
    if a == b:
        return False
    one, two = cages[a].cells, cages[b].cells
    if len(one) + len(two) > min(MAX_CAGE, n):
        return False
    digits = [solution[i] for i in one + two]
    if len(set(digits)) != len(digits):
        return False
    near = _sides(n)
    return any(j in two for i in one for j in near[i])


def merge_cages(cages: Sequence[Cage], a: int, b: int) -> tuple[Cage, ...]:
    """The cages with a and b made one (totals added), sorted by first cell like random_cages'. Does
    not check the result: ask `mergeable` first."""
    if a == b:
        raise ValueError(f"cannot merge cage {a} with itself")
    merged = Cage(cages[a].total + cages[b].total, tuple(sorted(cages[a].cells + cages[b].cells)))
    rest = [cage for k, cage in enumerate(cages) if k not in (a, b)] + [merged]
    rest.sort(key=lambda cage: cage.cells[0])
    return tuple(rest)


# ------------------------------------------------------------------------------ checking


def cage_problem(n: int, cages: Sequence[Cage]) -> str | None:
    """None for a valid Killer cage set on an n x n grid, else what is wrong with the first faulty
    cage (named by its first cell): the cages alone, before any digits, so a config or a generator
    can be checked without building a puzzle."""
    if n < 1:
        return f"a grid's side is at least 1, not {n}"
    limit = min(MAX_CAGE, n)
    owner = [-1] * (n * n)
    for k, cage in enumerate(cages):
        cells, size = cage.cells, len(cage.cells)
        where = cell_name(cells[0], n) if cells and 0 <= cells[0] < n * n else "?"
        if not 1 <= size <= limit:
            return f"the cage at {where} has {size} cells; a cage has 1 to {limit}"
        if any(not 0 <= i < n * n for i in cells):
            return f"the cage at {where} has a cell outside the grid"
        if any(x >= y for x, y in zip(cells, cells[1:])):
            return f"the cage at {where} does not list its cells once each, ascending"
        for i in cells:
            if owner[i] >= 0:
                return f"{cell_name(i, n)} is in two cages"
            owner[i] = k
        if not combos(n, size, cage.total):
            low, high = sum_range(n, size)
            return f"the cage at {where} sums to {cage.total}; {size} different digits 1..{n} make {low} to {high}"
        if not connected(list(cells), n):
            return f"the cage at {where} is not one connected shape"
    if -1 in owner:
        return f"{cell_name(owner.index(-1), n)} is in no cage: a Killer's cages cover the grid"
    whole = n * n * (n + 1) // 2
    got = sum(cage.total for cage in cages)
    if got != whole:
        return f"the cages sum to {got}; a {n}x{n} grid's digits sum to {whole}"
    return None
