"""Nonograms as text: exact round trips both ways (a hand-made puzzle and random pictures with random
hints, several a file), lenient reading and canonical writing, every mistake located by line and
column, arbitrary text ending in a PuzzleBookError at worst, and how `show` and `generate` print them."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pipeline.errors import PuzzleBookError
from pipeline.kinds.base import TextPuzzle
from pipeline.kinds.nonogram.puzzle import Nonogram, Picture, blank_givens, puzzle_of
from pipeline.kinds.nonogram.show import nonogram_card, nonogram_text
from pipeline.kinds.nonogram.textformat import (
    NonogramText,
    clue_text,
    format_nonograms,
    looks_like_nonogram,
    parse_nonograms,
    solution_lines,
)

HOUSE = """\
; kind=nonogram seed=7 level=easy
rows: 3 | 1 1 | - | 2 2 | 5
cols: 1 2 | 1 2 | 1 1 | 1 2 | 1 2
? ? # ? ?
? ? ? ? ?
? ? . ? ?
? ? ? ? ?
? ? ? ? ?
solution:
. # # # .
# . . . #
. . . . .
# # . # #
# # # # #
"""

PICTURE = (".###.", "#...#", ".....", "##.##", "#####")

WIDE = """\
; kind=nonogram
rows: 1 1 1 | 1 1 1 | 1 1 1 | 1 | 1 | 1 4 | 1 | 1 | 1 | 1 | 1 | 1 1 1
cols: 12 | - | 3 1 1 | 1 | 1 1 | 3 1
? ? ? ? ? ?
? ? ? ? ? ?
? ? ? ? ? ?
? ? ? ? ? ?
? ? ? ? ? ?
? ? ? ? ? ?
? ? ? ? ? ?
? ? ? ? ? ?
? ? ? ? ? ?
? ? ? ? ? ?
? ? ? ? ? ?
? ? ? ? ? ?
"""


# ------------------------------------------------------------------------------ hand-made round trips


@pytest.mark.parametrize("text", [HOUSE, WIDE, HOUSE + "\n" + WIDE + "\n" + HOUSE])
def test_files_read_and_write_back_exactly(text: str) -> None:
    items = parse_nonograms(text, "hand.txt")
    assert format_nonograms(items) == text
    assert parse_nonograms(format_nonograms(items), "again") == items


def test_a_nonogram_reads_as_its_records_hold_it() -> None:
    (item,) = parse_nonograms(HOUSE, "house.txt")
    assert item.line == 1 and item.meta == {"kind": "nonogram", "seed": "7", "level": "easy"}
    assert item.puzzle == puzzle_of(PICTURE, [(0, 2), (2, 2)])
    assert item.puzzle.rows == ((3,), (1, 1), (), (2, 2), (5,))
    assert item.puzzle.hints == ((0, 2, "#"), (2, 2, "."))
    assert item.solution == PICTURE
    assert [each.line for each in parse_nonograms(HOUSE + "\n" + WIDE, "two.txt")] == [1, 16]


def test_reading_is_lenient_and_writing_canonical() -> None:
    loose = (HOUSE.replace("rows: 3 | 1 1 | - |", "ROWS :3|1,1|0|")
             .replace("cols:", "; a comment\n  columns:")
             .replace("? ? # ? ?", "??#??").replace("# # # # #", "  #####  ")
             .replace("solution:", "\nSolution:"))
    assert parse_nonograms(loose, "loose.txt") == parse_nonograms(HOUSE, "x")
    assert format_nonograms(parse_nonograms(loose, "loose.txt")) == HOUSE
    assert parse_nonograms("", "empty") == [] and parse_nonograms("; just a comment\n\n", "c") == []


def test_without_a_grid_no_cell_is_given() -> None:
    (item,) = parse_nonograms("rows: 3 | 1 1 | - | 2 2 | 5\ncols: 1 2 | 1 2 | 1 1 | 1 2 | 1 2\n", "bare.txt")
    assert item.puzzle.givens == blank_givens(5, 5) and item.solution is None
    assert item.meta == {"kind": "nonogram"}
    assert format_nonograms([item]).split("\n")[:4] == ["; kind=nonogram", "rows: 3 | 1 1 | - | 2 2 | 5",
                                                          "cols: 1 2 | 1 2 | 1 1 | 1 2 | 1 2", "? ? ? ? ?"]
    with_solution = "rows: 5 | - | - | - | -\ncols: 1 | 1 | 1 | 1 | 1\nsolution:\n#####\n.....\n.....\n.....\n.....\n"
    (solved,) = parse_nonograms(with_solution, "solved.txt")
    assert solved.solution == ("#####", ".....", ".....", ".....", ".....")


def test_items_name_their_kind_and_writing_refuses_what_cannot_be_read_back() -> None:
    puzzle = puzzle_of(PICTURE)
    item = NonogramText(puzzle, list(PICTURE), 0, {"seed": "1"})  # type: ignore[arg-type]
    read: TextPuzzle[Nonogram, Picture] = item  # what the generic commands take
    assert read.solution == PICTURE and list(read.meta) == ["kind", "seed"]
    with pytest.raises(ValueError, match="kind=sudoku"):
        NonogramText(puzzle, None, 0, {"kind": "sudoku"})
    with pytest.raises(ValueError, match="does not solve"):
        format_nonograms([NonogramText(puzzle, ("#####",) * 5, 0, {})])
    with pytest.raises(ValueError, match="metadata"):
        format_nonograms([NonogramText(puzzle, None, 0, {"note": "has space"})])
    with pytest.raises(ValueError, match="malformed"):
        format_nonograms([NonogramText(replace(puzzle, rows=((9,), *puzzle.rows[1:])), None, 0, {})])
    assert solution_lines(PICTURE[:2]) == ". # # # .\n# . . . #"
    assert clue_text(()) == "-" and clue_text((1, 12)) == "1 12"


# ------------------------------------------------------------------------------ random round trips


@st.composite
def nonograms(draw: st.DrawFn) -> NonogramText:
    """A random picture 5..12 cells each way, some of its cells given as hints, maybe its solution."""
    height, width = draw(st.integers(5, 12)), draw(st.integers(5, 12))
    density = draw(st.sampled_from((0.0, 0.3, 0.5, 0.8, 1.0)))
    flips = draw(st.lists(st.floats(0, 1), min_size=height * width, max_size=height * width))
    picture = tuple("".join("#" if flips[r * width + c] < density else "." for c in range(width))
                    for r in range(height))
    cells = [(r, c) for r in range(height) for c in range(width)]
    hints = draw(st.lists(st.sampled_from(cells), max_size=8, unique=True))
    meta = {"seed": str(draw(st.integers(0, 999))), "level": draw(st.sampled_from(("easy", "hard")))}
    return NonogramText(puzzle_of(picture, hints), picture if draw(st.booleans()) else None, 0, meta)


def _starts(text: str) -> list[int]:
    return [number for number, line in enumerate(text.split("\n"), 1) if line.startswith("; kind=")]


@settings(max_examples=80, deadline=None)
@given(st.lists(nonograms(), min_size=1, max_size=3))
def test_random_nonograms_round_trip(items: list[NonogramText]) -> None:
    text = format_nonograms(items)
    parsed = parse_nonograms(text, "random.txt")
    assert [item.line for item in parsed] == _starts(text)
    assert parsed == [replace(item, line=back.line) for item, back in zip(items, parsed)]
    assert format_nonograms(parsed) == text
    assert looks_like_nonogram(text)


# ------------------------------------------------------------------------------ mistakes, located


def _lines(text: str, changes: dict[int, str | None]) -> str:
    """`text` with line n (from 1) replaced, or dropped when None."""
    kept = (changes.get(n, line) for n, line in enumerate(text.split("\n"), 1))
    return "\n".join(line for line in kept if line is not None)


MISTAKES = [
    ("a word for a number", {2: "rows: 3 | 1 x | - | 2 2 | 5"}, 2, 13, "'x' is not a run length"),
    ("a run of 0", {2: "rows: 3 | 1 0 | - | 2 2 | 5"}, 2, 13, "'0' alone is the clue of an empty row"),
    ("a run of 00", {2: "rows: 3 | 00 | - | 2 2 | 5"}, 2, 11, "a run is at least 1 cell"),
    ("a huge run", {2: "rows: 3 | 1 1 | - | 2 2 | 99999999999999999999"}, 2, 27, "999999999999... cells is longer than any row"),
    ("a clue too long", {2: "rows: 3 | 1 1 | - | 3 2 | 5"}, 2, 21, "row 4: the runs 3 2 need 6 cells; the line has 5"),
    ("a column clue too long", {3: "cols: 1 2 | 1 2 | 1 1 | 1 2 | 1 2 2"}, 3, 31, "column 5: the runs 1 2 2"),
    ("an empty clue", {2: "rows: 3 | 1 1 |  | 2 2 | 5"}, 2, 18, "row 3 has no clue"),
    ("no clues", {2: "rows:"}, 2, 1, "the rows line lists no clues"),
    ("too few rows", {2: "rows: 3 | 1 1 | - | 2 2"}, 2, 1, "the rows line gives 4 clues"),
    ("totals disagree", {2: "rows: 3 | 1 1 | 1 | 2 2 | 5"}, 3, 1, "the row clues fill 15 cells and the column clues 14"),
    ("no cols line", {3: None}, 2, 1, "a nonogram has a 'cols:' line"),
    ("a second rows line", {3: "rows: 1 | 1 | 1 | 1 | 1"}, 3, 1, "a second rows line (the first is on line 2)"),
    ("clues after the grid", {3: "? ? # ? ?", 4: "cols: 1 2 | 1 2 | 1 1 | 1 2 | 1 2"}, 4, 1, "comes before the grid"),
    ("a grid before the clues", {2: "? ? ? ? ?"}, 2, 1, "starts with its clues"),
    ("a bad grid character", {5: "? ? x ? ?"}, 5, 5, "'x' cannot be here; a nonogram's grid has '?'"),
    ("a short grid row", {5: "? ? ? ?"}, 5, 8, "this grid row has 4 cells; the clues give 5 columns"),
    ("a long grid row", {5: "? ? ? ? ? ?"}, 5, 11, "this grid row has 6 cells"),
    ("a grid row too few", {8: None}, 7, 1, "the grid has 4 rows; the clues give 5"),
    ("a grid row too many", {8: "? ? ? ? ?\n? ? ? ? ?"}, 9, 1, "this is row 6"),
    ("an unknown in the solution", {12: "# . ? . #"}, 12, 5, "a solution fills every cell"),
    ("a short solution row", {12: "# . . #"}, 12, 8, "this solution row has 4 cells"),
    ("a solution row too few", {14: None}, 13, 1, "the solution has 4 rows"),
    ("a solution against a hint", {4: "? ? # ? #"}, 10, 9, "the grid gives this cell filled ('#')"),
    ("a solution against a row", {12: "# . . . ."}, 12, 1, "this row's runs are 1; its clue (row 3) says -"),
    ("a solution against a column", {11: "# . . # ."}, 10, 7, "column 4 of the solution has runs 2 2; its clue says 1 2"),
    ("no picture after solution", {10: None, 11: None, 12: None, 13: None, 14: None}, 9, 1, "followed by the picture"),
    ("a solution line with text", {9: "solution: yes"}, 9, 11, "stands alone"),
    ("a second solution", {15: "solution:"}, 15, 1, "a second solution line"),
    ("another kind", {1: "; kind=maze"}, 1, 3, "kind=maze in a nonogram file"),
    ("metadata after the clues", {4: "; seed=3"}, 4, 3, "metadata must come before"),
    ("metadata with no puzzle", {1: "; seed=1\n"}, 1, 3, "metadata with no puzzle below it"),
]


@pytest.mark.parametrize(("what", "changes", "line", "column", "says"), MISTAKES, ids=[case[0] for case in MISTAKES])
def test_mistakes_are_located(what: str, changes: dict[int, str | None], line: int, column: int, says: str) -> None:
    with pytest.raises(PuzzleBookError) as caught:
        parse_nonograms(_lines(HOUSE, changes), "bad.txt")
    err = caught.value
    assert (err.source, err.line, err.column) == ("bad.txt", line, column), str(err)
    assert says in err.message, err.message
    assert str(err).startswith(f"bad.txt, line {line}, column {column}: ")


def test_a_size_out_of_range_is_refused() -> None:
    text = "rows: 1 | 1 | 1 | 1\ncols: 4 | - | - | -\n"
    with pytest.raises(PuzzleBookError, match=r"line 1, column 1: the rows line gives 4 clues.*5 to 50 rows"):
        parse_nonograms(text, "small.txt")
    wide = "rows: " + " | ".join(["1"] * 5) + "\ncols: " + " | ".join(["1"] * 5 + ["-"] * 46) + "\n"
    with pytest.raises(PuzzleBookError, match=r"line 2, column 1: the cols line gives 51 clues"):
        parse_nonograms(wide, "wide.txt")


TOKENS = st.sampled_from([
    "rows:", "cols:", "columns:", "solution:", "Rows :", "|", "||", "-", "0", "00", "1", "2", "3", "5", "12", "99",
    "1,2", "x", "#", ".", "?", "#####", ".....", "?????", "# . # . #", "; kind=nonogram", "; kind=maze", "; seed=1",
    "; a comment", ";", " ", "\t", "\n", "\n", "\n\n", "\r\n", "\ufeff", "é", "\x0c", "\u2028", "99999999999999999999",
])


@st.composite
def spoilt(draw: st.DrawFn) -> str:
    """A valid file with one character replaced by a few others (or dropped): nearly valid, where parsers break."""
    text = format_nonograms([draw(nonograms())])
    at = draw(st.integers(0, len(text) - 1))
    return text[:at] + draw(st.text(max_size=3)) + text[at + 1:]


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(st.text(max_size=400), st.lists(TOKENS, max_size=60).map(" ".join),
                 st.lists(TOKENS, max_size=60).map("".join), spoilt()))
def test_any_text_reads_or_fails_with_a_message(text: str) -> None:
    try:
        items = parse_nonograms(text, "fuzz.txt")
    except PuzzleBookError as err:
        assert err.source == "fuzz.txt" and err.message
        return
    again = parse_nonograms(format_nonograms(items), "again.txt")  # what it accepts, it writes and reads back
    assert [replace(item, line=0) for item in again] == [replace(item, line=0) for item in items]
    looks_like_nonogram(text)


# ------------------------------------------------------------------------------ guessing and printing


def test_files_are_told_apart() -> None:
    assert looks_like_nonogram(HOUSE)
    assert looks_like_nonogram(HOUSE.split("\n", 1)[1])  # no metadata: a rows line and a cols line
    assert looks_like_nonogram("; a comment\n\nCOLS: 1 | 1\nrows: 1 | 1\n")
    assert not looks_like_nonogram("; kind=maze\nrows: 1\ncols: 1\n")  # another kind named first
    assert not looks_like_nonogram("; kind=wordsearch\nC A T\nD O G\nwords: CAT, DOG\n")
    assert not looks_like_nonogram("rows: 1 | 2\n")
    assert not looks_like_nonogram("")


def test_show_draws_the_clues_around_the_grid() -> None:
    (item,) = parse_nonograms(HOUSE, "house.txt")
    assert nonogram_card(item, 1, 2, with_solution=False).split("\n") == [
        "Puzzle 1 of 2 (line 1): nonogram, 5x5, 2 hints",
        "  seed=7 level=easy",
        "        1 1 1 1 1",
        "        2 2 1 2 2",
        "      +-----------+",
        "    3 | ? ? # ? ? |",
        "  1 1 | ? ? ? ? ? |",
        "    - | ? ? . ? ? |",
        "  2 2 | ? ? ? ? ? |",
        "    5 | ? ? ? ? ? |",
        "      +-----------+",
    ]
    solved = nonogram_card(item, 1, 2, with_solution=True).splitlines()
    assert solved[5:10] == ["    3 | . # # # . |", "  1 1 | # . . . # |", "    - | . . . . . |",
                            "  2 2 | # # . # # |", "    5 | # # # # # |"]
    unsolved = replace(item, solution=None)
    assert "    3 | ? ? # ? ? |" in nonogram_card(unsolved, 1, 1, with_solution=True)


def test_show_keeps_wide_clue_numbers_apart() -> None:
    (item,) = parse_nonograms(WIDE, "wide.txt")
    card = nonogram_card(item, 1, 1, with_solution=False).splitlines()
    assert card[0] == "Puzzle 1 of 1 (line 1): nonogram, 12x6, no hints"
    assert card[1:7] == [
        "                 3",
        "                 1     1  3",
        "          12  -  1  1  1  1",
        "        +-------------------+",
        "  1 1 1 |  ?  ?  ?  ?  ?  ? |",
        "  1 1 1 |  ?  ?  ?  ?  ?  ? |",
    ]
    assert card[10] == "    1 4 |  ?  ?  ?  ?  ?  ? |" and card[-1] == card[4]


def test_generate_prints_the_text_form() -> None:
    (item,) = parse_nonograms(HOUSE, "x")
    assert nonogram_text(item, first=True) == HOUSE.rstrip("\n")
    assert nonogram_text(item, first=False) == "\n" + HOUSE.rstrip("\n")
    both = nonogram_text(item, True) + "\n" + nonogram_text(replace(item, solution=None), False)
    assert [each.line for each in parse_nonograms(both, "x")] == [1, 16]
    assert parse_nonograms(both, "x")[1].solution is None
    assert Nonogram(item.puzzle.rows, item.puzzle.cols, blank_givens(5, 5)) != item.puzzle
