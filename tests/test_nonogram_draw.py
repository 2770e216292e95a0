"""Drawing nonograms (pipeline/kinds/nonogram/draw.py): boards made from pictures drawn on real PDF
pages through the book's own fonts and read back with pypdf; every clue number printed once, in its
clue cell ("0" for an empty line); everything drawn inside the board that fit and extent measure; a
blank board without numbers; an answer the filled picture without clues; heavier lines every 5
cells; a box too small for legible clue numbers refused by the page-fit check's measure."""

from __future__ import annotations

import io
import random
import re
from collections.abc import Sequence
from typing import Any

import pytest
from reportlab.pdfgen.canvas import Canvas

from pipeline.drawing import Drawing, Rect, Style, label_height
from pipeline.kinds.nonogram import draw
from pipeline.kinds.nonogram.draw import (
    Bare,
    bands,
    clue_texts,
    draw_nonogram,
    fit_nonogram,
    is_blank,
    nonogram_bare,
    nonogram_centres,
    nonogram_extent,
)
from pipeline.kinds.nonogram.puzzle import EMPTY, FILLED, UNKNOWN, Nonogram, Picture, puzzle_of
from pipeline.typeset.fonts import register_fonts
from pipeline.typeset.layout import slots, style_for
from pipeline.typeset.svgcanvas import SvgCanvas
from tests import recorded
from tests.pdfmarks import shown_strings

SIX_BY_NINE = Rect(43, 70, 346, 500)
"""A 6x9 page's body, one puzzle a page."""
HALF = Rect(43, 70, 346, 242)
"""Half of it: two puzzles a page."""
LETTER = Rect(36, 54, 540, 684)
"""A letter page's body."""


def _picture(width: int, height: int, seed: int) -> Picture:
    """A picture of random cells with its first row and last column left empty (their clues print "0")
    and its third row full but for that column (a two-digit clue from 11 cells on)."""
    rng = random.Random(seed)
    rows = [["#" if rng.random() < 0.55 else "." for _ in range(width)] for _ in range(height)]
    rows[0] = ["."] * width
    rows[min(2, height - 1)] = ["#"] * width
    for row in rows:
        row[-1] = "."
    return tuple("".join(row) for row in rows)


def _blobs(width: int, height: int, seed: int, count: int) -> Picture:
    """A picture of overlapping discs (a cell filled inside an odd number of them): runs as long as a
    drawn picture's, so its clues are as many as a real puzzle's."""
    rng = random.Random(seed)
    discs = [(rng.uniform(0, width), rng.uniform(0, height), rng.uniform(2, min(width, height) / 3))
             for _ in range(count)]
    return tuple("".join(FILLED if sum((c + 0.5 - x) ** 2 + (r + 0.5 - y) ** 2 < radius ** 2
                                       for x, y, radius in discs) % 2 else EMPTY for c in range(width))
                 for r in range(height))


TEN = _picture(10, 10, 1)
WIDE = _picture(20, 15, 2)
HUGE = _blobs(40, 40, 11, 25)
HINTS = ((1, 1), (2, 3), (4, 0), (0, 5))
"""Cells printed as hints: (0, 5) is empty (row 0 is), (2, 3) filled (row 2 is)."""


def _blank(width: int, height: int) -> Nonogram:
    return Nonogram(((),) * height, ((),) * width, (UNKNOWN * width,) * height)


@pytest.fixture(scope="module")
def style() -> Style:
    register_fonts()
    return style_for(False)


# ------------------------------------------------------------------------------------ on a PDF page


def _pdf(board: Nonogram, box: Rect, style: Style, solution: Sequence[str] | None = None, label: str = "") -> bytes:
    canvas = Canvas(io.BytesIO(), pagesize=(box.right + 30, box.top + 30), invariant=1,
                    initialFontName=style.fonts.text, pageCompression=1)
    draw_nonogram(canvas, board, box, style=style, solution=solution, label=label, note="Easy" if label else "")
    canvas.showPage()
    return bytes(canvas.getpdfdata())


