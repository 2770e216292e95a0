"""Killer, Jigsaw and Sudoku X: the search against brute force, every technique's steps true of the
solution, generated puzzles unique (by an independent checker) and graded at the level asked for,
records and fingerprints, and the how-to examples."""

from __future__ import annotations

import io
import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pipeline.kinds import registry
from pipeline.kinds.sudoku.houses import Cage
from pipeline.kinds.sudoku.marks import Marks, geometry_of
from pipeline.kinds.variants.cages import random_cages
from pipeline.kinds.variants.generate import fill, generate
from pipeline.kinds.variants.grade import BANDS, LEVELS, WEIGHTS, explained, grade, techniques
from pipeline.kinds.variants.guide import GUIDES
from pipeline.kinds.variants.killer import KILLER_TECHNIQUES, cage_combination, rule_of_45
from pipeline.kinds.variants.puzzle import Variant, boxed, check_variant, is_solution
from pipeline.kinds.variants.regions import random_regions
from pipeline.kinds.variants.search import solve


def brute_force(puzzle: Variant, limit: int = 2) -> list[tuple[int, ...]]:
    """Every solution (up to `limit`) by plain backtracking over the cells in order, checking the rules
    as written: no propagation, no shared code with the search under test."""
    n = puzzle.n
    units = puzzle.houses().units()
    cage_of = {i: cage for cage in puzzle.cages for i in cage.cells}
    cells = list(puzzle.cells)
    found: list[tuple[int, ...]] = []

    def fits(i: int, d: int) -> bool:
        for unit in units:
            if i in unit and any(cells[j] == d for j in unit if j != i):
                return False
        cage = cage_of.get(i)
        if cage is not None:
            values = [cells[j] for j in cage.cells if j != i]
            if d in values:
                return False
            placed = [v for v in values if v]
            if sum(placed) + d > cage.total:
                return False
            if len(placed) == len(values) and sum(placed) + d != cage.total:
                return False
        return True

    def visit(i: int) -> None:
        if len(found) >= limit:
            return
        if i == n * n:
            found.append(tuple(cells))
            return
        if puzzle.cells[i]:
            if fits(i, cells[i]):
                visit(i + 1)
            return
        for d in range(1, n + 1):
            if fits(i, d):
                cells[i] = d
                visit(i + 1)
                cells[i] = 0

    visit(0)
    return found


def small_puzzle(rule: str, seed: int, keep: float) -> tuple[Variant, tuple[int, ...]]:
    """A random small puzzle (4x4 boxes, 5x5 Jigsaw) from a random solution: givens kept at rate
    `keep` (a Killer keeps none, its cages cut at random)."""
    rng = random.Random(seed)
    n = 5 if rule == "jigsaw" else 4
    frame = Variant(rule, n, random_regions(n, rng), (0,) * (n * n)) if rule == "jigsaw" else boxed(rule, n)
    solution = None
    while solution is None:
        solution = fill(frame, rng)
        if solution is None:
            frame = Variant(rule, n, random_regions(n, rng), (0,) * (n * n))
    if rule == "killer":
        cages = random_cages(solution, n, rng, (0.1, 0.5, 0.3, 0.1))
        return boxed("killer", n, tuple(v if rng.random() < keep / 4 else 0 for v in solution), cages), solution
    return frame.with_cells(tuple(v if rng.random() < keep else 0 for v in solution)), solution


@settings(max_examples=60, deadline=None)
@given(rule=st.sampled_from(("killer", "jigsaw", "sudokux")), seed=st.integers(0, 10**6),
       keep=st.floats(0.0, 0.6))
def test_search_agrees_with_brute_force(rule: str, seed: int, keep: float) -> None:
    puzzle, _ = small_puzzle(rule, seed, keep)
    expected = brute_force(puzzle, 3)
    for limit in (1, 2, 3):
        result = solve(puzzle.houses(), puzzle.cells, limit)
        assert result.complete or len(result.solutions) == limit
        assert len(set(result.solutions)) == len(result.solutions) == min(limit, len(expected))
        assert all(is_solution(puzzle, s) for s in result.solutions)
        if len(expected) < 3:  # the brute force saw every solution
            assert set(result.solutions) <= set(expected)
    status = solve(puzzle.houses(), puzzle.cells, 2).status
    assert status == {0: "none", 1: "unique"}.get(len(expected), "multiple")


def test_search_stops_at_its_budget() -> None:
    open_x = boxed("sudokux", 9)
    result = solve(open_x.houses(), open_x.cells, 2, node_limit=3)
    assert not result.complete and result.status == "unknown"


