"""A book typeset in parts: planned in the calling process, its pages drawn in runs of PART_PAGES
wherever the caller likes (worker processes, in any order), and joined into the PDF (typeset.join).

The parts are fixed by the book alone, never by how many workers draw them, and every part sets text
by the same fixed font codes (typeset.codes): so the joined PDF is the same bytes whichever process
drew which part, in whatever order, and a one-process typeset is the same pipeline run in a loop.

    plan = plan_book(book, records, screen=..., fonts=...)        # cheap, in the caller
    drawn = [draw_part(plan.layout, part) for part in plan.parts]  # the work: one task per part
    data = join_parts(plan.layout, drawn)                          # the PDF's bytes

Everything a worker gets or gives back is plain picklable data: a part carries only its own pages
and the records they show, so sending the parts to workers costs about one copy of the records.
"""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import NamedTuple

from reportlab.pdfbase.pdfdoc import PDFZCompress
from reportlab.pdfgen.canvas import Canvas

from pipeline.bookspec import BookSpec
from pipeline.errors import PuzzleBookError
from pipeline.i18n import Words, words_for
from pipeline.kinds import registry
from pipeline.kinds.record import PuzzleRecord
from pipeline.typeset.codes import book_faces, prime
from pipeline.typeset.fonts import DEFAULT_FONTS, Fonts, RecordingCanvas, font_path, register_file, register_fonts
from pipeline.typeset.front import copyright_page, introduction_page
from pipeline.typeset.howto import level_name
from pipeline.typeset.layout import Geometry, Style, bands, geometry, style_for
from pipeline.typeset.pages import contents_page, folio, grids_page, header, howto_page, title_page
from pipeline.typeset.plan import (
    PUZZLE_LABEL,
    TITLE_BLURB,
    Page,
    Records,
    check_page_fit,
    contents_per_page,
    plan_pages,
)

__all__ = ["PART_PAGES", "BookLayout", "BookPlan", "DrawnPart", "Part", "draw_part", "drawing_work", "layout_book",
           "plan_book"]

PART_PAGES = 32
"""Pages per part: a few tenths of a second of drawing, so a 300-page book is ten tasks a pool shares
evenly, and each task's cost in the calling process (sending it, receiving its streams: about a
millisecond) stays near 1% of its drawing; 16 pages doubled that share."""


@dataclass(frozen=True)
class BookLayout:
    """What every part of one book shares: the spec, geometry, style and the few things one page
    shows of the others (the contents, the title's blurb). No records: they travel with their part."""

    book: BookSpec
    """The spec without its sections (their pages are planned, their records travel with the parts):
    what the pages read of it, and plain picklable data (a section's model is made at run time)."""
    geometry: Geometry
    style: Style
    screen: bool
    page_count: int
    """The book's pages (the cover's spine needs the count; the PDF holds them all but with `only`)."""
    spans: tuple[tuple[int, int], ...]
    """(first, last) page number of each part, in order: the pages the joined PDF holds."""
    contents: tuple[tuple[str, str, int], ...]
    """(heading, detail, page number) of every entry the contents pages list."""
    per_contents_page: int
    blurb: str
    """The title page's line under the subtitle."""
    outline: tuple[tuple[int, str], ...]
    """(page number, title) of each bookmark of the screen edition."""
    faces: tuple[str, ...]
    """The distinct fonts the pages set text in (typeset.codes.book_faces), as the planning process
    resolved the style's font names."""
    font_files: tuple[tuple[str, str], ...]
    """(font name, file) of the fonts a worker must register itself, in the order that resolves the
    style's names to `faces` there too."""


@dataclass(frozen=True)
class Part:
    """One run of consecutive pages, drawn together."""

    index: int
    first: int
    """The page number of the part's first page."""
    pages: tuple[Page, ...]
    records: Mapping[int, PuzzleRecord]
    """The records the pages show, by position (puzzle number - 1)."""


