"""A word search as plain immutable data: the letter grid (blocked cells '#'), the listed words, and
where each word lies (its placement: first letter's cell and the direction it reads in).

Rows are strings of single characters; every kind-neutral caller sees only records (see kind.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, get_args

from pipeline.kinds.wordsearch.letters import normalize

BLOCKED = "#"
EMPTY = "."
"""A cell not filled yet (only while a grid is being made; never in a finished puzzle)."""
DIRECTIONS: dict[str, tuple[int, int]] = {
    "E": (0, 1), "S": (1, 0), "SE": (1, 1), "SW": (1, -1),
    "W": (0, -1), "N": (-1, 0), "NW": (-1, -1), "NE": (-1, 1),
}
"""Reading directions as (row step, column step): left to right, down, the two downward diagonals,
and their reverses."""
FORWARD = ("E", "S", "SE", "SW")
BACKWARD = ("W", "N", "NW", "NE")
DIAGONAL = ("SE", "SW", "NW", "NE")
Show = Literal["list", "count"]
SHOW: tuple[Show, ...] = get_args(Show)
"""How the book shows what to find: the word list, or only how many words hide in the grid."""
ListStyle = Literal["alphabetical", "length"]
LIST_STYLES: tuple[ListStyle, ...] = get_args(ListStyle)
"""How the word list is printed: in alphabetical columns, or grouped by length."""


@dataclass(frozen=True)
class Placement:
    """A word in the grid: its first letter at (row, column), from 0, reading in `direction`."""

    word: str
    row: int
    column: int
    direction: str

    def cells(self) -> tuple[tuple[int, int], ...]:
        dr, dc = DIRECTIONS[self.direction]
        return tuple((self.row + i * dr, self.column + i * dc) for i in range(len(self.word)))

    def to_json(self) -> list[object]:
        return [self.word, self.row, self.column, self.direction]


Solution = tuple[Placement, ...]
"""Every listed word's placement, in the order the words are listed."""


@dataclass(frozen=True)
class WordSearch:
    """The grid, the words to find, and (for a hidden-message puzzle) the message the letters no
    word uses spell, read row by row: as written (spaces and punctuation kept, for the answer page);
    `message_letters` is what the grid holds."""

    rows: tuple[str, ...]
    words: tuple[str, ...]
    message: str = ""
    show: str = "list"
    language: str = "en"
    umlauts: str = "keep"
    list_style: str = "alphabetical"

    @property
    def height(self) -> int:
        return len(self.rows)

    @property
    def width(self) -> int:
        return max((len(row) for row in self.rows), default=0)

    def letter(self, r: int, c: int) -> str:
        return self.rows[r][c] if 0 <= r < len(self.rows) and 0 <= c < len(self.rows[r]) else BLOCKED

    def open_cells(self) -> list[tuple[int, int]]:
        return [(r, c) for r, row in enumerate(self.rows) for c, char in enumerate(row) if char != BLOCKED]


def message_letters(puzzle: WordSearch) -> str:
    """The hidden message as the grid holds it: the letters of the phrase, in the grid's alphabet."""
    return normalize(puzzle.message, puzzle.language, puzzle.umlauts) if puzzle.message else ""


def unused_letters(puzzle: WordSearch, solution: Solution) -> str:
    """The letters no placed word covers, row by row: what a hidden message is read from."""
    used = {cell for placement in solution for cell in placement.cells()}
    return "".join(puzzle.rows[r][c] for r, c in puzzle.open_cells() if (r, c) not in used)


def grid_problem(puzzle: WordSearch, alphabet: str) -> str | None:
    """Why `puzzle` is no finished word search on these letters, or None."""
    if not puzzle.rows or not puzzle.words:
        return "it has no grid or no words"
    width = puzzle.width
    if any(len(row) != width for row in puzzle.rows):
        return "its rows are not all the same length"
    allowed = set(alphabet) | {BLOCKED}
    for r, row in enumerate(puzzle.rows):
        for c, char in enumerate(row):
            if char not in allowed:
                return f"r{r + 1}c{c + 1} holds {char!r}, which is no letter of its alphabet"
    for word in puzzle.words:
        if not word or set(word) - set(alphabet):
            return f"the word {word!r} is not written in the grid's letters"
    if len(set(puzzle.words)) != len(puzzle.words):
        return "a word is listed twice"
    return None


def contained(words: list[str]) -> tuple[str, str] | None:
    """A pair (shorter, longer) where the longer holds the shorter, read either way, or None."""
    ordered = sorted(set(words), key=len)
    for i, short in enumerate(ordered):
        for long in ordered[i + 1:]:
            if short in long or short[::-1] in long:
                return short, long
    return None
