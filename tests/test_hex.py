"""Hex Hidato: the axial geometry, the honeycomb shapes, the text form, the generator's levels, the
command line and a honeycomb book read back with pypdf.

The solver and path search are checked against brute force for hex boards where the square ones are
(test_solve.py, test_path.py), and the level medians in test_levels.py; this file covers what only
hex boards have.
"""

from __future__ import annotations

import json
import math
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pypdf import PdfReader

from pipeline import shapes
from pipeline.cli import main
from pipeline.errors import PuzzleBookError
from pipeline.kinds import registry
from pipeline.kinds.hidato.board import Board, is_solution
from pipeline.kinds.hidato.generate import RECIPES, generate
from pipeline.kinds.hidato.geometry import HEX_STEPS, distance, mask_connected
from pipeline.kinds.hidato.grade import LEVELS, grade
from pipeline.kinds.hidato.hexshapes import (
    FAMILIES,
    hex_shape_names,
    is_hex_shape,
    make_hex_mask,
    preview,
)
from pipeline.kinds.hidato.path import hamiltonian_path, path_problem
from pipeline.kinds.hidato.solve import geometry, solve
from pipeline.kinds.hidato.textformat import PuzzleText, format_puzzles, parse_puzzles

ROOT = Path(__file__).resolve().parent.parent


def cells(mask: tuple[tuple[bool, ...], ...]) -> int:
    return sum(map(sum, mask))


# ---------------------------------------------------------------- geometry


def test_neighbours_are_the_six_axial_moves() -> None:
    board = Board.from_rows([[0] * 3 for _ in range(3)], "hex")
    assert sorted(board.neighbours((1, 1))) == [(0, 1), (0, 2), (1, 0), (1, 2), (2, 0), (2, 1)]
    assert sorted(board.neighbours((0, 0))) == [(0, 1), (1, 0)]


@given(st.integers(-6, 6), st.integers(-6, 6), st.integers(-6, 6), st.integers(-6, 6))
def test_distance_is_the_fewest_moves(r0: int, q0: int, r1: int, q1: int) -> None:
    """Breadth-first search over the six moves on an open plane gives max(|dr|, |dq|, |dr + dq|)."""
    frontier, seen, moves = {(r0, q0)}, {(r0, q0)}, 0
    while (r1, q1) not in frontier:
        frontier = {(r + dr, q + dq) for r, q in frontier for dr, dq in HEX_STEPS} - seen
        seen |= frontier
        moves += 1
    assert distance((r0, q0), (r1, q1), "hex") == moves


@settings(max_examples=80, deadline=None)
@given(st.integers(1, 6), st.integers(1, 6), st.data())
def test_bitmask_neighbours_match_the_moves(height: int, width: int, data: st.DataObject) -> None:
    """The solver's shifts (+-1, +-stride, +-(stride-1)) find exactly the axial neighbours, never wrapping a row."""
    mask = tuple(tuple(data.draw(st.booleans()) or r == q == 0 for q in range(width)) for r in range(height))
    geo = geometry(mask, "hex")
    board = Board.from_mask(mask, "hex")
    for r, q in board.open_cells():
        expected = sum(geo.bit(nr, nq) for nr, nq in board.neighbours((r, q)))
        assert geo.nbrs[r * geo.stride + q] == expected
        assert geo.touch(geo.bit(r, q)) == expected
    assert geo.connected == mask_connected(mask, "hex")


# ---------------------------------------------------------------- shapes


@pytest.mark.parametrize(("name", "size", "count"), [
    ("hexagon", 5, 61), ("hexagon", 6, 91), ("hexagon", 7, 127), ("triangle", 13, 91), ("parallelogram", 9, 81),
    ("hexstar", 4, 73), ("hexring", 6, 72),
])
def test_family_cell_counts(name: str, size: int, count: int) -> None:
    mask = make_hex_mask(name, size)
    assert cells(mask) == count
    assert mask_connected(mask, "hex")
    assert path_problem(mask, "hex") is None


def test_hexagon_is_the_rectangle_less_two_corners() -> None:
    mask = make_hex_mask("hexagon", 3)
    assert mask == (
        (False, False, True, True, True),
        (False, True, True, True, True),
        (True, True, True, True, True),
        (True, True, True, True, False),
        (True, True, True, False, False),
    )


