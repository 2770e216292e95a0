"""Board outlines: the exact cells of each family, seeded randomness, picture files and clear errors."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pipeline.errors import PuzzleBookError
from pipeline.kinds.hidato.board import Adjacency, Board, Mask, open_cells_connected
from pipeline.kinds.hidato.textformat import parse_puzzles
from pipeline.grids import BoardLimits, mask_connected
from pipeline.shapes import (
    FAMILIES,
    MAX_SIZE,
    PROJECT_SHAPES,
    make_mask,
    picture_adjacency,
    preview,
    shape_names,
)

PICTURES = sorted(path for path in PROJECT_SHAPES.glob("*.txt") if picture_adjacency(path) is None)
"""The square grid's picture files (hex ones are marked on their first line: tests/test_hex.py)."""


def count(mask: Mask) -> int:
    return sum(map(sum, mask))


def picture(text: str) -> Mask:
    return tuple(tuple(ch == "." for ch in line.split()) for line in text.strip().splitlines())


def connected(mask: Mask, adjacency: Adjacency = "king") -> bool:
    return open_cells_connected(Board.from_mask(mask, adjacency))


def symmetric(mask: Mask) -> bool:
    """Unchanged by left-right and top-bottom flips and by the main-diagonal transpose."""
    flips = (tuple(row[::-1] for row in mask), mask[::-1], tuple(zip(*mask)))
    return all(flipped == mask for flipped in flips)


def test_square_sizes() -> None:
    assert make_mask("square", 3) == ((True,) * 3,) * 3
    assert make_mask("square") == ((True,) * 8,) * 8
    wide = make_mask("square", 4, width=6)
    assert (len(wide), len(wide[0])) == (4, 6)
    tall = make_mask("square", height=5, width=2)
    assert (len(tall), len(tall[0])) == (5, 2)


def test_cross_nine_with_arm_three() -> None:
    mask = make_mask("cross", 9, arm=3)
    assert count(mask) == 45
    assert mask == make_mask("cross", 9)
    assert mask[0] == (False,) * 3 + (True,) * 3 + (False,) * 3
    assert mask[4] == (True,) * 9
    assert symmetric(mask)


@pytest.mark.parametrize(
    ("size", "arm"), [(3, 1), (4, 2), (5, 3), (6, 2), (7, 3), (8, 2), (9, 3), (10, 4), (12, 4)]
)
def test_cross_default_arm_is_near_a_third_with_the_size_parity(size: int, arm: int) -> None:
    mask = make_mask("cross", size)
    assert mask == make_mask("cross", size, arm=arm)
    assert count(mask) == 2 * size * arm - arm * arm
    assert symmetric(mask)


@pytest.mark.parametrize("arm", [0, 2, 9, 11, True])
def test_cross_arm_out_of_range(arm: int) -> None:
    with pytest.raises(PuzzleBookError, match="arm of a cross of size 9 must be an odd number from 1 to 7"):
        make_mask("cross", 9, arm=arm)


def test_rhombus_is_a_diamond() -> None:
    mask = make_mask("rhombus", 9)
    assert mask == tuple(tuple(abs(r - 4) + abs(c - 4) <= 4 for c in range(9)) for r in range(9))
    assert count(mask) == 41
    even = make_mask("rhombus", 8)
    assert [sum(row) for row in even] == [2, 4, 6, 8, 8, 6, 4, 2]
    assert symmetric(mask) and symmetric(even)
    assert connected(even, "orthogonal")


def test_mirror_blocks_the_main_diagonal() -> None:
    mask = make_mask("mirror", 6)
    assert all(mask[r][c] == (r != c) for r in range(6) for c in range(6))
    assert connected(mask)


def test_mirror_falls_apart_under_orthogonal_adjacency() -> None:
    with pytest.raises(PuzzleBookError, match="'mirror' falls apart under orthogonal adjacency"):
        make_mask("mirror", 6, adjacency="orthogonal")


def test_cloud_eight_is_the_classic_cloud() -> None:
    assert make_mask("cloud", 8) == picture(
        """
        . . . . . # # #
        . . . . . # # #
        . . . . . . # #
        . . . . . . # #
        . . . . . . . #
        # # . . . . . #
        # # # # . . . .
        # # # # # # . .
        """
    )


