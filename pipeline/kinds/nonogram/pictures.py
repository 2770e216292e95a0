"""The pictures nonograms are made from, and how any picture is read and fitted to a board.

Three sources share one namespace of names (`picture_source`): the library drawn for the project
(pictures/NAME.txt), the square-grid board masks the package ships (pipeline/masks/NAME.txt, named
`mask_NAME`, their open cells filled: an outline made for one kind is a fair picture for another), and a
user's file, a text picture (.txt) or an image (.png, .gif, .bmp, .jpg). Reading never raises anything
but PuzzleBookError for a bad file, with the file (and line and column where there is one) named.

A text picture is rows of FILLED ('#') and EMPTY ('.'), every row the same width, after `;` lines
(`; picture=NAME`, `; title=Title`, comments). A mask file (first line `; shape=NAME`) keeps the board
meaning instead: '.' is the open shape, so it becomes the filled cells, and '#' the empty ones. Either
may be written with spaces between the cells, as the masks are.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Sequence
from functools import cache, lru_cache
from pathlib import Path

from PIL import Image, UnidentifiedImageError

from pipeline.errors import PuzzleBookError
from pipeline.kinds.nonogram.puzzle import EMPTY, FILLED, MAX_SIDE, MIN_SIDE, Picture
from pipeline.shapes import PROJECT_SHAPES, picture_adjacency, read_mask
from pipeline.textfile import read_text_file

LIBRARY: Path = Path(__file__).resolve().parent / "pictures"
"""The pictures drawn for the project, one NAME.txt each (package data, beside this module)."""
MASK_PREFIX = "mask_"
"""A shipped mask is the picture `mask_NAME`: the prefix keeps masks and library apart by construction,
as both folders grow (several kinds draw masks) and each holds its own heart and star."""
TEXT_SUFFIXES = (".txt",)
IMAGE_SUFFIXES = (".png", ".gif", ".bmp", ".jpg", ".jpeg")
MAX_IMAGE_SIDE = 4000
"""Images wider or taller than this are refused before their pixels are decoded: a picture is at most
50 cells across, and a huge (or lying) image must never hang or exhaust a build."""
MAX_SOURCE_SIDE = 500
"""The most cells a read picture keeps each way: larger images are first shrunk by a whole factor
(averaging the grey of each block of pixels), larger text pictures are refused. Ten source cells to a
nonogram cell is far more than any fitting needs, and keeps `scaled` quick."""

_NAME = re.compile(r"[a-z_]{1,64}")
_META = re.compile(r"\s*([A-Za-z_][A-Za-z0-9_.-]*)=(.*)")
_TOKEN = re.compile(r"[A-Za-z_][A-Za-z0-9_.-]*=\S+")
_MASK_OPEN = frozenset(".0_")
_MASK_BLOCKED = frozenset("#xX")
_SQUARE_ADJACENCIES = (None, "king", "orthogonal")


# ------------------------------------------------------------------------------------ the library


@lru_cache(maxsize=1)
def library_names() -> tuple[str, ...]:
    """The library's picture names, sorted (files whose names are not a-z and '_' are not pictures)."""
    return tuple(sorted(path.stem for path in LIBRARY.glob("*.txt") if _NAME.fullmatch(path.stem)))


@cache
def _library_file(name: str) -> tuple[Picture, dict[str, str]]:
    if name not in library_names():
        raise PuzzleBookError(f"unknown picture {name!r}; the library holds: {', '.join(library_names())}")
    path = LIBRARY / f"{name}.txt"
    return _read_text(read_text_file(path), str(path))


def library_picture(name: str) -> Picture:
    """The library picture `name`; PuzzleBookError listing the library for another name."""
    return _library_file(name)[0]


def library_title(name: str) -> str:
    """The English title a library picture's `; title=` line gives (else its name, words capitalised)."""
    return _library_file(name)[1].get("title") or name.replace("_", " ").title()


# ------------------------------------------------------------------------------------ the masks


@lru_cache(maxsize=1)
def mask_names() -> tuple[str, ...]:
    """`mask_NAME` for every square-grid mask the package ships, sorted (hex boards' masks are left out:
    their rows are staggered, so they do not print as a square picture)."""
    return tuple(sorted(
        MASK_PREFIX + path.stem for path in PROJECT_SHAPES.glob("*.txt")
        if _NAME.fullmatch(path.stem) and picture_adjacency(path) is None
    ))


