"""An SVG canvas: the handful of reportlab Canvas calls the puzzle drawings make (pipeline/typeset/draw/),
written as SVG elements instead of PDF operators.

So `puzzlebook export --format svg`, the studio's views and report.html draw a puzzle with the book's
own drawing functions, not a second renderer: the drawings cannot tell the two canvases apart. Text
stays text, in the face the book uses (named by its family and weight); lines and cells stay
vectors. Coordinates are the PDF's points, bottom-left origin, turned into SVG's top-left ones here.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from xml.sax.saxutils import escape, quoteattr

from pipeline.typeset.fonts import font_family

Matrix = tuple[float, float, float, float, float, float]
IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
CAPS = ("butt", "round", "square")
JOINS = ("miter", "round", "bevel")


def _num(value: float) -> str:
    """A coordinate with two decimals at most (a hundredth of a point), no trailing zeros."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _grey(level: float) -> str:
    channel = round(max(0.0, min(1.0, level)) * 255)
    return f"#{channel:02x}{channel:02x}{channel:02x}"


@dataclass(frozen=True)
class _State:
    matrix: Matrix = IDENTITY
    fill: float = 0.0
    stroke: float = 0.0
    line_width: float = 1.0
    cap: int = 0
    join: int = 0
    font: str = "DejaVuSans"
    size: float = 10.0


class SvgPath:
    """What `beginPath` gives: moveTo, lineTo, curveTo (a cubic Bezier) and close, in the canvas's user
    space; each part is an SVG path command and its points."""

    def __init__(self) -> None:
        self.parts: list[tuple[str, tuple[float, ...]]] = []

    def moveTo(self, x: float, y: float) -> None:
        self.parts.append(("M", (x, y)))

    def lineTo(self, x: float, y: float) -> None:
        self.parts.append(("L", (x, y)))

    def curveTo(self, x1: float, y1: float, x2: float, y2: float, x3: float, y3: float) -> None:
        self.parts.append(("C", (x1, y1, x2, y2, x3, y3)))

    def close(self) -> None:
        self.parts.append(("Z", ()))


