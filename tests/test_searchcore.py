"""searchcore.c against the Python it translates: the same search, step for step, on every adjacency.

The C core stands in for `Search.run` without weights. Its promise is not only the same verdicts but
the same solutions in the same order, the same branchings and the same contradictions: the digging
of every expert puzzle stops on these counts, so a core that searched differently would change books.
Each test runs the Python search (SEARCH_CORE switched off) and the core on the same input.
The brute-force checks of the answers themselves are in test_solve.py (whose `solve` runs the core).
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from types import ModuleType

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import pipeline.kinds.hidato.solve as solver
from pipeline.kinds.hidato.board import Board
from pipeline.kinds.hidato.hexshapes import make_hex_mask
from pipeline.kinds.hidato.path import hamiltonian_path
from pipeline.shapes import make_mask
from tests.test_solve import small_boards

CORE = solver.SEARCH_CORE


@pytest.fixture
def core(monkeypatch: pytest.MonkeyPatch) -> Iterator[ModuleType]:
    """The core, with the solver's own use of it switched off: `Search.run` below is the Python's."""
    if CORE is None:
        pytest.skip("searchcore is not built here (make builds it where there is a C compiler)")
    monkeypatch.setattr(solver, "SEARCH_CORE", None)
    yield CORE


Answer = tuple[list[list[int]], int, int, bool]


def python_search(board: Board, cand: list[int], taken: int | None, limit: int, node_limit: int | None,
                  fail_limit: int | None, hint: list[int] | None) -> Answer:
    geo = solver._read_board(board)[0]
    search = solver.Search(board.size, geo, limit, node_limit, hint, fail_limit=fail_limit)
    search.run(list(cand), taken)
    return search.found, search.nodes, search.fails, search.budget_hit


def core_search(core: ModuleType, board: Board, cand: list[int], taken: int | None, limit: int,
                node_limit: int | None, fail_limit: int | None, hint: list[int] | None) -> Answer:
    geo = solver._read_board(board)[0]
    answer = core.search(list(cand), geo.open_mask, geo.height, geo.width, geo.adjacency, taken, limit, node_limit,
                         fail_limit, hint)
    assert answer is not None, "every board of the project fits the core's words"
    found, nodes, fails, budget_hit = answer
    return found, nodes, fails, budget_hit


def assert_same_search(core: ModuleType, board: Board, *, limit: int = 2, node_limit: int | None = None,
                       fail_limit: int | None = None, hint: list[int] | None = None, pass_taken: bool = True) -> Answer:
    _, cand, taken = solver._read_board(board)
    given_taken = taken if pass_taken else None
    ours = core_search(core, board, cand, given_taken, limit, node_limit, fail_limit, hint)
    theirs = python_search(board, cand, given_taken, limit, node_limit, fail_limit, hint)
    assert ours == theirs
    return ours


def path_board(mask: tuple[tuple[bool, ...], ...], adjacency: str, seed: int, share: float) -> tuple[Board, list[int]]:
    """A board whose givens are `share` of a random path (1 and N always), and that path as a hint."""
    rng = random.Random(seed)
    path = hamiltonian_path(mask, adjacency, rng)
    rows: list[list[int | None]] = [[0 if is_open else None for is_open in row] for row in mask]
    for k, (r, c) in enumerate(path, start=1):
        if k in (1, len(path)) or rng.random() < share:
            rows[r][c] = k
    board = Board.from_rows(rows, adjacency)
    geo = solver._read_board(board)[0]
    hint = [0] + [geo.bit(r, c) for r, c in path]
    return board, hint


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(board=small_boards(), limit=st.integers(1, 3), node_limit=st.sampled_from([None, 0, 1, 3]),
       fail_limit=st.sampled_from([None, 0, 2]), pass_taken=st.booleans())
def test_the_core_searches_small_boards_as_the_python_does(core: ModuleType, board: Board, limit: int,
                                                           node_limit: int | None, fail_limit: int | None,
                                                           pass_taken: bool) -> None:
    assert_same_search(core, board, limit=limit, node_limit=node_limit, fail_limit=fail_limit, pass_taken=pass_taken)


SPARSE = [
    ("king", make_mask("square", 10)),
    ("king", make_mask("heart")),
    ("orthogonal", make_mask("square", 9)),
    ("hex", make_hex_mask("hexagon", 6)),
]


@pytest.mark.parametrize(("adjacency", "mask"), SPARSE, ids=["king-10", "king-heart", "orthogonal-9", "hex-6"])
def test_the_core_searches_sparse_boards_as_the_python_does(core: ModuleType, adjacency: str,
                                                            mask: tuple[tuple[bool, ...], ...]) -> None:
    """The searches digging and proving run: a budget of branchings (the dig's 300, and a tight one), of
    contradictions (the plain search's 100 before it restarts, and a tight one), with and without the
    solution as a hint. Boards of
    61-121 cells with a twelfth to a third of a path given: long searches, many of them ambiguous."""
    budget_hits = 0
    for seed in range(8):
        board, hint = path_board(mask, adjacency, seed, share=(0.08, 0.15, 0.3)[seed % 3])
        for limit, node_limit, fail_limit, hinted in ((1, 300, None, True), (2, 2000, None, False),
                                                      (2, 10, None, False), (2, None, 3, True),
                                                      (2, None, solver.QUICK_FAILS, seed % 2 == 0)):
            answer = assert_same_search(core, board, limit=limit, node_limit=node_limit, fail_limit=fail_limit,
                                        hint=hint if hinted else None)
            budget_hits += answer[3]
    assert budget_hits, "no search ran out of budget: the budgets are not tested"


@pytest.mark.parametrize(("height", "width", "adjacency"), [(12, 12, "king"), (20, 20, "orthogonal"),
                                                            (24, 24, "hex"), (40, 40, "king"), (100, 16, "king")])
def test_the_core_searches_boards_of_every_width_of_words(core: ModuleType, height: int, width: int,
                                                          adjacency: str) -> None:
    """Cells are bits r * (width + 1) + c: these boards take 3 to 27 words (4, 8, 16 and 32 in the core)."""
    mask = tuple(tuple([True] * width) for _ in range(height))
    board, hint = path_board(mask, adjacency, height, share=0.3)
    assert_same_search(core, board, limit=2, node_limit=150, hint=hint)
    assert_same_search(core, board, limit=2, node_limit=None, fail_limit=20)


def test_the_core_declines_a_board_wider_than_its_words(core: ModuleType) -> None:
    """Past 2048 bits it answers None and the Python searches (no board the project allows is so wide)."""
    assert core.search([0, 1], 1, 21, 100, "king", None, 2, None, None, None) is None


def test_the_core_takes_any_whole_limit_as_the_python_does(core: ModuleType) -> None:
    """A limit past a machine word (`solve --limit 3000000000`) or below zero counts as the Python's does."""
    board, _ = path_board(make_mask("square", 5), "king", 1, share=0.1)
    for limit in (3_000_000_000, 10**30, 0, -5):
        assert_same_search(core, board, limit=limit, node_limit=10**30)
        assert_same_search(core, board, limit=limit, node_limit=-3, fail_limit=-(10**30))


def test_the_core_refuses_what_is_not_a_cell_set(core: ModuleType) -> None:
    with pytest.raises(TypeError):
        core.search([0, "1"], 1, 1, 1, "king", None, 2, None, None, None)
    with pytest.raises(OverflowError):
        core.search([0, 1 << 70], 1, 1, 1, "king", None, 2, None, None, None)
    with pytest.raises(ValueError, match="unknown adjacency"):
        core.search([0, 1], 1, 1, 1, "knight", None, 2, None, None, None)
    with pytest.raises(ValueError, match="off the board"):  # a cell past the board would index past its tables
        core.search([0, 1, 1 << 40], 0b11011, 2, 2, "king", None, 2, None, None, None)
    with pytest.raises(ValueError, match="off the board"):
        core.search([0, 1], 1 << 5, 1, 1, "king", None, 2, None, None, None)


def _propagations_agree(core: ModuleType, board: Board, rng: random.Random, branchings: int) -> None:
    """Branch as the search does; after each branching the core's propagation leaves exactly the
    candidates, pinned cells and loose numbers `propagate_from` leaves (or both find a contradiction)."""
    geo, cand, taken = solver._read_board(board)
    n = board.size
    if solver._pinned_cells(cand, n, geo.nbrs) is None:
        return
    args = (geo.open_mask, geo.height, geo.width, geo.adjacency)
    ours = core.propagate(list(cand), *args, taken, None, list(range(1, n + 1)))
    work = list(cand)
    theirs = solver.propagate_from(work, n, geo, taken, (1 << (n + 1)) - 2, list(range(1, n + 1)), solver.ReachCache(n))
    for _ in range(branchings):
        assert (ours is False) == (theirs is None)
        if theirs is None:
            return
        assert ours == (work, *theirs)
        taken, loose = theirs
        if not loose:
            return
        k = rng.choice(loose)
        bit = rng.choice([1 << i for i in range(work[k].bit_length()) if work[k] >> i & 1])
        child = list(work)
        child[k] = bit
        ours = core.propagate(list(child), *args, taken | bit, k, loose)
        work = child
        theirs = solver.propagate_from(work, n, geo, taken | bit, 1 << k, loose, solver.ReachCache(n))


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(board=small_boards(), seed=st.integers(0, 2**32))
def test_the_core_propagates_small_boards_as_the_python_does(core: ModuleType, board: Board, seed: int) -> None:
    _propagations_agree(core, board, random.Random(seed), branchings=4)


@pytest.mark.parametrize(("adjacency", "mask"), SPARSE, ids=["king-10", "king-heart", "orthogonal-9", "hex-6"])
def test_the_core_propagates_sparse_boards_as_the_python_does(core: ModuleType, adjacency: str,
                                                              mask: tuple[tuple[bool, ...], ...]) -> None:
    for seed in range(10):
        board, _ = path_board(mask, adjacency, seed, share=0.2)
        _propagations_agree(core, board, random.Random(seed), branchings=12)

