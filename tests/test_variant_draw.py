"""Drawing Sudoku's variants (pipeline/kinds/variants/draw.py): every variant, puzzle and answer, shaded
and not, drawn on a real PDF page through the book's own fonts and read back with pypdf; a Killer's cage
totals and digits never meet; its cages' dashed outlines follow each cage's shape; a shaded Jigsaw's
neighbouring regions never share a grey; what the drawing measures agrees with where it draws."""

from __future__ import annotations

import io
import math
from collections import Counter
from dataclasses import replace
from typing import Any

import pytest
from pypdf import PdfReader
from pypdf.generic import ContentStream
from reportlab.pdfgen.canvas import Canvas

from pipeline.drawing import Rect, Style
from pipeline.kinds.sudoku.houses import Cage
from pipeline.kinds.variants.draw import (
    CAGE_INSET,
    DIAGONAL_FILL,
    DIAGONAL_INK,
    REGION_FILLS,
    SUM_LEAST,
    Shaded,
    Text,
    as_variant,
    cage_outlines,
    cell_layout,
    dash_runs,
    draw_variant,
    fit_variant,
    inset_outline,
    region_colours,
    variant_centres,
    variant_extent,
    variant_texts,
)
from pipeline.kinds.variants.puzzle import Variant, VariantError, boxed, check_variant, is_solution
from pipeline.typeset.fonts import register_fonts
from pipeline.typeset.layout import style_for
from pipeline.typeset.svgcanvas import SvgCanvas
from tests.pdfmarks import page_marks


def _digits(line: str) -> tuple[int, ...]:
    return tuple(int(ch) for ch in line)


def _killer(n: int, solution: str, cage_map: str, givens: tuple[int, ...]) -> tuple[Variant, str]:
    """A Killer whose cages are the letters of `cage_map` (row by row), each totalling its cells of
    `solution`, with the solution's digits at `givens`."""
    letters = cage_map.replace(" ", "").replace("\n", "")
    values = _digits(solution)
    cages = []
    for letter in dict.fromkeys(letters):
        cells = tuple(i for i, ch in enumerate(letters) if ch == letter)
        cages.append(Cage(sum(values[i] for i in cells), cells))
    cells = tuple(values[i] if i in givens else 0 for i in range(n * n))
    return boxed("killer", n, cells, tuple(cages)), solution


KILLER9 = _killer(
    9,
    "639251748458367912172849365583416297294738156761592483346125879825974631917683524",
    """AABBCDEEF AGGCCHEEF IGJJKHHLF IIJMKKNLL OPPMMQNNR OOPSQQTRR UVSSWXTTY UVVWWXZaY UUVVXXZae""",
    (0, 4, 13, 22, 30, 40, 44, 60, 80),
)
"""28 cages of 1 to 5 cells (L shapes, a square, two single cells), givens in cells with totals and not."""
KILLER6 = _killer(6, "324156156324245613631542413265562431",
                  "AABCCD EABBCD EFFGHD IFJGHH IKJJLL MKKNNO", (0, 9, 17, 30, 35))
JIGSAW9 = (
    Variant("jigsaw", 9,
            _digits("000012222001111122003311152033344552333444552634455558644777888666678888666777778"),
            _digits("000000008400000070006003000000107006500608390123400000690740805705030004302500100")),
    "267314958418296573956873412839157246574628391123485769691742835785931624342569187",
)
JIGSAW7 = (
    Variant("jigsaw", 7, _digits("1110000111122033322003222444333444466555556666655"),
            _digits("0300000000000067200000060000000400000000007413620")),
    "1346572567213467254134267351315426725317467413625",
)
SUDOKUX9 = (
    boxed("sudokux", 9, _digits("000890000700002009002306080001008005038060002500700408010080003800200900200009000")),
    "365897241784152639192346587471928365938465172526731498619584723847213956253679814",
)
SUDOKUX6 = (boxed("sudokux", 6, _digits("000042000000500300200400000204002000")), "365142124563546321231456653214412635")

