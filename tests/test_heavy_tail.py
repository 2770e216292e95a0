"""The search's worst case: restarts and root probes against brute force, and a verdict on every
published and stress board within the default budget (issue 24: none may answer "unknown").

The stress corpus (tests/data/hidato-stress.jsonl, made by bench/stress.py) holds large boards with
exactly two solutions that differ by a short detour, and their unique and no-solution neighbours:
the class on which the plain depth-first search once ran for minutes. The competition boards
(tests/data/hidoku-competition.jsonl) are sparse published boards, most with many solutions.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pipeline.kinds.hidato.board import Board, Grid, is_solution
from pipeline.kinds.hidato.prove import prove_unique
from pipeline.kinds.hidato.solve import (
    RootProbes,
    _read_board,
    default_node_limit,
    restart,
    settle,
    solve,
    to_grid,
)
from tests.test_solve import brute_force_count, small_boards

DATA = Path(__file__).parent / "data"
STATUS = {0: "none", 1: "unique", 2: "multiple"}


def _records(name: str) -> list[dict]:
    return [json.loads(line) for line in (DATA / name).read_text().splitlines() if line.strip()]


def _grid(rows: list[str]) -> Grid:
    return tuple(tuple(None if t == "#" else int(t) for t in row.split()) for row in rows)


def _board(record: dict) -> Board:
    return Board.from_rows(_grid(record["grid"]), record["adjacency"])


STRESS = _records("hidato-stress.jsonl")
COMPETITION = _records("hidoku-competition.jsonl")


def _all_solutions(board: Board) -> set[Grid]:
    found = solve(board, limit=10_000)
    assert found.complete
    return set(found.solutions)


@pytest.mark.slow
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(small_boards(), st.integers(1, 3), st.integers(1, 3))
def test_restarts_agree_with_brute_force(board: Board, limit: int, unit: int) -> None:
    """Every board through the restarting search alone, with runs cut after 1 to 3 contradictions
    (so there are many runs and probe rounds): the same count as brute force, proofs complete."""
    expected = brute_force_count(board, cap=limit)
    geo, cand, _ = _read_board(board)
    found, complete, _ = restart(cand, len(cand) - 1, geo, limit, None, None, [], unit)
    solutions = [to_grid(geo, sol) for sol in found[:limit]]
    assert len(solutions) == expected
    assert len(set(solutions)) == len(solutions)
    assert all(is_solution(board, sol) for sol in solutions)
    assert complete == (expected < limit)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(small_boards(), st.integers(0, 2))
def test_the_hand_over_agrees_with_brute_force(board: Board, quick_fails: int) -> None:
    """`settle` with the plain search cut after 0 to 2 contradictions, then restarts."""
    expected = brute_force_count(board, cap=2)
    geo, cand, taken = _read_board(board)
    found, complete, _ = settle(cand, len(cand) - 1, geo, 2, None, None, taken, quick_fails=quick_fails, unit=1)
    assert len(found) == expected
    assert complete == (expected < 2)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(small_boards(), st.integers(1, 40))
def test_probes_rule_out_only_what_no_solution_uses(board: Board, budget: int) -> None:
    """A root probed with any budget keeps every cell of every solution; a root it calls
    contradictory belongs to a board with no solution."""
    geo, cand, _ = _read_board(board)
    n = len(cand) - 1
    solutions = _all_solutions(board)
    root = list(cand)
    _, contradiction, another = RootProbes(n, geo, [0] * (n + 2)).round(root, budget)
    assert another is None  # (only a probe away from a known solution can find another)
    if contradiction:
        assert not solutions
        return
    for solution in solutions:
        for r, row in enumerate(solution):
            for c, k in enumerate(row):
                if k:
                    assert root[k] & geo.bit(r, c), f"number {k} lost its cell ({r}, {c}) in a solution"


def test_a_probe_that_fails_removes_its_cell() -> None:
    """On a stress board the probes find facts: cells leave the root, and the board's solutions keep theirs."""
    record = next(r for r in STRESS if r["id"] == "stress-032-unique")
    board = _board(record)
    geo, cand, _ = _read_board(board)
    n = len(cand) - 1
    root = list(cand)
    before = sum(c.bit_count() for c in root)
    spent, contradiction, _ = RootProbes(n, geo, [0] * (n + 2)).round(root, 400)
    assert not contradiction and spent == 400
    assert sum(c.bit_count() for c in root) < before
    solution = _grid(record["solutions"][0])
    assert all(root[k] & geo.bit(r, c) for r, row in enumerate(solution) for c, k in enumerate(row) if k)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(small_boards(), st.integers(1, 40))
