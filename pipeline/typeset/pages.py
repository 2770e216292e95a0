"""Draw each kind of page onto a reportlab canvas: title, contents, how-to-play, puzzle and answer pages,
plus the running heads and page numbers around them.

Every box comes from layout.py and every size from its Style; this module never plans which page
comes where (book.py does) and sets text only in the faces its Style names (style.fonts).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from reportlab.lib.utils import simpleSplit
from reportlab.pdfgen.canvas import Canvas

from pipeline.kinds.record import PuzzleRecord
from pipeline.i18n import ENGLISH, N_, Words
from pipeline.kinds import registry
from pipeline.drawing import label_height
from pipeline.typeset.fonts import text_width
from pipeline.typeset.howto import howto_notes
from pipeline.typeset.layout import Rect, Style, is_recto, slots

THE_PUZZLE = N_("The puzzle")
ITS_SOLUTION = N_("Its solution")
LEADING = 1.35
RULE_INK = 0.45
DETAIL_INK = 0.3
EXAMPLE_ZOOM = 1.4
"""The worked examples' cells may grow this much beyond a puzzle page's largest cell."""


def wrapped(text: str, font: str, size: float, width: float) -> list[str]:
    return simpleSplit(text, font, size, width)


def paragraph(canvas: Canvas, text: str, x: float, top: float, width: float, font: str, size: float) -> float:
    """Left-aligned wrapped text whose first line's top is `top`; returns the y just below it."""
    canvas.setFont(font, size)
    y = top
    for line in wrapped(text, font, size, width):
        y -= size * LEADING
        canvas.drawString(x, y + size * (LEADING - 1), line)
    return y


def paragraph_height(text: str, font: str, size: float, width: float) -> float:
    return len(wrapped(text, font, size, width)) * size * LEADING


def _fit(text: str, font: str, size: float, width: float) -> str:
    """`text`, cut with an ellipsis if it is wider than `width`."""
    if text_width(text, font, size) <= width:
        return text
    while text and text_width(text + "\u2026", font, size) > width:
        text = text[:-1]
    return text.rstrip() + "\u2026"


def header(canvas: Canvas, band: Rect, style: Style, *, heading: str = "", detail: str = "", running: str = "") -> None:
    """A part's first page: its heading large with a detail line; other pages: a small running head."""
    canvas.setFillGray(0)
    if heading:
        canvas.setFont(style.fonts.bold, style.heading)
        canvas.drawCentredString(band.cx, band.top - style.heading, _fit(heading, style.fonts.bold, style.heading, band.w))
        if detail:
            canvas.setFillGray(DETAIL_INK)
            canvas.setFont(style.fonts.text, style.label)
            canvas.drawCentredString(band.cx, band.y + style.label * 0.5, _fit(detail, style.fonts.text, style.label, band.w))
    elif running:
        canvas.setFillGray(DETAIL_INK)
        canvas.setFont(style.fonts.text, style.label)
        canvas.drawCentredString(band.cx, band.y + style.label * 0.9, _fit(running, style.fonts.text, style.label, band.w))
    canvas.setFillGray(0)
    canvas.setStrokeGray(RULE_INK)
    canvas.setLineWidth(0.75)
    canvas.line(band.x, band.y, band.right, band.y)
    canvas.setStrokeGray(0)


def folio(canvas: Canvas, band: Rect, page_number: int, style: Style) -> None:
    """The page number in the outside corner: right on a recto, left on a verso."""
    canvas.setFillGray(0)
    canvas.setFont(style.fonts.text, style.folio)
    y = band.y + style.folio * 0.3
    if is_recto(page_number):
        canvas.drawRightString(band.right, y, str(page_number))
    else:
        canvas.drawString(band.x, y, str(page_number))


def title_page(
    canvas: Canvas, frame: Rect, style: Style, *, title: str, subtitle: str, author: str, blurb: str
) -> None:
    """Title, subtitle, a rule and a one-line description as one block in the upper part; author near the foot."""
    # (what, text, font, size, grey): "text" lines, a "rule", or a "space" of `size` points
    block: list[tuple[str, str, str, float, float]] = []
    block += [("text", line, style.fonts.bold, style.title, 0.0) for line in wrapped(title, style.fonts.bold, style.title, frame.w)]
    block.append(("space", "", "", style.subtitle * 0.6, 0.0))
    block += [("text", line, style.fonts.text, style.subtitle, 0.0)
              for line in wrapped(subtitle, style.fonts.text, style.subtitle, frame.w)]
    block.append(("rule", "", "", style.body * 1.6, RULE_INK))
    block += [("text", line, style.fonts.text, style.body, DETAIL_INK) for line in wrapped(blurb, style.fonts.text, style.body, frame.w)]
    height = sum(size * 1.3 if what == "text" else size for what, _, _, size, _ in block)
    author_y = frame.y + frame.h * 0.15
    top = min(frame.top, max(frame.y + frame.h * 0.62 + height / 2, author_y + style.subtitle * 2 + height))
    y = top
    for what, text, font, size, grey in block:
        if what == "text":
            y -= size * 1.3
            canvas.setFillGray(grey)
            canvas.setFont(font, size)
            canvas.drawCentredString(frame.cx, y + size * 0.3, text)
            continue
        y -= size
        if what == "rule":
            canvas.setStrokeGray(grey)
            canvas.setLineWidth(0.75)
            canvas.line(frame.cx - frame.w * 0.2, y + size / 2, frame.cx + frame.w * 0.2, y + size / 2)
    if author:
        canvas.setFillGray(0)
        canvas.setFont(style.fonts.text, style.subtitle)
        canvas.drawCentredString(frame.cx, author_y, _fit(author, style.fonts.text, style.subtitle, frame.w))
    canvas.setFillGray(0)
    canvas.setStrokeGray(0)


