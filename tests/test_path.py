"""Tests for pipeline.kinds.hidato.path: random Hamiltonian paths and the quick proofs that none exists.

A brute-force search written here is the referee for small shapes; bigger shapes are checked by walking
the returned path. No timing assertions: slow cases show up as slow tests, not failures.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pipeline.errors import PuzzleBookError
from pipeline.kinds.hidato.board import (
    Adjacency,
    Board,
    Coord,
    Mask,
    is_solution,
    steps,
)
from pipeline.kinds.hidato.path import hamiltonian_path, path_problem

ADJ: tuple[Adjacency, ...] = ("king", "orthogonal", "hex")


# --- shape makers (local, so these tests do not depend on pipeline.shapes) ---------------------------


def rect(height: int, width: int) -> Mask:
    return tuple(tuple(True for _ in range(width)) for _ in range(height))


def from_text(*rows: str) -> Mask:
    """'.' open, '#' blocked."""
    return tuple(tuple(ch == "." for ch in row) for row in rows)


def holes(height: int, width: int, fraction: float, seed: int) -> Mask:
    """Single-cell obstacles scattered at random."""
    rng = random.Random(seed)
    return tuple(tuple(rng.random() >= fraction for _ in range(width)) for _ in range(height))


def block_holes(height: int, width: int, blocks: int, seed: int) -> Mask:
    """2x2 obstacles away from the border: they keep the chessboard colours balanced, as Numbrix needs."""
    rng = random.Random(seed)
    rows = [[True] * width for _ in range(height)]
    for _ in range(blocks):
        r, c = rng.randrange(1, height - 2), rng.randrange(1, width - 2)
        for dr in (0, 1):
            for dc in (0, 1):
                rows[r + dr][c + dc] = False
    return tuple(map(tuple, rows))


def cross(size: int, arm: int) -> Mask:
    lo = (size - arm) // 2
    return tuple(tuple(lo <= r < lo + arm or lo <= c < lo + arm for c in range(size)) for r in range(size))


def diamond(size: int) -> Mask:
    mid = (size - 1) / 2
    return tuple(tuple(abs(r - mid) + abs(c - mid) <= mid + 0.5 for c in range(size)) for r in range(size))


def ring(size: int, thickness: int) -> Mask:
    mid = (size - 1) / 2
    outer = size / 2
    return tuple(
        tuple((outer - thickness) ** 2 <= (r - mid) ** 2 + (c - mid) ** 2 <= outer**2 for c in range(size))
        for r in range(size)
    )


# --- referees ------------------------------------------------------------------------------------------


def open_cells(mask: Mask) -> set[Coord]:
    return {(r, c) for r, row in enumerate(mask) for c, is_open in enumerate(row) if is_open}


def assert_path(mask: Mask, adjacency: Adjacency, path: list[Coord]) -> None:
    """Every open cell exactly once, each step between touching cells."""
    cells = open_cells(mask)
    assert len(path) == len(cells)
    assert set(path) == cells
    moves = set(steps(adjacency))
    for (r1, c1), (r2, c2) in zip(path, path[1:]):
        assert (r2 - r1, c2 - c1) in moves, f"step {(r1, c1)} -> {(r2, c2)} does not touch"


def has_path(mask: Mask, adjacency: Adjacency) -> bool:
    """Brute force: depth-first search from every cell, remembering (head, visited) states that failed."""
    cells = sorted(open_cells(mask))
    if not cells:
        return False
    index = {cell: i for i, cell in enumerate(cells)}
    nbrs = [
        [index[(r + dr, c + dc)] for dr, dc in steps(adjacency) if (r + dr, c + dc) in index] for r, c in cells
    ]
    full = (1 << len(cells)) - 1
    failed: set[tuple[int, int]] = set()

    def extend(head: int, seen: int) -> bool:
        if seen == full:
            return True
        if (head, seen) in failed:
            return False
        for nxt in nbrs[head]:
            if not seen >> nxt & 1 and extend(nxt, seen | 1 << nxt):
                return True
        failed.add((head, seen))
        return False

    return any(extend(i, 1 << i) for i in range(len(cells)))


# --- paths found ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("adjacency", ADJ)
@pytest.mark.parametrize("size", range(1, 13))
def test_squares(size: int, adjacency: Adjacency) -> None:
    mask = rect(size, size)
    assert path_problem(mask, adjacency) is None
    assert_path(mask, adjacency, hamiltonian_path(mask, adjacency, random.Random(size)))


@pytest.mark.parametrize("adjacency", ADJ)
@pytest.mark.parametrize("height,width", [(3, 50), (50, 3), (2, 7), (7, 2), (1, 9), (9, 1), (1, 2), (4, 20)])
def test_rectangles(height: int, width: int, adjacency: Adjacency) -> None:
    mask = rect(height, width)
    assert_path(mask, adjacency, hamiltonian_path(mask, adjacency, random.Random(height * 100 + width)))


SHAPES: list[tuple[str, Mask, Adjacency]] = [
    *[(f"cross{n}", cross(n, n // 3 + 1), adjacency) for n in (5, 10, 16) for adjacency in ADJ],
    *[(f"ring{n}", ring(n, n // 4), "king") for n in (12, 20)],
    ("ring20", ring(20, 5), "orthogonal"),
    ("heart", from_text("##..##..##", "#........#", "..........", "#........#", "##......##", "###....###"), "king"),
]


@pytest.mark.parametrize("name,mask,adjacency", SHAPES, ids=[f"{name}-{adj}" for name, _, adj in SHAPES])
def test_named_shapes(name: str, mask: Mask, adjacency: Adjacency) -> None:
    assert path_problem(mask, adjacency) is None
    assert_path(mask, adjacency, hamiltonian_path(mask, adjacency, random.Random(7)))


@pytest.mark.parametrize("size", [5, 9, 15, 20])
def test_diamonds(size: int) -> None:
    mask = diamond(size)
    assert_path(mask, "king", hamiltonian_path(mask, "king", random.Random(size)))
    if size % 2:
        # Staircase edges leave the four tips with one orthogonal neighbour each: no Numbrix path.
        assert "4 cells with only one open neighbour" in (path_problem(mask, "orthogonal") or "")
    else:
        assert_path(mask, "orthogonal", hamiltonian_path(mask, "orthogonal", random.Random(size)))


@pytest.mark.parametrize("seed", range(12))
def test_king_with_scattered_obstacles(seed: int) -> None:
    mask = holes(12, 12, 0.1, seed)
    assert path_problem(mask, "king") is None
    assert_path(mask, "king", hamiltonian_path(mask, "king", random.Random(seed)))


@pytest.mark.parametrize("seed", range(12))
def test_numbrix_with_block_obstacles(seed: int) -> None:
    mask = block_holes(12, 12, 3, seed)
    assert path_problem(mask, "orthogonal") is None
    assert_path(mask, "orthogonal", hamiltonian_path(mask, "orthogonal", random.Random(seed)))


def test_king_20x20_with_obstacles() -> None:
    mask = holes(20, 20, 0.2, 3)
    assert path_problem(mask, "king") is None
    assert_path(mask, "king", hamiltonian_path(mask, "king", random.Random(0)))


def test_path_as_solution_grid() -> None:
    mask = cross(7, 3)
    path = hamiltonian_path(mask, "king", random.Random(1))
    rows: list[list[int | None]] = [[None] * len(row) for row in mask]
    for number, (r, c) in enumerate(path, start=1):
        rows[r][c] = number
    assert is_solution(Board.from_mask(mask, "king"), tuple(map(tuple, rows)))


# --- reproducibility -----------------------------------------------------------------------------------


@pytest.mark.parametrize("adjacency", ADJ)
def test_same_seed_same_path(adjacency: Adjacency) -> None:
    mask = block_holes(10, 10, 2, 5)
    first = hamiltonian_path(mask, adjacency, random.Random(42))
    random.seed(999)  # the global generator must not matter
    assert hamiltonian_path(mask, adjacency, random.Random(42)) == first
    paths = {tuple(hamiltonian_path(mask, adjacency, random.Random(seed))) for seed in range(6)}
    assert len(paths) > 1, "different seeds should give different paths"


def test_pinned_paths() -> None:
    """The exact paths for one seed, so a platform or Python version that changes them is caught.
    Update them deliberately (and say so) when the search itself changes."""
    assert hamiltonian_path(rect(4, 4), "king", random.Random(2024)) == [
        (3, 3), (3, 2), (2, 3), (1, 3), (0, 3), (0, 2), (1, 2), (2, 2),
        (3, 1), (3, 0), (2, 1), (2, 0), (1, 0), (1, 1), (0, 0), (0, 1),
    ]  # fmt: skip
    assert hamiltonian_path(rect(4, 4), "orthogonal", random.Random(2024)) == [
        (3, 3), (2, 3), (1, 3), (0, 3), (0, 2), (0, 1), (0, 0), (1, 0),
        (1, 1), (1, 2), (2, 2), (3, 2), (3, 1), (3, 0), (2, 0), (2, 1),
    ]  # fmt: skip


# --- quick proofs --------------------------------------------------------------------------------------


PROOFS = [
    ("empty", (), "king", "no open cells"),
    ("all blocked", from_text("##", "##"), "orthogonal", "no open cells"),
    ("disconnected", from_text("..#..", "..#..", "..#.."), "king", "not connected"),
    ("isolated cell", from_text("...#", "...#", "###."), "orthogonal", "not connected"),
    ("three dead ends", from_text(".......", "###.###", "###.###"), "king", "3 cells with only one open"),
    ("numbrix plus", from_text("#.#", "...", "#.#"), "orthogonal", "4 cells with only one open neighbour"),
    ("colour imbalance", from_text("....", "..#.", ".#..", "...."), "orthogonal", "2 more dark than light"),
    ("dead end of the rare colour", from_text("#.##", "....", "..##"), "orthogonal", "more common chessboard"),
    ("dead ends of one colour", from_text("....#", "##...", "####."), "orthogonal", "same chessboard colour"),
    ("cut into three", from_text("###", "..#", "#.#", ".#."), "king", "into 3 separate parts"),
    ("four rooms", from_text("..#..", "..#..", "##.##", "..#..", "..#.."), "king", "into 4 separate parts"),
    ("dead ends on one side", from_text("..#.", ".#.#", "###."), "king", "lie in the same part"),
    ("unbalanced part", from_text(".###", "..##", "....", "##.."), "orthogonal", "leaves a part with 1 cell"),
]


@pytest.mark.parametrize("name,mask,adjacency,words", PROOFS, ids=[p[0] for p in PROOFS])
def test_path_problem_proofs(name: str, mask: Mask, adjacency: Adjacency, words: str) -> None:
    message = path_problem(mask, adjacency)
    assert message is not None and words in message
    assert not has_path(mask, adjacency)
    with pytest.raises(PuzzleBookError, match=words):
        hamiltonian_path(mask, adjacency, random.Random(0))


def test_numbrix_colour_message_is_for_people() -> None:
    message = path_problem(rect(3, 3), "orthogonal")
    assert message is None  # 5 dark, 4 light: a path from corner to corner
    message = path_problem(from_text("....", "..#.", ".#..", "...."), "orthogonal")
    assert message == (
        "the shape has 2 more dark than light cells (chessboard colouring); "
        "a Numbrix path alternates colours, so it allows a difference of at most 1"
    )


def test_single_cell_and_pair() -> None:
    assert hamiltonian_path(from_text("#.#"), "orthogonal", random.Random(0)) == [(0, 1)]
    assert sorted(hamiltonian_path(from_text(".", "."), "king", random.Random(0))) == [(0, 0), (1, 0)]


def test_unknown_adjacency_is_a_user_error() -> None:
    with pytest.raises(PuzzleBookError, match="unknown adjacency"):
        path_problem(rect(2, 2), "triangular")  # type: ignore[arg-type]


def test_small_impossible_shape_proven_by_full_search() -> None:
    mask = from_text("##..##..##", "#........#", "..........", "#........#", "##......##", "####..####")
    assert path_problem(mask, "orthogonal") is None  # (an exact CP-SAT model agrees: no path)
    with pytest.raises(PuzzleBookError, match="no path through all 38 cells of this shape exists"):
        hamiltonian_path(mask, "orthogonal", random.Random(0))


def test_impossible_shape_proven_by_full_search() -> None:
    # Every cell has two or more neighbours and the colours balance, yet no Numbrix path exists.
    mask = from_text(
        "###....###",
        "#........#",
        "#..####..#",
        "..######..",
        "..######..",
        "..######..",
        "..######..",
        "#..####..#",
        "#........#",
        "###....###",
    )
    assert path_problem(mask, "orthogonal") is None
    with pytest.raises(PuzzleBookError, match="exists"):
        hamiltonian_path(mask, "orthogonal", random.Random(0))


def test_impossible_shape_gives_up_after_bounded_tries() -> None:
    mask = block_holes(12, 12, 4, 37)  # no Numbrix path (checked with an exact solver); no quick proof
    assert path_problem(mask, "orthogonal") is None
    with pytest.raises(PuzzleBookError, match=r"after 20 tries; it is probably impossible for orthogonal"):
        hamiltonian_path(mask, "orthogonal", random.Random(0), max_restarts=20)


# --- against brute force -------------------------------------------------------------------------------


@st.composite
def small_masks(draw: st.DrawFn) -> Mask:
    height = draw(st.integers(1, 5))
    width = draw(st.integers(1, 5))
    return tuple(tuple(draw(st.lists(st.booleans(), min_size=width, max_size=width))) for _ in range(height))


@pytest.mark.slow
@settings(max_examples=500, deadline=None)
@given(mask=small_masks(), adjacency=st.sampled_from(ADJ), seed=st.integers(0, 2**32 - 1))
def test_agrees_with_brute_force(mask: Mask, adjacency: Adjacency, seed: int) -> None:
    exists = has_path(mask, adjacency)
    if path_problem(mask, adjacency) is not None:
        assert not exists, "path_problem claimed a proof for a shape that has a path"
    if exists:
        assert_path(mask, adjacency, hamiltonian_path(mask, adjacency, random.Random(seed), max_restarts=1000))
    else:
        with pytest.raises(PuzzleBookError):
            hamiltonian_path(mask, adjacency, random.Random(seed), max_restarts=1000)
