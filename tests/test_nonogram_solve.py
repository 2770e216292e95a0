"""The nonogram solver against brute force: the line solvers over every line, the proof and the search
over every picture (or every product of row arrangements) of small boards, reasoning's soundness,
making pictures unique (unique.py), generation, the grade's rules, and the compiled modules against
their sources."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pipeline import native
from pipeline.errors import PuzzleBookError
from pipeline.kinds.nonogram import lines as lines_module
from pipeline.kinds.nonogram.doodle import doodle
from pipeline.kinds.nonogram.generate import NonogramJob, generate_nonogram
from pipeline.kinds.nonogram.grade import DEEPEST, EASY_SWEEPS, HARD_MOST, LEVELS, grade, level_of
from pipeline.kinds.nonogram.lines import overlap_line, settle_line
from pipeline.kinds.nonogram.logic import LINE, OVERLAP
from pipeline.kinds.nonogram.pictures import library_names, library_picture
from pipeline.kinds.nonogram.prove import count_solutions
from pipeline.kinds.nonogram.puzzle import (
    EMPTY,
    FILLED,
    UNKNOWN,
    Clue,
    Nonogram,
    Picture,
    clues_of,
    line_clue,
    nonogram_problem,
    puzzle_of,
    solves,
)
from pipeline.kinds.nonogram.reason import CONTRADICTION, DEEP, TECHNIQUES, reason
from pipeline.kinds.nonogram.search import count
from pipeline.kinds.nonogram.unique import FLIP_CELLS, settle
from pipeline.kinds.result import SolveResult

ROOT = Path(__file__).resolve().parents[1]
FAST = settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
FEW = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
MANY = settings(max_examples=2000, deadline=None, suppress_health_check=[HealthCheck.too_slow])


# ------------------------------------------------------------------------------------ brute force


def line_of(bits: int, n: int) -> str:
    return "".join(FILLED if (bits >> i) & 1 else EMPTY for i in range(n))


@cache
def lines_by_clue(n: int) -> dict[Clue, tuple[int, ...]]:
    """All 2^n lines of n cells (as bit masks), by their clue."""
    table: dict[Clue, list[int]] = {}
    for bits in range(1 << n):
        table.setdefault(line_clue(line_of(bits, n)), []).append(bits)
    return {clue: tuple(found) for clue, found in table.items()}


@cache
def arrangements(clue: Clue, n: int) -> tuple[str, ...]:
    """Every line of n cells whose runs are `clue`."""
    return tuple(line_of(bits, n) for bits in lines_by_clue(n).get(clue, ()))


def forced(clue: Clue, n: int, filled: int, empty: int) -> tuple[int, int] | None:
    """What every line of the clue that keeps the known cells agrees on (filled, empty masks); None
    when no line keeps them."""
    full = (1 << n) - 1
    agree_filled, agree_empty, any_line = full, full, False
    for bits in lines_by_clue(n).get(clue, ()):
        if bits & filled == filled and not bits & empty:
            any_line = True
            agree_filled &= bits
            agree_empty &= ~bits
    return (agree_filled, agree_empty & full) if any_line else None


def keeps_givens(line: str, givens: str) -> bool:
    return all(given in (UNKNOWN, cell) for given, cell in zip(givens, line))


def brute_solutions(puzzle: Nonogram) -> set[Picture]:
    """Every picture solving the puzzle: for each row every arrangement of its clue that keeps its
    hints (a product over the rows), pruned as soon as a column's cells so far start none of its
    arrangements."""
    width, height = puzzle.width, puzzle.height
    options = [[a for a in arrangements(puzzle.rows[r], width) if keeps_givens(a, puzzle.givens[r])]
               for r in range(height)]
    starts = [[{a[:k] for a in arrangements(puzzle.cols[c], height)} for k in range(height + 1)]
              for c in range(width)]
    found: set[Picture] = set()

    def extend(rows: list[str]) -> None:
        k = len(rows)
        if k == height:
            found.add(tuple(rows))
            return
        for option in options[k]:
            grown = rows + [option]
            if all("".join(row[c] for row in grown) in starts[c][k + 1] for c in range(width)):
                extend(grown)

    extend([])
    return found


@cache
def every_picture(width: int, height: int) -> dict[tuple[tuple[Clue, ...], tuple[Clue, ...]], list[Picture]]:
    """Every width x height picture, by its clues: all 2^(width*height) of them."""
    table: dict[tuple[tuple[Clue, ...], tuple[Clue, ...]], list[Picture]] = {}
    for bits in range(1 << (width * height)):
        picture = tuple(line_of(bits >> (r * width), width) for r in range(height))
        table.setdefault(clues_of(picture), []).append(picture)
    return table


def enumerated_solutions(puzzle: Nonogram) -> set[Picture]:
    """Solutions by looking at every picture of the board (small boards only)."""
    pictures = every_picture(puzzle.width, puzzle.height).get((puzzle.rows, puzzle.cols), [])
    return {p for p in pictures if all(keeps_givens(row, given) for row, given in zip(p, puzzle.givens))}


def status_of(solutions: set[Picture]) -> str:
    return "none" if not solutions else "unique" if len(solutions) == 1 else "multiple"


# ------------------------------------------------------------------------------------ strategies


@st.composite
def line_cases(draw: st.DrawFn, most: int = 10) -> tuple[Clue, int, int, int]:
    """A clue (often one that fits, now and then one too long), a length and disjoint known cells:
    from a line of the clue (so some arrangement keeps them) or at random (often a contradiction)."""
    n = draw(st.integers(1, most))
    if draw(st.booleans()):
        line = draw(st.integers(0, (1 << n) - 1))
        clue = line_clue(line_of(line, n))
        shown = draw(st.integers(0, (1 << n) - 1))
        filled, empty = line & shown, ~line & shown & ((1 << n) - 1)
    else:
        clue = tuple(draw(st.lists(st.integers(1, n), max_size=4)))
        filled = draw(st.integers(0, (1 << n) - 1))
        empty = draw(st.integers(0, (1 << n) - 1)) & ~filled
        if draw(st.booleans()):
            filled &= draw(st.integers(0, (1 << n) - 1))
            empty &= draw(st.integers(0, (1 << n) - 1))
    return clue, n, filled, empty


@st.composite
def pictures(draw: st.DrawFn, low: int = 5, high: int = 6) -> Picture:
    width, height = draw(st.integers(low, high)), draw(st.integers(low, high))
    share = draw(st.sampled_from([0.3, 0.5, 0.7]))
    rng = random.Random(draw(st.integers(0, 2**32)))
    return tuple("".join(FILLED if rng.random() < share else EMPTY for _ in range(width)) for _ in range(height))


def twisted(picture: Picture, rng: random.Random) -> Nonogram:
    """The picture's nonogram, now and then with two row (or column) clues swapped (the totals still
    agree, often no picture fits), with hints from the picture, or with hints at random (often
    contradicting it)."""
    rows, cols = (list(lines) for lines in clues_of(picture))
    height, width = len(picture), len(picture[0])
    roll = rng.random()
    if roll < 0.3:
        swap = rows if rng.random() < 0.5 else cols
        i, j = rng.randrange(len(swap)), rng.randrange(len(swap))
        swap[i], swap[j] = swap[j], swap[i]
    givens = [[UNKNOWN] * width for _ in range(height)]
    roll = rng.random()
    if roll < 0.4:
        for _ in range(rng.randint(1, 4)):
            r, c = rng.randrange(height), rng.randrange(width)
            givens[r][c] = picture[r][c]
    elif roll < 0.6:
        for _ in range(rng.randint(1, 3)):
            givens[rng.randrange(height)][rng.randrange(width)] = rng.choice((FILLED, EMPTY))
    return Nonogram(tuple(rows), tuple(cols), tuple("".join(row) for row in givens))


@st.composite
def small_puzzles(draw: st.DrawFn, low: int = 5, high: int = 6) -> Nonogram:
    picture = draw(pictures(low, high))
    return twisted(picture, random.Random(draw(st.integers(0, 2**32))))


# ------------------------------------------------------------------------------------ lines


def check_settle_line(case: tuple[Clue, int, int, int]) -> None:
    clue, n, filled, empty = case
    assert settle_line(list(clue), n, filled, empty) == forced(clue, n, filled, empty)


def check_overlap_line(case: tuple[Clue, int, int, int]) -> None:
    clue, n, filled, empty = case
    truth = forced(clue, n, filled, empty)
    found = overlap_line(list(clue), n, filled, empty)
    assert (found is None) == (truth is None)
    if found is not None and truth is not None:
        assert found[0] & filled == filled and found[1] & empty == empty, "known cells are kept"
        assert found[0] & ~truth[0] == 0, "overlap filled a cell some arrangement leaves empty"
        assert found[1] & ~truth[1] == 0, "overlap emptied a cell some arrangement fills"


@FAST
@given(case=line_cases())
def test_settle_line_is_what_every_arrangement_agrees_on(case: tuple[Clue, int, int, int]) -> None:
    check_settle_line(case)


@FAST
@given(case=line_cases())
def test_overlap_line_claims_only_forced_cells_and_fails_exactly_on_contradictions(
        case: tuple[Clue, int, int, int]) -> None:
    check_overlap_line(case)


@pytest.mark.slow
@MANY
@given(case=line_cases())
def test_the_line_solvers_on_many_lines(case: tuple[Clue, int, int, int]) -> None:
    """The two tests above with many more examples (a quarter of a minute)."""
    check_settle_line(case)
    check_overlap_line(case)


def test_on_a_blank_line_overlap_sees_all_there_is() -> None:
    """With nothing known, the runs' overlaps and the cells no run reaches are all a line forces."""
    for n in range(1, 11):
        for clue in lines_by_clue(n):
            assert overlap_line(list(clue), n, 0, 0) == forced(clue, n, 0, 0), (clue, n)


