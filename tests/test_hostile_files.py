"""Hostile puzzle files and flags: refused at once with file, line and column, or answered within a
budget ("unknown"), never a traceback, a hang or a runaway in memory.

The heavy cases run the real command in a subprocess limited to 1 GB of address space and a timeout,
as a user would meet them; the rest run in this process.
"""

from __future__ import annotations

import json
import os

import resource
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pipeline import native
from pipeline.cli import main
from pipeline.grids import MAX_SIDE, MAX_SQUARE
from pipeline.kinds.hidato import logic, probe
from pipeline.kinds.hidato.board import Board
from pipeline.kinds.hidato.grade import grade
from pipeline.kinds.hidato.logic import solve_logically

GIGABYTE = 1 << 30
DATA = Path(__file__).parent / "data"


def empty_board(side: int) -> str:
    return "\n".join(" ".join(["."] * side) for _ in range(side)) + "\n"


def run_limited(*argv: str, cwd: Path, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    """The command line in a process that may not grow past 1 GB."""

    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (GIGABYTE, GIGABYTE))

    return subprocess.run([sys.executable, "-m", "pipeline", *argv], cwd=cwd, capture_output=True, text=True,
                          timeout=timeout, preexec_fn=limit)


def user_error(code: int, err: str, *needles: str) -> None:
    assert code == 2 and err.startswith("puzzlebook: error: ") and "Traceback" not in err
    assert len(err.strip().splitlines()) == 1
    for needle in needles:
        assert needle in err


@pytest.mark.slow
@pytest.mark.parametrize("command", [["solve"], ["verify", "--node-limit", "5000"]])
def test_an_empty_40x40_board_is_answered_within_memory(tmp_path: Path, command: list[str]) -> None:
    (tmp_path / "empty.txt").write_text(empty_board(MAX_SQUARE), encoding="utf-8")
    done = run_limited(command[0], "empty.txt", *command[1:], cwd=tmp_path)
    assert "Traceback" not in done.stderr and done.returncode in (0, 1)
    assert done.stdout.startswith("puzzle 1 (line 1): multiple")


