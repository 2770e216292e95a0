"""Sudoku grading and generation: each technique of the generator's fast closure on a hand-made
position (against the explainer's own), published puzzles graded on SE's scale, random full grids,
and generated puzzles unique, reproducible, symmetric and rated in the band of the level asked for."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pipeline.errors import PuzzleBookError
from pipeline.kinds.sudoku import closure
from pipeline.kinds.sudoku import techniques as t
from pipeline.kinds.sudoku.explainer import explain
from pipeline.kinds.sudoku.generate import (
    SYMMETRIES,
    full_grid,
    generate,
    symmetry_orbits,
)
from pipeline.kinds.sudoku.grade import BANDS, LEVELS, grade, level_of
from pipeline.kinds.sudoku.grid import Sudoku, is_solution
from pipeline.kinds.sudoku.marks import Marks, Step, geometry
from pipeline.kinds.sudoku.solve import _locked, layout, solve
from pipeline.kinds.sudoku.textformat import from_line

CORPUS = [json.loads(line) for line in (Path(__file__).parent / "data" / "sudoku.jsonl").read_text().splitlines()]
FULL = 0x1FF


def bit(*digits: int) -> int:
    return sum(1 << (d - 1) for d in digits)


def position(changes: dict[int, int]) -> Marks:
    """An empty 9x9 with every candidate open except the masks given per cell (erased as a step
    erases them, so that the per-digit view agrees)."""
    marks = Marks(geometry(3), [0] * 81)
    marks.apply(Step("setup", 0.0, remove=tuple((i, d) for i, mask in changes.items()
                                                for d in range(1, 10) if not mask >> (d - 1) & 1)))
    return marks


def without(digit: int, cells) -> dict[int, int]:
    return {i: FULL & ~bit(digit) for i in cells}


EXPLAINER = {
    "naked_pair": t.naked_pair, "hidden_pair": t.hidden_pair, "pointing": t.pointing, "box_line": t.claiming,
    "naked_triple": t.naked_triple, "hidden_triple": t.hidden_triple, "x_wing": t.x_wing, "swordfish": t.swordfish,
}
"""The explainer's technique for each of the closure's."""


def apply(name: str, changes: dict[int, int]) -> list[int]:
    """Apply the explainer's `name` once on the position (it has one instance there); the generator's
    closure (one pass of the same technique over every unit or digit at once) must remove exactly
    the same candidates."""
    marks = position(changes)
    step = EXPLAINER[name](marks)
    assert step is not None and not step.place
    marks.apply(step)
    before = as_integer(position(changes).cand)
    assert before & ~closure_pass(name, before) == before & ~as_integer(marks.cand)
    return marks.cand


FAST_SETS = {
    "easy": (t.full_house, t.hidden_single_box, t.hidden_single_line, t.naked_single),
    "medium": (t.naked_pair, t.hidden_pair, t.pointing, t.claiming),
    "hard": (t.naked_triple, t.hidden_triple, t.x_wing, t.swordfish),
}
"""The explainer's techniques the closure's levels add, level by level."""


def fast_level(box: int, cells) -> str:
    """The closure's level as the explainer finds it with the same techniques."""
    used: tuple = ()
    for level, added in FAST_SETS.items():
        used += added
        if explain(box, cells, used).solved:
            return level
    return "expert"


def as_integer(cand: list[int]) -> int:
    """Per-cell candidate masks as the solver's candidate integer (one bit per candidate, via Layout.bit)."""
    lay = layout(3)
    return sum(lay.bit(i, d + 1) for i, mask in enumerate(cand) for d in range(9) if mask >> d & 1)


def closure_pass(name: str, x: int) -> int:
    """`x` after one pass of closure.py's version of technique `name` (every cell is open here)."""
    lay, masks = layout(3), closure._masks(3)
    every = lay.every_cell
    assert _at_least(x, 2) == every
    small = {2: every & ~_at_least(x, 3), 3: every & ~_at_least(x, 4)}
    k = 3 if name in ("naked_triple", "hidden_triple", "swordfish") else 2
    if name in ("pointing", "box_line"):
        return x & ~_locked(x, lay)
    drop = {
        "naked": lambda: closure._naked(x, every, small[k], lay, masks, k),
        "hidden": lambda: closure._hidden(x, every, lay, masks, k),
        "x": lambda: closure._fish(x, every, lay, masks, k),
        "swordfish": lambda: closure._fish(x, every, lay, masks, k),
    }[name.split("_")[0]]()
    return x & ~drop


def _at_least(x: int, count: int) -> int:
    """The cell set of cells with at least `count` candidates, counted one candidate at a time."""
    lay = layout(3)
    return sum(lay.cell_bit(i) for i in range(81) if sum(bool(x & lay.bit(i, d)) for d in range(1, 10)) >= count)


