"""The nonogram bench's own parts: the clue automaton, the CP-SAT count against brute force (every
picture of a 3x3 to 4x4 board enumerated) and against our count_solutions, the peer's wrapper on small
puzzles (skipped where `nonogram` from PyPI is not installed), and the verdict set's puzzles. No timings
asserted."""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence

import pytest

from bench import nonogrampeer, nonograms
from bench.nonogramcpsat import clue_automaton, count_cpsat, keeps, runs_of
from pipeline.kinds.nonogram.prove import count_solutions
from pipeline.kinds.nonogram.puzzle import Nonogram, nonogram_problem, puzzle_of

Clues = list[tuple[int, ...]]


def accepts(clue: Sequence[int], line: str) -> bool:
    """Run the clue's automaton over a line of '#' and '.'."""
    transitions, finals = clue_automaton(clue)
    table = {(state, value): after for state, value, after in transitions}
    state: int | None = 0
    for cell in line:
        state = table.get((state, 1 if cell == "#" else 0)) if state is not None else None
    return state in finals


def test_the_automaton_accepts_exactly_the_lines_of_its_clue() -> None:
    for length in range(1, 8):
        lines = ["".join(bits) for bits in itertools.product("#.", repeat=length)]
        for clue in {runs_of(line) for line in lines} | {(length + 1,), (1,) * length}:
            for line in lines:
                assert accepts(clue, line) == (runs_of(line) == clue), (clue, line)


def test_the_automaton_is_deterministic() -> None:
    for clue in [(), (1,), (3,), (1, 1), (2, 1, 3)]:
        transitions, _ = clue_automaton(clue)
        keys = [(state, value) for state, value, _ in transitions]
        assert len(keys) == len(set(keys)), clue


def small_puzzle(rng: random.Random, low: int = 3, high: int = 4) -> tuple[Clues, Clues, list[str] | None]:
    """Clues of a random picture; a third with a row clue changed (often no picture), a third with hints."""
    width, height = rng.randint(low, high), rng.randint(low, high)
    picture = ["".join(rng.choice("#.") for _ in range(width)) for _ in range(height)]
    rows = [runs_of(line) for line in picture]
    cols = [runs_of("".join(line[c] for line in picture)) for c in range(width)]
    givens = None
    roll = rng.random()
    if roll < 0.33:
        r = rng.randrange(height)
        changed = nonograms.changed_clue(rows[r], width, rng)
        rows[r] = changed if changed is not None else (1,) if rows[r] != (1,) else ()
    elif roll < 0.66:
        givens = ["".join(cell if rng.random() < 0.25 else "?" for cell in line) for line in picture]
    return rows, cols, givens


def brute_force(rows: Clues, cols: Clues, givens: Sequence[str] | None, every: bool = True) -> list[tuple[str, ...]]:
    """The pictures keeping every clue and hint. `every`: all 2^(width x height) pictures tried (each
    row's clue looked up in a table of the 2^width lines first, then the whole check); else only those
    whose rows keep their clues (the same answer, for boards too big to try every picture)."""
    width, height = len(cols), len(rows)
    lines = ["".join("#" if value >> (width - 1 - c) & 1 else "." for c in range(width)) for value in range(1 << width)]
    fits = [{line for line in lines if runs_of(line) == clue} for clue in rows]
    pictures = itertools.product(lines, repeat=height) if every else itertools.product(*map(sorted, fits))
    found = []
    for chosen in pictures:
        if all(line in fit for line, fit in zip(chosen, fits)) and keeps(rows, cols, givens, chosen):
            found.append(tuple(chosen))
    return found


def test_cpsat_agrees_with_brute_force_on_small_boards() -> None:
    pytest.importorskip("ortools")
    rng = random.Random("cpsat brute force")
    seen = set()
    for _ in range(60):
        rows, cols, givens = small_puzzle(rng)
        every = brute_force(rows, cols, givens)
        counted = count_cpsat(rows, cols, givens, 3)
        assert counted.complete
        assert counted.count == min(3, len(every)), (rows, cols, givens)
        assert set(counted.solutions) <= set(every)
        assert counted.verdict == ("none", "unique", "multiple")[min(2, len(every))]
        seen.add(counted.verdict)
    assert seen == {"unique", "multiple", "none"}