CASES: dict[str, tuple[Variant | Shaded, str]] = {
    "killer9": KILLER9,
    "killer6": KILLER6,
    "jigsaw9": JIGSAW9,
    "jigsaw9-shaded": (Shaded(JIGSAW9[0], True), JIGSAW9[1]),
    "jigsaw7-shaded": (Shaded(JIGSAW7[0], True), JIGSAW7[1]),
    "jigsaw7-unshaded": (Shaded(JIGSAW7[0], False), JIGSAW7[1]),
    "sudokux9": SUDOKUX9,
    "sudokux6": SUDOKUX6,
}
STYLES = {"regular": style_for(False), "large": style_for(True)}
BOXES = {"6x9 four up": Rect(45, 300, 176.5, 250), "6x9 six up": Rect(45, 100, 176.5, 161),
         "6x9 one up": Rect(36, 54, 369, 516), "odd": Rect(20, 30, 300, 120)}


@pytest.fixture(autouse=True, scope="module")
def _fonts() -> None:
    register_fonts()


def test_the_examples_are_sound_puzzles() -> None:
    for grid, solution in CASES.values():
        puzzle = as_variant(grid)
        check_variant(puzzle)
        assert is_solution(puzzle, _digits(solution))
    killer = KILLER9[0]
    sizes = Counter(len(cage.cells) for cage in killer.cages)
    assert len(killer.cages) == 28 and sizes[1] == 2 and max(sizes) == 5


# ------------------------------------------------------------------------------------ on a PDF page


def _pdf(grid: Variant | Shaded, box: Rect, style: Style, solution: str | tuple[int, ...] | None,
         label: str = "") -> bytes:
    """The grid drawn on a one-page PDF as the book makes its pages: a reportlab canvas, the book's fonts."""
    canvas = Canvas(io.BytesIO(), pagesize=(box.right + 30, box.top + 30), invariant=1,
                    initialFontName=style.fonts.text, pageCompression=1)
    draw_variant(canvas, grid, box, style=style, solution=solution, label=label, note="note" if label else "")
    canvas.showPage()
    return bytes(canvas.getpdfdata())


def _strings(pdf: bytes) -> list[tuple[str, float, float, float]]:
    """Every string the page shows, as pypdf reads it: (text, x, baseline, size)."""
    found: list[tuple[str, float, float, float]] = []

    def visit(text: str, cm: list[float], tm: list[float], font: object, size: float) -> None:
        if text.strip():
            x, y = tm[4] * cm[0] + cm[4], tm[5] * cm[3] + cm[5]
            found.append((text.strip(), x, y, size * tm[0]))

    PdfReader(io.BytesIO(pdf)).pages[0].extract_text(visitor_text=visit)
    return found


def _answer(solution: str, how: str) -> str | tuple[int, ...] | None:
    return {"puzzle": None, "line": solution, "values": _digits(solution)}[how]


@pytest.mark.parametrize("how", ["puzzle", "line", "values"])
@pytest.mark.parametrize("case", list(CASES))
def test_every_variant_prints_its_totals_and_digits_where_it_says(case: str, how: str) -> None:
    grid, solution = CASES[case]
    puzzle = as_variant(grid)
    answer = _answer(solution, how)
    style = STYLES["regular"]
    box = BOXES["6x9 four up"]
    pdf = _pdf(grid, box, style, answer, label="Puzzle 7")
    strings = _strings(pdf)
    assert [(text, size) for text, _, _, size in strings[:2]] == [("Puzzle 7", style.label), ("note", style.label)]
    shown = [(text, x, y) for text, x, y, _ in strings[2:]]
    expected = variant_texts(grid, box, style, solution=answer)
    assert Counter(text for text, _, _ in shown) == Counter(t.text for t in expected)
    totals = Counter(str(cage.total) for cage in puzzle.cages) if answer is None else Counter()
    assert Counter(t.text for t in expected if t.role == "total") == totals, "an answer shows no cages"
    values = puzzle.cells if answer is None else _digits(solution)
    assert Counter(t.text for t in expected if t.role != "total") == Counter(str(v) for v in values if v)
    assert {t.cell for t in expected if t.role == "given"} == {i for i, v in enumerate(puzzle.cells) if v}
    for text, (got, x, y) in zip(expected, shown):  # drawn in the order variant_texts lists them
        assert (got, x, y) == (text.text, pytest.approx(text.x, abs=1e-3), pytest.approx(text.baseline, abs=1e-3))


