"""Drawing crosswords and fill-ins (pipeline/kinds/crossword/draw.py): hand-made boards drawn on real PDF
pages through the book's own fonts and read back with pypdf; every clue, heading and word printed, an
answer every letter and no list; everything drawn inside the board that fit and extent measure; the list
beside a wide box's grid and below a tall one's; a box too small for legible clues refused."""

from __future__ import annotations

import io
import re
from collections.abc import Mapping, Sequence
from typing import Any

import pytest
from reportlab.pdfgen.canvas import Canvas

from pipeline.drawing import Rect, Style, label_height
from pipeline.drawing.grid import board_corner
from pipeline.kinds.crossword import draw
from pipeline.kinds.crossword.draw import draw_words, fit_words, words_bare, words_centres, words_extent
from pipeline.kinds.crossword.puzzle import entries_for, word_order
from pipeline.typeset.fonts import register_fonts
from pipeline.typeset.layout import style_for
from pipeline.typeset.svgcanvas import SvgCanvas
from tests.pdfmarks import shown_strings
from tests.recorded import Recorder

SOLUTION = [
    "####B####",
    "####E####",
    "HORSE####",
    "#W#######",
    "#LION####",
    "####E####",
    "####W####",
    "####TIGER",
]
"""Six words: HORSE, LION, TIGER across; BEE, OWL, NEWT down."""
CLUES = {
    "HORSE": "Animal you can ride, it neighs and gallops across the fields",
    "LION": "Big cat with a mane, called the king of the jungle",
    "TIGER": "Striped big cat",
    "BEE": "Insect that makes honey",
    "OWL": "Night bird that hoots and has big round eyes",
    "NEWT": "Small animal like a lizard that lives near ponds",
}
LONG_WORD = "Pneumonoultramicroscopicsilicovolcanoconiosis"
"""A word longer than any column's line: drawn narrowed, never past its column."""
GIVEN = {(7, c) for c in range(4, 9)}
"""TIGER, a fill-in's starter word."""


def _crossword(clues: dict[str, str] = CLUES) -> dict[str, Any]:
    entries = entries_for(SOLUTION, clues)
    return {"kind": "crossword", "rows": ["".join("#" if ch == "#" else "." for ch in row) for row in SOLUTION],
            "clues": {d: [[e.number, e.clue, len(e.answer)] for e in entries if e.direction == d]
                      for d in ("across", "down")},
            "headings": {"across": "Across", "down": "Down"}}


def _fillin() -> dict[str, Any]:
    rows = ["".join(ch if ch == "#" or (r, c) in GIVEN else "." for c, ch in enumerate(row))
            for r, row in enumerate(SOLUTION)]
    return {"kind": "fillin", "rows": rows, "words": list(word_order(list(CLUES))), "heading": "{n} letters"}


@pytest.fixture(scope="module")
def style() -> Style:
    register_fonts()
    return style_for(False)


SIX_BY_NINE = Rect(43, 70, 346, 500)
"""A 6x9 page's body, one puzzle a page."""
WIDE = Rect(30, 30, 540, 200)
"""A wide, short box (a letter page's body holds two a bit taller)."""
TALL = Rect(30, 30, 260, 560)
BOXES = {"6x9": SIX_BY_NINE, "wide": WIDE, "tall": TALL, "small": Rect(10, 10, 120, 140)}


# ------------------------------------------------------------------------------------ on a PDF page


def _pdf(grid: Mapping[str, Any], box: Rect, style: Style, solution: Sequence[str] | None = None,
         label: str = "Puzzle 1") -> bytes:
    canvas = Canvas(io.BytesIO(), pagesize=(box.right + 30, box.top + 30), invariant=1,
                    initialFontName=style.fonts.text, pageCompression=1)
    draw_words(canvas, grid, box, style=style, solution=solution, label=label, note="Easy" if label else "")
    canvas.showPage()
    return bytes(canvas.getpdfdata())


def _read(pdf: bytes) -> str:
    """The page's strings in drawing order, one space apart."""
    return re.sub(r"\s+", " ", " ".join(text for text, *_ in shown_strings(pdf)))


