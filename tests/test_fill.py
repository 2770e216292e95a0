"""The fill-in solver against a brute force on tiny random grids (givens, repeated words, impossible
lists), its node limit, and the person's grader: every step any technique finds is true of the unique
filling, one hand-found puzzle a level, and a refusal when logic cannot finish."""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence

from hypothesis import given, settings
from hypothesis import strategies as st

import pytest

from pipeline.kinds.crossword import fillgrade as fg
from pipeline.kinds.crossword.fill import State, compile_problem, fillings, is_filling
from pipeline.kinds.crossword.grid import BLOCK, EMPTY, Cell, read, slots_of

# ---------------------------------------------------------------- a tiny builder and a brute force


def lay(words: Sequence[str], rng: random.Random) -> tuple[str, ...] | None:
    """The words laid crosswise, each crossing one already down, no letter touching another but where
    they cross; the grid (letters and '#'), or None when a word finds no place."""
    letters: dict[Cell, str] = {}
    used: set[tuple[Cell, str]] = set()

    def step(direction: str) -> Cell:
        return (0, 1) if direction == "across" else (1, 0)

    def fits(word: str, r: int, c: int, direction: str) -> bool:
        dr, dc = step(direction)
        if (r - dr, c - dc) in letters or (r + len(word) * dr, c + len(word) * dc) in letters:
            return False
        shared = 0
        for i, char in enumerate(word):
            cell = (r + i * dr, c + i * dc)
            if cell in letters:
                if letters[cell] != char or (cell, direction) in used:
                    return False
                shared += 1
            elif (cell[0] + dc, cell[1] + dr) in letters or (cell[0] - dc, cell[1] - dr) in letters:
                return False
        return 0 < shared < len(word)

    def put(word: str, r: int, c: int, direction: str) -> None:
        dr, dc = step(direction)
        for i, char in enumerate(word):
            letters[(r + i * dr, c + i * dc)] = char
            used.add(((r + i * dr, c + i * dc), direction))

    put(words[0], 0, 0, "across")
    for word in words[1:]:
        places = [(r - i * dr, c - i * dc, direction)
                  for (r, c), char in sorted(letters.items()) for i, x in enumerate(word) if x == char
                  for direction in ("across", "down") for dr, dc in (step(direction),)
                  if fits(word, r - i * dr, c - i * dc, direction)]
        if not places:
            return None
        put(word, *rng.choice(places))
    top, left = min(r for r, _ in letters), min(c for _, c in letters)
    bottom, right = max(r for r, _ in letters), max(c for _, c in letters)
    return tuple("".join(letters.get((r, c), BLOCK) for c in range(left, right + 1)) for r in range(top, bottom + 1))


def brute(rows: Sequence[str], words: Sequence[str]) -> set[tuple[str, ...]]:
    """Every filling, by trying every order of the words over the slots."""
    slots = slots_of(rows)
    if len(slots) != len(words):
        return set()
    found = set()
    for order in itertools.permutations(words):
        grid = [list(row) for row in rows]
        ok = True
        for slot, word in zip(slots, order):
            if len(word) != slot.length:
                ok = False
                break
            for (r, c), char in zip(slot.cells(), word):
                if grid[r][c] not in (EMPTY, char):
                    ok = False
                grid[r][c] = char
        if ok and not any(EMPTY in row for row in grid):
            found.add(tuple("".join(row) for row in grid))
    return found


def puzzle(seed: int, count: tuple[int, int], alphabet: str) -> tuple[tuple[str, ...], list[str], tuple[str, ...]] | None:
    """A random grid of `count` words over `alphabet` (small, so fillings are often several): the
    blank grid, its words and the filling it was built from."""
    rng = random.Random(seed)
    words = ["".join(rng.choice(alphabet) for _ in range(rng.randint(2, 4))) for _ in range(rng.randint(*count))]
    if rng.random() < 0.3:
        words.append(words[0])
    solution = lay(words, rng)
    if solution is None:
        return None
    blank = tuple("".join(BLOCK if char == BLOCK else EMPTY for char in row) for row in solution)
    return blank, [read(solution, slot) for slot in slots_of(solution)], solution


def with_givens(blank: Sequence[str], solution: Sequence[str], rng: random.Random, share: float) -> tuple[str, ...]:
    return tuple("".join(s if b == EMPTY and rng.random() < share else b for b, s in zip(brow, srow))
                 for brow, srow in zip(blank, solution))


