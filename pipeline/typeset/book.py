"""Typeset a whole book: plan every page first (the page count sets the gutter), then draw the pages in
parts and join them into the PDF (typeset.parts, typeset.join), and write it atomically.

It reads the BookSpec and puzzle records only: it never generates or solves puzzles, and a failed
typeset never touches the existing book nor leaves a temporary file behind. Here the parts are drawn
one after another in this process; a build may draw them in its workers instead, with the same bytes.
"""

from __future__ import annotations

from pathlib import Path

from pipeline.atomic import write_bytes_atomic
from pipeline.bookspec import BookSpec
from pipeline.kinds.record import PuzzleRecord
from pipeline.typeset.fonts import DEFAULT_FONTS, Fonts, register_fonts
from pipeline.typeset.join import join_parts
from pipeline.typeset.layout import Geometry, Style, style_for
from pipeline.typeset.parts import BookPlan, DrawnPart, draw_part, layout_book, plan_book
from pipeline.typeset.plan import PUZZLE_LABEL, Page, Records, check_fit, plan_pages

__all__ = ["PUZZLE_LABEL", "Page", "check_fit", "draw_all", "page_count", "plan_pages", "render", "typeset_book"]
"""Page, plan_pages, check_fit and PUZZLE_LABEL live in typeset.plan; here for the callers that read
them beside typeset_book and render."""


def typeset_book(
    book: BookSpec, records: list[PuzzleRecord], out_path: Path, *, screen: bool = False, fonts: Fonts = DEFAULT_FONTS
) -> int:
    """Write the book's PDF to `out_path` and return its page count.

    The print edition has no outlines, annotations or crop marks; `screen` adds bookmarks per part.
    Raises PuzzleBookError (naming the per_page field) when a grid's numbers would print too small.
    """
    plan = plan_book(book, records, screen=screen, fonts=fonts)
    data = draw_all(plan)
    Path(out_path).parent.mkdir(parents=True, exist_ok=True)
    write_bytes_atomic(out_path, data)
    return plan.layout.page_count


def draw_all(plan: BookPlan) -> bytes:
    """The PDF of a plan, every part drawn here in turn (stopping at the first part that cannot be)."""
    drawn: list[DrawnPart] = []
    for part in plan.parts:
        drawn.append(draw_part(plan.layout, part))
        if drawn[-1].problem is not None:
            raise drawn[-1].problem
    return join_parts(plan.layout, drawn)


def page_count(book: BookSpec, records: list[PuzzleRecord], *, fonts: Fonts = DEFAULT_FONTS) -> int:
    """The page count `typeset_book` would give, without drawing a page (the cover needs it alone)."""
    register_fonts()
    return len(plan_pages(book, records, style_for(book.large_print, fonts)))


def render(
    book: BookSpec,
    records: Records,
    pages: list[Page],
    geo: Geometry,
    style: Style,
    *,
    screen: bool,
    only: int | None = None,
) -> bytes:
    """The PDF bytes of planned pages: the same input always gives the same bytes (invariant mode, no
    dates). With `only`, a one-page PDF of that page number, drawn exactly as it is in the book.
    Raises PuzzleBookError when a font lacks a character the pages set, or a grid would print too small."""
    return draw_all(layout_book(book, records, pages, geo, style, screen=screen, only=only))
