"""Pictures of one thing at a time (typeset/single.py) are the book's own drawing: a section's first
page as previewed is, text and page box alike, that page of the built book; a puzzle drawn alone is
its board's size."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from pypdf import PdfReader

from pipeline.book.store import read_records
from pipeline.book.config import load_config
from pipeline.typeset.single import puzzle_pdf, section_page_pdf


@pytest.fixture
def built(tiny_book: tuple[Path, Path]) -> tuple[Path, Path]:
    """tests/data/tiny-three-kinds.yaml, built once for the session (tests/conftest.py): (config, output)."""
    return tiny_book


def _texts(pdf: bytes | Path) -> list[str]:
    reader = PdfReader(pdf if isinstance(pdf, Path) else io.BytesIO(pdf))
    return [page.extract_text() for page in reader.pages]


@pytest.mark.parametrize("section", [0, 1, 2])
def test_a_sections_first_page_preview_is_that_page_of_the_book(built: tuple[Path, Path], section: int) -> None:
    config, out = built
    book = load_config(config)
    records, _ = read_records(out / "puzzles.jsonl")
    own = [r for r in records if r.section_index == section]
    preview = section_page_pdf(book, section, own)
    text = _texts(preview)
    assert len(text) == 1
    pages = _texts(out / "book.pdf")
    assert text[0] in pages
    number = pages.index(text[0])
    book_page = PdfReader(out / "book.pdf").pages[number]
    preview_page = PdfReader(io.BytesIO(preview)).pages[0]
    assert preview_page.mediabox == book_page.mediabox and preview_page.trimbox == book_page.trimbox
    assert book.sections[section].name in text[0]


def test_a_section_page_needs_its_first_puzzles(built: tuple[Path, Path]) -> None:
    config, out = built
    book = load_config(config)
    records, _ = read_records(out / "puzzles.jsonl")
    with pytest.raises(ValueError, match="first 4 puzzles"):
        section_page_pdf(book, 2, [r for r in records if r.section_index == 2][:2])


def test_a_puzzle_drawn_alone_is_its_boards_size(built: tuple[Path, Path]) -> None:
    _, out = built
    record = json.loads((out / "puzzles.jsonl").read_text().splitlines()[0])
    page = PdfReader(io.BytesIO(puzzle_pdf(record["kind"], record["grid"], cell=20.0))).pages[0]
    assert (float(page.mediabox.width), float(page.mediabox.height)) == (6 * 20 + 12, 6 * 20 + 12)
    labelled = PdfReader(io.BytesIO(puzzle_pdf(record["kind"], record["grid"], cell=20.0, label="Puzzle 1"))).pages[0]
    assert float(labelled.mediabox.height) > 6 * 20 + 12 and "Puzzle 1" in labelled.extract_text()
    answer = PdfReader(io.BytesIO(puzzle_pdf(record["kind"], record["grid"], solution=record["solution"]))).pages[0]
    assert "36" in answer.extract_text()
