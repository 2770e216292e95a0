"""Join drawn parts into the book's PDF: one reportlab document whose pages take the parts' content
streams as they are (already compressed) and whose fonts embed every glyph any part set, once.

No page is drawn and no stream compressed again here, so the join costs little beside the drawing:
the font subsets, the outline, a page dictionary per page and writing the bytes out. The page
dictionaries are written in one piece each (a book's pages differ only in their trim box and
contents), not key by key as reportlab's PDFPage does, which would make them most of the join's
time. It is a plain function of its arguments: it may run in the calling process or in a worker.
"""

from __future__ import annotations

import io
from collections.abc import Iterable
from typing import Any

from reportlab.pdfbase.pdfdoc import BasicFonts, PDFArray, PDFObject, PDFObjectReference
from reportlab.pdfbase.pdfdoc import format as pdf_format
from reportlab.pdfgen.canvas import Canvas

from pipeline import __version__
from pipeline.typeset.codes import embed
from pipeline.typeset.fonts import check_glyphs
from pipeline.typeset.layout import is_recto
from pipeline.typeset.parts import BookLayout, DrawnPart, register_layout_fonts

__all__ = ["join_parts"]


def join_parts(layout: BookLayout, drawn: Iterable[DrawnPart]) -> bytes:
    """The PDF of the drawn parts, in book order whatever order they come in: the same bytes for the
    same parts. Raises the book's first problem a part met (PuzzleBookError), or PuzzleBookError
    naming characters a font lacks; ValueError when the parts are not exactly the layout's."""
    parts = sorted(drawn, key=lambda part: part.index)
    problems = [part.problem for part in parts if part.problem is not None]
    if problems:
        raise problems[0]
    spans = tuple((part.first, part.first + len(part.streams) - 1) for part in parts)
    if [part.index for part in parts] != list(range(len(layout.spans))) or spans != layout.spans:
        raise ValueError(f"the drawn parts cover pages {spans}, not the layout's {layout.spans}")
    register_layout_fonts(layout)
    text: dict[str, set[str]] = {}
    glyphs: dict[str, set[int]] = {}
    for part in parts:
        for name, characters in part.text:
            text.setdefault(name, set()).update(characters)
        for face, points in part.glyphs:
            glyphs.setdefault(face, set()).update(points)
    check_glyphs(text, layout.style.fonts)

    book, geo = layout.book, layout.geometry
    canvas = Canvas(io.BytesIO(), pagesize=geo.media, invariant=1, initialFontName=layout.style.fonts.text,
                    pageCompression=1)
    canvas.setTitle(book.title)
    canvas.setAuthor(book.author)
    canvas.setSubject(book.subtitle)
    canvas.setCreator(f"puzzlebook {__version__}")
    embed(canvas, layout.faces, glyphs)
    frame = _PageFrame(layout)
    bookmarks = dict(layout.outline) if layout.screen else {}
    for part in parts:
        for number, stream in enumerate(part.streams, part.first):
            if number in bookmarks:
                key = f"page{number}"
                canvas.bookmarkPage(key)
                canvas.addOutlineEntry(bookmarks[number], key, level=0)
            canvas._doc.addPage(_Page(frame, is_recto(number), _Contents(stream)))
    if layout.screen:
        canvas.showOutline()
    data: bytes = canvas.getpdfdata()
    return data


class _PageFrame:
    """What every page dictionary of the book says, formatted once per document: media and bleed box,
    parent, fonts, and the trim box of a right-hand and of a left-hand page."""

    def __init__(self, layout: BookLayout) -> None:
        geo = layout.geometry
        self.media = [0.0, 0.0, *geo.media]
        self.trims = {recto: geo.trim(1 if recto else 2).pdf_box() for recto in (True, False)}
        self.formatted: dict[bool, tuple[bytes, bytes]] = {}

    def around(self, document: Any, recto: bool) -> tuple[bytes, bytes]:
        """The page dictionary's bytes before and after its contents' reference."""
        if recto not in self.formatted:
            def put(value: object) -> bytes:
                formatted: bytes = pdf_format(value, document)
                return formatted

            parent = put(document.Reference(document.Pages))
            box = put(PDFArray(self.media))
            self.formatted[recto] = (
                b"<<\n/BleedBox " + box + b" /Contents ",
                b" /MediaBox " + box + b" /Parent " + parent + b" /Resources <<\n/Font "
                + put(PDFObjectReference(BasicFonts)) + b" /ProcSet [ /PDF /Text /ImageB /ImageC /ImageI ]\n>> "
                b"/Rotate 0 /TrimBox " + put(PDFArray(list(self.trims[recto]))) + b" /Type /Page\n>>",
            )
        return self.formatted[recto]


class _Contents(PDFObject):
    """A page's content stream, compressed by the part that drew it, written as it is."""

    __RefOnly__ = 1

    def __init__(self, data: bytes) -> None:
        self.data = data

    def format(self, document: Any) -> bytes:
        data: bytes = document.encrypt.encode(self.data)
        return b"<<\n/Filter [ /FlateDecode ] /Length %d\n>>\nstream\n%s\nendstream\n" % (len(data), data)


class _Page(PDFObject):
    """A page dictionary: the book's frame around its contents' reference."""

    __RefOnly__ = 1

    def __init__(self, frame: _PageFrame, recto: bool, contents: _Contents) -> None:
        self.frame, self.recto, self.contents = frame, recto, contents

    def format(self, document: Any) -> bytes:
        before, after = self.frame.around(document, self.recto)
        reference: bytes = pdf_format(document.Reference(self.contents), document)
        return before + reference + after
