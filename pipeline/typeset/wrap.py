"""A paperback's full-wrap cover in points: bleed, back, spine, front, and the areas text must keep to.

Pure arithmetic on the trim size, the page count and the paper, as print-on-demand services
publish it; it never draws and never imports reportlab.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from pipeline.typeset.layout import Rect

Paper = Literal["white", "cream", "color"]
POINTS_PER_INCH = 72.0
PAPER_INCHES: dict[str, float] = {"white": 0.002252, "cream": 0.0025, "color": 0.002347}
"""Thickness of one page (half a leaf) by paper, in inches: the spine is the page count times this."""
COVER_BLEED = 0.125 * POINTS_PER_INCH
"""Art runs this far past the trim on every side of the wrap."""
SAFE = 0.125 * POINTS_PER_INCH
"""Text keeps at least this far inside the trim (and off the spine folds, on the covers)."""
SPINE_FOLD_CLEARANCE = 0.0625 * POINTS_PER_INCH
"""Spine text keeps at least this far from each fold."""
SPINE_TEXT_MIN_PAGES = 80
"""Services print spine text only on books of more than 79 pages: thinner spines cannot hold it."""
BARCODE_W = 2.0 * POINTS_PER_INCH
BARCODE_H = 1.2 * POINTS_PER_INCH
BARCODE_INSET = 0.25 * POINTS_PER_INCH
"""The service prints its barcode in a 2 x 1.2 in box, 0.25 in in from the back's bottom trim and the spine."""


def spine_width(pages: int, paper: str) -> float:
    """The spine's width in points for `pages` pages of `paper`."""
    return pages * PAPER_INCHES[paper] * POINTS_PER_INCH


@dataclass(frozen=True)
class Wrap:
    """One cover's geometry: the media (bleed included) and every panel on it, bottom-left origin."""

    trim_w: float
    trim_h: float
    spine: float
    bleed: float = COVER_BLEED

    @property
    def media(self) -> tuple[float, float]:
        """Width = bleed + back + spine + front + bleed; height = trim height + 2 x bleed."""
        return (2 * self.bleed + 2 * self.trim_w + self.spine, self.trim_h + 2 * self.bleed)

    @property
    def trim(self) -> Rect:
        """The finished cover, opened flat: back, spine and front."""
        return Rect(self.bleed, self.bleed, 2 * self.trim_w + self.spine, self.trim_h)

    @property
    def back(self) -> Rect:
        return Rect(self.bleed, self.bleed, self.trim_w, self.trim_h)

    @property
    def spine_panel(self) -> Rect:
        return Rect(self.bleed + self.trim_w, self.bleed, self.spine, self.trim_h)

    @property
    def front(self) -> Rect:
        return Rect(self.bleed + self.trim_w + self.spine, self.bleed, self.trim_w, self.trim_h)

    @property
    def barcode(self) -> Rect:
        """The area the service keeps for its barcode: nothing may be drawn there."""
        back = self.back
        return Rect(back.right - BARCODE_INSET - BARCODE_W, back.y + BARCODE_INSET, BARCODE_W, BARCODE_H)

    def safe(self, panel: Rect) -> Rect:
        """`panel` less SAFE on every side: where its text may go."""
        return Rect(panel.x + SAFE, panel.y + SAFE, panel.w - 2 * SAFE, panel.h - 2 * SAFE)

    @property
    def spine_text_area(self) -> Rect | None:
        """Where spine text may go (SPINE_FOLD_CLEARANCE off each fold, SAFE off the trim), or None
        when the spine is too thin to hold any."""
        panel = self.spine_panel
        width = panel.w - 2 * SPINE_FOLD_CLEARANCE
        if width <= 0:
            return None
        return Rect(panel.x + SPINE_FOLD_CLEARANCE, panel.y + SAFE, width, panel.h - 2 * SAFE)


def wrap(trim_w: float, trim_h: float, pages: int, paper: str) -> Wrap:
    """The cover of a book of `pages` pages of `paper` with a trim of `trim_w` x `trim_h` points."""
    return Wrap(trim_w, trim_h, spine_width(pages, paper))


def has_spine_text(pages: int) -> bool:
    return pages >= SPINE_TEXT_MIN_PAGES
