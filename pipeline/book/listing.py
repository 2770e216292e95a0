"""listing.txt: what a publisher types into the print service's forms, worked out from the book.

Plain text, one "Field: value" line each, inches first and millimetres after. It reads the BookSpec,
the page count and the cover's geometry only.
"""

from __future__ import annotations

from pipeline.book.config import BookSpec
from pipeline.typeset.wrap import (
    COVER_BLEED,
    POINTS_PER_INCH,
    SPINE_TEXT_MIN_PAGES,
    Wrap,
)

MM_PER_INCH = 25.4


def _inches(points: float, places: int = 3) -> str:
    inches = points / POINTS_PER_INCH
    return f"{inches:.{places}f} in ({inches * MM_PER_INCH:.{max(places - 2, 1)}f} mm)"


def _size(width: float, height: float) -> str:
    w, h = width / POINTS_PER_INCH, height / POINTS_PER_INCH
    return f"{w:.3f} x {h:.3f} in ({w * MM_PER_INCH:.1f} x {h * MM_PER_INCH:.1f} mm)"


def listing_text(book: BookSpec, pages: int, cover: Wrap) -> str:
    """The listing of a `pages`-page book whose cover is `cover`."""
    trim_w, trim_h = book.page.trim_points()
    paper = book.cover.paper
    spine_note = "" if pages >= SPINE_TEXT_MIN_PAGES else f" (no spine text below {SPINE_TEXT_MIN_PAGES} pages)"
    lines = [
        f"Title: {book.title}",
        f"Subtitle: {book.subtitle}" if book.subtitle else "",
        f"Author: {book.author}" if book.author else "",
        f"Trim size: {_size(trim_w, trim_h)}",
        f"Page count: {pages}",
        f"Interior: {'colour' if paper == 'color' else 'black and white'} on {paper} paper",
        f"Interior bleed: {'yes (0.125 in)' if book.page.bleed else 'no'}",
        f"Spine width: {_inches(cover.spine, 4)}{spine_note}",
        f"Cover size (full wrap, with bleed): {_size(*cover.media)}",
        f"Cover bleed: {_inches(COVER_BLEED)} on every side",
        "Files: book.pdf (interior), cover.pdf (cover)",
    ]
    return "\n".join(line for line in lines if line) + "\n"
