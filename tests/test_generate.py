"""Generated puzzles: unique, reproducible from the seed, graded as asked, 1 and N always given.

Also the two parts that make them sparse: digging, and reshaping the path before it.
"""

from __future__ import annotations

import math
import random
from itertools import pairwise

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from pipeline.errors import PuzzleBookError
from pipeline.kinds.hidato.board import Board, distance, is_solution
from pipeline.kinds.hidato.dig import dig
from pipeline.kinds.hidato.generate import RECIPES, generate, number_path
from pipeline.kinds.hidato.grade import LEVELS, grade
from pipeline.kinds.hidato.logic import solvable
from pipeline.kinds.hidato.path import hamiltonian_path
from pipeline.kinds.hidato.rigid import looseness, rigid_path
from pipeline.kinds.hidato.solve import solve
from pipeline.shapes import make_mask


def _check_record(record: dict) -> Board:
    puzzle = Board.from_json(record["grid"], record["adjacency"])
    solution = tuple(tuple(row) for row in record["solution"])
    assert is_solution(puzzle, solution)
    result = solve(puzzle, limit=2)
    assert result.status == "unique"
    assert result.solutions[0] == solution
    n = puzzle.size
    assert {1, n} <= set(puzzle.givens())
    return puzzle


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("adjacency", ["king", "orthogonal"])
def test_square_puzzle_at_every_level(level: str, adjacency: str) -> None:
    record = generate(make_mask("square", 7), adjacency, level, seed=11, shape="square")
    puzzle = _check_record(record)
    assert record["grade"]["level"] == level == record["difficulty"]
    assert record["grade"] == grade(puzzle)
    budget = math.ceil(RECIPES["expert"].trials_per_cell * puzzle.size)
    assert record["grade"]["techniques"].get("trial", 0) <= budget
    assert record["kind"] == ("hidato" if adjacency == "king" else "numbrix")
    assert record["attempts"] >= 1


@pytest.mark.parametrize("shape", ["cross", "rhombus", "mirror", "cloud", "random", "heart", "star", "skull"])
def test_every_shape_makes_unique_hidato(shape: str) -> None:
    size = {"cross": 9, "rhombus": 9, "mirror": 8, "cloud": 8, "random": 8}.get(shape)
    mask = make_mask(shape, size) if size else make_mask(shape)
    _check_record(generate(mask, "king", "hard", seed=3, shape=shape))


def test_same_seed_same_puzzle_other_seed_other_puzzle() -> None:
    mask = make_mask("square", 8)
    first = generate(mask, "king", "medium", seed=42)
    assert generate(mask, "king", "medium", seed=42) == first
    assert generate(mask, "king", "medium", seed=43)["grid"] != first["grid"]


def test_harder_levels_have_fewer_givens() -> None:
    mask = make_mask("square", 9)
    ratios = [generate(mask, "king", level, seed=5)["grade"]["givens_ratio"] for level in LEVELS]
    assert ratios[0] > ratios[1] > ratios[2] >= ratios[3]


def test_impossible_shape_is_reported_not_retried_forever() -> None:
    with pytest.raises(PuzzleBookError, match="numbrix"):
        generate(make_mask("rhombus", 9), "orthogonal", "easy", seed=1, shape="rhombus")


def test_unknown_difficulty_names_the_allowed_ones() -> None:
    with pytest.raises(PuzzleBookError, match="easy, medium, hard, expert"):
        generate(make_mask("square", 5), "king", "fiendish", seed=1)


def test_grade_refuses_a_puzzle_with_two_solutions() -> None:
    with pytest.raises(PuzzleBookError, match="exactly one solution"):
        grade(Board.from_rows([[1, 0], [0, 0]], "king"))


@settings(max_examples=25, deadline=None)
@given(
    size=st.integers(3, 6),
    adjacency=st.sampled_from(["king", "orthogonal"]),
    seed=st.integers(0, 2**32),
    max_level=st.sampled_from(LEVELS),
    max_trials=st.none() | st.integers(1, 4),
)
def test_dig_keeps_exactly_one_solution(
    size: int, adjacency: str, seed: int, max_level: str, max_trials: int | None
) -> None:
    mask = make_mask("square", size)
    rng = random.Random(seed)
    solution = number_path(mask, adjacency, hamiltonian_path(mask, adjacency, rng))
    result = dig(solution, rng, max_level=max_level, node_limit=50, swap_budget=10, max_trials=max_trials)
    result_solve = solve(result.puzzle, limit=2)
    assert result_solve.status == "unique"
    assert result_solve.solutions[0] == solution.grid
    assert {1, solution.size} <= set(result.puzzle.givens())
    if max_level != "expert":
        assert solvable(result.puzzle, max_level)
    elif max_trials is not None:
        assert solvable(result.puzzle, "expert", max_trials=max_trials)


def test_dig_stops_at_the_target_density() -> None:
    mask = make_mask("square", 8)
    rng = random.Random(4)
    solution = number_path(mask, "king", hamiltonian_path(mask, "king", rng))
    result = dig(solution, rng, max_level="hard", target_givens=40)
    assert len(result.puzzle.givens()) == 40


def test_expert_digs_below_the_hard_minimum() -> None:
    """Search-proved removals go on where reasoning up to hard stops: that is what makes expert sparser."""
    mask = make_mask("square", 8)
    solution = number_path(mask, "king", hamiltonian_path(mask, "king", random.Random(9)))
    hard = dig(solution, random.Random(1), max_level="hard")
    expert = dig(solution, random.Random(1), max_level="expert", swap_budget=40)
    assert len(expert.puzzle.givens()) == len(hard.puzzle.givens()) - expert.searched
    assert expert.searched > 0
    assert not solvable(expert.puzzle, "hard")
    assert solve(expert.puzzle, limit=2).status == "unique"


@settings(max_examples=30, deadline=None)
@given(
    shape=st.sampled_from(["square", "cross", "cloud", "mirror", "rhombus"]),
    size=st.integers(4, 9),
    adjacency=st.sampled_from(["king", "orthogonal"]),
    seed=st.integers(0, 2**32),
)
def test_reshaped_path_is_a_path_through_every_cell_and_no_looser(
    shape: str, size: int, adjacency: str, seed: int
) -> None:
    rng = random.Random(seed)
    try:
        mask = make_mask(shape, size)
        path = hamiltonian_path(mask, adjacency, rng)
    except PuzzleBookError:  # a size or shape with no path for this adjacency is not this test's business
        assume(False)
    reshaped = rigid_path(mask, adjacency, path, rng, effort=20)
    assert sorted(reshaped) == sorted(path)
    assert all(distance(a, b, adjacency) == 1 for a, b in pairwise(reshaped))
    assert looseness(mask, adjacency, reshaped) <= looseness(mask, adjacency, path)


def test_reshaping_is_reproducible_and_tightens_a_warnsdorff_path() -> None:
    mask = make_mask("square", 10)
    path = hamiltonian_path(mask, "king", random.Random(3))
    first = rigid_path(mask, "king", path, random.Random(7))
    assert rigid_path(mask, "king", path, random.Random(7)) == first
    assert looseness(mask, "king", first) < 0.9 * looseness(mask, "king", path)
