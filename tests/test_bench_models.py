"""The bench's outside model and its report: CP-SAT must count like the corpus says, and a tiny plan
must run end to end into a table with the promised columns. No timings are asserted."""

from __future__ import annotations

import io

import pytest

from bench import table
from bench.corpus import load_corpus, record_board
from bench.run import Plan, run


def small_records() -> list[dict]:
    """The two smallest corpus records of every (adjacency, count) class: 0, 1 and 2 solutions."""
    by_class: dict[tuple[str, int], list[dict]] = {}
    for record in load_corpus():
        if record["num_solutions"] is None:
            continue
        by_class.setdefault((record["adjacency"], record["num_solutions"]), []).append(record)
    picked = []
    for key in sorted(by_class):
        picked += sorted(by_class[key], key=lambda r: (record_board(r).size, r["id"]))[:2]
    return picked


def test_small_records_cover_every_class() -> None:
    classes = {(r["adjacency"], r["num_solutions"]) for r in small_records()}
    assert {("king", 0), ("king", 1), ("king", 2), ("orthogonal", 1), ("orthogonal", 2)} <= classes


@pytest.mark.slow
@pytest.mark.parametrize("record", small_records(), ids=lambda r: r["id"])
def test_cpsat_model_counts_like_the_corpus(record: dict) -> None:
    pytest.importorskip("ortools")
    from bench.cpsat import solve_cpsat

    result = solve_cpsat(record_board(record), limit=2)
    assert result.complete
    assert result.count == record["num_solutions"]


@pytest.mark.slow
def test_cpsat_model_stops_at_the_limit() -> None:
    pytest.importorskip("ortools")
    from bench.cpsat import count_solutions_cpsat
    from pipeline.kinds.hidato.board import Board

    open_3x3 = Board.from_rows([[0, 0, 0], [0, 0, 0], [0, 0, 0]], "king")
    assert count_solutions_cpsat(open_3x3, limit=1) == 1
    assert count_solutions_cpsat(open_3x3, limit=5) == 5


def test_tiny_plan_runs_end_to_end() -> None:
    plan = Plan(
        sizes=(6,), shapes=(), levels=("easy",), seeds=2,
        corpus_max=2, own_sizes=(6,), own_level="easy",
    )
    report = run(plan, write=False, out=io.StringIO(), err=io.StringIO())
    lines = report.splitlines()
    assert table.markdown_row(table.ENGINE_COLUMNS) in lines
    rows = [line for line in lines if line.startswith("| square 6x6 ")]
    assert {row.split(" | ")[1] for row in rows} == {"hidato", "numbrix"}
    assert all(row.split(" | ")[3] == "2" for row in rows)
    assert "targets missed:" in report
    try:
        import ortools  # noqa: F401
    except ImportError:
        assert "comparison is skipped" in report
    else:
        assert table.markdown_row(table.COMPARE_COLUMNS) in lines
        assert any(line.startswith("| ours square 6x6 hidato easy | 2 |") for line in lines)
        assert any(line.startswith("| corpus numbrix >= 8x8 | 2 |") for line in lines)


@pytest.mark.slow
def test_tiny_sudoku_section_runs_end_to_end() -> None:
    from bench import sudoku

    records = [r for r in sudoku.load_records() if r["id"].startswith("norvig-hardest-")][:2]
    records += [r for r in sudoku.load_records() if r["num_solutions"] == 0][:1]
    plan = sudoku.SudokuPlan(seeds_9=2, seeds_16=0, levels_9=("easy",), levels_16=(), repeats=1)
    report = sudoku.run(plan, write=False, out=io.StringIO(), err=io.StringIO(), records=records)
    lines = report.splitlines()
    assert table.markdown_row(sudoku.PROOF_COLUMNS) in lines
    assert table.markdown_row(sudoku.GEN_COLUMNS) in lines
    proofs = [line.split(" | ") for line in lines if line.startswith("| norvig-hardest |")]
    assert [(row[2], row[3]) for row in proofs] == [("1", "2")]
    assert proofs[0][-1].rstrip(" |") in {"PASS", "MISS"}  # a target row; no timing is asserted
    unsolvable = [line for line in lines if line.startswith("| tdoku-test | 9x9 | 0 | 1 |")]
    assert len(unsolvable) == 1 and "BUG" not in unsolvable[0]
    generated = [line.split(" | ") for line in lines if line.startswith("| 9x9 | easy |")]
    assert len(generated) == 1 and generated[0][3] == "2" and generated[0][8] == "easy 2"
    assert "sudoku targets missed:" in report


@pytest.mark.slow
def test_cpsat_model_counts_hex_boards_like_our_solver() -> None:
    """The CP-SAT model reads adjacency from the board, so hex boards get the six axial moves."""
    pytest.importorskip("ortools")
    from bench.cpsat import count_solutions_cpsat
    from pipeline.kinds.hidato.board import Board
    from pipeline.kinds.hidato.solve import solve

    boards = [
        Board.from_rows([[0, 0, 0], [0, 0, 0]], "hex"),
        Board.from_rows([[None, 1, 0], [0, 0, 0], [0, 7, None]], "hex"),
        Board.from_rows([[1, 0, 0], [0, None, 0], [0, 0, 8]], "hex"),
        Board.from_rows([[1, None, 0], [0, 0, None]], "hex"),
    ]
    for board in boards:
        assert count_solutions_cpsat(board, limit=5) == len(solve(board, limit=5).solutions)


@pytest.mark.slow
def test_tiny_hex_plan_runs_end_to_end() -> None:
    from bench import hexbench

    out = io.StringIO()
    rows = hexbench.run(2, "hexagon 5 hexhidato (easy|expert)", write=False, out=out, err=io.StringIO())
    report = out.getvalue()
    assert table.markdown_row(hexbench.COLUMNS) in report.splitlines()
    assert [row.result.case.level for row in rows] == ["easy", "expert"]
    assert all(row.result.n == 2 and not row.result.not_unique and not row.result.off_level for row in rows)
    assert "targets missed:" in report


@pytest.mark.slow
def test_the_word_search_bench_runs_ours_and_the_peer_on_the_same_words() -> None:
    pytest.importorskip("word_search_generator")
    from bench.wordsearch import Row, measure

    result = measure(Row("square 10x10 hard, 8 words", "square:10", "hard", "animals", 8, 3, 0.05, 10))
    assert len(result.ours) == len(result.peer) == 3
    assert result.ours_twice == 0
    assert 0 <= result.peer_twice <= 3 and 0 <= result.peer_left_out <= 3