@cache
def mask_picture(name: str) -> Picture:
    """The shipped mask `mask_NAME` as a picture: its open cells filled, its blocked cells empty."""
    if name not in mask_names():
        raise PuzzleBookError(f"unknown mask picture {name!r}; the masks are: {', '.join(mask_names())}")
    mask = read_mask(PROJECT_SHAPES / f"{name.removeprefix(MASK_PREFIX)}.txt")
    return tuple("".join(FILLED if cell else EMPTY for cell in row) for row in mask)


# ------------------------------------------------------------------------------------ any source


def picture_names() -> tuple[str, ...]:
    """Every picture a name reaches: the library's, then the masks'."""
    return library_names() + tuple(name for name in mask_names() if name not in library_names())


def picture_source(name_or_path: str, base_dir: str | Path = ".") -> Picture:
    """The picture a name or file means, at its own size (fit it to a board with `scaled`).

    A library name first, then a mask picture (`mask_NAME`; the library wins a clash, which the tests
    keep from happening), else a file path, relative to `base_dir` (the folder of the config naming
    it): .txt is a text picture, .png/.gif/.bmp/.jpg an image whose dark pixels are the filled cells.
    """
    if name_or_path in library_names():
        return library_picture(name_or_path)
    if name_or_path in mask_names():
        return mask_picture(name_or_path)
    suffix = Path(name_or_path).suffix.lower()
    if suffix in TEXT_SUFFIXES + IMAGE_SUFFIXES:
        path = Path(name_or_path)
        if not path.is_absolute():
            path = Path(base_dir) / path
        return read_picture_file(path) if suffix in TEXT_SUFFIXES else read_image(path)
    names = picture_names()
    close = difflib.get_close_matches(name_or_path[:64], names, n=1)
    hint = f"did you mean {close[0]!r}? " if close else ""
    shown = repr(name_or_path) if len(name_or_path) <= 40 else repr(name_or_path[:30] + "...")
    raise PuzzleBookError(
        f"unknown picture {shown}; {hint}a picture is one of: {', '.join(names)}; or a file ending in "
        f"{', '.join(TEXT_SUFFIXES + IMAGE_SUFFIXES)}"
    )


# ------------------------------------------------------------------------------------ text pictures


def read_picture_file(path: str | Path) -> Picture:
    """A text picture file (see the module's docstring); PuzzleBookError naming the file otherwise."""
    return _read_text(read_text_file(path), str(path))[0]


def read_text_picture(text: str, source: str) -> Picture:
    """A text picture (see the module's docstring) read from `text`; errors name `source`, line and column."""
    return _read_text(text, source)[0]


def _read_text(text: str, source: str) -> tuple[Picture, dict[str, str]]:
    """The picture and its `; key=value` metadata (values run to the end of the line, so titles may
    hold spaces)."""
    meta: dict[str, str] = {}
    rows: list[tuple[int, list[tuple[int, str]]]] = []
    blank_after: int | None = None
    lines = text.removeprefix("\ufeff").replace("\r\n", "\n").replace("\r", "\n").split("\n")
    for number, line in enumerate(lines, start=1):
        stripped = line.strip()
        if stripped.startswith(";"):
            if not rows:
                _read_meta(stripped[1:], meta)
            continue
        if not stripped:
            if rows and blank_after is None:
                blank_after = number
            continue
        if blank_after is not None:
            raise PuzzleBookError(f"a picture file holds one picture; this row comes after the blank line "
                                  f"{blank_after} that ended it", source=source, line=number)
        cells = [(column, char) for column, char in enumerate(line, start=1) if not char.isspace()]
        if len(rows) == MAX_SOURCE_SIDE or len(cells) > MAX_SOURCE_SIDE:
            raise PuzzleBookError(f"a text picture is at most {MAX_SOURCE_SIDE} cells each way",
                                  source=source, line=number)
        rows.append((number, cells))
    if not rows:
        raise PuzzleBookError("the file holds no picture rows ('#' filled, '.' empty)", source=source)
    if "shape" in meta and "picture" not in meta:
        return _mask_rows(rows, meta, source), meta
    width = len(rows[0][1])
    for number, cells in rows:
        for column, char in cells:
            if char not in (FILLED, EMPTY):
                raise PuzzleBookError(f"{char!r} is not a cell; a picture holds {FILLED!r} (filled) and "
                                      f"{EMPTY!r} (empty)", source=source, line=number, column=column)
        if len(cells) != width:
            column = cells[width][0] if len(cells) > width else cells[-1][0]
            raise PuzzleBookError(f"this row has {len(cells)} cells, the first row (line {rows[0][0]}) {width}; "
                                  "every row of a picture is as wide", source=source, line=number, column=column)
    picture = tuple("".join(char for _, char in cells) for _, cells in rows)
    if not any(FILLED in row for row in picture):
        raise PuzzleBookError(f"the picture has no filled cell ({FILLED!r})", source=source, line=rows[0][0])
    return picture, meta


