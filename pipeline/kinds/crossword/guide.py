"""What a book's how-to-play pages say about crosswords and fill-ins, with worked examples whose words
are spelled the same in all five languages (so every book can print them); the example's clues are in
the tips, so they are translated with the page. Text and data only: the tests prove the fill-in
example fills one way only and the crossword's entries are its grid's.
"""

from __future__ import annotations

from pipeline.i18n import N_
from pipeline.kinds.base import Guide

LENGTH_HEADING = N_("{n} letters")
"""The heading over a fill-in's words of one length."""

CROSSWORD_EXAMPLE = ["#HOTEL#", "###A##P", "###X##I", "##PIZZA", "####O#N", "RADIO#O"]
CROSSWORD_GUIDE = Guide(
    rules=N_(
        "Write the answer to each clue in the squares that start at its number: across clues read from left to "
        "right, down clues from top to bottom. Where an across word and a down word cross, they share the letter "
        "in that square. Every square belongs to an answer, and every answer is a word of the puzzle's theme."
    ),
    tips=(
        N_("In the example, 1 across is a place to stay on holiday (HOTEL), 2 down a car you hire with its "
           "driver (TAXI), and 3 down an instrument with black and white keys (PIANO)."),
        N_("Start with the clues you are sure of: every letter you write is a first letter, or a middle one, of "
           "a word that crosses it."),
        N_("The number in brackets after a clue is how many letters its answer has. Write lightly in pencil "
           "when you are not sure."),
    ),
    puzzle={"kind": "crossword", "rows": ["".join("#" if char == "#" else "." for char in row) for row in CROSSWORD_EXAMPLE]},
    solution=CROSSWORD_EXAMPLE,
    level_notes={
        "easy": N_("6 to 10 words in a grid up to 11 squares a side; words cross often."),
        "medium": N_("11 to 15 words in a grid up to 13 squares a side."),
        "hard": N_("16 to 20 words in a grid up to 15 squares a side."),
        "expert": N_("21 words or more in a grid up to 19 squares a side."),
    },
    scale=N_("Each crossword is labelled with its level, set by how many words it holds and how large its grid is:"),
    answers=(
        N_("Every answer fits its squares and crosses its neighbours, checked by computer. The answers are at the "
           "end of each section, with every square filled in."),
        N_("Every answer fits its squares and crosses its neighbours, checked by computer. The answers are at the "
           "back of the book, with every square filled in."),
    ),
)

FILLIN_EXAMPLE = ["###T#P###", "##RADIO##", "#P#X#A##G", "KIWI#N##O", "#Z##HOTEL", "#Z######F", "JAZZ#####",
                  "###O#####", "##SOFA###"]
FILLIN_GUIDE = Guide(
    rules=N_(
        "Fit every word of the list into the grid, across (left to right) or down (top to bottom), one word to "
        "each run of squares, so that crossing words share their letter. Every word is used once, and the grid "
        "can be filled in only one way."
    ),
    tips=(
        N_("The example's words: ZOO; GOLF, JAZZ, KIWI, SOFA, TAXI; HOTEL, PIANO, PIZZA, RADIO."),
        N_("Start with a length only one word has: ZOO is the only word of three letters, so it goes in the only "
           "run of three squares."),
        N_("Each letter you write narrows the words that can cross it: when only one word of the right length "
           "has that letter in that place, write it in and cross it off the list."),
    ),
    puzzle={"kind": "fillin", "rows": ["".join("#" if char == "#" else "." for char in row) for row in FILLIN_EXAMPLE]},
    solution=FILLIN_EXAMPLE,
    level_notes={
        "easy": N_("lengths that only one word has, and crossing letters that leave one word, solve it."),
        "medium": N_("you also find the one run of squares a word can still go in, or once or twice rule a word "
                     "out of a run because no word crossing it could share its letter."),
        "hard": N_("you rule words out at crossings again and again before the next word can go in."),
        "expert": N_("you also try a word in a run and follow it until it cannot work."),
    },
)
