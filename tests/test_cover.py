"""The full-wrap cover and the listing: sizes by the print service's formula, the barcode area left
blank, spine text from 80 pages on, text inside the trim, fonts embedded; read back with pypdf."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest
from pypdf import PdfReader

from pipeline.book.store import read_records
from pipeline.kinds.record import PuzzleRecord
from pipeline.book.build import build
from pipeline.book.config import load_config, load_config_text
from pipeline.book.listing import listing_text
from pipeline.cli import main
from pipeline.errors import PuzzleBookError
from pipeline.typeset.cover import cover_pdf, holdings
from pipeline.typeset.wrap import (
    BARCODE_H,
    BARCODE_INSET,
    BARCODE_W,
    PAPER_INCHES,
    SAFE,
    wrap,
)
from tests.pdfmarks import Mark, page_marks

PT = 72.0
TOLERANCE = 0.001 * PT
PAGE_COUNTS = (24, 79, 80, 150, 300, 828)
CONFIG = """\
title: Cover Test Puzzles
subtitle: A small book to test the wrap
author: Ada Lovelace
seed: 3
page: {size: 6x9}
cover:
  paper: PAPER
  back_text:
    - Paths of numbers on crosses and squares, each with one answer.
    - A second paragraph, to see that paragraphs stack.
sections:
  - {name: Crosses, kind: hidato, shapes: [{name: cross, size: 7, arm: 3}], difficulty: easy, count: 2}
  - {name: Little Sudoku, kind: sudoku, box: 2, difficulty: easy, count: 2}
