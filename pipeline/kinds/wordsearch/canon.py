"""Who a word search is: the same words hidden in the same shape of board.

A reader knows a word search by its list and its outline, not by where the generator's letters fell:
two grids hiding the same words in the same shape are the same puzzle to them, whichever way up the
shape is printed and in whichever order the list is. So the fingerprint is the sorted word list and
the board's outline in its least form over the square's 8 rotations and reflections (moved to the
origin), which no rearrangement of either changes. The letters are not part of it (any two fillings
would differ), nor is the language (the words, already in the grid's letters, say it). A word
search's answer says nothing of its own, so there is no solution digest.
"""

from __future__ import annotations

from collections.abc import Sequence

from pipeline.kinds.base import Fingerprint, digest
from pipeline.kinds.wordsearch.grid import BLOCKED

SQUARE_SYMMETRIES = ((1, 0, 0, 1), (0, 1, -1, 0), (-1, 0, 0, -1), (0, -1, 1, 0),
                     (-1, 0, 0, 1), (1, 0, 0, -1), (0, 1, 1, 0), (0, -1, -1, 0))
"""The square's rotations and reflections as matrices (a, b, c, d): (r, c) -> (a r + b c, c r + d c)."""


def wordsearch_fingerprint(kind: str, rows: Sequence[str], words: Sequence[str]) -> Fingerprint:
    """The sorted words and the least outline; no solution digest."""
    return Fingerprint(puzzle=digest([kind, sorted(words), outline(rows)]), solution=None)


def outline(rows: Sequence[str]) -> list[str]:
    """The board's open cells in their least position over the square's symmetries, drawn as rows of
    '.' (open) and '#' (blocked) in their bounding rectangle."""
    cells = [(r, c) for r, row in enumerate(rows) for c, char in enumerate(row) if char != BLOCKED]
    if not cells:
        return []
    images = []
    for a, b, c, d in SQUARE_SYMMETRIES:
        turned = [(a * r + b * q, c * r + d * q) for r, q in cells]
        top, left = min(r for r, _ in turned), min(q for _, q in turned)
        images.append(sorted((r - top, q - left) for r, q in turned))
    least = set(min(images))
    height, width = max(r for r, _ in least) + 1, max(q for _, q in least) + 1
    return ["".join("." if (r, q) in least else BLOCKED for q in range(width)) for r in range(height)]
