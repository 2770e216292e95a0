"""English for the logical solver's steps: what was placed or ruled out, and why.

Only called when a solve is asked to explain itself (the fast path never builds a string).
Cells are named `r3c5` (row 3, column 5, counting from 1), as puzzle books and teachers do.
"""

from __future__ import annotations

from dataclasses import dataclass

from pipeline.kinds.hidato.board import Coord
from pipeline.kinds.hidato.state import State

NAMES: dict[str, str] = {
    "forced_step": "forced step",
    "only_cell": "only cell",
    "only_number": "only number",
    "distance_window": "distance window",
    "dead_end": "dead end",
    "two_neighbours": "two neighbours",
    "pairs": "pairs",
    "region": "region",
    "gap_routes": "gap routes",
    "trial": "trial",
}
"""How each technique is named in printed explanations."""


@dataclass(frozen=True)
class Step:
    """One step of a logical solution: a placement (number and cell) or a set of eliminations."""

    technique: str
    text: str
    number: int | None = None
    cell: Coord | None = None
    """Where `number` was placed (0-based row, column); None for an elimination step."""
    removed: int = 0
    """Candidates (number, cell pairs) ruled out by an elimination step."""
    ruled_out: tuple[tuple[int, int, int], ...] = ()
    """Those candidates as (number, row, column), 0-based like `cell`: what a viewer marks on the board."""

    def to_json(self) -> dict[str, object]:
        record: dict[str, object] = {"technique": self.technique, "text": self.text}
        if self.cell is not None:
            record["number"] = self.number
            record["cell"] = list(self.cell)
        else:
            record["removed"] = self.removed
            record["ruled_out"] = [list(triple) for triple in self.ruled_out]
        return record


def ruled_out(st: State, lost: list[tuple[int, int]]) -> tuple[tuple[int, int, int], ...]:
    """(number, row, column) for every (number, cells mask) pair, by number then cell."""
    out = []
    for k, mask in sorted(lost):
        while mask:
            bit = mask & -mask
            mask ^= bit
            out.append((k, *st.geo.coord(bit)))
    return tuple(out)


def cell_name(st: State, bit: int) -> str:
    r, c = st.geo.coord(bit)
    return f"r{r + 1}c{c + 1}"


def cells_phrase(st: State, mask: int, joiner: str = "and") -> str:
    names = []
    while mask:
        bit = mask & -mask
        mask ^= bit
        names.append(cell_name(st, bit))
    return join(names, joiner)


def join(items: list[str], joiner: str = "and") -> str:
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} {joiner} {items[-1]}"


def numbers_phrase(numbers: list[int]) -> str:
    """`15 to 18`, or `3, 7 and 9`: consecutive runs read as ranges."""
    numbers = sorted(numbers)
    if len(numbers) > 2 and numbers[-1] - numbers[0] == len(numbers) - 1:
        return f"{numbers[0]} to {numbers[-1]}"
    return join([str(k) for k in numbers])


def placed_at(st: State, k: int) -> str:
    return f"{k} ({cell_name(st, st.pos[k])})"


def nearest_placed(st: State, k: int) -> tuple[int, int]:
    """The closest placed numbers below and above k (0 when there is none)."""
    low = k - 1
    while low >= 1 and not st.pos[low]:
        low -= 1
    high = k + 1
    while high <= st.n and not st.pos[high]:
        high += 1
    return max(low, 0), (high if high <= st.n else 0)


def _plural(count: int, noun: str) -> str:
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"


# ---------------------------------------------------------------- placements


def forced_step(st: State, k: int, bit: int) -> Step:
    p = k - 1 if k > 1 and st.pos[k - 1] else 0
    q = k + 1 if k < st.n and st.pos[k + 1] else 0
    where = cell_name(st, bit)
    if p and q:
        why = f"it is the only free cell next to both {placed_at(st, p)} and {placed_at(st, q)}"
    else:
        why = f"it is the only free cell next to {placed_at(st, p or q)}"
    return Step("forced_step", f"{k} must be at {where}: {why}", k, st.geo.coord(bit))


def only_cell(st: State, k: int, bit: int) -> Step:
    where = cell_name(st, bit)
    low, high = nearest_placed(st, k)
    if low == k - 1 and high == k + 1:
        why = f"it is the only cell left next to both {low} and {high}"
    elif low == k - 1 and high:
        why = f"it is the only cell next to {low} that can still reach {high} in {_plural(high - k, 'step')}"
    elif high == k + 1 and low:
        why = f"it is the only cell next to {high} that can still be reached from {low} in {_plural(k - low, 'step')}"
    elif low and high:
        why = f"it is the only cell left within {_plural(k - low, 'step')} of {low} and {_plural(high - k, 'step')} of {high}"
    else:
        why = "every other cell has been ruled out for it"
    return Step("only_cell", f"{k} must be at {where}: {why}", k, st.geo.coord(bit))


def only_number(st: State, k: int, bit: int) -> Step:
    where = cell_name(st, bit)
    return Step("only_number", f"{where} must hold {k}: no other number can still reach it", k, st.geo.coord(bit))


# ---------------------------------------------------------------- eliminations


def _outcome(st: State, numbers: list[int], free: int, limit: int = 3) -> str:
    """`17 can now only be at r3c3 or r3c4` for the most constrained few of `numbers`."""
    tight = sorted(numbers, key=lambda k: ((st.cand[k] & free).bit_count(), k))[:limit]
    parts = [f"{k} can now only be at {cells_phrase(st, st.cand[k] & free, 'or')}"
             for k in tight if (st.cand[k] & free).bit_count() <= 3]
    return "; ".join(parts)