def _expected(board: Nonogram, box: Rect, style: Style) -> list[tuple[str, float, float]]:
    """Every clue number and its clue cell's centre: rows right-aligned against the grid, columns
    bottom-aligned on it."""
    cell, centres = nonogram_centres(board, box, style, labelled=False)
    left, top = centres[(0, 0)][0] - cell / 2, centres[(0, 0)][1] + cell / 2
    out = []
    for r, clue in enumerate(board.rows):
        texts = clue_texts(clue)
        out += [(text, left - (len(texts) - k - 0.5) * cell, centres[(r, 0)][1]) for k, text in enumerate(texts)]
    for c, clue in enumerate(board.cols):
        texts = clue_texts(clue)
        out += [(text, centres[(0, c)][0], top + (len(texts) - k - 0.5) * cell) for k, text in enumerate(texts)]
    return out


@pytest.mark.parametrize("picture, box", [(TEN, SIX_BY_NINE), (TEN, HALF), (WIDE, SIX_BY_NINE), (WIDE, HALF),
                                          (HUGE, LETTER)])
def test_every_clue_number_prints_once_in_its_clue_cell(picture: Picture, box: Rect, style: Style) -> None:
    board = puzzle_of(picture, HINTS)
    strings = shown_strings(_pdf(board, box, style))
    expected = _expected(board, box, style)
    assert len(strings) == len(expected) == sum(len(clue_texts(clue)) for clue in (*board.rows, *board.cols))
    cell = fit_nonogram(board, box, style, labelled=False).cell
    unmatched = list(strings)
    for text, cx, cy in expected:
        here = [s for s in unmatched if s[0] == text and cx - cell / 2 < s[1] < cx and cy - cell / 2 < s[2] < cy]
        assert len(here) == 1, (text, cx, cy)
        unmatched.remove(here[0])
    assert all("Bold" in font for *_, font in strings)  # the given face, as a puzzle's printed numbers


def test_an_empty_line_prints_0_and_a_long_one_its_two_digits(style: Style) -> None:
    board = puzzle_of(WIDE)
    assert board.rows[0] == () and board.cols[-1] == () and board.rows[2] == (19,)
    assert clue_texts(()) == ("0",) and clue_texts((3, 1)) == ("3", "1")
    shown = [text for text, *_ in shown_strings(_pdf(board, SIX_BY_NINE, style))]
    assert shown.count("0") == sum(1 for clue in (*board.rows, *board.cols) if not clue) >= 2
    assert "19" in shown


def test_two_digit_numbers_fit_their_clue_cell(style: Style) -> None:
    """The type is set for the widest number the board's lines allow, narrowed at most to
    MOST_CONDENSED, and every number drawn stays within CLUE_WIDTH of its cell."""
    from pipeline.drawing.grid import MOST_CONDENSED

    for picture, box in ((WIDE, HALF), (HUGE, LETTER), (TEN, SIX_BY_NINE)):
        board = puzzle_of(picture)
        fit = fit_nonogram(board, box, style)
        widest = style.measure(str(max(board.width, board.height)), style.fonts.given, fit.number_size)
        assert widest * MOST_CONDENSED <= fit.cell * draw.CLUE_WIDTH + 1e-6
        assert fit.number_size <= fit.cell * draw.CLUE_SHARE + 1e-9
        surface = Recorder(style)
        draw_nonogram(surface, board, box, style=style, label="Puzzle 1")
        numbers = [(text, x0, x1) for text, x0, _, x1, _ in surface.texts if text.isdigit()]
        assert len(numbers) == sum(len(clue_texts(clue)) for clue in (*board.rows, *board.cols))
        for text, x0, x1 in numbers:
            assert x1 - x0 <= fit.cell * draw.CLUE_WIDTH + 1e-6, text


