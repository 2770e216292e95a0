"""The logical Hidato/Numbrix solver: each technique on a hand-made position, soundness on every
published corpus puzzle and on random small boards, and the fast predicates agreeing with the grade."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pipeline.cli import main
from pipeline.errors import PuzzleBookError
from pipeline.kinds.hidato import probe
from pipeline.kinds.hidato import techniques as tq
from pipeline.kinds.hidato.board import Board, Grid
from pipeline.kinds.hidato.dig import dig
from pipeline.kinds.hidato.generate import number_path
from pipeline.kinds.hidato.grade import grade
from pipeline.kinds.hidato.logic import (
    LEVELS,
    TECHNIQUE_LEVEL,
    board_candidates,
    level_of_candidates,
    solvable,
    solvable_candidates,
    solve_logically,
    trial,
)
from pipeline.kinds.hidato.path import hamiltonian_path
from pipeline.kinds.hidato.solve import solve
from pipeline.kinds.hidato.textformat import parse_puzzles
from pipeline.shapes import make_mask

DATA = Path(__file__).parent / "data"
CORPUS = [json.loads(line) for line in (DATA / "hidato.jsonl").read_text().splitlines() if line.strip()]

# Small puzzles each needing one technique as its hardest (found among dug 3x3-5x5 boards).
NEEDS_WINDOW = "5 . 9\n. . .\n. . 1\n"  # orthogonal
NEEDS_ROUTES = ". . .\n3 1 .\n. . 9\n"  # king
NEEDS_PAIRS = "7 . 1\n9 . .\n. . .\n"  # king
NEEDS_TRIAL = ". 16 1 .\n15 . . .\n10 . . .\n. . 6 5\n"  # king


def board(text: str, adjacency: str = "king") -> Board:
    return parse_puzzles(text, "<test>", adjacency)[0].board  # type: ignore[arg-type]


def state(text: str, adjacency: str = "king") -> tq.State:
    b = board(text, adjacency)
    cand, geo = board_candidates(b)
    return tq.State(cand, b.size, geo)


def at(s: tq.State, r: int, c: int) -> int:
    return s.geo.bit(r, c)


def free_cands(s: tq.State, k: int) -> int:
    return s.cand[k] & ~s.taken


def solution_bits(b: Board) -> list[int]:
    """The unique solution's cell per number, from the search solver."""
    result = solve(b, limit=2)
    assert result.status == "unique"
    _, geo = board_candidates(b)
    bits = [0] * (b.size + 1)
    for r, row in enumerate(result.solutions[0]):
        for c, v in enumerate(row):
            if v:
                bits[v] = geo.bit(r, c)
    return bits


# ---------------------------------------------------------------- each technique by hand


def test_forced_step_places_the_only_free_cell_beside_a_placed_neighbour() -> None:
    s = state("1 . #\n# 3 .\n")
    assert tq.forced_step(s) == 2  # 2 between 1 and 3, then 4 beside 3
    assert (s.pos[2], s.pos[4], s.left) == (at(s, 0, 1), at(s, 1, 2), 0)


def test_only_cell_and_only_number() -> None:
    text = "1 . 5\n. 3 #\n"  # 2 beside 1 and 3: r1c2 or r2c1; 4 beside 3 and 5: r1c2 only
    s = state(text)
    assert tq.only_cell(s) == 1 and s.pos[4] == at(s, 0, 1) and not s.pos[2]
    s = state(text)
    assert tq.only_number(s) == 1 and s.pos[2] == at(s, 1, 0)  # nobody but 2 reaches r2c1


def test_distance_window_counts_steps_through_free_cells() -> None:
    s = state("1 . . . 5\n", "orthogonal")
    assert tq.distance_window(s) == 1  # one gap narrowed
    assert free_cands(s, 3) == at(s, 0, 2)
    b = board(NEEDS_WINDOW, "orthogonal")
    assert not solvable(b, "easy") and solvable(b, "medium")