@dataclass(frozen=True)
class DrawnPart:
    """A part's pages as their PDF content streams, compressed, and the characters they set."""

    index: int
    first: int
    streams: tuple[bytes, ...]
    """One Flate-compressed content stream per page, in order."""
    text: tuple[tuple[str, str], ...]
    """(font name as the style names it, the characters drawn in it, sorted): for the glyph check."""
    glyphs: tuple[tuple[str, tuple[int, ...]], ...]
    """(face, the code points it set, sorted): the glyphs the joined PDF embeds."""
    problem: PuzzleBookError | None = None
    """Why the part was not drawn (a grid that would print too small), reported by the join."""


class BookPlan(NamedTuple):
    """A planned book: what its parts share, and the parts, in book order."""

    layout: BookLayout
    parts: tuple[Part, ...]


def plan_book(
    book: BookSpec, records: list[PuzzleRecord], *, screen: bool = False, fonts: Fonts = DEFAULT_FONTS,
    part_pages: int = PART_PAGES,
) -> BookPlan:
    """Plan every page of the book and cut them into parts; draws nothing, checks nothing a part checks."""
    register_fonts()
    style = style_for(book.large_print, fonts)
    pages = plan_pages(book, records, style)
    return layout_book(book, records, pages, geometry(book.page, len(pages)), style, screen=screen,
                       part_pages=part_pages)


def layout_book(
    book: BookSpec, records: Records, pages: Sequence[Page], geo: Geometry, style: Style, *, screen: bool,
    only: int | None = None, part_pages: int = PART_PAGES,
) -> BookPlan:
    """The layout and parts of planned `pages` (only page number `only`, as a one-page part, when given)."""
    if part_pages < 1:
        raise ValueError("a part holds at least one page")
    numbered = list(enumerate(pages, 1))
    chosen = [numbered[only - 1]] if only is not None else numbered
    runs = [chosen[i : i + part_pages] for i in range(0, len(chosen), part_pages)]
    parts = tuple(
        Part(index, run[0][0], tuple(page for _, page in run),
             {position: records[position] for _, page in run for position in page.items})
        for index, run in enumerate(runs)
    )
    words = words_for(book.language)
    total = len(records)
    kinds = words.listing(list(dict.fromkeys(
        words(registry.kind(book.sections[records[i].section_index].kind).title) for i in range(total))))
    layout = BookLayout(
        book=book.model_copy(update={"sections": []}),
        geometry=geo,
        style=style,
        screen=screen,
        page_count=len(pages),
        spans=tuple((part.first, part.first + len(part.pages) - 1) for part in parts),
        contents=tuple((p.heading, p.detail, n) for n, p in numbered if p.heading and p.role != "contents"),
        per_contents_page=contents_per_page(book, style),
        blurb=words.plural(TITLE_BLURB, total, kinds=kinds),
        outline=tuple((n, p.heading or book.title) for n, p in chosen if p.heading or p.role == "title"),
        faces=book_faces(style.fonts),
        font_files=_font_files(style.fonts),
    )
    return BookPlan(layout, parts)


def drawing_work(part: Part) -> int:
    """A part's drawing time, roughly, in a puzzle's worth: an answer counts two (its every number is
    set), a page one. Enough to hand the costliest parts out first, so no worker is left with a
    long one at the end (answer pages took 5 times a puzzle page's time, measured on a mixed book)."""
    return sum(len(page.items) * (2 if page.role == "answers" else 1) + 1 for page in part.pages)


