"""What a book's how-to-play page says about Sudoku, with a worked 4x4 example made by hand.

The tests prove the example unique and its first tip true. Text and data only: it never searches.
"""

from __future__ import annotations

from pipeline.i18n import N_
from pipeline.kinds.base import LEVEL_NAMES as BASE_LEVEL_NAMES
from pipeline.kinds.base import Guide

LEVEL_NOTES: dict[str, str] = {
    "easy": N_("a symbol that fits only one cell of a box always shows the next move."),
    "medium": N_("you also find the one cell of a row or column a symbol fits, or the one symbol a cell takes."),
    "hard": N_("you also use pencil marks: pairs, triples, the X-wing and other patterns."),
    "expert": N_("you also follow chains of pairs of candidates until one is ruled out."),
    "extreme": N_("you also suppose a symbol and follow it to a contradiction. No puzzle ever needs a guess."),
}
"""One short paragraph per level, named after the hardest steps its rating band holds. (Unreasonable
puzzles, made only when a section names the level, are off the scale the page explains.)"""

LEVEL_NAMES: dict[str, str] = {**BASE_LEVEL_NAMES, "extreme": N_("Extreme"), "unreasonable": N_("Unreasonable")}

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
    level_names=LEVEL_NAMES,
)