@pytest.mark.parametrize("size", range(6, MAX_SIZE + 1))
def test_cloud_is_a_connected_blob_of_every_size(size: int) -> None:
    mask = make_mask("cloud", size)
    assert mask == make_mask("cloud", size)
    assert 0.55 <= count(mask) / size**2 <= 0.76
    assert connected(mask, "orthogonal")
    assert mask[0][0] and mask[-1][-1] and not mask[0][-1] and not mask[-1][0]
    assert mask == tuple(zip(*mask))


def test_random_is_reproducible_from_its_seed() -> None:
    first = make_mask("random", 9, ratio=0.3, seed=11)
    assert first == make_mask("random", 9, ratio=0.3, seed=11)
    assert first != make_mask("random", 9, ratio=0.3, seed=12)
    assert count(first) == 81 - round(0.3 * 81)
    assert count(make_mask("random", 10)) == 90
    assert make_mask("random", 5, ratio=0) == make_mask("square", 5)


@settings(max_examples=60, deadline=None)
@given(
    size=st.integers(2, 12),
    ratio=st.floats(0, 0.49),
    seed=st.integers(0, 2**32),
    adjacency=st.sampled_from(["king", "orthogonal"]),
)
def test_random_keeps_the_rules(size: int, ratio: float, seed: int, adjacency: Adjacency) -> None:
    mask = make_mask("random", size, ratio=ratio, seed=seed, adjacency=adjacency)
    board = Board.from_mask(mask, adjacency)
    cells = board.open_cells()
    assert len(cells) == size * size - round(ratio * size * size)
    assert open_cells_connected(board)
    assert sum(len(list(board.neighbours(cell))) == 1 for cell in cells) <= 2
    if adjacency == "orthogonal":
        black = sum((r + c) % 2 == 0 for r, c in cells)
        assert abs(2 * black - len(cells)) <= 1


@pytest.mark.parametrize("ratio", [-0.1, 0.5, 0.9, True])
def test_random_ratio_out_of_range(ratio: float) -> None:
    with pytest.raises(PuzzleBookError, match="ratio of shape 'random' must be a number from 0 up to 0.5"):
        make_mask("random", 8, ratio=ratio)


@pytest.mark.parametrize(
    ("name", "options", "message"),
    [
        ("square", {"size": 1}, "size of shape 'square' must be a whole number from 2 to 40, got 1"),
        ("square", {"width": 101}, "width of shape 'square' must be a whole number from 2 to 100, got 101"),
        ("square", {"width": 100, "height": 17}, "shape 'square': a board may hold at most 1600 cells"),
        ("cloud", {"size": 5}, "size of shape 'cloud' must be a whole number from 6 to 40, got 5"),
        ("rhombus", {"size": 9.0}, "size of shape 'rhombus' must be a whole number from 3 to 40, got 9.0"),
        ("rhombus", {"arm": 3}, "shape 'rhombus' does not take arm; it takes: size"),
        ("cross", {"ratio": 0.2}, "shape 'cross' does not take ratio; it takes: size, arm"),
        ("heart", {"width": 9}, "so it takes no width (only a size"),
        ("heart", {"size": 4}, "size of shape 'heart' must be a whole number from 5 to 100, got 4"),
        ("heart", {"size": 45}, "shape 'heart': a board may hold at most 1600 cells"),
        ("square", {"adjacency": "hex"}, "unknown adjacency 'hex'; allowed: king, orthogonal"),
    ],
)
def test_bad_options(name: str, options: dict[str, object], message: str) -> None:
    with pytest.raises(PuzzleBookError) as caught:
        make_mask(name, **options)  # type: ignore[arg-type]
    assert message in str(caught.value)


def test_unknown_shape_suggests_the_closest_name() -> None:
    with pytest.raises(PuzzleBookError, match=r"unknown shape 'hart'; did you mean 'heart'\? known shapes: "):
        make_mask("hart")
    with pytest.raises(PuzzleBookError, match=r"unknown shape '\.\./heart'; did you mean 'heart'\?"):
        make_mask("../heart")
    with pytest.raises(PuzzleBookError, match="unknown shape 'qqqq'; known shapes: square, cross, "):
        make_mask("qqqq")


