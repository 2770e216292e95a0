"""Each kind's fingerprint: the same puzzle (turned, mirrored, read backwards, relabelled) always has the
same digests, and different generated puzzles have different ones.

Puzzles are made through the kinds, as a book makes them. The moves are applied here in the test's
own way (grids turned with zip, the honeycomb turned by its 60-degree rotation worked out on the
plane, Sudoku lines shuffled and digits renamed), not with the canon modules' code; on small boards
(4x4 Sudoku, small Hidato and Numbrix, a small honeycomb) sameness found by searching the whole group
is checked to be exactly equality of digests.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence
from dataclasses import replace
from functools import cache
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pipeline.kinds import registry
from pipeline.kinds.base import Fingerprint
from pipeline.kinds.hidato.board import Board
from pipeline.kinds.sudoku.canon import sudoku_fingerprint
from pipeline.kinds.sudoku.generate import full_grid
from pipeline.kinds.sudoku.grid import Sudoku

Rows = tuple[tuple[int | None, ...], ...]

SQUARE_WORDS = ["TIGER", "ZEBRA", "OTTER", "CAMEL", "HORSE", "MOUSE"]


@cache
def made(name: str, shape: Any, level: str, seed: int) -> tuple[Any, Any]:
    """The puzzle and solution the kind makes, as its record reads back: `shape` is a board's shape as
    (option, value) pairs (hashable, for the cache), or a Sudoku's box; odd seeds make symmetric Sudokus."""
    kind = registry.kind(name)
    if name == "sudoku":
        params: dict[str, Any] = {"box": shape, "symmetry": "rotate180" if seed % 2 else "none"}
    elif name == "wordsearch":
        params = {"shape": dict(shape), "language": "en", "umlauts": "keep", "words": SQUARE_WORDS,
                  "show": "list", "list_style": "alphabetical"}
    else:
        params = {"adjacency": {"hidato": "king", "numbrix": "orthogonal", "hexhidato": "hex"}[name],
                  "shape": dict(shape)}
    return kind.read_record(kind.generate(params, level, seed))


def fingerprint(name: str, puzzle: Any, solution: Any) -> Fingerprint:
    return registry.kind(name).fingerprint(puzzle, solution)


# ------------------------------------------------------------------------------ Hidato, Numbrix, hex


def square(size: int) -> tuple[tuple[str, Any], ...]:
    return (("name", "square"), ("size", size))


PATH_PUZZLES = [
    ("hidato", square(6), 1), ("hidato", (("name", "random"), ("size", 6)), 2),
    ("numbrix", square(6), 3), ("numbrix", (("name", "cross"), ("size", 7), ("arm", 3)), 4),
    ("hexhidato", (("name", "hexagon"), ("size", 3)), 5), ("hexhidato", (("name", "hexrandom"), ("size", 4)), 6),
    ("hexhidato", (("name", "triangle"), ("size", 6)), 7),
]


def placed(grid: Rows) -> dict[tuple[int, int], int]:
    return {(r, c): number for r, row in enumerate(grid) for c, number in enumerate(row) if number is not None}


def drawn(cells: dict[tuple[int, int], int], pad: tuple[int, int, int, int] = (0, 0, 0, 0)) -> Rows:
    """Cells as a record's rows: their bounding rectangle (with `pad` blocked rows and columns on top,
    left, bottom and right), None elsewhere."""
    top, left = min(r for r, _ in cells) - pad[0], min(c for _, c in cells) - pad[1]
    height = max(r for r, _ in cells) - top + 1 + pad[2]
    width = max(c for _, c in cells) - left + 1 + pad[3]
    return tuple(tuple(cells.get((r + top, c + left)) for c in range(width)) for r in range(height))


def turned(grid: Rows, hexagonal: bool, turns: int, mirrored: bool) -> dict[tuple[int, int], int]:
    """The grid's cells turned `turns` times (a sixth of a turn on the honeycomb, a quarter on the
    square), then mirrored. On the honeycomb a cell (r, q) sits at x = q + r/2, y = r * sqrt(3)/2;
    turning that point by 60 degrees lands on (q + r, -r), and mirroring y on (-r, q + r)."""
    cells = placed(grid)
    for _ in range(turns % (6 if hexagonal else 4)):
        cells = {((q + r, -r) if hexagonal else (q, -r)): number for (r, q), number in cells.items()}
    if mirrored:
        cells = {((-r, q + r) if hexagonal else (r, -q)): number for (r, q), number in cells.items()}
    return cells


def reversed_path(cells: dict[tuple[int, int], int]) -> dict[tuple[int, int], int]:
    last = len(cells) + 1
    return {cell: last - number if number else 0 for cell, number in cells.items()}


