"""Word search keeps its promise: every listed word in the grid exactly once, inside the board, no
blocked word anywhere but inside a listed word's own letters, in the section's language; the verifier
counts as brute force does; text and records read back as written; the same seed gives the same puzzle
and the same book.

The face's own promises (records, proofs, text, the CLI) are kept in test_kinds.py, for every kind.
"""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pypdf import PdfReader

from pipeline.book.build import build
from pipeline.book.config import load_config_text
from pipeline.errors import PuzzleBookError
from pipeline.kinds import registry
from pipeline.kinds.wordsearch.blocklist import blocked_as, blocked_words, stray_blocked
from pipeline.kinds.wordsearch.board import board_mask
from pipeline.kinds.wordsearch.generate import LEVEL_DIRECTIONS
from pipeline.kinds.wordsearch.grade import crossings, decoy_least
from pipeline.kinds.wordsearch.grid import DIRECTIONS, WordSearch, contained, unused_letters
from pipeline.kinds.wordsearch.letters import LANGUAGES, alphabet, normalize
from pipeline.kinds.wordsearch.search import occurrences
from pipeline.kinds.wordsearch.textformat import WordSearchText
from pipeline.kinds.wordsearch.themes import MIN_LENGTH, themes

KIND = registry.kind("wordsearch")


def brute_force(rows: list[str], word: str) -> int:
    """Occurrences the slow, obvious way: every cell, every direction; one per set of cells."""
    seen: set[frozenset[tuple[int, int]]] = set()
    for r, row in enumerate(rows):
        for c in range(len(row)):
            for dr, dc in DIRECTIONS.values():
                cells = [(r + i * dr, c + i * dc) for i in range(len(word))]
                if all(0 <= a < len(rows) and 0 <= b < len(rows[a]) and rows[a][b] == word[i]
                       for i, (a, b) in enumerate(cells)):
                    seen.add(frozenset(cells))
    return len(seen)


# ------------------------------------------------------------------------------------ the verifier

@st.composite
def grids_and_words(draw: st.DrawFn) -> tuple[list[str], list[str]]:
    """Small grids over a tiny alphabet (with blocked cells), so words recur, cross and read backwards."""
    height, width = draw(st.integers(1, 6)), draw(st.integers(1, 6))
    rows = ["".join(draw(st.lists(st.sampled_from("AB#"), min_size=width, max_size=width))) for _ in range(height)]
    words = draw(st.lists(st.text("AB", min_size=2, max_size=5), min_size=1, max_size=6, unique=True))
    return rows, words


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(grids_and_words())
def test_the_verifier_counts_as_brute_force_does(case: tuple[list[str], list[str]]) -> None:
    rows, words = case
    found = occurrences(rows, words)
    for word in words:
        assert len(found[word]) == brute_force(rows, word), word
        for placement in found[word]:
            assert "".join(rows[r][c] for r, c in placement.cells()) == word


def test_a_palindrome_counts_once_and_a_word_inside_another_counts_again() -> None:
    rows = ["LEVELX", "CATALO", "XXXXXX", "CATXXX"]
    found = occurrences(rows, ["LEVEL", "CAT", "CATALO"])
    assert len(found["LEVEL"]) == 1
    assert len(found["CATALO"]) == 1
    assert len(found["CAT"]) == 2, "CAT inside CATALO is a second occurrence"


def test_a_blocked_cell_ends_a_line() -> None:
    assert occurrences(["CA#T", "XXXX"], ["CAT"])["CAT"] == []
    assert len(occurrences(["C#", "#A", "##", "XT"], ["CAT"])["CAT"]) == 0


# ------------------------------------------------------------------------------------ generated grids

SHAPES = [{"name": "square", "size": 10}, {"name": "square", "size": 15}, {"name": "heart", "size": 14},
          {"name": "star", "size": 15}, {"name": "cross", "size": 13, "arm": 5}, {"name": "square", "width": 12,
                                                                                   "height": 9}]