def draw_part(layout: BookLayout, part: Part) -> DrawnPart:
    """Draw one part's pages (in a worker, or anywhere): their content streams and the text they set.

    A page whose grid would print too small is not drawn: the part returns the problem instead of
    raising it, so the join reports the book's first one whatever order the parts finished in.
    """
    register_layout_fonts(layout)
    book, style = layout.book, layout.style
    try:
        for number, page in enumerate(part.pages, part.first):
            check_page_fit(book, part.records, page, number, layout.geometry, style)
    except PuzzleBookError as problem:
        return DrawnPart(part.index, part.first, (), (), (), problem)
    canvas = RecordingCanvas(io.BytesIO(), pagesize=layout.geometry.media, invariant=1,
                             initialFontName=style.fonts.text, pageCompression=1)
    recorders = prime(canvas, layout.faces)
    words = words_for(book.language)
    streams = []
    for number, page in enumerate(part.pages, part.first):
        draw_page(canvas, layout, words, number, page, part.records)
        canvas.showPage()
        streams.append(_last_stream(canvas, number))
    if canvas._doc.fontMapping:
        raise RuntimeError(f"pages {part.first}-{number} set text in fonts outside the book's faces "
                           f"{layout.faces}: {sorted(canvas._doc.fontMapping)}")
    text = tuple((name, "".join(sorted(canvas.used[name]))) for name in sorted(canvas.used))
    glyphs = tuple((face, tuple(sorted(recorders[face]))) for face in layout.faces)
    return DrawnPart(part.index, part.first, tuple(streams), text, glyphs)


def register_layout_fonts(layout: BookLayout) -> None:
    """Register the book's fonts in this process (a worker knows only what it registers itself), and
    make sure its names resolve to the same fonts as where the book was planned: else two processes
    would set the same text with different codes."""
    register_fonts()
    for name, path in layout.font_files:
        register_file(name, Path(path))
    here = book_faces(layout.style.fonts)
    if here != layout.faces:
        raise RuntimeError(f"the book's fonts resolve to {here} in this process, not {layout.faces} as planned")


def _font_files(fonts: Fonts) -> tuple[tuple[str, str], ...]:
    """Each style font's file, after the file of the font reportlab resolved it to (registered first,
    a later font with the same face resolves to it in a worker too)."""
    names = [*book_faces(fonts), fonts.text, fonts.bold, fonts.number, fonts.given]
    return tuple((name, str(path.resolve())) for name in dict.fromkeys(names) if (path := font_path(name)))


def draw_page(canvas: Canvas, layout: BookLayout, words: Words, number: int, page: Page, records: Records) -> None:
    """Page number `number` of the book, drawn on the canvas's current page (not shown)."""
    book, geo, style = layout.book, layout.geometry, layout.style
    areas = bands(geo.frame(number), style)
    if page.role == "title":
        title_page(canvas, geo.frame(number), style, title=book.title, subtitle=book.subtitle, author=book.author,
                   blurb=layout.blurb)
    elif page.role == "copyright":
        copyright_page(canvas, geo.frame(number), style, book)
    elif page.role != "blank":
        header(canvas, areas.header, style, heading=page.heading, detail=page.detail, running=page.running)
    if page.role == "contents":
        per = layout.per_contents_page
        contents_page(canvas, areas.body, style, list(layout.contents[page.part * per : (page.part + 1) * per]))
    elif page.role == "introduction":
        introduction_page(canvas, areas.body, style, page.lines)
    elif page.role == "howto":
        howto_page(canvas, areas.body, style, page.kind, book.answers.where, words)
    elif page.role in ("puzzles", "answers"):
        answers = page.role == "answers"
        items = [
            (records[i], words(PUZZLE_LABEL, number=i + 1),
             "" if answers else level_name(records[i].kind, records[i].level, words))
            for i in page.items
        ]
        grids_page(canvas, areas.body, style, page.per_page, items, answers=answers)
    if page.numbered:
        folio(canvas, areas.footer, number, style)


def _last_stream(canvas: Canvas, number: int) -> bytes:
    """The content stream of the page just shown, compressed as reportlab compresses it. The join
    carries streams and fonts only: a page that needs more of its own (images, transparency, forms,
    links, colour spaces) is refused here rather than joined without it."""
    page = canvas._doc.Pages.pages[-1]
    extras = {"forms": page.XObjects, "transparency": page.ExtGState, "links": page.Annots,
              "colour spaces": page._colorsUsed, "shadings": page._shadingUsed}
    used = sorted(name for name, value in extras.items() if value)
    if used:
        raise RuntimeError(f"page {number} uses {', '.join(used)}, which a book typeset in parts does not carry")
    data: bytes = PDFZCompress.encode(page.stream)
    return data
