"""Levels mean something: over a dozen puzzles per level, harder levels have fewer givens and more steps.

A small but real version of the bench's 100-puzzle check (`check_levels` in bench/engine.py): every
puzzle is graded exactly as asked, easy puzzles never need a technique above the easy set, and from
easy to expert the median givens ratio never rises while the median step count never falls.
"""

from __future__ import annotations

import statistics

import pytest

from pipeline.kinds.hidato.generate import generate
from pipeline.kinds.hidato.grade import LEVELS
from pipeline.kinds.hidato.hexshapes import make_hex_mask
from pipeline.kinds.hidato.logic import TECHNIQUE_LEVEL
from pipeline.shapes import make_mask

pytestmark = pytest.mark.slow  # generates and grades 48 puzzles on each of three grids

PUZZLES_PER_LEVEL = 12


@pytest.fixture(scope="module", params=["king", "orthogonal", "hex"])
def batches(request: pytest.FixtureRequest) -> dict[str, list[dict]]:
    """A dozen puzzles per level, seeds 0..11: on an 8x8 square, or a hexagon of side 5 (61 cells)."""
    shape, mask = ("hexagon", make_hex_mask("hexagon", 5)) if request.param == "hex" else ("square", make_mask("square", 8))
    return {
        level: [generate(mask, request.param, level, seed, shape=shape)["grade"] for seed in range(PUZZLES_PER_LEVEL)]
        for level in LEVELS
    }


def test_every_puzzle_is_graded_as_asked(batches: dict[str, list[dict]]) -> None:
    for level, grades in batches.items():
        assert [g["level"] for g in grades] == [level] * PUZZLES_PER_LEVEL


def test_easy_needs_only_easy_techniques(batches: dict[str, list[dict]]) -> None:
    used = {name for g in batches["easy"] for name in g["techniques"]}
    assert {TECHNIQUE_LEVEL[name] for name in used} <= {"easy"}


def test_medians_are_monotone(batches: dict[str, list[dict]]) -> None:
    ratios = [statistics.median(g["givens_ratio"] for g in batches[level]) for level in LEVELS]
    steps = [statistics.median(g["steps"] for g in batches[level]) for level in LEVELS]
    assert ratios == sorted(ratios, reverse=True)
    assert steps == sorted(steps)
