"""The crossword bench's own parts: the measures on a hand-made grid, genxword's adapter (it places what
crosses and reports what it leaves out), and the CP-SAT count of a fill-in's fillings (one on a unique
grid, two where two fillings exist, none where none does, agreeing with our proof). No timings asserted."""

from __future__ import annotations

import pytest

from bench import crosswords
from bench.crosswords import count_cpsat, measure, runs

#  CAT.      across CAT and WAS, down COW: 7 letters in a 3x3 box, 2 crossings (C and W)
#  O...
#  WAS.
HAND_MADE = ("CAT#", "O###", "WAS#")


def test_runs_are_the_maximal_runs_across_then_down() -> None:
    assert [text for text, _ in runs(HAND_MADE)] == ["CAT", "WAS", "COW"]
    assert runs(HAND_MADE)[2][1] == ((0, 0), (1, 0), (2, 0))


def test_the_measures_on_a_hand_made_grid() -> None:
    m = measure(HAND_MADE, ["CAT", "COW", "WAS", "DOG"])
    assert (m.letters, m.box, m.area, m.words, m.crossings) == (7, (3, 3), 12, 3, 2)
    assert m.letters_per_cell == pytest.approx(7 / 9)
    assert m.letters_per_grid_cell == pytest.approx(7 / 12)
    assert m.crossings_per_word == pytest.approx(4 / 3)
    assert m.left_out == ("DOG",) and m.unlisted == ()


def test_a_run_not_listed_and_a_lone_letter_make_a_grid_invalid() -> None:
    m = measure(("CATS", "####", "#X##"), ["CAT"])
    assert m.left_out == ("CAT",)
    assert m.unlisted == ("CATS", "X")


def test_our_measures_agree_with_the_layouts_own() -> None:
    import random

    from pipeline.kinds.crossword.layout import lay_out

    words = ["KOALA", "CAMEL", "SNAIL", "RABBIT", "PANDA", "HORSE", "WOLF", "DOG", "ANT", "COW"]
    layout, missed = lay_out(words, 13, 13, random.Random(3), 40)
    assert layout is not None and not missed
    m = measure(layout.rows, words)
    assert m.left_out == () and m.unlisted == ()
    assert m.letters_per_cell == pytest.approx(layout.density)
    assert m.crossings_per_word == pytest.approx(layout.crossings_per_word)


def test_genxword_places_what_crosses_and_its_left_outs_are_reported() -> None:
    if crosswords.peer_class() is None:
        pytest.skip("genxword is not installed (make bench installs it from requirements/bench-peer.txt)")
    made = crosswords.peer_crossword(["HELLO", "WORLD", "XYZ"], 15, 0.05, seed=1)
    assert made.rows is not None and len(made.rows) == 15 and all(len(row) == 15 for row in made.rows)
    assert made.measures is not None
    assert made.measures.left_out == ("XYZ",) and made.measures.unlisted == ()
    assert made.measures.words == 2 and made.measures.crossings == 1
    assert made.measures.letters == 9 and made.measures.area == 225


def test_genxword_is_imported_without_leaving_stand_ins_behind() -> None:
    import sys

    if crosswords.peer_class() is None:
        pytest.skip("genxword is not installed")
    for name in ("gi", "cairo"):
        module = sys.modules.get(name)
        assert module is None or getattr(module, "__file__", None) is not None, name


L_SHAPE = ("...", ".##", ".##")
LONG_L = ("...", ".##", ".##", ".##")


@pytest.mark.parametrize("grid,words,count", [
    (LONG_L, ["CAT", "COWS"], 1),
    (L_SHAPE, ["CAT", "COW"], 2),
    ((".A.", ".##", ".##"), ["CAT", "COW"], 1),
    (L_SHAPE, ["CAT", "DOG"], 0),
    (L_SHAPE, ["CAT", "COWS"], 0),
    (("..#..", "#.#.#", "....."), ["AN", "PI", "NOT", "PET", "STATE"], None),
    (("..#..", "#.#.#", "....."), ["AT", "AT", "TOT", "TOT", "TOTAL"], None),
])
def test_cpsat_counts_fillings_up_to_two_and_agrees_with_our_proof(grid, words, count) -> None:
    pytest.importorskip("ortools")
    from pipeline.kinds.crossword.fill import fillings

    counted = count_cpsat(grid, words, 2)
    ours = fillings(grid, words, 2)
    assert counted.complete and ours.complete
    assert counted.count == len(ours.solutions)
    if count is not None:
        assert counted.count == count
    if counted.count == 1:
        assert counted.first == ours.solutions[0]


def test_cpsat_counts_one_for_the_unique_grid_and_names_its_filling() -> None:
    pytest.importorskip("ortools")
    counted = count_cpsat(LONG_L, ["COWS", "CAT"], 2)
    assert (counted.count, counted.first) == (1, ("CAT", "O##", "W##", "S##"))
    assert count_cpsat(L_SHAPE, ["CAT", "COW"], 5).count == 2


def test_the_word_lists_are_seeded_and_as_a_themed_15x15_takes() -> None:
    plan = crosswords.CrosswordPlan(languages=(("en", 1), ("de", 1)), fillins=0)
    lists = crosswords.word_lists(plan)
    assert len(lists) == 24 and lists == crosswords.word_lists(plan)
    for wordlist in lists:
        assert len(wordlist.answers) == len(set(wordlist.answers)) == crosswords.WORDS
        assert all(crosswords.SHORTEST <= len(a) <= crosswords.LONGEST for a in wordlist.answers)


def test_a_fill_in_is_given_up_at_the_benchs_cap() -> None:
    made = crosswords.make_fillin("easy", "jobs", 6, (19,), cap=0.05)
    assert made.record is None and made.capped and made.error == made.capped
    assert made.gen_seconds < 5


@pytest.mark.slow
def test_a_tiny_plan_runs_end_to_end() -> None:
    import io

    from bench.table import markdown_row

    plan = crosswords.CrosswordPlan(languages=(("en", 1),), themes=("animals",), fillins=1, workers=1,
                                    peer_seconds=0.2, fillin_cap=60)
    report = crosswords.run(plan, write=False, out=io.StringIO(), err=io.StringIO())
    assert markdown_row(crosswords.CROSS_COLUMNS) in report and markdown_row(crosswords.FILL_COLUMNS) in report
    assert "| ours (all) | 1 |" in report
    assert "crossword targets missed:" in report
    if crosswords.peer_class() is not None:
        assert "| genxword (all) | 1 |" in report