def cell(r: int, c: int) -> int:
    return r * 9 + c


def test_naked_pair():
    cand = apply("naked_pair", {cell(0, 0): bit(1, 2), cell(0, 4): bit(1, 2)})
    assert all(cand[cell(0, c)] == FULL & ~bit(1, 2) for c in (1, 2, 3, 5, 8))
    assert cand[cell(1, 0)] == FULL


def test_hidden_pair():
    cand = apply("hidden_pair", {cell(0, c): FULL & ~bit(1, 2) for c in range(2, 9)})
    assert cand[cell(0, 0)] == cand[cell(0, 1)] == bit(1, 2)


def test_pointing():
    box_rows_1_2 = [cell(r, c) for r in (1, 2) for c in range(3)]
    cand = apply("pointing", without(1, box_rows_1_2))
    assert all(not cand[cell(0, c)] & bit(1) for c in range(3, 9))
    assert all(cand[cell(0, c)] & bit(1) for c in range(3))


def test_box_line():
    cand = apply("box_line", without(1, [cell(0, c) for c in range(3, 9)]))
    assert all(not cand[cell(r, c)] & bit(1) for r in (1, 2) for c in range(3))
    assert cand[cell(1, 3)] & bit(1)


def test_naked_triple():
    cand = apply("naked_triple", {cell(0, 0): bit(1, 2), cell(0, 4): bit(2, 3), cell(0, 8): bit(1, 3)})
    assert all(cand[cell(0, c)] == FULL & ~bit(1, 2, 3) for c in (1, 2, 3, 5, 6, 7))


def test_hidden_triple():
    others = [cell(0, c) for c in range(9) if c not in (0, 4, 8)]
    cand = apply("hidden_triple", {i: FULL & ~bit(1, 2, 3) for i in others})
    assert cand[cell(0, 0)] == cand[cell(0, 4)] == cand[cell(0, 8)] == bit(1, 2, 3)


def test_x_wing():
    cand = apply("x_wing", without(1, [cell(r, c) for r in (0, 4) for c in range(9) if c not in (1, 7)]))
    assert all(not cand[cell(r, c)] & bit(1) for r in range(9) if r not in (0, 4) for c in (1, 7))
    assert cand[cell(2, 2)] & bit(1) and cand[cell(0, 1)] & bit(1)


def test_swordfish():
    allowed = {0: (1, 4), 3: (4, 7), 6: (1, 7)}
    cand = apply("swordfish", without(1, [cell(r, c) for r, cols in allowed.items() for c in range(9) if c not in cols]))
    assert all(not cand[cell(r, c)] & bit(1) for r in range(9) if r not in allowed for c in (1, 4, 7))
    assert cand[cell(1, 2)] & bit(1)


def corpus_puzzle(record: dict) -> Sudoku:
    return from_line(record["puzzle"])


def test_published_hard_puzzles_are_rated_on_the_scale():
    hardest = {r["id"]: grade(corpus_puzzle(r)) for r in CORPUS if r["id"].startswith("norvig-hardest")}
    assert sum(g["level"] in ("hard", "expert", "extreme", "unreasonable") for g in hardest.values()) >= 8
    assert hardest["norvig-hardest-09"]["level"] == "hard"
    assert hardest["norvig-hardest-09"]["hardest"] == "swordfish" and hardest["norvig-hardest-09"]["rating"] == 3.8
    assert hardest["norvig-hardest-02"]["level"] == "unreasonable"
    assert hardest["norvig-hardest-03"]["level"] == "extreme" and hardest["norvig-hardest-03"]["hardest"] == "nishio"


@pytest.mark.slow
def test_corpus_deductions_agree_with_the_solutions():
    for record in CORPUS:
        if record["num_solutions"] != 1:
            continue
        puzzle = corpus_puzzle(record)
        solution = from_line(record["solution"]).cells
        for step in explain(puzzle.box, puzzle.cells).steps:
            assert all(solution[i] == d for i, d in step.place), (record["id"], step)
            assert all(solution[i] != d for i, d in step.remove), (record["id"], step)


def test_grading_refuses_puzzles_without_one_solution():
    multiple = next(r for r in CORPUS if r["num_solutions"] == 2)
    with pytest.raises(PuzzleBookError, match="exactly one solution"):
        grade(corpus_puzzle(multiple))
    with pytest.raises(PuzzleBookError):
        grade(Sudoku(2, (1, 1) + (0,) * 14))


