"""A box on a page, in points: where a drawing is asked to fit. Pure arithmetic."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Rect:
    """An axis-aligned box, origin at the bottom left as in PDF."""

    x: float
    y: float
    w: float
    h: float

    @property
    def right(self) -> float:
        return self.x + self.w

    @property
    def top(self) -> float:
        return self.y + self.h

    @property
    def cx(self) -> float:
        return self.x + self.w / 2

    def pdf_box(self) -> tuple[float, float, float, float]:
        """(x0, y0, x1, y1), as PDF page boxes are written."""
        return (self.x, self.y, self.right, self.top)
