"""What every kind's text format shares: reading a user's file, and the syntax of tokens and metadata.

Reading turns every way a file can fail into a message naming it; values become metadata tokens the
same way everywhere. It never parses puzzles itself.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from pathlib import Path

from pipeline.errors import PuzzleBookError

TOKEN = re.compile(r"\S+")
"""A token: anything between whitespace."""
META_KEY = re.compile(r"[A-Za-z_][A-Za-z0-9_.-]*")
"""A metadata key, as in `; key=value`."""
META_TOKEN = re.compile(r"[A-Za-z_][A-Za-z0-9_.-]*=\S+")
"""One `key=value` pair; a `;` line made only of these is metadata, any other is a comment."""


MAX_FILE_BYTES = 64 * 1024 * 1024
"""Puzzle and shape files larger than this are refused before they are read (some 800,000 one-line 9x9 puzzles fit)."""


def read_text_file(path: str | Path) -> str:
    """The file's text (UTF-8, a byte-order mark dropped); missing, unreadable, too large or not UTF-8
    -> PuzzleBookError."""
    source = str(path)
    try:
        with open(path, "rb") as handle:
            data = handle.read(MAX_FILE_BYTES + 1)
    except FileNotFoundError:
        raise PuzzleBookError("file not found", source=source) from None
    except IsADirectoryError:
        raise PuzzleBookError("this is a folder, not a puzzle file", source=source) from None
    except OSError as err:
        raise PuzzleBookError(f"cannot read the file: {err.strerror or err}", source=source) from None
    if len(data) > MAX_FILE_BYTES:
        raise PuzzleBookError(f"the file is larger than {MAX_FILE_BYTES // 2**20} MB; split it", source=source)
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as err:
        line = data.count(b"\n", 0, err.start) + 1
        message = f"the file is not UTF-8 text (byte 0x{data[err.start]:02x} cannot be decoded)"
        raise PuzzleBookError(message, source=source, line=line) from None


Place = tuple[int, int]
"""(line, column), both 1-based: where a token starts in the text."""


def located(message: str, source: str, place: Place) -> PuzzleBookError:
    """A PuzzleBookError at a place in the text."""
    return PuzzleBookError(message, source=source, line=place[0], column=place[1])


def add_meta(
    meta: dict[str, str], meta_at: dict[str, Place], tokens: list[re.Match[str]], number: int, source: str,
    *, after_rows: bool, owner: str,
) -> None:
    """Add the `key=value` tokens of metadata line `number` to `meta` (and where each was, to `meta_at`).

    Metadata must come before the rows it describes, and a key may be given once per `owner`.
    """
    for match in tokens:
        place = (number, match.start() + 1)
        if after_rows:
            message = "metadata must come before the grid rows (a new puzzle starts after a blank line)"
            raise located(message, source, place)
        key, value = match.group().split("=", 1)
        if key in meta:
            raise located(f"metadata key {key!r} is given twice {owner}", source, place)
        meta[key] = value
        meta_at[key] = place


def read_meta_line(meta: dict[str, str], meta_at: dict[str, Place], line: str, number: int, source: str, *,
                   after_rows: bool) -> None:
    """A `;` line of a grid format: metadata for the puzzle below when every token after the `;` is
    key=value, else a comment (left alone)."""
    start = line.index(";") + 1
    tokens = list(TOKEN.finditer(line, start))
    if not tokens or not all(META_TOKEN.fullmatch(t.group()) for t in tokens):
        return
    add_meta(meta, meta_at, tokens, number, source, after_rows=after_rows, owner="for this puzzle")


def stray_metadata(meta_at: Mapping[str, Place], source: str) -> PuzzleBookError:
    """The mistake of a paragraph that ends with metadata and no puzzle below it."""
    message = "metadata with no puzzle below it (no blank line between metadata and its puzzle)"
    return located(message, source, next(iter(meta_at.values())))


def meta_value(value: object) -> str:
    """A value as one metadata token: floats shortened, a mapping as `k:v,k:v`, None as `none`, no spaces."""
    if isinstance(value, float):
        return f"{value:.3f}".rstrip("0").rstrip(".")
    if isinstance(value, Mapping):
        return ",".join(f"{key}:{meta_value(item)}" for key, item in value.items()) or "none"
    if value is None:
        return "none"
    return str(value).replace(" ", "_")


def meta_values(values: Mapping[str, object]) -> dict[str, str]:
    """Every value of a record as a metadata token, keys in the record's order."""
    return {key: meta_value(value) for key, value in values.items()}


def key_values(record: Mapping[str, object], skip: tuple[str, ...] = ()) -> str:
    """`k=v k=v ...` in the record's order, for metadata lines and one-line reports."""
    return " ".join(f"{key}={meta_value(value)}" for key, value in record.items() if key not in skip)


Block = list[tuple[int, str]]
"""A puzzle's lines as (line number from 1, the line without its trailing space)."""


def text_blocks(text: str) -> Iterator[Block]:
    """The text's blocks: runs of lines apart by blank lines (the forms that hold one puzzle a block)."""
    block: Block = []
    for number, raw in enumerate(text.splitlines() + [""], 1):
        if raw.strip():
            block.append((number, raw.rstrip()))
        elif block:
            yield block
            block = []


def meta_pairs(line: str) -> dict[str, str]:
    """The `key=value` pairs of a metadata line (`; key=value ...`); other words are left out."""
    return dict(part.split("=", 1) for part in line.lstrip(";").split() if "=" in part)