def test_the_line_solvers_on_hand_made_lines() -> None:
    assert settle_line([3], 5, 0, 0) == (0b00100, 0)
    assert overlap_line([3], 5, 0, 0) == (0b00100, 0)
    assert settle_line([], 4, 0, 0) == (0, 0b1111)
    assert settle_line([5], 5, 0, 0) == (0b11111, 0)
    assert settle_line([1, 1], 3, 0, 0) == (0b101, 0b010)
    assert settle_line([4], 3, 0, 0) is None
    assert overlap_line([4], 3, 0, 0) is None
    assert settle_line([1], 3, 0b001, 0) == (0b001, 0b110)  # the one run is placed: the rest empty
    assert settle_line([2], 4, 0b0001, 0b0010) is None  # the run at the left cannot grow past the empty
    # Which run a filled cell belongs to: overlap cannot tell, the exact reading can.
    clue, n, filled = [1, 2], 6, 0b010000
    exact = settle_line(clue, n, filled, 0)
    pencil = overlap_line(clue, n, filled, 0)
    assert exact is not None and pencil is not None
    assert exact == forced((1, 2), n, filled, 0)
    assert pencil[0] & ~exact[0] == 0 and pencil[1] & ~exact[1] == 0


@FEW
@given(data=st.data())
def test_overlap_never_says_more_than_the_exact_solver_on_long_lines(data: st.DataObject) -> None:
    n = data.draw(st.integers(11, 50))
    rng = random.Random(data.draw(st.integers(0, 2**32)))
    line = rng.getrandbits(n)
    shown = rng.getrandbits(n) & rng.getrandbits(n)
    clue = list(line_clue(line_of(line, n)))
    filled, empty = line & shown, ~line & shown & ((1 << n) - 1)
    exact = settle_line(clue, n, filled, empty)
    pencil = overlap_line(clue, n, filled, empty)
    assert exact is not None and pencil is not None
    assert exact[0] & line == exact[0] and exact[1] & line == 0, "the exact reading disagrees with the line"
    assert pencil[0] & ~exact[0] == 0 and pencil[1] & ~exact[1] == 0


