"""The report's thumbnails: each puzzle as the book draws it, small, as SVG markup.

Its own module, light to import: a build's workers draw the thumbnails beside the book's pages,
and need none of the report's page (its template engine, charts and rows).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from pipeline.bookspec import BookSpec
from pipeline.drawing.faces import Fonts
from pipeline.kinds import registry
from pipeline.kinds.record import PuzzleRecord
from pipeline.typeset.fonts import font_path, register_file, register_fonts
from pipeline.typeset.single import puzzle_svg

THUMB = 96
"""Pixels across a thumbnail."""


def thumbnail(record: PuzzleRecord, *, large_print: bool, fonts: Fonts, width: int = THUMB) -> str:
    """A puzzle as the book draws it, `width` pixels across, as SVG markup."""
    return puzzle_svg(record.kind, registry.drawn(record), large_print=large_print, fonts=fonts, pixel_width=width)


@dataclass(frozen=True)
class Thumbnails:
    """Draws a run of records' thumbnails in any process (a build's workers): the book's fonts travel
    as their files and are registered where it runs."""

    large_print: bool
    fonts: Fonts
    files: tuple[tuple[str, str], ...]

    @classmethod
    def of(cls, book: BookSpec, fonts: Fonts) -> Thumbnails:
        names = (fonts.text, fonts.bold, fonts.number, fonts.given)
        return cls(book.large_print, fonts,
                   tuple((name, str(path.resolve())) for name in dict.fromkeys(names) if (path := font_path(name))))

    def __call__(self, records: Sequence[PuzzleRecord]) -> list[str]:
        register_fonts()
        for name, path in self.files:
            register_file(name, Path(path))
        return [thumbnail(record, large_print=self.large_print, fonts=self.fonts) for record in records]