def moved_path(name: str, board: Board, solution: Rows, turns: int, mirrored: bool, backwards: bool,
               pad: tuple[int, int, int, int]) -> tuple[Board, Rows]:
    hexagonal = board.adjacency == "hex"
    grids = []
    for grid in (board.grid, solution):
        cells = turned(grid, hexagonal, turns, mirrored)
        grids.append(drawn(reversed_path(cells) if backwards else cells, pad))
    moved = Board.from_json(grids[0], board.adjacency)
    assert registry.kind(name).is_solution(moved, grids[1]), "the test's move is a symmetry of the board"
    return moved, grids[1]


@pytest.mark.parametrize(("name", "shape", "seed"), PATH_PUZZLES)
@settings(max_examples=30, deadline=None)
@given(turns=st.integers(0, 5), mirrored=st.booleans(), backwards=st.booleans(),
       pad=st.tuples(*[st.integers(0, 2)] * 4))
def test_a_path_puzzle_turned_mirrored_or_read_backwards_is_the_same(
        name: str, shape: Any, seed: int, turns: int, mirrored: bool, backwards: bool,
        pad: tuple[int, int, int, int]) -> None:
    board, solution = made(name, shape, "easy", seed)
    moved, moved_solution = moved_path(name, board, solution, turns, mirrored, backwards, pad)
    assert fingerprint(name, moved, moved_solution) == fingerprint(name, board, solution)


def test_different_path_puzzles_have_different_digests() -> None:
    """(The path is drawn from the seed before the level digs its givens: each puzzle its own seed.)"""
    prints = [fingerprint(name, *made(name, shape, level, seed)) for name, shape, _ in PATH_PUZZLES
              for level, seeds in (("easy", (11, 12, 13)), ("medium", (14, 15, 16))) for seed in seeds]
    assert len({each.puzzle for each in prints}) == len(prints)
    assert len({each.solution for each in prints}) == len(prints)


def test_the_kind_is_part_of_the_digest() -> None:
    """A Numbrix path is a Hidato path too, but the puzzles are different kinds."""
    board, solution = made("numbrix", square(6), "easy", 3)
    as_hidato = Board(board.grid, "king")
    assert fingerprint("hidato", as_hidato, solution).puzzle != fingerprint("numbrix", board, solution).puzzle


def path_orbit(grid: Rows, hexagonal: bool) -> set[frozenset[tuple[int, int, int]]]:
    """Every image of the board under the lattice's symmetries and reversal, moved to the origin."""
    found = set()
    for turns, mirrored, backwards in itertools.product(range(6 if hexagonal else 4), (False, True), (False, True)):
        cells = turned(grid, hexagonal, turns, mirrored)
        cells = reversed_path(cells) if backwards else cells
        top, left = min(r for r, _ in cells), min(q for _, q in cells)
        found.add(frozenset((r - top, q - left, number) for (r, q), number in cells.items()))
    return found


@pytest.mark.parametrize(("name", "shape"), [
    ("numbrix", square(4)), ("hidato", square(4)), ("hexhidato", (("name", "hexagon"), ("size", 3))),
])
def test_small_path_puzzles_share_digests_exactly_when_a_symmetry_maps_one_onto_the_other(
        name: str, shape: Any) -> None:
    """Small boards have few puzzles, so different seeds make the same one, turned, now and then."""
    made_ones = [made(name, shape, "easy", seed) for seed in range(1, 25)]
    hexagonal = made_ones[0][0].adjacency == "hex"
    made_ones.append(moved_path(name, *made_ones[0], 1, True, True, (1, 0, 0, 2)))
    prints = [fingerprint(name, board, solution) for board, solution in made_ones]
    puzzle_orbits = [path_orbit(board.grid, hexagonal) for board, _ in made_ones]
    solution_orbits = [path_orbit(solution, hexagonal) for _, solution in made_ones]
    same_pairs = 0
    for (i, one), (j, other) in itertools.combinations(enumerate(made_ones), 2):
        same_puzzle = not puzzle_orbits[i].isdisjoint(puzzle_orbits[j])
        same_solution = not solution_orbits[i].isdisjoint(solution_orbits[j])
        assert (prints[i].puzzle == prints[j].puzzle) == same_puzzle, (i, j)
        assert (prints[i].solution == prints[j].solution) == same_solution, (i, j)
        same_pairs += same_puzzle + same_solution
    assert same_pairs >= 2, "the moved copy, at least, is the same puzzle and the same solution"