CASES = [  # (language, theme, words a puzzle)
    ("en", "animals", 10), ("es", "food", 10), ("de", "animals", 9), ("fr", "music", 8), ("it", "travel", 8),
]


def job(shape: dict, language: str, theme: str, count: int, level: str, seed: int) -> dict:
    """A section's job, as the book makes it (the section picks the words)."""
    text = (f"title: T\nseed: {seed}\nlanguage: {language}\nsections:\n  - name: S\n    kind: wordsearch\n"
            f"    theme: {theme}\n    words_per_puzzle: {count}\n    difficulty: {level}\n    count: 3\n"
            f"    shapes: [{json.dumps(shape)}]\n")
    section = load_config_text(text, "book.yaml").sections[0]
    return KIND.job_params(section, 1 + seed % 3)


@pytest.mark.slow
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(shape=st.sampled_from(SHAPES), case=st.sampled_from(CASES), level=st.sampled_from(("easy", "medium", "hard",
                                                                                           "expert")),
       seed=st.integers(0, 10_000))
def test_every_generated_grid_keeps_the_promise(shape: dict, case: tuple, level: str, seed: int) -> None:
    language, theme, count = case
    params = job(shape, language, theme, count, level, seed)
    record = KIND.generate(params, level, seed)
    puzzle, solution = KIND.read_record(record)
    mask = board_mask(shape, seed)
    # the board is the shape's, every cell a letter of the language
    assert [[char != "#" for char in row] for row in puzzle.rows] == [list(row) for row in mask]
    assert set("".join(puzzle.rows)) - {"#"} <= set(alphabet(language))
    # every listed word exactly once, where the solution says, inside the board
    found = occurrences(puzzle.rows, puzzle.words)
    assert sorted(puzzle.words) == sorted(params["words"])
    for placement in solution:
        assert found[placement.word] == [placement]
        assert all(mask[r][c] for r, c in placement.cells())
    # no blocked word in any direction, but inside a listed word's own letters
    assert not stray_blocked(puzzle.rows, solution, language)
    # the level is what was asked, and its directions are the level's
    assert record["grade"]["level"] == level
    assert {placement.direction for placement in solution} <= set(LEVEL_DIRECTIONS[level])
    if level == "easy":
        assert crossings(solution) == 0
    if level == "expert":
        assert record["grade"]["near_copies"] >= decoy_least(len(solution))
    assert KIND.solve(puzzle).solutions == (solution,)


def test_the_same_seed_makes_the_same_puzzle_and_another_seed_another() -> None:
    params = job({"name": "square", "size": 15}, "en", "animals", 15, "hard", 5)
    first = json.dumps(KIND.generate(params, "hard", 5), sort_keys=True)
    assert json.dumps(KIND.generate(params, "hard", 5), sort_keys=True) == first
    assert json.dumps(KIND.generate(params, "hard", 6), sort_keys=True) != first


def test_filler_letters_follow_the_language() -> None:
    """The letters no word uses are drawn by letter frequency: E leads in English, and a Spanish
    grid holds Ñ only by chance (rarely), never an English-only letter pattern such as many Ks."""
    filler: Counter[str] = Counter()
    for seed in range(4):
        params = job({"name": "square", "size": 20}, "en", "sports", 12, "hard", seed)
        puzzle, solution = KIND.read_record(KIND.generate(params, "hard", seed))
        filler.update(unused_letters(puzzle, solution))
    assert filler.most_common(1)[0][0] == "E"
    assert filler["E"] > 5 * filler["K"] + 5 * filler["Q"]