def test_dead_end_and_two_neighbours_keep_middle_numbers_out_of_corners() -> None:
    # . . . 1 (orthogonal): r1c1 and r1c3 have one free neighbour each, so 3 (whose 2 and 4 are
    # both missing) fits only r1c2.
    s = state(". . . 1\n", "orthogonal")
    assert tq.dead_end(s) == 2 and free_cands(s, 3) == at(s, 0, 1)
    s = state(". . . 1\n", "orthogonal")
    assert tq.two_neighbours(s) == 1 and free_cands(s, 3) == at(s, 0, 1)


def test_pairs_keep_other_numbers_out_of_two_shared_cells() -> None:
    s = state(". . .\n. . .\n. . .\n")
    two = at(s, 0, 0) | at(s, 0, 1)
    s.cand[3] = s.cand[7] = two
    assert tq.pairs(s) == 1
    assert all(not s.cand[k] & two for k in range(1, 10) if k not in (3, 7))


def test_pairs_in_a_real_puzzle() -> None:
    logic = solve_logically(board(NEEDS_PAIRS), explain=True)
    assert logic.solved and logic.hardest == "pairs"
    assert logic.log is not None
    assert logic.log[0].text == "6 and 8 can only go in r1c2 and r2c2, so they take both: 2 to 5 cannot go there"


def test_only_number_in_a_real_puzzle() -> None:
    logic = solve_logically(board("1 . 9\n. 7 .\n. . 5\n"), explain=True)
    assert logic.counts == {"forced_step": 4, "only_number": 1}
    assert logic.log is not None and logic.log[0].text == "r3c1 must hold 3: no other number can still reach it"


def test_gap_routes_finds_the_only_route() -> None:
    b = board(NEEDS_ROUTES)
    assert not solvable(b, "medium")
    logic = solve_logically(b, "hard", explain=True)
    assert logic.solved and logic.hardest == "gap_routes"
    assert logic.log is not None
    text = next(step.text for step in logic.log if step.technique == "gap_routes")
    assert text.startswith("only one route for 4 to 8 runs from 3 (r2c1) to 9 (r3c3)")
    assert logic.cells == solution_bits(b)


def test_region_gives_each_pocket_whole_gaps_that_fit_its_size() -> None:
    # . . . 4 . . (orthogonal): 4 splits the free cells into pockets of 3 and 2; 1-3 is three
    # numbers long and 5-6 two, so 1-3 fills the left pocket and 5-6 the right one.
    s = state(". . . 4 . .\n", "orthogonal")
    assert tq.region(s) == 1  # one pocket settled: 1-3 moved in, 5-6 shut out
    left = at(s, 0, 0) | at(s, 0, 1) | at(s, 0, 2)
    assert all(free_cands(s, k) & ~left == 0 for k in (1, 2, 3))
    assert (free_cands(s, 3), free_cands(s, 5)) == (at(s, 0, 2), at(s, 0, 4))


def test_trial_rules_out_a_candidate_by_contradiction() -> None:
    b = board(NEEDS_TRIAL)
    assert not solvable(b, "hard") and solvable(b, "expert")
    logic = solve_logically(b, explain=True)
    assert logic.level == "expert" and logic.counts["trial"] >= 1
    assert logic.log is not None
    trial = next(step for step in logic.log if step.technique == "trial")
    assert trial.text.startswith("suppose ") and "so " in trial.text
    assert logic.cells == solution_bits(b)


def test_a_trial_budget_counts_the_trial_steps_the_grade_reports() -> None:
    """The generator caps expert puzzles by trial steps: the cap must be the graded route's count."""
    for b in _stuck_boards():
        trials = solve_logically(b).counts["trial"]
        assert solvable(b, "expert", max_trials=trials)
        assert not solvable(b, "expert", max_trials=trials - 1)
        assert solvable(b, "expert")


def test_a_contradiction_is_reported_not_solved() -> None:
    logic = solve_logically(board("1 3 .\n"))
    assert logic.contradiction and not logic.solved
    assert not solvable(board("1 3 .\n"), "expert")


def test_unknown_level_is_a_user_error() -> None:
    with pytest.raises(PuzzleBookError, match="easy, medium, hard, expert"):
        solvable(board("1 .\n"), "fiendish")


