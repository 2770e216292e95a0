"""Killer cages: the digit-combination tables against brute force, random cuttings of solved grids
(a valid partition, reproducible from the seed, sizes as weighted), merging, and the validator
naming each fault."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace
from functools import reduce
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pipeline.kinds.sudoku.houses import Cage
from pipeline.kinds.variants.cages import (
    cage_digits,
    cage_problem,
    combos,
    merge_cages,
    mergeable,
    neighbours,
    random_cages,
    sum_range,
)
from pipeline.kinds.variants.puzzle import BOX_SHAPES, MAX_CAGE, boxed, check_variant, connected

WEIGHTS = (0.05, 0.35, 0.35, 0.15, 0.07, 0.03)


def sudoku(n: int, seed: int) -> tuple[int, ...]:
    """A solved n x n Sudoku: the shifted pattern, with digits relabelled, bands and the rows within
    each band shuffled by `seed`."""
    rows, cols = BOX_SHAPES[n]
    rng = random.Random(seed)
    digits = rng.sample(range(1, n + 1), n)
    order = [band * rows + r for band in rng.sample(range(n // rows), n // rows) for r in rng.sample(range(rows), rows)]
    return tuple(digits[(cols * (r % rows) + r // rows + c) % n] for r in order for c in range(n))


def assert_valid_cutting(cages: tuple[Cage, ...], solution: tuple[int, ...], n: int) -> None:
    cells = [i for cage in cages for i in cage.cells]
    assert sorted(cells) == list(range(n * n))
    assert [cage.cells[0] for cage in cages] == sorted(cage.cells[0] for cage in cages)
    for cage in cages:
        assert list(cage.cells) == sorted(cage.cells)
        assert 1 <= len(cage.cells) <= min(MAX_CAGE, n)
        assert connected(list(cage.cells), n)
        digits = [solution[i] for i in cage.cells]
        assert len(set(digits)) == len(digits)
        assert cage.total == sum(digits)
    assert cage_problem(n, cages) is None
    check_variant(boxed("killer", n, solution, cages))


# ------------------------------------------------------------------------------ tables


@pytest.mark.parametrize("n", [4, 6, 8, 9])
def test_combos_and_cage_digits_match_brute_force(n: int) -> None:
    brute: dict[tuple[int, int], list[int]] = {}
    for size in range(n + 1):
        for digits in combinations(range(1, n + 1), size):
            brute.setdefault((size, sum(digits)), []).append(sum(1 << (d - 1) for d in digits))
    for size in range(-1, n + 2):
        for total in range(-1, n * (n + 1) // 2 + 2):
            want = sorted(brute.get((size, total), []))
            assert combos(n, size, total) == tuple(want), (n, size, total)
            if want:
                assert cage_digits(n, size, total) == (reduce(int.__or__, want), reduce(int.__and__, want))
            else:
                assert cage_digits(n, size, total) == (0, 0)
        if 0 <= size <= n:
            totals = [t for s, t in brute if s == size]
            assert sum_range(n, size) == (min(totals), max(totals))
            low, high = sum_range(n, size)
            assert all(combos(n, size, t) for t in range(low, high + 1))  # no gaps in between


def test_known_killer_combinations() -> None:
    assert combos(9, 2, 3) == (0b11,)  # 1+2
    assert combos(9, 2, 17) == (0b110000000,)  # 8+9
    assert combos(9, 9, 45) == (0b111111111,)
    assert cage_digits(9, 3, 7) == (0b1011, 0b1011)  # only 1+2+4
    assert cage_digits(9, 2, 5) == (0b1111, 0)  # 1+4, 2+3
    with pytest.raises(ValueError):
        sum_range(9, 10)


# ------------------------------------------------------------------------------ random cuttings


@settings(max_examples=100, deadline=None)
@given(n=st.sampled_from([4, 6, 8, 9]), seed=st.integers(0, 2**32 - 1))
def test_random_cages_partition_a_solved_grid(n: int, seed: int) -> None:
    solution = sudoku(n, seed)
    cages = random_cages(solution, n, random.Random(seed), WEIGHTS)
    assert_valid_cutting(cages, solution, n)
    assert random_cages(solution, n, random.Random(seed), WEIGHTS) == cages


def test_other_seeds_cut_otherwise() -> None:
    solution = sudoku(9, 1)
    cuttings = {random_cages(solution, 9, random.Random(seed), WEIGHTS) for seed in range(20)}
    assert len(cuttings) == 20


def test_sizes_follow_the_weights() -> None:
    counts: Counter[int] = Counter()
    singles = []
    for seed in range(200):
        cages = random_cages(sudoku(9, seed), 9, random.Random(seed), WEIGHTS)
        counts.update(len(cage.cells) for cage in cages)
        singles.append(sum(len(cage.cells) == 1 for cage in cages))
    total = sum(counts.values())
    for size, weight in enumerate(WEIGHTS, 1):
        assert abs(counts[size] / total - weight) < 0.06, (size, counts)
    assert sum(singles) / len(singles) < 3  # 1-cell cages about as often as weighted, not left over


def test_weight_on_one_size_only() -> None:
    solution = sudoku(9, 3)
    assert random_cages(solution, 9, random.Random(3), (1.0,)) == tuple(Cage(d, (i,)) for i, d in enumerate(solution))
    with pytest.raises(ValueError):  # weight only past MAX_CAGE: nothing to draw
        random_cages(solution, 9, random.Random(3), (0, 0, 0, 0, 0, 0, 5.0))


def test_sizes_capped_at_the_side() -> None:
    solution = sudoku(4, 5)
    for seed in range(30):
        cages = random_cages(solution, 4, random.Random(seed), (0, 0, 0, 1.0, 1.0, 1.0))
        assert_valid_cutting(cages, solution, 4)  # sizes 5 and 6 not drawn, 4 cells at most


def test_random_cages_rejects_bad_input() -> None:
    rng = random.Random(0)
    with pytest.raises(ValueError):
        random_cages((1,) * 80, 9, rng, WEIGHTS)
    with pytest.raises(ValueError):
        random_cages((0,) * 81, 9, rng, WEIGHTS)
    with pytest.raises(ValueError):
        random_cages(sudoku(9, 0), 9, rng, (-1, 1))


# ------------------------------------------------------------------------------ merging


def test_neighbours_on_rows() -> None:
    rows = tuple(Cage(10, tuple(range(r * 4, r * 4 + 4))) for r in range(4))
    assert neighbours(rows, 4) == [(0, 1), (1, 2), (2, 3)]
    halves = tuple(Cage(0, (r * 4 + c, r * 4 + c + 1)) for r in range(4) for c in (0, 2))
    assert neighbours(halves, 4) == [(0, 1), (0, 2), (1, 3), (2, 3), (2, 4), (3, 5), (4, 5), (4, 6), (5, 7), (6, 7)]


@settings(max_examples=30, deadline=None)
@given(n=st.sampled_from([6, 9]), seed=st.integers(0, 2**32 - 1))
def test_merging_keeps_a_valid_cutting(n: int, seed: int) -> None:
    solution = sudoku(n, seed)
    cages = random_cages(solution, n, random.Random(seed), WEIGHTS)
    pairs = neighbours(cages, n)
    owner = {i: k for k, cage in enumerate(cages) for i in cage.cells}
    brute = sorted({(min(owner[i], owner[j]), max(owner[i], owner[j]))
                    for i in range(n * n) for j in (i + 1, i + n)
                    if j < n * n and (j == i + n or j % n) and owner[i] != owner[j]})
    assert pairs == brute
    for a, b in pairs:
        together = cages[a].cells + cages[b].cells
        ok = len(together) <= min(MAX_CAGE, n) and len({solution[i] for i in together}) == len(together)
        assert mergeable(cages, a, b, solution, n) == ok
        if ok:
            merged = merge_cages(cages, a, b)
            assert len(merged) == len(cages) - 1
            assert_valid_cutting(merged, solution, n)
    apart = [(a, b) for a in range(len(cages)) for b in range(a + 1, len(cages)) if (a, b) not in pairs]
    assert not any(mergeable(cages, a, b, solution, n) for a, b in apart)
    assert not mergeable(cages, 0, 0, solution, n)


def test_merge_cages_adds_totals_and_sorts() -> None:
    cages = (Cage(3, (0, 1)), Cage(7, (2, 3)), Cage(4, (4, 8)))
    assert merge_cages(cages, 2, 0) == (Cage(7, (0, 1, 4, 8)), Cage(7, (2, 3)))
    with pytest.raises(ValueError):
        merge_cages(cages, 1, 1)


# ------------------------------------------------------------------------------ the validator


def _pairs() -> list[Cage]:
    """A valid 9x9 cage set: each row cut into cells (1,2), (3,4), (5,6), (7,8), (9), summing the
    shifted pattern's digits."""
    solution = sudoku(9, 0)
    groups = [tuple(r * 9 + c for c in cs) for r in range(9) for cs in ((0, 1), (2, 3), (4, 5), (6, 7), (8,))]
    return [Cage(sum(solution[i] for i in g), g) for g in groups]