@pytest.mark.parametrize("case", list(CASES))
def test_everything_painted_lies_on_the_board(case: str) -> None:
    grid, solution = CASES[case]
    style = STYLES["large"]
    box = BOXES["odd"]
    for answer in (None, solution):
        cell, centres = variant_centres(grid, box, style, labelled=False)
        xs = [x for x, _ in centres.values()]
        ys = [y for _, y in centres.values()]
        left, right, bottom, top = min(xs) - cell / 2, max(xs) + cell / 2, min(ys) - cell / 2, max(ys) + cell / 2
        reach = style.thick / 2 + 1e-3  # the frame's square caps
        marks = page_marks(PdfReader(io.BytesIO(_pdf(grid, box, style, answer))))
        assert marks
        for mark in marks:
            x0, y0, x1, y1 = mark.box
            if mark.text is None:
                assert left - reach <= x0 and x1 <= right + reach and bottom - reach <= y0 and y1 <= top + reach
            else:  # pdfmarks' box of a string: from 0.3 of its size below the baseline to its size above
                size = (y1 - y0) / 1.3
                baseline = y0 + 0.3 * size
                assert left < x0 < right and bottom < baseline and baseline + size * style.fonts.digit_height < top


def _fills(pdf: bytes) -> Counter[float]:
    """How often the page sets each fill grey."""
    reader = PdfReader(io.BytesIO(pdf))
    operations = ContentStream(reader.pages[0].get_contents(), reader).operations
    return Counter(round(float(operands[0]), 2) for operands, operator in operations if operator == b"g")


def test_a_shaded_jigsaw_prints_its_region_greys_and_its_answer_only_the_givens_grey() -> None:
    style = STYLES["regular"]
    box = BOXES["6x9 six up"]
    puzzle = JIGSAW9[0]
    shaded = _fills(_pdf(Shaded(puzzle, True), box, style, None))
    used = {REGION_FILLS[c] for c in region_colours(puzzle)} - {1.0}
    assert used and used <= set(shaded)
    plain = _fills(_pdf(Shaded(puzzle, False), box, style, None))
    assert not used & set(plain) and _fills(_pdf(puzzle, box, style, None)) == plain
    answer = _fills(_pdf(Shaded(puzzle, True), box, style, JIGSAW9[1]))
    assert not used & set(answer) and 0.85 in answer


def test_a_sudoku_x_shades_its_diagonals_and_its_answer_strokes_them() -> None:
    style = STYLES["regular"]
    box = BOXES["6x9 four up"]
    puzzle, solution = SUDOKUX9
    assert DIAGONAL_FILL in _fills(_pdf(puzzle, box, style, None))
    assert DIAGONAL_FILL not in _fills(_pdf(puzzle, box, style, solution))


class _Strokes:
    """A surface that keeps the lines drawn in each stroke grey and ignores the rest."""

    def __init__(self) -> None:
        self.grey = 0.0
        self.lines_in: dict[float, list[tuple[float, float, float, float]]] = {}

    def setStrokeGray(self, gray: float, alpha: float | None = None) -> None:
        self.grey = gray

    def lines(self, linelist: list[tuple[float, float, float, float]]) -> None:
        self.lines_in.setdefault(self.grey, []).extend(linelist)

    def beginPath(self) -> Any:
        return SvgCanvas(1, 1).beginPath()

    def __getattr__(self, name: str) -> Any:
        return lambda *args, **kwargs: None