def _read_meta(line: str, meta: dict[str, str]) -> None:
    """A `;` line's metadata: several `key=value` tokens (`; shape=x adjacency=hex`, as the masks write
    them), or one key whose value runs to the end of the line (`; title=Crescent Moon`); other lines are
    comments. The first value given for a key counts."""
    tokens = line.split()
    if tokens and all(_TOKEN.fullmatch(token) for token in tokens):
        for token in tokens:
            key, _, value = token.partition("=")
            meta.setdefault(key, value)
        return
    match = _META.fullmatch(line)
    if match:
        meta.setdefault(match[1], match[2].strip())


def _mask_rows(rows: list[tuple[int, list[tuple[int, str]]]], meta: dict[str, str], source: str) -> Picture:
    """A mask file's rows as a picture: open cells filled; ragged rows padded with blocked cells, as
    the masks' own reader pads them."""
    adjacency = meta.get("adjacency")
    if adjacency not in _SQUARE_ADJACENCIES:
        raise PuzzleBookError(f"this mask is drawn for {adjacency} boards (its first line says so), not as a "
                              "square picture", source=source, line=1)
    width = max(len(cells) for _, cells in rows)
    picture = []
    for number, cells in rows:
        row = []
        for column, char in cells:
            if char in _MASK_OPEN:
                row.append(FILLED)
            elif char in _MASK_BLOCKED:
                row.append(EMPTY)
            else:
                raise PuzzleBookError(f"{char!r} is not a mask cell; a mask holds '.' (open: filled in the "
                                      "picture) and '#' (blocked: empty)", source=source, line=number,
                                      column=column)
        picture.append("".join(row) + EMPTY * (width - len(row)))
    if not any(FILLED in row for row in picture):
        raise PuzzleBookError("the mask has no open cell ('.'), so the picture would be empty", source=source)
    return tuple(picture)


# ------------------------------------------------------------------------------------ images


