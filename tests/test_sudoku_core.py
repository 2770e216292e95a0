"""Sudoku core: the grid checks, the solver against published answers and a brute-force reference,
and the text formats (exact round trips, every mistake located by line and column)."""

from __future__ import annotations

import itertools
import json
from functools import cache
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pipeline.errors import PuzzleBookError
from pipeline.kinds.sudoku.grid import (
    Sudoku,
    SudokuError,
    check_sudoku,
    is_solution,
    units,
)
from pipeline.kinds.sudoku.solve import (
    BudgetExceeded,
    at_least,
    fold_plan,
    layout,
    other_solution,
    solve,
)
from pipeline.kinds.sudoku.textformat import (
    SudokuText,
    format_sudokus,
    from_line,
    looks_like_sudoku,
    parse_sudokus,
    read_sudoku_file,
    to_grid_text,
    to_line,
)

CORPUS = [json.loads(line) for line in (Path(__file__).parent / "data" / "sudoku.jsonl").read_text().splitlines()]
STATUS = {0: "none", 1: "unique", 2: "multiple"}


# ------------------------------------------------------------------------------------ reference


@cache
def all_4x4_grids() -> tuple[tuple[int, ...], ...]:
    """Every complete 4x4 Sudoku (there are 288), by trying every row permutation: slow but obviously right."""
    rows = list(itertools.permutations(range(1, 5)))
    grids = []
    for grid_rows in itertools.product(rows, repeat=4):
        cells = tuple(v for row in grid_rows for v in row)
        if all(len({cells[i] for i in unit}) == 4 for unit in units(2)):
            grids.append(cells)
    return tuple(grids)


def reference_solutions(s: Sudoku) -> list[tuple[int, ...]]:
    return [g for g in all_4x4_grids() if all(not v or v == w for v, w in zip(s.cells, g))]