def test_a_hidden_message_is_spelled_by_the_unused_letters() -> None:
    text = ("title: T\nseed: 2\nsections:\n  - name: S\n    kind: wordsearch\n    theme: music\n"
            "    words_per_puzzle: 8\n    difficulty: medium\n    count: 2\n    shapes: square:10\n"
            "    message: \"Music is the language of the soul!\"\n")
    section = load_config_text(text, "book.yaml").sections[0]
    record = KIND.generate(KIND.job_params(section, 1), "medium", 11)
    puzzle, solution = KIND.read_record(record)
    assert record["grid"]["message"] == "Music is the language of the soul!"
    assert unused_letters(puzzle, solution) == "MUSICISTHELANGUAGEOFTHESOUL"
    assert KIND.is_solution(puzzle, solution)
    assert set(puzzle.words) >= set(section.puzzle_words(1)[0])


def test_a_count_puzzle_says_how_many_words_hide_in_its_language() -> None:
    text = ("title: T\nseed: 2\nlanguage: fr\nsections:\n  - name: S\n    kind: wordsearch\n    theme: food\n"
            "    words_per_puzzle: 9\n    difficulty: hard\n    count: 1\n    show: count\n")
    section = load_config_text(text, "book.yaml").sections[0]
    record = KIND.generate(KIND.job_params(section, 1), "hard", 3)
    assert record["grid"]["prompt"] == "Trouvez 9 mots"


# ------------------------------------------------------------------------------------ a section's words

def section(extra: str, language: str = "en", level: str | None = "hard") -> Any:
    """The first section of a book holding a word search section with `extra` lines, as the book sees it."""
    difficulty = f"    difficulty: {level}\n" if level else ""
    count = "" if "count:" in extra else "    count: 2\n"
    text = (f"title: T\nseed: 1\nlanguage: {language}\nsections:\n  - name: W\n    kind: wordsearch\n{count}"
            f"{difficulty}{extra}")
    return load_config_text(text, "book.yaml").sections[0]


def test_no_word_comes_back_in_a_section_before_its_theme_runs_out() -> None:
    spec = section("    theme: animals\n    words_per_puzzle: 10\n    count: 12\n    shapes: square:12\n")
    usable, budget = spec.usable(), spec.letter_budget()
    rounds = len(usable) // 10
    seen: list[str] = []
    for index in range(1, spec.count + 1):
        words, _ = spec.puzzle_words(index)
        assert len(words) == 10 and contained(words) is None
        assert budget is not None and sum(map(len, words)) <= budget
        if index <= rounds - 1:
            seen += words
    assert len(seen) == len(set(seen)), "no word twice before every word has had its turn"


@pytest.mark.parametrize(("extra", "message"), [
    ("    words: [cat, dog, bird, hippopotamusandfriends]\n    shapes: square:10\n",
     r"line 9, sections\[0\].words: no board of the section holds 'hippopotamusandfriends'"),
    ("    words: [cat, catalog, dog, bird]\n", r"'CATALOG' holds 'CAT', so 'CAT' would be found twice"),
    ("    words: [tac, catalog, dog, bird]\n", r"'CATALOG' holds 'TAC'"),
    ("    words: [dog, shit, bird, frog]\n", r"sections\[0\].words\[1\]: 'shit' is 'SHIT', a word the English"),
    ("    theme: dinosaurs\n", r"sections\[0\].theme: unknown theme 'dinosaurs'; the themes .*: animals, body"),
    ("    theme: food\n    words: [cat, dog, bird, frog]\n", r"give the words one way"),
    ("    words: [cat, dog, bird, frog]\n    words_per_puzzle: 5\n", r"words_per_puzzle: only 4 words"),
    ("    words: [cat, dog, bird, fr0g]\n", r"words\[3\]: 'fr0g' has '0', which no English grid holds"),
    ("    theme: food\n    shapes: square:5\n", r"shapes: shape 'square' is 5x5; a word search board is 8 to 30"),
    ("    theme: food\n    shapes: hexagon:5\n", r"unknown shape 'hexagon'"),
    ("    words: [cat, dog, bird, Cat]\n", r"'CAT' is listed twice"),
    ("    words: [ox, dog, bird, frog]\n", r"'ox' is shorter than 3 letters"),
    ("    theme: food\n    message: hello 1\n", r"message: 'hello 1' has '1'"),
    ("    theme: food\n    message: hello\n    count: 4\n    min_level: easy\n    max_level: expert\n",
     r"a hidden-message puzzle cannot be expert"),
    ("    words_file: nowhere.txt\n", r"words_file: nowhere.txt: file not found"),
])
def test_a_section_at_fault_is_refused_naming_the_field_and_the_words(extra: str, message: str) -> None:
    with pytest.raises(PuzzleBookError, match=message):
        section(extra, level=None if "max_level" in extra else "hard")