def contents_entry_height(style: Style) -> float:
    return style.body * 1.5 + style.label * 2.0


def contents_page(canvas: Canvas, body: Rect, style: Style, entries: Sequence[tuple[str, str, int]]) -> None:
    """Each entry: its title, dot leaders and page number, with a detail line under it."""
    top = body.top - style.body * 0.5
    for title, detail, page_number in entries:
        number = str(page_number)
        number_w = text_width(number, style.fonts.text, style.body)
        shown = _fit(title, style.fonts.text, style.body, body.w - number_w - style.body * 2)
        y = top - style.body * 1.2
        canvas.setFillGray(0)
        canvas.setFont(style.fonts.text, style.body)
        canvas.drawString(body.x, y, shown)
        canvas.drawRightString(body.right, y, number)
        dot_w = text_width(". ", style.fonts.text, style.body)
        start = body.x + text_width(shown, style.fonts.text, style.body) + style.body * 0.5
        dots = int((body.right - number_w - style.body * 0.5 - start) / dot_w)
        if dots > 0:
            canvas.setFillGray(RULE_INK)
            canvas.drawRightString(body.right - number_w - style.body * 0.5, y, ". " * dots)
        if detail:
            canvas.setFillGray(DETAIL_INK)
            canvas.setFont(style.fonts.text, style.label)
            canvas.drawString(body.x, y - style.label * 1.5, _fit(detail, style.fonts.text, style.label, body.w))
        top -= contents_entry_height(style)
    canvas.setFillGray(0)


@dataclass(frozen=True)
class HowToPlan:
    """Where a how-to page's worked example goes, and which tips still fit around it."""

    tips: tuple[str, ...]
    example: Rect
    number_size: float


def plan_howto(body: Rect, style: Style, kind: str, answers_where: str, words: Words = ENGLISH) -> HowToPlan:
    """Fit the example between the rules and the notes, dropping tips (last first) if its numbers would
    be too small; the book refuses the page if they still are."""
    howto = registry.kind(kind).guide
    top = body.top - style.body * 0.5 - paragraph_height(words(howto.rules), style.fonts.text, style.body, body.w)
    zoomed = replace(style, max_cell=style.max_cell * EXAMPLE_ZOOM)
    half = (body.w - style.gap * 1.5) / 2
    notes = howto_notes(kind, answers_where, words)
    tips = [f"\u2022  {words(tip)}" for tip in howto.tips]
    while True:
        below = sum(paragraph_height(t, style.fonts.text, style.body, body.w) + style.body * 0.6 for t in [*tips, *notes])
        fit = registry.kind(kind).drawing.fit(howto.puzzle, Rect(0, 0, half, top - body.y - below - style.body * 3), zoomed)
        if fit.number_size >= style.min_number or not tips:
            break
        tips.pop()
    height = fit.rows * fit.cell + label_height(zoomed)
    return HowToPlan(tuple(tips), Rect(body.x, top - style.body * 1.5 - height, body.w, height), fit.number_size)


def howto_page(
    canvas: Canvas, body: Rect, style: Style, kind: str, answers_where: str, words: Words = ENGLISH
) -> None:
    """Rules, the worked example (puzzle and solution, with its path for the path kinds), tips and where
    the answers are."""
    howto = registry.kind(kind).guide
    plan = plan_howto(body, style, kind, answers_where, words)
    canvas.setFillGray(0)
    paragraph(canvas, words(howto.rules), body.x, body.top - style.body * 0.5, body.w, style.fonts.text, style.body)
    zoomed = replace(style, max_cell=style.max_cell * EXAMPLE_ZOOM)
    half = (body.w - style.gap * 1.5) / 2
    for i, (solution, label) in enumerate(((None, words(THE_PUZZLE)), (howto.solution, words(ITS_SOLUTION)))):
        box = Rect(plan.example.x + i * (plan.example.w - half), plan.example.y, half, plan.example.h)
        registry.kind(kind).drawing.draw(canvas, howto.puzzle, box, style=zoomed, solution=solution, label=label, example=True)
    y = plan.example.y - style.body * 1.5
    canvas.setFillGray(0)
    for text in [*plan.tips, *howto_notes(kind, answers_where, words)]:
        y = paragraph(canvas, text, body.x, y, body.w, style.fonts.text, style.body) - style.body * 0.6


def grids_page(
    canvas: Canvas,
    body: Rect,
    style: Style,
    per_page: int,
    items: Sequence[tuple[PuzzleRecord, str, str]],
    *,
    answers: bool,
) -> None:
    """Puzzles (or their answers) in the page's slots; each item is (record, label, note)."""
    for box, (record, label, note) in zip(slots(body, per_page, style.gap), items):
        draw = registry.kind(record.kind).drawing
        draw.draw(
            canvas, draw.bare(registry.drawn(record)) if answers else registry.drawn(record), box, style=style,
            solution=record.solution if answers else None, label=label, note=note,
        )

