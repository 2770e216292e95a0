"""Page geometry in points: trim and bleed, mirrored margins, header/body/footer bands, puzzle slots,
and the type sizes and line weights of an edition.

Pure arithmetic on numbers from the BookSpec; it never draws. The editions' styles measure text with
the typesetter's font metrics (fonts.text_width).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from pipeline.bookspec import PageSpec, length_points
from pipeline.drawing.faces import DEFAULT_FONTS, Fonts
from pipeline.drawing.rect import Rect
from pipeline.drawing.style import Style
from pipeline.typeset.fonts import text_width

BLEED = 9.0
"""0.125in past the trim on the top, bottom and outside edges; none at the spine (print-on-demand rule)."""
MIN_PAGES = 24
"""The print service's smallest paperback; books are padded up to it and to an even count."""
MAX_PAGES = 828
"""The print service's thickest paperback; its gutter is the widest."""
MIN_TEXT = 7.0
MIN_LINE = 0.75
SLOT_GRIDS = {1: (1, 1), 2: (1, 2), 4: (2, 2), 6: (2, 3), 9: (3, 3), 12: (3, 4)}
"""Items per page -> (columns, rows)."""


REGULAR = Style(title=30, subtitle=16, heading=16, body=11, label=9, folio=9, number_share=0.5,
                min_number=MIN_TEXT, min_answer=MIN_TEXT, max_cell=42, thin=MIN_LINE, thick=1.75, gap=16,
                measure=text_width)
LARGE_PRINT = Style(title=36, subtitle=20, heading=20, body=14, label=12, folio=12, number_share=0.62,
                    min_number=12, min_answer=9, max_cell=60, thin=1.0, thick=2.25, gap=20,
                    measure=text_width)


def style_for(large_print: bool, fonts: Fonts = DEFAULT_FONTS) -> Style:
    return replace(LARGE_PRINT if large_print else REGULAR, fonts=fonts)


def padded_page_count(pages: int) -> int:
    """At least MIN_PAGES and even, so the last leaf is whole."""
    pages = max(pages, MIN_PAGES)
    return pages + pages % 2


def is_recto(page_number: int) -> bool:
    """Odd pages (1-based) are right-hand pages: the spine is on their left."""
    return page_number % 2 == 1


@dataclass(frozen=True)
class Geometry:
    """One book's page geometry; the gutter depends on the final page count, so build it after planning."""

    trim_w: float
    trim_h: float
    bleed: float
    inside: float
    outside: float
    top: float
    bottom: float

    @property
    def media(self) -> tuple[float, float]:
        """The PDF page size: the trim plus bleed on the outside edge, top and bottom."""
        return (self.trim_w + self.bleed, self.trim_h + 2 * self.bleed)

    def trim(self, page_number: int) -> Rect:
        """The finished page inside the media: flush with the spine edge, bleed beyond the others."""
        x = 0.0 if is_recto(page_number) else self.bleed
        return Rect(x, self.bleed, self.trim_w, self.trim_h)

    def frame(self, page_number: int) -> Rect:
        """The live area inside the margins, the gutter on the spine side (mirrored left/right)."""
        trim = self.trim(page_number)
        left, right = (self.inside, self.outside) if is_recto(page_number) else (self.outside, self.inside)
        return Rect(trim.x + left, trim.y + self.bottom, trim.w - left - right, trim.h - self.top - self.bottom)


def geometry(page: PageSpec, page_count: int) -> Geometry:
    width, height = page.trim_points()
    return Geometry(
        trim_w=width,
        trim_h=height,
        bleed=BLEED if page.bleed else 0.0,
        inside=page.gutter_points(page_count),
        outside=length_points(page.outside),
        top=length_points(page.top),
        bottom=length_points(page.bottom),
    )


@dataclass(frozen=True)
class Bands:
    """A frame split into a header (titles, running head), a body and a footer (page number)."""

    header: Rect
    body: Rect
    footer: Rect


def bands(frame: Rect, style: Style) -> Bands:
    """Header on top, then half a gap of air above the body, the footer at the foot."""
    header_h = style.heading * 2.0
    footer_h = style.folio * 2.2
    air = style.gap / 2
    return Bands(
        header=Rect(frame.x, frame.top - header_h, frame.w, header_h),
        body=Rect(frame.x, frame.y + footer_h, frame.w, frame.h - header_h - air - footer_h),
        footer=Rect(frame.x, frame.y, frame.w, footer_h),
    )


def slots(body: Rect, count: int, gap: float) -> list[Rect]:
    """`count` equal boxes filling `body`, `gap` apart, in reading order (rows from the top)."""
    cols, rows = SLOT_GRIDS[count]
    w = (body.w - gap * (cols - 1)) / cols
    h = (body.h - gap * (rows - 1)) / rows
    return [
        Rect(body.x + c * (w + gap), body.top - (r + 1) * h - r * gap, w, h)
        for r in range(rows)
        for c in range(cols)
    ]
