"""Fuzzing the readers of user input: every input ends in a parsed object or a PuzzleBookError with a
message, never another exception. Inputs are drawn from each format's own alphabet (so that many are
nearly valid, where parsers break) and from arbitrary text and bytes.

test_config.py fuzzes the config loader with random YAML text and structures; here a valid config is
mutated one node at a time, and the readers round-trip what they accept. Then configs that ask for the
impossible (each must fail before any puzzle is made, naming its section), YAML tags, and names that
try to lead files out of the output folder.
"""

from __future__ import annotations

import copy
import os
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pipeline.book.build import build, output_folder
from pipeline.book.config import load_config_text
from pipeline.errors import PuzzleBookError
from pipeline.kinds.hidato.textformat import format_puzzles, parse_puzzles
from pipeline.kinds.sudoku.textformat import from_line, looks_like_sudoku, parse_sudokus
from pipeline.textfile import read_text_file

EXAMPLES = int(os.environ.get("PUZZLEBOOK_FUZZ_EXAMPLES", "300"))
"""Examples per fuzz test; set PUZZLEBOOK_FUZZ_EXAMPLES=20000 for a long hunt."""
FUZZ = settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])

HIDATO_TOKENS = st.sampled_from(
    [".", "0", "_", "#", "x", "X", "1", "2", "3", "4", "5", "9", "12", "99", "-1", "1.5", "a", "é", "10000000000000000000"]
)
META = st.sampled_from([
    "; adjacency=king", "; adjacency=orthogonal", "; adjacency=hex", "; kind=numbrix", "; kind=sudoku",
    "; role=solution", "; role=x", "; seed=3 difficulty=hard", "; a comment", ";", "; =x", "; k=", "; box=3",
])
SEPARATORS = st.sampled_from([" ", "  ", "\t", "\r\n", "\n", "\n\n", "\u00a0", "\u2028", "\x0c"])


@st.composite
def hidato_texts(draw: st.DrawFn) -> str:
    """Blocks of rows of tokens, with metadata and comment lines, oddly separated."""
    parts: list[str] = []
    for _ in range(draw(st.integers(1, 3))):
        if draw(st.booleans()):
            parts.append(draw(META) + "\n")
        for _ in range(draw(st.integers(0, 5))):
            tokens = draw(st.lists(HIDATO_TOKENS, max_size=6))
            parts.append(draw(SEPARATORS).join(tokens) + draw(SEPARATORS))
        parts.append("\n")
    return "".join(parts)


SUDOKU_SYMBOLS = st.sampled_from(list(".0123456789ABCDEFGabcpPqz_#-") + ["10", "16", "25", "26", "é"])


@st.composite
def sudoku_texts(draw: st.DrawFn) -> str:
    """One-line puzzles of plausible and implausible lengths, and grids of tokens."""
    parts: list[str] = []
    for _ in range(draw(st.integers(1, 3))):
        if draw(st.booleans()):
            parts.append(draw(META) + "\n")
        if draw(st.booleans()):
            length = draw(st.sampled_from([4, 15, 16, 17, 80, 81, 82, 256]))
            parts.append("".join(draw(st.lists(st.sampled_from(list(".0123456789ABG")), min_size=length,
                                               max_size=length))) + "\n")
        else:
            side = draw(st.sampled_from([2, 3, 4, 5, 9]))
            for _ in range(draw(st.integers(0, side + 1))):
                parts.append(" ".join(draw(st.lists(SUDOKU_SYMBOLS, min_size=side - 1, max_size=side + 1))) + "\n")
        parts.append(draw(SEPARATORS))
    return "".join(parts)


def hidato_or_error(text: str) -> None:
    try:
        puzzles = parse_puzzles(text, "fuzz.txt")
    except PuzzleBookError as err:
        assert err.message
        return
    again = parse_puzzles(format_puzzles(puzzles), "again.txt")  # what it accepts, it writes and reads back
    assert [p.board for p in again] == [p.board for p in puzzles]


def sudokus_or_error(text: str) -> None:
    looks_like_sudoku(text)  # a guess: never raises
    try:
        parse_sudokus(text, "fuzz.txt")
    except PuzzleBookError as err:
        assert err.message


@pytest.mark.slow
@FUZZ
@given(hidato_texts())
def test_fuzz_hidato_text_in_its_alphabet(text: str) -> None:
    hidato_or_error(text)


@FUZZ
@given(st.text(max_size=120))
def test_fuzz_hidato_arbitrary_text(text: str) -> None:
    hidato_or_error(text)


@pytest.mark.slow
@FUZZ
@given(sudoku_texts())
def test_fuzz_sudoku_text_in_its_alphabet(text: str) -> None:
    sudokus_or_error(text)