@pytest.mark.parametrize("name", ["hexagon", "hexstar", "hexring"])
def test_centred_shapes_have_sixfold_symmetry(name: str) -> None:
    """Rotating by 60 degrees about the centre, (r, q) -> (r + q, -r) in centred axial coordinates, maps the shape onto itself."""
    mask = make_hex_mask(name, 4)
    c = len(mask) // 2
    open_cells = {(r - c, q - c) for r, row in enumerate(mask) for q, v in enumerate(row) if v}
    assert {(r + q, -r) for r, q in open_cells} == open_cells


def test_triangle_and_parallelogram() -> None:
    assert cells(make_hex_mask("triangle", 4)) == 10
    assert make_hex_mask("parallelogram", 3, width=5) == ((True,) * 5,) * 3
    assert make_hex_mask("parallelogram", height=2, width=4) == ((True,) * 4,) * 2


def test_ring_band_and_star_points() -> None:
    assert cells(make_hex_mask("hexring", 4, width=1)) == 18  # the outer ring of a side-4 hexagon
    assert cells(make_hex_mask("hexring", 4, width=3)) == 36  # all but the centre
    star = make_hex_mask("hexstar", 2)
    assert cells(star) == 13  # a 7-cell hexagon with six one-cell points


def test_random_obstacles_are_reproducible_connected_and_counted() -> None:
    first = make_hex_mask("hexrandom", 6, ratio=0.2, seed=4)
    assert first == make_hex_mask("hexrandom", 6, ratio=0.2, seed=4)
    assert first != make_hex_mask("hexrandom", 6, ratio=0.2, seed=5)
    assert cells(first) == 91 - round(0.2 * 91)
    assert mask_connected(first, "hex")
    board = Board.from_mask(first, "hex")
    assert sum(len(list(board.neighbours(cell))) == 1 for cell in board.open_cells()) <= 2


@pytest.mark.parametrize(("args", "words"), [
    (("hexagon", 1), "size of shape 'hexagon' must be a whole number from 2 to 20, got 1"),
    (("hexagon", 21), "from 2 to 20"),
    (("hexstar", 11), "size of shape 'hexstar' must be a whole number from 2 to 10"),
    (("hexring", 5, {"width": 5}), "width of shape 'hexring' must be a whole number from 1 to 4"),
    (("hexagon", 5, {"arm": 2}), "shape 'hexagon' does not take arm; it takes: size"),
    (("hexrandom", 5, {"ratio": 0.6}), "ratio of shape 'hexrandom' must be a number from 0 up to 0.5"),
    (("square", None), "shape 'square' is a square-grid shape; hex boards take: hexagon"),
    (("hexagonn", None), "unknown hex shape 'hexagonn'"),
])
def test_bad_shapes_are_refused_with_what_is_allowed(args: tuple, words: str) -> None:
    name, size, *options = args
    with pytest.raises(PuzzleBookError, match=words.replace("(", r"\(")):
        make_hex_mask(name, size, **(options[0] if options else {}))