def read_image(path: str | Path) -> Picture:
    """An image's dark pixels as filled cells, one cell a pixel (an image over MAX_SOURCE_SIDE pixels is
    first shrunk by a whole factor, each block's grey averaged).

    Transparency is laid over white first, so a drawing on a transparent background reads as drawn.
    The grey levels are split by Otsu's threshold (the one that best separates dark from light), not a
    fixed middle grey, so a pale pencil scan or a dark grey background still splits into object and
    ground. PuzzleBookError naming the file for a missing, unreadable, too large or blank image."""
    source = str(path)
    try:
        with Image.open(path) as image:
            width, height = image.size
            if width > MAX_IMAGE_SIDE or height > MAX_IMAGE_SIDE:
                raise PuzzleBookError(f"the image is {width} x {height} pixels; at most {MAX_IMAGE_SIDE} x "
                                      f"{MAX_IMAGE_SIDE} is read (a picture is at most {MAX_SIDE} cells across)",
                                      source=source)
            image.load()
            rgba = image.convert("RGBA")
    except FileNotFoundError:
        raise PuzzleBookError("file not found", source=source) from None
    except IsADirectoryError:
        raise PuzzleBookError("this is a folder, not an image", source=source) from None
    except (UnidentifiedImageError, Image.DecompressionBombError) as err:
        raise PuzzleBookError(f"cannot read the image: {err}", source=source) from None
    except (OSError, ValueError, SyntaxError, EOFError) as err:
        raise PuzzleBookError(f"cannot read the image: {err}", source=source) from None
    white = Image.new("RGBA", rgba.size, (255, 255, 255, 255))
    grey = Image.alpha_composite(white, rgba).convert("L")
    factor = -(-max(grey.size) // MAX_SOURCE_SIDE)
    if factor > 1:
        grey = grey.reduce(factor)
    threshold = _otsu(grey.histogram())
    data = grey.tobytes()
    columns = grey.size[0]
    picture = tuple(
        "".join(FILLED if value < threshold else EMPTY for value in data[r * columns:(r + 1) * columns])
        for r in range(grey.size[1])
    )
    if not any(FILLED in row for row in picture):
        raise PuzzleBookError("the image has no dark pixels, so the picture would be empty", source=source)
    return picture


def _otsu(histogram: Sequence[int]) -> int:
    """The grey level (1..255) below which pixels are dark: Otsu's, maximising the variance between the
    two classes; an image of one grey level splits at the middle (128), so black is dark, white is not."""
    total = sum(histogram)
    levels = [level for level, count in enumerate(histogram) if count]
    if len(levels) < 2:
        return 128
    grand = sum(level * count for level, count in enumerate(histogram))
    best, best_score = levels[1], -1.0
    below = below_sum = 0
    for level in range(1, 256):
        below += histogram[level - 1]
        below_sum += (level - 1) * histogram[level - 1]
        above = total - below
        if below == 0 or above == 0:
            continue
        mean_gap = below_sum / below - (grand - below_sum) / above
        score = below * above * mean_gap * mean_gap
        if score > best_score:  # the first best level: ties resolve the same way every run
            best, best_score = level, score
    return best


# ------------------------------------------------------------------------------------ fitting


def trimmed(picture: Picture) -> Picture:
    """The picture cropped to the rows and columns that hold a filled cell (unchanged if none does):
    empty margins carry no clue, so a fitted picture spends every line on the object."""
    rows = [r for r, row in enumerate(picture) if FILLED in row]
    if not rows:
        return picture
    columns = [c for c in range(len(picture[0])) if any(row[c] == FILLED for row in picture)]
    return tuple(row[columns[0]:columns[-1] + 1] for row in picture[rows[0]:rows[-1] + 1])


def scaled(picture: Picture, width: int, height: int) -> Picture:
    """The picture drawn again in exactly `width` x `height` cells (each MIN_SIDE..MAX_SIDE).

    A picture already of that size is returned unchanged. Otherwise it is cropped to its filled cells
    (`trimmed`) and scaled, keeping its proportions, to the largest size that fits, centred with empty
    margins (an odd spare cell goes right or below): a picture is never stretched out of shape. Each new
    cell is filled when the source's filled cells cover at least half of it, the areas counted in
    whole numbers, so ties fall the same way on every machine and a symmetric picture stays symmetric.
    PuzzleBookError when nothing is left filled (a drawing of hairlines shrunk too far).
    """
    for side, value in (("width", width), ("height", height)):
        if isinstance(value, bool) or not isinstance(value, int) or not MIN_SIDE <= value <= MAX_SIDE:
            raise PuzzleBookError(f"a picture's {side} must be a whole number from {MIN_SIDE} to {MAX_SIDE}, "
                                  f"not {value!r}")
    if len(picture) == height and picture and len(picture[0]) == width:
        return picture
    source = trimmed(picture)
    if not source or FILLED not in "".join(source):
        raise PuzzleBookError("the picture has no filled cell to scale")
    rows, columns = len(source), len(source[0])
    if columns * height <= rows * width:  # the height binds: rows / height is the larger shrink
        fit_rows, fit_columns = height, min(width, max(1, (columns * height * 2 + rows) // (rows * 2)))
    else:
        fit_rows, fit_columns = min(height, max(1, (rows * width * 2 + columns) // (columns * 2))), width
    across = _overlaps(columns, fit_columns)
    down = _overlaps(rows, fit_rows)
    full = rows * columns  # a new cell's area, in units of 1/(fit_rows * fit_columns) source cells
    sums = [[sum(weight for i, weight in span if line[i] == FILLED) for span in across] for line in source]
    cells = [[2 * sum(weight * sums[j][c] for j, weight in span) >= full for c in range(fit_columns)]
             for span in down]
    if not any(map(any, cells)):
        raise PuzzleBookError(f"at {width} x {height} cells the picture keeps no filled cell (its lines are "
                              "thinner than half a cell there); ask for more cells or draw it bolder")
    top, left = (height - fit_rows) // 2, (width - fit_columns) // 2
    blank = EMPTY * width
    body = tuple(
        EMPTY * left + "".join(FILLED if cell else EMPTY for cell in row) + EMPTY * (width - left - fit_columns)
        for row in cells
    )
    return (blank,) * top + body + (blank,) * (height - top - fit_rows)


def _overlaps(source: int, target: int) -> list[list[tuple[int, int]]]:
    """For each of `target` new cells along a line, the (source cell, overlap) pairs under it.

    Lengths are counted in 1/target of a source cell, so new cell k spans [k*source, (k+1)*source) and
    source cell i spans [i*target, (i+1)*target): every overlap is a whole number."""
    spans = []
    for k in range(target):
        start, stop = k * source, (k + 1) * source
        spans.append([
            (i, min(stop, (i + 1) * target) - max(start, i * target))
            for i in range(start // target, -(-stop // target))
        ])
    return spans