@FUZZ
@given(st.text(max_size=120))
def test_fuzz_sudoku_arbitrary_text(text: str) -> None:
    sudokus_or_error(text)
    try:
        from_line(text, "fuzz.txt")
    except PuzzleBookError as err:
        assert err.message


@settings(max_examples=100, deadline=None)
@given(st.binary(max_size=80))
def test_fuzz_files_of_any_bytes(tmp_path_factory: Any, data: bytes) -> None:
    path = Path(tmp_path_factory.mktemp("fuzz")) / "puzzles.txt"
    path.write_bytes(data)
    try:
        text = read_text_file(path)
    except PuzzleBookError as err:
        assert err.source == str(path)
        return
    hidato_or_error(text)
    sudokus_or_error(text)


# ------------------------------------------------------------------------------ config mutations

GOOD = {
    "title": "Fuzz",
    "seed": 2,
    "page": {"size": "6x9", "bleed": False, "outside": "0.5in"},
    "sections": [
        {"name": "A", "kind": "hidato", "shapes": ["square:6", {"name": "cross", "size": 9, "arm": 3}],
         "difficulty": ["easy", "hard"], "count": 4, "per_page": 2, "reroll": [1]},
        {"name": "B", "kind": "sudoku", "box": 3, "symmetry": "mirror", "difficulty": "easy", "count": 2},
    ],
    "answers": {"per_page": 6, "where": "back"},
    "parallel": {"n_jobs": 2, "backend": "dask", "scheduler": "tcp://127.0.0.1:8786"},
}
ODD_VALUES = st.one_of(
    st.none(), st.booleans(), st.integers(-(10**20), 10**20), st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=12), st.sampled_from(["../../etc", "/abs/path", "square:0", "rhombus:3", "1e9in", "-1in",
                                          "0x10", "tcp://", "~", "nan", ".inf", "2024-02-30"]),
    st.lists(st.integers(-3, 3), max_size=3), st.dictionaries(st.text(max_size=4), st.integers(), max_size=2),
)


def paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in a nested dict/list value, the root excluded."""
    found = []
    items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else []
    for key, child in items:
        found.append((*prefix, key))
        found += paths(child, (*prefix, key))
    return found


PLACES = paths(GOOD)


@pytest.mark.slow
@FUZZ
@given(st.lists(st.tuples(st.sampled_from(PLACES), ODD_VALUES, st.booleans()), min_size=1, max_size=3))
def test_fuzz_one_node_of_a_good_config_at_a_time(edits: list[tuple[tuple[Any, ...], Any, bool]]) -> None:
    """Replace (or delete) a few nodes of a valid config; the loader accepts it or names the problem."""
    data = copy.deepcopy(GOOD)
    for place, value, delete in edits:
        parent: Any = data
        try:
            for key in place[:-1]:
                parent = parent[key]
            if delete:
                del parent[place[-1]]
            else:
                parent[place[-1]] = value
        except (KeyError, IndexError, TypeError):
            continue  # an earlier edit removed this place
    try:
        text = yaml.safe_dump(data, allow_unicode=True)
    except yaml.YAMLError:
        return
    try:
        book = load_config_text(text, "fuzz.yaml")
    except PuzzleBookError as err:
        assert err.source == "fuzz.yaml" and err.message
        return
    assert book.sections and book.title


# ------------------------------------------------------------------------------ impossible configs

LARGER = """\
title: Impossible
sections:
  - name: Fine boards
    kind: hidato
    shapes: square:7
    difficulty: medium
    count: 4
