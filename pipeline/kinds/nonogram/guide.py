"""What a book's how-to-play page says about nonograms, with a worked 8 x 6 example (a heart). Text and
data only: the tests prove the example unique and easy.
"""

from __future__ import annotations

from pipeline.i18n import N_
from pipeline.kinds.base import Guide
from pipeline.kinds.nonogram.puzzle import puzzle_of

EXAMPLE_PICTURE = (
    ".##..##.",
    "########",
    "########",
    ".######.",
    "..####..",
    "...##...",
)

NONOGRAM_GUIDE = Guide(
    rules=N_(
        "Fill in cells so that a picture appears. The numbers beside each row, and above each column, are the "
        "lengths of its runs of filled cells, in order from left to right and from top to bottom; between two "
        "runs there is at least one empty cell. A row or column marked 0 stays empty. A filled square in the grid is a "
        "hint: that cell is filled; a small cross marks a cell that stays empty."
    ),
    tips=(
        N_("Start with the large numbers: a run of 6 in a row of 8 cells must cover its 3rd to 6th cells, "
           "wherever it starts."),
        N_("Mark the cells you know are empty with a dot or a cross: they tell the crossing lines as much as "
           "the filled ones."),
        N_("Work across and down in turns: each cell you settle in a row is a new fact for its column."),
    ),
    puzzle=puzzle_of(EXAMPLE_PICTURE),
    solution=EXAMPLE_PICTURE,
    level_notes={
        "easy": N_("every line settles by sliding its runs to the left and to the right and seeing where they "
                   "overlap; each line you settle opens the next one at once."),
        "medium": N_("longer chains of lines, or a line whose runs you must match to its filled cells; still "
                     "no trial needed."),
        "hard": N_("at a few points no line gives more: try a cell, follow the lines until one breaks, and the "
                   "cell is the other way."),
        "expert": N_("many such trials, some of them inside one another."),
    },
    answers=(
        N_("Every nonogram has exactly one solution, proved by computer, and logic alone reaches it. The answers "
           "are at the end of each section: each picture filled in."),
        N_("Every nonogram has exactly one solution, proved by computer, and logic alone reaches it. The answers "
           "are at the back of the book: each picture filled in."),
    ),
)