@pytest.mark.parametrize("where", ["6x9", "wide", "tall"])
def test_a_crossword_prints_every_clue_with_its_number_and_length(where: str, style: Style) -> None:
    grid = _crossword()
    text = _read(_pdf(grid, BOXES[where], style))
    assert "Across" in text and "Down" in text
    assert text.index("Across") < text.index("Down")
    for entry in entries_for(SOLUTION, CLUES):
        assert f"{entry.number} {entry.clue} ({len(entry.answer)})" in text


def test_a_crossword_numbers_its_squares_small_in_their_corners(style: Style) -> None:
    grid = _crossword()
    cell, centres = words_centres(grid, SIX_BY_NINE, style)
    strings = shown_strings(_pdf(grid, SIX_BY_NINE, style))
    starts = {(e.row, e.col): e.number for e in entries_for(SOLUTION, CLUES)}
    for (r, c), number in starts.items():
        x, y = centres[(r, c)]
        assert any(text == str(number) and x - cell / 2 < sx < x - cell / 4 and y < sy < y + cell / 2
                   for text, sx, sy, _ in strings), (r, c)


def test_an_answer_shows_every_letter_at_its_square_and_no_clue(style: Style) -> None:
    for grid in (_crossword(), _fillin()):
        bare = words_bare(grid)
        assert "clues" not in bare and "words" not in bare and bare["rows"] == grid["rows"]
        cell, centres = words_centres(bare, SIX_BY_NINE, style)
        strings = shown_strings(_pdf(bare, SIX_BY_NINE, style, solution=SOLUTION))
        letters = [(text, x, y) for text, x, y, _ in strings if text.isalpha() and len(text) == 1]
        assert len(letters) == len(centres)
        for text, x, y in letters:
            (r, c), _ = min(centres.items(), key=lambda item: abs(item[1][0] - x) + abs(item[1][1] - y))
            cx, cy = centres[(r, c)]
            assert text == SOLUTION[r][c]
            assert cx - cell / 2 < x < cx + cell / 2 and cy - cell / 2 < y < cy
        read = _read(_pdf(bare, SIX_BY_NINE, style, solution=SOLUTION))
        assert not any(word in read for word in ("Across", "Down", "letters", "Insect", "HORSE"))


def test_a_fillin_lists_its_words_under_their_lengths(style: Style) -> None:
    grid = _fillin()
    for box in (SIX_BY_NINE, WIDE, TALL):
        strings = shown_strings(_pdf(grid, box, style))
        shown = [text for text, *_ in strings]
        for word in CLUES:
            assert word in shown
        for n in (3, 4, 5):
            assert f"{n} letters" in shown
        assert shown.index("3 letters") < shown.index("BEE") < shown.index("OWL") < shown.index("4 letters")
        assert shown.index("4 letters") < shown.index("LION") < shown.index("NEWT") < shown.index("5 letters")
        given = [(text, font) for text, _, _, font in strings if len(text) == 1]
        assert sorted(text for text, _ in given) == sorted("TIGER")  # the starter word, in the given face
        assert all("Bold" in font for _, font in given)


def test_the_list_goes_beside_a_wide_box_grid_and_below_a_tall_ones(style: Style) -> None:
    for grid in (_crossword(), _fillin()):
        listed = ("Across", "Down", "3 letters", "BEE", "TIGER")
        for box, where in ((WIDE, "beside"), (TALL, "below")):
            cell, centres = words_centres(grid, box, style)
            right = max(x for x, _ in centres.values()) + cell / 2
            bottom = min(y for _, y in centres.values()) - cell / 2
            in_list = [(x, y) for text, x, y, _ in shown_strings(_pdf(grid, box, style)) if text in listed]
            assert in_list
            if where == "beside":
                assert all(x > right for x, _ in in_list)
            else:
                assert all(y < bottom for _, y in in_list)
            across, down = fit_words(grid, box, style).extent or (0, 0)
            rows, columns = len(SOLUTION), len(SOLUTION[0])
            assert (across > columns + 1) if where == "beside" else (down > rows + 1)


