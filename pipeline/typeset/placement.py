"""Where each puzzle of a book prints: its number, its puzzle page and answer page, the box it is
drawn in there, its label and note, and the size of its cells.

From the same page plan the typesetter draws (plan_pages, slots), so the review's page numbers, an
export at the printed size and a crop of a rendered page all agree with the book.
"""

from __future__ import annotations

from dataclasses import dataclass

from pipeline.bookspec import BookSpec
from pipeline.i18n import words_for
from pipeline.typeset.book import PUZZLE_LABEL, plan_pages
from pipeline.kinds import registry
from pipeline.drawing import label_height
from pipeline.drawing.faces import DEFAULT_FONTS, Fonts
from pipeline.typeset.fonts import register_fonts
from pipeline.typeset.howto import level_name
from pipeline.typeset.layout import Rect, Style, bands, geometry, slots, style_for
from pipeline.kinds.record import PuzzleRecord


@dataclass(frozen=True)
class Spot:
    """One drawing of a puzzle (or its answer) on a page."""

    page: int
    """The page number, from 1."""
    box: Rect
    """The slot the drawing is centred in."""
    cell: float
    """Points per cell, as printed."""
    drawn: Rect
    """The board and its label line, as drawn (for a crop of the rendered page)."""


@dataclass(frozen=True)
class Placement:
    """Where puzzle `number` (book order, from 1) prints."""

    number: int
    label: str
    note: str
    puzzle: Spot
    answer: Spot


def placements(book: BookSpec, records: list[PuzzleRecord], *, fonts: Fonts = DEFAULT_FONTS) -> list[Placement]:
    """Every record's placement, in book order (records as typeset_book takes them)."""
    register_fonts()
    style = style_for(book.large_print, fonts)
    pages = plan_pages(book, records, style)
    geo = geometry(book.page, len(pages))
    words = words_for(book.language)
    spots: dict[tuple[str, int], Spot] = {}
    for number, page in enumerate(pages, 1):
        if page.role not in ("puzzles", "answers"):
            continue
        body = bands(geo.frame(number), style).body
        for box, position in zip(slots(body, page.per_page, style.gap), page.items):
            spots[(page.role, position)] = spot(records[position], number, box, style, answer=page.role == "answers")
    return [
        Placement(
            number=position + 1,
            label=words(PUZZLE_LABEL, number=position + 1),
            note=level_name(record.kind, record.level, words),
            puzzle=spots[("puzzles", position)],
            answer=spots[("answers", position)],
        )
        for position, record in enumerate(records)
    ]


def spot(record: PuzzleRecord, page: int, box: Rect, style: Style, *, answer: bool = False) -> Spot:
    """The drawing of `record` (or of its answer) in `box`: centred below its label line, as the
    drawings place it."""
    draw = registry.kind(record.kind).drawing
    grid = draw.bare(registry.drawn(record)) if answer else registry.drawn(record)
    fit = draw.fit(grid, box, style)
    cell = fit.cell
    across, down = fit.extent or draw.extent(grid)
    width, height = across * cell, down * cell + label_height(style)
    return Spot(page, box, cell, Rect(box.cx - width / 2, box.y + (box.h - height) / 2, width, height))
