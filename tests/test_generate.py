"""Generated puzzles: unique, reproducible from the seed, graded as asked, 1 and N always given."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pipeline.errors import PuzzleBookError
from pipeline.kinds.hidato.board import Board, is_solution
from pipeline.kinds.hidato.dig import dig
from pipeline.kinds.hidato.generate import generate, number_path
from pipeline.kinds.hidato.grade import LEVELS, grade, level_for
from pipeline.kinds.hidato.path import hamiltonian_path
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


def test_grade_levels_follow_givens_and_search() -> None:
    assert level_for(0.6, 0) == "easy"
    assert level_for(0.4, 0) == "medium"
    assert level_for(0.3, 0) == "hard"
    assert level_for(0.6, 3) == "expert"


def test_grade_refuses_a_puzzle_with_two_solutions() -> None:
    with pytest.raises(PuzzleBookError, match="exactly one solution"):
        grade(Board.from_rows([[1, 0], [0, 0]], "king"))


@settings(max_examples=25, deadline=None)
@given(
    size=st.integers(3, 6),
    adjacency=st.sampled_from(["king", "orthogonal"]),
    seed=st.integers(0, 2**32),
    allow_search=st.booleans(),
)
def test_dig_keeps_exactly_one_solution(size: int, adjacency: str, seed: int, allow_search: bool) -> None:
    mask = make_mask("square", size)
    rng = random.Random(seed)
    solution = number_path(mask, adjacency, hamiltonian_path(mask, adjacency, rng))
    result = dig(solution, rng, target_givens=0, allow_search=allow_search, node_limit=50)
    result_solve = solve(result.puzzle, limit=2)
    assert result_solve.status == "unique"
    assert result_solve.solutions[0] == solution.grid
    assert {1, solution.size} <= set(result.puzzle.givens())
