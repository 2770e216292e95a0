"""The blocklists keep what goes to print clean: a word search shows a blocked word only inside one
listed word's own letters (GRASS holds ASS), never in filler letters, across words or partly in
filler, in any direction; a word that is itself a blocked word (either way round) is refused by name;
the fill chooses letters that cannot spell one, short words too. The held-out lists (another source,
tests/data/blocklist-heldout/) are measured by bench/blocklist.py, not asserted here.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from pipeline.book.config import load_config_text
from pipeline.errors import PuzzleBookError
from pipeline.kinds import registry
from pipeline.kinds.wordsearch.blocklist import blocked_as, blocked_words, stray_blocked
from pipeline.kinds.wordsearch.board import board_mask
from pipeline.kinds.wordsearch.generate import _Board, _safe_letter, _spoilers, generate
from pipeline.kinds.wordsearch.grade import LEVELS
from pipeline.kinds.wordsearch.letters import LANGUAGES
from pipeline.kinds.wordsearch.search import occurrences
from pipeline.kinds.wordsearch.themes import themes

KIND = registry.kind("wordsearch")
HELD_OUT = Path(__file__).resolve().parent / "data" / "blocklist-heldout"


def section(words: str, language: str = "en", level: str = "hard", shape: str = "square:15") -> object:
    text = (f"title: T\nseed: 1\nlanguage: {language}\nsections:\n  - name: W\n    kind: wordsearch\n    count: 2\n"
            f"    difficulty: {level}\n    shapes: {shape}\n    words: [{words}]\n")
    return load_config_text(text, "book.yaml").sections[0]


@pytest.mark.parametrize(("words", "language", "message"), [
    ("dog, ass, bird, frog", "en", r"words\[1\]: 'ass' is 'ASS', a word the English blocklist keeps out of every "
                                   r"grid: leave it out \(a word that only holds one, as GRASS holds ASS, is fine\)"),
    ("Hund, Katze, Regen, Vogel", "de", r"words\[2\]: 'Regen' reads 'NEGER' backwards, a word the German blocklist"),
    ("chat, cul, loup, ours", "fr", r"words\[1\]: 'cul' is 'CUL', a word the French blocklist"),
])
def test_a_listed_word_that_is_a_blocked_word_is_refused_by_name(words: str, language: str, message: str) -> None:
    with pytest.raises(PuzzleBookError, match=message):
        section(words, language)


def test_a_word_only_holding_a_blocked_word_is_accepted_and_made() -> None:
    spec = section("grass, peacock, compass, cucumber, raccoon, grape", level="hard")
    assert blocked_as("GRASS", "en") is None and blocked_as("ASS", "en") == "ASS"
    for seed in range(3):
        record = KIND.generate(KIND.job_params(spec, 1), "hard", seed)
        puzzle, solution = KIND.read_record(record)
        assert {"GRASS", "PEACOCK", "COMPASS"} <= set(puzzle.words)
        assert KIND.is_solution(puzzle, solution)
        inside = occurrences(puzzle.rows, ["ASS", "COCK", "CUM"])
        assert len(inside["ASS"]) >= 2 and inside["COCK"] and inside["CUM"], "each reads inside its listed word"
        assert not stray_blocked(puzzle.rows, solution, "en")
        KIND.grade(puzzle)  # the printing check accepts it


def test_a_blocked_word_outside_one_listed_word_is_refused_before_print() -> None:
    inside = KIND.read_record(KIND.generate(KIND.job_params(section("grass, dog, bird, frog"), 1), "hard", 1))[0]
    KIND.grade(inside)
    across = type(inside)(("GRASSXSHIT", "DOGXBIRDXX", "FROGXXXXXX"), ("BIRD", "DOG", "FROG", "GRASS"))
    with pytest.raises(PuzzleBookError, match="blocklist reads at r1c7"):
        KIND.grade(across)
    spanning = type(inside)(("GRASSXXXXX", "DOGXBIRDXX", "FROGXXXXXX"), ("BIRD", "DOG", "FROG", "GRAS"))
    with pytest.raises(PuzzleBookError, match="blocklist reads at r1c3"):
        KIND.grade(spanning)  # ASS half in GRAS, half in a filler letter


def sample(language: str, count: int) -> list[tuple[tuple[str, ...], tuple]]:
    """`count` 15x15 puzzles of the shipped themes, every level in turn, as a book section makes them."""
    names = sorted(themes(language))
    made = []
    for i in range(count):
        level = LEVELS[i % len(LEVELS)]
        text = (f"title: T\nseed: {i}\nlanguage: {language}\nsections:\n  - name: W\n    kind: wordsearch\n"
                f"    theme: {names[(3 * i) % len(names)]}\n    words_per_puzzle: 15\n    difficulty: {level}\n"
                "    count: 1\n")
        params = KIND.job_params(load_config_text(text, "b.yaml").sections[0], 1)
        puzzle, solution = KIND.read_record(KIND.generate(params, level, 100 + i))
        made.append((puzzle.rows, solution))
    return made


@pytest.mark.parametrize("language", LANGUAGES)
def test_generated_grids_read_no_blocked_word_outside_a_listed_word(language: str) -> None:
    for rows, solution in sample(language, 4):
        assert stray_blocked(rows, solution, language) == []


@pytest.mark.parametrize("level", LEVELS)
def test_the_fill_never_spells_a_short_blocked_word_even_with_few_words(level: str) -> None:
    """Four short words on a 15x15 board: nearly every letter is filler, and none spells a blocked word."""
    short = [word for word in blocked_words("en") if len(word) == 3]
    assert {"ASS", "FAG", "TIT", "CUM"} <= set(short)
    job = {"shape": {"name": "square", "size": 15}, "language": "en", "umlauts": "keep",
           "words": ["OTTER", "HERON", "OWL", "EMU"], "show": "list", "list_style": "alphabetical"}
    for seed in range(4):
        record = generate(job, level, seed)
        puzzle, solution = KIND.read_record(record)
        assert stray_blocked(puzzle.rows, solution, "en") == []


def test_the_fill_alone_chooses_letters_that_cannot_complete_a_blocked_word() -> None:
    """No words at all and no redraws: every cell filled in turn, and no blocked word of any language
    reads in any direction."""
    for language in LANGUAGES:
        blocked = blocked_words(language)
        spoilers = _spoilers((), blocked)
        for seed in range(3):
            board, rng = _Board(board_mask({"name": "square", "size": 15})), random.Random(seed)
            for cell in board.free():
                board.letters[cell] = _safe_letter(board, cell, spoilers, rng, language, "keep")
            assert not any(occurrences(board.rows(), blocked).values()), language


def test_the_same_seed_makes_the_same_grid() -> None:
    job = KIND.job_params(section("grass, peacock, compass, cucumber, raccoon, grape"), 1)
    assert generate(job, "expert", 3) == generate(job, "expert", 3)


@pytest.mark.parametrize("language", LANGUAGES)
def test_each_held_out_list_names_its_source_and_licence(language: str) -> None:
    lines = (HELD_OUT / f"{language}.txt").read_text(encoding="utf-8").splitlines()
    header = " ".join(line for line in lines if line.startswith("#"))
    assert "badwords-py" in header and "MIT" in header and "LDNOOBW" in header
    assert len([line for line in lines if line and not line.startswith("#")]) >= 100
