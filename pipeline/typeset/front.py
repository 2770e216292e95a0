"""The front matter around the title page: the copyright page on its back, and the introduction.

Text only, from the BookSpec: who holds the rights, the ISBN and edition, and the line that lets a
publisher make the same book again (its seed and puzzlebook's version).
"""

from __future__ import annotations

from reportlab.pdfgen.canvas import Canvas

from pipeline import __version__
from pipeline.bookspec import BookSpec
from pipeline.i18n import N_, words_for
from pipeline.typeset.layout import Rect, Style
from pipeline.typeset.pages import LEADING, paragraph, paragraph_height, wrapped

RIGHTS = N_(
    "All rights reserved. No part of this book may be reproduced in any form without written permission "
    "from the copyright holder, except for brief quotations in reviews."
)
COPYRIGHT = N_("Copyright \u00a9 {year} {holder}")
COPYRIGHT_NO_YEAR = N_("Copyright \u00a9 {holder}")
REPRINT = N_(
    "Made with puzzlebook {version} from book seed {seed}: the same config and seed make this book again, "
    "puzzle for puzzle."
)


def copyright_paragraphs(book: BookSpec) -> list[str]:
    """The copyright page's paragraphs, in order, in the book's language."""
    words = words_for(book.language)
    holder = book.copyright.holder or book.author
    lines = [book.title]
    if book.copyright.year:
        lines.append(words(COPYRIGHT, year=book.copyright.year, holder=holder).rstrip())
    elif holder:
        lines.append(words(COPYRIGHT_NO_YEAR, holder=holder))
    lines.append(words(RIGHTS))
    if book.isbn:
        lines.append(f"ISBN {book.isbn}")
    if book.edition:
        lines.append(book.edition)
    lines.append(words(REPRINT, version=__version__, seed=book.seed))
    return lines


def copyright_page(canvas: Canvas, frame: Rect, style: Style, book: BookSpec) -> None:
    """The copyright paragraphs as one block at the foot of the page, the title in bold."""
    size = style.label
    gap = size * 0.8
    texts = copyright_paragraphs(book)
    fonts = [style.fonts.bold] + [style.fonts.text] * (len(texts) - 1)
    height = sum(paragraph_height(t, f, size, frame.w) for t, f in zip(texts, fonts)) + gap * (len(texts) - 1)
    y = frame.y + height
    canvas.setFillGray(0)
    for text, font in zip(texts, fonts):
        y = paragraph(canvas, text, frame.x, y, frame.w, font, size) - gap


def introduction_lines(paragraphs: list[str], width: float, style: Style) -> list[str]:
    """The introduction wrapped to `width`, an empty line between paragraphs."""
    lines: list[str] = []
    for text in paragraphs:
        if lines:
            lines.append("")
        lines += wrapped(text, style.fonts.text, style.body, width) or [""]
    return lines


def lines_per_page(height: float, style: Style) -> int:
    return max(1, int((height - style.body * 0.5) // (style.body * LEADING)))


def introduction_page(canvas: Canvas, body: Rect, style: Style, lines: tuple[str, ...]) -> None:
    """Lines planned by `introduction_lines`, from the top of the body."""
    canvas.setFillGray(0)
    canvas.setFont(style.fonts.text, style.body)
    y = body.top - style.body * 0.5
    for line in lines:
        y -= style.body * LEADING
        if line:
            canvas.drawString(body.x, y + style.body * (LEADING - 1), line)