def test_probes_away_from_a_known_solution(board: Board, budget: int) -> None:
    """With a solution known, a probe moves a number off its cell there: the facts it finds keep every
    solution's cells, and another solution it finds is a real one."""
    solutions = _all_solutions(board)
    if not solutions:
        return
    geo, cand, _ = _read_board(board)
    n = len(cand) - 1
    known = sorted(solutions)[0]
    known_bits = [0] * (n + 1)
    for r, row in enumerate(known):
        for c, k in enumerate(row):
            if k:
                known_bits[k] = geo.bit(r, c)
    root = list(cand)
    _, contradiction, another = RootProbes(n, geo, [0] * (n + 2)).round(root, budget, known_bits)
    assert not contradiction
    if another is not None:
        assert to_grid(geo, another) in solutions - {known}
    for solution in solutions:
        assert all(root[k] & geo.bit(r, c) for r, row in enumerate(solution) for c, k in enumerate(row) if k)


def test_the_restarting_search_is_reproducible() -> None:
    """Its random choices come from a fixed seed: the same board gives the same route and answer."""
    board = _board(next(r for r in STRESS if r["id"] == "stress-014-two"))
    first, second = solve(board), solve(board)
    assert first == second and first.status == "multiple"


def _check_verdict(record: dict, result_status: str, solutions: tuple[Grid, ...], board: Board) -> None:
    assert result_status == STATUS[min(record["num_solutions"], 2)], record["id"]
    assert all(is_solution(board, sol) for sol in solutions)
    if "solutions" in record:
        assert set(solutions) <= {_grid(rows) for rows in record["solutions"]}


@pytest.mark.slow
@pytest.mark.parametrize("record", STRESS, ids=[r["id"] for r in STRESS])
def test_stress_board_answered_within_the_default_budget(record: dict) -> None:
    """Both doors a board comes through: `solve` (the search alone) and `verify` (prove_unique)."""
    board = _board(record)
    budget = default_node_limit(board.size)
    for result in (solve(board, node_limit=budget), prove_unique(board, node_limit=budget)):
        _check_verdict(record, result.status, result.solutions, board)


def test_stress_corpus_is_what_its_readme_says() -> None:
    """168 records, a third of each kind, 25-45% givens (a neighbour has one more); both solutions of
    every pair differ only on the detour."""
    assert len(STRESS) == 168
    kinds = [r["id"].rsplit("-", 1)[1] for r in STRESS]
    assert kinds.count("two") == kinds.count("unique") == kinds.count("none") == 56
    for record in STRESS:
        assert record["cpsat_count"] == record["num_solutions"]
        board = _board(record)
        extra = 0 if record["id"].endswith("-two") else 1
        assert 0.25 * board.size <= len(board.givens()) - extra <= 0.45 * board.size
        if record["num_solutions"] == 2:
            first, second = (_grid(rows) for rows in record["solutions"])
            differ = {(r, c) for r, row in enumerate(first) for c, v in enumerate(row) if second[r][c] != v}
            assert differ == {tuple(cell) for cell in record["detour"]}


@pytest.mark.slow
@pytest.mark.parametrize("record", COMPETITION, ids=[r["id"] for r in COMPETITION])
def test_competition_board_answered_within_the_default_budget(record: dict) -> None:
    board = _board(record)
    result = prove_unique(board, node_limit=default_node_limit(board.size))
    _check_verdict(record, result.status, result.solutions, board)


@pytest.mark.slow
def test_a_seeded_detour_board_with_a_second_solution_far_down_the_tree() -> None:
    """The class itself, made here from a path and a swap of two neighbouring numbers: exactly the two
    solutions are found, within the default budget, and adding one given of the first leaves it alone."""
    record = next(r for r in STRESS if r["id"] == "stress-032-two")
    board = _board(record)
    result = solve(board, node_limit=default_node_limit(board.size))
    assert set(result.solutions) == {_grid(rows) for rows in record["solutions"]}
    rng = random.Random(0)
    r, c = rng.choice(record["detour"])
    first = _grid(record["solutions"][0])
    rows = [list(row) for row in board.grid]
    rows[r][c] = first[r][c]
    narrowed = solve(Board.from_rows(rows, board.adjacency))
    assert narrowed.status == "unique" and narrowed.solutions[0] == first
