"""Nonogram pictures: the drawn library, masks as pictures, text and image files, fitting, doodles."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from PIL import Image, ImageDraw

from pipeline.errors import PuzzleBookError
from pipeline.kinds.nonogram import doodle as doodles
from pipeline.kinds.nonogram.doodle import MAX_FILL, MIN_FILL, doodle
from pipeline.kinds.nonogram.pictures import (
    LIBRARY,
    library_names,
    library_picture,
    library_title,
    mask_names,
    mask_picture,
    picture_source,
    read_image,
    read_picture_file,
    read_text_picture,
    scaled,
    trimmed,
)
from pipeline.kinds.nonogram.puzzle import (
    MAX_SIDE,
    MIN_SIDE,
    Picture,
    columns,
    picture_problem,
)
from pipeline.shapes import PROJECT_SHAPES, read_mask

FAST = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def text_of(picture: Picture, name: str = "test") -> str:
    return f"; picture={name}\n; title=Test Picture\n" + "".join(row + "\n" for row in picture)


def is_connected(picture: Picture) -> bool:
    cells = {(r, c) for r, row in enumerate(picture) for c, cell in enumerate(row) if cell == "#"}
    if not cells:
        return False
    start = min(cells)
    seen, todo = {start}, [start]
    while todo:
        r, c = todo.pop()
        for near in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if near in cells and near not in seen:
                seen.add(near)
                todo.append(near)
    return seen == cells


def fill(picture: Picture) -> float:
    return sum(row.count("#") for row in picture) / (len(picture) * len(picture[0]))


pictures_st = st.integers(1, 30).flatmap(lambda width: st.lists(
    st.text(alphabet="#.", min_size=width, max_size=width), min_size=1, max_size=30,
).map(tuple)).filter(lambda rows: any("#" in row for row in rows))


# ------------------------------------------------------------------------------------ the library


def test_the_library_holds_at_least_45_pictures_of_every_size() -> None:
    names = library_names()
    assert len(names) >= 45
    assert list(names) == sorted(set(names))
    assert {path.stem for path in LIBRARY.glob("*.txt")} == set(names)
    sizes = [max(len(library_picture(name)), len(library_picture(name)[0])) for name in names]
    assert sum(size <= 15 for size in sizes) >= 12
    assert sum(15 < size < 30 for size in sizes) >= 12
    assert sum(size >= 30 for size in sizes) >= 12


@pytest.mark.parametrize("name", library_names())
def test_every_library_picture_is_a_good_nonogram_picture(name: str) -> None:
    picture = library_picture(name)
    assert picture_problem(picture) is None  # rectangular, only '#' and '.', 5..50 each way
    assert MIN_SIDE <= len(picture) <= MAX_SIDE and MIN_SIDE <= len(picture[0]) <= MAX_SIDE
    assert trimmed(picture) == picture, "no blank border rows or columns"
    lines = list(picture) + columns(picture)
    assert sum("#" in line for line in lines) >= 0.9 * len(lines)
    assert 0.2 <= fill(picture) <= 0.8
    head = (LIBRARY / f"{name}.txt").read_text(encoding="utf-8").splitlines()
    assert head[0] == f"; picture={name}"
    assert head[1].startswith("; title=") and library_title(name) == head[1].removeprefix("; title=").strip()


def test_an_unknown_library_name_lists_the_library() -> None:
    with pytest.raises(PuzzleBookError, match="unknown picture 'unicorn'.*cat"):
        library_picture("unicorn")


def test_titles_are_english_words() -> None:
    assert library_title("music_note") == "Music Notes"
    assert library_title("teddy_bear") == "Teddy Bear"


# ------------------------------------------------------------------------------------ masks


def test_masks_are_pictures_named_apart_from_the_library() -> None:
    assert mask_names(), "the package ships masks"
    assert not set(mask_names()) & set(library_names())
    assert all(name.startswith("mask_") for name in mask_names())
    assert "mask_flower" not in mask_names(), "a hex board's mask is not a square picture"
    for name in mask_names():
        mask = read_mask(PROJECT_SHAPES / f"{name.removeprefix('mask_')}.txt")
        picture = mask_picture(name)
        assert picture == tuple("".join("#" if cell else "." for cell in row) for row in mask)
        assert picture_problem(picture) is None


def test_picture_source_reaches_library_masks_and_files(tmp_path: Path) -> None:
    assert picture_source("cat") == library_picture("cat")
    assert picture_source("mask_heart") == mask_picture("mask_heart")
    (tmp_path / "drawn").mkdir()
    (tmp_path / "drawn" / "box.txt").write_text(text_of(("#####", "#...#", "#####")), encoding="utf-8")
    assert picture_source("drawn/box.txt", tmp_path) == ("#####", "#...#", "#####")
    assert picture_source(str(tmp_path / "drawn" / "box.txt")) == ("#####", "#...#", "#####")
    Image.new("L", (6, 5), 0).save(tmp_path / "black.png")
    assert picture_source("black.png", tmp_path) == ("######",) * 5
    with pytest.raises(PuzzleBookError, match="did you mean 'elephant'"):
        picture_source("elefant", tmp_path)
    with pytest.raises(PuzzleBookError, match="file not found"):
        picture_source("nowhere.txt", tmp_path)


# ------------------------------------------------------------------------------------ text pictures


@FAST
@given(pictures_st)
def test_text_pictures_read_back_as_written(picture: Picture) -> None:
    assert read_text_picture(text_of(picture), "test") == picture
    spaced = "".join(" ".join(row) + "\r\n" for row in picture)
    assert read_text_picture("\ufeff; a comment\n\n" + spaced + "\n\n", "spaced") == picture


def test_a_mask_file_fills_its_open_cells(tmp_path: Path) -> None:
    path = tmp_path / "plus.txt"
    path.write_text("; shape=plus\n# . #\n. . .\n# .\n", encoding="utf-8")
    assert read_picture_file(path) == (".#.", "###", ".#.")
    path.write_text("; shape=hexy adjacency=hex\n. . .\n", encoding="utf-8")
    with pytest.raises(PuzzleBookError, match="hex boards"):
        read_picture_file(path)


@pytest.mark.parametrize("text, message, line, column", [
    ("; picture=x\n#.#\n#..#\n", "this row has 4 cells, the first row .line 2. 3", 3, 4),
    ("; picture=x\n###\n##\n", "this row has 2 cells", 3, 2),
    ("; picture=x\n#.#\n#o#\n", "'o' is not a cell", 3, 2),
    ("; picture=x\n#.#\n\n#.#\n", "one picture", 4, None),
    ("; picture=x\n...\n...\n", "no filled cell", 2, None),
    ("; picture=x\n; only comments\n", "no picture rows", None, None),
    ("; shape=x\n# 7 #\n", "'7' is not a mask cell", 2, 3),
])
def test_bad_text_pictures_say_where(text: str, message: str, line: int | None, column: int | None) -> None:
    with pytest.raises(PuzzleBookError, match=message) as caught:
        read_text_picture(text, "drawn.txt")
    assert caught.value.source == "drawn.txt"
    assert (caught.value.line, caught.value.column) == (line, column)
    assert str(caught.value).startswith("drawn.txt")


def test_bad_files_name_the_file(tmp_path: Path) -> None:
    with pytest.raises(PuzzleBookError, match="missing.txt: file not found"):
        read_picture_file(tmp_path / "missing.txt")
    (tmp_path / "latin1.txt").write_bytes(b"; picture=x\n#\xe9#\n")
    with pytest.raises(PuzzleBookError, match="latin1.txt, line 2: .*not UTF-8"):
        read_picture_file(tmp_path / "latin1.txt")


# ------------------------------------------------------------------------------------ images


def disc_png(path: Path, mode: str = "L") -> None:
    """A black disc on white (or on transparency), a little off the image's middle."""
    if mode == "RGBA":
        image = Image.new("RGBA", (220, 200), (255, 0, 0, 0))
        ImageDraw.Draw(image).ellipse((40, 30, 159, 149), fill=(20, 20, 20, 255))
    else:
        image = Image.new("L", (220, 200), 255)
        ImageDraw.Draw(image).ellipse((40, 30, 159, 149), fill=0)
    image.save(path)