def test_a_words_file_is_read_beside_the_config(tmp_path: Path) -> None:
    (tmp_path / "words.txt").write_text("# garden words\nrose\ntulip\ndaisy\n\nlily\n", encoding="utf-8")
    text = ("title: T\nseed: 1\nsections:\n  - name: W\n    kind: wordsearch\n    count: 1\n    difficulty: easy\n"
            "    words_file: words.txt\n    shapes: square:8\n")
    spec = load_config_text(text, str(tmp_path / "book.yaml")).sections[0]
    assert spec.usable() == ["ROSE", "TULIP", "DAISY", "LILY"]


# ------------------------------------------------------------------------------------ letters and lists

def test_each_language_writes_its_letters_as_its_puzzle_books_do() -> None:
    assert normalize("España", "es") == "ESPAÑA" and "Ñ" in alphabet("es")
    assert normalize("camión", "es") == "CAMION"
    assert normalize("Käse", "de") == "KÄSE" and normalize("Käse", "de", "fold") == "KAESE"
    assert normalize("Straße", "de") == "STRASSE"
    assert "Ä" not in alphabet("de", "fold")
    assert normalize("Hôpital", "fr") == "HOPITAL" and normalize("cœur", "fr") == "COEUR"
    assert normalize("città", "it") == "CITTA"
    assert normalize("ice cream", "en") == "ICECREAM"
    with pytest.raises(ValueError, match="which no English grid holds"):
        normalize("naïve1", "en")


def test_a_german_section_may_fold_its_umlauts() -> None:
    spec = section("    theme: animals\n    umlauts: fold\n    words_per_puzzle: 10\n", "de")
    params = KIND.job_params(spec, 1)
    record = KIND.generate(params, "hard", 4)
    assert not set("ÄÖÜ") & set("".join(record["grid"]["rows"]))
    kept = KIND.generate(KIND.job_params(section("    theme: animals\n    words_per_puzzle: 10\n", "de"), 1), "hard", 4)
    assert kept["umlauts"] == "keep" and record["umlauts"] == "fold"


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_language_ships_the_same_twelve_themes_of_sixty_words_or_more(language: str) -> None:
    shipped = themes(language)
    assert set(shipped) == set(themes("en")) and len(shipped) >= 12
    for name, words in shipped.items():
        grid_words = {normalize(word, language) for word in words}
        usable = {word for word in grid_words if len(word) >= MIN_LENGTH and not blocked_as(word, language)}
        assert len(usable) >= 60, (language, name, len(usable))


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_blocklist_says_what_it_covers_and_reads_in_its_grids_letters(language: str) -> None:
    path = Path(__file__).resolve().parent.parent / "pipeline" / "kinds" / "wordsearch" / "blocklist" / f"{language}.txt"
    header = [line for line in path.read_text(encoding="utf-8").splitlines() if line.startswith("#")]
    assert len(header) >= 3, "the file opens by saying what it covers and what it leaves to a person"
    assert "LDNOOBW" in " ".join(header) and "CC BY 4.0" in " ".join(header), "the source that informed it, its licence"
    assert len(blocked_words(language)) >= 20
    assert all(set(word) <= set(alphabet(language)) for word in blocked_words(language))


# ------------------------------------------------------------------------------------ text and records

@settings(max_examples=25, deadline=None)
@given(case=st.sampled_from(CASES), seed=st.integers(0, 1000), show=st.sampled_from(("list", "count")),
       with_solution=st.booleans())