# ------------------------------------------------------------------------------------ brute force checked


def test_the_row_product_brute_force_finds_what_every_picture_shows() -> None:
    """The product over rows (used on 5 x 5 and 6 x 6 boards) against looking at every picture."""
    rng = random.Random(7)
    for _ in range(150):
        width, height = rng.randint(1, 4), rng.randint(1, 3)
        picture = tuple("".join(rng.choice(FILLED + EMPTY) for _ in range(width)) for _ in range(height))
        puzzle = twisted(picture, rng)
        assert brute_solutions(puzzle) == enumerated_solutions(puzzle), puzzle


# ------------------------------------------------------------------------------------ the search and the proof


@FAST
@given(width=st.integers(1, 4), height=st.integers(1, 3), data=st.data())
def test_the_search_finds_every_picture_of_a_tiny_board(width: int, height: int, data: st.DataObject) -> None:
    """search.count takes any size (the proof refuses boards under 5): against all 2^(w*h) pictures."""
    rng = random.Random(data.draw(st.integers(0, 2**32)))
    picture = tuple("".join(rng.choice(FILLED + EMPTY) for _ in range(width)) for _ in range(height))
    puzzle = twisted(picture, rng)
    truth = enumerated_solutions(puzzle)
    found, complete, _ = count(puzzle, 10_000, 100_000)
    assert complete
    assert len(found) == len(set(found)) and set(found) == truth