def test_cpsat_keeps_hints_and_names_the_unique_picture() -> None:
    pytest.importorskip("ortools")
    # two pictures keep these clues (the diagonals); a hint picks one
    rows, cols = [(1,), (1,)], [(1,), (1,)]
    assert count_cpsat(rows, cols).verdict == "multiple"
    counted = count_cpsat(rows, cols, ["#?", "??"])
    assert counted.verdict == "unique" and counted.solutions == (("#.", ".#"),)
    assert count_cpsat(rows, cols, ["##", "??"]).verdict == "none"


def test_ours_agrees_with_brute_force_and_cpsat() -> None:
    """Ours takes only nonograms of 5 cells or more each way (a smaller one is malformed, so "none"):
    at 5x5 and 5x6 every picture whose rows keep their clues is tried (the other 2^25 cannot keep them),
    and at 6 to 10 CP-SAT's count stands in for brute force."""
    rng = random.Random("ours brute force")
    seen = set()
    for _ in range(40):
        rows, cols, givens = small_puzzle(rng, 5, 5)
        if rng.random() < 0.3:
            cols.append(())
        if sum(map(sum, rows)) != sum(map(sum, cols)):
            continue  # not a well-formed nonogram: ours calls it none unseen
        puzzle = Nonogram(tuple(rows), tuple(cols), tuple(givens or ("?" * len(cols),) * len(rows)))
        givens = [line + "?" * (len(cols) - len(line)) for line in puzzle.givens]
        assert nonogram_problem(Nonogram(puzzle.rows, puzzle.cols, tuple(givens))) is None
        every = brute_force(rows, cols, givens, every=False)
        result = count_solutions(Nonogram(puzzle.rows, puzzle.cols, tuple(givens)), 2)
        assert result.status == ("none", "unique", "multiple")[min(2, len(every))], (rows, cols, givens)
        assert set(result.solutions) <= set(every)
        seen.add(result.status)
    assert seen == {"unique", "multiple", "none"}
    if importlib_ok("ortools"):
        for k in range(20):
            picture = nonograms.random_picture(rng.randint(6, 10), rng.randint(6, 10), 0.55, rng)
            cells = [(r, c) for r in range(len(picture)) for c in range(len(picture[0]))]
            puzzle = puzzle_of(picture, rng.sample(cells, k % 3))
            ours, theirs = count_solutions(puzzle, 2), count_cpsat(puzzle.rows, puzzle.cols, puzzle.givens)
            assert ours.status == theirs.verdict, picture
            if ours.status == "unique":
                assert ours.solutions[0] == theirs.solutions[0]


def importlib_ok(name: str) -> bool:
    import importlib.util

    return importlib.util.find_spec(name) is not None


HEART = ("#.#.#", "#####", "#...#", "##.##", "..#..")


def peer_or_skip() -> None:
    if not nonogrampeer.peer_available():
        pytest.skip("nonogram (PyPI) is not installed (make bench installs it from requirements/bench-peer.txt)")


def test_the_peer_solves_a_small_puzzle_and_its_picture_is_read_right() -> None:
    peer_or_skip()
    rows = [runs_of(line) for line in HEART]
    cols = [runs_of("".join(line[c] for line in HEART)) for c in range(5)]
    answer = nonogrampeer.solve_here(rows, cols)
    assert answer.verdict == "unique" and answer.solution == HEART  # its line logic alone solves it
    # two pictures keep these clues (the diagonals): the peer searches, stops at one, and a hint picks it
    either = nonogrampeer.solve_here([(1,), (1,)], [(1,), (1,)])
    assert either.verdict == "solved" and either.solution in (("#.", ".#"), (".#", "#."))
    chosen = nonogrampeer.solve_here([(1,), (1,)], [(1,), (1,)], [".?", "??"])
    assert chosen.verdict == "unique" and chosen.solution == (".#", "#.")


