"""What a PDF page paints and where, read from its content stream with pypdf: for the cover tests.

A small interpreter of the operators reportlab writes: the graphics state stack (q, Q, cm), paths
(re, m, l, c, v, y, h) and their painting (f, f*, S, B, ...), and text (BT, Tf, Tm, Td, TD, T*,
Tj, TJ, ', "). Each painted path or shown string becomes a Mark with its box in page coordinates.
A string's box is an upper bound (every glyph taken as wide as the font size), so a test that finds
no mark in an area has proved that nothing is drawn there.
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from typing import Any

from pypdf import PdfReader
from pypdf.generic import ContentStream

Matrix = tuple[float, float, float, float, float, float]
IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
PAINT = {b"f", b"F", b"f*", b"S", b"s", b"B", b"B*", b"b", b"b*"}
SHOW = {b"Tj", b"TJ", b"'", b'"'}


@dataclass(frozen=True)
class Mark:
    """One painted path or shown string: its bounding box (x0, y0, x1, y1) and, for text, the string."""

    box: tuple[float, float, float, float]
    text: str | None = None

    def overlaps(self, x0: float, y0: float, x1: float, y1: float) -> bool:
        a0, b0, a1, b1 = self.box
        return a0 < x1 and x0 < a1 and b0 < y1 and y0 < b1


def _times(m: Matrix, n: Matrix) -> Matrix:
    """m then n (PDF row-vector convention: [x y 1] * m * n)."""
    a, b, c, d, e, f = m
    p, q, r, s, t, u = n
    return (a * p + b * r, a * q + b * s, c * p + d * r, c * q + d * s, e * p + f * r + t, e * q + f * s + u)


def _apply(m: Matrix, x: float, y: float) -> tuple[float, float]:
    a, b, c, d, e, f = m
    return (a * x + c * y + e, b * x + d * y + f)


def _box(points: list[tuple[float, float]]) -> tuple[float, float, float, float]:
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return (min(xs), min(ys), max(xs), max(ys))


def _shown(operands: list, operator: bytes) -> str:
    if operator == b"TJ":
        return "".join(str(part) for part in operands[0] if not isinstance(part, (int, float)))
    return str(operands[-1])


def page_marks(reader: PdfReader, page_index: int = 0) -> list[Mark]:
    """Every mark painted on one page, in drawing order."""
    page = reader.pages[page_index]
    operations = ContentStream(page.get_contents(), reader).operations
    ctm, stack = IDENTITY, []
    path: list[tuple[float, float]] = []
    text_matrix = line_matrix = IDENTITY
    size = leading = 0.0
    marks: list[Mark] = []
    for operands, operator in operations:
        numbers = [float(x) for x in operands] if operator not in SHOW | {b"Tf"} else []
        if operator == b"q":
            stack.append(ctm)
        elif operator == b"Q":
            ctm = stack.pop()
        elif operator == b"cm":
            ctm = _times(tuple(numbers), ctm)  # type: ignore[arg-type]
        elif operator == b"re":
            x, y, w, h = numbers
            path += [_apply(ctm, x, y), _apply(ctm, x + w, y), _apply(ctm, x, y + h), _apply(ctm, x + w, y + h)]
        elif operator in (b"m", b"l", b"c", b"v", b"y"):
            path += [_apply(ctm, numbers[i], numbers[i + 1]) for i in range(0, len(numbers), 2)]
        elif operator in PAINT:
            if path:
                marks.append(Mark(_box(path)))
            path = []
        elif operator == b"n":
            path = []
        elif operator == b"BT":
            text_matrix = line_matrix = IDENTITY
        elif operator == b"Tf":
            size = float(operands[1])
        elif operator == b"TL":
            leading = numbers[0]
        elif operator == b"Tm":
            text_matrix = line_matrix = tuple(numbers)  # type: ignore[assignment]
        elif operator in (b"Td", b"TD"):
            if operator == b"TD":
                leading = -numbers[1]
            line_matrix = text_matrix = _times((1.0, 0.0, 0.0, 1.0, numbers[0], numbers[1]), line_matrix)
        elif operator == b"T*":
            line_matrix = text_matrix = _times((1.0, 0.0, 0.0, 1.0, 0.0, -leading), line_matrix)
        elif operator in SHOW:
            if operator in (b"'", b'"'):
                line_matrix = text_matrix = _times((1.0, 0.0, 0.0, 1.0, 0.0, -leading), line_matrix)
            text = _shown(operands, operator)
            room = _times(text_matrix, ctm)
            width = size * len(text)
            corners = [(0.0, -size * 0.3), (width, -size * 0.3), (0.0, size), (width, size)]
            marks.append(Mark(_box([_apply(room, x, y) for x, y in corners]), text))
    return marks


def shown_strings(pdf: bytes) -> list[tuple[str, float, float, str]]:
    """Every string the first page shows, as pypdf's text extraction reads it: (text, x, baseline,
    font name); for the drawing tests, which ask what a clue or number printed and in which face."""
    found: list[tuple[str, float, float, str]] = []

    def visit(text: str, cm: list[float], tm: list[float], font: Any, size: float) -> None:
        if text.strip():
            x, y = tm[4] * cm[0] + cm[4], tm[5] * cm[3] + cm[5]
            found.append((text.strip(), x, y, str(font.get("/BaseFont", "")) if font else ""))

    PdfReader(io.BytesIO(pdf)).pages[0].extract_text(visitor_text=visit)
    return found