def distance_windows(st: State, before: list[int]) -> list[Step]:
    """One step per gap whose numbers lost candidates in a distance-window sweep."""
    free = st.geo.open_mask & ~st.taken
    steps: list[Step] = []
    k = 1
    while k <= st.n:
        if st.pos[k]:
            k += 1
            continue
        start = k
        while k <= st.n and not st.pos[k]:
            k += 1
        gap = range(start, k)
        changed = [j for j in gap if (before[j] & free) != (st.cand[j] & free)]
        if not changed:
            continue
        removed = sum(((before[j] & ~st.cand[j]) & free).bit_count() for j in changed)
        low, high = start - 1, (k if k <= st.n else 0)
        span = numbers_phrase(list(gap))
        if low and high:
            where = (f"{span} lie between {placed_at(st, low)} and {placed_at(st, high)}, so each must be "
                     "reachable from both in the right number of steps through free cells")
        else:
            end = low or high
            where = f"{span} must be reachable from {placed_at(st, end)} in the right number of steps through free cells"
        tail = _outcome(st, changed, free)
        text = f"{where}: this rules out {_plural(removed, 'candidate')}" + (f" ({tail})" if tail else "")
        lost = [(j, (before[j] & ~st.cand[j]) & free) for j in changed]
        steps.append(Step("distance_window", text, removed=removed, ruled_out=ruled_out(st, lost)))
    return steps


def dead_ends(st: State, removed: list[tuple[int, int]]) -> list[Step]:
    """One step per dead-end cell: the numbers that cannot go there."""
    free = st.geo.open_mask & ~st.taken
    cells = 0
    for _, lost in removed:
        cells |= lost
    steps: list[Step] = []
    while cells:
        bit = cells & -cells
        cells ^= bit
        numbers = [k for k, lost in removed if lost & bit]
        exits = st.geo.nbrs[bit.bit_length() - 1] & free
        where = cell_name(st, bit)
        if exits:
            why = (f"{where} has only one free neighbour ({cell_name(st, exits)}), so the number there must "
                   "continue a number already placed next to it (or be the first or last)")
        else:
            why = f"{where} has no free neighbour, so the number there must fit between placed neighbours"
        text = f"{why}: {numbers_phrase(numbers)} cannot go there"
        steps.append(Step("dead_end", text, removed=len(numbers), ruled_out=ruled_out(st, [(k, bit) for k in numbers])))
    return steps


def two_neighbours(st: State, k: int, lost: int) -> Step:
    text = (f"{k} cannot be at {cells_phrase(st, lost, 'or')}: it needs two different neighbours there, "
            f"one for {k - 1} and one for {k + 1}, and fewer than two cells next to it can hold them")
    return Step("two_neighbours", text, removed=lost.bit_count(), ruled_out=ruled_out(st, [(k, lost)]))


def pairs(st: State, j: int, k: int, cells: int, lost: list[tuple[int, int]]) -> Step:
    text = (f"{j} and {k} can only go in {cells_phrase(st, cells)}, so they take both: "
            f"{numbers_phrase([i for i, _ in lost])} cannot go there")
    return Step("pairs", text, removed=sum(c.bit_count() for _, c in lost), ruled_out=ruled_out(st, lost))


def region(st: State, pocket: int, reach: list[range], inside: list[range], outside: list[range]) -> Step:
    size = pocket.bit_count()

    def gap_names(runs: list[range], joiner: str = "and") -> str:
        return join([f"{run[0]}-{run[-1]}" if len(run) > 1 else str(run[0]) for run in runs], joiner)

    text = (f"the pocket of {_plural(size, 'free cell')} {cells_phrase(st, pocket)} must hold whole gaps of "
            f"missing numbers, from {gap_names(reach, 'or')}, adding up to {size}")
    verdicts = []
    if inside:
        verdicts.append(f"so {gap_names(inside)} must go there")
    if outside:
        verdicts.append(f"{'and ' if inside else 'so '}{gap_names(outside)} cannot")
    removed = sum(len(run) for run in inside + outside)
    return Step("region", f"{text}: {' '.join(verdicts)}", removed=removed)


def gap_routes(
    st: State, a: int, b: int, count: int, every: int,
    narrowed: list[tuple[int, int]], blocked: list[tuple[int, int]],
) -> Step:
    free = st.geo.open_mask & ~st.taken
    span = numbers_phrase(list(range(a + 1, b)))
    if count == 1:
        head = f"only one route for {span} runs from {placed_at(st, a)} to {placed_at(st, b)}"
    else:
        head = f"listing the {count} routes for {span} from {placed_at(st, a)} to {placed_at(st, b)}"
    parts = [f"{k} can only be at {cells_phrase(st, st.cand[k] & free, 'or')}" for k, _ in narrowed]
    if blocked:
        parts.append(f"{cells_phrase(st, every)} {'is' if every.bit_count() == 1 else 'are'} on every route, so "
                     f"{numbers_phrase([k for k, _ in blocked])} cannot use {'it' if every.bit_count() == 1 else 'them'}")
    removed = sum(lost.bit_count() for _, lost in narrowed + blocked)
    return Step("gap_routes", f"{head}: {'; '.join(parts)}", removed=removed,
                ruled_out=ruled_out(st, narrowed + blocked))


def trial(st: State, k: int, bit: int, culprit: int) -> Step:
    where = cell_name(st, bit)
    if culprit:
        what = f"{culprit} would have no cell left"
    else:
        what = "the numbers left could no longer fill the free cells"
    text = (f"suppose {k} were at {where}: reasoning on from there, {what}; "
            f"so {k} is not at {where}")
    return Step("trial", text, removed=1, ruled_out=ruled_out(st, [(k, bit)]))