def test_the_proof_refuses_boards_under_five_cells() -> None:
    """nonogram_problem refuses them, so count_solutions answers "none" without looking (a 4 x 4 board
    with a picture is not a nonogram of the book)."""
    picture = ("#..#", ".##.", ".##.", "#..#")
    puzzle = puzzle_of(picture)
    assert nonogram_problem(puzzle) is not None
    assert count_solutions(puzzle).status == "none"
    assert picture in brute_solutions(puzzle)  # though the picture itself fits its clues


def check_count(puzzle: Nonogram, truth: set[Picture], limit: int) -> SolveResult[Picture]:
    result = count_solutions(puzzle, limit=limit)
    assert len(result.solutions) == len(set(result.solutions)) == min(limit, len(truth))
    assert set(result.solutions) <= truth
    assert result.complete == (len(truth) < limit)
    if len(truth) < limit:
        assert set(result.solutions) == truth
    if limit == 2:
        assert result.status == status_of(truth)
    return result


@FAST
@given(puzzle=small_puzzles())
def test_count_solutions_agrees_with_brute_force(puzzle: Nonogram) -> None:
    truth = brute_solutions(puzzle) if nonogram_problem(puzzle) is None else set()
    check_count(puzzle, truth, 2)
    check_count(puzzle, truth, 1000)


def test_count_solutions_sees_all_three_verdicts() -> None:
    """Seeded puzzles of 5 x 5 to 6 x 6 cover unique, multiple and none (hinted and swapped clues
    alike), each answered as brute force does."""
    rng = random.Random(2024)
    seen: dict[str, int] = {"unique": 0, "multiple": 0, "none": 0}
    hinted_none = 0
    for _ in range(200):
        width, height = rng.randint(5, 6), rng.randint(5, 6)
        picture = tuple("".join(rng.choice(FILLED + EMPTY) for _ in range(width)) for _ in range(height))
        puzzle = twisted(picture, rng)
        if nonogram_problem(puzzle) is not None:
            continue
        truth = brute_solutions(puzzle)
        result = check_count(puzzle, truth, 2)
        seen[result.status] += 1
        hinted_none += result.status == "none" and bool(puzzle.hints)
    assert min(seen.values()) >= 5, seen
    assert hinted_none, "no puzzle whose hints contradict its clues was drawn"


def test_count_solutions_on_hand_made_boards() -> None:
    # A permutation matrix: every row and column one cell, 5! solutions.
    ones = Nonogram(((1,),) * 5, ((1,),) * 5, ("?????",) * 5)
    assert count_solutions(ones).status == "multiple"
    assert len(count_solutions(ones, limit=1000).solutions) == 120
    # Two hints leave 3! solutions, four leave one.
    hinted = Nonogram(((1,),) * 5, ((1,),) * 5, ("#????", "?#???", "?????", "?????", "?????"))
    assert len(count_solutions(hinted, limit=1000).solutions) == 6
    single = Nonogram(((1,),) * 5, ((1,),) * 5, ("#????", "?#???", "??#??", "???#?", "?????"))
    assert count_solutions(single).solutions == (("#....", ".#...", "..#..", "...#.", "....#"),)
    # Swapped row clues of a staircase: the totals agree, no picture fits.
    stairs = ("#....", "##...", "###..", "####.", "#####")
    rows, cols = clues_of(stairs)
    swapped = Nonogram((rows[4],) + rows[1:4] + (rows[0],), cols, ("?????",) * 5)
    assert nonogram_problem(swapped) is None
    assert not brute_solutions(swapped)
    assert count_solutions(swapped).status == "none"
    # A hint contradicting a unique picture.
    wrong = Nonogram(rows, cols, ("?????", "?????", "?????", "?????", "????."))
    assert count_solutions(wrong).status == "none"
    assert count_solutions(puzzle_of(stairs)).solutions == (stairs,)