@pytest.mark.parametrize("mode", ["L", "RGBA"])
def test_a_png_disc_scales_to_a_symmetric_disc(tmp_path: Path, mode: str) -> None:
    disc_png(tmp_path / "disc.png", mode)
    picture = read_image(tmp_path / "disc.png")
    assert (len(picture), len(picture[0])) == (200, 220)
    assert picture[90][100] == "#" and picture[0][0] == "."
    for side in (9, 15, 20):
        small = scaled(picture, side, side)
        assert len(small) == side and all(len(row) == side for row in small)
        assert all(row == row[::-1] for row in small), "symmetric left to right"
        assert small == small[::-1], "symmetric top to bottom"
        assert small[side // 2] == "#" * side and small[0][0] == "."
        assert is_connected(small)
        assert 0.7 <= fill(small) <= 0.88  # a disc fills pi/4 of its square, a little more on a coarse grid


def test_a_grey_drawing_splits_at_the_best_threshold(tmp_path: Path) -> None:
    image = Image.new("L", (40, 30), 200)  # a light grey page with a mid grey bar: both above 128
    ImageDraw.Draw(image).rectangle((10, 10, 29, 19), fill=150)
    image.save(tmp_path / "grey.gif")
    picture = read_image(tmp_path / "grey.gif")
    assert trimmed(picture) == ("#" * 20,) * 10


def test_bad_images_name_the_file(tmp_path: Path) -> None:
    (tmp_path / "junk.png").write_bytes(b"\x89PNG\r\n\x1a\n this is no image at all")
    with pytest.raises(PuzzleBookError, match="junk.png: cannot read the image"):
        read_image(tmp_path / "junk.png")
    with pytest.raises(PuzzleBookError, match="gone.png: file not found"):
        read_image(tmp_path / "gone.png")
    Image.new("L", (4001, 8), 0).save(tmp_path / "wide.png")
    with pytest.raises(PuzzleBookError, match="wide.png: the image is 4001 x 8 pixels"):
        read_image(tmp_path / "wide.png")
    Image.new("L", (30, 30), 255).save(tmp_path / "white.bmp")
    with pytest.raises(PuzzleBookError, match="white.bmp: the image has no dark pixels"):
        read_image(tmp_path / "white.bmp")
    full = Image.new("L", (60, 40), 0)
    ImageDraw.Draw(full).rectangle((0, 0, 59, 9), fill=255)
    full.save(tmp_path / "full.jpg", quality=95)
    assert trimmed(read_image(tmp_path / "full.jpg")) == ("#" * 60,) * 30


def test_large_images_are_shrunk_before_reading(tmp_path: Path) -> None:
    image = Image.new("L", (1200, 900), 255)
    ImageDraw.Draw(image).rectangle((0, 0, 599, 899), fill=0)
    image.save(tmp_path / "big.png")
    picture = read_image(tmp_path / "big.png")
    assert (len(picture), len(picture[0])) == (300, 400)
    assert all(row == "#" * 200 + "." * 200 for row in picture)


# ------------------------------------------------------------------------------------ fitting


def scaled_or_empty(picture: Picture, width: int, height: int) -> Picture | None:
    """scaled(), or None where it says nothing of the picture is left at that size."""
    try:
        return scaled(picture, width, height)
    except PuzzleBookError as err:
        assert "keeps no filled cell" in str(err)
        return None


@FAST
@given(pictures_st, st.integers(MIN_SIDE, MAX_SIDE), st.integers(MIN_SIDE, MAX_SIDE))
def test_scaled_gives_the_exact_size(picture: Picture, width: int, height: int) -> None:
    result = scaled_or_empty(picture, width, height)
    if result is not None:
        assert len(result) == height and all(len(row) == width for row in result)
        assert set("".join(result)) <= {"#", "."} and "#" in "".join(result)
    solid = tuple("#" * len(row) for row in picture)
    assert scaled_or_empty(solid, width, height) is not None, "a solid picture always keeps cells"


@FAST
@given(pictures_st, st.integers(MIN_SIDE, MAX_SIDE), st.integers(MIN_SIDE, MAX_SIDE))
def test_scaling_keeps_mirror_symmetry(picture: Picture, width: int, height: int) -> None:
    result = scaled_or_empty(tuple(row + row[::-1] for row in picture), width, height)
    if result is not None:
        assert all(row == row[::-1] for row in trimmed(result))


def test_scaled_keeps_proportions_and_centres() -> None:
    bar = ("#" * 8,) * 2
    assert scaled(bar, 20, 20) == ("." * 20,) * 7 + ("#" * 20,) * 5 + ("." * 20,) * 8
    assert scaled(("#" * 10,) * 20, 20, 20) == ("....." + "#" * 10 + ".....",) * 20
    padded = ("......", "..##..", "..##..", "......", "......")
    assert scaled(padded, 5, 5) == ("#####",) * 5, "cropped to its filled cells first"


def test_a_picture_of_the_asked_size_is_unchanged() -> None:
    picture = library_picture("cat")
    assert scaled(picture, len(picture[0]), len(picture)) is picture


def test_scaled_refuses_bad_sizes_and_empty_pictures() -> None:
    with pytest.raises(PuzzleBookError, match="width must be a whole number from 5 to 50"):
        scaled(("#####",) * 5, 51, 10)
    with pytest.raises(PuzzleBookError, match="height"):
        scaled(("#####",) * 5, 10, 4)
    with pytest.raises(PuzzleBookError, match="no filled cell"):
        scaled((".....",) * 6, 10, 10)


# ------------------------------------------------------------------------------------ doodles


def check_doodle(picture: Picture, width: int, height: int) -> None:
    assert len(picture) == height and all(len(row) == width for row in picture)
    assert picture_problem(picture) is None
    assert all(row == row[::-1] for row in picture), "symmetric left to right"
    assert is_connected(picture)
    assert MIN_FILL <= fill(picture) <= MAX_FILL
    assert all("#" in line for line in list(picture) + columns(picture)), "no blank line"


@FAST
@given(st.integers(0, 2**32), st.integers(MIN_SIDE, MAX_SIDE), st.integers(MIN_SIDE, MAX_SIDE))
def test_doodles_are_symmetric_connected_blobs(seed: int, width: int, height: int) -> None:
    picture = doodle(width, height, random.Random(seed))
    check_doodle(picture, width, height)
    assert doodle(width, height, random.Random(seed)) == picture, "the same seed, the same doodle"


@pytest.mark.parametrize("width, height", [(5, 5), (6, 5), (5, 8), (7, 7), (10, 6)])
def test_tiny_doodles_keep_the_rules(width: int, height: int) -> None:
    for seed in range(60):
        check_doodle(doodle(width, height, random.Random(seed)), width, height)
        check_doodle(doodles._grown(width, height, random.Random(seed)), width, height)


def test_doodles_differ_from_seed_to_seed() -> None:
    assert len({doodle(20, 20, random.Random(seed)) for seed in range(10)}) == 10


def test_doodle_refuses_bad_sizes() -> None:
    with pytest.raises(PuzzleBookError, match="width"):
        doodle(4, 10, random.Random(1))
    with pytest.raises(PuzzleBookError, match="height"):
        doodle(10, 51, random.Random(1))


def test_a_hairline_drawing_shrunk_too_far_is_refused() -> None:
    grid = tuple("#" + "." * 99 for _ in range(100))
    grid = ("#" * 100,) + grid[1:]
    with pytest.raises(PuzzleBookError, match="keeps no filled cell"):
        scaled(grid, 10, 10)