"""
"""A section of boards above preflight.PROBE_CELLS: a build that reaches its workers makes these first."""


def write(folder: Path, text: str, name: str = "book.yaml") -> Path:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def nothing_generated(out: Path) -> bool:
    checkpoint = out / "puzzles.jsonl"
    return not (out / "book.pdf").exists() and (not checkpoint.exists() or not checkpoint.read_bytes())


def test_a_level_a_tiny_board_cannot_reach_fails_before_any_worker_starts(tmp_path: Path) -> None:
    config = write(tmp_path, LARGER + "  - name: Tiny diamonds\n    kind: hidato\n    shapes: rhombus:3\n"
                   "    difficulty: hard\n    count: 3\n")
    with pytest.raises(PuzzleBookError, match=r"^section 'Tiny diamonds', puzzle 1: could not make a hard hidato"):
        build(config, jobs=2, out_dir=tmp_path / "out", quiet=True)
    assert nothing_generated(tmp_path / "out")


def test_a_board_of_ten_thousand_cells_is_refused_naming_its_section(tmp_path: Path,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "shapes").mkdir()
    (tmp_path / "shapes" / "huge.txt").write_text("\n".join([" ".join("." * 100)] * 100) + "\n", encoding="utf-8")
    with pytest.raises(PuzzleBookError) as caught:
        load_config_text(LARGER.replace("square:7", "huge"), "huge.yaml")
    assert caught.value.field == "sections[0].shapes"
    huge = tmp_path / "shapes" / "huge.txt"
    assert caught.value.message.startswith(f"shape 'huge': {huge}, line 17, column 1: a board may hold at most 1600 cells")
    assert caught.value.message.endswith("(section 'Fine boards')")
    with pytest.raises(PuzzleBookError, match=r"size of shape 'square' must be a whole number from 2 to 40, got 100"):
        load_config_text(LARGER.replace("square:7", "square:100"), "huge.yaml")


def test_a_negative_count_is_refused_naming_its_section() -> None:
    with pytest.raises(PuzzleBookError) as caught:
        load_config_text(LARGER.replace("count: 4", "count: -4"), "count.yaml")
    assert str(caught.value) == "count.yaml, line 7, sections[0].count: must be from 1 to 2000, got -4 (section 'Fine boards')"


def test_a_page_too_small_for_one_board_fails_before_any_puzzle_is_made(tmp_path: Path) -> None:
    """A 40x40 board on a letter page, one per page: 4-digit numbers in 13 pt cells print at 5.2 pt, below 7."""
    config = write(tmp_path, LARGER.replace("square:7", "square:40").replace("count: 4", "count: 4\n    per_page: 1"))
    with pytest.raises(PuzzleBookError, match=r"^\S*book\.yaml, line 8, sections\[0\]\.per_page: puzzle 1 in section 'Fine boards' \(a 40x40 "
                       r"board with numbers up to 1600\) would print its numbers at 5\.\d pt"):
        build(config, jobs=2, out_dir=tmp_path / "out", quiet=True)
    assert nothing_generated(tmp_path / "out")


def test_a_long_strip_is_a_board_but_the_page_decides_whether_it_prints(tmp_path: Path,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """A 3x50 strip is within the board limit (1600 cells, 100 a side); on a letter page its numbers
    would print too small, and the page-fit check says so before any puzzle is made."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "shapes").mkdir()
    (tmp_path / "shapes" / "strip.txt").write_text("\n".join([" ".join("." * 50)] * 3) + "\n", encoding="utf-8")
    config = write(tmp_path, LARGER.replace("square:7", "strip").replace("count: 4", "count: 2\n    per_page: 1"))
    with pytest.raises(PuzzleBookError, match=r"sections\[0\]\.per_page: puzzle 1 in section 'Fine boards' \(a 3x50 "
                       r"board with numbers up to 150\) would print its numbers at 5\.\d pt"):
        build(config, jobs=2, out_dir=tmp_path / "out", quiet=True)
    assert nothing_generated(tmp_path / "out")


# ------------------------------------------------------------------------------ safe YAML, safe paths


def test_yaml_tags_never_construct_objects(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    for tag in ("!!python/object/apply:os.system", "!!python/object/apply:subprocess.call"):
        with pytest.raises(PuzzleBookError, match="a config holds only text, numbers"):
            load_config_text(f"title: !{tag[1:]} ['touch pwned']\n" + LARGER.split("\n", 1)[1], "evil.yaml")
    assert not (tmp_path / "pwned").exists()


def test_names_from_the_config_never_lead_a_file_out_of_the_output_folder(tmp_path: Path,
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """Section names are text on the page, never parts of a path; a config's name must be a plain name."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "configs").mkdir()
    text = LARGER.replace("Fine boards", "../../escaped").replace("count: 4", "count: 1")
    text += "  - name: /tmp/absolute\n    kind: hidato\n    shapes: square:6\n    difficulty: easy\n    count: 1\n"
    config = write(tmp_path / "configs", text, "names.yaml")
    before = set(tmp_path.rglob("*"))
    report = build(config, jobs=1, quiet=True)
    made = set(tmp_path.rglob("*")) - before
    out = tmp_path / "output" / "names"
    assert report.pdf == Path("output/names/book.pdf")
    written = ("book.pdf", "cover.pdf", "listing.txt", "manifest.json", "puzzles.jsonl", "report.html")
    assert made == {tmp_path / "output", out, *(out / name for name in written)}
    assert not Path("/tmp/absolute").exists()
    for name in ("...yaml", "..yaml"):
        with pytest.raises(PuzzleBookError, match="cannot name a folder in output/"):
            build(write(tmp_path / "configs", text, name), jobs=1, quiet=True)
    assert output_folder("../../elsewhere/book.yaml", None) == Path("output/book")