def test_a_box_too_small_prints_clues_too_small_and_says_so(style: Style) -> None:
    for grid, reads in ((_crossword(), "clues"), (_fillin(), "word list")):
        small = fit_words(grid, BOXES["small"], style)
        assert small.reads == reads
        assert small.number_size < style.min_number
        roomy = fit_words(grid, SIX_BY_NINE, style)
        assert roomy.number_size >= style.min_number
        assert roomy.number_size == pytest.approx(roomy.cell * draw.TEXT_SHARE)  # the list's type, a fixed share
    answer = fit_words(words_bare(_crossword()), BOXES["small"], style)
    assert answer.reads == "letters" and answer.extent == (len(SOLUTION[0]), len(SOLUTION))


def test_a_page_sized_for_the_puzzle_alone_draws_it_below_at_that_size(style: Style) -> None:
    """single.alone sizes a page from `extent`: the drawing fills it, its list below."""
    for grid in (_crossword(), _fillin(), words_bare(_crossword())):
        across, down = words_extent(grid)
        box = Rect(6, 6, across * 20, down * 20 + label_height(style))
        fit = fit_words(grid, box, style)
        assert fit.cell == pytest.approx(20)
        assert fit.extent == (across, down) and fit.rows == down


# ------------------------------------------------------------------------------------ inside the board


@pytest.mark.parametrize("box", list(BOXES))
@pytest.mark.parametrize("case", ["crossword", "long word", "fillin", "crossword answer", "fillin answer"])
def test_everything_drawn_lies_in_the_board_fit_and_extent_measure(case: str, box: str, style: Style) -> None:
    """As placement.spot reckons the drawn board: extent x cell, the label line above, centred in the box."""
    boards = {"crossword": _crossword(), "long word": _crossword({**CLUES, "OWL": f"{LONG_WORD} {LONG_WORD}"}),
              "fillin": _fillin()}
    grid: Mapping[str, Any] = boards[case.removesuffix(" answer")]
    solution = SOLUTION if case.endswith("answer") else None
    if solution:
        grid = words_bare(grid)
    area = BOXES[box]
    fit = fit_words(grid, area, style)
    across, down = fit.extent or words_extent(grid)
    width, height = across * fit.cell, down * fit.cell + label_height(style)
    drawn = Rect(area.cx - width / 2, area.y + (area.h - height) / 2, width, height)
    surface = Recorder(style)
    draw_words(surface, grid, area, style=style, solution=solution, label="Puzzle 12", note="Easy")
    reach = style.thick  # the outline's half width and its square caps
    assert len(surface.boxes) > 20
    for text, x0, y0, x1, y1 in surface.boxes:
        assert drawn.x - reach <= x0 and x1 <= drawn.right + reach, text
        assert drawn.y - reach <= y0 and y1 <= drawn.top + reach, text
    cell, centres = words_centres(grid, area, style)
    left, top = board_corner(area, width, height - label_height(style), style, True)
    assert cell == fit.cell
    assert all(left < x < left + width and top - height < y < top for x, y in centres.values())


def test_clue_lines_counted_by_characters_fit_their_columns(style: Style) -> None:
    """CHAR_WIDTH bounds every wrapped line of the shipped clues in all five languages."""
    from pipeline.kinds.crossword.clues import clue_themes

    for language in ("en", "de", "es", "fr", "it"):
        for clued in clue_themes(language).values():
            for item in clued:
                for chars in (18, 24, 34):
                    for line in draw._wrap(f"{item.clue}\u00a0(10)", chars):
                        if " " in line.strip():  # (a single word longer than the line is narrowed)
                            width = style.measure(line.replace("\u00a0", " "), style.fonts.text, 1.0)
                            assert width <= chars * draw.CHAR_WIDTH, (language, line)


def test_an_svg_picture_draws_the_same_board(style: Style) -> None:
    picture: Any = SvgCanvas(400, 600)  # (a Surface in all but its parameters' names)
    draw_words(picture, _crossword(), Rect(10, 10, 380, 580), style=style, label="Puzzle 1")
    svg = picture.svg()
    assert "Across" in svg and "Down" in svg and ">Striped big" in svg


def test_a_hole_the_squares_close_in_is_shaded_and_no_other() -> None:
    from pipeline.kinds.crossword.draw import holes

    rows = ["SCHILD", "C#U#F#", "HAHN##", "A#N###"]
    assert holes(rows) == [(1, 1), (1, 3)]
    assert holes(["CAT", "A#O", "BOX"]) == [(1, 1)]
    assert holes(["CAT#", "A###", "B###"]) == []
