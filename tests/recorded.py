"""A fake reportlab canvas that records where a drawing puts things: for the draw tests that check
everything drawn lies inside the board that fit and extent measure.

Recorder stands in for a Surface and keeps the box of every string and stroked line drawn, in page
points, as (text, x0, y0, x1, y1) ("" for a line). Translate and scale are the only transforms a
drawing uses here, so the current transform is (sx, sy, tx, ty). A string's box is its measured
width in the current font, from 0.24 of the size below the baseline to 0.93 above; a line's box
reaches half the line width past its ends and sides. Setters it does not track (greys, caps,
joins) change no place and are accepted and ignored; any other missing method is an error.

A test needing more (fills, strokes, crosses, ...) subclasses it and extends _text, line or the
state saved by saveState.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pipeline.drawing import Style

Transform = tuple[float, float, float, float]
"""sx, sy, tx, ty: page point = (tx + sx * x, ty + sy * y)."""
Box = tuple[str, float, float, float, float]
"""(text, x0, y0, x1, y1) in page points; text "" for a line."""


class Recorder:
    """A Surface that keeps the box of every line and string drawn, in page points (translate and
    scale are the only transforms a drawing uses here)."""

    def __init__(self, style: Style) -> None:
        self.style = style
        self.matrix: Transform = (1.0, 1.0, 0.0, 0.0)  # sx, sy, tx, ty
        self.stack: list[Transform] = []
        self.font, self.size, self.width = "", 0.0, 0.0
        self.boxes: list[Box] = []

    def _at(self, x: float, y: float) -> tuple[float, float]:
        sx, sy, tx, ty = self.matrix
        return tx + sx * x, ty + sy * y

    def saveState(self) -> None:
        self.stack.append(self.matrix)

    def restoreState(self) -> None:
        self.matrix = self.stack.pop()

    def translate(self, dx: float, dy: float) -> None:
        sx, sy, tx, ty = self.matrix
        self.matrix = (sx, sy, tx + sx * dx, ty + sy * dy)

    def scale(self, x: float, y: float) -> None:
        sx, sy, tx, ty = self.matrix
        self.matrix = (sx * x, sy * y, tx, ty)

    def setFont(self, psfontname: str, size: float, leading: float | None = None) -> None:
        self.font, self.size = psfontname, size

    def setLineWidth(self, width: float) -> None:
        self.width = width

    def _text(self, text: str, x: float, y: float, anchor: float) -> Box:
        """Record a string drawn at x, y, `anchor` of its width left of x; its box."""
        width = self.style.measure(text, self.font, self.size)
        x0, y0 = self._at(x - anchor * width, y - 0.24 * self.size)
        x1, y1 = self._at(x + (1 - anchor) * width, y + 0.93 * self.size)
        box = (text, x0, y0, x1, y1)
        self.boxes.append(box)
        return box

    def drawString(self, x: float, y: float, text: str, *args: Any, **kwargs: Any) -> None:
        self._text(text, x, y, 0.0)

    def drawCentredString(self, x: float, y: float, text: str, *args: Any, **kwargs: Any) -> None:
        self._text(text, x, y, 0.5)

    def drawRightString(self, x: float, y: float, text: str, *args: Any, **kwargs: Any) -> None:
        self._text(text, x, y, 1.0)

    def lines(self, linelist: Sequence[tuple[float, float, float, float]]) -> None:
        for x0, y0, x1, y1 in linelist:
            self.line(x0, y0, x1, y1)

    def line(self, x1: float, y1: float, x2: float, y2: float) -> None:
        (a, b), (c, d) = self._at(x1, y1), self._at(x2, y2)
        half = self.width / 2
        self.boxes.append(("", min(a, c) - half, min(b, d) - half, max(a, c) + half, max(b, d) + half))

    def __getattr__(self, name: str) -> Any:  # greys, caps and joins change no place
        if name.startswith("set"):
            return lambda *args, **kwargs: None
        raise AttributeError(name)