def pattern_grid(box: int) -> tuple[int, ...]:
    """A valid complete grid: row r is the base row shifted by box*(r % box) + r // box."""
    n = box * box
    return tuple((box * (r % box) + r // box + c) % n + 1 for r in range(n) for c in range(n))


@st.composite
def puzzles(draw: st.DrawFn, boxes: tuple[int, ...] = (2, 3, 4)) -> tuple[Sudoku, tuple[int, ...]]:
    """A random subset of a relabelled valid grid, with that grid (its values permuted at random)."""
    box = draw(st.sampled_from(boxes))
    n = box * box
    relabel = draw(st.permutations(range(1, n + 1)))
    full = tuple(relabel[v - 1] for v in pattern_grid(box))
    keep = draw(st.lists(st.booleans(), min_size=n * n, max_size=n * n))
    return Sudoku(box, tuple(v if k else 0 for v, k in zip(full, keep))), full


# ------------------------------------------------------------------------------------ grid


def test_check_sudoku_names_the_unit_and_both_places() -> None:
    cells = [0] * 81
    cells[0] = cells[5] = 7
    with pytest.raises(SudokuError, match=r"7 appears twice in row 1") as err:
        check_sudoku(Sudoku(3, tuple(cells)))
    assert (err.value.cell, err.value.first, err.value.unit) == (5, 0, "row 1")
    cells[5] = 0
    cells[9 * 5] = 7
    with pytest.raises(SudokuError, match=r"7 appears twice in column 1"):
        check_sudoku(Sudoku(3, tuple(cells)))
    cells[9 * 5] = 0
    cells[10] = 7
    with pytest.raises(SudokuError, match=r"7 appears twice in box 1"):
        check_sudoku(Sudoku(3, tuple(cells)))
    with pytest.raises(SudokuError, match="out of range 1..4"):
        check_sudoku(Sudoku(2, (5,) + (0,) * 15))
    with pytest.raises(SudokuError, match="has 16 cells, not 15"):
        check_sudoku(Sudoku(2, (0,) * 15))
    with pytest.raises(SudokuError, match="box size 6"):
        check_sudoku(Sudoku(6, (0,) * 6**4))


def test_accessors_and_is_solution() -> None:
    full = pattern_grid(3)
    s = Sudoku(3, full)
    assert s.size == 9 and s.givens == 81 and s.at(1, 0) == s.row(1)[0] == s.column(0)[1]
    assert sorted(s.box_values(4)) == list(range(1, 10))
    assert is_solution(Sudoku.empty(3), full)
    assert not is_solution(Sudoku(3, (2,) + (0,) * 80), full)  # a given changed
    assert not is_solution(Sudoku.empty(3), full[:-1])
    swapped = (full[1], full[0]) + full[2:]  # rows stay permutations, columns do not
    assert not is_solution(Sudoku.empty(3), swapped)


# ------------------------------------------------------------------------------------ solver


@pytest.mark.parametrize("record", CORPUS, ids=[r["id"] for r in CORPUS])
def test_solver_agrees_with_every_published_record(record: dict) -> None:
    puzzle = from_line(record["puzzle"])
    assert puzzle.size == record["size"]
    result = solve(puzzle, limit=2)
    assert result.status == STATUS[record["num_solutions"]]
    assert all(is_solution(puzzle, sol) for sol in result.solutions)
    if record["solution"] is not None:
        assert result.solutions[0] == from_line(record["solution"]).cells


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(puzzles(boxes=(2,)), st.integers(1, 4))
def test_solver_counts_like_brute_force_on_4x4(case: tuple[Sudoku, tuple[int, ...]], limit: int) -> None:
    puzzle, _ = case
    expected = reference_solutions(puzzle)
    result = solve(puzzle, limit)
    assert len(result.solutions) == min(len(expected), limit)
    assert result.complete == (len(expected) < limit)
    assert set(result.solutions) <= set(expected)


@st.composite
def unsolvable_looking(draw: st.DrawFn) -> Sudoku:
    """Well-formed 4x4 givens placed at random (no repeats in a unit), often with no solution at all."""
    cells = [0] * 16
    for i in draw(st.lists(st.integers(0, 15), max_size=10, unique=True)):
        cells[i] = draw(st.integers(1, 4))
        try:
            check_sudoku(Sudoku(2, tuple(cells)))
        except SudokuError:
            cells[i] = 0
    return Sudoku(2, tuple(cells))


@pytest.mark.slow
@settings(max_examples=200, deadline=None)
@given(st.integers(1, 25), st.integers(1, 7), st.lists(st.integers(0, 3), min_size=80, max_size=80))
def test_a_fold_plan_counts_each_window_position_once(m: int, step: int, seen: list[int]) -> None:
    """Run the plan as its docstring says, on bits that stand for a digit seen at each of 80
    positions; at every start whose window fits, the counts are the plain ones."""
    once = sum(1 << (p * step) for p, v in enumerate(seen) if v)
    odd, steps = fold_plan(m, step)
    window_once, window_twice = once, 0
    count_once, count_twice = (once, 0) if odd else (0, 0)
    for add, shift in steps:
        moved = window_once >> shift
        if add:
            count_twice |= (window_twice >> shift) | (count_once & moved)
            count_once |= moved
        else:
            window_twice |= (window_twice >> shift) | (window_once & moved)
            window_once |= moved
    for start in range(len(seen) - m + 1):
        times = sum(1 for v in seen[start : start + m] if v)
        at = start * step
        assert (count_once >> at & 1, count_twice >> at & 1) == (int(times >= 1), int(times >= 2)), start


@pytest.mark.slow
@settings(max_examples=200, deadline=None)
@given(st.sampled_from((2, 3, 4)), st.data())
def test_at_least_counts_the_candidates_of_every_cell(box: int, data: st.DataObject) -> None:
    lay = layout(box)
    masks = data.draw(st.lists(st.integers(0, lay.digits), min_size=lay.cells, max_size=lay.cells))
    x = sum(mask << (i * lay.width) for i, mask in enumerate(masks))
    for count in range(1, lay.n + 1):
        expected = sum(lay.cell_bit(i) for i, mask in enumerate(masks) if mask.bit_count() >= count)
        assert at_least(x, count, lay) == expected, count


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(unsolvable_looking(), st.integers(1, 3))
def test_solver_counts_like_brute_force_on_random_givens(puzzle: Sudoku, limit: int) -> None:
    expected = reference_solutions(puzzle)
    result = solve(puzzle, limit)
    assert len(result.solutions) == min(len(expected), limit)
    assert result.complete == (len(expected) < limit)
    assert set(result.solutions) <= set(expected)


@settings(max_examples=40, deadline=None)
@given(puzzles(boxes=(3, 4)))
def test_every_solution_is_valid_and_a_hint_changes_nothing_but_speed(
    case: tuple[Sudoku, tuple[int, ...]],
) -> None:
    puzzle, full = case
    plain = solve(puzzle, 2)
    hinted = solve(puzzle, 2, hint=full)
    assert plain.status == hinted.status and plain.status in ("unique", "multiple")
    assert all(is_solution(puzzle, sol) for sol in plain.solutions + hinted.solutions)
    assert hinted.solutions[0] == full
    if plain.status == "unique":
        assert plain.solutions == (full,)


@settings(max_examples=80, deadline=None)
@given(puzzles(boxes=(2, 3)))
def test_other_solution_agrees_with_the_solver(case: tuple[Sudoku, tuple[int, ...]]) -> None:
    """The generator's inner question, asked without the grid checks: is there a second solution?"""
    puzzle, full = case
    other = other_solution(puzzle.box, puzzle.cells, full)
    assert (other is None) == (solve(puzzle, 2).status == "unique")
    if other is not None:
        assert other != full and is_solution(puzzle, other)


@pytest.mark.parametrize("record", [r for r in CORPUS if r["num_solutions"] == 1][::8], ids=lambda r: r["id"])
def test_other_solution_after_taking_clues_out_of_a_unique_puzzle(record: dict) -> None:
    """With `removed`, only the removed cells are searched for a difference (the rest of a unique
    puzzle cannot differ): the verdict must match a full search, for one and two clues taken out."""
    puzzle = from_line(record["puzzle"])
    solution = from_line(record["solution"]).cells
    givens = [i for i, v in enumerate(puzzle.cells) if v]
    for removed in [(i,) for i in givens[:6]] + list(zip(givens[6:12], givens[-6:])):
        cells = list(puzzle.cells)
        for i in removed:
            cells[i] = 0
        try:
            other = other_solution(puzzle.box, cells, solution, 20_000, removed)
        except BudgetExceeded:
            continue
        assert (other is None) == (solve(Sudoku(puzzle.box, tuple(cells)), 2).status == "unique")
        if other is not None:
            assert other != solution and is_solution(Sudoku(puzzle.box, tuple(cells)), other)


def test_node_budget_gives_unknown_never_a_false_claim() -> None:
    hardest = from_line(next(r["puzzle"] for r in CORPUS if r["id"] == "plb-hard20-12"))
    full = solve(hardest)
    assert full.status == "unique" and full.nodes > 10
    assert solve(hardest, node_limit=full.nodes).status == "unique"
    stopped = solve(hardest, node_limit=10)
    assert stopped.status == "unknown" and not stopped.complete and stopped.nodes == 11
    assert all(is_solution(hardest, sol) for sol in stopped.solutions)
    assert solve(Sudoku.empty(3), node_limit=0).status == "unknown"


@pytest.mark.parametrize("box", [2, 3, 4, 5])
def test_empty_grids_of_every_size_have_many_solutions(box: int) -> None:
    result = solve(Sudoku.empty(box), limit=2)
    assert result.status == "multiple"
    assert all(is_solution(Sudoku.empty(box), sol) for sol in result.solutions)


@settings(max_examples=10, deadline=None)
@given(st.permutations(range(1, 26)), st.sets(st.integers(0, 624), max_size=200))
def test_25x25_puzzles_with_many_givens_are_solved_correctly(relabel: list[int], holes: set[int]) -> None:
    full = tuple(relabel[v - 1] for v in pattern_grid(5))
    puzzle = Sudoku(5, tuple(0 if i in holes else v for i, v in enumerate(full)))
    result = solve(puzzle, 2, node_limit=5000)
    assert result.status in ("unique", "multiple")
    assert all(is_solution(puzzle, sol) for sol in result.solutions)
    assert full in result.solutions or result.status == "multiple"
    assert solve(puzzle, 2, hint=full).solutions[0] == full


def test_a_contradiction_found_by_propagation_alone_is_none() -> None:
    # The top-left cell needs 1 or 4 (its row has 2 and 3), but its column holds both.
    puzzle = from_line(".23." + "...." + "1..." + "4...")
    result = solve(puzzle)
    assert (result.status, result.nodes) == ("none", 0)
    assert reference_solutions(puzzle) == []


# ------------------------------------------------------------------------------------ text formats

CANONICAL_LINES = """\
; kind=sudoku seed=3 difficulty=easy
1.3.....2..1....
; role=solution
1234341221434321
..3.4...........
"""

CANONICAL_GRIDS = """\
; kind=sudoku seed=4
1 . 3 .
. . . .
2 . . 1
. . . .

; role=solution
1 2 3 4
3 4 1 2
2 1 4 3
4 3 2 1

. . 3 .
4 . . .
. . . .
. . . .
"""


def test_canonical_one_line_file_reads_and_writes_back_exactly() -> None:
    first, second = parse_sudokus(CANONICAL_LINES)
    assert first.sudoku == Sudoku(2, (1, 0, 3, 0, 0, 0, 0, 0, 2, 0, 0, 1, 0, 0, 0, 0))
    assert first.meta == {"kind": "sudoku", "seed": "3", "difficulty": "easy"}
    assert first.solution == (1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1)
    assert (first.line, first.form, second.line, second.form) == (1, "line", 5, "line")
    assert second.solution is None and second.meta == {}
    assert format_sudokus([first, second]) == CANONICAL_LINES


def test_canonical_grid_file_reads_and_writes_back_exactly() -> None:
    first, second = parse_sudokus(CANONICAL_GRIDS)
    assert first.sudoku == parse_sudokus(CANONICAL_LINES)[0].sudoku
    assert first.solution == parse_sudokus(CANONICAL_LINES)[0].solution
    assert (first.line, first.form, second.line) == (1, "grid", 13)
    assert format_sudokus([first, second]) == CANONICAL_GRIDS
    assert format_sudokus([first, second], form="line") == (
        "; kind=sudoku seed=4\n1.3.....2..1....\n; role=solution\n1234341221434321\n..3.4...........\n"
    )


def test_mixed_forms_separate_grids_by_blank_lines() -> None:
    items = parse_sudokus(CANONICAL_LINES) + parse_sudokus(CANONICAL_GRIDS)
    text = format_sudokus(items)
    assert text == CANONICAL_LINES + "\n" + CANONICAL_GRIDS
    assert [(i.sudoku, i.solution, i.meta, i.form) for i in parse_sudokus(text)] == [
        (i.sudoku, i.solution, i.meta, i.form) for i in items
    ]


def test_lenient_spellings_read_the_same() -> None:
    text = "; a comment\r\n  1030000020010000  \r\n\r\n1 0 3 0\r\n. . . .\n2\t.  . 1\n. . . .\n"
    first, second = parse_sudokus(text)
    assert first.sudoku == second.sudoku == from_line("1.3.....2..1....")
    hexa = "g" + "." * 255
    assert from_line(hexa) == from_line("G" + "0" * 255)
    rows = ["16 " + " ".join(["."] * 15)] + [" ".join(["."] * 16)] * 15
    assert parse_sudokus("\n".join(rows))[0].sudoku == from_line(hexa)


@settings(max_examples=60, deadline=None)
@given(puzzles(), st.booleans(), st.sampled_from(["line", "grid"]))
def test_round_trip_of_random_puzzles(
    case: tuple[Sudoku, tuple[int, ...]], with_solution: bool, form: str
) -> None:
    puzzle, full = case
    item = SudokuText(puzzle, {"seed": "9"}, full if with_solution else None, 1, form)  # type: ignore[arg-type]
    text = format_sudokus([item, item])
    again = parse_sudokus(text)
    expected = (puzzle, {"seed": "9"}, item.solution, form)
    assert [(i.sudoku, i.meta, i.solution, i.form) for i in again] == [expected] * 2
    assert format_sudokus(again) == text
    assert from_line(to_line(puzzle)) == puzzle
    assert parse_sudokus(to_grid_text(puzzle))[0].sudoku == puzzle
    assert looks_like_sudoku(text)


def test_writing_refuses_unreadable_metadata() -> None:
    s = Sudoku.empty(2)
    with pytest.raises(ValueError):
        format_sudokus([SudokuText(s, {"role": "solution"})])
    with pytest.raises(ValueError):
        format_sudokus([SudokuText(s, {"note": "two words"})])
    with pytest.raises(ValueError):
        format_sudokus([SudokuText(s)], form="csv")  # type: ignore[arg-type]


BAD = [
    ("1.3..\n\n" + "." * 80 + "\n", 1, None, "5 characters; a one-line Sudoku has 16, 81, 256 or 625"),
    ("." * 16 + "\n\n" + "." * 80 + "\n", 3, None, "80 characters; a one-line Sudoku has 16, 81, 256 or 625"),
    ("." * 15 + "x\n", 1, 16, "unknown symbol 'x'; allowed: '.' or '0' for empty, 1-4"),
    ("5" + "." * 15, 1, 1, r"value 5 is out of range for a 4x4 Sudoku \(1-4\)"),
    ("G" + "." * 80, 1, 1, r"value G \(16\) is out of range for a 9x9 Sudoku \(1-9\)"),
    ("Q" + "." * 255, 1, 1, "unknown symbol 'Q'"),
    ("  " + "7" + "." * 7 + "7" + "." * 72, 1, 11, r"7 appears twice in row 1 \(also at line 1, column 3\)"),
    ("1...\n1" + "." * 11, 1, None, "4 characters"),
    (". . 1 .\n. . . .\n. . . .\n. . 1 .\n", 4, 5, r"1 appears twice in column 3 \(also at line 1, column 5\)"),
    (". 1 . .\n1 . . .\n. . . .\n. . . .\n", 2, 1, r"1 appears twice in box 1 \(also at line 1, column 3\)"),
    (". . . 10\n. . . .\n. . . .\n. . . .\n", 1, 7, "value 10 is out of range for a 4x4 Sudoku"),
    ("1 2 3\n. . .\n. . .\n", 1, 1, "a grid row of 3 tokens; a Sudoku grid has 4, 9, 16 or 25 in every row"),
    (". . . .\n. . . .\n. . .\n. . . .\n", 3, 1, r"a grid row of 3 tokens, but the first row \(line 1\) has 4"),
    (". . . .\n. . . .\n. . . .\n", 1, 1, "the grid has 3 rows but 4 tokens per row"),
    (". . . .\n" * 5, 5, 1, "a 4x4 grid has 4 rows; this is row 5"),
    ("; kind=hidato\n" + "." * 16, 1, 3, "kind=hidato in a Sudoku file"),
    ("; box=3\n" + "." * 16, 1, 3, r"box=3 but the puzzle below is 4x4 \(box=2\)"),
    ("; role=solution\n" + "1234341221434321", 1, 3, "must come right after the puzzle it solves"),
    ("." * 16 + "\n; role=solution\n" + "." * 16, 2, 3, "the solution leaves row 1, column 1 empty"),
    ("." * 16 + "\n; role=solution\n" + "".join(map(str, pattern_grid(3))), 2, 3, "the solution is 9x9 but"),
    ("." * 16 + "\n; role=answer\n" + "1" * 16, 2, 3, "unknown role 'answer'"),
    ("; seed=1\n\n" + "." * 16, 1, 3, "metadata with no puzzle below it"),
    ("; seed=1 seed=2\n" + "." * 16, 1, 10, "metadata key 'seed' is given twice"),
    (". . . .\n; seed=1\n. . . .\n", 2, 3, "metadata must come before the grid rows"),
    ("." * 16 + " ; easy\n", 1, 18, "a comment needs a line of its own"),
    ("; seed=1", 1, 3, "metadata with no puzzle below it"),
]


@pytest.mark.parametrize(("text", "line", "column", "message"), BAD)
def test_every_mistake_is_located(text: str, line: int, column: int | None, message: str) -> None:
    with pytest.raises(PuzzleBookError, match=message) as err:
        parse_sudokus(text, "bad.txt")
    assert (err.value.source, err.value.line, err.value.column) == ("bad.txt", line, column)


def test_from_line_places_mistakes_on_the_given_line() -> None:
    with pytest.raises(PuzzleBookError) as err:
        from_line(" 5" + "." * 15, "x.txt", 7)
    assert str(err.value) == "x.txt, line 7, column 2: value 5 is out of range for a 4x4 Sudoku (1-4)"


def test_read_sudoku_file(tmp_path: Path) -> None:
    path = tmp_path / "p.txt"
    path.write_text(CANONICAL_GRIDS)
    assert read_sudoku_file(path) == parse_sudokus(CANONICAL_GRIDS)
    with pytest.raises(PuzzleBookError, match="file not found"):
        read_sudoku_file(tmp_path / "missing.txt")
    path.write_bytes(b". . . .\n\xff")
    with pytest.raises(PuzzleBookError, match="not UTF-8") as err:
        read_sudoku_file(path)
    assert err.value.line == 2


def test_looks_like_sudoku() -> None:
    assert looks_like_sudoku(CANONICAL_LINES) and looks_like_sudoku(CANONICAL_GRIDS)
    assert looks_like_sudoku("; just a note\n\n" + "." * 81 + "\n")
    assert looks_like_sudoku("; kind=sudoku\n1 2\n")  # metadata decides, even before the grid is read
    assert not looks_like_sudoku("; kind=hidato\n" + "." * 81)
    assert not looks_like_sudoku(" 1  .  .  6\n11  .  8  5\n16  .  1  4\n14  .  3  .\n")
    assert not looks_like_sudoku("#. . .\n")
    assert not looks_like_sudoku("")
