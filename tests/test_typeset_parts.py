"""A book typeset in parts (typeset.parts, typeset.join): the same bytes however the book is cut into
parts, in whatever order and in whichever process they are drawn; every page as one reportlab canvas
draws it, pixel for pixel; and the PDF keeps what a book has (boxes, information, outline, each font
embedded once). PDFs are read back with pypdf and rendered with pypdfium2."""

from __future__ import annotations

import io
import multiprocessing
import random
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import pypdfium2
import pytest
from fontTools import subset
from pypdf import PdfReader
from reportlab.pdfbase import pdfmetrics

from pipeline import __version__
from pipeline.bookspec import BookSpec
from pipeline.errors import PuzzleBookError
from pipeline.i18n import words_for
from pipeline.kinds.record import PuzzleRecord
from pipeline.typeset import book_fonts, typeset_book
from pipeline.typeset.book import check_fit, plan_pages
from pipeline.typeset.fonts import DEJAVU, RecordingCanvas
from pipeline.typeset.join import join_parts
from pipeline.typeset.layout import geometry, style_for
from pipeline.typeset.parts import BookPlan, DrawnPart, draw_page, draw_part, plan_book
from tests.test_typeset import SECTIONS, make_records, serpentine, spec

TITLE = "Łódź, Grüße \u2013 Ω"
"""Latin-1 and punctuation (the first font subset), and letters past it (a second subset)."""


@pytest.fixture(scope="module")
def records() -> list[PuzzleRecord]:
    return make_records()


def book(**changes: object) -> BookSpec:
    return spec(title=TITLE, introduction=["A path of numbers \u00b7 \u201cone\u201d to the last \u2026"], **changes)


def drawn(plan: BookPlan, order: list[int] | None = None) -> list[DrawnPart]:
    return [draw_part(plan.layout, plan.parts[i]) for i in (order or range(len(plan.parts)))]


def one_canvas(plan: BookPlan) -> bytes:
    """The book as typeset_book drew it before parts: every page on one reportlab canvas, each font
    coding its characters in the order the book first sets them, reportlab's own page dictionaries."""
    layout, geo = plan.layout, plan.layout.geometry
    records = {position: record for part in plan.parts for position, record in part.records.items()}
    canvas = RecordingCanvas(io.BytesIO(), pagesize=geo.media, invariant=1, initialFontName=layout.style.fonts.text,
                             pageCompression=1)
    canvas.setTitle(layout.book.title)
    canvas.setAuthor(layout.book.author)
    canvas.setSubject(layout.book.subtitle)
    canvas.setCreator(f"puzzlebook {__version__}")
    words, bookmarks = words_for(layout.book.language), dict(layout.outline)
    for part in plan.parts:
        for number, page in enumerate(part.pages, part.first):
            canvas.setTrimBox(geo.trim(number).pdf_box())
            canvas.setBleedBox((0.0, 0.0, *geo.media))
            draw_page(canvas, layout, words, number, page, records)
            if layout.screen and number in bookmarks:
                canvas.bookmarkPage(f"page{number}")
                canvas.addOutlineEntry(bookmarks[number], f"page{number}", level=0)
            canvas.showPage()
    if layout.screen:
        canvas.showOutline()
    data: bytes = canvas.getpdfdata()
    return data


def pixels(data: bytes) -> list[bytes]:
    document = pypdfium2.PdfDocument(data)
    try:
        return [document[i].render(scale=1).to_pil().tobytes() for i in range(len(document))]
    finally:
        document.close()


def test_the_bytes_do_not_depend_on_how_the_book_is_cut_nor_on_the_order_parts_are_drawn(
    tmp_path: Path, records: list[PuzzleRecord]
) -> None:
    whole = tmp_path / "book.pdf"
    count = typeset_book(book(), records, whole)
    expected = whole.read_bytes()
    for part_pages in (1, 5, 32):
        plan = plan_book(book(), records, part_pages=part_pages)
        assert plan.layout.spans[0][0] == 1 and plan.layout.spans[-1][1] == count
        assert all(last - first < part_pages for first, last in plan.layout.spans)
        order = list(range(len(plan.parts)))
        for seed in range(3):
            random.Random(seed).shuffle(order)
            assert join_parts(plan.layout, drawn(plan, order)) == expected, (part_pages, order)


def test_a_pool_of_fresh_worker_processes_draws_the_same_bytes(tmp_path: Path, records: list[PuzzleRecord]) -> None:
    """Spawned workers know no font but what the layout tells them to register (a config's own too)."""
    fonts = book_fonts({"text": renamed_font(tmp_path)})
    assert pdfmetrics.getFont(fonts.text).face.name == b"PartsTestSans"  # its own face, not DejaVu's
    plan = plan_book(book(), records, screen=True, fonts=fonts, part_pages=4)
    here = join_parts(plan.layout, drawn(plan))
    with ProcessPoolExecutor(2, mp_context=multiprocessing.get_context("spawn")) as pool:
        there = list(pool.map(draw_part, [plan.layout] * len(plan.parts), plan.parts[::-1]))
    assert join_parts(plan.layout, there) == here
    fonts_used = {str(font.get_object()["/BaseFont"]) for font in PdfReader(io.BytesIO(here)).pages[0]["/Resources"]["/Font"].values()}
    assert any(name.endswith("+PartsTestSans") for name in fonts_used), fonts_used