def test_the_peer_says_none_for_a_well_formed_puzzle_without_a_picture() -> None:
    peer_or_skip()
    # row totals 2 + 2 = column totals 1 + 2 + 1, yet no picture: the top row's (1, 1) needs columns 1 and 3
    answer = nonogrampeer.solve_here([(1, 1), (2,)], [(1,), (2,), (1,)])
    assert answer.verdict == "none" and answer.solution is None
    if importlib_ok("ortools"):
        assert count_cpsat([(1, 1), (2,)], [(1,), (2,), (1,)]).verdict == "none"


def test_the_peer_worker_answers_and_is_restarted_after_a_timeout() -> None:
    peer_or_skip()
    rows = [runs_of(line) for line in HEART]
    cols = [runs_of("".join(line[c] for line in HEART)) for c in range(5)]
    picture = nonograms.random_picture(40, 40, 0.55, random.Random(4))
    big_rows = [runs_of(line) for line in picture]
    big_cols = [runs_of("".join(line[c] for line in picture)) for c in range(40)]
    with nonogrampeer.PeerWorker(timeout=0.05) as worker:
        assert worker.solve(big_rows, big_cols).verdict == "timeout"
        worker.timeout = 30
        answer = worker.solve(rows, cols)
    assert answer.solution == HEART and answer.seconds > 0


def test_the_changed_clues_keep_their_total_and_fit() -> None:
    rng = random.Random(1)
    for clue, length in [((3,), 5), ((2, 2), 7), ((1, 1, 1), 5), ((4,), 4), ((1,), 3)]:
        for _ in range(20):
            new = nonograms.changed_clue(clue, length, rng)
            if new is None:
                assert clue in ((4,), (1,))  # a run as long as the line, a single cell: nothing else fits
                continue
            assert new != clue and sum(new) == sum(clue) and sum(new) + len(new) - 1 <= length


def test_the_verdict_set_is_seeded_well_formed_and_mixed() -> None:
    plan = nonograms.NonogramPlan(random_puzzles=40)
    cases = nonograms.random_cases(plan)
    assert [c.puzzle for c in cases] == [c.puzzle for c in nonograms.random_cases(plan)]
    assert all(nonogram_problem(c.puzzle) is None for c in cases)
    assert {c.how for c in cases} == {"blank", "hints", "changed"}
    assert all(10 <= c.puzzle.width <= 20 and 10 <= c.puzzle.height <= 20 for c in cases)
    assert all(any(mark != "?" for row in c.puzzle.givens for mark in row) for c in cases if c.how == "hints")


def test_the_shipped_pictures_are_read() -> None:
    pictures = nonograms.library_pictures()
    assert pictures, "no picture files under pipeline/kinds/nonogram/pictures"
    for name, rows in pictures:
        assert rows and len({len(row) for row in rows}) == 1 and set("".join(rows)) <= {"#", "."}, name


@pytest.mark.slow
def test_a_tiny_plan_runs_end_to_end() -> None:
    import io

    from bench.table import markdown_row

    plan = nonograms.NonogramPlan(random_puzzles=20, speed_sizes=(10,), speed_count=2, peer_count=1,
                                  peer_on_random=False, library=False, noise_sizes=(), gen_sizes=(10,), gen_seeds=1,
                                  gen_levels=("easy",), gen_cap=60)
    report = nonograms.run(plan, write=False, out=io.StringIO(), err=io.StringIO())
    assert markdown_row(nonograms.VERDICT_COLUMNS) in report and markdown_row(nonograms.SPEED_COLUMNS) in report
    assert "| all | 20 |" in report and "nonogram targets missed:" in report
    assert "| 10x10 | easy | 1 of 1 |" in report
