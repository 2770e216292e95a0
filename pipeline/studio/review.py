"""A built book, puzzle by puzzle, for the studio's review: the rows and charts report.html shows, a
puzzle's pictures (drawn by the book's code; its answer cropped from the printed page), its solution
explained step by step with where each step's marks go, and the reroll edits that replace a puzzle
or take a replacement back.

It reads what the last build left (puzzles.jsonl, book.pdf, manifest.json) and the saved config; it
never makes or grades a puzzle itself (the build does, and `Kind.explain` says the steps).
"""

from __future__ import annotations

import json
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pipeline.book.build import MANIFEST
from pipeline.book.store import CHECKPOINT
from pipeline.book.config import config_folder, load_config_text
from pipeline.book.manifest import config_fingerprint, layout_fingerprint
from pipeline.book.store import read_records
from pipeline.bookspec import BookSpec
from pipeline.kinds.record import PuzzleRecord
from pipeline.errors import PuzzleBookError
from pipeline.kinds import registry
from pipeline.raster import pdf_bytes_image, png
from pipeline.report.charts import difficulty_charts
from pipeline.report.page import level_names
from pipeline.report.rows import by_section, figures, review_rows
from pipeline.studio.security import Refused
from pipeline.studio.yamledit import edit
from pipeline.typeset import book_fonts
from pipeline.drawing.faces import Fonts
from pipeline.typeset.layout import style_for
from pipeline.typeset.placement import Placement, placements
from pipeline.typeset.single import alone, puzzle_svg

THUMB_WIDTHS = (96, 120, 160, 240)
"""The thumbnail widths the review asks for (others snap to the nearest)."""
BIG = 560
"""Pixels across the one-puzzle view's board."""
ANSWER_DPI = 144


@dataclass(frozen=True)
class Built:
    """What the last build of a book left, read once per build (see Reviews)."""

    book: BookSpec
    records: list[PuzzleRecord]
    rows: list[dict[str, Any]]
    places: list[Placement]
    fonts: Fonts
    out: Path
    stamp: str
    """Changes with every build: thumbnails' URLs carry it, so browsers cache them per build."""
    current: bool
    """The saved config is the one the book was built from; else it differs in its rerolls alone (a
    replacement waiting for its rebuild: the pages are the same)."""

    def number(self, number: int) -> tuple[PuzzleRecord, Placement]:
        if not 1 <= number <= len(self.records):
            raise Refused(404, f"the book has no puzzle {number}")
        return self.records[number - 1], self.places[number - 1]


class Reviews:
    """Built books read for review, one per book, read again when a build or the config changes."""

    def __init__(self) -> None:
        self.books: dict[str, tuple[tuple[Any, ...], Built]] = {}
        self.lock = threading.Lock()

    def get(self, config: Path, out: Path, source: str) -> Built:
        """The last build of the book whose config is `config` and output folder `out`; 404 before
        any build."""
        try:
            files = [out / CHECKPOINT, out / "book.pdf", out / MANIFEST, config]
            key = tuple((stat.st_size, stat.st_mtime_ns) for stat in (path.stat() for path in files))
        except OSError:
            raise Refused(404, "the book is not built yet: build it to review its puzzles") from None
        with self.lock:
            found = self.books.get(str(config))
            if found is not None and found[0] == key:
                return found[1]
        try:
            built = _read(config, out, source, "-".join(str(stat[1]) for stat in key[:2]))
        except (OSError, ValueError, KeyError, TypeError):  # a build is writing its files right now
            raise Refused(409, "the book is being built right now: try again when the build is done") from None
        with self.lock:
            self.books[str(config)] = (key, built)
        return built


def _read(config: Path, out: Path, source: str, stamp: str) -> Built:
    manifest = json.loads((out / MANIFEST).read_text(encoding="utf-8"))
    book = load_config_text(config.read_text(encoding="utf-8"), source)
    records = _book_records(out / CHECKPOINT, manifest.get("puzzles"))
    fonts = book_fonts(book.fonts.files(config_folder(source)), book.fonts.shown())
    current = config_fingerprint(book) == manifest.get("config_fingerprint")
    if not current and layout_fingerprint(book) != manifest.get("layout_fingerprint"):
        raise Refused(409, "the config has changed since the last build: build the book to review it")
    try:
        places = placements(book, records, fonts=fonts)
        rows = review_rows(book, records, fonts=fonts)
    except (KeyError, ValueError, PuzzleBookError):
        raise Refused(409, "the config has changed since the last build: build the book to review it") from None
    return Built(book, records, rows, places, fonts, out, stamp, current)