@pytest.mark.parametrize(("name", "shape", "expected"), [
    ("numbrix", {"name": "square", "size": 5}, True),
    ("numbrix", {"name": "square", "size": 6}, True),
    ("numbrix", {"name": "square", "size": 7}, False),
    ("hidato", {"name": "random", "size": 6}, True),
    ("hidato", {"name": "random", "size": 10}, False),
    ("hexhidato", {"name": "hexagon", "size": 3}, True),
    ("hexhidato", {"name": "hexagon", "size": 5}, False),
])
def test_small_path_boards_may_run_out(name: str, shape: dict[str, Any], expected: bool) -> None:
    kind = registry.kind(name)
    adjacency = {"hidato": "king", "numbrix": "orthogonal", "hexhidato": "hex"}[name]
    assert kind.distinct_may_run_out({"adjacency": adjacency, "shape": shape}, "easy") is expected


# ------------------------------------------------------------------------------ Sudoku


def line_orders(box: int) -> st.SearchStrategy[tuple[int, ...]]:
    """An order of a grid's lines that keeps each band together: bands shuffled, lines within them."""
    bands = st.permutations(range(box))
    within = st.lists(st.permutations(range(box)), min_size=box, max_size=box)
    return st.builds(lambda order, inner: tuple(band * box + inner[place][k] for place, band in enumerate(order)
                                                for k in range(box)), bands, within)


def sudoku_moves(box: int) -> st.SearchStrategy[tuple[tuple[int, ...], tuple[int, ...], bool, tuple[int, ...]]]:
    """Rows, columns, transposed or not, and each digit's new name (index 0 is the blank, kept)."""
    names = st.permutations(range(1, box * box + 1)).map(lambda names: (0, *names))
    return st.tuples(line_orders(box), line_orders(box), st.booleans(), names)


def moved_cells(box: int, cells: Sequence[int], rows: Sequence[int], columns: Sequence[int], transposed: bool,
                names: Sequence[int]) -> tuple[int, ...]:
    n = box * box
    read = [[names[cells[r * n + c]] for c in columns] for r in rows]
    if transposed:
        read = [list(column) for column in zip(*read)]
    return tuple(digit for row in read for digit in row)


def moved_sudoku(puzzle: Sudoku, solution: tuple[int, ...], move: tuple[Any, ...]) -> tuple[Sudoku, tuple[int, ...]]:
    moved = Sudoku(puzzle.box, moved_cells(puzzle.box, puzzle.cells, *move))
    moved_solution = moved_cells(puzzle.box, solution, *move)
    assert registry.kind("sudoku").is_solution(moved, moved_solution), "the test's move keeps a Sudoku a Sudoku"
    return moved, moved_solution


@pytest.mark.parametrize("seed", [1, 2])
@settings(max_examples=30, deadline=None)
@given(move=sudoku_moves(3))
def test_a_9x9_sudoku_moved_or_relabelled_is_the_same(seed: int, move: tuple[Any, ...]) -> None:
    puzzle, solution = made("sudoku", 3, "easy", seed)
    assert fingerprint("sudoku", *moved_sudoku(puzzle, solution, move)) == fingerprint("sudoku", puzzle, solution)


@pytest.mark.parametrize("seed", [1, 2])
@settings(max_examples=30, deadline=None)
@given(move=sudoku_moves(2))
def test_a_4x4_sudoku_moved_is_the_same_puzzle_but_only_its_own_solution_counts(
        seed: int, move: tuple[Any, ...]) -> None:
    puzzle, solution = made("sudoku", 2, "easy", seed)
    moved, moved_solution = moved_sudoku(puzzle, solution, move)
    before, after = fingerprint("sudoku", puzzle, solution), fingerprint("sudoku", moved, moved_solution)
    assert after.puzzle == before.puzzle
    assert (after.solution == before.solution) == (moved_solution == solution)