def renamed_font(folder: Path) -> Path:
    """DejaVu Sans cut to the characters the book sets, under a face name of its own (reportlab would
    take a font whose face it has registered already for that font)."""
    options = subset.Options()
    options.name_IDs = ["*"]
    font = subset.load_font(str(DEJAVU), options)
    cutter = subset.Subsetter(options)
    cutter.populate(unicodes=[*range(0x20, 0x250), *range(0x370, 0x400), *range(0x2010, 0x2040)])
    cutter.subset(font)
    for record in font["name"].names:
        if record.nameID in (1, 4, 6):
            record.string = "PartsTestSans"
    out = folder / "PartsTestSans.ttf"
    subset.save_font(font, str(out), options)
    return out


@pytest.mark.parametrize("screen", [False, True], ids=["print", "screen"])
def test_every_page_renders_as_one_canvas_draws_it(records: list[PuzzleRecord], screen: bool) -> None:
    plan = plan_book(book(), records, screen=screen, part_pages=3)
    parts, single = join_parts(plan.layout, drawn(plan)), one_canvas(plan)
    assert parts != single  # other font codes and page dictionaries...
    assert pixels(parts) == pixels(single)  # ...the same pages
    a, b = PdfReader(io.BytesIO(parts)), PdfReader(io.BytesIO(single))
    assert [page.extract_text() for page in a.pages] == [page.extract_text() for page in b.pages]
    assert TITLE in a.pages[0].extract_text()


def test_the_book_keeps_its_boxes_information_outline_and_one_copy_of_each_font(records: list[PuzzleRecord]) -> None:
    for screen in (False, True):
        plan = plan_book(book(), records, screen=screen, part_pages=4)
        reader = PdfReader(io.BytesIO(join_parts(plan.layout, drawn(plan))))
        geo = plan.layout.geometry
        assert len(reader.pages) == plan.layout.spans[-1][1] == len(plan_pages(book(), records, plan.layout.style))
        for number, page in enumerate(reader.pages, 1):
            assert [float(v) for v in page.mediabox] == [0, 0, *geo.media]
            assert [float(v) for v in page.bleedbox] == [0, 0, *geo.media]
            assert tuple(float(v) for v in page.trimbox) == geo.trim(number).pdf_box()
            assert "/Annots" not in page
        assert reader.metadata is not None
        assert (reader.metadata.title, reader.metadata.author, reader.metadata.subject) == (
            TITLE, "A. Tester", "Number paths")
        assert reader.metadata["/Creator"] == f"puzzlebook {__version__}"
        assert reader.metadata["/CreationDate"] == "D:20000101000000+00'00'"  # invariant: no build date
        if screen:
            outline = [(item.title, reader.get_destination_page_number(item)) for item in reader.outline]
            assert outline == [(title, number - 1) for number, title in plan.layout.outline]
            assert [title for title, _ in outline][:2] == [TITLE, "Contents"]
        else:
            assert "/Outlines" not in reader.trailer["/Root"]
        # One font dictionary for the whole book, each font (and subset) embedded once.
        shared = {page["/Resources"].raw_get("/Font").idnum for page in reader.pages}
        assert len(shared) == 1
        fonts = [ref.get_object() for ref in reader.pages[0]["/Resources"]["/Font"].values()]
        names = [str(font["/BaseFont"]) for font in fonts]
        assert len(names) == len(set(names))
        assert {"/AAAAAA+DejaVuSans", "/AAAAAA+DejaVuSans-Bold", "/AAAAAB+DejaVuSans-Bold"} <= set(names)  # Ł, Ω: bold
        files = {font["/FontDescriptor"].raw_get("/FontFile2").idnum for font in fonts}
        assert len(files) == len(fonts)
        assert all(font["/Subtype"] == "/TrueType" for font in fonts)
        streams = [page.raw_get("/Contents").get_object() for page in reader.pages]
        assert all(stream["/Filter"] == ["/FlateDecode"] for stream in streams)  # pages compressed


def test_the_books_first_problem_is_reported_whatever_part_met_it(tmp_path: Path) -> None:
    big = [serpentine(16)]
    cramped = spec(sections=[{**SECTIONS[0], "per_page": 6}], answers={"per_page": 12})
    style = style_for(False)
    pages = plan_pages(cramped, big, style)
    with pytest.raises(PuzzleBookError) as first:
        check_fit(cramped, big, pages, geometry(cramped.page, len(pages)), style)
    plan = plan_book(cramped, big, part_pages=1)
    parts = drawn(plan)
    assert sum(part.problem is not None for part in parts) >= 2  # the puzzles' page and the answers'
    for order in (parts, parts[::-1]):
        with pytest.raises(PuzzleBookError) as caught:
            join_parts(plan.layout, order)
        assert str(caught.value) == str(first.value)
    with pytest.raises(PuzzleBookError) as direct:
        typeset_book(cramped, big, tmp_path / "x.pdf")
    assert str(direct.value) == str(first.value) and not (tmp_path / "x.pdf").exists()


def test_a_join_refuses_parts_missing_or_twice(records: list[PuzzleRecord]) -> None:
    plan = plan_book(book(), records, part_pages=8)
    parts = drawn(plan)
    for wrong in (parts[1:], parts + parts[:1], parts[:-1]):
        with pytest.raises(ValueError, match="cover pages"):
            join_parts(plan.layout, wrong)
