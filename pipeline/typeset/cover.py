"""Draw a book's full-wrap paperback cover (cover.pdf) from its config and its puzzle records.

Front: title, subtitle and author around a large drawing of one of the book's own puzzles. Spine:
title and author, on books thick enough to carry them. Back: the config's paragraphs, what the book
holds, and a small sample puzzle. Every box comes from wrap.py; the barcode area stays unpainted.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from pathlib import Path

from reportlab.lib.colors import HexColor
from reportlab.pdfgen.canvas import Canvas

from pipeline import __version__
from pipeline.atomic import write_bytes_atomic
from pipeline.bookspec import BookSpec
from pipeline.i18n import N_, ngettext_, words_for
from pipeline.kinds import registry
from pipeline.typeset.fonts import (
    DEFAULT_FONTS,
    Fonts,
    RecordingCanvas,
    check_glyphs,
    register_fonts,
    text_width,
)
from pipeline.typeset.howto import level_name
from pipeline.typeset.layout import Rect, Style, style_for
from pipeline.typeset.pages import paragraph, wrapped
from pipeline.typeset.wrap import Wrap, has_spine_text, wrap
from pipeline.kinds.record import PuzzleRecord

HOLDS = ngettext_("{count} puzzle: {kinds}", "{count} puzzles: {kinds}")
LEVELS = N_("Levels: {levels}")
PROMISE = N_("Every puzzle has exactly one solution, proved by computer. All answers included.")
SAMPLE = N_("A sample: {kind}, {level}")
CARD_PAD = 0.12
"""Air around a puzzle on its card, as a share of the card's shorter side."""
CARD_RADIUS = 10.0
SPINE_TEXT_SHARE = 0.62
"""Spine type: its size as a share of the room between the fold clearances."""
MAX_SPINE_TEXT = 18.0


def typeset_cover(
    book: BookSpec, records: list[PuzzleRecord], pages: int, out_path: Path, *, fonts: Fonts = DEFAULT_FONTS
) -> Wrap:
    """Write the cover of a `pages`-page book to `out_path` (atomically) and return its geometry."""
    register_fonts()
    width, height = book.page.trim_points()
    geometry = wrap(width, height, pages, book.cover.paper)
    write_bytes_atomic(out_path, cover_pdf(book, records, pages, geometry, fonts=fonts))
    return geometry


def cover_pdf(
    book: BookSpec, records: list[PuzzleRecord], pages: int, geometry: Wrap, *, fonts: Fonts = DEFAULT_FONTS
) -> bytes:
    """The cover's PDF bytes: one page, trim and bleed boxes set, the same bytes for the same input."""
    register_fonts()
    style = style_for(book.large_print, fonts)
    canvas = RecordingCanvas(io.BytesIO(), pagesize=geometry.media, invariant=1, initialFontName=fonts.text,
                             pageCompression=1)
    canvas.setTitle(f"{book.title}: cover")
    canvas.setAuthor(book.author)
    canvas.setCreator(f"puzzlebook {__version__}")
    canvas.setTrimBox(geometry.trim.pdf_box())
    canvas.setBleedBox((0.0, 0.0, *geometry.media))
    _ground(canvas, geometry, book.cover.colors.background)
    art, sample = _chosen(records)
    _front(canvas, book, geometry, records[art], style)
    if has_spine_text(pages):
        _spine(canvas, book, geometry, style)
    _back(canvas, book, geometry, records, records[sample], style)
    canvas.showPage()
    check_glyphs(canvas.used, fonts)
    return canvas.getpdfdata()


def _ground(canvas: Canvas, geometry: Wrap, colour: str) -> None:
    """The background edge to edge, in four pieces around the barcode area, which stays paper."""
    width, height = geometry.media
    code = geometry.barcode
    canvas.setFillColor(HexColor(colour))
    for x, y, w, h in (
        (0.0, 0.0, code.x, height),
        (code.right, 0.0, width - code.right, height),
        (code.x, 0.0, code.w, code.y),
        (code.x, code.top, code.w, height - code.top),
    ):
        canvas.rect(x, y, w, h, stroke=0, fill=1)


def _chosen(records: list[PuzzleRecord]) -> tuple[int, int]:
    """Which puzzles the front and the back show: the front the most shaped board (most blocked cells,
    the first of them), the back the first puzzle of another section if there is one, else another puzzle."""
    def holes(record: PuzzleRecord) -> int:
        return registry.kind(record.kind).holes(record.grid)

    art = max(range(len(records)), key=lambda i: (holes(records[i]), -i))
    others = [i for i, r in enumerate(records) if r.section_index != records[art].section_index]
    sample = others[0] if others else (1 if art == 0 and len(records) > 1 else 0)
    return art, sample


def _card(canvas: Canvas, box: Rect, colour: str) -> Rect:
    """A rounded card filling `box`; returns the box inside its padding."""
    canvas.setFillColor(HexColor(colour))
    canvas.roundRect(box.x, box.y, box.w, box.h, CARD_RADIUS, stroke=0, fill=1)
    pad = min(box.w, box.h) * CARD_PAD
    return Rect(box.x + pad, box.y + pad, box.w - 2 * pad, box.h - 2 * pad)


def _puzzle(canvas: Canvas, record: PuzzleRecord, box: Rect, colour: str, style: Style) -> None:
    """`record`'s puzzle drawn large on a card, without the label line of a puzzle page."""
    inside = _card(canvas, box, colour)
    canvas.setFillGray(0)
    canvas.setStrokeGray(0)
    draw = registry.kind(record.kind).drawing
    draw.draw(canvas, draw.bare(registry.drawn(record)), inside, style=style)


