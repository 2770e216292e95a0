"""The step-by-step Sudoku rater against Sudoku Explainer (SE): every step it takes is true (checked
against the known solution); where the patterns up to BUG+1 finish a puzzle its rating is SE's; over a
sample of the 1,200 SE-rated puzzles its ratings rank like SE's and give the same level."""

from __future__ import annotations

import ast
import json
import re
from collections.abc import Callable
from pathlib import Path

import pytest

from bench.sudoku import spearman
from pipeline.kinds.sudoku.chains import length_weight
from pipeline.kinds.sudoku.explainer import Explained, explain
from pipeline.kinds.sudoku.marks import Marks, geometry
from pipeline.kinds.sudoku.techniques import (
    TECHNIQUES,
    hidden_single_box,
    naked_single,
    pointing,
    x_wing,
    xy_wing,
)

DATA = Path(__file__).resolve().parent / "data" / "sudoku-rated.jsonl"
PATTERNS = 5.6
"""The heaviest pattern below the chains (BUG+1): up to it, ratings are meant to be SE's exactly."""
SAMPLE = 3
"""Every third puzzle rated below 7.5, and a few above: the chains that rate the hardest take seconds."""


def rated() -> list[dict]:
    return [json.loads(line) for line in DATA.read_text(encoding="utf-8").splitlines()]


def digits(text: str) -> list[int]:
    return [0 if ch == "." else int(ch) for ch in text]


def level(rating: float) -> str:
    """The level of an SE rating, as the Sudoku Exchange bank files them, plus extreme."""
    return ("easy" if rating < 1.5 else "medium" if rating < 2.5 else "hard" if rating < 5.0
            else "expert" if rating < 7.0 else "extreme")


@pytest.fixture(scope="module")
def sample() -> list[tuple[dict, Explained]]:
    records = rated()
    chosen = [r for i, r in enumerate(records) if r["se_rating"] < 7.5 and i % SAMPLE == 0]
    chosen += [r for r in records if r["se_rating"] >= 7.5][::30]
    return [(record, explain(3, digits(record["puzzle"]))) for record in chosen]


@pytest.mark.slow
def test_every_step_is_true_and_every_solve_finishes(sample) -> None:
    for record, explained in sample:
        solution = digits(record["solution"])
        grid = digits(record["puzzle"])
        for step in explained.steps:
            assert all(solution[i] == d for i, d in step.place), (record["id"], step)
            assert all(solution[i] != d for i, d in step.remove), (record["id"], step)
            for i, d in step.place:
                grid[i] = d
        assert explained.solved and grid == solution, record["id"]


@pytest.mark.slow
def test_pattern_ratings_are_sudoku_explainers(sample) -> None:
    patterns = [(r, e) for r, e in sample if r["se_rating"] <= PATTERNS and e.rating <= PATTERNS]
    exact = sum(abs(e.rating - r["se_rating"]) < 0.05 for r, e in patterns)
    assert len(patterns) >= 250 and exact / len(patterns) >= 0.93
    for record, e in patterns:
        if record["se_rating"] <= 2.0:  # singles and direct locking: exactly SE's
            assert e.rating == record["se_rating"], record["id"]


@pytest.mark.slow
def test_ratings_rank_and_level_like_sudoku_explainer(sample) -> None:
    se = [record["se_rating"] for record, _ in sample]
    ours = [explained.rating for _, explained in sample]
    assert spearman(se, ours) >= 0.85
    agree = sum(level(a) == level(b) for a, b in zip(se, ours))
    assert agree / len(sample) >= 0.85


def test_length_weight_follows_se_schedule() -> None:
    # SE adds 0.1 each time a chain's length (nodes less two) passes 4, 6, 8, 12, 16, 24, 32 ...
    expected = {2: 0.0, 6: 0.0, 7: 0.1, 8: 0.1, 9: 0.2, 10: 0.2, 11: 0.3, 14: 0.3, 15: 0.4, 18: 0.4, 19: 0.5,
                26: 0.5, 27: 0.6, 34: 0.6, 35: 0.7}
    assert {nodes: length_weight(nodes) for nodes in expected} == expected