def test_a_uniqueness_pattern_never_grades_a_puzzle_with_two_solutions():
    """Unique rectangles assume one solution: on a grid with two, they could 'finish' it wrongly."""
    solution = full_grid(3, random.Random(5))
    cells = list(solution)
    # empty the four corners of a rectangle whose digits swap: two solutions
    n = 9
    for r1 in range(n):
        for r2 in range(r1 + 1, n):
            if r1 // 3 == r2 // 3:
                continue
            for c1 in range(n):
                for c2 in range(c1 + 1, n):
                    if c1 // 3 != c2 // 3:
                        continue
                    a, b, c, d = (solution[r1 * n + c1], solution[r1 * n + c2], solution[r2 * n + c1],
                                  solution[r2 * n + c2])
                    if a == d and b == c:
                        for i in (r1 * n + c1, r1 * n + c2, r2 * n + c1, r2 * n + c2):
                            cells[i] = 0
                        with pytest.raises(PuzzleBookError, match="exactly one solution"):
                            grade(Sudoku(3, tuple(cells)))
                        return
    pytest.skip("no swappable rectangle in this grid")


def test_grade_record_shape():
    record = grade(corpus_puzzle(CORPUS[0]))
    assert list(record) == ["level", "rating", "techniques", "steps", "givens", "givens_ratio", "hardest"]
    used = list(record["techniques"])
    assert used == [name for name in t.NAMES if name in used]
    assert record["level"] == level_of(record["rating"])
    assert record["steps"] == sum(record["techniques"].values())


@pytest.mark.parametrize(("rating", "level"), [(1.0, "easy"), (1.2, "easy"), (1.5, "medium"), (2.4, "medium"),
                                               (2.5, "hard"), (4.9, "hard"), (5.0, "expert"), (6.9, "expert"),
                                               (7.0, "extreme"), (9.4, "extreme"), (10.0, "unreasonable")])
def test_levels_by_rating(rating: float, level: str):
    assert level_of(rating) == level
    low, high = BANDS[level]
    assert low <= rating <= high


def check_record(record: dict, box: int, difficulty: str) -> Sudoku:
    puzzle = from_line(record["grid"])
    solution = from_line(record["solution"]).cells
    assert puzzle.box == box and record["difficulty"] == difficulty
    result = solve(puzzle, limit=2)
    assert result.status == "unique" and result.solutions[0] == solution
    assert is_solution(puzzle, solution)
    assert record["grade"] == grade(puzzle) and record["grade"]["level"] == difficulty
    low, high = BANDS[difficulty]
    assert low <= record["grade"]["rating"] <= high
    return puzzle


@pytest.mark.parametrize(("difficulty", "seed"), [("easy", 1), ("medium", 1), ("hard", 1), ("expert", 1),
                                                  ("extreme", 1)])
def test_every_level_9x9(difficulty: str, seed: int):
    record = generate(3, difficulty, seed)
    check_record(record, 3, difficulty)
    assert record == generate(3, difficulty, seed)


def test_hard_without_symmetry():
    """Single-cell orbits: the walk and the one-more-clue step must cope with the finest steps too."""
    check_record(generate(3, "hard", 2, symmetry="none"), 3, "hard")


@pytest.mark.slow
def test_4x4_easy_and_unreachable_levels():
    check_record(generate(2, "easy", 3), 2, "easy")
    with pytest.raises(PuzzleBookError, match=r"hard 4x4 Sudoku \(box 2, symmetry rotate180\)"):
        generate(2, "hard", 3)


@pytest.mark.slow
def test_16x16_up_to_hard():
    check_record(generate(4, "easy", 1), 4, "easy")
    check_record(generate(4, "hard", 1), 4, "hard")
    with pytest.raises(PuzzleBookError, match="16x16 Sudoku is made up to hard, not expert"):
        generate(4, "expert", 1)


def test_rating_bounds_narrow_the_band():
    record = generate(3, "hard", 3, min_rating=3.0, max_rating=3.6)
    check_record(record, 3, "hard")
    assert 3.0 <= record["grade"]["rating"] <= 3.6
    with pytest.raises(PuzzleBookError, match="no easy Sudoku is rated 2.0 to 1.4"):
        generate(3, "easy", 1, min_rating=2.0)


def test_a_section_range_stops_below_unreasonable():
    from pipeline.kinds import registry

    SudokuSection = registry.kind("sudoku").section_model

    section = SudokuSection(name="All", kind="sudoku", min_level="easy", count=10)
    assert [section.level_of(i) for i in (1, 10)] == ["easy", "extreme"]
    named = SudokuSection(name="Named", kind="sudoku", difficulty="unreasonable", count=1)
    assert named.level_of(1) == "unreasonable"


