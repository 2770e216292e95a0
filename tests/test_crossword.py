"""Crosswords: the layout's rules on every grid it makes, numbering, the shipped clue lists, making a
crossword from a theme or a list (never a word dropped), records and their checks."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings, strategies as st

from pipeline.errors import PuzzleBookError
from pipeline.kinds.crossword.clues import MIN_LETTERS, clue_themes, clued_problem, theme_clues
from pipeline.kinds.crossword.generate import WordsJob, generate_crossword
from pipeline.kinds.crossword.grid import BLOCK, connected, numbers, read, slots_of
from pipeline.kinds.crossword.layout import lay_out
from pipeline.kinds.crossword.levels import CROSSWORD_BANDS, LEVELS
from pipeline.kinds.crossword.puzzle import Crossword, Entry, crossword_problem, entries_for
from pipeline.kinds.wordsearch.blocklist import blocked_words
from pipeline.kinds.wordsearch.letters import LANGUAGES, normalize
from pipeline.kinds.wordsearch.themes import themes

WORDS = ["ELEPHANT", "TIGER", "HORSE", "RABBIT", "EAGLE", "SNAKE", "ZEBRA", "OTTER", "CAMEL", "MOUSE", "GOAT", "BEAR"]


def _entries_are_runs(rows: tuple[str, ...], words: list[str]) -> None:
    """Every run of two or more letters is a placed word, each once: no letters touch but where they cross."""
    spelled = sorted(read(rows, slot) for slot in slots_of(rows))
    assert spelled == sorted(words)
    assert connected(rows)


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**6), st.integers(5, 12), st.integers(9, 15))
def test_every_layout_keeps_the_rules(seed: int, count: int, side: int) -> None:
    rng = random.Random(seed)
    words = rng.sample(WORDS, min(count, len(WORDS)))
    layout, missed = lay_out(words, side, side, rng, 20)
    if layout is None:
        assert missed and set(missed) <= set(words)
        return
    assert layout.width <= side and layout.height <= side
    _entries_are_runs(layout.rows, words)
    for placed in layout.placed:
        assert "".join(layout.rows[r][c] for r, c in placed.cells()) == placed.word
    assert layout.crossings == sum(len(w) for w in words) - layout.letters
    assert layout.crossings >= len(words) - 1  # connected: at least a tree of crossings


def test_numbering_is_the_standard_order() -> None:
    rows = ("#HOTEL#", "###A##P", "###X##I", "##PIZZA", "####O#N", "RADIO#O")
    slots = slots_of(rows)
    numbered = numbers(slots)
    assert numbered == {(0, 1): 1, (0, 3): 2, (1, 6): 3, (3, 2): 4, (3, 4): 5, (5, 0): 6}
    assert sorted(numbered.values()) == list(range(1, len(numbered) + 1))
    starts = sorted(numbered, key=lambda cell: numbered[cell])
    assert starts == sorted(starts)  # reading order
    entries = entries_for(rows, {})
    assert [e.direction for e in entries] == sorted((e.direction for e in entries), key=lambda d: d != "across")


@pytest.mark.parametrize("language", LANGUAGES)
def test_shipped_clue_lists(language: str) -> None:
    """Every word search theme, at least 40 clued words each, every clue fit to print."""
    shipped = clue_themes(language)
    assert set(shipped) == set(themes(language))
    blocked = set(blocked_words(language))
    for theme, clued in shipped.items():
        good = [item for item in clued if clued_problem(item, language) is None]
        assert len(good) == len(clued), [(item.word, clued_problem(item, language)) for item in clued if item not in good]
        assert len({normalize(item.word, language) for item in clued}) == len(clued) >= 40, theme
        for item in clued:
            answer = normalize(item.word, language)
            assert len(answer) >= MIN_LETTERS and answer not in blocked


def test_a_clue_holding_its_answer_or_a_blocked_word_is_refused() -> None:
    from pipeline.kinds.crossword.clues import Clued

    assert "holds the answer" in (clued_problem(Clued("cat", "A cat's whisker"), "en") or "")
    assert clued_problem(Clued("cat", "Pet that purrs"), "en") is None
    assert "blocklist" in (clued_problem(Clued("shit", "Rubbish"), "en") or "")
    assert clued_problem(Clued("peacock", "Bird with a fan of tail feathers"), "en") is None
    assert "letters" in (clued_problem(Clued("ox", "Farm animal"), "en") or "")


def _job(words: list[list[str]], **over: object) -> WordsJob:
    job = WordsJob(language="en", umlauts="keep", theme=None, words=words, count=None, whole=True, size=None,
                   starter=True)
    job.update(over)  # type: ignore[typeddict-item]
    return job


@pytest.mark.parametrize("level", LEVELS)
def test_a_themed_crossword_of_each_level(level: str) -> None:
    clued = [[item.word, item.clue] for item in theme_clues("en", "animals")]
    record = generate_crossword(_job(clued, theme="animals", whole=False), level, 7)
    band = CROSSWORD_BANDS[level]
    grade = record["grade"]
    assert grade["level"] == level and band.words[0] <= grade["words"] <= band.words[1]
    assert max(grade["width"], grade["height"]) <= band.side
    assert grade["crossings_per_word"] >= band.crossings
    puzzle = Crossword(tuple(record["solution"]), tuple(Entry.from_json(e) for e in record["entries"]))
    assert crossword_problem(puzzle) is None
    assert record["grid"] == ["".join(BLOCK if ch == BLOCK else "." for ch in row) for row in record["solution"]]
    clues = {normalize(word, "en"): clue for word, clue in clued}
    assert all(entry.clue == clues[entry.answer] for entry in puzzle.entries)
    _entries_are_runs(puzzle.solution, [entry.answer for entry in puzzle.entries])
    assert generate_crossword(_job(clued, theme="animals", whole=False), level, 7) == record


def test_a_word_that_finds_no_place_is_named_never_dropped() -> None:
    words = [["cat", "Pet that purrs"], ["dog", "Pet that barks"], ["owl", "Night bird"], ["bee", "It makes honey"],
             ["gnu", "African antelope"], ["yak", "Long-haired ox"], ["jvxq", "No word at all"]]
    with pytest.raises(PuzzleBookError, match="JVXQ"):
        generate_crossword(_job(words), "easy", 1)


def test_a_users_whole_list_is_every_entry() -> None:
    words = [[w.lower(), f"Clue {i}"] for i, w in enumerate(WORDS[:8])]
    record = generate_crossword(_job(words), "easy", 3)
    assert sorted(e["answer"] for e in record["entries"]) == sorted(WORDS[:8])


def test_a_words_file_on_the_command_line(tmp_path, capsys: pytest.CaptureFixture[str]) -> None:
    from pipeline.cli import main

    clues = tmp_path / "clues.txt"
    clues.write_text("# mine\ncat: Pet that purrs\ndog: Pet that barks\nowl: Night bird\ntiger: Striped big cat\n"
                     "goat: Horned farm animal\nrat: Small rodent\n", encoding="utf-8")
    assert main(["generate", "--kind", "crossword", "--difficulty", "easy", "--words-file", str(clues), "--json"]) == 0
    record = __import__("json").loads(capsys.readouterr().out)
    assert sorted(e["answer"] for e in record["entries"]) == ["CAT", "DOG", "GOAT", "OWL", "RAT", "TIGER"]
    few = tmp_path / "few.txt"
    few.write_text("cat: Pet\ndog: Pet\n", encoding="utf-8")
    assert main(["generate", "--kind", "fillin", "--difficulty", "easy", "--words-file", str(few)]) == 2
    assert "only 2 usable words; a puzzle needs at least 4" in capsys.readouterr().err


@pytest.mark.parametrize(("section", "field", "says"), [
    ("theme: planets", "sections[0].theme", "unknown theme 'planets'"),
    ("clues: {cat: A cat toy, dog: Pet, owl: Bird, bee: Insect}", "sections[0].clues.cat", "holds the answer"),
    ("clues: {cat: Pet, dog: Pet, owl: Bird, bee: Insect}\n    words_per_puzzle: 30", "sections[0].words_per_puzzle",
     "an easy crossword takes 30 words and only 4 are available"),
    ("words: [cat, dog, owl, bee]", "sections[0].words", "needs a clue for each word"),
])
def test_a_bad_crossword_section_names_its_file_line_and_field(tmp_path, section: str, field: str, says: str) -> None:
    from pipeline.book.config import load_config

    config = tmp_path / "bad.yaml"
    config.write_text(f"title: Bad\nsections:\n  - name: A\n    kind: crossword\n    {section}\n    difficulty: easy\n"
                      "    count: 1\n", encoding="utf-8")
    with pytest.raises(PuzzleBookError) as caught:
        load_config(config)
    message = str(caught.value)
    assert str(config) in message and "line " in message and field in message and says in message
