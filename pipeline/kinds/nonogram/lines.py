"""One line of a nonogram on its own: what its clue and its known cells force.

A line's cells are bits of two masks, `filled` and `empty` (bit i is cell i, counted from the top or
the left). Two solvers, a person's two ways of reading a line:

- `settle_line` is exact: a cell is forced when every arrangement of the clue that keeps the known
  cells agrees on it. A dynamic programme over (runs placed, cells read) from both ends, O(runs x
  cells), so a 50-cell line costs a few thousand steps however many arrangements it has.
- `overlap_line` is what a solver does with a pencil: slide every run as far left as the known cells
  allow, then as far right; where a run's two places overlap the cells are filled, and cells no run
  can reach are empty. Weaker than the exact solver (it misses what follows from which run a filled
  cell belongs to), and it is what an easy puzzle asks for.

Both answer None when no arrangement keeps the known cells: a contradiction.
"""

from __future__ import annotations


def _reach(clue: list[int], n: int, filled: int, empty: int) -> tuple[list[list[bool]], list[list[bool]]]:
    """Forward and backward reachability over the line with one empty cell added at its end (so
    every run is followed by an empty cell). `ahead[j][i]`: cells [0, i) can hold runs 0..j-1 exactly,
    each run followed by an empty cell; `behind[j][i]`: cells [i, n + 1) can hold runs j..k-1."""
    k = len(clue)
    m = n + 1
    can_empty = [(filled >> i) & 1 == 0 for i in range(m)]
    run_fits = [[False] * (m + 1) for _ in range(k)]
    for j in range(k):
        length = clue[j]
        mask = (1 << length) - 1
        for s in range(m - length):
            run_fits[j][s] = s + length <= n and (empty >> s) & mask == 0 and can_empty[s + length]
    ahead = [[False] * (m + 1) for _ in range(k + 1)]
    ahead[0][0] = True
    for i in range(1, m + 1):
        ahead[0][i] = ahead[0][i - 1] and can_empty[i - 1]
    for j in range(1, k + 1):
        length = clue[j - 1]
        row = ahead[j]
        before = ahead[j - 1]
        fits = run_fits[j - 1]
        for i in range(1, m + 1):
            if row[i - 1] and can_empty[i - 1]:
                row[i] = True
            elif i >= length + 1 and before[i - length - 1] and fits[i - length - 1]:
                row[i] = True
    behind = [[False] * (m + 1) for _ in range(k + 1)]
    behind[k][m] = True
    for i in range(m - 1, -1, -1):
        behind[k][i] = behind[k][i + 1] and can_empty[i]
    for j in range(k - 1, -1, -1):
        length = clue[j]
        row = behind[j]
        after = behind[j + 1]
        fits = run_fits[j]
        for i in range(m - 1, -1, -1):
            if row[i + 1] and can_empty[i]:
                row[i] = True
            elif i + length + 1 <= m and fits[i] and after[i + length + 1]:
                row[i] = True
    return ahead, behind


def settle_line(clue: list[int], n: int, filled: int, empty: int) -> tuple[int, int] | None:
    """The (filled, empty) masks every arrangement of `clue` over the known cells agrees on (the known
    cells included), or None when no arrangement keeps them."""
    k = len(clue)
    m = n + 1
    ahead, behind = _reach(clue, n, filled, empty)
    if not ahead[k][m]:
        return None
    may_fill = 0
    may_empty = 0
    for c in range(n):
        if (filled >> c) & 1:
            continue
        for j in range(k + 1):
            if ahead[j][c] and behind[j][c + 1]:
                may_empty |= 1 << c
                break
    for j in range(k):
        length = clue[j]
        mask = (1 << length) - 1
        before = ahead[j]
        after = behind[j + 1]
        for s in range(m - length):
            if before[s] and after[s + length + 1] and s + length <= n and (empty >> s) & mask == 0 \
                    and ((filled >> (s + length)) & 1) == 0:
                may_fill |= mask << s
                may_empty |= 1 << (s + length)
    full = (1 << n) - 1
    may_fill &= full
    may_empty &= full
    return full & ~may_empty, full & ~may_fill


def _leftmost(clue: list[int], n: int, filled: int, empty: int, ahead: list[list[bool]],
              behind: list[list[bool]]) -> list[int]:
    """The start of each run in the leftmost arrangement that keeps the known cells."""
    starts: list[int] = []
    position = 0
    for j in range(len(clue)):
        length = clue[j]
        mask = (1 << length) - 1
        s = position
        while True:
            if ahead[j][s] and behind[j + 1][s + length + 1] and s + length <= n and (empty >> s) & mask == 0 \
                    and ((filled >> (s + length)) & 1) == 0 and _gap_clear(filled, position, s):
                break
            s += 1
        starts.append(s)
        position = s + length + 1
    return starts


def _gap_clear(filled: int, start: int, stop: int) -> bool:
    """No filled cell in [start, stop): the cells a run slid past are left empty."""
    return stop <= start or (filled >> start) & ((1 << (stop - start)) - 1) == 0


def _mirror(mask: int, n: int) -> int:
    out = 0
    for i in range(n):
        if (mask >> i) & 1:
            out |= 1 << (n - 1 - i)
    return out


def overlap_line(clue: list[int], n: int, filled: int, empty: int) -> tuple[int, int] | None:
    """The (filled, empty) masks the leftmost and rightmost arrangements show (the known cells
    included): run j's overlap of its two places is filled; cells outside every run's span, empty.
    None when no arrangement keeps the known cells."""
    k = len(clue)
    full = (1 << n) - 1
    ahead, behind = _reach(clue, n, filled, empty)
    if not ahead[k][n + 1]:
        return None
    left = _leftmost(clue, n, filled, empty, ahead, behind)
    reversed_clue = clue[::-1]
    mirrored_filled, mirrored_empty = _mirror(filled, n), _mirror(empty, n)
    ahead_r, behind_r = _reach(reversed_clue, n, mirrored_filled, mirrored_empty)
    right_mirrored = _leftmost(reversed_clue, n, mirrored_filled, mirrored_empty, ahead_r, behind_r)
    new_filled = filled
    reach = 0
    for j in range(k):
        length = clue[j]
        right = n - right_mirrored[k - 1 - j] - length
        if right < left[j] + length:
            new_filled |= ((1 << (left[j] + length - right)) - 1) << right
        reach |= ((1 << (right + length - left[j])) - 1) << left[j]
    return new_filled & full, (empty | (full & ~reach)) & full
