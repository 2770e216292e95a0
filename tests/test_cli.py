"""The `puzzlebook` command line, run in-process through main() on small boards.

Checks what a user sees: outputs, JSON Lines keys and grid conventions, exit codes, and that user
mistakes give one `puzzlebook: error:` line and never a traceback.
"""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from pipeline import shapes
from pipeline.cli import main
from pipeline.kinds.hidato import hexshapes
from pipeline.kinds import registry
from pipeline.kinds.hidato.board import Board, is_solution
from pipeline.kinds.hidato.textformat import parse_puzzles, read_puzzle_file

Capture = pytest.CaptureFixture[str]
COMMANDS = ("generate", "solve", "show", "verify", "grade", "shapes", "build", "schema")
META_KEYS = ("kind", "adjacency", "shape", "size", "seed", "difficulty", "level", "givens", "cells",
             "givens_ratio", "search_nodes", "attempts")

UNIQUE = "; note=unique\n1 . #\n# 3 .\n"
"""2 must sit between 1 and 3, then 4 in the last cell: one solution, with blocked cells."""
TWO_WAYS = "1 .\n. 4\n"
"""King moves: 2 and 3 fill the other diagonal in either order. Orthogonal moves: no solution."""
NO_WAY = "1 3 .\n"


def run(capsys: Capture, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def write(tmp_path: Path, text: str, name: str = "p.txt") -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def assert_user_error(code: int, err: str, *needles: str) -> None:
    assert code == 2
    assert "puzzlebook: error: " in err
    assert "Traceback" not in err
    for needle in needles:
        assert needle in err


@pytest.fixture(scope="module")
def book(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Two easy 5x5 Hidato puzzles (seeds 3 and 4) with their solution blocks."""
    path = tmp_path_factory.mktemp("book") / "square.txt"
    argv = ["generate", "--shape", "square", "--size", "5", "--difficulty", "easy", "--seed", "3",
            "--count", "2", "--solutions", "-o", str(path)]
    assert main(argv) == 0
    return path


# ---------------------------------------------------------------- help


def test_module_entry_point_prints_help() -> None:
    argv = [sys.executable, "-m", "pipeline", "--help"]
    done = subprocess.run(argv, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0
    assert all(command in done.stdout for command in COMMANDS)


@pytest.mark.parametrize("command", COMMANDS)
def test_every_command_has_help_with_an_example(capsys: Capture, command: str) -> None:
    code, out, _ = run(capsys, command, "--help")
    assert code == 0
    assert "example:" in out and f"puzzlebook {command}" in out


def test_no_command_is_a_usage_error(capsys: Capture) -> None:
    code, _, err = run(capsys)
    assert_user_error(code, err)


# ---------------------------------------------------------------- generate


def test_generate_writes_puzzles_with_metadata_and_solution_blocks(book: Path) -> None:
    puzzles = read_puzzle_file(book)
    assert [p.meta["seed"] for p in puzzles] == ["3", "4"]
    for item in puzzles:
        assert tuple(item.meta) == META_KEYS
        assert item.meta["kind"] == "hidato" and item.meta["shape"] == "square" and item.meta["size"] == "5"
        assert item.meta["difficulty"] == item.meta["level"] == "easy"
        assert item.solution is not None and is_solution(item.board, item.solution)


def test_generate_seed_plus_index_reproduces_each_puzzle_alone(capsys: Capture, book: Path) -> None:
    code, out, _ = run(capsys, "generate", "--size", "5", "--difficulty", "easy", "--seed", "4")
    assert code == 0
    alone = parse_puzzles(out)
    assert len(alone) == 1
    second = read_puzzle_file(book)[1]
    assert alone[0].board == second.board and alone[0].meta == second.meta


def test_generate_json_lines(capsys: Capture) -> None:
    code, out, _ = run(capsys, "generate", "--shape", "cross", "--size", "7", "--count", "2", "--json")
    assert code == 0
    records = [json.loads(line) for line in out.splitlines()]
    assert [r["seed"] for r in records] == [1, 2]
    for record in records:
        keys = {"kind", "adjacency", "shape", "seed", "difficulty", "grid", "solution", "grade", "attempts"}
        assert keys <= set(record)
        assert (record["kind"], record["adjacency"], record["shape"]) == ("hidato", "king", "cross")
        cells = [cell for row in record["grid"] for cell in row]
        assert None in cells and 0 in cells and all(cell is None or isinstance(cell, int) for cell in cells)
        board = Board.from_json(record["grid"])
        assert is_solution(board, Board.from_json(record["solution"]).grid)
        assert {"level", "givens_ratio", "search_nodes"} <= set(record["grade"])


def test_generate_numbrix(capsys: Capture) -> None:
    code, out, _ = run(capsys, "generate", "--size", "5", "--difficulty", "easy", "--kind", "numbrix", "--json")
    assert code == 0
    record = json.loads(out)
    assert (record["kind"], record["adjacency"], record["difficulty"]) == ("numbrix", "orthogonal", "easy")


def test_generate_records_the_size_a_shape_chose(capsys: Capture) -> None:
    code, out, _ = run(capsys, "generate", "--shape", "cross", "--arm", "3", "--difficulty", "easy")
    assert code == 0
    assert parse_puzzles(out)[0].meta["size"] == "9" and parse_puzzles(out)[0].meta["arm"] == "3"


def test_generate_output_file_is_untouched_on_error(capsys: Capture, tmp_path: Path) -> None:
    fresh, kept = tmp_path / "fresh.txt", tmp_path / "kept.txt"
    kept.write_text("old\n")
    for target in (fresh, kept):
        code, _, err = run(capsys, "generate", "--shape", "no-such-shape", "-o", str(target))
        assert_user_error(code, err, "no-such-shape")
    assert not fresh.exists()
    assert kept.read_text() == "old\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["kept.txt"]


def test_generate_into_missing_folder_is_a_user_error(capsys: Capture, tmp_path: Path) -> None:
    target = str(tmp_path / "no" / "x.txt")
    code, _, err = run(capsys, "generate", "--size", "4", "--difficulty", "easy", "-o", target)
    assert_user_error(code, err, "cannot write")


@pytest.mark.parametrize(
    "argv, needle",
    [
        (["generate", "--difficulty", "impossible"], "--difficulty"),
        (["generate", "--count", "0"], "--count"),
        (["generate", "--size", "nine"], "--size"),
        (["generate", "--shape", "no-such-shape"], "no-such-shape"),
        (["solve", "x.txt", "--limit", "-1"], "--limit"),
    ],
)
def test_bad_flag_values_exit_2(capsys: Capture, argv: list[str], needle: str) -> None:
    code, _, err = run(capsys, *argv)
    assert_user_error(code, err, needle)


# ---------------------------------------------------------------- solve


def test_solve_prints_the_solution_and_says_unique(capsys: Capture, tmp_path: Path) -> None:
    code, out, _ = run(capsys, "solve", write(tmp_path, UNIQUE))
    assert code == 0
    assert out.splitlines()[0] == "puzzle 1 (line 1): unique (0 search nodes)"
    assert "1 2 #\n# 3 4" in out


def test_solve_reports_multiple_and_none(capsys: Capture, tmp_path: Path) -> None:
    code, out, _ = run(capsys, "solve", write(tmp_path, TWO_WAYS + "\n" + NO_WAY))
    assert code == 0
    assert "puzzle 1 (line 1): multiple (at least 2 solutions)\n" in out
    assert "solution 1:\n1 2\n3 4\nsolution 2:\n1 3\n2 4\n" in out
    assert "puzzle 2 (line 4): none" in out
    code, out, _ = run(capsys, "solve", write(tmp_path, TWO_WAYS), "--limit", "3")
    assert out.startswith("puzzle 1 (line 1): multiple (2 solutions)\n")


def test_solve_limit_prints_at_most_n(capsys: Capture, tmp_path: Path) -> None:
    code, out, _ = run(capsys, "solve", write(tmp_path, ". . . .\n"), "--limit", "1")
    assert code == 0
    assert "multiple (at least 2 solutions)" in out
    assert "solution 1:" not in out and len(out.splitlines()) == 2


def test_solve_json_lines(capsys: Capture, tmp_path: Path) -> None:
    code, out, _ = run(capsys, "solve", write(tmp_path, UNIQUE + "\n" + TWO_WAYS), "--json")
    assert code == 0
    first, second = (json.loads(line) for line in out.splitlines())
    assert {"index", "status", "solutions"} <= set(first)
    assert (first["index"], first["status"]) == (1, "unique")
    assert first["solutions"] == [[[1, 2, None], [None, 3, 4]]]
    assert (second["index"], second["status"], len(second["solutions"])) == (2, "multiple", 2)


def test_node_limit_can_leave_the_status_unknown(capsys: Capture, tmp_path: Path) -> None:
    open_board = write(tmp_path, "\n".join(" ".join(["."] * 6) for _ in range(6)).replace(".", "1", 1) + "\n")
    code, out, _ = run(capsys, "solve", open_board, "--node-limit", "1", "--limit", "99")
    assert code == 0
    assert out == "puzzle 1 (line 1): unknown (the node limit of 1 stopped the search; 0 solutions found)\n"
    code, out, _ = run(capsys, "verify", open_board, "--node-limit", "1")
    assert code == 1 and out.startswith("puzzle 1 (line 1): unknown")
    record = json.loads(run(capsys, "solve", write(tmp_path, TWO_WAYS), "--node-limit", "1", "--json")[1])
    assert record["status"] == "multiple"


def test_adjacency_metadata_and_numbrix_flag(capsys: Capture, tmp_path: Path) -> None:
    plain = write(tmp_path, TWO_WAYS, "plain.txt")
    tagged = write(tmp_path, "; adjacency=orthogonal\n" + TWO_WAYS, "tagged.txt")
    status = lambda *argv: json.loads(run(capsys, "solve", *argv, "--json")[1])["status"]  # noqa: E731
    assert status(plain) == "multiple"
    assert status(plain, "--kind", "numbrix") == "none"
    assert status(tagged) == "none"


def test_solve_reads_standard_input(capsys: Capture, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(UNIQUE))
    code, out, _ = run(capsys, "solve", "-")
    assert code == 0 and "unique" in out


# ---------------------------------------------------------------- verify


def test_verify_generated_file_with_solutions_passes(capsys: Capture, book: Path) -> None:
    code, out, _ = run(capsys, "verify", str(book))
    assert code == 0
    assert out.splitlines() == [
        "puzzle 1 (line 1): unique, matches its solution block",
        "puzzle 2 (line 15): unique, matches its solution block",
        "2 puzzles verified",
    ]


def test_verify_catches_a_tampered_solution_block(capsys: Capture, book: Path, tmp_path: Path) -> None:
    puzzles = read_puzzle_file(book)
    solution = puzzles[0].solution
    assert solution is not None
    # Swap two numbers the puzzle leaves empty: still well-formed, no longer the solution.
    grid = puzzles[0].board.grid
    empty = [solution[r][c] for r, row in enumerate(grid) for c, v in enumerate(row) if v == 0]
    a, b = str(empty[0]), str(empty[1])
    text = book.read_text().split("; role=solution", 1)
    head, rest = text[0], text[1].split("\n\n", 1)
    swapped = " ".join(b if t == a else a if t == b else t for t in rest[0].split(" "))
    tampered = write(tmp_path, head + "; role=solution" + swapped + "\n\n" + rest[1])
    code, out, _ = run(capsys, "verify", tampered)
    assert code == 1
    assert "puzzle 1 (line 1): unique, but its solution block differs" in out
    assert "puzzle 2 (line 15): unique, matches its solution block" in out


def test_verify_fails_on_two_solutions(capsys: Capture, tmp_path: Path) -> None:
    code, out, _ = run(capsys, "verify", write(tmp_path, UNIQUE + "\n" + TWO_WAYS))
    assert code == 1
    assert out.splitlines() == ["puzzle 1 (line 1): unique", "puzzle 2 (line 5): multiple solutions",
                                "1 of 2 puzzles failed"]


# ---------------------------------------------------------------- grade, show, shapes, build


def test_grade_text_and_json(capsys: Capture, book: Path) -> None:
    code, out, _ = run(capsys, "grade", str(book))
    assert code == 0
    assert out.startswith("puzzle 1 (line 1): level=easy ") and "search_nodes=" in out
    code, out, _ = run(capsys, "grade", str(book), "--json")
    records = [json.loads(line) for line in out.splitlines()]
    assert [r["index"] for r in records] == [1, 2]
    assert all({"level", "givens_ratio", "givens", "cells", "search_nodes"} <= set(r) for r in records)
    assert [r["level"] for r in records] == [p.meta["level"] for p in read_puzzle_file(book)]


def test_grade_refuses_an_ambiguous_puzzle_but_grades_the_rest(capsys: Capture, tmp_path: Path) -> None:
    code, out, err = run(capsys, "grade", write(tmp_path, TWO_WAYS + "\n" + UNIQUE), "--json")
    assert_user_error(code, err, "puzzle 1 (line 1)", "multiple")
    assert [json.loads(line)["index"] for line in out.splitlines()] == [2]


def test_show_frames_each_puzzle_under_a_header(capsys: Capture, tmp_path: Path) -> None:
    code, out, _ = run(capsys, "show", write(tmp_path, UNIQUE + "\n" + TWO_WAYS))
    assert code == 0
    header = "Puzzle 1 of 2 (line 1): hidato, 3x2, 4 cells, 2 givens\n  note=unique\n"
    assert header + "  +-------+\n  | 1 .   |\n  |   3 . |\n  +-------+\n" in out
    assert "Puzzle 2 of 2 (line 5)" in out


def test_show_solutions(capsys: Capture, book: Path) -> None:
    code, out, _ = run(capsys, "show", str(book), "--solutions")
    assert code == 0
    assert out.count("solution:") == 2 and "shape=square size=5 seed=3" in out


def test_shapes_lists_every_shape_with_a_preview(capsys: Capture) -> None:
    code, out, _ = run(capsys, "shapes")
    assert code == 0
    own = [name for kind in registry.KINDS for name in kind.own_shapes() if name not in hexshapes.hex_shape_names()]
    names = [*shapes.shape_names(), *hexshapes.hex_shape_names(), *own]
    assert own == ["round"]
    for name in names:
        assert f"\n{name}: " in "\n" + out
    assert out.count("open cells") == len(names)
    assert out.count("parameters:") == len(names)
    assert out.count("(Hex Hidato and Maze only)") == len(hexshapes.hex_shape_names())
    assert out.count("(Maze only)") == 1


def test_shapes_previews_one_shape_with_parameters(capsys: Capture) -> None:
    code, out, _ = run(capsys, "shapes", "square", "--size", "4")
    assert code == 0
    assert out.startswith("square: 16 open cells in 4x4 with size=4 (Hidato, Numbrix and Maze only)\n"), \
        "a 4x4 board is too small for a word search (8 to 30 cells a side)"
    assert "\n  parameters: --size, --width, --height\n" in out


# ---------------------------------------------------------------- user mistakes


@pytest.mark.parametrize("command", ["solve", "show", "verify", "grade"])
def test_missing_file_is_a_user_error(capsys: Capture, tmp_path: Path, command: str) -> None:
    missing = str(tmp_path / "missing.txt")
    code, out, err = run(capsys, command, missing)
    assert_user_error(code, err, missing)
    assert out == ""


def test_bad_token_names_its_line_and_column(capsys: Capture, tmp_path: Path) -> None:
    path = write(tmp_path, "1 . .\n. ? .\n")
    code, _, err = run(capsys, "solve", path)
    assert_user_error(code, err, f"{path}, line 2, column 3:", "'?'")
    assert len(err.strip().splitlines()) == 1


def test_empty_file_is_a_user_error(capsys: Capture, tmp_path: Path) -> None:
    code, _, err = run(capsys, "verify", write(tmp_path, "; just a comment\n"))
    assert_user_error(code, err, "no puzzles")


def test_interrupt_exits_130_quietly(capsys: Capture, monkeypatch: pytest.MonkeyPatch) -> None:
    class Interrupted(io.StringIO):
        def read(self, *args: object) -> str:
            raise KeyboardInterrupt

    monkeypatch.setattr(sys, "stdin", Interrupted())
    code, out, err = run(capsys, "solve", "-")
    assert (code, out, err) == (130, "", "")


def test_written_file_has_ordinary_permissions(tmp_path: Path) -> None:
    path = tmp_path / "p.txt"
    assert main(["generate", "--size", "4", "--difficulty", "easy", "-o", str(path)]) == 0
    umask = os.umask(0)
    os.umask(umask)
    assert path.stat().st_mode & 0o777 == 0o666 & ~umask
