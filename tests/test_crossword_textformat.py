"""Crosswords and fill-ins as text: exact round trips both ways (hand-made puzzles and random small ones,
several a file, German and Spanish letters), every mistake located by line and column, and how
`show` and `generate` print them."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given, settings, strategies as st

from pipeline.errors import PuzzleBookError
from pipeline.kinds.crossword.grid import BLOCK, EMPTY, read, slots_of
from pipeline.kinds.crossword.puzzle import Crossword, Entry, FillIn, entries_for, shape_problem, word_order
from pipeline.kinds.crossword.show import by_length, crossword_card, crossword_text, fillin_card, fillin_text
from pipeline.kinds.crossword.textformat import (
    CrosswordText,
    FillInText,
    format_crosswords,
    format_fillins,
    looks_like_crossword,
    looks_like_fillin,
    parse_crosswords,
    parse_fillins,
    solution_lines,
)
from pipeline.kinds.wordsearch.letters import alphabet

ENGLISH = """\
; kind=crossword seed=7 level=easy language=en
CAT
A#O
RYE
across
1 CAT: Small pet that purrs
3 RYE: Grain for bread
down
1 CAR: It has four wheels
2 TOE: One of ten on your feet
"""

SPANISH = """\
; kind=crossword language=es
AÑO
J#S
OSO
across
1 AÑO: Doce meses
3 OSO: Animal que hiberna
down
1 AJO: Va en el alioli
2 OSO: Pardo o polar
"""

GERMAN = """\
; kind=crossword language=de umlauts=keep
BÄR#
O#EI
ÖHR#
across
1 BÄR: Braunes Tier
3 EI: Vom Huhn
4 ÖHR: Kein Wort: nur ein Test
down
1 BOÖ: Drei Buchstaben
2 RER: Noch drei
"""

FILLIN = """\
; kind=fillin seed=3 level=medium language=en
C..
.#.
...
words: CAR CAT RYE TOE
solution:
CAT
A#O
RYE
"""

FILLIN_ES = """\
; kind=fillin language=es
.Ñ.
.#.
...
words: AJO AÑO OSO OSO
"""


# ------------------------------------------------------------------------------ hand-made round trips


@pytest.mark.parametrize("text", [ENGLISH, SPANISH, GERMAN, ENGLISH + "\n" + SPANISH + "\n" + GERMAN])
def test_crossword_files_read_and_write_back_exactly(text: str) -> None:
    items = parse_crosswords(text, "hand.txt")
    assert format_crosswords(items) == text
    assert parse_crosswords(format_crosswords(items), "again") == items


def test_a_crossword_reads_as_its_records_hold_it() -> None:
    (item,) = parse_crosswords(ENGLISH, "en.txt")
    assert item.line == 1 and item.meta == {"kind": "crossword", "seed": "7", "level": "easy", "language": "en"}
    assert item.puzzle.solution == ("CAT", "A#O", "RYE") == item.solution
    assert item.puzzle.entries == (
        Entry(1, "across", 0, 0, "CAT", "Small pet that purrs"), Entry(3, "across", 2, 0, "RYE", "Grain for bread"),
        Entry(1, "down", 0, 0, "CAR", "It has four wheels"), Entry(2, "down", 0, 2, "TOE", "One of ten on your feet"))
    assert item.puzzle.entries == entries_for(item.puzzle.solution, {e.answer: e.clue for e in item.puzzle.entries})
    german = parse_crosswords(GERMAN, "de.txt")[0].puzzle.entries
    assert german[2].clue == "Kein Wort: nur ein Test"  # a colon in a clue is the clue's


def test_several_puzzles_a_file_know_their_lines() -> None:
    text = ENGLISH + "\n" + SPANISH
    items = parse_crosswords(text, "two.txt")
    assert [item.line for item in items] == [1, 12]
    assert [item.meta["language"] for item in items] == ["en", "es"]
    fillins = parse_fillins(FILLIN + "\n" + FILLIN_ES, "two.txt")
    assert [item.line for item in fillins] == [1, 11]
    assert format_fillins(fillins) == FILLIN + "\n" + FILLIN_ES


def test_fillin_files_read_and_write_back_exactly() -> None:
    (item,) = parse_fillins(FILLIN, "fill.txt")
    assert item.puzzle == FillIn(("C..", ".#.", "..."), ("CAR", "CAT", "RYE", "TOE"))
    assert item.solution == ("CAT", "A#O", "RYE")
    (spanish,) = parse_fillins(FILLIN_ES, "es.txt")
    assert spanish.solution is None and spanish.puzzle.words == ("AJO", "AÑO", "OSO", "OSO")
    assert format_fillins([spanish]) == FILLIN_ES


def test_reading_is_lenient_and_writing_canonical() -> None:
    loose = ENGLISH.replace("across\n", "\nAcross:\n").replace("down\n", "\n  DOWN:\n").replace("1 CAT: ", "1  CAT :  ")
    assert parse_crosswords(loose, "loose.txt") == parse_crosswords(ENGLISH, "x")
    assert format_crosswords(parse_crosswords(loose, "loose.txt")) == ENGLISH
    # words in any order, apart by commas or spaces, over several lines; a comment anywhere
    words = FILLIN.replace("words: CAR CAT RYE TOE", "; a comment\nwords: TOE, RYE\n CAT CAR")
    assert format_fillins(parse_fillins(words, "w.txt")) == FILLIN
    assert parse_crosswords("", "empty") == [] and parse_fillins("; just a comment\n", "c") == []


def test_a_grid_row_may_spell_down_or_across() -> None:
    text = "; kind=crossword\nDOWN\nO###\nG###\nacross\n1 DOWN: Not up\ndown\n1 DOG: Barks\n"
    (item,) = parse_crosswords(text, "down.txt")
    assert item.puzzle.solution == ("DOWN", "O###", "G###")
    assert format_crosswords([item]) == text
    bare = text.removeprefix("; kind=crossword\n")  # after a blank line, DOWN starts a puzzle's grid
    assert [item.line for item in parse_crosswords(ENGLISH + "\n" + bare, "two.txt")] == [1, 12]
    only_across = "; kind=crossword\nCAT\n###\n###\nacross\n1 CAT: Pet\ndown\n"
    assert format_crosswords(parse_crosswords(only_across, "x")) == only_across


def test_items_name_their_kind_and_a_crossword_its_solution() -> None:
    puzzle = parse_crosswords(ENGLISH, "x")[0].puzzle
    item = CrosswordText(puzzle, None, 0, {"seed": "1"})
    assert item.solution == puzzle.solution and list(item.meta) == ["kind", "seed"]
    wrong = CrosswordText(puzzle, ("DOG", "A#O", "RYE"), 0, {})  # a record's wrong solution: verify refutes it
    assert wrong.solution == ("DOG", "A#O", "RYE")
    with pytest.raises(ValueError, match="cannot hold another solution"):
        format_crosswords([wrong])
    with pytest.raises(ValueError):
        FillInText(FillIn(("C..", ".#.", "..."), ()), None, 0, {"kind": "crossword"})
    with pytest.raises(ValueError, match="clue"):
        format_crosswords([CrosswordText(replace(puzzle, entries=(replace(puzzle.entries[0], clue="two\nlines"),
                                                                  *puzzle.entries[1:])), None, 0, {})])
    with pytest.raises(ValueError, match="metadata"):
        format_crosswords([CrosswordText(puzzle, None, 0, {"note": "has space"})])
    assert solution_lines(puzzle.solution) == "CAT\nA#O\nRYE"


# ------------------------------------------------------------------------------ random round trips


@st.composite
def solved_grids(draw: st.DrawFn, letters: str) -> tuple[str, ...]:
    """A small valid grid: a run across, then runs across or down through squares already placed
    (so every square is joined and in an entry), letters drawn from `letters`."""
    height, width = draw(st.integers(3, 7)), draw(st.integers(3, 7))
    row, start = draw(st.integers(0, height - 1)), draw(st.integers(0, width - 2))
    squares = {(row, c) for c in range(start, draw(st.integers(start + 1, width - 1)) + 1)}
    for _ in range(draw(st.integers(0, 6))):
        r, c = draw(st.sampled_from(sorted(squares)))
        down = draw(st.booleans())
        at, side = (r, height) if down else (c, width)
        first = draw(st.integers(0, min(at, side - 2)))
        last = draw(st.integers(max(first + 1, at), side - 1))
        squares |= {(k, c) if down else (r, k) for k in range(first, last + 1)}
    chars = draw(st.lists(st.sampled_from(letters), min_size=height * width, max_size=height * width))
    rows = tuple("".join(chars[r * width + c] if (r, c) in squares else BLOCK for c in range(width))
                 for r in range(height))
    assert shape_problem(rows, letters=letters) is None
    return rows


CLUES = st.text(st.characters(exclude_categories=["Cs"], exclude_characters="\r\n"), min_size=1,
                max_size=24).map(str.strip).filter(bool)
LANGUAGES = st.sampled_from(("en", "de", "es"))


@st.composite
def crosswords(draw: st.DrawFn) -> CrosswordText:
    language = draw(LANGUAGES)
    rows = draw(solved_grids(alphabet(language)))
    entries = tuple(replace(entry, clue=draw(CLUES)) for entry in entries_for(rows, {}))
    return CrosswordText(Crossword(rows, entries), None, 0, {"seed": str(draw(st.integers(0, 999))), "language": language})


@st.composite
def fillins(draw: st.DrawFn) -> FillInText:
    language = draw(LANGUAGES)
    rows = draw(solved_grids(alphabet(language)))
    squares = [(r, c) for r, row in enumerate(rows) for c, char in enumerate(row) if char != BLOCK]
    given = draw(st.sets(st.sampled_from(squares), max_size=3))
    grid = tuple("".join(char if char == BLOCK or (r, c) in given else EMPTY for c, char in enumerate(row))
                 for r, row in enumerate(rows))
    words = word_order([read(rows, slot) for slot in slots_of(rows)])
    return FillInText(FillIn(grid, words), rows if draw(st.booleans()) else None, 0, {"language": language})


def _starts(text: str) -> list[int]:
    return [number for number, line in enumerate(text.split("\n"), 1) if line.startswith("; kind=")]


@settings(max_examples=80, deadline=None)
@given(st.lists(crosswords(), min_size=1, max_size=3))
def test_random_crosswords_round_trip(items: list[CrosswordText]) -> None:
    text = format_crosswords(items)
    parsed = parse_crosswords(text, "random.txt")
    assert [item.line for item in parsed] == _starts(text)
    assert parsed == [replace(item, line=back.line) for item, back in zip(items, parsed)]
    assert format_crosswords(parsed) == text
    assert looks_like_crossword(text) and not looks_like_fillin(text)


@settings(max_examples=80, deadline=None)
@given(st.lists(fillins(), min_size=1, max_size=3))
def test_random_fillins_round_trip(items: list[FillInText]) -> None:
    text = format_fillins(items)
    parsed = parse_fillins(text, "random.txt")
    assert [item.line for item in parsed] == _starts(text)
    assert parsed == [replace(item, line=back.line) for item, back in zip(items, parsed)]
    assert format_fillins(parsed) == text
    assert looks_like_fillin(text) and not looks_like_crossword(text)


# ------------------------------------------------------------------------------ mistakes, located


def _lines(text: str, changes: dict[int, str | None]) -> str:
    """`text` with line n (from 1) replaced, or dropped when None."""
    kept = (changes.get(n, line) for n, line in enumerate(text.split("\n"), 1))
    return "\n".join(line for line in kept if line is not None)


CROSSWORD_MISTAKES = [
    ("ragged grid", {3: "A#"}, 3, 3, "2 characters long"),
    ("bad character", {3: "A#o"}, 3, 3, "'o' cannot be here"),
    ("empty square in a crossword", {3: "A.O"}, 3, 2, "written solved"),
    ("letter of another language", {2: "CÑT"}, 2, 2, "English"),
    ("entry out of order", {6: "3 RYE: Grain for bread", 7: "1 CAT: Small pet that purrs"}, 6, 1, "out of order"),
    ("number not in the grid", {7: "2 RYE: Grain"}, 7, 1, "there is no 2 across"),
    ("entry listed twice", {7: "1 CAT: Again"}, 7, 1, "listed twice"),
    ("wrong answer", {6: "1 CAB: Small pet"}, 6, 5, "reads CAT in the grid, not CAB"),
    ("answer too long", {9: "1 CARS: Autos"}, 9, 6, "reads CAR"),
    ("missing clue", {6: "1 CAT:"}, 6, 7, "has no clue"),
    ("missing colon", {6: "1 CAT Small pet"}, 6, 7, "a colon goes between"),
    ("missing answer", {6: "1: Small pet"}, 6, 1, "answer is required"),
    ("missing entry", {10: None}, 9, 1, "2 down (TOE, row 1, column 3) is missing"),
    ("missing down section", {8: None, 9: None, 10: None}, 7, 1, "no down line"),
    ("across after down", {5: "down", 8: "across"}, 8, 1, "across section comes before the down"),
    ("a second section", {8: "across"}, 8, 1, "a second across line (the first is on line 5)"),
    ("a fill-in's section", {5: "words: CAT"}, 5, 1, "a crossword has no words section"),
    ("a section line with text", {5: "across: CAT"}, 5, 9, "stands alone"),
    ("square in no entry", {2: "CAT", 3: "###", 4: "##A"}, 4, 3, "in no entry"),
    ("squares not joined", {2: "CA#", 3: "###", 4: "#DO"}, 4, 2, "not joined to the one at row 1, column 1"),
    ("too few rows", {4: None}, 2, 1, "the grid has 2 rows"),
    ("unknown language", {1: "; kind=crossword language=xx"}, 1, 18, "allowed: en, es, de, fr, it"),
    ("another kind", {1: "; kind=fillin"}, 1, 3, "kind=fillin in a crossword file"),
    ("metadata after the grid", {3: "; seed=3"}, 3, 3, "metadata must come before the grid"),
    ("metadata with no puzzle", {1: "; seed=1\n"}, 1, 3, "metadata with no puzzle below it"),
]


@pytest.mark.parametrize(("what", "changes", "line", "column", "says"), CROSSWORD_MISTAKES,
                         ids=[case[0] for case in CROSSWORD_MISTAKES])
def test_crossword_mistakes_are_located(what: str, changes: dict[int, str | None], line: int, column: int,
                                        says: str) -> None:
    with pytest.raises(PuzzleBookError) as caught:
        parse_crosswords(_lines(ENGLISH, changes), "bad.txt")
    err = caught.value
    assert (err.source, err.line, err.column) == ("bad.txt", line, column), str(err)
    assert says in err.message
    assert str(err).startswith(f"bad.txt, line {line}, column {column}: ")


FILLIN_MISTAKES = [
    ("word not in the solution", {5: "words: CAR CAT RYE TOP"}, 5, 20, "TOP is in no entry of the solution"),
    ("word listed twice", {5: "words: CAR CAT CAT TOE"}, 5, 16, "listed 2 times but the solution spells it 1"),
    ("a word too many", {5: "words: CAR CAT RYE TOE EEL"}, 5, 24, "4 places for one"),
    ("a word too few", {5: "words: CAR CAT RYE"}, 5, 1, "the words have 3"),
    ("a lowercase word", {5: "words: CAR cat RYE TOE"}, 5, 12, "'c' cannot be in a word"),
    ("a one-letter word", {5: "words: CAR CAT RYE TOE A"}, 5, 24, "at least 2"),
    ("no words", {5: "words:"}, 5, 1, "lists no words"),
    ("no words line", {5: None, 6: None, 7: None, 8: None, 9: None}, 4, 1, "lists its words after its grid"),
    ("bad grid character", {3: ".?."}, 3, 2, "'?' cannot be here"),
    ("ragged solution", {8: "A#OX"}, 8, 4, "solution row is 4 characters"),
    ("solution square where the grid has none", {8: "AXO"}, 8, 2, "the grid has no square ('#') here"),
    ("given letter changed", {7: "BAT"}, 7, 1, "the grid gives C here"),
    ("empty square in a solution", {9: "R.E"}, 9, 2, "'.' cannot be here"),
    ("a solution row short", {9: None}, 8, 1, "the solution has 2 rows"),
    ("a solution row too many", {9: "RYE\nRYE"}, 10, 1, "so has its solution"),
    ("square in no entry", {2: "...", 3: "###", 4: "#.#"}, 4, 2, "in no entry"),
    ("another kind", {1: "; kind=crossword"}, 1, 3, "kind=crossword in a fill-in file"),
    ("a crossword's section", {6: "across"}, 6, 1, "a fill-in has no across section"),
]


@pytest.mark.parametrize(("what", "changes", "line", "column", "says"), FILLIN_MISTAKES,
                         ids=[case[0] for case in FILLIN_MISTAKES])
def test_fillin_mistakes_are_located(what: str, changes: dict[int, str | None], line: int, column: int,
                                     says: str) -> None:
    with pytest.raises(PuzzleBookError) as caught:
        parse_fillins(_lines(FILLIN, changes), "bad.txt")
    err = caught.value
    assert (err.source, err.line, err.column) == ("bad.txt", line, column), str(err)
    assert says in err.message
    assert str(err).startswith(f"bad.txt, line {line}, column {column}: ")


def test_a_german_grid_refuses_a_spanish_letter() -> None:
    with pytest.raises(PuzzleBookError, match=r"line 2, column 2: 'Ñ' cannot be here.*German: A-Z, Ä, Ö, Ü"):
        parse_crosswords(GERMAN.replace("BÄR#", "BÑR#"), "de.txt")
    with pytest.raises(PuzzleBookError, match=r"line 2, column 2: 'Ä'.*German: A-Z\)"):
        parse_crosswords(GERMAN.replace("umlauts=keep", "umlauts=fold"), "de.txt")


# ------------------------------------------------------------------------------ guessing and printing


def test_files_are_told_apart() -> None:
    assert looks_like_crossword(ENGLISH) and not looks_like_fillin(ENGLISH)
    assert looks_like_fillin(FILLIN) and not looks_like_crossword(FILLIN)
    assert looks_like_crossword(ENGLISH.split("\n", 1)[1])  # no metadata: a grid, then across
    assert looks_like_fillin(FILLIN.split("\n", 1)[1])
    wordsearch = "; kind=wordsearch\nC A T\nD O G\nwords: CAT, DOG\n"
    assert not looks_like_crossword(wordsearch) and not looks_like_fillin(wordsearch)
    assert not looks_like_fillin("C A T\nD O G\nwords: CAT, DOG\n")


def test_show_frames_the_grid_and_lists_the_clues() -> None:
    (item,) = parse_crosswords(ENGLISH, "en.txt")
    card = crossword_card(item, 1, 2, with_solution=False)
    assert card.splitlines() == [
        "Puzzle 1 of 2 (line 1): crossword, 3x3, 4 entries",
        "  seed=7 level=easy language=en",
        "  +-------+",
        "  | . . . |",
        "  | .   . |",
        "  | . . . |",
        "  +-------+",
        "  across:",
        "    1  Small pet that purrs (3)",
        "    3  Grain for bread (3)",
        "  down:",
        "    1  It has four wheels (3)",
        "    2  One of ten on your feet (3)",
    ]
    solved = crossword_card(item, 1, 2, with_solution=True)
    assert "  | A   O |" in solved and "    1  Small pet that purrs (3)  CAT" in solved


def test_show_gives_a_fillin_its_words_by_length() -> None:
    (item,) = parse_fillins(FILLIN, "f.txt")
    card = fillin_card(item, 1, 1, with_solution=False).splitlines()
    assert card[0] == "Puzzle 1 of 1 (line 1): fill-in, 3x3, 4 words"
    assert card[3:6] == ["  | C . . |", "  | .   . |", "  | . . . |"]
    assert card[-1] == "  3 letters: CAR, CAT, RYE, TOE"
    assert "  | R Y E |" in fillin_card(item, 1, 1, with_solution=True)
    unsolved = replace(item, solution=None)
    assert "  | . . . |" in fillin_card(unsolved, 1, 1, with_solution=True)
    assert by_length(["HORSE", "DOG", "CAT", "EEL", "GOAT"]) == ["3 letters: CAT, DOG, EEL", "4 letters: GOAT",
                                                                 "5 letters: HORSE"]


def test_generate_prints_the_text_form() -> None:
    crossword = parse_crosswords(ENGLISH, "x")[0]
    fillin = parse_fillins(FILLIN, "x")[0]
    assert crossword_text(crossword, first=True) == ENGLISH.rstrip("\n")
    assert crossword_text(crossword, first=False) == "\n" + ENGLISH.rstrip("\n")
    assert fillin_text(fillin, first=True) + "\n" == FILLIN
    assert parse_fillins(fillin_text(fillin, True) + "\n" + fillin_text(fillin, False), "x")[1].line == 11
