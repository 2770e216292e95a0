"""Hamiltonian paths through a board outline: the hidden solution every Hidato/Numbrix puzzle starts from.

`path_problem` gives quick proofs that a shape cannot hold a path; `hamiltonian_path` finds a random one.
It must never loop without bound or draw randomness from anywhere but the `rng` it is given.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal

from pipeline.errors import PuzzleBookError
from pipeline.luby import luby
from pipeline.kinds.hidato.board import ADJACENCIES, Adjacency, Coord, Mask, steps

# Cell sets are Python ints used as bitmasks over a padded grid: cell (r, c) is bit (r + 1) * S + c + 1
# with stride S = width + 1. Column 0 of each stride is always empty, so a shift by 1 never wraps a row
# into the next, and the empty first stride keeps the 3x3 window of every cell at non-negative bits.

_ROTATIONS_PER_CELL = 2
"""After a try's depth-first search runs out of moves, Posa rotations get this many per cell to finish."""

_MIN_BACKTRACKS = 24
"""A try's depth-first search may make n + unit * luby(try) moves, unit = max(this, n // 16): its room
to back up. Short tries with rotations beat long searches; the rare long ones finish small shapes."""


@dataclass(frozen=True)
class _Shape:
    """A mask turned into bit indices and neighbour masks; built once per call."""

    adjacency: Adjacency
    stride: int
    cells: tuple[int, ...]  # bit index of every open cell, ascending (row-major)
    region: int  # bitmask of the open cells
    dark: int  # bitmask of the open cells with (row + column) even
    nbr_mask: dict[int, int]  # cell -> bitmask of its open neighbours
    nbr_list: dict[int, tuple[int, ...]]  # cell -> its open neighbours, ascending
    around: dict[int, tuple[int, ...]]  # cell -> the open cells of its 3x3 window, centre excluded

    def coord(self, i: int) -> Coord:
        return i // self.stride - 1, i % self.stride - 1