@settings(max_examples=25, deadline=None)
@given(rule=st.sampled_from(("killer", "jigsaw", "sudokux")), seed=st.integers(0, 10**6))
def test_every_step_is_true_of_the_solution(rule: str, seed: int) -> None:
    """Run every technique, not only the first that helps: none places a wrong digit or erases a right
    one, on random small puzzles with one solution or many (the techniques must be sound either way,
    so a step only ever removes what no solution has)."""
    puzzle, solution = small_puzzle(rule, seed, 0.3)
    solutions = brute_force(puzzle, 50)
    geo = geometry_of(puzzle.houses())
    marks = Marks(geo, puzzle.cells)
    for _ in range(60):
        progress = False
        for technique in techniques(puzzle, geo):
            step = technique(marks)
            if step is None:
                continue
            for i, d in step.place:
                assert all(s[i] == d for s in solutions), (step, solutions[:1])
            for i, d in step.remove:
                assert all(s[i] != d for s in solutions), (step, solutions[:1])
            marks.apply(step)
            progress = True
            break
        if not progress or not marks.left:
            break


@pytest.mark.parametrize("rule,n,level", [
    ("killer", 6, "easy"), ("killer", 6, "medium"), ("killer", 6, "hard"),
    ("jigsaw", 6, "easy"), ("jigsaw", 6, "medium"), ("jigsaw", 7, "hard"),
    ("sudokux", 6, "easy"), ("sudokux", 6, "medium"), ("sudokux", 6, "hard"),
])
def test_generated_puzzles_are_unique_and_at_their_level(rule: str, n: int, level: str) -> None:
    for seed in (1, 2):
        record = generate(rule, n, level, seed)
        kind = registry.kind(rule)
        puzzle, solution = kind.read_record(record)
        assert brute_force(puzzle, 2) == [solution], "an independent search finds exactly the recorded solution"
        assert record["grade"]["level"] == level
        low, high = BANDS[level]
        assert low <= record["grade"]["rating"] <= high
        assert grade(puzzle) == record["grade"], "a full grade agrees with the generator's"
        assert kind.board_problem(record, kind.job_params(kind.params(size=n), 1)) is None
        assert generate(rule, n, level, seed) == record, "the seed alone decides the puzzle"


def test_a_killer_has_no_givens_and_cages_that_cover_the_grid() -> None:
    record = generate("killer", 9, "easy", 4)
    assert set(record["grid"]) == {"."}
    puzzle, solution = registry.kind("killer").read_record(record)
    assert sorted(i for cage in puzzle.cages for i in cage.cells) == list(range(81))
    assert all(sum(solution[i] for i in cage.cells) == cage.total for cage in puzzle.cages)
    assert 1 <= max(len(cage.cells) for cage in puzzle.cages) <= 6
    assert json.loads(json.dumps(record)) == record


def test_levels_need_strictly_harder_techniques() -> None:
    """The hardest technique's weight rises with the level asked for (each level's own band)."""
    for rule, n in (("killer", 6), ("sudokux", 6)):
        weights = [generate(rule, n, level, 3)["grade"]["rating"] for level in ("easy", "medium", "hard")]
        assert weights == sorted(weights) and len(set(weights)) == 3


def test_killer_techniques_name_their_cages() -> None:
    puzzle = GUIDES["killer"].puzzle
    steps = explained(puzzle).steps
    combination = next(step for step in steps if step.technique == "cage_combination")
    assert combination.cages and set(combination.cells) == set(puzzle.cages[combination.cages[0]].cells)
    explanation = registry.kind("killer").explain(puzzle)
    assert any("cage at r1c2" in step.text for step in explanation.steps)


def test_rule_of_45_places_the_cell_a_house_leaves() -> None:
    """Row 1 of a 4x4 Killer adds up to 10: a cage of 6 in r1c1-r1c3 leaves r1c4 = 4 (an innie), and
    the cage of 6 it shares with r2c4 leaves r2c4 = 2 (an outie)."""
    solution = (1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1)
    cages = (Cage(6, (0, 1, 2)), Cage(6, (3, 7)), Cage(7, (4, 5)), Cage(1, (6,)), Cage(3, (8, 9)),
             Cage(7, (10, 11)), Cage(7, (12, 13)), Cage(3, (14, 15)))
    puzzle = boxed("killer", 4, cages=cages)
    check_variant(puzzle)
    marks = Marks(geometry_of(puzzle.houses()), puzzle.cells)
    step = rule_of_45(marks)
    assert step is not None and step.place == ((3, 4),) and step.units == (0,) and step.cages == (1,)
    marks.apply(step)
    step = rule_of_45(marks)
    assert step is not None and step.place == ((7, 2),)
    assert all(solution[i] == d for i, d in step.place)


@pytest.mark.parametrize("rule", ["killer", "jigsaw", "sudokux"])
def test_records_round_trip_and_faults_are_named(rule: str) -> None:
    kind = registry.kind(rule)
    n = 7 if rule == "jigsaw" else 6
    record = generate(rule, n, "easy", 5)
    puzzle, solution = kind.read_record(record)
    assert kind.read_record({**record, **kind.write_record(puzzle, solution)}) == (puzzle, solution)
    job = kind.job_params(kind.params(size=n), 1)
    assert kind.board_problem({**record, "solution": record["solution"][::-1]}, job) is not None
    assert "not a" in (kind.board_problem({**record, "grid": record["grid"] + "."}, job) or "")
    if rule == "killer":
        cages = [dict(cage) for cage in record["cages"]]
        cages[0] = {**cages[0], "sum": cages[0]["sum"] + 1}
        cages[1] = {**cages[1], "sum": cages[1]["sum"] - 1}
        assert kind.board_problem({**record, "cages": cages}, job) is not None


