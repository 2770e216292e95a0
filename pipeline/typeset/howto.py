"""What the how-to-play page says for each kind, and its worked example: a tiny puzzle and its solution.

The path examples were made by the real generator (4x4 with blocked corners, seeds 4 and 1), the Sudoku
one by hand; the tests prove each unique with its kind's solver. Text and data only: it never searches.
"""

from __future__ import annotations

from dataclasses import dataclass

from pipeline.typeset.draw import Grid

N = None


@dataclass(frozen=True)
class HowTo:
    """One kind's rules, tips and worked example."""

    name: str
    adjacency: str
    """The path kinds' step rule; empty for Sudoku, which has no path to draw."""
    rules: str
    tips: tuple[str, ...]
    puzzle: Grid | str
    """As the kind's records store a grid: rows for the path kinds, the one-line form for Sudoku."""
    solution: Grid | str


HOWTOS: dict[str, HowTo] = {
    "hidato": HowTo(
        name="Hidato",
        adjacency="king",
        rules=(
            "Write a number in every empty cell so that the numbers from 1 to the last one form a chain: "
            "each number touches the next one horizontally, vertically or diagonally. The printed numbers "
            "stay where they are; the first and the last number are always printed. Only the drawn cells "
            "belong to the puzzle, so a board can take any shape."
        ),
        tips=(
            "Count the gap between two printed numbers: between 10 and 13 there must be exactly two cells, "
            "each touching the one before.",
            "Cells in corners and along edges have few neighbours, so numbers there have few choices: start there.",
        ),
        puzzle=((N, 0, 3, 0), (1, 10, 0, 0), (14, 0, 0, 6), (0, 13, 0, N)),
        solution=((N, 2, 3, 4), (1, 10, 9, 5), (14, 11, 8, 6), (12, 13, 7, N)),
    ),
    "numbrix": HowTo(
        name="Numbrix",
        adjacency="orthogonal",
        rules=(
            "Write a number in every empty cell so that the numbers from 1 to the last one form a chain: "
            "each number touches the next one horizontally or vertically, never diagonally. The printed "
            "numbers stay where they are. Only the drawn cells belong to the puzzle, so a board can take any shape."
        ),
        tips=(
            "Moves alternate like the colours of a chessboard: odd numbers sit on one colour, "
            "even numbers on the other.",
            "From 9 to 12 the chain takes exactly three steps, so 10 and 11 must fit on a route between them.",
        ),
        puzzle=((0, 0, 0, N), (0, 9, 4, 3), (0, 0, 1, 0), (12, 13, 0, 15)),
        solution=((7, 6, 5, N), (8, 9, 4, 3), (11, 10, 1, 2), (12, 13, 14, 15)),
    ),
}
"""The path kinds (Hidato, Numbrix), whose examples the path solver proves."""

SUDOKU_HOWTO = HowTo(
    name="Sudoku",
    adjacency="",
    rules=(
        "Write a symbol in every empty cell so that each row, each column and each box outlined in bold "
        "holds every symbol exactly once. A 9x9 grid uses the digits 1 to 9; a 16x16 grid uses 1 to 9 "
        "and then the letters A to G. The printed symbols stay where they are. The small example below "
        "is a 4x4 grid with 2x2 boxes, using the digits 1 to 4."
    ),
    tips=(
        "Look at one cell: cross out every symbol already in its row, its column and its box. When only "
        "one is left, write it in. In the example, the cell left of the 2 in the second row can only be 3.",
        "Look at one symbol in one row, column or box: when it fits in only one cell there, it goes there.",
        "In harder puzzles, note the few symbols each cell can still take in small pencil figures: two cells "
        "of a row that can only take the same two symbols rule those symbols out elsewhere in the row.",
    ),
    puzzle=".4..1.2..2.1..4.",
    solution="2413132442313142",
)

GUIDES: dict[str, HowTo] = {**HOWTOS, "sudoku": SUDOKU_HOWTO}
"""Every kind's how-to-play page, by the kind a section names."""

PATH_LEVELS: dict[str, str] = {
    "easy": "every number can be placed by looking at its neighbours: a number with only one free cell "
    "next to the number before it, or a cell only one number can reach.",
    "medium": "you also count distances: a number between two printed ones must be close enough to both.",
    "hard": "you also follow whole routes: the cells a short gap must pass through, dead-end cells that "
    "must end a run, and pockets of cells that one run of numbers must fill.",
    "expert": "somewhere you must try a number, follow it, and see it fail before the right one shows.",
}
SUDOKU_LEVELS: dict[str, str] = {
    "easy": "every cell can be filled because only one symbol fits it, or a symbol fits only one cell of a "
    "row, column or box.",
    "medium": "you also use pairs: two cells that share the same two symbols, or a symbol confined to one "
    "line of a box.",
    "hard": "you also use triples and patterns across rows and columns (X-wing, swordfish).",
    "expert": "somewhere you must try a symbol, follow it, and see it fail before the right one shows.",
}
LEVEL_GUIDES: dict[str, dict[str, str]] = {"hidato": PATH_LEVELS, "numbrix": PATH_LEVELS, "sudoku": SUDOKU_LEVELS}
"""One short paragraph per difficulty level, by kind: each level is named after the hardest reasoning
its puzzles need, which is exactly what the grader measures before the label is printed."""


def scale_notes(kind: str) -> list[str]:
    """The difficulty scale for `kind`, one paragraph per level, in order from easy to expert."""
    return [f"{level.capitalize()}: {text}" for level, text in LEVEL_GUIDES[kind].items()]


def closing_note(answers_where: str) -> str:
    """Where the reader finds the answers, and how to read them."""
    place = "at the end of each section" if answers_where == "section" else "at the back of the book"
    return (
        f"Every puzzle has exactly one solution, proved by computer. The answers are {place}: "
        "the printed numbers are bold on grey, the numbers you fill in are in lighter type."
    )
