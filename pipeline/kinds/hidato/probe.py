"""The trial technique's probes (see logic.trial): which assumption to test first, and a memory of
the assumptions that held so that testing one again costs little.

A probe puts number k on one cell and runs solve.py's propagation (its rules are a subset of the
hard techniques) from the current candidates; a contradiction proves k is not there.

Order. A person tries the assumption that pays most first: a number with two cells left (if one
fails, the other is placed) or a cell only two numbers can reach; then numbers by how few cells
they have left. Those ranked options are probed when new; after them the probes go round all the
options in turn (`st.cursor`), so a probe that held is tried again only once the others have had
their turn.

Memory. Propagation is a closure: from candidates I it reaches F = p(I), and from any I' with
F <= I' <= I (cell sets, number by number) it reaches F again. Candidates only shrink, so a probe
that held with result F still holds, without re-running, while every number's candidates still
contain its cells in F; otherwise p(I') = p(I' & F), re-run only from the numbers that lost cells
of F. So the memory saves work and never changes a verdict.
"""

from __future__ import annotations

from collections.abc import Iterator

from pipeline.kinds.hidato.solve import Geometry, ReachCache, propagate_from

WORK = 2_000_000
"""Probes one solve may run, times its open cells (a probe's cost grows with the board): 31,000 probes
on an 8x8 board, 1,250 on a 40x40 one, seconds either way. The published puzzles in tests/data need
at most 1,744 on 8x8 (18 times less) and generated 15x15 expert ones about 700 (12 times less); an
empty 40x40 board would take hours, so a solve stops there instead (reasoning is then stuck, as it
would be without trial)."""
HELD_BYTES = 200_000_000
"""About how much memory the probes that held may keep (each keeps a candidate list of the board):
beyond it they are not remembered, which costs re-running them, never a different verdict."""


class OutOfWork(Exception):
    """The trial budget of one solve (WORK) ran out."""


class Probes:
    """What one solve remembers between trial steps: the probes that held and when candidates changed,
    and how many probes it may still run."""

    __slots__ = ("base", "changes", "held", "left", "reach", "room", "tried")

    def __init__(self, n: int) -> None:
        self.held: dict[tuple[int, int], tuple[list[int], int, list[int], int]] = {}
        """(k, cell) -> (propagated candidates, their pinned cells, their loose numbers, version checked)."""
        self.changes: list[int] = []
        """changes[v]: the numbers (as bits) whose candidates changed between versions v and v+1."""
        self.base: list[int] | None = None
        self.reach = ReachCache(n)
        self.tried = [0] * (n + 1)
        """tried[k]: the cells k was ever probed on."""
        self.left = max(1, WORK // max(n, 1))
        """Probes still allowed."""
        self.room = max(16, HELD_BYTES // (max(n, 1) * (n // 8 + 32)))
        """Held probes that may be remembered (a candidate list holds n ints of about n bits)."""

    def spend(self) -> None:
        """Count one probe; raise OutOfWork past the budget."""
        self.left -= 1
        if self.left < 0:
            raise OutOfWork

    @property
    def version(self) -> int:
        return len(self.changes)

    def update(self, base: list[int]) -> None:
        """Record the current candidates as a new version (same ints reused where unchanged: the
        reach cache keys on identity)."""
        last = self.base
        if last is not None:
            changed = 0
            for j in range(1, len(base)):
                if base[j] == last[j]:
                    base[j] = last[j]
                else:
                    changed |= 1 << j
            self.changes.append(changed)
        self.base = base

    def since(self, version: int) -> int:
        """The numbers whose candidates changed after `version`."""
        changed = 0
        for mask in self.changes[version:]:
            changed |= mask
        return changed


def probe_base(cand: list[int], pos: list[int], n: int, free: int) -> tuple[list[int], list[int]] | None:
    """The candidates as propagation wants them (placed numbers as their cell, others their free
    cells) and the unplaced numbers; None if an unplaced number is down to one cell (not a stuck state)."""
    base = [0] * (n + 1)
    loose = []
    for k in range(1, n + 1):
        if pos[k]:
            base[k] = pos[k]
        else:
            c = cand[k] & free
            if c & (c - 1) == 0:
                return None
            base[k] = c
            loose.append(k)
    return base, loose


def fails(
    probes: Probes, k: int, bit: int, n: int, geo: Geometry, taken: int, loose: list[int], fresh_only: bool
) -> bool | None:
    """True when putting k on `bit` contradicts the current candidates (`probes.base`), False when it
    holds; None when `fresh_only` and it was probed before (the caller moves on)."""
    base = probes.base
    assert base is not None
    key = (k, bit)
    kept = probes.held.get(key)
    if kept is None:
        probe = base.copy()
        probe[k] = bit
        state = propagate_from(probe, n, geo, taken | bit, 1 << k, [j for j in loose if j != k], probes.reach)
    else:
        if fresh_only:
            return None
        fixed, fixed_taken, fixed_loose, version = kept
        patched: list[int] | None = None  # copied from `fixed` at its first stale entry
        dirty = 0
        pinned = fixed_taken
        changed = probes.since(version)
        while changed:
            low = changed & -changed
            changed ^= low
            j = low.bit_length() - 1
            c = fixed[j]
            if c & ~base[j]:
                if patched is None:
                    patched = fixed.copy()
                c &= base[j]
                patched[j] = c
                dirty |= low
                if c & (c - 1) == 0:
                    if not c or c & pinned:
                        return True
                    pinned |= c
        if patched is None:
            probes.held[key] = (fixed, fixed_taken, fixed_loose, probes.version)
            return False
        probe = patched
        state = propagate_from(probe, n, geo, pinned, dirty, fixed_loose, probes.reach)
    if state is None:
        return True
    if kept is not None or len(probes.held) < probes.room:
        probes.held[key] = (probe, state[0], state[1], probes.version)
    probes.tried[k] |= bit
    return False


def ranked(cand: list[int], unplaced: list[int], free: int, tried: list[int]) -> Iterator[tuple[int, int]]:
    """The options worth trying first, made as needed: the cells of numbers with two cells left,
    then the cells two numbers share, then the cells never tried of every number, by how few cells
    it has."""
    counts = {k: (cand[k] & free).bit_count() for k in unplaced}
    order = sorted(unplaced, key=counts.__getitem__)
    for k in order:
        if counts[k] > 2:
            break
        yield from number_on_cells(k, cand[k] & free)
    once = twice = thrice = 0
    for k in unplaced:
        c = cand[k] & free
        thrice |= twice & c
        twice |= once & c
        once |= c
    shared = twice & ~thrice
    if shared:
        for k in unplaced:
            yield from number_on_cells(k, cand[k] & shared)
    for k in order:
        yield from number_on_cells(k, cand[k] & free & ~tried[k])


def number_on_cells(k: int, options: int) -> Iterator[tuple[int, int]]:
    """(k, cell bit) for each cell of `options`, lowest bit first."""
    while options:
        bit = options & -options
        options ^= bit
        yield k, bit