PERMUTATION = Nonogram(((1,),) * 6, ((1,),) * 6, ("??????",) * 6)


@FAST
@given(puzzle=small_puzzles(), node_limit=st.integers(0, 4), limit=st.integers(2, 4))
def test_a_search_cut_short_never_claims_unique_or_none(puzzle: Nonogram, node_limit: int, limit: int) -> None:
    truth = brute_solutions(puzzle) if nonogram_problem(puzzle) is None else set()
    searched, complete, _ = count(puzzle, limit, node_limit)
    proved = count_solutions(puzzle, limit, node_limit)
    for found, status in ((searched, SolveResult(tuple(searched), complete and len(searched) < limit, 0).status),
                          (list(proved.solutions), proved.status)):
        assert set(found) <= truth and len(found) == len(set(found))
        if status != "unknown":
            assert status == status_of(truth)
        if status in ("unique", "none"):
            assert set(found) == truth


def test_a_node_limit_too_small_leaves_the_search_incomplete() -> None:
    for node_limit in (0, 1, 2, 5):
        found, complete, nodes = count(PERMUTATION, 1000, node_limit)
        assert not complete and nodes <= node_limit and len(found) <= node_limit
        result = count_solutions(PERMUTATION, limit=1000, node_limit=node_limit)
        assert not result.complete and result.status in ("unknown", "multiple")
        assert result.status == "unknown" or len(result.solutions) >= 2
    assert count_solutions(PERMUTATION, limit=1000, node_limit=1).status == "unknown"
    full = count_solutions(PERMUTATION, limit=1000)
    assert full.complete and len(full.solutions) == 720


# ------------------------------------------------------------------------------------ reasoning


def check_reasoning_sound(puzzle: Nonogram, truth: set[Picture]) -> None:
    for deepest in TECHNIQUES:
        reasoning = reason(puzzle, deepest)
        known = reasoning.state.rows()
        for r, row in enumerate(known):
            for c, cell in enumerate(row):
                if cell != UNKNOWN:
                    assert all(solution[r][c] == cell for solution in truth), (deepest, puzzle, r, c)
        if reasoning.solved:
            assert truth == {known}, (deepest, puzzle)
        if len(truth) >= 2:
            assert not reasoning.solved
        if reasoning.state.broken:
            assert not truth, (deepest, puzzle)


@FAST
@given(puzzle=small_puzzles(5, 7))
def test_reasoning_sets_only_cells_every_solution_agrees_on(puzzle: Nonogram) -> None:
    if nonogram_problem(puzzle) is not None:
        return
    check_reasoning_sound(puzzle, brute_solutions(puzzle))