# ---------------------------------------------------------------- the exact solver


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 10**9), st.sampled_from(["AB", "ABC", "ABCDE"]), st.floats(0, 0.5), st.integers(1, 4))
def test_fillings_agree_with_brute_force(seed: int, alphabet: str, share: float, limit: int) -> None:
    made = puzzle(seed, (2, 6), alphabet)
    if made is None or len(made[1]) > 6:
        return
    blank, words, solution = made
    rows = with_givens(blank, solution, random.Random(seed), share)
    every = brute(rows, words)
    assert solution in every
    result = fillings(rows, words, limit=limit)
    assert result.complete
    assert len(result.solutions) == min(limit, len(every))
    assert len(set(result.solutions)) == len(result.solutions)
    assert set(result.solutions) <= every
    assert set(fillings(rows, words, limit=1000).solutions) == every
    assert all(is_filling(rows, words, found) for found in result.solutions)


@settings(max_examples=80, deadline=None)
@given(st.integers(0, 10**9), st.sampled_from(["change", "drop", "add", "lengthen"]))
def test_impossible_lists_agree_with_brute_force(seed: int, how: str) -> None:
    made = puzzle(seed, (2, 5), "ABC")
    if made is None or len(made[1]) > 6:
        return
    blank, words, solution = made
    rng = random.Random(seed)
    k = rng.randrange(len(words))
    if how == "change":
        words[k] = "".join(rng.choice("ABCD") for _ in words[k])
    elif how == "drop":
        words.pop(k)
    elif how == "add":
        words.append(words[k])
    else:
        words[k] += "A"
    expected = brute(blank, words) if len(words) == len(slots_of(blank)) else set()
    result = fillings(blank, words, limit=1000)
    assert result.complete and set(result.solutions) == expected
    assert is_filling(blank, words, solution) == (solution in expected)


def test_repeated_words_are_one_filling() -> None:
    rows = ("...", ".#.", "...")
    words = ["ABA"] * 4
    assert fillings(rows, words, limit=5).solutions == (("ABA", "B#B", "ABA"),)
    assert fillings(rows, ["ABA"] * 3 + ["ABB"], limit=5).solutions == ()


def test_mismatched_lengths_and_lone_squares_have_no_filling() -> None:
    assert fillings(("...", "#.#"), ["ABC", "BA"]).solutions == (("ABC", "#A#"),)
    assert fillings(("...", "#.#"), ["ABC", "AD"]).solutions == ()
    assert fillings(("...", "#.#"), ["ABC", "BAA"]).solutions == ()
    assert fillings(("..#", "##."), ["AB"]).solutions == ()
    assert fillings(("..#", "##C"), ["AB"]).solutions == (("AB#", "##C"),)


def test_unicode_letters_and_givens() -> None:
    rows = ("Ñ..", "#.#", "#.#")
    assert fillings(rows, ["ÑÄÖ", "ÄÜÉ"]).solutions == (("ÑÄÖ", "#Ü#", "#É#"),)
    assert fillings(rows, ["NÄÖ", "ÄÜÉ"]).solutions == ()


def test_node_limit_stops_and_says_so() -> None:
    rows, words = ("..", ".."), ["AB", "CD", "AC", "BD"]
    assert len(fillings(rows, words).solutions) == 2
    stopped = fillings(rows, words, limit=2, node_limit=1)
    assert not stopped.complete and stopped.nodes == 1
    assert fillings(rows, words, limit=2, node_limit=100).complete


def test_is_filling_checks_shape_givens_and_words() -> None:
    rows = ("A..", "#.#")
    assert is_filling(rows, ["ABC", "BD"], ("ABC", "#D#"))
    assert not is_filling(rows, ["ABC", "BD"], ("ABC", "#D"))
    assert not is_filling(rows, ["XBC", "BD"], ("XBC", "#D#"))
    assert not is_filling(rows, ["ABC", "BD"], ("ABC", "#.#"))
    assert not is_filling(rows, ["ABC", "BD", "BD"], ("ABC", "#D#"))


# ---------------------------------------------------------------- the person's grader


def unique_puzzles(count: int, words: tuple[int, int], alphabet: str) -> list[tuple[tuple[str, ...], list[str], tuple[str, ...]]]:
    found = []
    for seed in itertools.count():
        made = puzzle(seed, words, alphabet)
        if made and len(fillings(made[0], made[1]).solutions) == 1:
            found.append(made)
            if len(found) == count:
                return found
    raise AssertionError