# ---------------------------------------------------------------- soundness on published puzzles


def _grid(rows: list[str]) -> Grid:
    return tuple(tuple(None if t == "#" else int(t) for t in row.split()) for row in rows)


@pytest.mark.slow
@pytest.mark.parametrize("adjacency", ["king", "orthogonal"])
def test_corpus_logic_agrees_with_every_published_solution(adjacency: str) -> None:
    """Unique puzzles: every placement is the published one, and reasoning with trial finishes.
    Puzzles with two solutions or none: reasoning never claims to have finished."""
    seen = 0
    for record in CORPUS:
        if record["adjacency"] != adjacency or record["num_solutions"] is None:
            continue
        b = Board.from_rows(_grid(record["grid"]), adjacency)  # type: ignore[arg-type]
        logic = solve_logically(b)
        if record["num_solutions"] != 1:
            assert not logic.solved, record["id"]
            continue
        seen += 1
        assert logic.solved, record["id"]
        _, geo = board_candidates(b)
        for r, row in enumerate(_grid(record["solution"])):
            for c, v in enumerate(row):
                if v:
                    assert logic.cells[v] == geo.bit(r, c), record["id"]
    assert seen >= 17


# ---------------------------------------------------------------- random small boards


@st.composite
def dug_boards(draw: st.DrawFn) -> tuple[Board, Grid]:
    """A random path on a small square, numbered, with a random share of its numbers kept."""
    size = draw(st.integers(3, 5))
    adjacency = draw(st.sampled_from(["king", "orthogonal"]))
    rng = random.Random(draw(st.integers(0, 2**32)))
    mask = make_mask("square", size)
    solution = number_path(mask, adjacency, hamiltonian_path(mask, adjacency, rng))  # type: ignore[arg-type]
    keep = draw(st.floats(0.1, 0.7))
    rows = [[v if v and rng.random() < keep else (None if v is None else 0) for v in row] for row in solution.grid]
    return Board.from_rows(rows, adjacency), solution.grid  # type: ignore[arg-type]


@pytest.mark.slow
@settings(max_examples=90, deadline=None)
@given(dug_boards())
def test_logic_is_sound_and_the_fast_predicates_agree(case: tuple[Board, Grid]) -> None:
    b, _ = case
    result = solve(b, limit=2)
    logic = solve_logically(b)
    if logic.solved:
        assert result.status == "unique"
    if result.status == "unique":
        _, geo = board_candidates(b)
        for r, row in enumerate(result.solutions[0]):
            for c, v in enumerate(row):
                if v and logic.cells[v]:
                    assert logic.cells[v] == geo.bit(r, c)
    cand, geo = board_candidates(b)
    lowest = level_of_candidates(cand, b.size, geo)
    assert lowest == (logic.level if logic.solved else None)
    for level in LEVELS:
        expected = logic.solved and LEVELS.index(logic.level) <= LEVELS.index(level)
        assert solvable_candidates(cand, b.size, geo, level) == expected
    assert solvable(b, "hard") == (logic.solved and logic.level != "expert")


@pytest.mark.slow
@settings(max_examples=40, deadline=None)
@given(dug_boards())
def test_explaining_changes_nothing_but_the_words(case: tuple[Board, Grid]) -> None:
    b, _ = case
    quiet = solve_logically(b)
    told = solve_logically(b, explain=True)
    assert (told.solved, told.counts, told.cells) == (quiet.solved, quiet.counts, quiet.cells)
    assert told.log is not None and len(told.log) == told.steps
    for step in told.log:
        assert step.text and TECHNIQUE_LEVEL[step.technique]
        if step.cell is not None:
            assert told.cells[step.number] == told_bit(b, step.cell)


def told_bit(b: Board, cell: tuple[int, int]) -> int:
    _, geo = board_candidates(b)
    return geo.bit(*cell)


