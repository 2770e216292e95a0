"""What a book's how-to-play page says about word search, with a worked 8x8 example whose words are
spelled the same in all five languages (so every book can print it). Text and data only.

The example was made by this package's generator (medium, seed 4) and is kept here as data; the
tests prove its promise (every word once) and its level.
"""

from __future__ import annotations

from pipeline.i18n import N_
from pipeline.kinds.base import Guide

LEVEL_NOTES: dict[str, str] = {
    "easy": N_("words read left to right or top to bottom, and no two of them cross."),
    "medium": N_("words also run down the two diagonals, and some of them cross and share a letter."),
    "hard": N_("words run in all eight directions, so they also read backwards and upwards."),
    "expert": N_("words cross densely, and near-copies of listed words, one letter off, hide among the letters."),
}
SCALE = N_("Each puzzle is labelled with its level, set by where the words may run and how they meet:")
ANSWERS = (
    N_("Every listed word is in its grid exactly once, checked by computer. The answers are at the end of each "
       "section, with every word outlined in its grid."),
    N_("Every listed word is in its grid exactly once, checked by computer. The answers are at the back of the "
       "book, with every word outlined in its grid."),
)
FIND_COUNT = N_("Find {count} words")
"""What a puzzle prints instead of its list when a section shows only how many words hide."""

EXAMPLE_WORDS = ["GOLF", "HOTEL", "KIWI", "PIANO", "PIZZA", "RADIO", "TAXI", "ZOO"]
WORDSEARCH_GUIDE = Guide(
    rules=N_(
        "Find every word of the list in the grid of letters and circle it. A word reads in a straight line: "
        "left to right, top to bottom, along a diagonal and, in harder puzzles, backwards or upwards. Words "
        "may cross and share a letter. Every listed word is in the grid exactly once."
    ),
    tips=(
        N_("Start with a word's rarest letter: in the example, the Z of PIZZA and ZOO, or the K of KIWI."),
        N_("Find the first letter, then look at the eight letters around it for the second one, and follow "
           "that direction."),
        N_("Cross each word off the list as you find it. In a hidden-message puzzle, the letters no word uses "
           "spell the message, row by row."),
    ),
    puzzle={"rows": ["VOMHCRID", "RSHKAAEE", "ZOOIWDPA", "NATWAIIE", "OSEIZOAO", "EOLZFUNT", "NTAXIEOD", "TNGOLFLR"],
            "words": EXAMPLE_WORDS, "show": "list", "list_style": "alphabetical", "message": ""},
    solution=[["GOLF", 7, 2, "E"], ["HOTEL", 1, 2, "S"], ["KIWI", 1, 3, "S"], ["PIANO", 2, 6, "S"],
              ["PIZZA", 2, 6, "SW"], ["RADIO", 0, 5, "S"], ["TAXI", 6, 1, "E"], ["ZOO", 2, 0, "E"]],
    level_notes=LEVEL_NOTES,
    scale=SCALE,
    answers=ANSWERS,
)