def test_every_step_of_every_technique_is_true_of_the_filling() -> None:
    """On each state along the grader's route, each technique's find holds in the unique filling."""
    seen = set()
    for blank, words, solution in unique_puzzles(60, (4, 12), "ABCD"):
        problem = compile_problem(blank, words)
        assert problem is not None
        truth = [problem.words[problem.group_of[s]].index(read(solution, slot)) for s, slot in enumerate(problem.slots)]
        state = State.start(problem)
        budget = fg.Budget(fg.EFFORT)
        while not state.solved():
            assert fg.contradiction(problem, state) is None
            for name, technique in fg.FINDERS.items():
                move = technique(problem, state.copy(), budget)
                if move is None:
                    continue
                seen.add(name)
                if move.word >= 0:
                    assert move.word == truth[move.slot], name
                else:
                    assert move.removed and not move.removed >> truth[move.slot] & 1, name
            move = fg.next_move(problem, state, fg.ALL, budget)
            assert move is not None
            fg.apply(problem, state, move)
        assert state.grid(problem) == solution
    assert seen == set(fg.TECHNIQUES)


def test_explanations_of_unique_puzzles_are_true() -> None:
    for blank, words, solution in unique_puzzles(30, (3, 10), "ABC"):
        explained = fg.explain(blank, words)
        assert explained.solved and explained.level in fg.LEVELS
        for step in explained.steps:
            assert step.text and step.number >= 1
            if step.word is not None:
                assert step.word == read(solution, step.slot)
            else:
                assert step.removed and read(solution, step.slot) not in step.removed


# One puzzle a level, found among random tiny grids: the hardest technique each needs.
LEVEL_PUZZLES = {
    "easy": (("...##", ".#.##", "....."), ["AAA", "AABCB", "ABC", "CCB"]),
    "medium": (("###.#", ".....", ".##.#", ".....", ".##.#"), ["ACDBC", "CABCD", "CCDBB", "CDCB"]),
    "hard": (("....", "#.#.", "#.#.", "...."), ["AABB", "BBCB", "DABD", "DACB"]),
    "expert": ((".#.", ".#.", "...", "#.#", "#.#"), ["AAC", "ABC", "BBB", "CCA"]),
}


def test_levels_follow_the_techniques() -> None:
    none = {name: 0 for name in fg.TECHNIQUES}
    assert fg.level_of(none | {"one_candidate": 9}) == "easy"
    assert fg.level_of(none | {"one_slot": 1}) == "medium"
    assert fg.level_of(none | {"crossing_elimination": fg.FEW_ELIMINATIONS}) == "medium"
    assert fg.level_of(none | {"crossing_elimination": fg.FEW_ELIMINATIONS + 1}) == "hard"
    assert fg.level_of(none | {"trial": 1, "one_slot": 3}) == "expert"


@pytest.mark.parametrize("level", fg.LEVELS)
def test_each_level_has_a_puzzle_that_needs_it(level: str) -> None:
    rows, words = LEVEL_PUZZLES[level]
    assert len(fillings(rows, words).solutions) == 1
    graded = fg.grade(rows, words)
    assert graded["level"] == level
    counts = graded["counts"]
    assert isinstance(counts, dict) and sum(counts.values()) == graded["steps"]
    assert fg.level_of(counts) == level


def test_a_step_reads_like_english() -> None:
    explained = fg.explain(*LEVEL_PUZZLES["expert"])
    texts = [step.text for step in explained.steps]
    assert texts[0] == "1 down (3 letters): if AAC went here, 2 down would have no word left; so AAC is ruled out"
    assert "3 across (3 letters): only ABC fits the letters written so far" in texts
    assert explained.hardest == "trial" and explained.counts["trial"] == 2


def test_grade_refuses_two_fillings_logic_cannot_split() -> None:
    rows, words = ("..", ".."), ["AB", "CD", "AC", "BD"]
    assert len(fillings(rows, words).solutions) == 2
    with pytest.raises(ValueError, match="beyond"):
        fg.grade(rows, words)
    assert fg.explain(rows, words).level is None


def test_grade_refuses_a_list_with_no_filling() -> None:
    with pytest.raises(ValueError, match="no filling"):
        fg.grade(("...", "#.#"), ["ABC", "AD"])
    with pytest.raises(ValueError, match="no filling"):
        fg.grade(("...", "#.#"), ["ABC", "XY"])


def test_effort_budget_stops_the_grader() -> None:
    rows, words = LEVEL_PUZZLES["expert"]
    stopped = fg.explain(rows, words, effort=3)
    assert not stopped.solved and stopped.ended == fg.OUT_OF_EFFORT
