"""The step-by-step Sudoku rater against Sudoku Explainer: every step it takes is true (checked
against the known solution), and where its techniques finish a puzzle its rating is SE's."""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

import pytest

from pipeline.kinds.sudoku.explainer import explain
from pipeline.kinds.sudoku.marks import Marks
from pipeline.kinds.sudoku.techniques import (
    TECHNIQUES,
    hidden_single_box,
    naked_single,
    pointing,
    x_wing,
    xy_wing,
)

DATA = Path(__file__).resolve().parent / "data" / "sudoku-rated.jsonl"
KNOWN = 5.6
"""The hardest weight the rater knows so far (BUG+1); harder puzzles are left for later techniques."""


def rated() -> list[dict]:
    return [json.loads(line) for line in DATA.read_text(encoding="utf-8").splitlines()]


def digits(text: str) -> list[int]:
    return [0 if ch == "." else int(ch) for ch in text]


@pytest.fixture(scope="module")
def within_reach() -> list[tuple[dict, object]]:
    return [(record, explain(3, digits(record["puzzle"]))) for record in rated() if record["se_rating"] <= KNOWN]


def test_every_step_is_true(within_reach) -> None:
    for record, explained in within_reach:
        solution = digits(record["solution"])
        for step in explained.steps:
            assert all(solution[i] == d for i, d in step.place), (record["id"], step)
            assert all(solution[i] != d for i, d in step.remove), (record["id"], step)


def test_ratings_are_sudoku_explainers_where_the_techniques_reach(within_reach) -> None:
    solved = [(record, e) for record, e in within_reach if e.solved]
    exact = sum(abs(e.rating - record["se_rating"]) < 0.05 for record, e in solved)
    assert len(solved) >= 700, "the techniques up to BUG+1 finish most puzzles rated up to 5.6"
    assert exact / len(solved) >= 0.94, Counter((r["se_rating"], e.rating) for r, e in solved
                                                if abs(e.rating - r["se_rating"]) >= 0.05).most_common(10)
    for record, e in solved:
        if record["se_rating"] <= 2.0:  # singles and direct locking: exactly SE's
            assert e.rating == record["se_rating"], record["id"]


def test_a_finished_solve_fills_the_grid(within_reach) -> None:
    for record, explained in within_reach:
        if explained.solved:
            grid = digits(record["puzzle"])
            for step in explained.steps:
                for i, d in step.place:
                    grid[i] = d
            assert grid == digits(record["solution"])


def test_the_techniques_run_in_sudoku_explainers_order() -> None:
    """Each technique states its SE weight in its docstring, beside a diagram; they run lightest first."""
    marks = Marks(3, [0] * 81)
    weights = []
    for technique in TECHNIQUES:
        found = re.search(r"\((\d\.\d)\)", technique.__doc__ or "")
        assert found, f"{technique.__name__} names no weight"
        weights.append(float(found[1]))
        assert technique(marks) is None  # nothing to find on an empty grid
    assert weights == sorted(weights) and weights[0] == 1.0


def test_single_techniques_on_small_positions() -> None:
    # A box holding 1..8 leaves 9 one place: found as a full house or hidden single, never a guess.
    grid = digits("123......456......78......" + "." * 54)
    step = hidden_single_box(Marks(3, grid))
    assert step is not None and step.place == ((20, 9),)
    # A row with eight digits leaves one candidate in its last cell.
    grid = digits("12345678." + "." * 72)
    marks = Marks(3, grid)
    assert naked_single(marks).place == ((8, 9),)


def test_the_hardest_step_is_the_technique_its_weight_names() -> None:
    """On a puzzle SE rates 2.6, 3.2 or 4.2 that the rater rates the same, the hardest step is a
    pointing, an X-wing or an XY-wing: the weight comes from that technique."""
    for rating, finder in ((2.6, pointing), (3.2, x_wing), (4.2, xy_wing)):
        for record in rated():
            if record["se_rating"] != rating:
                continue
            explained = explain(3, digits(record["puzzle"]))
            if explained.solved and explained.rating == rating:
                hardest = max(explained.steps, key=lambda step: step.rating)
                assert hardest.technique == finder.__name__, (record["id"], hardest)
                break
        else:
            pytest.fail(f"no puzzle rated {rating} was rated the same")