@pytest.mark.slow
@settings(max_examples=600, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(puzzle=small_puzzles(5, 7))
def test_the_proof_and_reasoning_on_many_small_puzzles(puzzle: Nonogram) -> None:
    """The brute-force checks of count_solutions and reasoning with many more examples (some tens of
    seconds)."""
    if nonogram_problem(puzzle) is not None:
        return
    truth = brute_solutions(puzzle)
    check_count(puzzle, truth, 2)
    check_count(puzzle, truth, 1000)
    check_reasoning_sound(puzzle, truth)


@FEW
@given(picture=pictures(8, 12), hints=st.integers(0, 6), seed=st.integers(0, 2**32))
def test_reasoning_is_sound_on_larger_noise(picture: Picture, hints: int, seed: int) -> None:
    """Larger random pictures (often several solutions): the search lists them all as the reference."""
    rng = random.Random(seed)
    cells = [(r, c) for r in range(len(picture)) for c in range(len(picture[0]))]
    puzzle = puzzle_of(picture, rng.sample(cells, hints))
    found, complete, _ = count(puzzle, 200, 20_000)
    if not complete:
        return
    assert picture in found and all(solves(puzzle, each) for each in found)
    check_reasoning_sound(puzzle, set(found))


# ------------------------------------------------------------------------------------ settle (unique.py)


RANK = {level: i for i, level in enumerate(LEVELS)}


def check_settled(picture: Picture, level: str, policy: str) -> None:
    deepest = DEEPEST[level]
    settled = settle(picture, deepest, policy)
    puzzle = settled.puzzle
    # The puzzle is the settled picture's, with hints from it, and nothing else given.
    assert (puzzle.rows, puzzle.cols) == clues_of(settled.picture)
    assert list(settled.hints) == sorted(set(settled.hints))
    assert puzzle.hints == tuple((r, c, settled.picture[r][c]) for r, c in settled.hints)
    # Flips: only with the flips policy, at most one per FLIP_CELLS cells, each an outline pixel of
    # the picture as it was then (its neighbours differ from the first picture only where flipped).
    size = len(picture) * len(picture[0])
    if policy == "hints":
        assert settled.flips == () and settled.picture == picture
    else:
        assert len(settled.flips) <= max(1, size // FLIP_CELLS)
        assert list(settled.flips) == sorted(set(settled.flips))
        changed = {(r, c) for r, row in enumerate(picture) for c, cell in enumerate(row)
                   if settled.picture[r][c] != cell}
        assert changed == set(settled.flips)
        flipped = set(settled.flips)
        for r, c in settled.flips:
            near = [(r + dr, c + dc) for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1))
                    if 0 <= r + dr < len(picture) and 0 <= c + dc < len(picture[0])]
            assert any(picture[y][x] != picture[r][c] or (y, x) in flipped for y, x in near), (r, c)
        assert FILLED in "".join(settled.picture)
    # Unique, and the settled picture is the solution.
    proof = count_solutions(puzzle)
    assert proof.status == "unique" and proof.solutions == (settled.picture,)
    assert reason(puzzle, deepest).solved
    # The grade uses no technique beyond the level's; its level is no harder, but for the two rules
    # that are not about techniques: too many passes make an overlap-only puzzle medium, too many
    # contradictions make a hard one expert.
    graded = grade(puzzle)
    techniques = graded["techniques"]
    assert isinstance(techniques, dict)
    allowed = TECHNIQUES[: TECHNIQUES.index(deepest) + 1]
    assert set(techniques) <= set(allowed), (techniques, level)
    got = graded["level"]
    assert isinstance(got, str)
    if RANK[got] > RANK[level]:
        if level == "easy":
            sweeps = graded["sweeps"]
            assert got == "medium" and LINE not in techniques and isinstance(sweeps, int) and sweeps > EASY_SWEEPS
        else:
            assert level == "hard" and got == "expert", (got, level)
            assert DEEP not in techniques and techniques[CONTRADICTION] > HARD_MOST


@FEW
@given(width=st.integers(5, 14), height=st.integers(5, 14), seed=st.integers(0, 2**32),
       level=st.sampled_from(LEVELS), policy=st.sampled_from(["hints", "flips"]))
def test_settle_makes_doodles_unique(width: int, height: int, seed: int, level: str, policy: str) -> None:
    check_settled(doodle(width, height, random.Random(seed)), level, policy)


@FEW
@given(picture=pictures(5, 12), level=st.sampled_from(LEVELS), policy=st.sampled_from(["hints", "flips"]))
def test_settle_makes_noise_unique(picture: Picture, level: str, policy: str) -> None:
    if FILLED not in "".join(picture):
        return
    check_settled(picture, level, policy)


SMALL_LIBRARY = [name for name in library_names() if len(library_picture(name)) * len(library_picture(name)[0]) <= 420]


