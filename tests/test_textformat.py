"""The puzzle text format: reading every allowed spelling, locating every mistake, exact round trips."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pipeline.errors import PuzzleBookError
from pipeline.kinds.hidato.board import ADJACENCIES, Adjacency, Board, Grid
from pipeline.kinds.hidato.textformat import (
    PuzzleText,
    format_grid,
    format_puzzle,
    format_puzzles,
    parse_puzzles,
    read_puzzle_file,
)

CANONICAL = """\
; shape=square seed=7 kind=hidato
 1  .  .
 .  #  .
 .  .  .
11  .  .

; role=solution
 1  2  3
 9  #  4
10  8  5
11  7  6

; adjacency=orthogonal
. 1
. #
"""


def test_canonical_text_reads_and_writes_back_exactly() -> None:
    first, second = parse_puzzles(CANONICAL)
    assert first.board == Board(((1, 0, 0), (0, None, 0), (0, 0, 0), (11, 0, 0)), "king")
    assert first.meta == {"shape": "square", "seed": "7", "kind": "hidato"}
    assert first.solution == ((1, 2, 3), (9, None, 4), (10, 8, 5), (11, 7, 6))
    assert first.line == 1
    orthogonal = Board(((0, 1), (0, None)), "orthogonal")
    assert second == PuzzleText(orthogonal, {"adjacency": "orthogonal"}, None, 13)
    assert format_puzzles([first, second]) == CANONICAL


def test_every_token_spelling_and_messy_whitespace() -> None:
    text = "; a comment\r\n1\t_ 0  \r\nx X #\r\n\r\n\t; only a comment block\r\n\r\n2 .\n. 1\n"
    first, second = parse_puzzles(text)
    assert first.board.grid == ((1, 0, 0), (None, None, None))
    assert first.line == 1
    assert second.board.grid == ((2, 0), (0, 1))
    assert second.line == 7


def test_ragged_rows_are_padded_with_blocked_cells() -> None:
    (item,) = parse_puzzles(". .\n. . . .\n.\n")
    assert item.board.grid == ((0, 0, None, None), (0, 0, 0, 0), (0, None, None, None))
    assert format_grid(item.board.grid) == ". . # #\n. . . .\n. # # #\n"


def test_comments_inside_a_block_and_metadata_order() -> None:
    text = "; z=1 a=2\n; this line is a comment: it has words\n; m=3\n. .\n; between rows\n. .\n"
    (item,) = parse_puzzles(text)
    assert list(item.meta.items()) == [("z", "1"), ("a", "2"), ("m", "3")]
    assert item.board.grid == ((0, 0), (0, 0))


def test_adjacency_from_metadata_then_argument_then_king() -> None:
    assert parse_puzzles(". .")[0].board.adjacency == "king"
    assert parse_puzzles(". .", adjacency="orthogonal")[0].board.adjacency == "orthogonal"
    assert parse_puzzles("; kind=numbrix\n. .")[0].board.adjacency == "orthogonal"
    assert parse_puzzles("; kind=hidato\n. .", adjacency="orthogonal")[0].board.adjacency == "king"
    assert parse_puzzles("; adjacency=king kind=hidato\n. .")[0].board.adjacency == "king"


def test_unknown_adjacency_argument() -> None:
    with pytest.raises(PuzzleBookError, match="unknown adjacency 'triangular'; allowed: king, orthogonal, hex"):
        parse_puzzles(". .", adjacency="triangular")  # type: ignore[arg-type]


def test_solution_blocks_attach_to_the_puzzle_before_them() -> None:
    text = "; n=1\n. 2\n\n; a comment block does not come between\n\n; role=solution\n1 2\n\n. .\n"
    first, second = parse_puzzles(text)
    assert first.solution == ((1, 2),)
    assert first.meta == {"n": "1"}
    assert second.solution is None


def test_a_ragged_solution_may_leave_out_trailing_blocked_cells() -> None:
    (item,) = parse_puzzles(". . #\n. # #\n\n; role=solution\n1 2\n3\n")
    assert item.solution == ((1, 2, None), (3, None, None))


ALLOWED = "allowed: a positive number, '.', '0' or '_' for empty, '#', 'x' or 'X' for blocked"

ERRORS = [
    ("1 . q", 1, 5, f"unknown token 'q'; {ALLOWED}"),
    (". -3", 1, 3, "unknown token '-3'"),
    ("1 . 2 ; note", 1, 7, "a comment needs a line of its own"),
    ("; c\n1 . .\n. 1 .", 3, 3, "number 1 appears twice (also at line 2, column 1)"),
    (". . 30", 1, 5, "number 30 is larger than the 3 open cells allow"),
    ("\n\n  # x\n X #", 3, 3, "the board has no open cells"),
    (". # #\n# # .", 2, 5, "the open cells are not connected, so no path can visit them all: this cell"),
    ("2 # .", 1, 5, "cannot be reached from the one at line 1, column 1"),
    ("; adjacency=triangular\n. .", 1, 3, "unknown adjacency 'triangular'; allowed: king, orthogonal, hex"),
    ("; x=1 kind=sudoku\n. .", 1, 7, "unknown kind 'sudoku'; allowed: hidato, numbrix"),
    ("; adjacency=king kind=numbrix\n. .", 1, 18, "kind=numbrix contradicts adjacency=king"),
    ("; a=1 a=2\n. .", 1, 7, "metadata key 'a' is given twice"),
    ("; a=1\n\n. .", 1, 3, "metadata with no grid rows below it"),
    (". .\n; a=1", 2, 3, "metadata must come before the grid rows"),
    ("; role=answer\n. .", 1, 3, "unknown role 'answer'; allowed: solution"),
    ("; role=solution\n1 2", 1, 3, "a role=solution block must come right after the puzzle it solves"),
    (". .\n\n; role=solution\n1 2\n\n; role=solution\n1 2", 6, 3, "must come right after the puzzle"),
    (". .\n\n; role=solution\n1 2\n2 1", 5, 1, "the solution has 2 rows but its puzzle has 1"),
    (". .\n. .\n\n; role=solution\n1 2", 5, 1, "the solution has 1 rows but its puzzle has 2"),
    (". .\n\n; role=solution\n1", 4, 2, "row 1, column 2 is open in the puzzle but blocked here"),
    (". .\n\n; role=solution\n1 2 3", 4, 5, "row 1, column 3 is blocked in the puzzle but open here"),
    (". #\n\n; role=solution\n1 #\n2 #", 5, 1, "the solution has 2 rows"),
    (". .\n\n; role=solution\n1 _", 4, 3, "the solution leaves row 1, column 2 empty"),
    (". .\n\n; role=solution\n2 2", 4, 3, "number 2 appears twice (also at line 4, column 1)"),
    (". .\n\n; role=solution\n1 3", 4, 3, "number 3 is larger than the 2 open cells allow"),
]


@pytest.mark.parametrize(("text", "line", "column", "message"), ERRORS)
def test_errors_name_source_line_and_column(text: str, line: int, column: int, message: str) -> None:
    with pytest.raises(PuzzleBookError) as caught:
        parse_puzzles(text, source="book.txt")
    err = caught.value
    assert (err.source, err.line, err.column) == ("book.txt", line, column)
    assert message in err.message
    assert str(err).startswith(f"book.txt, line {line}, column {column}: ")


def test_columns_count_characters_with_tabs_and_windows_line_endings() -> None:
    with pytest.raises(PuzzleBookError) as caught:
        parse_puzzles(". .\r\n\t.  q\r\n")
    assert (caught.value.line, caught.value.column) == (2, 5)


def test_orthogonal_blocks_check_connection_orthogonally() -> None:
    with pytest.raises(PuzzleBookError, match="not connected") as caught:
        parse_puzzles("; kind=numbrix\n. #\n# .")
    assert (caught.value.line, caught.value.column) == (3, 3)


# ---------------------------------------------------------------------------------------- files


def test_read_puzzle_file(tmp_path: Path) -> None:
    path = tmp_path / "p.txt"
    path.write_bytes("\ufeff; title=café\r\n1 .\r\n".encode())
    (item,) = read_puzzle_file(path)
    assert item.meta == {"title": "café"}
    assert item.board.grid == ((1, 0),)


def test_read_puzzle_file_reports_the_file_in_errors(tmp_path: Path) -> None:
    path = tmp_path / "bad.txt"
    path.write_text(". .\n. ?\n")
    with pytest.raises(PuzzleBookError) as caught:
        read_puzzle_file(path)
    assert (caught.value.source, caught.value.line, caught.value.column) == (str(path), 2, 3)


def test_missing_file(tmp_path: Path) -> None:
    with pytest.raises(PuzzleBookError, match="file not found") as caught:
        read_puzzle_file(tmp_path / "nope.txt")
    assert caught.value.source == str(tmp_path / "nope.txt")


def test_folder_instead_of_a_file(tmp_path: Path) -> None:
    with pytest.raises(PuzzleBookError, match="folder") as caught:
        read_puzzle_file(tmp_path)
    assert caught.value.source == str(tmp_path)


def test_file_that_is_not_utf8(tmp_path: Path) -> None:
    path = tmp_path / "latin1.txt"
    path.write_bytes(b". .\n; caf\xe9\n")
    with pytest.raises(PuzzleBookError, match="not UTF-8") as caught:
        read_puzzle_file(path)
    assert (caught.value.source, caught.value.line) == (str(path), 2)


# ---------------------------------------------------------------------------------------- writing


def test_tokens_are_right_aligned_to_the_widest() -> None:
    grid: Grid = ((1, 0, None), (12, 0, 0))
    assert format_grid(grid) == " 1  .  #\n12  .  .\n"
    assert format_grid(((None, 3), (0,))) == "# 3\n. #\n"


def test_format_puzzle_states_a_non_king_adjacency() -> None:
    board = Board(((0, 1),), "orthogonal")
    assert format_puzzle(board, {"seed": "3"}) == "; seed=3 adjacency=orthogonal\n. 1\n"
    assert format_puzzle(board, {"kind": "numbrix"}) == "; kind=numbrix\n. 1\n"
    assert format_puzzle(Board(((0, 1),))) == ". 1\n"


@pytest.mark.parametrize(
    ("meta", "message"),
    [
        ({"two words": "x"}, "cannot be written"),
        ({"k": "a b"}, "cannot be written"),
        ({"k": ""}, "cannot be written"),
        ({"role": "solution"}, "reserved"),
        ({"kind": "numbrix"}, "metadata says orthogonal adjacency but the board is king"),
        ({"adjacency": "triangular"}, "unknown adjacency"),
    ],
)
def test_format_puzzle_refuses_metadata_it_could_not_read_back(meta: dict[str, str], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        format_puzzle(Board(((0, 1),)), meta)


def test_format_puzzles_writes_solution_blocks() -> None:
    items = [PuzzleText(Board(((0, 2),)), {"n": "1"}, ((1, 2),)), PuzzleText(Board(((1,),)))]
    assert format_puzzles(items) == "; n=1\n. 2\n\n; role=solution\n1 2\n\n1\n"


# ---------------------------------------------------------------------------------------- round trips


def _keep_connected_part(grid: list[list[int | None]], adjacency: Adjacency) -> None:
    """Block every open cell outside the connected part holding the first open cell."""
    board = Board.from_rows(grid, adjacency)
    cells = board.open_cells()
    seen = set(cells[:1])
    todo = cells[:1]
    while todo:
        for nb in board.neighbours(todo.pop()):
            if nb not in seen:
                seen.add(nb)
                todo.append(nb)
    for r, c in cells:
        if (r, c) not in seen:
            grid[r][c] = None


RESERVED = {"role", "kind", "adjacency"}


@st.composite
def puzzle_texts(draw: st.DrawFn) -> PuzzleText:
    height, width = draw(st.integers(1, 5)), draw(st.integers(1, 5))
    grid = [[0 if draw(st.booleans()) else None for _ in range(width)] for _ in range(height)]
    grid[draw(st.integers(0, height - 1))][draw(st.integers(0, width - 1))] = 0
    adjacency = draw(st.sampled_from(ADJACENCIES))
    _keep_connected_part(grid, adjacency)
    cells = [(r, c) for r in range(height) for c in range(width) if grid[r][c] is not None]
    numbers = draw(st.permutations(range(1, len(cells) + 1)))
    solution = [row[:] for row in grid]
    for (r, c), number in zip(cells, numbers):
        solution[r][c] = number
        if draw(st.booleans()):
            grid[r][c] = number
    keys = st.builds(str.__add__, st.sampled_from("aksz"), st.text("ei09_.-", max_size=5))
    values = st.text(st.characters(min_codepoint=0x21, max_codepoint=0x7E), min_size=1, max_size=8)
    meta = draw(st.dictionaries(keys.filter(lambda k: k not in RESERVED), values, max_size=4))
    if adjacency != "king":
        meta["adjacency"] = adjacency
    board = Board(tuple(map(tuple, grid)), adjacency)
    return PuzzleText(board, meta, tuple(map(tuple, solution)) if draw(st.booleans()) else None)


@settings(max_examples=60, deadline=None)
@given(st.lists(puzzle_texts(), min_size=1, max_size=4))
@pytest.mark.slow  # hypothesis, 60 lists of puzzles
def test_format_then_parse_gives_the_same_puzzles(items: list[PuzzleText]) -> None:
    parsed = parse_puzzles(format_puzzles(items))
    assert [(p.board, p.meta, p.solution) for p in parsed] == [(p.board, p.meta, p.solution) for p in items]


@settings(max_examples=60, deadline=None)
@given(st.lists(puzzle_texts(), min_size=1, max_size=4))
@pytest.mark.slow  # hypothesis, 60 lists of puzzles
def test_canonical_text_parses_and_formats_to_itself(items: list[PuzzleText]) -> None:
    text = format_puzzles(items)
    parsed = parse_puzzles(text)
    assert format_puzzles(parsed) == text
    lines = text.split("\n")
    assert all(lines[p.line - 1] and (p.line == 1 or not lines[p.line - 2]) for p in parsed)