@pytest.mark.parametrize("symmetry", SYMMETRIES)
def test_symmetry_holds(symmetry: str):
    puzzle = check_record(generate(3, "medium", 4, symmetry=symmetry), 3, "medium")
    clue = [v != 0 for v in puzzle.cells]
    for orbit in symmetry_orbits(9, symmetry):
        assert len({clue[i] for i in orbit}) == 1
    mapped = {
        "none": lambda r, c: (r, c),
        "rotate180": lambda r, c: (8 - r, 8 - c),
        "rotate90": lambda r, c: (c, 8 - r),
        "mirror": lambda r, c: (r, 8 - c),
        "diagonal": lambda r, c: (c, r),
    }[symmetry]
    for r in range(9):
        for c in range(9):
            r2, c2 = mapped(r, c)
            assert clue[r * 9 + c] == clue[r2 * 9 + c2]


def test_seeds_differ():
    assert generate(3, "easy", 1)["grid"] != generate(3, "easy", 2)["grid"]


@pytest.mark.parametrize(
    ("args", "words"),
    [
        ((6, "easy", 1, "none"), "allowed: 2, 3, 4, 5"),
        ((3, "fiendish", 1, "none"), "allowed: easy, medium, hard, expert, extreme, unreasonable"),
        ((3, "easy", 1, "spiral"), "allowed: none, rotate180, rotate90, mirror, diagonal"),
    ],
)
def test_bad_requests(args, words):
    box, difficulty, seed, symmetry = args
    with pytest.raises(PuzzleBookError, match=words):
        generate(box, difficulty, seed, symmetry=symmetry)


@settings(max_examples=20, deadline=None)
@given(box=st.sampled_from([2, 3, 4]), seed=st.integers(0, 2**32))
def test_full_grids_are_solutions_and_reproducible(box: int, seed: int):
    cells = full_grid(box, random.Random(seed))
    assert is_solution(Sudoku(box, (0,) * len(cells)), cells)
    assert full_grid(box, random.Random(seed)) == cells


@pytest.mark.slow
def test_a_25x25_full_grid():
    """The largest box: a randomized fill with propagation needs no restart (measured: under 500
    branchings for its 625 cells)."""
    cells = full_grid(5, random.Random(11))
    assert is_solution(Sudoku.empty(5), cells)


def same_segments(cells: tuple[int, ...], box: int, transpose: bool) -> bool:
    """True when, in every band, the rows hold the same sets of digits in their box segments.

    A grid made by permuting one base pattern (rows within bands, bands, columns, stacks, digits,
    a transpose) always has this in its rows or its columns; a random grid almost never does.
    """
    n = box * box
    at = (lambda r, c: cells[c * n + r]) if transpose else (lambda r, c: cells[r * n + c])
    for band in range(box):
        seen = [
            frozenset(frozenset(at(band * box + r, s * box + j) for j in range(box)) for s in range(box))
            for r in range(box)
        ]
        if len(set(seen)) != 1:
            return False
    return True


@pytest.mark.parametrize("box", [3, 4])
def test_full_grids_are_random_not_a_permuted_pattern(box: int):
    grids = [full_grid(box, random.Random(seed)) for seed in range(12)]
    assert len(set(grids)) == len(grids)
    assert not any(same_segments(g, box, t) for g in grids for t in (False, True))
    assert len({g[:box * box] for g in grids}) == len(grids), "first rows should differ too"
    first_cells = {g[0] for g in grids}
    assert len(first_cells) > 1


def test_the_generator_uses_its_seed_alone():
    a, b = generate(3, "easy", 9, symmetry="none"), generate(3, "easy", 9, symmetry="none")
    assert a == b
    assert from_line(a["solution"]).cells != from_line(generate(3, "easy", 10, symmetry="none")["solution"]).cells


@pytest.mark.slow
def test_closure_levels_agree_with_the_explainer_on_the_corpus():
    for record in CORPUS:
        if record["num_solutions"] != 1:
            continue
        puzzle = corpus_puzzle(record)
        assert closure.level_of(puzzle.box, puzzle.cells) == fast_level(puzzle.box, puzzle.cells), record["id"]


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32), keep=st.floats(0.25, 0.6))
def test_closure_levels_agree_with_the_explainer_on_random_puzzles(seed: int, keep: float):
    rng = random.Random(seed)
    solution = full_grid(3, rng)
    cells = tuple(v if rng.random() < keep else 0 for v in solution)
    puzzle = Sudoku(3, cells)
    if solve(puzzle, 2).status != "unique":
        assert closure.level_of(3, cells) == "expert", "reaching a full grid would prove it unique"
    else:
        assert closure.level_of(3, cells) == fast_level(3, cells)


@pytest.mark.slow
@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_easy_puzzles_need_box_singles_only(seed: int):
    record = generate(3, "easy", seed, symmetry="none")
    assert set(record["grade"]["techniques"]) <= {"full_house", "hidden_single_box"}
    assert record["grade"]["rating"] <= 1.2 and record["grade"]["level"] == LEVELS[0]