@pytest.mark.parametrize("name", SMALL_LIBRARY)
def test_settle_makes_library_pictures_unique(name: str) -> None:
    k = SMALL_LIBRARY.index(name)
    check_settled(library_picture(name), LEVELS[k % 4], ("hints", "flips")[k // 4 % 2])


@pytest.mark.slow
@pytest.mark.parametrize("name", library_names())
@pytest.mark.parametrize("policy", ["hints", "flips"])
def test_settle_makes_every_library_picture_unique_at_every_level(name: str, policy: str) -> None:
    """Every picture, level and policy (a minute or so: the 40-cell pictures' flips weigh dozens of
    candidate pictures)."""
    for level in LEVELS:
        check_settled(library_picture(name), level, policy)


def test_an_overlap_solvable_picture_can_still_grade_medium() -> None:
    """What check_settled allows: the anchor made solvable by overlap alone needs more passes than
    an easy puzzle may take."""
    settled = settle(library_picture("anchor"), OVERLAP)
    graded = grade(settled.puzzle)
    techniques = graded["techniques"]
    assert graded["level"] == "medium" and isinstance(techniques, dict) and set(techniques) == {OVERLAP}


# ------------------------------------------------------------------------------------ generate


def picture_job(name: str, changes: str = "hints") -> NonogramJob:
    picture = library_picture(name)
    return {"picture": name, "image": list(picture), "width": len(picture[0]), "height": len(picture),
            "changes": changes}


def check_record(record: dict[str, Any], difficulty: str) -> None:
    solution = tuple(record["solution"])
    rows, cols = clues_of(solution)
    assert record["rows"] == [list(clue) for clue in rows]
    assert record["cols"] == [list(clue) for clue in cols]
    assert len(record["grid"]) == len(solution)
    for given_row, row in zip(record["grid"], solution):
        assert len(given_row) == len(row)
        assert all(given in (UNKNOWN, cell) for given, cell in zip(given_row, row))
    hints = sum(cell != UNKNOWN for row in record["grid"] for cell in row)
    assert record["grade"]["hints"] == hints
    assert record["grade"]["level"] == record["difficulty"] == difficulty
    assert record["kind"] == "nonogram" and (record["width"], record["height"]) == (len(solution[0]), len(solution))
    puzzle = Nonogram(tuple(map(tuple, record["rows"])), tuple(map(tuple, record["cols"])), tuple(record["grid"]))
    assert nonogram_problem(puzzle) is None
    assert count_solutions(puzzle).solutions == (solution,)
    assert grade(puzzle)["level"] == difficulty


NATURAL = [("heart", "easy"), ("moon", "medium"), ("cup", "hard"), ("umbrella", "hard"), ("anchor", "expert")]


@pytest.mark.parametrize(("name", "difficulty"), NATURAL)
def test_a_library_picture_makes_its_own_level(name: str, difficulty: str) -> None:
    record = generate_nonogram(picture_job(name), difficulty, 11)
    check_record(record, difficulty)
    assert record["picture"] == name and record["attempts"] == 1
    if record["grade"]["flips"] == 0:
        assert tuple(record["solution"]) == library_picture(name)


@pytest.mark.parametrize(("name", "difficulty", "made"), [("heart", "hard", "easy"), ("heart", "medium", "easy"),
                                                          ("moon", "expert", "hard"), ("sun", "hard", "medium")])
def test_a_picture_asked_for_harder_than_it_is_says_its_level(name: str, difficulty: str, made: str) -> None:
    with pytest.raises(PuzzleBookError, match=rf"makes an? {made} nonogram, not {difficulty}") as raised:
        generate_nonogram(picture_job(name), difficulty, 11)
    assert repr(name) in str(raised.value)


@pytest.mark.parametrize("changes", ["hints", "flips"])
@pytest.mark.parametrize(("difficulty", "size"), [("easy", 10), ("easy", 15), ("hard", 10)])
def test_a_random_nonogram_is_the_same_for_the_same_seed(difficulty: str, size: int, changes: str) -> None:
    job: NonogramJob = {"picture": None, "image": None, "width": size, "height": size - 2, "changes": changes}
    first = generate_nonogram(job, difficulty, 5)
    assert generate_nonogram(job, difficulty, 5) == first
    check_record(first, difficulty)
    assert first["picture"] is None and first["seed"] == 5


def test_random_nonograms_differ_between_seeds() -> None:
    job: NonogramJob = {"picture": None, "image": None, "width": 10, "height": 10, "changes": "hints"}
    made = {tuple(generate_nonogram(job, "easy", seed)["solution"]) for seed in range(4)}
    assert len(made) > 1


# ------------------------------------------------------------------------------------ the grade's rules


def counts(overlap: int = 0, line: int = 0, contradiction: int = 0, deep: int = 0) -> dict[str, int]:
    return {OVERLAP: overlap, LINE: line, CONTRADICTION: contradiction, DEEP: deep}


@pytest.mark.parametrize(("made", "sweeps", "level"), [
    (counts(overlap=30), 1, "easy"),
    (counts(overlap=30), EASY_SWEEPS, "easy"),
    (counts(), 0, "easy"),
    (counts(overlap=30), EASY_SWEEPS + 1, "medium"),
    (counts(overlap=30, line=1), 2, "medium"),
    (counts(line=1), EASY_SWEEPS + 5, "medium"),
    (counts(overlap=30, contradiction=1), 2, "hard"),
    (counts(overlap=30, line=4, contradiction=HARD_MOST), 40, "hard"),
    (counts(contradiction=HARD_MOST + 1), 2, "expert"),
    (counts(overlap=30, deep=1), 2, "expert"),
    (counts(deep=1), 0, "expert"),
])
def test_level_of(made: dict[str, int], sweeps: int, level: str) -> None:
    assert level_of(made, sweeps) == level


def test_grade_refuses_what_reasoning_cannot_finish() -> None:
    with pytest.raises(PuzzleBookError, match="'multiple'"):
        grade(PERMUTATION)
    stairs = ("#....", "##...", "###..", "####.", "#####")
    rows, cols = clues_of(stairs)
    with pytest.raises(PuzzleBookError, match="'none'"):
        grade(Nonogram((rows[4],) + rows[1:4] + (rows[0],), cols, ("?????",) * 5))
    assert grade(puzzle_of(stairs))["level"] == "easy"


# ------------------------------------------------------------------------------------ compiled and source


def agreement_answers() -> dict[str, Any]:
    """What the compiled modules answer (lines, reasoning, search, proof, settle) on seeded inputs, as
    JSON: run here and in a process that takes the sources, the two must be equal."""
    rng = random.Random(99)
    lines_out = []
    for _ in range(300):
        n = rng.randint(1, 40)
        line = rng.getrandbits(n)
        clue = list(line_clue(line_of(line, n))) if rng.random() < 0.8 else [rng.randint(1, 6) for _ in range(3)]
        shown = rng.getrandbits(n) & rng.getrandbits(n)
        filled, empty = line & shown, ~line & shown & ((1 << n) - 1)
        lines_out.append([settle_line(clue, n, filled, empty), overlap_line(clue, n, filled, empty)])
    puzzles = [settle(library_picture(name), DEEPEST[level]).puzzle for name, level in NATURAL]
    puzzles += [puzzle_of(library_picture(name)) for name in ("scissors", "moon")]
    for seed in range(6):
        size = 8 + seed % 2
        noise = tuple("".join(rng.choice(FILLED + EMPTY) for _ in range(size)) for _ in range(size))
        puzzles.append(puzzle_of(noise))
    puzzles.append(PERMUTATION)
    puzzle_out = []
    for puzzle in puzzles:
        entry: dict[str, Any] = {}
        for deepest in TECHNIQUES:
            reasoning = reason(puzzle, deepest)
            entry[deepest] = [reasoning.counts, reasoning.state.sweeps, reasoning.solved, reasoning.exhausted,
                              list(reasoning.state.rows()), [repr(step) for step in reasoning.steps]]
        proof = count_solutions(puzzle, limit=3, node_limit=5_000)
        entry["proof"] = [list(proof.solutions), proof.complete, proof.nodes]
        entry["search"] = list(count(puzzle, 3, 50))
        puzzle_out.append(entry)
    settled = []
    for seed in range(2):
        picture = doodle(12, 10, random.Random(seed))
        for level in LEVELS:
            made = settle(picture, DEEPEST[level], "flips")
            settled.append([list(made.picture), list(made.hints), list(made.flips)])
    return {"compiled": native.is_compiled(lines_module), "lines": lines_out, "puzzles": puzzle_out,
            "settled": settled}


def test_the_compiled_and_interpreted_solvers_agree() -> None:
    if not native.is_compiled(lines_module):
        pytest.skip("the nonogram modules are not compiled here: nothing to compare")
    here = json.loads(json.dumps(agreement_answers()))
    env = {**os.environ, native.SWITCH: "0"}
    done = subprocess.run(
        [sys.executable, "-c", "import json; from tests.test_nonogram_solve import agreement_answers; "
                               "print(json.dumps(agreement_answers()))"],
        cwd=ROOT, env=env, capture_output=True, text=True, check=False, timeout=300)
    assert done.returncode == 0, done.stderr
    there = json.loads(done.stdout)
    assert here.pop("compiled") is True and there.pop("compiled") is False
    assert here["lines"] == there["lines"]
    for ours, theirs in zip(here["puzzles"], there["puzzles"], strict=True):
        assert ours == theirs
    assert here["settled"] == there["settled"]
