"""What a book's how-to-play page says about Sudoku, with a worked 4x4 example made by hand.

The tests prove the example unique and its first tip true. Text and data only: it never searches.
"""

from __future__ import annotations

from pipeline.i18n import N_
from pipeline.kinds.base import Guide

LEVEL_NOTES: dict[str, str] = {
    "easy": N_("every cell can be filled because only one symbol fits it, or a symbol fits only one cell of a "
               "row, column or box."),
    "medium": N_("you also use pairs: two cells that share the same two symbols, or a symbol confined to one "
                 "line of a box."),
    "hard": N_("you also use triples and patterns across rows and columns (X-wing, swordfish)."),
    "expert": N_("somewhere you must try a symbol, follow it, and see it fail before the right one shows."),
}
"""One short paragraph per level, named after the hardest technique the grader found necessary."""

SUDOKU_GUIDE = Guide(
    rules=N_(
        "Write a symbol in every empty cell so that each row, each column and each box outlined in bold "
        "holds every symbol exactly once. A 9x9 grid uses the digits 1 to 9; a 16x16 grid uses 1 to 9 "
        "and then the letters A to G. The printed symbols stay where they are. The small example below "
        "is a 4x4 grid with 2x2 boxes, using the digits 1 to 4."
    ),
    tips=(
        N_("Look at one cell: cross out every symbol already in its row, its column and its box. When only "
           "one is left, write it in. In the example, the cell left of the 2 in the second row can only be 3."),
        N_("Look at one symbol in one row, column or box: when it fits in only one cell there, it goes there."),
        N_("In harder puzzles, note the few symbols each cell can still take in small pencil figures: two cells "
           "of a row that can only take the same two symbols rule those symbols out elsewhere in the row."),
    ),
    puzzle=".4..1.2..2.1..4.",
    solution="2413132442313142",
    level_notes=LEVEL_NOTES,
)
