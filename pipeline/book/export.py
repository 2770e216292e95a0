"""`puzzlebook export`: every puzzle of a book (or of a puzzle file) as a file of its own, for
newspapers, websites and other layout tools.

Drawn by the book's own code (typeset/single.py) at the size it prints: PNG rendered from that PDF
at a stated dpi (recorded in the file), SVG as vectors with text as text, or a one-page PDF with its
font embedded. Named by section and puzzle number; every file written atomically.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pipeline.atomic import write_bytes_atomic, write_text_atomic
from pipeline.book.build import build, output_folder
from pipeline.book.store import CHECKPOINT
from pipeline.book.config import config_folder, load_config
from pipeline.book.store import read_records
from pipeline.errors import PuzzleBookError
from pipeline.kinds import registry
from pipeline.puzzlefiles import read_text
from pipeline.textfile import read_text_file
from pipeline.typeset import book_fonts
from pipeline.drawing.faces import DEFAULT_FONTS, Fonts
from pipeline.typeset.placement import placements
from pipeline.typeset.single import puzzle_pdf, puzzle_png, puzzle_svg
from pipeline.kinds.record import PuzzleRecord

FORMATS = ("png", "svg", "pdf")
DPI_RANGE = (36, 1200)
MAX_PIXELS = 80_000_000
"""Pixels a PNG may hold (about 9000 x 9000): past that, a lower --dpi is asked for."""
CONFIG_SUFFIXES = (".yaml", ".yml")


@dataclass(frozen=True)
class Item:
    """One puzzle to export: what to draw, how big, and under which name."""

    stem: str
    kind: str
    grid: Any
    solution: Any
    label: str
    note: str
    cell: float | None
    """Points per cell as the book prints the puzzle (None: the style's largest)."""
    answer_cell: float | None


@dataclass(frozen=True)
class Batch:
    """What is exported, and in which style."""

    items: list[Item]
    large_print: bool
    fonts: Fonts
    folder: Path
    """Where the files go unless -o says otherwise."""


def slug(text: str) -> str:
    """A file-name part from a section's name: accents folded, lower case, words joined by '-'."""
    folded = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode().lower()
    return re.sub(r"[^a-z0-9]+", "-", folded).strip("-") or "section"


def book_batch(config_path: str, *, quiet: bool = True) -> Batch:
    """The book's puzzles, made or reused as `puzzlebook build` does (the book is built too), each at
    its printed size and with its printed label."""
    report = build(config_path, quiet=quiet)
    book = load_config(config_path)
    folder = output_folder(config_path, None)
    records = book_records(folder / CHECKPOINT, report.puzzles)
    fonts = book_fonts(book.fonts.files(config_folder(config_path)), book.fonts.shown())
    width = max(3, len(str(report.puzzles)))
    items = [
        Item(stem=f"{slug(record.section)}-{place.number:0{width}d}", kind=record.kind, grid=record.grid,
             solution=record.solution, label=place.label, note=place.note,
             cell=place.puzzle.cell, answer_cell=place.answer.cell)
        for record, place in zip(records, placements(book, records, fonts=fonts))
    ]
    return Batch(items, book.large_print, fonts, folder / "export")


def book_records(checkpoint: Path, count: int) -> list[PuzzleRecord]:
    """The `count` records of the book the build has just left in its checkpoint, read as every reader
    reads it (store.read_records: checksums checked, a cut-off last line left out).

    Fewer readable records than the book has means the file changed after the build (another build
    started since): exporting then would number the puzzles wrongly, so it is an error.
    """
    records, notes = read_records(checkpoint)
    if len(records) != count:
        why = f": {notes[0]}" if notes else ""
        raise PuzzleBookError(f"the checkpoint holds {len(records)} readable puzzles but the book has {count}: it "
                              f"changed after the build (another build in this folder?){why}; run the export again",
                              source=str(checkpoint))
    return records


def file_batch(path: str, kind_name: str | None = None) -> Batch:
    """The puzzles of a puzzle file, each proved to have exactly one solution first (an exported
    puzzle is a printed one), labelled Puzzle 1, 2, ...; read in either form as the file commands read
    it (puzzlefiles.read_text), the kind named or guessed."""
    kind, puzzles = read_text(read_text_file(path), path, kind_name)
    if not puzzles:
        raise PuzzleBookError("no puzzles found", source=path)
    width = max(3, len(str(len(puzzles))))
    stem = slug(Path(path).stem)
    items = []
    for number, item in enumerate(puzzles, 1):
        result = kind.prove(item.puzzle, node_limit=kind.default_node_limit(item.puzzle), hint=item.solution)
        if result.status != "unique":
            verdict = {"none": "has no solution", "multiple": "has more than one solution"}.get(
                result.status, "could not be proved to have one solution within the search budget")
            raise PuzzleBookError(f"puzzle {number} {verdict}; export prints only puzzles with exactly one answer",
                                  source=path, line=item.line)
        written = kind.write_record(item.puzzle, result.solutions[0])
        items.append(Item(stem=f"{stem}-{number:0{width}d}", kind=kind.name, grid=written["grid"],
                          solution=written["solution"], label=f"Puzzle {number}", note="", cell=None,
                          answer_cell=None))
    return Batch(items, False, DEFAULT_FONTS, Path("output") / stem / "export")


def export(batch: Batch, *, fmt: str = "png", dpi: int = 300, solutions: bool = False, out: Path | None = None,
           progress: Callable[[int, int], None] | None = None) -> list[Path]:
    """Write each item (and with `solutions`, its answer) into `out` (default the batch's folder);
    the paths written, in book order."""
    if fmt not in FORMATS:
        raise PuzzleBookError(f"unknown format {fmt!r}; allowed: {', '.join(FORMATS)}", field="--format")
    if not DPI_RANGE[0] <= dpi <= DPI_RANGE[1]:
        raise PuzzleBookError(f"the dpi must be from {DPI_RANGE[0]} to {DPI_RANGE[1]}, got {dpi}", field="--dpi")
    folder = out or batch.folder
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        raise PuzzleBookError(f"cannot create the folder: {err.strerror or err}", source=str(folder)) from None
    jobs = [(item, False) for item in batch.items] + ([(item, True) for item in batch.items] if solutions else [])
    written = []
    for done, (item, answer) in enumerate(jobs, 1):
        path = folder / f"{item.stem}{'-answer' if answer else ''}.{fmt}"
        options: dict[str, Any] = {
            "solution": item.solution if answer else None, "large_print": batch.large_print, "fonts": batch.fonts,
            "label": item.label, "note": "" if answer else item.note,
            "cell": item.answer_cell if answer else item.cell,
        }
        if fmt == "svg":
            write_text_atomic(path, puzzle_svg(item.kind, item.grid, **options))
        elif fmt == "pdf":
            write_bytes_atomic(path, puzzle_pdf(item.kind, item.grid, **options))
        else:
            _check_pixels(item, options, dpi)
            write_bytes_atomic(path, puzzle_png(item.kind, item.grid, dpi=dpi, **options))
        written.append(path)
        if progress is not None:
            progress(done, len(jobs))
    return written


def _check_pixels(item: Item, options: dict[str, Any], dpi: int) -> None:
    from pipeline.typeset.layout import style_for
    from pipeline.typeset.single import alone

    style = style_for(options["large_print"], options["fonts"])
    page = alone(item.kind, item.grid, cell=options["cell"] or style.max_cell, labelled=True, style=style)
    pixels = (page.width * dpi / 72) * (page.height * dpi / 72)
    if pixels > MAX_PIXELS:
        raise PuzzleBookError(
            f"{item.stem} would be {pixels / 1e6:.0f} million pixels at {dpi} dpi (at most {MAX_PIXELS // 1_000_000} "
            "million): use a lower --dpi or --format svg or pdf", field="--dpi")


def is_config(path: str) -> bool:
    return Path(path).suffix.lower() in CONFIG_SUFFIXES