def _book_records(checkpoint: Path, count: Any) -> list[PuzzleRecord]:
    """The book's `count` records (the manifest's count; all when it has none), in book order: the
    checkpoint's first, as the last build wrote it. Read by the store (checksums checked, a line cut
    off by a kill left out); a build started since may have added records after them, not in the book."""
    records, _ = read_records(checkpoint)
    if count is None:
        return records
    count = int(count)
    if len(records) < count:
        raise ValueError(f"{checkpoint} holds {len(records)} of the book's {count} puzzles")
    return records[:count]


# ---------------------------------------------------------------- what the review shows


def review_json(built: Built) -> dict[str, Any]:
    names = level_names(built.book)
    whole = figures(built.rows)
    return {
        "rows": built.rows,
        "stamp": built.stamp,
        "current": built.current,
        "levels": names,
        "sections": [section.name for section in built.book.sections],
        "charts": {
            "book": difficulty_charts(whole, names),
            "sections": [{"name": name, "charts": difficulty_charts(figures(group), names)}
                         for name, group in by_section(built.rows)],
        },
        "rerolls": {section.name: list(section.reroll) for section in built.book.sections},
    }


def thumbnail(built: Built, number: int, width: int) -> str:
    record, _ = built.number(number)
    return puzzle_svg(record.kind, registry.drawn(record), large_print=built.book.large_print, fonts=built.fonts,
                      pixel_width=width)


def puzzle_json(built: Built, number: int) -> dict[str, Any]:
    """One puzzle: its row, its board and answer as SVG (no label, BIG pixels across), where each
    cell's centre is on them (pixels), and its solution explained step by step with each step's marks."""
    record, place = built.number(number)
    kind = registry.kind(record.kind)
    style = style_for(built.book.large_print, built.fonts)
    draw = kind.drawing
    cell = place.puzzle.cell
    page = alone(record.kind, registry.drawn(record), cell=cell, labelled=False, style=style)
    scale = BIG / page.width
    size, centres = draw.centres(registry.drawn(record), page.box, style, labelled=False)
    options: dict[str, Any] = {"large_print": built.book.large_print, "fonts": built.fonts, "cell": cell, "pixel_width": BIG}
    puzzle, _ = kind.read_record(record.to_json())
    explained = kind.explain(puzzle) if kind.explains else None
    names = explained.names if explained else {}
    return {
        "row": built.rows[number - 1],
        "board": puzzle_svg(record.kind, registry.drawn(record), **options),
        "solution": puzzle_svg(record.kind, registry.drawn(record), solution=record.solution, **options),
        "size": [BIG, round(page.height * scale, 2)],
        "cell": round(size * scale, 2),
        "centres": [[r, c, round(x * scale, 2), round((page.height - y) * scale, 2)]
                    for (r, c), (x, y) in sorted(centres.items())],
        "steps": [
            {"technique": step.technique, "name": names.get(step.technique, step.technique), "text": step.text,
             "place": [list(item) for item in step.place], "remove": [list(item) for item in step.remove],
             "cells": [list(item) for item in step.cells]}
            for step in (explained.steps if explained else ())
        ],
        "explained": bool(explained and explained.solved),
        "self_named": bool(explained and explained.self_named),
        "answer_page": place.answer.page,
        "page": place.puzzle.page,
        "previous": number - 1 if number > 1 else None,
        "next": number + 1 if number < len(built.records) else None,
    }


def answer_png(built: Built, number: int) -> bytes:
    """The puzzle's answer as the answer page prints it: that part of the built book's page."""
    _, place = built.number(number)
    spot = place.answer
    data = (built.out / "book.pdf").read_bytes()
    drawn = spot.drawn
    crop = (drawn.x - 4, drawn.y - 4, drawn.w + 8, drawn.h + 8)
    return png(pdf_bytes_image(data, dpi=ANSWER_DPI, index=spot.page - 1, crop=crop))


# ---------------------------------------------------------------- replacing a puzzle


def with_reroll(text: str, book: BookSpec, section_index: int, index: int, source: str) -> str:
    """The config text with puzzle `index` of the section added to its reroll list (made again)."""
    path: list[str | int] = ["sections", section_index, "reroll"]
    if book.sections[section_index].reroll:
        return edit(text, path, index, op="append", source=source)
    return edit(text, path, [index], source=source)


def without_reroll(text: str, book: BookSpec, section_index: int, index: int, source: str) -> str:
    """The config text with the last reroll of puzzle `index` taken out (the list too, once empty),
    so the puzzle it replaced comes back."""
    rerolls = book.sections[section_index].reroll
    if index not in rerolls:
        raise Refused(409, f"puzzle {index} of section {book.sections[section_index].name!r} is not replaced")
    path: list[str | int] = ["sections", section_index, "reroll"]
    if len(rerolls) == 1:
        return edit(text, path, None, source=source)
    last = len(rerolls) - 1 - rerolls[::-1].index(index)
    return edit(text, [*path, last], op="remove", source=source)