def test_text_and_records_read_back_as_written(case: tuple, seed: int, show: str, with_solution: bool) -> None:
    language, theme, count = case
    params = {**job({"name": "square", "size": 12}, language, theme, count, "medium", seed), "show": show}
    puzzle, solution = KIND.read_record(KIND.generate(params, "medium", seed))
    meta = {"kind": "wordsearch", "seed": str(seed), "language": language, **({"show": show} if show != "list" else {})}
    item = WordSearchText(puzzle, solution if with_solution else None, 1, meta)
    text = KIND.format([item])
    assert KIND.parse(text, "x.txt") == [item]
    assert KIND.format(KIND.parse(text, "x.txt")) == text
    assert registry.detect(text) is KIND
    assert KIND.read_record(json.loads(json.dumps(KIND.write_record(puzzle, solution)))) == (puzzle, solution)


@pytest.mark.parametrize(("text", "message"), [
    ("A B C\nD E\nwords: ABC\n", "every grid line needs the same number of cells"),
    ("A B 1\nD E F\nwords: ABC\n", r"line 2, column 3: '1' is not among the letters of English grids"),
    ("A B C\nD E F\n", "a puzzle needs its words"),
    ("; kind=wordsearch language=xx\nA B C\nwords: ABC\n", "unknown language=xx"),
    ("A B C\nwords: ABC\nsolution:\nABC r1c1 UP\n", r"line 5: a solution line is WORD rRcC DIRECTION"),
])
def test_a_text_puzzle_at_fault_names_its_line(text: str, message: str) -> None:
    with pytest.raises(PuzzleBookError, match=message):
        KIND.parse("; kind=wordsearch\n" + text if not text.startswith(";") else text, "bad.txt")


def test_a_grid_showing_a_word_twice_or_a_blocked_word_is_refused() -> None:
    twice = WordSearch(("CATXXCAT", "XXXXXXXX"), ("CAT",))
    assert len(KIND.solve(twice).solutions) == 2
    with pytest.raises(PuzzleBookError, match="CAT found more than once"):
        KIND.grade(twice)
    rude = WordSearch(("CATXSHIT", "XXXXXXXX"), ("CAT",))
    with pytest.raises(PuzzleBookError, match="blocklist reads at r1c5"):
        KIND.grade(rude)


# ------------------------------------------------------------------------------------ the book

BOOK = """title: Words
seed: 4
sections:
  - name: Shapes
    kind: wordsearch
    theme: nature
    shapes: [heart:14, square:12]
    words_per_puzzle: 10
    min_level: easy
    max_level: expert
    count: 4
    per_page: 1
answers:
  per_page: 4
"""


@pytest.mark.slow
def test_a_book_prints_every_list_and_every_answer(tmp_path: Path) -> None:
    config = tmp_path / "words.yaml"
    config.write_text(BOOK, encoding="utf-8")
    build(config, out_dir=tmp_path / "one", quiet=True, jobs=1)
    build(config, out_dir=tmp_path / "two", quiet=True, jobs=2, fresh=True)
    digest = [hashlib.sha256((tmp_path / run / "book.pdf").read_bytes()).hexdigest() for run in ("one", "two")]
    assert digest[0] == digest[1], "the same book whatever the number of workers"
    records = [json.loads(line) for line in (tmp_path / "one" / "puzzles.jsonl").read_text().splitlines()]
    assert [record["grade"]["level"] for record in records] == ["easy", "medium", "hard", "expert"]
    pages = [page.extract_text() for page in PdfReader(tmp_path / "one" / "book.pdf").pages]
    answers = next(i for i, text in enumerate(pages) if text.startswith("Answers") or "\nAnswers" in text[:40])
    for record in records:
        puzzle_page = next(text for text in pages[:answers] if record["grid"]["words"][0] in text)
        assert all(word in puzzle_page for word in record["grid"]["words"]), "the whole list is printed"
    assert "How to play Word search" in "\n".join(pages)
