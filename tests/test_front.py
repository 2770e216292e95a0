"""Front matter: the copyright page on the back of the title page and the introduction before the
how-to pages, read back from real PDFs with pypdf; and the config fields that feed them."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from pypdf import PdfReader

from pipeline import __version__
from pipeline.kinds.record import PuzzleRecord
from pipeline.book.config import load_config_text
from pipeline.bookspec import BookSpec
from pipeline.errors import PuzzleBookError
from pipeline.typeset import typeset_book
from pipeline.typeset.front import RIGHTS, copyright_paragraphs
from tests.test_typeset import SECTIONS, make_records

LONG = [" ".join(f"Sentence {i} of a long introduction, written to fill more than one page of the book."
                 for i in range(start, start + 15)) for start in range(0, 90, 15)]


@pytest.fixture(scope="module")
def records() -> list[PuzzleRecord]:
    return make_records()


def spec(**changes: object) -> BookSpec:
    data: dict = {"title": "Front Book", "author": "B. Writer", "seed": 42, "sections": SECTIONS}
    data.update(changes)
    return BookSpec.model_validate(data)


def page_texts(tmp_path: Path, book: BookSpec, records: list[PuzzleRecord]) -> list[str]:
    out = tmp_path / "book.pdf"
    typeset_book(book, records, out)
    return [page.extract_text() for page in PdfReader(out).pages]


def flat(text: str) -> str:
    return re.sub(r"\s+", " ", text)


def test_copyright_page_says_who_when_and_how_to_reprint(tmp_path: Path, records: list[PuzzleRecord]) -> None:
    book = spec(copyright={"holder": "Analytical Press", "year": 2026}, isbn="978-0-306-40615-7",
                edition="Second edition, 2027")
    page = flat(page_texts(tmp_path, book, records)[1])
    assert "Copyright \u00a9 2026 Analytical Press" in page
    assert flat(RIGHTS) in page
    assert "ISBN 978-0-306-40615-7" in page and "Second edition, 2027" in page
    assert f"Made with puzzlebook {__version__} from book seed 42" in page


def test_copyright_holder_defaults_to_the_author_and_optional_lines_stay_out() -> None:
    lines = copyright_paragraphs(spec())
    assert lines[:3] == ["Front Book", "Copyright \u00a9 B. Writer", RIGHTS]
    assert not any(line.startswith("ISBN") for line in lines)
    assert len(lines) == 4
    holder_only = load_config_text("title: T\ncopyright: Someone Else\nsections: []\n".replace(
        "sections: []", "sections: [{name: s, kind: hidato, shapes: square:6, difficulty: easy, count: 1}]"))
    assert copyright_paragraphs(holder_only)[1] == "Copyright \u00a9 Someone Else"


def test_introduction_comes_before_the_howto_pages_and_is_listed(tmp_path: Path, records: list[PuzzleRecord]) -> None:
    pages = page_texts(tmp_path, spec(introduction=["First paragraph of the welcome.", "Second one."]), records)
    intro = next(i for i, text in enumerate(pages) if text.lstrip().startswith("Introduction"))
    howto = next(i for i, text in enumerate(pages) if "How to play" in text and "Contents" not in text)
    assert intro < howto
    assert "First paragraph of the welcome." in pages[intro] and "Second one." in pages[intro]
    contents = next(text for text in pages if "Contents" in text)
    assert re.search(rf"Introduction\s+{intro + 1}\b", contents)


def test_a_long_introduction_runs_over_pages_without_losing_a_word(tmp_path: Path, records: list[PuzzleRecord]) -> None:
    pages = page_texts(tmp_path, spec(introduction=[*LONG, "The last paragraph."]), records)
    first = next(i for i, text in enumerate(pages) if text.lstrip().startswith("Introduction"))
    howto = next(i for i, text in enumerate(pages) if "How to play" in text and "Contents" not in text)
    assert howto - first >= 2, "the introduction should need more than one page"
    running = flat(" ".join(pages[first:howto]))
    for i in range(90):
        assert f"Sentence {i} of a" in running  # (a page break may fall inside a sentence)
    assert "The last paragraph." in running


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("isbn: 978-0-306-40615-8", "isbn: must be an ISBN-13 or ISBN-10 with its check digit right"),
        ("isbn: 12345", "isbn: must be an ISBN-13 or ISBN-10"),
        ("isbn: [1]", "isbn: must be text"),
        ("copyright: {year: 26}", "copyright.year: must be from 1000 to 9999"),
        ("copyright: {owner: x}", "copyright: unknown key 'owner'"),
        ("introduction: ['']", "introduction"),
        ("edition: ''", "edition"),
    ],
)
def test_bad_front_matter_settings_are_refused(line: str, message: str) -> None:
    text = f"title: T\n{line}\nsections: [{{name: s, kind: hidato, shapes: square:6, difficulty: easy, count: 1}}]\n"
    with pytest.raises(PuzzleBookError, match=re.escape(message)) as caught:
        load_config_text(text, "front.yaml")
    assert str(caught.value).startswith("front.yaml, line 2")


def test_isbn_10_and_13_with_good_check_digits_pass() -> None:
    for isbn in ("978-0-306-40615-7", "9780306406157", "0-306-40615-2", "0 8044 2957 X"):
        assert spec(isbn=isbn).isbn == isbn