def _centred_lines(canvas: Canvas, lines: Sequence[str], font: str, size: float, cx: float, top: float) -> float:
    """Lines centred on `cx`, the first one's top at `top`; returns the y below the last."""
    canvas.setFont(font, size)
    y = top
    for line in lines:
        y -= size * 1.25
        canvas.drawCentredString(cx, y + size * 0.25, line)
    return y


def _front(canvas: Canvas, book: BookSpec, geometry: Wrap, record: PuzzleRecord, style: Style) -> None:
    colours = book.cover.colors
    safe = geometry.safe(geometry.front)
    room = Rect(safe.x + safe.w * 0.04, safe.y, safe.w * 0.92, safe.h)
    title_size = min(44.0, room.w / 9)
    canvas.setFillColor(HexColor(colours.text))
    y = _centred_lines(canvas, wrapped(book.title, style.fonts.bold, title_size, room.w), style.fonts.bold, title_size,
                       room.cx, room.top - room.h * 0.04)
    if book.subtitle:
        size = title_size * 0.45
        canvas.setFillColor(HexColor(colours.accent))
        y = _centred_lines(canvas, wrapped(book.subtitle, style.fonts.text, size, room.w), style.fonts.text, size, room.cx,
                           y - size * 0.6)
    author_size = title_size * 0.5
    author_y = room.y + room.h * 0.04
    if book.author:
        canvas.setFillColor(HexColor(colours.text))
        canvas.setFont(style.fonts.text, author_size)
        canvas.drawCentredString(room.cx, author_y, book.author)
    top = y - title_size * 0.6
    bottom = author_y + author_size * 2.2
    side = min(room.w * 0.92, top - bottom)
    if side > room.w * 0.3:
        art = Rect(room.cx - side / 2, bottom + (top - bottom - side) / 2, side, side)
        _puzzle(canvas, record, art, colours.card, style)


def _spine(canvas: Canvas, book: BookSpec, geometry: Wrap, style: Style) -> None:
    """Title and author read top to bottom (the spine of a book lying face up), centred on the spine."""
    area = geometry.spine_text_area
    if area is None:
        return
    size = min(MAX_SPINE_TEXT, area.w * SPINE_TEXT_SHARE)
    gap = size * 2
    author_w = text_width(book.author, style.fonts.text, size) if book.author else 0.0
    title = book.title
    while title and text_width(title, style.fonts.bold, size) + author_w + gap > area.h:
        title = title[:-1]
    if title != book.title:
        title = title.rstrip() + "\u2026"
    total = text_width(title, style.fonts.bold, size) + (author_w + gap if book.author else 0.0)
    canvas.saveState()
    canvas.translate(area.cx, area.top)
    canvas.rotate(-90)
    canvas.setFillColor(HexColor(book.cover.colors.text))
    start = (area.h - total) / 2
    baseline = -size * 0.36  # the text's middle on the spine's centre line
    canvas.setFont(style.fonts.bold, size)
    canvas.drawString(start, baseline, title)
    if book.author:
        canvas.setFont(style.fonts.text, size)
        canvas.drawString(start + total - author_w, baseline, book.author)
    canvas.restoreState()


def holdings(book: BookSpec, records: list[PuzzleRecord]) -> list[str]:
    """What the book holds, for the back cover: the count, the kinds, the levels, in the book's language."""
    words = words_for(book.language)
    kinds = list(dict.fromkeys(words(registry.kind(r.kind).title) for r in records))
    used = {(r.kind, r.level) for r in records}
    names = [level_name(kind, level, words) for kind in dict.fromkeys(r.kind for r in records)
             for level in registry.kind(kind).levels if (kind, level) in used]
    return [
        words.plural(HOLDS, len(records), kinds=words.listing(kinds)),
        words(LEVELS, levels=words.listing(list(dict.fromkeys(names)))),
        words(PROMISE),
    ]


def _back(canvas: Canvas, book: BookSpec, geometry: Wrap, records: list[PuzzleRecord], sample: PuzzleRecord, style: Style) -> None:
    colours = book.cover.colors
    safe = geometry.safe(geometry.back)
    room = Rect(safe.x + safe.w * 0.06, safe.y, safe.w * 0.88, safe.h)
    size = min(13.0, room.w / 28)
    canvas.setFillColor(HexColor(colours.text))
    y = room.top - room.h * 0.06
    for text in book.cover.back_text:
        y = paragraph(canvas, text, room.x, y, room.w, style.fonts.text, size) - size * 0.8
    canvas.setStrokeColor(HexColor(colours.accent))
    canvas.setLineWidth(1.2)
    canvas.line(room.x, y, room.x + room.w * 0.3, y)
    y -= size * 0.8
    canvas.setFillColor(HexColor(colours.text))
    for i, line in enumerate(holdings(book, records)):
        y = paragraph(canvas, line, room.x, y, room.w, style.fonts.bold if i == 0 else style.fonts.text, size) - size * 0.3
    # The sample, with a line naming it, sits between the text and the barcode area below.
    words = words_for(book.language)
    label = words(SAMPLE, kind=words(registry.kind(sample.kind).title),
                  level=level_name(sample.kind, sample.level, words))
    label_size = size * 0.85
    top = y - size * 1.2
    bottom = geometry.barcode.top + size
    side = min(room.w * 0.72, top - bottom - label_size * 2)
    if side > size * 8:
        card = Rect(room.cx - side / 2, bottom + (top - bottom - side - label_size * 2) / 2, side, side)
        canvas.setFillColor(HexColor(colours.text))
        canvas.setFont(style.fonts.text, label_size)
        canvas.drawCentredString(room.cx, card.top + label_size * 0.8, label)
        _puzzle(canvas, sample, card, colours.card, style)
