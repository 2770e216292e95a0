"""Pictures of one thing at a time, drawn by the book's own code: one puzzle (or its answer) on a page
of its own, a blank board, and one page of a book as it will print.

For the studio's previews (and every other door that shows a single puzzle): the same drawing
functions and page plan as the book, never a second renderer. Same input, same bytes.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

from reportlab.pdfgen.canvas import Canvas

from pipeline import __version__
from pipeline.bookspec import BookSpec
from pipeline.raster import pdf_bytes_png
from pipeline.typeset.book import check_fit, plan_pages, render
from pipeline.kinds import registry
from pipeline.kinds.record import Place, PuzzleRecord
from pipeline.drawing import label_height
from pipeline.drawing.faces import DEFAULT_FONTS, Fonts
from pipeline.typeset.fonts import register_fonts
from pipeline.typeset.layout import Rect, Style, geometry, style_for
from pipeline.typeset.svgcanvas import SvgCanvas

MARGIN = 6.0
"""Points of white around a puzzle drawn on its own."""
SurfaceT = TypeVar("SurfaceT", Canvas, SvgCanvas)


@dataclass(frozen=True)
class Alone:
    """Where a puzzle drawn on its own goes: the page's size and the box the drawing fills."""

    width: float
    height: float
    box: Rect


def alone(kind: str, grid: Any, *, cell: float, labelled: bool, style: Style) -> Alone:
    """A page just the board's size (cells of `cell` points), the label line above when `labelled`,
    MARGIN around."""
    across, down = registry.kind(kind).drawing.extent(grid)
    band = label_height(style) if labelled else 0.0
    box = Rect(MARGIN, MARGIN, across * cell, down * cell + band)
    return Alone(box.w + 2 * MARGIN, box.h + 2 * MARGIN, box)


def puzzle_pdf(
    kind: str,
    grid: Any,
    *,
    solution: Any = None,
    large_print: bool = False,
    fonts: Fonts = DEFAULT_FONTS,
    label: str = "",
    note: str = "",
    cell: float | None = None,
) -> bytes:
    """One puzzle (with `solution`, its answer) on a page just its size: cells of `cell` points (default
    the style's largest), a MARGIN around, the label line above when there is a label or note. Its
    fonts are embedded (subset), as in the book."""

    def pdf_page(width: float, height: float, style: Style) -> Canvas:
        canvas = Canvas(io.BytesIO(), pagesize=(width, height), invariant=1, initialFontName=style.fonts.text,
                        pageCompression=1)
        canvas.setCreator(f"puzzlebook {__version__}")
        if label:
            canvas.setTitle(label)
        return canvas

    canvas = _drawn_alone(pdf_page, kind, grid, solution=solution, large_print=large_print, fonts=fonts, label=label,
                          note=note, cell=cell)
    canvas.showPage()
    return canvas.getpdfdata()


def puzzle_svg(
    kind: str,
    grid: Any,
    *,
    solution: Any = None,
    large_print: bool = False,
    fonts: Fonts = DEFAULT_FONTS,
    label: str = "",
    note: str = "",
    cell: float | None = None,
    pixel_width: float | None = None,
) -> str:
    """`puzzle_pdf`'s picture as SVG, drawn by the same drawing on an SvgCanvas: vectors, with the
    numbers and labels as text in the book's faces. `pixel_width` sets the displayed width."""
    canvas = _drawn_alone(lambda width, height, _: SvgCanvas(width, height), kind, grid, solution=solution,
                          large_print=large_print, fonts=fonts, label=label, note=note, cell=cell)
    return canvas.svg(title=label, pixel_width=pixel_width)


def _drawn_alone(make: Callable[[float, float, Style], SurfaceT], kind: str, grid: Any, *, solution: Any,
                 large_print: bool, fonts: Fonts, label: str, note: str, cell: float | None) -> SurfaceT:
    """The puzzle (its answer, with `solution`, laid out bare) drawn on the surface `make(width, height,
    style)` gives for a page just its size: what the PDF and the SVG share."""
    register_fonts()
    style = style_for(large_print, fonts)
    draw = registry.kind(kind).drawing
    grid = draw.bare(grid) if solution is not None else grid
    page = alone(kind, grid, cell=cell or style.max_cell, labelled=bool(label or note), style=style)
    surface = make(page.width, page.height, style)
    draw.draw(surface, grid, page.box, style=style, solution=solution, label=label, note=note)
    return surface


def puzzle_png(kind: str, grid: Any, *, dpi: float = 300.0, **options: Any) -> bytes:
    """`puzzle_pdf`'s page rendered at `dpi` (recorded in the file), from the PDF itself."""
    return pdf_bytes_png(puzzle_pdf(kind, grid, **options), dpi=dpi, record_dpi=True)


def section_page_pdf(book: BookSpec, section_index: int, samples: list[PuzzleRecord], *,
                     fonts: Fonts = DEFAULT_FONTS) -> bytes:
    """The first page of section `section_index` as the book will print it: its heading, puzzle
    numbers, running head and folio, on the page geometry of the whole book.

    `samples` are that section's first puzzle records (at least its per_page, in order). The book's
    other puzzles stand in as stubs: planning pages needs only their places and levels.
    """
    register_fonts()
    style = style_for(book.large_print, fonts)
    given = {record.index: record for record in samples}
    records: list[PuzzleRecord] = []
    for i, section in enumerate(book.sections):
        for index in range(1, section.count + 1):
            place = Place(section.name, i, index)
            if i == section_index and index in given:
                records.append(given[index].placed(place))
            else:
                level = section.level_of(index)
                records.append(PuzzleRecord(section.kind, 0, level, None, None, {"level": level}, 0, place=place))
    pages = plan_pages(book, records, style)
    first = next(position for position, record in enumerate(records) if record.section_index == section_index)
    number = next(n for n, page in enumerate(pages, 1) if page.role == "puzzles" and first in page.items)
    missing = [position for position in pages[number - 1].items if records[position].grid is None]
    if missing:
        raise ValueError(f"section_page_pdf needs the section's first {len(pages[number - 1].items)} puzzles")
    geo = geometry(book.page, len(pages))
    check_fit(book, records, pages, geo, style, only=number)
    return render(book, records, pages, geo, style, screen=False, only=number)