@pytest.mark.parametrize("rule", ["killer", "jigsaw", "sudokux"])
def test_fingerprint_sees_through_turns_and_relabelling(rule: str) -> None:
    kind = registry.kind(rule)
    n = 9 if rule != "jigsaw" else 7
    puzzle, solution = kind.read_record(generate(rule, n, "easy", 6))
    turn = [(c, n - 1 - r) for r, c in (divmod(i, n) for i in range(n * n))]
    to = [r * n + c for r, c in turn]

    def moved(values: tuple[int, ...]) -> tuple[int, ...]:
        out = [0] * len(values)
        for i, v in enumerate(values):
            out[to[i]] = v
        return tuple(out)

    cages = tuple(Cage(cage.total, tuple(sorted(to[i] for i in cage.cells))) for cage in puzzle.cages)
    turned = Variant(rule, n, moved(puzzle.regions), moved(puzzle.cells), cages)
    assert kind.fingerprint(turned, moved(solution)) == kind.fingerprint(puzzle, solution)
    if rule != "killer":
        swap = {d: n + 1 - d for d in range(1, n + 1)}
        relabelled = puzzle.with_cells(tuple(swap[v] if v else 0 for v in puzzle.cells))
        assert kind.fingerprint(relabelled, tuple(swap[v] for v in solution)) == kind.fingerprint(puzzle, solution)
    other, other_solution = kind.read_record(generate(rule, n, "easy", 7))
    assert kind.fingerprint(other, other_solution).puzzle != kind.fingerprint(puzzle, solution).puzzle


@pytest.mark.parametrize("rule", ["killer", "jigsaw", "sudokux"])
def test_the_worked_examples_are_unique_and_their_first_tips_true(rule: str) -> None:
    guide = GUIDES[rule]
    puzzle = guide.puzzle
    check_variant(puzzle)
    solution = tuple(int(d) for d in guide.solution)
    assert brute_force(puzzle, 2) == [solution]
    assert explained(puzzle).solved
    steps = explained(puzzle).steps
    if rule == "killer":  # the 9 cage across the top holds 2, 3, 4: r1c1 is 1, r2c1 is 4
        assert solution[0] == 1 and solution[4] == 4
        assert steps[0].technique == "cage_combination" and steps[0].cages == (1,)
    elif rule == "jigsaw":  # the top left region's 3 goes in r1c2
        assert steps[0].place == ((1, 3),) and steps[0].technique == "hidden_single_box"
    else:  # the main diagonal's empty cell r3c3 is 4
        assert steps[0].place == ((10, 4),) and steps[0].units == (12,)


def test_every_technique_has_a_weight_and_a_name() -> None:
    from pipeline.kinds.variants.grade import NAMES

    for technique in KILLER_TECHNIQUES:
        assert technique.__name__ in WEIGHTS
    for step_name in ("cage_combination", "rule_of_45", "hidden_cage", "cage_splitting", "rule_of_45_union",
                      "cage_pointing", "one_cell_cage"):
        assert step_name in NAMES
    assert LEVELS[:4] == ("easy", "medium", "hard", "expert")


def test_unknown_rules_sizes_and_levels_are_refused() -> None:
    from pipeline.errors import PuzzleBookError

    with pytest.raises(PuzzleBookError, match="side is 5; allowed: 4, 6, 8, 9"):
        generate("killer", 5, "easy", 1)
    with pytest.raises(PuzzleBookError, match="side is 10"):
        generate("jigsaw", 10, "easy", 1)
    with pytest.raises(PuzzleBookError, match="made at easy, medium, hard, expert"):
        generate("sudokux", 9, "extreme", 1)
    with pytest.raises(PuzzleBookError, match="a 6x6 killer is made up to hard, not expert"):
        generate("killer", 6, "expert", 1)
    with pytest.raises(PuzzleBookError, match="a 4x4 sudokux is made up to easy"):
        generate("sudokux", 4, "medium", 1)


@pytest.mark.parametrize("rule", ["killer", "jigsaw", "sudokux"])
def test_a_blank_grid_draws_as_the_board_it_will_be(rule: str) -> None:
    """The studio's board preview draws a section's blank grid (records' form, no frame yet) alone on a
    page, as every kind's: a real PDF of one page, never an error."""
    from pypdf import PdfReader

    from pipeline.typeset.single import puzzle_pdf

    kind = registry.kind(rule)
    job = kind.job_params(kind.params(size=6), 1)
    pdf = puzzle_pdf(rule, kind.blank_grid(job, 1), large_print=False)
    assert len(PdfReader(io.BytesIO(pdf)).pages) == 1