@pytest.mark.parametrize("style_name", list(STYLES))
def test_a_sudoku_x_answers_diagonal_strokes_never_cross_a_digit(style_name: str) -> None:
    style = STYLES[style_name]
    for puzzle, solution in (SUDOKUX9, SUDOKUX6):
        for box in BOXES.values():
            surface = _Strokes()
            draw_variant(surface, puzzle, box, style=style, solution=solution)  # type: ignore[arg-type]
            strokes = surface.lines_in[DIAGONAL_INK]
            assert len(strokes) == 2 * (puzzle.n + 1)
            reach = style.thin / 2  # the strokes' ink, off their middles
            for text in variant_texts(puzzle, box, style, solution=solution, labelled=False):
                x0, y0, x1, y1 = text.box
                for a, b, c, d in strokes:
                    for k in range(51):
                        x, y = a + (c - a) * k / 50, b + (d - b) * k / 50
                        assert not (x0 - reach < x < x1 + reach and y0 - reach < y < y1 + reach)


def test_a_drawing_on_an_svg_picture_is_the_same() -> None:
    style = STYLES["regular"]
    for grid, solution in CASES.values():
        for answer in (None, solution):
            picture: Any = SvgCanvas(300, 300)  # (a Surface in all but its parameters' names)
            draw_variant(picture, grid, Rect(10, 10, 280, 280), style=style, solution=answer, example=answer is not None)
            svg = picture.svg()
            for cage in as_variant(grid).cages:
                assert f">{cage.total}</text>" in svg


def test_a_solution_of_the_wrong_size_or_symbols_is_refused() -> None:
    puzzle, solution = KILLER6
    picture: Any = SvgCanvas(200, 200)
    with pytest.raises(VariantError, match="36 cells"):
        draw_variant(picture, puzzle, Rect(0, 0, 200, 200), style=STYLES["regular"], solution=solution[:-1])
    with pytest.raises(VariantError, match="'7'"):
        draw_variant(picture, puzzle, Rect(0, 0, 200, 200), style=STYLES["regular"],
                     solution="7" + solution[1:])


# ------------------------------------------------------------------------------------ totals and digits