def test_levels_are_nested() -> None:
    """A puzzle solvable at a level is solvable at every harder level."""
    for text, adjacency, level in ((NEEDS_WINDOW, "orthogonal", "medium"), (NEEDS_ROUTES, "king", "hard"),
                                   (NEEDS_TRIAL, "king", "expert")):
        b = board(text, adjacency)
        rank = LEVELS.index(level)
        assert [solvable(b, lv) for lv in LEVELS] == [i >= rank for i in range(len(LEVELS))]
        assert grade(b)["level"] == level


# ---------------------------------------------------------------- command line


def test_solve_steps_explains_in_words(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "p.txt"
    path.write_text(NEEDS_ROUTES, encoding="utf-8")
    assert main(["solve", str(path), "--steps"]) == 0
    out = capsys.readouterr().out
    assert ("by reasoning: level hard, 12 steps (only cell 6, distance window 1, dead end 2, two neighbours 2, "
            "gap routes 1)") in out
    assert " 6. gap routes: only one route for 4 to 8 runs from 3 (r2c1) to 9 (r3c3)" in out
    assert " 7. only cell: 2 must be at r3c1: it is the only cell left next to both 1 and 3" in out
    assert main(["solve", str(path), "--steps", "--json"]) == 0
    record = json.loads(capsys.readouterr().out)
    assert record["level"] == "hard" and record["techniques"]["gap_routes"] == 1
    assert record["steps"][6] == {"technique": "only_cell", "text": record["steps"][6]["text"], "number": 2,
                                  "cell": [2, 0]}


def test_solve_steps_explains_sudoku_in_words(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "s.txt"
    path.write_text("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n",
                    encoding="utf-8")
    assert main(["solve", str(path), "--steps"]) == 0
    out = capsys.readouterr().out
    assert "by reasoning: level hard, 69 steps" in out
    assert "1. r6c2 = 4: the only cell in box 4 that can hold 4" in out
    assert "pointing r2c7-r2c9 in box 3 and row 2 on 7: r2c1, r2c3 cannot be 7" in out
    assert "r1c6 = 9: the only digit the cell can still take" in out


# ---------------------------------------------------------------- trial probes


def _stuck_boards() -> list[Board]:
    """Boards that reasoning up to hard cannot finish: the ones trial works on."""
    found = [board(NEEDS_TRIAL)]
    for seed in range(16):
        adjacency = "king" if seed % 2 else "orthogonal"
        rng = random.Random(seed)
        mask = make_mask("square", 6)
        solution = number_path(mask, adjacency, hamiltonian_path(mask, adjacency, rng))  # type: ignore[arg-type]
        b = dig(solution, rng, max_level="expert", node_limit=200).puzzle
        if not solvable(b, "hard") and solvable(b, "expert"):
            found.append(b)
    return found


def _hard_fixpoint(s: tq.State) -> None:
    while s.left and any(fn(s) for _, _, fn in tq.TECHNIQUES):
        pass


def test_remembered_probes_give_the_verdicts_of_fresh_ones() -> None:
    """probe.py keeps the probes that held and re-runs them only from what changed since:
    after every trial step, each verdict equals that of a probe run from scratch."""
    boards = _stuck_boards()
    assert len(boards) >= 4
    compared = failed = 0
    for b in boards:
        cand, geo = board_candidates(b)
        s = tq.State(cand, b.size, geo)
        memory = probe.Probes(b.size)
        for _ in range(6):
            _hard_fixpoint(s)
            free = geo.open_mask & ~s.taken
            got = probe.probe_base(s.cand, s.pos, b.size, free)
            if not s.left or got is None:
                break
            base, loose = got
            memory.update(base)
            for k in loose:
                for bit in (1 << i for i in range(free.bit_length()) if s.cand[k] & free >> i & 1):
                    scratch = probe.Probes(b.size)
                    scratch.update(base.copy())
                    verdict = probe.fails(scratch, k, bit, b.size, geo, s.taken, loose, fresh_only=False)
                    assert probe.fails(memory, k, bit, b.size, geo, s.taken, loose, fresh_only=False) == verdict
                    compared += 1
                    failed += verdict
            if not trial(s):
                break
    assert compared > 500 and failed > 0