def _shape(mask: Mask, adjacency: Adjacency) -> _Shape:
    if adjacency not in ADJACENCIES:
        raise PuzzleBookError(f"unknown adjacency {adjacency!r}; allowed: {', '.join(ADJACENCIES)}")
    width = max((len(row) for row in mask), default=0)
    stride = width + 1
    cells = tuple((r + 1) * stride + c + 1 for r, row in enumerate(mask) for c, is_open in enumerate(row) if is_open)
    region = 0
    dark = 0
    for i in cells:
        region |= 1 << i
        if (i // stride + i % stride) % 2 == 0:  # (r + 1) + (c + 1) has the parity of r + c
            dark |= 1 << i
    offsets = [dr * stride + dc for dr, dc in steps(adjacency)]
    nbr_list = {i: tuple(sorted(i + o for o in offsets if region >> (i + o) & 1)) for i in cells}
    nbr_mask = {i: sum(1 << j for j in js) for i, js in nbr_list.items()}
    window = [dr * stride + dc for dr, dc in steps("king")]
    around = {i: tuple(sorted(i + o for o in window if region >> (i + o) & 1)) for i in cells}
    return _Shape(adjacency, stride, cells, region, dark, nbr_mask, nbr_list, around)


_MODES = {"king": 0, "orthogonal": 1, "hex": 2}
"""Adjacency as a small int for the hot loops below."""


def _grow(seen: int, region: int, stride: int, mode: int) -> int:
    """`seen` and the cells of `region` touching it."""
    if mode == 0:
        row = seen | (seen << 1) | (seen >> 1)
        return (row | (row << stride) | (row >> stride)) & region
    grown = seen | (seen << 1) | (seen >> 1) | (seen << stride) | (seen >> stride)
    if mode == 2:  # hex: (r+1, q-1) and (r-1, q+1) are stride - 1 away
        grown |= (seen << (stride - 1)) | (seen >> (stride - 1))
    return grown & region


def _flood(seed: int, region: int, stride: int, mode: int) -> int:
    """All cells of `region` reachable from the cells of `seed` (which must lie in `region`)."""
    seen = seed
    while True:
        grown = _grow(seen, region, stride, mode)
        if grown == seen:
            return seen
        seen = grown


def _split(around: int, region: int, stride: int, mode: int) -> int:
    """0 when the cells of `around` (in `region`) are connected within `region`; else the whole piece of
    `region` holding the lowest of them. Stops as soon as they meet, which is usually after a few steps."""
    seen = around & -around
    while True:
        grown = _grow(seen, region, stride, mode)
        if grown & around == around:
            return 0
        if grown == seen:
            return seen
        seen = grown


def _window_groups(adjacency: Adjacency) -> tuple[tuple[int, ...], ...]:
    """For each 3x3 window (9-bit key, bit 3*(dr+1)+(dc+1); centre ignored): one window position per
    group of the centre's neighbours that are connected through the window's other cells.
    One group or none means removing the centre cannot disconnect a connected set."""
    pos = [(p // 3 - 1, p % 3 - 1) for p in range(9)]
    step_set = set(steps(adjacency))
    table = []
    for key in range(512):
        present = [p for p in range(9) if p != 4 and key >> p & 1]
        touching = [p for p in present if pos[p] in step_set]
        reps = []
        seen: set[int] = set()
        for start in touching:
            if start in seen:
                continue
            reps.append(start)
            seen.add(start)
            todo = [start]
            while todo:
                p = todo.pop()
                for q in present:
                    if q not in seen and (pos[q][0] - pos[p][0], pos[q][1] - pos[p][1]) in step_set:
                        seen.add(q)
                        todo.append(q)
        table.append(tuple(reps))
    return tuple(table)


_GROUPS = {adjacency: _window_groups(adjacency) for adjacency in ADJACENCIES}


def _cut_piece(reps: list[int], region: int, stride: int, mode: int) -> int:
    """Split test for a cell whose neighbours in `region` (the set without that cell, assumed to have
    been connected with it) fall into local groups with representatives `reps` (2 or more):
    0 when they still meet, -1 when `region` falls into 3 or more pieces, else one of its 2 pieces.
    Two groups are grown in turn from both sides, so a small pocket is found in a few steps."""
    if len(reps) == 2:

        def grow(cells: int) -> int:
            return _grow(cells, region, stride, mode)

        a, b = 1 << reps[0], 1 << reps[1]
        while True:
            grown = grow(a)
            if grown & b:
                return 0
            if grown == a:
                return a
            a = grown
            grown = grow(b)
            if grown & a:
                return 0
            if grown == b:
                return b
            b = grown
    goal = sum(1 << r for r in reps)
    piece = _split(goal, region, stride, mode)
    if not piece:
        return 0
    other = region ^ piece
    return -1 if _split(goal & other, other, stride, mode) else piece


@dataclass(frozen=True)
class _Cut:
    """A cell whose removal splits the open cells into `parts` pieces; with 2 pieces, one of them."""

    cell: int
    parts: int
    piece: int  # bitmask of one of the two pieces (0 when parts != 2)


def _cuts(shape: _Shape) -> list[_Cut]:
    """Cut cells of the (connected) open cells, by an iterative Tarjan depth-first search."""
    cells = shape.cells
    if len(cells) < 3:
        return []
    nbrs = shape.nbr_list
    root = cells[0]
    disc = {root: 0}
    low = {root: 0}
    order = [root]  # cells in discovery order: a subtree is a contiguous run of it
    size: dict[int, int] = {}
    children: dict[int, list[int]] = {root: []}
    stack = [(root, iter(nbrs[root]))]
    parent = {root: -1}
    while stack:
        v, it = stack[-1]
        for w in it:
            if w not in disc:
                disc[w] = low[w] = len(order)
                order.append(w)
                parent[w] = v
                children[v].append(w)
                children[w] = []
                stack.append((w, iter(nbrs[w])))
                break
            if w != parent[v]:
                low[v] = min(low[v], disc[w])
        else:
            stack.pop()
            size[v] = 1 + sum(size[w] for w in children[v])
            if stack:
                low[parent[v]] = min(low[parent[v]], low[v])
    cuts = []
    for v in order:
        if v == root:
            split = children[v]
            parts = len(split)
        else:
            split = [w for w in children[v] if low[w] >= disc[v]]
            parts = len(split) + 1
        if parts >= 2:
            first = split[0]
            piece = sum(1 << i for i in order[disc[first] : disc[first] + size[first]]) if parts == 2 else 0
            cuts.append(_Cut(v, parts, piece))
    return cuts


def _cells(count: int) -> str:
    return "1 cell" if count == 1 else f"{count} cells"


def _where(shape: _Shape, i: int) -> str:
    r, c = shape.coord(i)
    return f"row {r + 1}, column {c + 1}"


def _problem(shape: _Shape) -> tuple[str | None, list[_Cut]]:
    """The first proof found that no path visits every open cell of `shape` (or None), and its cut cells."""
    n = len(shape.cells)
    if n == 0:
        return "the shape has no open cells", []
    if n == 1:
        return None, []
    if _flood(1 << shape.cells[0], shape.region, shape.stride, _MODES[shape.adjacency]) != shape.region:
        return "the open cells are not connected, so no path can visit them all", []
    # A path's inner cells use two neighbours, so a cell with only one must be one of its two ends.
    ends = [i for i in shape.cells if len(shape.nbr_list[i]) == 1]
    if len(ends) > 2:
        return (
            f"the shape has {len(ends)} cells with only one open neighbour "
            f"(at {'; '.join(_where(shape, e) for e in ends[:3])}{'; ...' if len(ends) > 3 else ''}); "
            "a path can only start or end at them, so at most 2 are possible"
        ), []
    orthogonal = shape.adjacency == "orthogonal"
    if orthogonal:
        # Orthogonal steps always change the chessboard colour, so a path alternates colours.
        dark = shape.dark.bit_count()
        light = n - dark
        if abs(dark - light) > 1:
            more, less = ("dark", "light") if dark > light else ("light", "dark")
            return (
                f"the shape has {abs(dark - light)} more {more} than {less} cells (chessboard colouring); "
                "a Numbrix path alternates colours, so it allows a difference of at most 1"
            ), []
        for e in ends:
            is_dark = bool(shape.dark >> e & 1)
            if dark != light and is_dark != (dark > light):
                return (
                    f"the cell at {_where(shape, e)} has only one open neighbour, so a path must end there, but "
                    "a Numbrix path on this shape must start and end on the more common chessboard colour"
                ), []
        if len(ends) == 2 and dark == light and (shape.dark >> ends[0] & 1) == (shape.dark >> ends[1] & 1):
            return (
                f"the cells at {_where(shape, ends[0])} and {_where(shape, ends[1])} have only one open neighbour "
                "each, so a path must end at both, but they have the same chessboard colour and this shape "
                "needs a Numbrix path whose ends differ in colour"
            ), []
    # A path passes a cut cell once: the rest falls into at most 2 pieces, each holding one path end.
    cuts = _cuts(shape)
    for cut in cuts:
        if cut.parts > 2:
            return (
                f"removing the cell at {_where(shape, cut.cell)} splits the shape into {cut.parts} separate parts; "
                "a path passes through that cell only once, so it can join at most 2 parts"
            ), cuts
        if len(ends) == 2 and (cut.piece >> ends[0] & 1) == (cut.piece >> ends[1] & 1):
            return (
                f"removing the cell at {_where(shape, cut.cell)} splits the shape into 2 parts and both cells "
                f"with only one open neighbour ({_where(shape, ends[0])} and {_where(shape, ends[1])}) lie in "
                "the same part; a path through all cells must end once in each part"
            ), cuts
        if orthogonal:
            # Each part is walked as one alternating run that starts next to the cut cell.
            cut_dark = shape.dark >> cut.cell & 1
            piece_size = cut.piece.bit_count()
            piece_dark = (shape.dark & cut.piece).bit_count()
            other_dark = shape.dark.bit_count() - cut_dark - piece_dark
            for total, dark_count in ((piece_size, piece_dark), (n - 1 - piece_size, other_dark)):
                same = dark_count if cut_dark else total - dark_count
                other = total - same
                if other - same not in (0, 1):
                    return (
                        f"removing the cell at {_where(shape, cut.cell)} leaves a part with {_cells(same)} of that "
                        f"cell's chessboard colour and {other} of the other colour; a Numbrix path covers the part "
                        "in one alternating run starting next to the removed cell, so it needs equal counts or "
                        "one more of the other colour"
                    ), cuts
    return None, cuts


@lru_cache(maxsize=32)
def _analyse(mask: Mask, adjacency: Adjacency) -> tuple[_Shape, str | None, list[_Cut]]:
    """Shape, proof and cut cells of a mask, remembered: a book makes many puzzles from one outline.
    Callers must not mutate what it returns."""
    shape = _shape(mask, adjacency)
    return (shape, *_problem(shape))


def _key(mask: Mask) -> Mask:
    """A hashable copy, so lists of lists work too."""
    return tuple(tuple(bool(is_open) for is_open in row) for row in mask)


def path_problem(mask: Mask, adjacency: Adjacency) -> str | None:
    """A message proving that no path visits every open cell of `mask` once, or None when no proof was found.

    Only cheap, always-correct arguments: empty or disconnected shape, more than two dead-end cells,
    chessboard colour counts (orthogonal), and single cells whose removal splits the shape badly.
    None does not promise that a path exists.
    """
    return _analyse(_key(mask), adjacency)[1]


def _try_from(shape: _Shape, start: int, target: int, rng: random.Random, budget: int) -> list[int] | Literal[False]:
    """One depth-first Warnsdorff walk from `start`: a path (bit indices), complete when found, else the
    longest one met when `budget` moves ran out; False when the whole search tree from `start` was
    exhausted (so no path starts there).

    This is the hot loop and trades beauty for speed: everything is inlined and kept in locals.
    State: head `h`; unvisited cells `U`, kept connected; `E` the unvisited cells with at most one
    neighbour in U + {h}, which can only be the path's last cell; `T` the cells where the path can still
    end (`target` narrowed by dead ends, colours and pockets); no cell left in T means a dead branch.
    A pocket is a piece of U that hangs off a cut cell on the side away from the head: the path can
    only enter it once, so it must end there.
    """
    S = shape.stride
    mode = _MODES[shape.adjacency]
    orthogonal = shape.adjacency == "orthogonal"
    nm = shape.nbr_mask
    nl = shape.nbr_list
    around = shape.around
    groups = _GROUPS[shape.adjacency]
    offset = [(p // 3 - 1) * S + p % 3 - 1 for p in range(9)]
    cut_piece = _cut_piece
    rnd = rng.random
    flood = _flood
    dark = shape.dark

    h = start
    U = shape.region ^ (1 << start)
    if not U:
        return [start]
    E = 0
    for i in shape.cells:
        if i != start and len(nl[i]) <= 1:
            E |= 1 << i
    if E.bit_count() > 1:
        return False
    T = target & U
    if E:
        T &= E
    if orthogonal:  # the path alternates colours, so the colour of its last cell is known
        T &= dark if (dark >> start & 1) ^ (U.bit_count() & 1) else ~dark
    first = nm[start] & U
    if not T or not first or flood(first & -first, U, S, mode) != U:
        return False

    path = [start]
    longest: list[int] = []
    frames: list[tuple[int, int, int, int, int, list[tuple[int, float, int]], int]] = []
    nodes = 0
    new_node = True
    B = 0
    cands: list[tuple[int, float, int]] = []
    pos = 0
    while True:
        if new_node:
            # Candidates: unvisited neighbours, fewest onward neighbours first (Warnsdorff), random ties.
            cands = []
            B = E
            for j in nl[h]:
                jb = 1 << j
                if U & jb:
                    d = (nm[j] & U).bit_count()
                    if d <= 1:
                        B |= jb  # j becomes a dead end unless the path steps onto it now
                    cands.append((d, rnd(), j))
            nb = B.bit_count()
            if nb > 2:
                cands = []
            elif nb == 2:
                cands = [t for t in cands if B >> t[2] & 1]
            if len(cands) > 1:
                cands.sort()
            pos = 0
            new_node = False
        moved = False
        while pos < len(cands):
            d, _, c = cands[pos]
            pos += 1
            cb = 1 << c
            U2 = U ^ cb
            if not U2:
                path.append(c)
                return path
            if not d:
                continue
            T2 = T & ~cb
            E2 = B & ~cb
            if E2:
                T2 &= E2
            if not T2:
                continue
            # U2 must stay connected: quick local test on c's 3x3 window, flood fill when it is unsure.
            key = ((U >> (c - S - 1)) & 7) | (((U >> (c - 1)) & 7) << 3) | (((U >> (c + S - 1)) & 7) << 6)
            reps = groups[key]
            if len(reps) > 1 and cut_piece([c + offset[p] for p in reps], U2, S, mode):
                continue
            # Cells around c may have become cut cells of U2: a cut cell splits off a pocket (or kills).
            ok = True
            for x in around[c]:
                if not U2 >> x & 1:
                    continue
                key = ((U2 >> (x - S - 1)) & 7) | (((U2 >> (x - 1)) & 7) << 3) | (((U2 >> (x + S - 1)) & 7) << 6)
                reps = groups[key]
                if len(reps) < 2:
                    continue
                rest = U2 ^ (1 << x)
                piece = cut_piece([x + offset[p] for p in reps], rest, S, mode)
                if not piece:
                    continue
                if piece < 0:
                    ok = False  # three or more pieces: the path cannot pass x once and cover them all
                    break
                other = rest ^ piece
                next_cells = nm[c] & rest
                if next_cells & piece:
                    if next_cells & other:
                        continue  # the path may take the pieces in either order
                    pocket, near = other, piece
                elif next_cells & other:
                    pocket, near = piece, other
                else:
                    ok = False  # c touches only x, and from x the path could cover just one piece
                    break
                T2 &= pocket
                if not T2:
                    ok = False
                    break
                if orthogonal:
                    # Colours alternate: `near` is one run from beside c to beside x, `pocket` one run
                    # from beside x to the end. Count cells of the colour opposite the run's start.
                    x_dark = dark >> x & 1
                    size = pocket.bit_count()
                    same = (pocket & dark).bit_count() if x_dark else (pocket & ~dark).bit_count()
                    if size - 2 * same not in (0, 1):
                        ok = False
                        break
                    size = near.bit_count()
                    same = (near & dark).bit_count() if dark >> c & 1 else (near & ~dark).bit_count()
                    if size - 2 * same != (1 if x_dark == dark >> c & 1 else 0):
                        ok = False
                        break
            if not ok:
                continue
            nodes += 1
            if nodes > budget:
                return longest if len(longest) > len(path) else path
            frames.append((h, U, E, T, B, cands, pos))
            path.append(c)
            h, U, E, T = c, U2, E2, T2
            new_node = moved = True
            break
        if not moved:
            if not frames:
                return False
            if len(path) > len(longest):
                longest = path[:]
            h, U, E, T, B, cands, pos = frames.pop()
            path.pop()


def _rotate(shape: _Shape, path: list[int], rng: random.Random, max_rotations: int) -> list[int] | None:
    """Finish a stuck path by Posa rotations: when the end has no unvisited neighbour, join it to a path
    cell v_i it touches and reverse the part after v_i, so v_(i+1) becomes the new end; then extend again
    by Warnsdorff's rule. Fixes late mistakes the depth-first search cannot undo cheaply. None on failure."""
    nm = shape.nbr_mask
    nl = shape.nbr_list
    n = len(shape.cells)
    rnd = rng.random
    path = path[:]
    U = shape.region
    for v in path:
        U ^= 1 << v
    rotations = 0
    while len(path) < n:
        end = path[-1]
        if nm[end] & U:
            best = min(((nm[j] & U).bit_count(), rnd(), j) for j in nl[end] if U >> j & 1)
            path.append(best[2])
            U ^= 1 << best[2]
            continue
        rotations += 1
        if rotations > max_rotations:
            return None
        if nm[path[0]] & U and rnd() < 0.5:
            path.reverse()  # the other end can still grow: work there
            continue
        before = path[-2] if len(path) > 1 else -1
        joins = [path.index(v) for v in nl[end] if v != before and not U >> v & 1]
        growing = [i for i in joins if nm[path[i + 1]] & U]
        pick = growing or joins
        if not pick:
            path.reverse()
            continue
        i = pick[int(rnd() * len(pick))]
        path[i + 1 :] = path[:i:-1]
    return path


def _starts(shape: _Shape, cuts: list[_Cut]) -> list[int]:
    """Cells a path may start at (a path can be reversed, so these are its possible ends), ascending."""
    cells = shape.cells
    ends = [i for i in cells if len(shape.nbr_list[i]) == 1]
    if ends and len(cells) > 1:
        starts = ends
    else:
        cut_cells = {cut.cell for cut in cuts}
        starts = [i for i in cells if i not in cut_cells]
    if shape.adjacency == "orthogonal" and len(cells) % 2 == 1:
        dark_more = shape.dark.bit_count() * 2 > len(cells)
        starts = [i for i in starts if bool(shape.dark >> i & 1) == dark_more]
    return starts


def _target(shape: _Shape, cuts: list[_Cut], start: int) -> int:
    """Cells where a path from `start` may end: a cut cell's two pieces each hold one end of the path."""
    region = shape.region
    target = region
    for cut in cuts:
        if cut.parts == 2:
            target &= region ^ cut.piece ^ (1 << cut.cell) if cut.piece >> start & 1 else cut.piece
    return target


def hamiltonian_path(
    mask: Mask, adjacency: Adjacency, rng: random.Random, *, max_restarts: int = 200
) -> list[Coord]:
    """A random path through every open cell of `mask`, consecutive cells touching under `adjacency`.

    Each try: a depth-first walk by Warnsdorff's rule (fewest onward neighbours first, random ties) with
    connectivity, dead-end and pocket pruning and a move budget that follows the Luby sequence (so small
    shapes end up searched exhaustively), then Posa rotations to finish a walk that got stuck. Each try
    starts from a random possible end cell. The same mask, adjacency and rng state give the same path.
    Raises PuzzleBookError when the shape provably has no path, or when `max_restarts` tries all fail.
    """
    shape, problem, cuts = _analyse(_key(mask), adjacency)
    if problem is not None:
        raise PuzzleBookError(problem)
    n = len(shape.cells)
    starts = _starts(shape, cuts)
    unit = max(_MIN_BACKTRACKS, n // 16)
    tries = 0
    while tries < max(1, max_restarts):
        if not starts:
            raise PuzzleBookError(
                f"no path through all {n} cells of this shape exists for {adjacency} adjacency "
                "(a full search from every possible start found none)"
            )
        tries += 1
        start = rng.choice(starts)
        found = _try_from(shape, start, _target(shape, cuts, start), rng, n + unit * luby(tries))
        if found is False:
            starts.remove(start)
            continue
        path: list[int] | None = found
        if len(found) < n:
            path = _rotate(shape, found, rng, _ROTATIONS_PER_CELL * n)
        if path is not None:
            return [shape.coord(i) for i in path]
    raise PuzzleBookError(
        f"no path through all {n} cells of this shape was found after {tries} tries; "
        f"it is probably impossible for {adjacency} adjacency"
    )