@pytest.mark.parametrize("box", [3, 4])
@settings(max_examples=10, deadline=None)
@given(data=st.data())
def test_any_moved_grid_has_the_same_invariant(box: int, data: st.DataObject) -> None:
    """Beyond generated puzzles, 16x16 too: a random full grid, or the most regular one (each row the
    one above shifted, so many moves map it onto itself), with givens drawn at random, then moved."""
    n = box * box
    if data.draw(st.booleans(), label="regular"):
        solution = tuple((box * (r % box) + r // box + c) % n + 1 for r in range(n) for c in range(n))
    else:
        solution = full_grid(box, random.Random(data.draw(st.integers(0, 2**32), label="grid seed")))
    givens = data.draw(st.lists(st.booleans(), min_size=n * n, max_size=n * n), label="givens")
    puzzle = tuple(digit if given else 0 for digit, given in zip(solution, givens))
    move = data.draw(sudoku_moves(box), label="move")
    moved, moved_solution = moved_cells(box, puzzle, *move), moved_cells(box, solution, *move)
    assert sudoku_fingerprint("sudoku", box, moved, moved_solution) == sudoku_fingerprint("sudoku", box, puzzle, solution)


def test_different_9x9_sudokus_have_different_digests() -> None:
    prints = [fingerprint("sudoku", *made("sudoku", 3, "easy", seed)) for seed in range(1, 7)]
    assert len({each.puzzle for each in prints}) == len({each.solution for each in prints}) == len(prints)


def test_new_givens_on_an_old_answer_share_the_solution_digest_only() -> None:
    puzzle, solution = made("sudoku", 3, "easy", 1)
    first_given = next(i for i, digit in enumerate(puzzle.cells) if digit)
    fewer = Sudoku(3, tuple(0 if i == first_given else digit for i, digit in enumerate(puzzle.cells)))
    before, after = fingerprint("sudoku", puzzle, solution), fingerprint("sudoku", fewer, solution)
    assert after.solution == before.solution and after.puzzle != before.puzzle


def sudoku_orbit(cells: Sequence[int]) -> set[tuple[int, ...]]:
    """Every image of a 4x4 grid: 128 arrangements of its lines, each with all 24 namings of its digits."""
    orders = [tuple(band * 2 + k for band in bands for k in inner[band])
              for bands in itertools.permutations(range(2))
              for inner in itertools.product(itertools.permutations(range(2)), repeat=2)]
    found = set()
    for rows, columns, transposed in itertools.product(orders, orders, (False, True)):
        arranged = moved_cells(2, cells, rows, columns, transposed, range(5))
        for names in itertools.permutations(range(1, 5)):
            found.add(tuple(names[digit - 1] if digit else 0 for digit in arranged))
    return found


def test_4x4_sudokus_share_a_digest_exactly_when_the_group_maps_one_onto_the_other() -> None:
    """4x4 puzzles are few, so different seeds make the same one, moved, now and then."""
    made_ones = [made("sudoku", 2, "easy", seed) for seed in range(1, 41)]
    made_ones.append(moved_sudoku(*made_ones[0], ((2, 3, 1, 0), (1, 0, 3, 2), True, (0, 3, 1, 4, 2))))
    prints = [fingerprint("sudoku", puzzle, solution).puzzle for puzzle, solution in made_ones]
    orbits = [sudoku_orbit(puzzle.cells) for puzzle, _ in made_ones]
    same_pairs = 0
    for i, j in itertools.combinations(range(len(made_ones)), 2):
        same = made_ones[j][0].cells in orbits[i]
        assert (prints[i] == prints[j]) == same, (i, j)
        same_pairs += same
    assert same_pairs >= 1


def test_only_4x4_sudokus_may_run_out() -> None:
    kind = registry.kind("sudoku")
    assert kind.distinct_may_run_out({"box": 2, "symmetry": "none"}, "easy")
    assert not kind.distinct_may_run_out({"box": 3, "symmetry": "none"}, "easy")


# ------------------------------------------------------------------------------ word search


@settings(max_examples=20, deadline=None)
@given(turns=st.integers(0, 3), mirrored=st.booleans(), order=st.permutations(range(len(SQUARE_WORDS))))
def test_a_word_search_turned_or_its_list_reordered_is_the_same(turns: int, mirrored: bool,
                                                               order: list[int]) -> None:
    puzzle, solution = made("wordsearch", (("name", "random"), ("size", 9)), "easy", 1)
    rows = [list(row) for row in puzzle.rows]
    for _ in range(turns):
        rows = [list(row) for row in zip(*rows[::-1])]
    if mirrored:
        rows = [row[::-1] for row in rows]
    moved = replace(puzzle, rows=tuple("".join(row) for row in rows), words=tuple(puzzle.words[i] for i in order))
    assert fingerprint("wordsearch", moved, ()) == fingerprint("wordsearch", puzzle, solution)


def test_word_searches_differ_by_their_words_and_their_shape_only() -> None:
    random_shape = (("name", "random"), ("size", 9))
    one, other = (fingerprint("wordsearch", *made("wordsearch", random_shape, "easy", seed)) for seed in (1, 2))
    assert one != other, "two random boards have different outlines"
    same_square = [fingerprint("wordsearch", *made("wordsearch", square(9), "easy", seed)) for seed in (1, 2)]
    assert same_square[0] == same_square[1], "the same words on the same square are the same puzzle"
    assert same_square[0].solution is None
    puzzle, solution = made("wordsearch", square(9), "easy", 1)
    fewer = replace(puzzle, words=puzzle.words[1:])
    assert fingerprint("wordsearch", fewer, solution[1:]) != same_square[0]
    assert registry.kind("wordsearch").distinct_may_run_out(
        {"shape": dict(square(9)), "language": "en", "umlauts": "keep", "words": SQUARE_WORDS, "show": "list",
         "list_style": "alphabetical"}, "easy")
