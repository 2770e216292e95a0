"""Typesetting: puzzle records and a BookSpec in, a print-ready PDF out (reportlab lives only here).

It knows pages, not search: it never generates or solves a puzzle.
"""

from __future__ import annotations

from pipeline.typeset.book import page_count, typeset_book
from pipeline.typeset.cover import typeset_cover
from pipeline.typeset.fonts import book_fonts

__all__ = ["book_fonts", "page_count", "typeset_book", "typeset_cover"]
