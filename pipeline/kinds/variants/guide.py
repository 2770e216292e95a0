"""What a book's how-to-play page says about each Sudoku variant, with a small worked example each.

The examples (4x4 Killer and Sudoku X, 5x5 Jigsaw) were made by this package's generator and are
kept as data; the tests prove each unique and its first tip true. Text and data only: it never
searches.
"""

from __future__ import annotations

from pipeline.i18n import N_
from pipeline.kinds.base import Guide
from pipeline.kinds.sudoku.houses import Cage
from pipeline.kinds.variants.puzzle import Variant, boxed

LEVEL_NOTES: dict[str, str] = {
    "easy": N_("a digit that fits only one cell of a region, or a cell left with one digit, always shows the next move."),
    "medium": N_("you also find the one cell of a row or column a digit fits, and narrow pairs of candidates."),
    "hard": N_("you also use pencil marks: pairs, triples, the X-wing and other patterns."),
    "expert": N_("you also use quads, the largest patterns and short chains of candidates. No puzzle needs a guess."),
}
"""One short paragraph per level, after the hardest steps each holds (Jigsaw and Sudoku X)."""

KILLER_NOTES: dict[str, str] = {
    "easy": N_("the digits a cage's sum allows, and the last cell of a row, column, box or cage, always show the "
               "next move."),
    "medium": N_("you also use the rule of 45: a row, column or box adds up to 45, so the cells its whole cages "
                 "leave add up to the rest."),
    "hard": N_("you also add up two or three rows, columns or boxes at once, and use pencil marks: pairs, "
               "triples and other patterns."),
    "expert": N_("you also use the largest patterns and short chains of candidates. No puzzle needs a guess."),
}
"""One short paragraph per Killer level."""

KILLER_ANSWERS = (
    N_("Every puzzle has exactly one solution, proved by computer. The answers are at the end of each section, "
       "as plain grids of digits, without the cages."),
    N_("Every puzzle has exactly one solution, proved by computer. The answers are at the back of the book, as "
       "plain grids of digits, without the cages."),
)
"""Where a Killer's answers are: a Killer has no printed digits to show bold on grey."""

KILLER_EXAMPLE = boxed("killer", 4, cages=(
    Cage(5, (0, 4)), Cage(9, (1, 2, 3)), Cage(3, (5, 9)), Cage(4, (6, 7)), Cage(9, (8, 12, 13)),
    Cage(7, (10, 14)), Cage(3, (11, 15)),
))
SUDOKU_X_EXAMPLE = boxed("sudokux", 4, (1, 0, 0, 0, 0, 3, 0, 1, 0, 0, 0, 0, 0, 0, 0, 2))
JIGSAW_EXAMPLE = Variant("jigsaw", 5, (0, 0, 1, 1, 1, 0, 1, 1, 2, 2, 0, 3, 2, 2, 2, 0, 3, 4, 4, 4, 3, 3, 3, 4, 4),
                         (0, 0, 0, 0, 1, 5, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 5, 0, 0, 2, 3, 0, 0, 0, 0))

GUIDES: dict[str, Guide] = {
    "killer": Guide(
        rules=N_(
            "Write a digit in every cell so that each row, each column and each box outlined in bold holds every "
            "digit exactly once. The dashed outlines are cages: the digits of a cage are all different and add up "
            "to the small sum in its corner. A 9x9 grid uses the digits 1 to 9; the example below is a 4x4 grid "
            "with 2x2 boxes, using 1 to 4."
        ),
        tips=(
            N_("Three different digits from 1 to 4 make 9 only as 2, 3 and 4. So the cage of 9 across the top row "
               "holds them, the first cell of that row is 1, and the cage of 5 below it puts 4 under the 1."),
            N_("A row, column or box adds up to 45 on a 9x9 grid: take away the sums of the cages wholly inside it, "
               "and what is left is the sum of its other cells. One cell left over is that digit."),
            N_("Note the few digits each cell can still take: two cells of a cage with sum 3 can only be 1 and 2, "
               "so no other cell of their row, column or box can be."),
        ),
        puzzle=KILLER_EXAMPLE,
        solution="1324421331422431",
        level_notes=KILLER_NOTES,
        answers=KILLER_ANSWERS,
    ),
    "jigsaw": Guide(
        rules=N_(
            "Write a digit in every cell so that each row, each column and each region outlined in bold holds "
            "every digit exactly once. The regions have all kinds of shapes, but each has as many cells as a row. "
            "The printed digits stay where they are. The example below is a 5x5 grid, using 1 to 5."
        ),
        tips=(
            N_("Look at one digit in one region: when it fits in only one cell there, it goes there. In the example, "
               "the region at the top left needs a 3, and the 3 at the foot of the first column leaves it only the "
               "second cell of the top row."),
            N_("A region that reaches into a row or column counts there too: follow its bold outline carefully."),
            N_("In harder puzzles, note the few digits each cell can still take in small pencil figures."),
        ),
        puzzle=JIGSAW_EXAMPLE,
        solution="2345152314145234513231245",
        level_notes=LEVEL_NOTES,
    ),
    "sudokux": Guide(
        rules=N_(
            "Write a digit in every cell so that each row, each column, each box outlined in bold and each of the "
            "two long shaded diagonals holds every digit exactly once. The printed digits stay where they are. The "
            "example below is a 4x4 grid with 2x2 boxes, using 1 to 4."
        ),
        tips=(
            N_("The diagonals count like rows: in the example, the diagonal from the top left already holds 1, 3 "
               "and 2, so its empty cell, the third of the third row, is 4."),
            N_("Look at one digit in one row, column, box or diagonal: when it fits in only one cell there, it goes "
               "there."),
            N_("In harder puzzles, note the few digits each cell can still take in small pencil figures."),
        ),
        puzzle=SUDOKU_X_EXAMPLE,
        solution="1234432121433412",
        level_notes=LEVEL_NOTES,
    ),
}
