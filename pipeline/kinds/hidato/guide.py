"""What a book's how-to-play page says about Hidato, Numbrix and hex Hidato, with a worked example of each.

The examples were made by the real generator (4x4 with blocked corners, seeds 4 and 1; a medium
hexagon of side 3, seed 2); the tests
prove each unique with the solver. Text and data only: it never searches.
"""

from __future__ import annotations

from pipeline.i18n import N_
from pipeline.kinds.base import Guide

N = None

LEVEL_NOTES: dict[str, str] = {
    "easy": N_("every number can be placed by looking at its neighbours: a number with only one free cell "
               "next to the number before it, or a cell only one number can reach."),
    "medium": N_("you also count distances: a number between two printed ones must be close enough to both."),
    "hard": N_("you also follow whole routes: the cells a short gap must pass through, dead-end cells that "
               "must end a run, and pockets of cells that one run of numbers must fill."),
    "expert": N_("somewhere you must try a number, follow it, and see it fail before the right one shows."),
}
"""One short paragraph per level: each level is named after the hardest reasoning its puzzles need,
which is exactly what the grader measures before the label is printed."""

HIDATO_GUIDE = Guide(
    rules=N_(
        "Write a number in every empty cell so that the numbers from 1 to the last one form a chain: "
        "each number touches the next one horizontally, vertically or diagonally. The printed numbers "
        "stay where they are; the first and the last number are always printed. Only the drawn cells "
        "belong to the puzzle, so a board can take any shape."
    ),
    tips=(
        N_("Count the gap between two printed numbers: between 10 and 13 there must be exactly two cells, "
          "each touching the one before."),
        N_("Cells in corners and along edges have few neighbours, so numbers there have few choices: start there."),
    ),
    puzzle=((N, 0, 3, 0), (1, 10, 0, 0), (14, 0, 0, 6), (0, 13, 0, N)),
    solution=((N, 2, 3, 4), (1, 10, 9, 5), (14, 11, 8, 6), (12, 13, 7, N)),
    level_notes=LEVEL_NOTES,
)

NUMBRIX_GUIDE = Guide(
    rules=N_(
        "Write a number in every empty cell so that the numbers from 1 to the last one form a chain: "
        "each number touches the next one horizontally or vertically, never diagonally. The printed "
        "numbers stay where they are. Only the drawn cells belong to the puzzle, so a board can take any shape."
    ),
    tips=(
        N_("Moves alternate like the colours of a chessboard: odd numbers sit on one colour, "
          "even numbers on the other."),
        N_("From 9 to 12 the chain takes exactly three steps, so 10 and 11 must fit on a route between them."),
    ),
    puzzle=((0, 0, 0, N), (0, 9, 4, 3), (0, 0, 1, 0), (12, 13, 0, 15)),
    solution=((7, 6, 5, N), (8, 9, 4, 3), (11, 10, 1, 2), (12, 13, 14, 15)),
    level_notes=LEVEL_NOTES,
)

HEX_GUIDE = Guide(
    rules=N_(
        "The board is a honeycomb. Write a number in every empty cell so that the numbers from 1 to the "
        "last one form a chain: each number touches the next one across one of its six sides. The printed "
        "numbers stay where they are; the first and the last number are always printed."
    ),
    tips=(
        N_("A cell has at most six neighbours, fewer along the edge: numbers on the rim have few choices, so start there."),
        N_("Count the gap between two printed numbers: from 7 to 11 the chain takes exactly four steps, so 8, 9 "
          "and 10 must fit on a route between them."),
    ),
    puzzle=((N, N, 0, 0, 0), (N, 7, 0, 0, 0), (0, 17, 19, 0, 0), (0, 0, 0, 1, N), (0, 11, 0, N, N)),
    solution=((N, N, 6, 5, 4), (N, 7, 16, 15, 3), (8, 17, 19, 14, 2), (9, 18, 13, 1, N), (10, 11, 12, N, N)),
    level_notes=LEVEL_NOTES,
)