class SvgCanvas:
    """A page `width` x `height` points: the Canvas calls the drawings use, kept as SVG elements."""

    def __init__(self, width: float, height: float) -> None:
        self.width = width
        self.height = height
        self.state = _State()
        self.saved: list[_State] = []
        self.elements: list[tuple[str, str]] = []
        """(shared attributes, element): consecutive elements that share attributes go in one <g>."""
        self.fonts: set[tuple[str, int]] = set()

    # ---------------------------------------------------------------- state

    def saveState(self) -> None:
        self.saved.append(self.state)

    def restoreState(self) -> None:
        self.state = self.saved.pop()

    def translate(self, dx: float, dy: float) -> None:
        a, b, c, d, e, f = self.state.matrix
        self.state = replace(self.state, matrix=(a, b, c, d, a * dx + c * dy + e, b * dx + d * dy + f))

    def scale(self, sx: float, sy: float) -> None:
        a, b, c, d, e, f = self.state.matrix
        self.state = replace(self.state, matrix=(a * sx, b * sx, c * sy, d * sy, e, f))

    def setFillGray(self, level: float) -> None:
        self.state = replace(self.state, fill=level)

    def setStrokeGray(self, level: float) -> None:
        self.state = replace(self.state, stroke=level)

    def setLineWidth(self, width: float) -> None:
        self.state = replace(self.state, line_width=width)

    def setLineCap(self, cap: int) -> None:
        self.state = replace(self.state, cap=cap)

    def setLineJoin(self, join: int) -> None:
        self.state = replace(self.state, join=join)

    def setFont(self, name: str, size: float, leading: float | None = None) -> None:
        self.state = replace(self.state, font=name, size=size)

    # ---------------------------------------------------------------- geometry

    def _point(self, x: float, y: float) -> tuple[float, float]:
        """User space -> SVG space (y down from the top)."""
        a, b, c, d, e, f = self.state.matrix
        return a * x + c * y + e, self.height - (b * x + d * y + f)

    def _stroke_attributes(self) -> str:
        a, b, c, d, _, _ = self.state.matrix
        width = self.state.line_width * abs(a * d - b * c) ** 0.5
        cap = f' stroke-linecap="{CAPS[self.state.cap]}"' if self.state.cap else ""
        join = f' stroke-linejoin="{JOINS[self.state.join]}"' if self.state.join else ""
        return f'stroke="{_grey(self.state.stroke)}" stroke-width="{_num(width)}"{cap}{join}'

    def _path_data(self, parts: Sequence[tuple[str, tuple[float, ...]]]) -> str:
        out = []
        for op, values in parts:
            points = []
            for k in range(0, len(values), 2):
                px, py = self._point(values[k], values[k + 1])
                points.append(f"{_num(px)} {_num(py)}")
            out.append(op + " ".join(points))
        return "".join(out)

    def line(self, x1: float, y1: float, x2: float, y2: float) -> None:
        self.lines([(x1, y1, x2, y2)])

    def lines(self, segments: list[tuple[float, float, float, float]]) -> None:
        if not segments:
            return
        parts = [part for x1, y1, x2, y2 in segments for part in (("M", (x1, y1)), ("L", (x2, y2)))]
        self.elements.append((f'fill="none" {self._stroke_attributes()}', f'<path d="{self._path_data(parts)}"/>'))

    def rect(self, x: float, y: float, width: float, height: float, stroke: int = 1, fill: int = 0) -> None:
        path = SvgPath()
        path.moveTo(x, y)
        path.lineTo(x + width, y)
        path.lineTo(x + width, y + height)
        path.lineTo(x, y + height)
        path.close()
        self.drawPath(path, stroke=stroke, fill=fill)

    def beginPath(self) -> SvgPath:
        return SvgPath()

    def drawPath(self, path: SvgPath, stroke: int = 1, fill: int = 0) -> None:
        paint = f'fill="{_grey(self.state.fill)}"' if fill else 'fill="none"'
        lines = f" {self._stroke_attributes()}" if stroke else ""
        self.elements.append((f"{paint}{lines}", f'<path d="{self._path_data(path.parts)}"/>'))

    # ---------------------------------------------------------------- text

    def _text(self, x: float, y: float, text: str, anchor: str) -> None:
        family, weight = font_family(self.state.font)
        self.fonts.add((family, weight))
        a, b, c, d, e, f = self.state.matrix
        if (a, b, c, d) == (1.0, 0.0, 0.0, 1.0):
            px, py = self._point(x, y)
            where = f'x="{_num(px)}" y="{_num(py)}"'
        else:  # user space (x, y) with y up, as SVG's (u, v) with v down
            matrix = (a, -b, -c, d, a * x + c * y + e, self.height - (b * x + d * y + f))
            where = f'transform="matrix({" ".join(_num(v) if i > 3 else f"{v:.4g}" for i, v in enumerate(matrix))})"'
        shared = (f'font-family={quoteattr(family)} font-weight="{weight}" font-size="{_num(self.state.size)}"'
                  f' fill="{_grey(self.state.fill)}"{anchor}')
        self.elements.append((shared, f'<text {where} xml:space="preserve">{escape(text)}</text>'))

    def drawString(self, x: float, y: float, text: str) -> None:
        self._text(x, y, text, "")

    def drawCentredString(self, x: float, y: float, text: str) -> None:
        self._text(x, y, text, ' text-anchor="middle"')

    def drawRightString(self, x: float, y: float, text: str) -> None:
        self._text(x, y, text, ' text-anchor="end"')

    # ---------------------------------------------------------------- out

    def svg(self, *, title: str = "", pixel_width: float | None = None) -> str:
        """The whole picture as an SVG document; `pixel_width` sets its displayed width (default: its
        size in points)."""
        w, h = _num(self.width), _num(self.height)
        size = f'width="{w}pt" height="{h}pt"' if pixel_width is None else (
            f'width="{_num(pixel_width)}" height="{_num(pixel_width * self.height / self.width)}"')
        head = (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w} {h}" {size}>'
                f'<rect width="100%" height="100%" fill="#fff"/>')
        named = f"<title>{escape(title)}</title>" if title else ""
        return head + named + "".join(self._grouped()) + "</svg>"

    def _grouped(self) -> list[str]:
        """The elements, each run that shares its attributes inside one <g> carrying them (SVG's
        presentation attributes inherit), so a grid of numbers names its font once."""
        out: list[str] = []
        i = 0
        while i < len(self.elements):
            shared = self.elements[i][0]
            j = i
            while j < len(self.elements) and self.elements[j][0] == shared:
                j += 1
            out.append(f"<g {shared}>" + "".join(element for _, element in self.elements[i:j]) + "</g>")
            i = j
        return out