@pytest.mark.slow
def test_grading_an_open_board_stops_within_its_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    """An empty board has many solutions: trial spends its whole budget (here a small one), remembers
    no more probes than it has room for, and grading then says the board has several solutions.

    It watches calls between the solver's modules, which compiled code makes without looking the
    names up: so where they are compiled, the test runs again in a process that imports their sources.
    """
    if native.is_compiled(logic):
        test = f"{__file__}::test_grading_an_open_board_stops_within_its_budget"
        done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", test],
                              env={**os.environ, native.SWITCH: "0"}, capture_output=True, text=True, check=False)
        assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]  # (5 if it collected nothing)
        return
    board = Board.from_rows([[0] * 12 for _ in range(12)])
    monkeypatch.setattr(probe, "WORK", 20_000)
    rooms: list[tuple[int, int]] = []
    real_fails = probe.fails

    def watched(probes: probe.Probes, *args: object, **kwargs: object) -> bool | None:
        rooms.append((len(probes.held), probes.room))
        return real_fails(probes, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr("pipeline.kinds.hidato.logic.fails", watched)
    outcome = solve_logically(board)
    assert outcome.exhausted and not outcome.solved and not outcome.contradiction
    assert rooms and len(rooms) <= 20_000 // 144 and all(held <= room for held, room in rooms)
    with pytest.raises(Exception, match="exactly one solution"):
        grade(board)


def test_a_board_too_large_is_refused_at_its_first_cell_too_many(tmp_path: Path,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    """At most 100 cells on a side and 1600 in all (rows times the widest row), refused where the
    file first passes either, however much more it holds."""
    wide = tmp_path / "wide.txt"
    wide.write_text(" ".join(["."] * 200) + "\n", encoding="utf-8")
    user_error(main(["solve", str(wide)]), capsys.readouterr().err, f"{wide}, line 1, column 201", "at most 100 cells wide")
    tall = tmp_path / "tall.txt"
    tall.write_text(".\n" * 150, encoding="utf-8")
    user_error(main(["grade", str(tall)]), capsys.readouterr().err, f"{tall}, line 101, column 1", "at most 100 rows tall")
    square = tmp_path / "square.txt"
    square.write_text(empty_board(41), encoding="utf-8")
    user_error(main(["verify", str(square)]), capsys.readouterr().err, f"{square}, line 40, column 1",
               "at most 1600 cells", "40 x 41 = 1640")
    strip = tmp_path / "strip.txt"
    strip.write_text(empty_board(16).replace(" .\n", " ." + " ." * 84 + "\n") + ". " * 101, encoding="utf-8")
    user_error(main(["show", str(strip)]), capsys.readouterr().err, f"{strip}, line 17, column 1", "17 x 100 = 1700")


def test_long_strips_within_the_area_are_read(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The published 3x50 and 4x46 Rosetta Code boards (in the shared corpus) read from a file and prove
    unique, and a 16 x 100 board (the most cells a side of 100 allows) reads too."""
    corpus = [json.loads(line) for line in (DATA / "hidato.jsonl").read_text().splitlines() if line.strip()]
    strips = [r for r in corpus if r["id"] in ("rosetta-hidato-snake-in-the-grass-3x50", "rosetta-hidato-phix-board6-4x46")]
    assert len(strips) == 2
    text = "\n".join("; kind=hidato\n" + "\n".join(row.replace(" 0", " .") for row in r["grid"]) + "\n" for r in strips)
    path = tmp_path / "strips.txt"
    path.write_text(text, encoding="utf-8")
    assert main(["verify", str(path)]) == 0
    assert "2 puzzles verified" in capsys.readouterr().out
    wide = tmp_path / "wide.txt"
    wide.write_text(empty_board(16).replace(" .\n", " ." + " ." * 84 + "\n"), encoding="utf-8")
    assert main(["show", str(wide)]) == 0


@pytest.mark.parametrize("text, where", [
    ("1 . 9" + "9" * 5000 + "\n", "line 1, column 5"),
    ("; kind=sudoku\n" + " ".join(["."] * 8 + ["1" * 5000]) + "\n" + ("\n".join([" ".join(["."] * 9)] * 8)) + "\n",
     "line 2, column 17"),
])
def test_a_number_of_thousands_of_digits_is_refused_where_it_stands(text: str, where: str, tmp_path: Path,
                                                                   capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "digits.txt"
    path.write_text(text, encoding="utf-8")
    user_error(main(["show", str(path)]), capsys.readouterr().err, f"{path}, {where}", "digits")


def test_shape_flags_obey_the_same_limits_as_a_config(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "shapes").mkdir()
    (tmp_path / "shapes" / "huge.txt").write_text(empty_board(200), encoding="utf-8")
    user_error(main(["generate", "--shape", "huge"]), capsys.readouterr().err, "at most 100 cells wide")
    user_error(main(["shapes", "huge"]), capsys.readouterr().err, "at most 100 cells wide")
    user_error(main(["generate", "--shape", ""]), capsys.readouterr().err, "unknown shape ''")
    user_error(main(["generate", "--size", "41"]), capsys.readouterr().err, "from 2 to 40")


def test_a_file_too_large_to_be_a_puzzle_file_is_refused_unread(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr("pipeline.textfile.MAX_FILE_BYTES", 1000)
    big = tmp_path / "big.txt"
    big.write_text("1 . 4\n\n" * 200, encoding="utf-8")
    user_error(main(["verify", str(big)]), capsys.readouterr().err, str(big), "larger than")


TOKENS = st.sampled_from([".", "#", "0", "_", "x", "1", "2", "7", "99", "1600", "1601", "00001", "9" * 30, "?", ";c",
                          "A", "G", "16", "26"])


@pytest.mark.slow
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                HealthCheck.function_scoped_fixture])
@given(rows=st.lists(st.lists(TOKENS, min_size=1, max_size=10), min_size=1, max_size=10),
       meta=st.sampled_from(["", "; kind=numbrix\n", "; kind=sudoku\n", "; adjacency=king\n"]),
       command=st.sampled_from(["solve", "verify", "grade", "show"]))
def test_odd_puzzle_files_answer_or_refuse_never_crash(rows: list[list[str]], meta: str, command: str,
                                                       tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "odd.txt"
    path.write_text(meta + "\n".join(" ".join(row) for row in rows) + "\n", encoding="utf-8")
    budget = ["--node-limit", "200"] if command in ("solve", "verify") else []
    code = main([command, str(path), *budget])
    err = capsys.readouterr().err
    assert code in (0, 1, 2) and "Traceback" not in err
    if code == 2:
        assert all(line.startswith("puzzlebook: error: ") for line in err.strip().splitlines())