def test_shape_names_lists_families_then_pictures() -> None:
    names = shape_names()
    assert names[: len(FAMILIES)] == list(FAMILIES)
    assert names[len(FAMILIES):] == sorted(path.stem for path in PICTURES)
    assert {"heart", "star", "skull"} <= set(names)


@pytest.mark.parametrize("path", PICTURES, ids=lambda path: path.stem)
def test_every_picture_file_loads_and_holds_together(path: Path) -> None:
    first, second = path.read_text().splitlines()[:2]
    assert first == f"; shape={path.stem}"
    assert second.startswith("; ") and "=" not in second
    mask = make_mask(path.stem)
    assert 9 <= len(mask) <= 12 and 9 <= len(mask[0]) <= 12
    assert connected(mask)
    board = Board.from_mask(mask)
    assert sum(len(list(board.neighbours(cell))) == 1 for cell in board.open_cells()) <= 2


def test_a_picture_in_the_working_folder_comes_first(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "shapes").mkdir()
    (tmp_path / "shapes" / "heart.txt").write_text(". .\n. #\n")
    (tmp_path / "shapes" / "tee.txt").write_text("; shape=tee\n. . .\n# . #\n")
    monkeypatch.chdir(tmp_path)
    assert make_mask("heart") == ((True, True), (True, False))
    assert make_mask("tee") == ((True, True, True), (False, True, False))
    assert "tee" in shape_names()


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (". 3\n. .\n", "a shape file holds only '.' and '#', not numbers like 3 (row 1, column 2)"),
        (". .\n\n. .\n", "a shape file holds exactly one board, this one holds 2"),
        ("; only a comment\n", "a shape file holds exactly one board, this one holds 0"),
        (". .\n. q\n", "line 2, column 3: unknown token 'q'"),
        ("# #\n# #\n", "a shape file needs at least one open cell"),
    ],
)
def test_bad_picture_files(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, text: str, message: str) -> None:
    (tmp_path / "shapes").mkdir()
    (tmp_path / "shapes" / "bad.txt").write_text(text)
    monkeypatch.chdir(tmp_path)
    with pytest.raises(PuzzleBookError) as caught:
        make_mask("bad")
    assert caught.value.source == str(tmp_path / "shapes" / "bad.txt")
    assert message in str(caught.value)


@pytest.mark.parametrize("path", PICTURES, ids=lambda p: p.stem)
@pytest.mark.parametrize("size", [5, 7, 11, 25, 40])
def test_a_picture_scales_to_a_size_in_one_piece(path: Path, size: int) -> None:
    """Its longer side takes `size` cells, its proportions kept, its outline still the picture's."""
    original = make_mask(path.stem)
    scaled = make_mask(path.stem, size)
    assert max(len(scaled), len(scaled[0])) == size
    assert abs(len(scaled) / len(scaled[0]) - len(original) / len(original[0])) <= 1 / size + 0.1
    assert mask_connected(scaled, "king")
    if size == max(len(original), len(original[0])):
        assert scaled == original  # at its own size a picture is itself
    if size >= 12:  # the open share of the outline holds within a few points
        share = lambda mask: sum(map(sum, mask)) / (len(mask) * len(mask[0]))  # noqa: E731
        assert abs(share(scaled) - share(original)) < 0.08


def test_a_kind_may_allow_larger_boards() -> None:
    """The limits are the kind's: a square of 100 x 100 is refused by default, allowed when raised."""
    with pytest.raises(PuzzleBookError, match="from 2 to 40"):
        make_mask("square", 100)
    wide = BoardLimits(cells=10_000, side=100)
    assert len(make_mask("square", 100, limits=wide)) == 100
    assert len(make_mask("heart", 90, limits=wide)[0]) == 90
    with pytest.raises(PuzzleBookError, match="at most 9999 cells"):
        make_mask("square", width=100, height=100, limits=BoardLimits(cells=9_999, side=100))


def test_preview_is_a_picture_file_body() -> None:
    mask = make_mask("cross", 5, arm=3)
    assert preview(mask) == "# . . . #\n. . . . .\n. . . . .\n. . . . .\n# . . . #\n"
    (item,) = parse_puzzles(preview(make_mask("skull")))
    assert item.board.mask() == make_mask("skull")
