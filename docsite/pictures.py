"""Which pictures of the shipped books the manual shows, and how each is rendered from a built book.

A picture names a shipped config and what it shows: its cover, the how-to page of a kind, the page a
puzzle prints on or the page its answer prints on. It is rendered with pypdfium2 from the built
book.pdf or cover.pdf (pipeline/raster.py, the studio's renderer), so every picture in README.md and
docs/ is a picture of what the current code prints: the golden tests render them again from the
books they pin and compare.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pipeline.book.store import CHECKPOINT
from pipeline.book.config import config_folder, load_config_text
from pipeline.book.store import read_records
from pipeline.bookspec import BookSpec
from pipeline.raster import pdf_file_image, png
from pipeline.typeset import book_fonts
from pipeline.typeset.book import Page, plan_pages
from pipeline.typeset.layout import style_for
from pipeline.typeset.placement import Placement, placements
from pipeline.kinds.record import PuzzleRecord

ROOT = Path(__file__).resolve().parent.parent
CONFIGS = ROOT / "configs"
DOCS = ROOT / "docs"
GALLERY = "gallery"
"""The gallery's pictures, under docs/."""
PAGE_WIDTH = 680
"""Pixels across a page: a 6x9 page at about 113 dpi, a letter page at 80 (a grid still reads)."""
COVER_WIDTH = 1100
"""Pixels across a full-wrap cover (back, spine and front)."""


@dataclass(frozen=True)
class Picture:
    """One picture the manual shows: `file` under docs/, of shipped book `book`."""

    file: str
    book: str
    shows: str
    """"cover", "howto KIND" (its how-to page), "puzzle N" or "answers N" (the page puzzle N, in book
    order from 1, or its answer prints on)."""
    width: int = PAGE_WIDTH


EXTRA = (
    Picture("wordsearch/page-heart.png", "wordsearch", "puzzle 7"),
    Picture("wordsearch/answers.png", "wordsearch", "answers 13"),
    Picture("wordsearch/page-expert.png", "wordsearch", "puzzle 23"),
    Picture("wordsearch/howto.png", "wordsearch", "howto wordsearch"),
    Picture("wordsearch/page-spanish.png", "sopa-de-letras-es", "puzzle 9"),
    Picture("wordsearch/cover.png", "wordsearch", "cover", COVER_WIDTH),
    Picture("maze/page-first.png", "mazes", "puzzle 1"),
    Picture("maze/page-round.png", "mazes", "puzzle 19"),
    Picture("maze/page-big.png", "mazes", "puzzle 32"),
    Picture("maze/answers.png", "mazes", "answers 9"),
    Picture("maze/howto.png", "mazes", "howto maze"),
    Picture("maze/cover.png", "mazes", "cover", COVER_WIDTH),
    Picture("variants/page-killer6.png", "sudoku-variants", "puzzle 1"),
    Picture("variants/page-killer.png", "sudoku-variants", "puzzle 13"),
    Picture("variants/page-jigsaw.png", "sudoku-variants", "puzzle 16"),
    Picture("variants/page-x.png", "sudoku-variants", "puzzle 28"),
    Picture("variants/answers.png", "sudoku-variants", "answers 13"),
    Picture("variants/howto-killer.png", "sudoku-variants", "howto killer"),
    Picture("variants/cover.png", "sudoku-variants", "cover", COVER_WIDTH),
    Picture("crosswords/page-crossword.png", "crosswords", "puzzle 6"),
    Picture("crosswords/page-expert.png", "crosswords", "puzzle 10"),
    Picture("crosswords/page-fillin.png", "crosswords", "puzzle 14"),
    Picture("crosswords/answers.png", "crosswords", "answers 1"),
    Picture("crosswords/answers-fillin.png", "crosswords", "answers 14"),
    Picture("crosswords/howto-crossword.png", "crosswords", "howto crossword"),
    Picture("crosswords/howto-fillin.png", "crosswords", "howto fillin"),
    Picture("crosswords/page-german.png", "kreuzwortraetsel-de", "puzzle 3"),
    Picture("crosswords/cover.png", "crosswords", "cover", COVER_WIDTH),
    Picture("nonograms/page-easy.png", "nonograms", "puzzle 1"),
    Picture("nonograms/page-hints.png", "nonograms", "puzzle 6"),
    Picture("nonograms/page-expert.png", "nonograms", "puzzle 14"),
    Picture("nonograms/answers.png", "nonograms", "answers 1"),
    Picture("nonograms/howto.png", "nonograms", "howto nonogram"),
)
"""Pictures beyond the gallery's, shown by the pages on one kind."""


@dataclass(frozen=True)
class BuiltBook:
    """A shipped config with what its build left in `out`: the records and the page plan."""

    name: str
    book: BookSpec
    out: Path
    records: list[PuzzleRecord]
    places: list[Placement]
    pages: list[Page]


def shipped_books() -> list[str]:
    """Every shipped config's name, sorted."""
    return sorted(path.stem for path in CONFIGS.glob("*.yaml"))


def read_built(name: str, out: Path) -> BuiltBook:
    """The book of configs/NAME.yaml as built into `out` (book.pdf, cover.pdf, puzzles.jsonl)."""
    config = str(CONFIGS / f"{name}.yaml")
    book = load_config_text(Path(config).read_text(encoding="utf-8"), config)
    fonts = book_fonts(book.fonts.files(config_folder(config)), book.fonts.shown())
    records, _ = read_records(out / CHECKPOINT)
    pages = plan_pages(book, records, style_for(book.large_print, fonts))
    return BuiltBook(name, book, out, records, placements(book, records, fonts=fonts), pages)


def shown_puzzle(built: BuiltBook) -> int:
    """The puzzle the gallery shows: the first of the book's last section (usually its hardest)."""
    last = built.records[-1].section_index
    return next(n for n, record in enumerate(built.records, 1) if record.section_index == last)


def gallery_pictures(built: BuiltBook) -> list[Picture]:
    """The gallery's three pictures of a book: its cover, the page of `shown_puzzle` and the page
    with its answer."""
    number = shown_puzzle(built)
    return [
        Picture(f"{GALLERY}/{built.name}-cover.png", built.name, "cover", COVER_WIDTH),
        Picture(f"{GALLERY}/{built.name}-puzzles.png", built.name, f"puzzle {number}"),
        Picture(f"{GALLERY}/{built.name}-answers.png", built.name, f"answers {number}"),
    ]


def pictures_of(built: BuiltBook) -> list[Picture]:
    """Every picture of this book the manual shows."""
    return gallery_pictures(built) + [picture for picture in EXTRA if picture.book == built.name]


def page_number(built: BuiltBook, shows: str) -> int:
    """The page (from 1) of book.pdf that `shows` names."""
    what, _, argument = shows.partition(" ")
    if what == "howto":
        return next(n for n, page in enumerate(built.pages, 1) if page.role == "howto" and page.kind == argument)
    place = built.places[int(argument) - 1]
    if what == "puzzle":
        return place.puzzle.page
    if what == "answers":
        return place.answer.page
    raise ValueError(f"a picture shows 'cover', 'howto KIND', 'puzzle N' or 'answers N', not {shows!r}")


def render(picture: Picture, built: BuiltBook) -> bytes:
    """The picture as PNG bytes, rendered from the built PDFs."""
    if picture.shows == "cover":
        image = pdf_file_image(built.out / "cover.pdf", 0, width=picture.width)
    else:
        image = pdf_file_image(built.out / "book.pdf", page_number(built, picture.shows) - 1, width=picture.width)
    return png(image)