def test_hex_picture_files_belong_to_hex_boards_only(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A `; adjacency=hex` first line marks a picture as hex: listed and read for hex boards, refused for square ones."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "shapes").mkdir()
    (tmp_path / "shapes" / "comb.txt").write_text("; adjacency=hex\n . . .\n  . # .\n   . . .\n", encoding="utf-8")
    assert "comb" in hex_shape_names() and is_hex_shape("comb")
    assert "comb" not in shapes.shape_names()
    assert cells(make_hex_mask("comb")) == 8
    with pytest.raises(PuzzleBookError, match="drawn for hex boards"):
        shapes.make_mask("comb")
    assert "flower" in hex_shape_names() and cells(make_hex_mask("flower")) == 49
    (tmp_path / "shapes" / "apart.txt").write_text("; adjacency=hex\n. # .\n", encoding="utf-8")
    with pytest.raises(PuzzleBookError, match="not connected on the honeycomb"):
        make_hex_mask("apart")


def test_preview_is_a_honeycomb_that_reads_back() -> None:
    mask = make_hex_mask("hexagon", 2)
    assert preview(mask) == "# . .\n . . .\n  . . #\n"
    blocks = parse_puzzles("; adjacency=hex\n" + preview(mask))
    assert blocks[0].board.mask() == mask


def test_every_hex_shape_holds_a_path() -> None:
    for name in hex_shape_names():
        mask = make_hex_mask(name, seed=1)
        path = hamiltonian_path(mask, "hex", random.Random(0))
        assert len(path) == cells(mask)
        assert all(distance(a, b, "hex") == 1 for a, b in zip(path, path[1:]))


# ---------------------------------------------------------------- text form


def test_text_is_indented_as_a_honeycomb_and_a_plain_rectangle_reads_the_same() -> None:
    board = Board.from_rows([[None, 1, 0], [0, 0, 0], [7, 0, None]], "hex")
    text = format_puzzles([PuzzleText(board)])
    assert text == "; adjacency=hex\n# 1 .\n . . .\n  7 . #\n"
    plain = parse_puzzles("; adjacency=hex\n# 1 .\n. . .\n7 . #\n")
    assert plain[0].board == board == parse_puzzles(text)[0].board
    wide = format_puzzles([PuzzleText(Board.from_rows([[10, 0], [0, None]], "hex"))])
    assert wide == "; adjacency=hex\n 10   .\n    .   #\n"  # tokens of odd width: half a cell is whole spaces


def test_kind_metadata_means_hex() -> None:
    assert parse_puzzles("; kind=hexhidato\n1 .\n. 4\n")[0].board.adjacency == "hex"
    with pytest.raises(PuzzleBookError, match="kind=hexhidato contradicts adjacency=king"):
        parse_puzzles("; kind=hexhidato adjacency=king\n1 .\n")


def test_errors_point_at_line_and_column_in_indented_rows() -> None:
    with pytest.raises(PuzzleBookError, match=r"<input>, line 3, column 5: unknown token 'q'"):
        parse_puzzles("; adjacency=hex\n1 . .\n  . q .\n")
    with pytest.raises(PuzzleBookError, match=r"line 2, column 5: .*cannot be reached from the one at line 2, column 1"):
        parse_puzzles("; adjacency=hex\n. # .\n")


# ---------------------------------------------------------------- generator and grader


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("shape", ["hexagon", "triangle", "hexstar", "hexring", "flower"])
def test_every_shape_at_every_level(shape: str, level: str) -> None:
    size = {"hexagon": 5, "triangle": 10, "hexstar": 3, "hexring": 5}.get(shape)
    mask = make_hex_mask(shape, size)
    record = generate(mask, "hex", level, seed=2, shape=shape)
    puzzle = Board.from_json(record["grid"], "hex")
    solution = tuple(tuple(row) for row in record["solution"])
    assert record["kind"] == "hexhidato" and record["adjacency"] == "hex"
    assert is_solution(puzzle, solution)
    result = solve(puzzle, limit=2)
    assert result.status == "unique" and result.solutions[0] == solution
    assert {1, puzzle.size} <= set(puzzle.givens())
    assert record["grade"] == grade(puzzle) and record["grade"]["level"] == level
    budget = math.ceil(RECIPES["expert"].trials_per_cell * puzzle.size)
    assert record["grade"]["techniques"].get("trial", 0) <= budget


def test_hard_and_expert_are_sparse() -> None:
    mask = make_hex_mask("hexagon", 6)
    ratios = {level: generate(mask, "hex", level, seed=9, shape="hexagon")["grade"]["givens_ratio"]
              for level in LEVELS}
    assert ratios["easy"] > ratios["medium"] > ratios["hard"] >= ratios["expert"]
    assert ratios["hard"] < 0.2 and ratios["expert"] < 0.2


def test_a_shape_without_a_path_is_refused_at_once() -> None:
    # Three arms of two cells around one centre: three cells with a single neighbour.
    rows = ["####.", "###.#", "...##", "##.##", "##.##"]
    mask = tuple(tuple(ch == "." for ch in row) for row in rows)
    assert "3 cells with only one open neighbour" in (path_problem(mask, "hex") or "")
    with pytest.raises(PuzzleBookError, match="cannot be a hexhidato puzzle"):
        generate(mask, "hex", "easy", seed=1)


# ---------------------------------------------------------------- command line and book


def test_generate_names_the_kind_from_a_honeycomb_shape(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["generate", "--shape", "hexagon", "--size", "6", "--difficulty", "hard", "--count", "2", "--json"]) == 0
    records = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [r["kind"] for r in records] == ["hexhidato"] * 2
    assert all(r["grade"]["level"] == "hard" and r["grade"]["cells"] == 91 for r in records)


def test_file_commands_on_hex_text(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "hex.txt"
    assert main(["generate", "--shape", "triangle", "--size", "6", "--difficulty", "medium", "--seed", "3",
                 "--count", "2", "--solutions", "--output", str(path)]) == 0
    capsys.readouterr()
    assert main(["verify", str(path)]) == 0
    capsys.readouterr()
    assert main(["solve", str(path), "--steps", "--json"]) == 0
    solved = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    items = parse_puzzles(path.read_text(encoding="utf-8"))
    assert [s["status"] for s in solved] == ["unique", "unique"]
    assert [tuple(map(tuple, s["solutions"][0])) for s in solved] == [item.solution for item in items]
    assert all(s["level"] == "medium" for s in solved)


def test_the_registry_knows_the_hex_kind() -> None:
    kind = registry.kind("hexhidato")
    assert kind.family == "hidato" and kind.explains
    assert kind.own_shapes()[: len(FAMILIES)] == FAMILIES
    assert kind.accepts_shape("hexagon", {}, 0) is True
    assert kind.accepts_shape("square", {}, 0) is None  # another grid's shape: not judged
    assert registry.kind("hidato").accepts_shape("hexagon", {}, 0) is False


@pytest.mark.slow
def test_honeycomb_book(tmp_path: Path) -> None:
    """A small hex book: every puzzle drawn, the how-to page with its hex example, the answers."""
    config = tmp_path / "hex.yaml"
    config.write_text(
        "title: Hex test\nseed: 3\nsections:\n"
        "  - name: Combs\n    kind: hexhidato\n    shapes: [hexagon:4, hexstar:3]\n    difficulty: medium\n"
        "    count: 4\n    per_page: 4\n",
        encoding="utf-8",
    )
    assert main(["build", str(config), "--out", str(tmp_path / "out"), "--quiet"]) == 0
    reader = PdfReader(tmp_path / "out" / "book.pdf")
    text = "\n".join(page.extract_text() for page in reader.pages)
    assert "How to play Hex Hidato" in text and "honeycomb" in text
    records = [json.loads(line) for line in (tmp_path / "out" / "puzzles.jsonl").read_text().splitlines()]
    assert [r["kind"] for r in records] == ["hexhidato"] * 4
    assert [r["shape"] for r in records] == ["hexagon", "hexstar", "hexagon", "hexstar"]
    for record in records:  # every given of every puzzle is printed
        givens = [v for row in record["grid"] for v in row if v]
        assert all(str(v) in text for v in givens)


def test_a_square_shape_in_a_hex_section_is_a_config_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    config = tmp_path / "bad.yaml"
    config.write_text(
        "title: Bad\nsections:\n  - name: S\n    kind: hexhidato\n    shapes: cross\n    difficulty: easy\n    count: 1\n",
        encoding="utf-8",
    )
    assert main(["build", str(config), "--out", str(tmp_path / "out")]) == 2
    err = capsys.readouterr().err
    assert "bad.yaml, line 5, sections[0].shapes: shape 'cross' is a square-grid shape" in err
    assert not (tmp_path / "out").exists()


def test_shipped_hex_pictures_are_marked_described_and_hold_a_path() -> None:
    for path in sorted(shapes.PROJECT_SHAPES.glob("*.txt")):
        if shapes.picture_adjacency(path) != "hex":
            continue
        first, second = path.read_text(encoding="utf-8").splitlines()[:2]
        assert first == f"; shape={path.stem} adjacency=hex"
        assert second.startswith("; ") and "=" not in second
        mask = make_hex_mask(path.stem)
        assert path_problem(mask, "hex") is None


def test_honeycomb_config_has_every_hex_shape_at_every_level() -> None:
    from pipeline.book.config import load_config

    book = load_config(ROOT / "configs" / "honeycomb.yaml")
    sections = [s for s in book.sections if s.kind == "hexhidato"]
    assert sorted(level for s in sections for level in s.difficulty) == sorted(LEVELS)
    for section in sections:
        assert {shape.name for shape in section.shapes} == set(hex_shape_names())


def test_a_long_parallelogram_runs_to_the_side_limit_within_the_area() -> None:
    """Width and height each up to 100, as long as the board holds at most 1600 cells."""
    mask = make_hex_mask("parallelogram", width=100, height=16)
    assert (len(mask), len(mask[0])) == (16, 100) and all(map(all, mask))
    with pytest.raises(PuzzleBookError, match="shape 'parallelogram': a board may hold at most 1600 cells"):
        make_hex_mask("parallelogram", width=100, height=17)
    with pytest.raises(PuzzleBookError, match="size of shape 'hexagon' must be a whole number from 2 to 20"):
        make_hex_mask("hexagon", 21)
