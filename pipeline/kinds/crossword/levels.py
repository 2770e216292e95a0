"""What each level of a crossword and a fill-in asks for, in numbers.

A crossword's level is set by its size: how many words, in how large a grid (the more answers and the
larger the grid, the longer a solver works), every word crossing at least one other and the grid at
least so interlocked on average (crossings per word: each crossing helps both its words). A fill-in's
level is the hardest technique a person needs (fillgrade); its band says how many words it holds
unless the section says, and the grid they go in.
"""

from __future__ import annotations

from dataclasses import dataclass

LEVELS = ("easy", "medium", "hard", "expert")


@dataclass(frozen=True)
class Band:
    """A level's words (fewest, most), the grid's largest side, and the least crossings per word."""

    words: tuple[int, int]
    side: int
    crossings: float

    @property
    def default_words(self) -> int:
        return (self.words[0] + self.words[1] + 1) // 2


CROSSWORD_BANDS: dict[str, Band] = {
    "easy": Band((6, 10), 11, 1.6),
    "medium": Band((11, 15), 13, 1.7),
    "hard": Band((16, 20), 15, 1.75),
    "expert": Band((21, 30), 19, 1.8),
}
FILLIN_BANDS: dict[str, Band] = {
    "easy": Band((10, 16), 13, 1.7),
    "medium": Band((14, 22), 15, 1.75),
    "hard": Band((20, 28), 17, 1.8),
    "expert": Band((24, 34), 19, 1.8),
}
MOST_WORDS = 40


def crossword_level(words: int) -> str:
    """The level a crossword of so many words is: the first band that holds it (expert beyond)."""
    return next((level for level, band in CROSSWORD_BANDS.items() if words <= band.words[1]), "expert")


def words_per_puzzle(band: Band, asked: int | None, listed: int, whole: bool) -> int:
    """The words one puzzle holds: as asked; else all of a user's own list that its level's band holds
    (`whole`: the list is the user's, of `listed` words); else the band's default."""
    if asked is not None:
        return asked
    if whole and listed <= band.words[1]:
        return listed
    return band.default_words
