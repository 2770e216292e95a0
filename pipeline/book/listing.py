"""listing.txt: what a publisher types into the print service's forms, worked out from the book.

Plain text, one "Field: value" line each, in the book's language with its numbers as the locale writes
them; inches first and millimetres after. It reads the BookSpec, the page count and the cover's
geometry only.
"""

from __future__ import annotations

from pipeline.bookspec import BookSpec
from pipeline.i18n import N_, Words, words_for
from pipeline.typeset.wrap import (
    COVER_BLEED,
    POINTS_PER_INCH,
    SPINE_TEXT_MIN_PAGES,
    Wrap,
)

MM_PER_INCH = 25.4
TITLE = N_("Title: {value}")
SUBTITLE = N_("Subtitle: {value}")
AUTHOR = N_("Author: {value}")
TRIM = N_("Trim size: {value}")
PAGE_COUNT = N_("Page count: {value}")
INTERIOR = {
    "white": N_("Interior: black and white on white paper"),
    "cream": N_("Interior: black and white on cream paper"),
    "color": N_("Interior: colour, on colour paper"),
}
BLEED = N_("Interior bleed: {value}")
BLEED_YES = N_("yes (0.125 in)")
BLEED_NO = N_("no")
SPINE = N_("Spine width: {value}")
NO_SPINE_TEXT = N_("(no spine text below {pages} pages)")
COVER_SIZE = N_("Cover size (full wrap, with bleed): {value}")
COVER_BLEED_LINE = N_("Cover bleed: {value} on every side")
FILES = N_("Files: book.pdf (interior), cover.pdf (cover)")


def _inches(points: float, words: Words, places: int = 3) -> str:
    inches = points / POINTS_PER_INCH
    return f"{words.number(inches, places)} in ({words.number(inches * MM_PER_INCH, max(places - 2, 1))} mm)"


def _size(width: float, height: float, words: Words) -> str:
    w, h = width / POINTS_PER_INCH, height / POINTS_PER_INCH
    return (f"{words.number(w, 3)} x {words.number(h, 3)} in "
            f"({words.number(w * MM_PER_INCH, 1)} x {words.number(h * MM_PER_INCH, 1)} mm)")


def listing_text(book: BookSpec, pages: int, cover: Wrap) -> str:
    """The listing of a `pages`-page book whose cover is `cover`."""
    words = words_for(book.language)
    trim_w, trim_h = book.page.trim_points()
    paper = book.cover.paper
    spine = _inches(cover.spine, words, 4)
    if pages < SPINE_TEXT_MIN_PAGES:
        spine += " " + words(NO_SPINE_TEXT, pages=SPINE_TEXT_MIN_PAGES)
    lines = [
        words(TITLE, value=book.title),
        words(SUBTITLE, value=book.subtitle) if book.subtitle else "",
        words(AUTHOR, value=book.author) if book.author else "",
        words(TRIM, value=_size(trim_w, trim_h, words)),
        words(PAGE_COUNT, value=pages),
        words(INTERIOR[paper]),
        words(BLEED, value=words(BLEED_YES if book.page.bleed else BLEED_NO)),
        words(SPINE, value=spine),
        words(COVER_SIZE, value=_size(*cover.media, words)),
        words(COVER_BLEED_LINE, value=_inches(COVER_BLEED, words)),
        words(FILES),
    ]
    return "\n".join(line for line in lines if line) + "\n"