def test_a_blank_board_draws_no_numbers_and_measures_the_widest_clues(style: Style) -> None:
    for width, height in ((10, 10), (20, 15), (15, 20), (5, 7)):
        blank = _blank(width, height)
        assert is_blank(blank)
        assert bands(blank) == ((width + 1) // 2, (height + 1) // 2)
        assert nonogram_extent(blank) == (width + (width + 1) // 2, height + (height + 1) // 2)
        assert shown_strings(_pdf(blank, SIX_BY_NINE, style)) == []
        assert _read(_pdf(blank, SIX_BY_NINE, style, label="Puzzle 1")) == "Puzzle 1 Easy"
    # no puzzle of the size needs more room than the blank board planned for it
    for seed in range(5):
        board = puzzle_of(_picture(20, 15, seed))
        blank_across, blank_down = nonogram_extent(_blank(20, 15))
        across, down = nonogram_extent(board)
        assert across <= blank_across and down <= blank_down


def _read(pdf: bytes) -> str:
    return re.sub(r"\s+", " ", " ".join(text for text, *_ in shown_strings(pdf)))


def test_the_extent_counts_the_bands_in_cells(style: Style) -> None:
    for picture in (TEN, WIDE, HUGE):
        board = puzzle_of(picture)
        wide = max(len(clue_texts(clue)) for clue in board.rows)
        tall = max(len(clue_texts(clue)) for clue in board.cols)
        assert bands(board) == (wide, tall)
        assert nonogram_extent(board) == (board.width + wide, board.height + tall)
        assert nonogram_extent(nonogram_bare(board)) == (board.width, board.height)
        fit = fit_nonogram(board, SIX_BY_NINE, style)
        assert fit.extent == nonogram_extent(board) and fit.rows == board.height + tall


def test_a_page_sized_for_the_puzzle_alone_draws_it_at_that_size(style: Style) -> None:
    """single.alone sizes a page from `extent`: the drawing fills it."""
    for board in (puzzle_of(WIDE), nonogram_bare(puzzle_of(WIDE)), _blank(12, 9)):
        across, down = nonogram_extent(board)
        box = Rect(6, 6, across * 20, down * 20 + label_height(style))
        assert fit_nonogram(board, box, style).cell == pytest.approx(20)


def test_an_answer_draws_the_filled_picture_and_no_clues(style: Style) -> None:
    board = puzzle_of(WIDE, HINTS)
    bare = nonogram_bare(board)
    assert isinstance(bare, Bare) and nonogram_bare(bare) is bare and bare.givens == board.givens
    assert bare != board and bands(bare) == (0, 0)
    assert shown_strings(_pdf(bare, SIX_BY_NINE, style, solution=WIDE)) == []
    cell, centres = nonogram_centres(bare, SIX_BY_NINE, style, labelled=False)
    surface = Recorder(style)
    draw_nonogram(surface, bare, SIX_BY_NINE, style=style, solution=WIDE)
    black = {_cell_at(centres, cell, x + w / 2, y + h / 2) for x, y, w, h, grey in surface.fills if grey == 0}
    assert black == {(r, c) for r, row in enumerate(WIDE) for c, mark in enumerate(row) if mark == FILLED}
    assert not surface.crosses  # the picture says it all
    assert all(grey == 0 for *_, grey in surface.fills)  # no band shading
    # the bare grid prints larger than the clued board, and reads by its cells
    fit = fit_nonogram(bare, SIX_BY_NINE, style)
    assert fit.cell > fit_nonogram(board, SIX_BY_NINE, style).cell
    assert fit.reads == "cells" and fit.number_size * fit.scale == pytest.approx(fit.cell)


def test_cover_art_draws_a_bare_board_with_its_clues(style: Style) -> None:
    """A cover draws the bare board without an answer: its clues and grid, as the puzzle page does (an
    empty grid alone would show nothing of a nonogram); an answer's bare board still prints no clue."""
    board = puzzle_of(TEN)
    cover = shown_strings(_pdf(nonogram_bare(board), HALF, style))
    assert sorted(text for text, *_ in cover) == sorted(text for text, *_ in shown_strings(_pdf(board, HALF, style)))
    assert len(cover) == sum(len(clue_texts(clue)) for clue in (*board.rows, *board.cols))
    assert shown_strings(_pdf(nonogram_bare(board), HALF, style, solution=TEN)) == []


def test_a_worked_example_shows_its_clues_and_the_picture(style: Style) -> None:
    """The how-to page draws the clued board with its solution: clues and the filled picture."""
    board = puzzle_of(TEN)
    strings = shown_strings(_pdf(board, HALF, style, solution=TEN))
    assert len(strings) == sum(len(clue_texts(clue)) for clue in (*board.rows, *board.cols))
    surface = Recorder(style)
    draw_nonogram(surface, board, HALF, style=style, solution=TEN, example=True)
    assert sum(grey == 0 for *_, grey in surface.fills) == sum(row.count(FILLED) for row in TEN)


def test_something_else_passed_as_an_answer_draws_no_picture(style: Style) -> None:
    board = puzzle_of(TEN)
    for solution in ("#" * 10, TEN[:5], [row[:5] for row in TEN]):
        surface = Recorder(style)
        draw_nonogram(surface, nonogram_bare(board), SIX_BY_NINE, style=style, solution=solution)
        assert not [fill for fill in surface.fills if fill[-1] == 0]


def _cell_at(centres: dict[tuple[int, int], tuple[float, float]], cell: float, x: float, y: float) -> tuple[int, int]:
    (r, c), (cx, cy) = min(centres.items(), key=lambda item: abs(item[1][0] - x) + abs(item[1][1] - y))
    assert abs(cx - x) < cell / 10 and abs(cy - y) < cell / 10
    return r, c


def test_hints_print_filled_black_and_empty_crossed_in_their_cells(style: Style) -> None:
    board = puzzle_of(WIDE, HINTS)
    assert {(r, c): mark for r, c, mark in board.hints} == {(1, 1): WIDE[1][1], (2, 3): FILLED, (4, 0): WIDE[4][0],
                                                           (0, 5): EMPTY}
    cell, centres = nonogram_centres(board, SIX_BY_NINE, style)
    surface = Recorder(style)
    draw_nonogram(surface, board, SIX_BY_NINE, style=style, label="Puzzle 1", note="Easy")
    black = [_cell_at(centres, cell, x + w / 2, y + h / 2) for x, y, w, h, grey in surface.fills if grey == 0]
    assert sorted(black) == sorted((r, c) for r, c, mark in board.hints if mark == FILLED)
    crossed = {_cell_at(centres, cell, (x0 + x1) / 2, (y0 + y1) / 2) for x0, y0, x1, y1 in surface.crosses}
    assert crossed == {(r, c) for r, c, mark in board.hints if mark == EMPTY}


# ------------------------------------------------------------------------------------ measures


def test_a_box_too_small_prints_clue_numbers_too_small_and_says_so(style: Style) -> None:
    """The page-fit check (typeset.plan) refuses a page whose fit has number_size below the least:
    the clue numbers' type, named 'clue numbers' in its message."""
    board = puzzle_of(HUGE)
    for box in (HALF, SIX_BY_NINE, slots(LETTER, 2, style.gap)[0]):
        small = fit_nonogram(board, box, style)
        assert small.reads == "clue numbers" and small.number_size < style.min_number
        assert "40x40 nonogram" in small.board
    roomy = fit_nonogram(board, LETTER, style)
    assert roomy.number_size >= style.min_number
    assert fit_nonogram(puzzle_of(WIDE), HALF, style).number_size >= style.min_number
    # large print asks for larger numbers: the same box is refused
    large = style_for(True)
    assert fit_nonogram(puzzle_of(WIDE), HALF, large).number_size < large.min_number
    assert fit_nonogram(puzzle_of(TEN), SIX_BY_NINE, large).number_size >= large.min_number
    # a blank board is measured as its widest clues: never roomier than the puzzle it stands for
    assert fit_nonogram(_blank(40, 40), LETTER, style).number_size <= roomy.number_size


def test_the_page_fit_check_refuses_a_box_too_small(style: Style, monkeypatch: pytest.MonkeyPatch) -> None:
    """Through typeset.plan's own check, with the drawing standing in for the kind's."""
    from pipeline.errors import PuzzleBookError
    from pipeline.typeset import plan

    board = puzzle_of(HUGE)
    drawing = Drawing(fit_nonogram, draw_nonogram, nonogram_extent, nonogram_centres, nonogram_bare,
                      board=lambda grid, fields: board)

    class Stand:
        name = "nonogram"

    stand: Any = Stand()
    stand.drawing = drawing
    monkeypatch.setattr(plan.registry, "kind", lambda name: stand)
    record: Any = type("Record", (), {"kind": "nonogram", "grid": [], "fields": {}, "section": "Giant",
                                      "section_index": 0})()
    book: Any = type("Book", (), {"large_print": False, "language": "en"})()
    geo = plan.geometry(_page_spec(), plan.MIN_PAGES)
    for per_page, refused in ((1, False), (2, True)):
        page = plan.Page("puzzles", items=(0,), per_page=per_page)
        if refused:
            with pytest.raises(PuzzleBookError, match="would print its clue numbers at"):
                plan.check_page_fit(book, [record], page, 1, geo, style)
        else:
            plan.check_page_fit(book, [record], page, 1, geo, style)


def _page_spec() -> Any:
    from pipeline.bookspec import PageSpec

    return PageSpec()


# ------------------------------------------------------------------------------------ inside the board


class Recorder(recorded.Recorder):
    """The boxes of every string and line drawn, and beyond them: the strings in the given face, the
    fills, the strokes and the round-cap crosses (fill and stroke grey and the cap saved and restored
    with the transform)."""

    def __init__(self, style: Style) -> None:
        super().__init__(style)
        self.inks: list[tuple[float, float, int]] = []
        """(fill, stroke, cap) saved with each transform on the stack."""
        self.fill, self.stroke, self.cap = 0.0, 0.0, 0
        self.texts: list[recorded.Box] = []
        self.fills: list[tuple[float, float, float, float, float]] = []
        self.strokes: list[tuple[float, float, float, float, float, float]] = []
        """(x0, y0, x1, y1, width, grey) of every line and rectangle side stroked."""
        self.crosses: list[tuple[float, float, float, float]] = []

    def saveState(self) -> None:
        super().saveState()
        self.inks.append((self.fill, self.stroke, self.cap))

    def restoreState(self) -> None:
        super().restoreState()
        self.fill, self.stroke, self.cap = self.inks.pop()

    def setFillGray(self, gray: float, alpha: float | None = None) -> None:
        self.fill = gray

    def setStrokeGray(self, gray: float, alpha: float | None = None) -> None:
        self.stroke = gray

    def setLineCap(self, mode: int) -> None:
        self.cap = mode

    def _text(self, text: str, x: float, y: float, anchor: float) -> recorded.Box:
        box = super()._text(text, x, y, anchor)
        if self.font == self.style.fonts.given:
            self.texts.append(box)
        return box

    def line(self, x1: float, y1: float, x2: float, y2: float) -> None:
        super().line(x1, y1, x2, y2)
        (a, b), (c, d) = self._at(x1, y1), self._at(x2, y2)
        self.strokes.append((a, b, c, d, self.width, self.stroke))
        if self.cap == 1:  # only the crosses are drawn with round caps
            self.crosses.append((a, b, c, d))

    def rect(self, x: float, y: float, width: float, height: float, stroke: int = 1, fill: int = 0) -> None:
        (a, b), (c, d) = self._at(x, y), self._at(x + width, y + height)
        if fill:
            self.fills.append((a, b, c - a, d - b, self.fill))
            self.boxes.append(("", a, b, c, d))
        if stroke:
            for side in ((x, y, x + width, y), (x, y + height, x + width, y + height), (x, y, x, y + height),
                         (x + width, y, x + width, y + height)):
                self.line(*side)


BOARDS = {"10x10": puzzle_of(TEN, HINTS), "20x15": puzzle_of(WIDE, HINTS), "40x40": puzzle_of(HUGE),
          "blank": _blank(20, 15), "answer": nonogram_bare(puzzle_of(WIDE, HINTS))}
BOXES = {"6x9": SIX_BY_NINE, "half": HALF, "letter": LETTER, "wide": Rect(30, 30, 540, 200),
         "tall": Rect(30, 30, 150, 560)}


@pytest.mark.parametrize("box", list(BOXES))
@pytest.mark.parametrize("case", list(BOARDS))
def test_everything_drawn_lies_in_the_board_fit_and_extent_measure(case: str, box: str, style: Style) -> None:
    """As placement.spot reckons the drawn board: extent x cell, the label line above, centred in the box."""
    board = BOARDS[case]
    solution = WIDE if case == "answer" else None
    area = BOXES[box]
    fit = fit_nonogram(board, area, style)
    across, down = fit.extent or nonogram_extent(board)
    width, height = across * fit.cell, down * fit.cell + label_height(style)
    drawn = Rect(area.cx - width / 2, area.y + (area.h - height) / 2, width, height)
    assert drawn.x >= area.x - 1e-6 and drawn.right <= area.right + 1e-6
    assert drawn.y >= area.y - 1e-6 and drawn.top <= area.top + 1e-6
    surface = Recorder(style)
    draw_nonogram(surface, board, area, style=style, solution=solution, label="Puzzle 12", note="Easy")
    reach = style.thick / 2 + 1e-6  # the outline's half width
    assert len(surface.boxes) > 20
    for text, x0, y0, x1, y1 in surface.boxes:
        assert drawn.x - reach <= x0 and x1 <= drawn.right + reach, text
        assert drawn.y - reach <= y0 and y1 <= drawn.top + reach, text
    cell, centres = nonogram_centres(board, area, style)
    assert cell == fit.cell and len(centres) == board.width * board.height
    # the grid's cells sit at the board's bottom right, the bands above and left of them
    wide, tall = bands(board)
    assert centres[(0, 0)] == pytest.approx((drawn.x + (wide + 0.5) * cell, drawn.top - label_height(style)
                                             - (tall + 0.5) * cell))
    assert centres[(board.height - 1, board.width - 1)] == pytest.approx((drawn.right - cell / 2, drawn.y + cell / 2))


def _svg_lines(svg: str) -> dict[tuple[str, str], list[tuple[float, float, float, float]]]:
    """Every stroked line of the picture, by (grey, width), in SVG space."""
    found: dict[tuple[str, str], list[tuple[float, float, float, float]]] = {}
    for attributes, body in re.findall(r'<g fill="none" ([^>]*)>(.*?)</g>', svg):
        grey = re.search(r'stroke="(#[0-9a-f]{6})"', attributes)
        width = re.search(r'stroke-width="([\d.]+)"', attributes)
        assert grey and width
        for data in re.findall(r'd="([^"]*)"', body):
            for x0, y0, x1, y1 in re.findall(r"M([\d.]+) ([\d.]+)L([\d.]+) ([\d.]+)", data):
                found.setdefault((grey.group(1), width.group(1)), []).append(
                    (float(x0), float(y0), float(x1), float(y1)))
    return found


@pytest.mark.parametrize("picture", [TEN, WIDE, HUGE])
def test_heavier_lines_every_5_cells_from_the_top_left(picture: Picture, style: Style) -> None:
    board = puzzle_of(picture)
    canvas: Any = SvgCanvas(LETTER.right + 36, LETTER.top + 54)  # (a Surface in all but its parameters' names)
    draw_nonogram(canvas, board, LETTER, style=style)
    lines = _svg_lines(canvas.svg())
    heavy = lines[("#000000", f"{(style.thin + style.thick) / 2:g}")]
    cell, centres = nonogram_centres(board, LETTER, style, labelled=False)
    left = centres[(0, 0)][0] - cell / 2
    top = canvas.height - (centres[(0, 0)][1] + cell / 2)  # in SVG space, y down
    verticals = sorted(round((x0 - left) / cell, 3) for x0, _, x1, _ in heavy if x0 == x1)
    horizontals = sorted(round((y0 - top) / cell, 3) for _, y0, _, y1 in heavy if y0 == y1)
    assert verticals == list(range(5, board.width, 5))
    assert horizontals == list(range(5, board.height, 5))
    thin = lines[("#666666", f"{style.thin:g}")]  # draw.THIN_INK
    thin_x = sorted(round((x0 - left) / cell, 3) for x0, _, x1, _ in thin if x0 == x1)
    assert thin_x == [c for c in range(1, board.width) if c % 5]
    assert f'stroke-width="{style.thick:g}"' in canvas.svg()  # the outline
    texts = re.findall(r">(\d+)</text>", canvas.svg())
    assert len(texts) == sum(len(clue_texts(clue)) for clue in (*board.rows, *board.cols))