def test_the_base_cage_set_is_valid() -> None:
    assert cage_problem(9, _pairs()) is None
    assert cage_problem(4, [Cage(10, tuple(range(r * 4, r * 4 + 4))) for r in range(4)]) is None


def _fault(name: str) -> list[Cage]:
    cages = _pairs()
    if name == "too big":  # row 1 as one cage of 9
        return [Cage(45, tuple(range(9)))] + cages[5:]
    if name == "empty":
        return cages + [Cage(0, ())]
    if name == "outside":
        return cages[:-1] + [Cage(cages[-1].total, (80, 81))]
    if name == "unordered":
        return [Cage(cages[0].total, (1, 0))] + cages[1:]
    if name == "overlap":
        return [Cage(cages[0].total + 1, (0, 1, 2))] + cages[1:]
    if name == "uncovered":
        return cages[:-1]
    if name == "impossible":  # r1c9 alone cannot make 10
        return cages[:4] + [replace(cages[4], total=10)] + cages[5:]
    if name == "disconnected":  # r1c1 with r1c3, r1c2 with r1c4
        solution = sudoku(9, 0)
        return [Cage(solution[0] + solution[2], (0, 2)), Cage(solution[1] + solution[3], (1, 3))] + cages[2:]
    if name == "wrong sum":  # r1c1-2 one more, still possible
        return [replace(cages[0], total=cages[0].total + 1)] + cages[1:]
    raise AssertionError(name)


@pytest.mark.parametrize(("name", "words"), [
    ("too big", "the cage at r1c1 has 9 cells; a cage has 1 to 6"),
    ("empty", "the cage at ? has 0 cells"),
    ("outside", "the cage at r9c9 has a cell outside the grid"),
    ("unordered", "the cage at r1c2 does not list its cells once each"),
    ("overlap", "r1c3 is in two cages"),
    ("uncovered", "r9c9 is in no cage"),
    ("impossible", "the cage at r1c9 sums to 10; 1 different digits 1..9 make 1 to 9"),
    ("disconnected", "the cage at r1c1 is not one connected shape"),
    ("wrong sum", "the cages sum to 406; a 9x9 grid's digits sum to 405"),
])
def test_cage_problem_names_each_fault(name: str, words: str) -> None:
    problem = cage_problem(9, _fault(name))
    assert problem is not None and words in problem, problem


def test_cage_problem_caps_size_at_the_side() -> None:
    cages = [Cage(10, tuple(range(4))), Cage(12, tuple(range(4, 9)))] + [Cage(1, (i,)) for i in range(9, 16)]
    assert cage_problem(4, cages) == "the cage at r2c1 has 5 cells; a cage has 1 to 4"