def _apart(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> float:
    """How far apart two boxes are (0 or less: they meet)."""
    return max(b[0] - a[2], a[0] - b[2], b[1] - a[3], a[1] - b[3])


@pytest.mark.parametrize("style_name", list(STYLES))
def test_a_cage_total_and_its_cells_digit_never_meet(style_name: str) -> None:
    """Every cell with both a total and a digit, at cell sizes from the smallest a page allows to the
    largest: the two texts' boxes stay apart, and the digit inside its cage's dashes."""
    style = STYLES[style_name]
    for grid, solution in (KILLER9, KILLER6):
        n = grid.n
        for cell in [10.0 + 2.5 * k for k in range(21)]:
            box = Rect(0, 0, n * cell, n * cell)
            assert fit_variant(grid, box, style, labelled=False).cell == pytest.approx(min(cell, style.max_cell))
            layout = cell_layout(True, min(cell, style.max_cell), style)
            _, centres = variant_centres(grid, box, style, labelled=False)
            for answer in (None, solution):
                texts = variant_texts(grid, box, style, solution=answer, labelled=False, example=True)
                by_cell: dict[int, dict[str, Text]] = {}
                for text in texts:
                    by_cell.setdefault(text.cell, {})["total" if text.role == "total" else "digit"] = text
                both = [pair for pair in by_cell.values() if len(pair) == 2]
                assert both  # (givens sit in cells with totals; a worked example's answer fills them all)
                for pair in both:
                    assert _apart(pair["total"].box, pair["digit"].box) >= layout.pad
                for text in texts:
                    if text.role == "total":
                        continue
                    size = layout.cell
                    x, y = centres[divmod(text.cell, n)]
                    x0, y0 = x - size / 2, y - size / 2  # its cell's bottom left
                    clear = layout.inset + layout.line / 2
                    assert x0 + clear < text.box[0] and text.box[2] < x0 + size - clear
                    assert y0 + clear < text.box[1] and text.box[3] < y0 + size - clear


def test_every_killer_cell_has_one_digit_size_and_a_sudokus_less_only_so_much() -> None:
    for style in STYLES.values():
        for cell in (14.0, 20.0, 42.0):
            killer, plain = cell_layout(True, cell, style), cell_layout(False, cell, style)
            assert 0.6 * plain.digit < killer.digit <= 0.8 * plain.digit + 1e-9
            assert killer.sum_size == pytest.approx(0.33 * cell)


def test_a_killer_is_measured_by_its_digits_or_its_totals_whichever_gets_too_small_first() -> None:
    """The page-fit check compares number_size with the least number size: for a Killer that is its
    digits' size, or its totals' over SUM_LEAST when that is less (so the check refuses a layout whose
    totals would print below SUM_LEAST of the least number size), saying which it measured."""
    puzzle = KILLER9[0]
    seen = set()
    for style in STYLES.values():
        for cell in (12.0, 13.8, 14.0, 16.0, 24.0, 30.0):
            fit = fit_variant(puzzle, Rect(0, 0, 9 * cell, 9 * cell), style, labelled=False)
            layout = cell_layout(True, cell, style)
            assert fit.board == "a 9x9 Killer Sudoku"
            assert fit.number_size == pytest.approx(min(layout.digit, layout.sum_size / SUM_LEAST))
            drawn = layout.sum_size if fit.reads == "cage sums" else layout.digit
            assert fit.number_size * fit.scale == pytest.approx(drawn)
            seen.add(fit.reads)
        least = style.min_number * SUM_LEAST / 0.33  # the cell at which totals are just large enough
        assert fit_variant(puzzle, Rect(0, 0, 9 * least - 1, 9 * least), style, labelled=False).number_size < style.min_number
    assert seen == {"numbers", "cage sums"}
    regular = STYLES["regular"]
    assert fit_variant(puzzle, Rect(0, 0, 9 * 14.1, 9 * 14.1), regular, labelled=False).number_size >= regular.min_number
    assert fit_variant(JIGSAW7[0], Rect(0, 0, 140, 140), STYLES["regular"]).board == "a 7x7 Jigsaw Sudoku"
    assert fit_variant(SUDOKUX6[0], Rect(0, 0, 140, 140), STYLES["regular"]).reads == "numbers"


@pytest.mark.parametrize("case", list(CASES))
def test_extent_and_centres_agree_with_the_fit(case: str) -> None:
    grid, _ = CASES[case]
    n = as_variant(grid).n
    assert variant_extent(grid) == (float(n), float(n))
    for style in STYLES.values():
        for box in BOXES.values():
            for labelled in (True, False):
                fit = fit_variant(grid, box, style, labelled=labelled)
                cell, centres = variant_centres(grid, box, style, labelled=labelled)
                assert cell == fit.cell and fit.rows == n
                assert n * cell <= box.w + 1e-9 and n * cell <= box.h + 1e-9
                assert len(centres) == n * n
                (x00, y00), (x11, y11) = centres[(0, 0)], centres[(n - 1, n - 1)]
                assert x11 - x00 == pytest.approx((n - 1) * cell) and y00 - y11 == pytest.approx((n - 1) * cell)
                assert (x00 + x11) / 2 == pytest.approx(box.cx)  # centred across the box
                assert box.y - 1e-9 <= y11 - cell / 2 and y00 + cell / 2 <= box.top + 1e-9
                if labelled:
                    assert y00 + cell / 2 <= box.top - 2 * style.label + 1e-9


# ------------------------------------------------------------------------------------ cage outlines


def test_an_l_shaped_cage_is_one_outline_round_its_inner_corner() -> None:
    n = 9
    cells = (0, 9, 10)  # r1c1, r2c1, r2c2
    (loop,) = cage_outlines(cells, n)
    assert loop == [(0, 0), (1, 0), (1, 1), (2, 1), (2, 2), (0, 2)]
    inset = inset_outline(loop, 0.1)
    expected = [(0.1, 0.1), (0.9, 0.1), (0.9, 1.1), (1.9, 1.1), (1.9, 1.9), (0.1, 1.9)]
    assert [(round(x, 9), round(y, 9)) for x, y in inset] == expected


def _on_outline(point: tuple[float, float], outline: list[tuple[float, float]]) -> bool:
    x, y = point
    for (ax, ay), (bx, by) in zip(outline, outline[1:] + outline[:1]):
        if abs(ax - bx) < 1e-9 and abs(x - ax) < 1e-9 and min(ay, by) - 1e-9 <= y <= max(ay, by) + 1e-9:
            return True
        if abs(ay - by) < 1e-9 and abs(y - ay) < 1e-9 and min(ax, bx) - 1e-9 <= x <= max(ax, bx) + 1e-9:
            return True
    return False


def test_every_cages_dashes_run_along_its_inset_outline_and_turn_every_corner() -> None:
    for grid, _ in (KILLER9, KILLER6):
        for cage in grid.cages:
            loops = cage_outlines(cage.cells, grid.n)
            assert len(loops) == 1
            outline = inset_outline(loops[0], CAGE_INSET)
            runs = dash_runs(outline)
            for run in runs:
                assert all(_on_outline(point, outline) for point in run)
                for a, b in zip(run, run[1:]):  # never across the cage: each piece along one side
                    assert _on_outline(((a[0] + b[0]) / 2, (a[1] + b[1]) / 2), outline)
            corners = {run[1] for run in runs if len(run) == 3}
            assert corners == set(outline)
            perimeter = sum(math.dist(a, b) for a, b in zip(outline, outline[1:] + outline[:1]))
            inked = sum(math.dist(a, b) for run in runs for a, b in zip(run, run[1:]))
            assert 0.45 < inked / perimeter < 0.75


def test_cells_meeting_only_at_a_corner_keep_their_own_outlines() -> None:
    n = 6
    assert len(cage_outlines((0, 7), n)) == 2
    # Round a hole but for one corner: one outline that turns inward where the two cells meet.
    ring = (1, 2, 6, 8, 12, 13, 14)  # around r2c2 (7), r1c1 (0) left out
    (loop,) = cage_outlines(ring, n)
    assert loop.count((1, 1)) == 2
    inset = inset_outline(loop, 0.1)
    assert len(set(inset)) == len(inset)


# ------------------------------------------------------------------------------------ region shades


def _neighbouring_regions(puzzle: Variant) -> set[tuple[int, int]]:
    n, regions = puzzle.n, puzzle.regions
    pairs = set()
    for i in range(n * n):
        for j in (i + 1 if i % n < n - 1 else None, i + n if i + n < n * n else None):
            if j is not None and regions[i] != regions[j]:
                pairs.add((regions[i], regions[j]))
    return pairs


def test_no_two_neighbouring_regions_share_a_shade() -> None:
    for puzzle in (JIGSAW9[0], JIGSAW7[0], KILLER9[0]):
        colours = region_colours(puzzle)
        assert len(colours) == puzzle.n
        assert all(colours[a] != colours[b] for a, b in _neighbouring_regions(puzzle))
        assert colours == region_colours(replace(puzzle, cells=(0,) * puzzle.n ** 2))  # the same grid, the same shades
        assert colours[0] == 0  # the first region white
    stripes = Variant("jigsaw", 5, tuple(i // 5 for i in range(25)), (0,) * 25)
    assert region_colours(stripes) == (0, 1, 0, 1, 0)
    assert len(set(region_colours(KILLER9[0]))) == 2  # boxes: a chessboard