"""


@pytest.fixture(scope="module")
def small_book(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """A tiny book built once: (its config, its output folder)."""
    folder = tmp_path_factory.mktemp("cover")
    config = folder / "small.yaml"
    config.write_text(CONFIG.replace("PAPER", "white"), encoding="utf-8")
    build(config, out_dir=folder / "out", quiet=True, jobs=1, backend="sequential")
    return config, folder / "out"


def records(out: Path) -> list[PuzzleRecord]:
    return read_records(out / "puzzles.jsonl")[0]


def cover_reader(config: Path, out: Path, pages: int, paper: str) -> tuple[PdfReader, object]:
    book = load_config_text(config.read_text(encoding="utf-8").replace("paper: white", f"paper: {paper}"))
    width, height = book.page.trim_points()
    geometry = wrap(width, height, pages, paper)
    return PdfReader(io.BytesIO(cover_pdf(book, records(out), pages, geometry))), geometry


@pytest.mark.parametrize("paper", sorted(PAPER_INCHES))
@pytest.mark.parametrize("pages", PAGE_COUNTS)
def test_cover_size_follows_the_formula(small_book: tuple[Path, Path], pages: int, paper: str) -> None:
    config, out = small_book
    reader, _ = cover_reader(config, out, pages, paper)
    page = reader.pages[0]
    bleed = 0.125 * PT
    spine = pages * PAPER_INCHES[paper] * PT
    width = bleed + 6 * PT + spine + 6 * PT + bleed
    height = 9 * PT + 2 * bleed
    assert abs(float(page.mediabox.width) - width) <= TOLERANCE
    assert abs(float(page.mediabox.height) - height) <= TOLERANCE
    trim = [float(v) for v in page.trimbox]
    assert all(abs(a - b) <= TOLERANCE for a, b in zip(trim, (bleed, bleed, width - bleed, height - bleed)))
    assert [float(v) for v in page.bleedbox] == pytest.approx([0, 0, width, height], abs=TOLERANCE)
    assert len(reader.pages) == 1


def _spine_text(marks: list[Mark], geometry) -> list[Mark]:
    panel = geometry.spine_panel
    return [m for m in marks if m.text and panel.x - 1 <= (m.box[0] + m.box[2]) / 2 <= panel.right + 1]


@pytest.mark.parametrize("paper", sorted(PAPER_INCHES))
@pytest.mark.parametrize("pages", PAGE_COUNTS)
def test_nothing_in_the_barcode_area_and_text_inside_the_trim(
    small_book: tuple[Path, Path], pages: int, paper: str
) -> None:
    config, out = small_book
    reader, geometry = cover_reader(config, out, pages, paper)
    marks = page_marks(reader)
    back = geometry.back
    code = (back.right - BARCODE_INSET - BARCODE_W, back.y + BARCODE_INSET,
            back.right - BARCODE_INSET, back.y + BARCODE_INSET + BARCODE_H)
    assert [m for m in marks if m.overlaps(*code)] == []
    texts = [m for m in marks if m.text]
    assert texts, "the cover must carry text"
    trim = geometry.trim
    for mark in texts:
        x0, y0, x1, y1 = mark.box
        # Boxes are upper bounds in width (every glyph as wide as the type is high): check the side
        # the text starts from and both heights exactly, the far side only loosely.
        assert y0 >= trim.y + SAFE - 0.01 and y1 <= trim.top - SAFE + 0.01, mark
        assert x0 >= trim.x + SAFE - 0.01, mark


@pytest.mark.parametrize("paper", sorted(PAPER_INCHES))
def test_spine_text_from_80_pages(small_book: tuple[Path, Path], paper: str) -> None:
    config, out = small_book
    for pages, expected in ((79, False), (80, True), (300, True)):
        reader, geometry = cover_reader(config, out, pages, paper)
        spine = _spine_text(page_marks(reader), geometry)
        assert bool(spine) is expected, (pages, spine)
        if expected:
            assert {"Cover Test Puzzles", "Ada Lovelace"} <= {m.text for m in spine}
            fold_gap = 0.0625 * PT
            for mark in spine:
                assert mark.box[0] >= geometry.spine_panel.x + fold_gap - 0.01
                assert mark.box[2] <= geometry.spine_panel.right - fold_gap + 0.01


def test_front_and_back_say_what_the_book_is(small_book: tuple[Path, Path]) -> None:
    config, out = small_book
    reader, geometry = cover_reader(config, out, 120, "white")
    marks = page_marks(reader)
    front = [m.text for m in marks if m.text and m.box[0] >= geometry.front.x]
    back = " ".join(m.text for m in marks if m.text and m.box[0] < geometry.back.right)
    assert "Cover Test Puzzles" in " ".join(front) and "Ada Lovelace" in front
    assert "A small book to test the wrap" in front
    assert "4 puzzles: Hidato and Sudoku" in back
    assert "Paths of numbers" in back and "A second paragraph" in back
    # The puzzles themselves are drawn: numbers from the records on both panels.
    digits_front = [t for t in front if t.isdigit()]
    assert len(digits_front) >= 3


def test_fonts_embedded(small_book: tuple[Path, Path]) -> None:
    _, out = small_book
    reader = PdfReader(out / "cover.pdf")
    fonts = reader.pages[0]["/Resources"]["/Font"]
    assert fonts
    for ref in fonts.values():
        font = ref.get_object()
        assert font["/Subtype"] == "/TrueType" and "/FontFile2" in font["/FontDescriptor"], font["/BaseFont"]
        assert re.fullmatch(r"/[A-Z]{6}\+.+", font["/BaseFont"]), "subset fonts carry a tag"


def test_build_writes_cover_and_listing(small_book: tuple[Path, Path]) -> None:
    config, out = small_book
    manifest = json.loads((out / "manifest.json").read_text(encoding="utf-8"))
    pages = manifest["pages"]
    assert manifest["cover"] == "cover.pdf"
    assert len(PdfReader(out / "book.pdf").pages) == pages
    listing = (out / "listing.txt").read_text(encoding="utf-8")
    spine = pages * PAPER_INCHES["white"]
    assert f"Page count: {pages}\n" in listing
    assert f"Spine width: {spine:.4f} in" in listing
    assert "Trim size: 6.000 x 9.000 in" in listing
    assert f"Cover size (full wrap, with bleed): {12.25 + spine:.3f} x 9.250 in" in listing
    width = float(PdfReader(out / "cover.pdf").pages[0].mediabox.width) / PT
    assert abs(width - (12.25 + spine)) <= 0.001
    assert "Interior bleed: no" in listing and "Interior: black and white on white paper" in listing


def test_listing_for_each_paper(small_book: tuple[Path, Path]) -> None:
    config, _ = small_book
    for paper in PAPER_INCHES:
        book = load_config_text(config.read_text(encoding="utf-8").replace("paper: white", f"paper: {paper}"))
        text = listing_text(book, 300, wrap(6 * PT, 9 * PT, 300, paper))
        assert f"Spine width: {300 * PAPER_INCHES[paper]:.4f} in" in text
        assert re.search(r"^Page count: 300$", text, re.M)


def test_cover_command_alone(small_book: tuple[Path, Path], tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    config, _ = small_book
    out = tmp_path / "only"
    assert main(["cover", str(config), "--out", str(out), "--quiet", "--jobs", "1"]) == 0
    assert sorted(p.name for p in out.iterdir()) == ["cover.pdf", "listing.txt", "puzzles.jsonl"]
    assert len(PdfReader(out / "cover.pdf").pages) == 1


def test_holdings_name_kinds_and_levels(small_book: tuple[Path, Path]) -> None:
    config, out = small_book
    lines = holdings(load_config(config), records(out))
    assert lines[0] == "4 puzzles: Hidato and Sudoku"
    assert lines[1] == "Levels: Easy"


@pytest.mark.parametrize(
    ("cover", "message"),
    [
        ("{paper: glossy}", "cover.paper"),
        ("{colors: {text: white}}", "cover.colors.text: must be a colour written '#RRGGBB'"),
        ("{colors: {ink: '#000000'}}", "cover.colors: unknown key 'ink' (allowed: background, text, accent, card)"),
        ("{back_text: ['']}", "cover.back_text"),
    ],
)
def test_bad_cover_settings_are_refused(cover: str, message: str) -> None:
    head, rest = CONFIG.split("cover:\n")
    sections = rest[rest.index("sections:"):]
    with pytest.raises(PuzzleBookError, match=re.escape(message)) as caught:
        load_config_text(f"{head}cover: {cover}\n{sections}", "small.yaml")
    assert "small.yaml, line 6" in str(caught.value)