def source_docstring(function: Callable[..., object]) -> str:
    """A function's docstring as its source file has it (a compiled module's functions keep none)."""
    source = Path(__file__).resolve().parents[1] / (function.__module__.replace(".", "/") + ".py")
    for node in ast.walk(ast.parse(source.read_text(encoding="utf-8"))):
        if isinstance(node, ast.FunctionDef) and node.name == function.__name__:
            return ast.get_docstring(node) or ""
    return ""


def test_the_techniques_run_in_sudoku_explainers_order() -> None:
    """Each technique states its SE weight in its docstring, beside a diagram; they run lightest first."""
    marks = Marks(geometry(3), [0] * 81)
    weights = []
    for technique in TECHNIQUES:
        found = re.search(r"\((\d\.\d)\)", source_docstring(technique))
        assert found, f"{technique.__name__} names no weight"
        weights.append(float(found[1]))
        if weights[-1] < 6.0:
            assert technique(marks) is None  # no pattern on an empty grid
    assert weights == sorted(weights) and weights[0] == 1.0


def test_single_techniques_on_small_positions() -> None:
    # A box holding 1..8 leaves 9 one place; a row with eight digits leaves one candidate in its last cell.
    step = hidden_single_box(Marks(geometry(3), digits("123......456......78......" + "." * 54)))
    assert step is not None and step.place == ((20, 9),)
    assert naked_single(Marks(geometry(3), digits("12345678." + "." * 72))).place == ((8, 9),)


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


def _planes(m: Marks) -> list[int]:
    """The per-digit places as the cells say them, to compare with what Marks keeps up to date."""
    return [sum(1 << i for i, c in enumerate(m.cand) if not m.value[i] and c >> (d - 1) & 1)
            for d in range(1, m.n + 1)]


@pytest.mark.slow
def test_skipping_unchanged_digits_and_units_finds_what_a_fresh_look_finds() -> None:
    """Techniques skip the digits and units they found nothing on before and which have not changed
    since. At every state of several hard solves, each technique on the marks (with that memory)
    returns what it returns on a copy that remembers nothing, and the per-digit places stay true."""
    records = [r for r in rated() if r["se_rating"] >= 4.0][::97]
    patterns = [t for t in TECHNIQUES if t.__module__.endswith("techniques")]
    assert len(records) >= 6
    for record in records:
        m = Marks(geometry(3), digits(record["puzzle"]))
        while m.left:
            assert m.plane == _planes(m), record["id"]
            step = None
            for technique in TECHNIQUES:
                if technique in patterns:
                    fresh = technique(m.copy())
                    step = technique(m)
                    assert step == fresh, (record["id"], technique.__name__)
                else:
                    step = technique(m)
                if step is not None:
                    break
            if step is None:
                break
            m.apply(step)


@pytest.mark.parametrize("pid, cells, target, weight", [
    ("sudoku-exchange-hard-62df81dee67b", 6, 52, 4.6),  # r6c8 {3,7,9} closes a loop of {3,9}
    ("sudoku-exchange-hard-55987fc064e0", 8, 76, 4.7),
])
def test_unique_loops_rate_as_sudoku_explainer_does(pid, cells, target, weight) -> None:
    """Two SE-rated puzzles whose hardest step is a unique loop (six and eight cells): the loop's
    odd cell loses both digits, the step is true, and the puzzle gets SE's rating."""
    record = next(r for r in rated() if r["id"] == pid)
    explained = explain(3, digits(record["puzzle"]))
    loops = [step for step in explained.steps if step.technique == "unique_loop"]
    assert loops and len(loops[0].cells) == cells
    assert {cell for cell, _ in loops[0].remove} == {target}
    solution = digits(record["solution"])
    assert all(solution[cell] != digit for cell, digit in loops[0].remove)
    assert explained.rating == weight == record["se_rating"]
