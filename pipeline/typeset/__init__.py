"""Typesetting: puzzle records and a BookSpec in, a print-ready PDF out (reportlab lives only here).

It knows pages, not search: it never generates or solves a puzzle.
"""

from __future__ import annotations

from pipeline.typeset.book import typeset_book

__all__ = ["typeset_book"]
