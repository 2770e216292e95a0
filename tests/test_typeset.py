"""The typesetter on real PDFs read back with pypdf: print rules (embedded fonts, no outlines or
annotations, trim and bleed boxes, 7 pt text and 0.75 pt lines), page planning, reproducible bytes,
atomic writes and layouts refused with a clear error."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from pypdf import PdfReader

from pipeline import __version__
from pipeline.kinds.record import Place, PuzzleRecord
from pipeline.bookspec import BookSpec
from pipeline.errors import PuzzleBookError
from pipeline.kinds import registry
from pipeline.kinds.hidato.board import Board
from pipeline.kinds.hidato.generate import generate
from pipeline.kinds.hidato.solve import solve
from pipeline.shapes import make_mask
from pipeline.typeset import typeset_book
from pipeline.kinds.hidato.textformat import KINDS as ADJACENCY_OF
from pipeline.kinds.hidato.draw import fit_grid
from pipeline.typeset.layout import (
    LARGE_PRINT,
    REGULAR,
    Rect,
    geometry,
    padded_page_count,
    slots,
)

SECTIONS = [
    {"name": "Squares", "kind": "hidato", "shapes": ["square:5", "cross:7"], "difficulty": ["easy", "medium"],
     "count": 4, "per_page": 4},
    {"name": "Paths", "kind": "numbrix", "shapes": "square:6", "difficulty": "medium", "count": 3, "per_page": 6},
]


def spec(**changes: object) -> BookSpec:
    data: dict = {"title": "Test Book", "subtitle": "Number paths", "author": "A. Tester", "sections": SECTIONS}
    data.update(changes)
    return BookSpec.model_validate(data)


@pytest.fixture(scope="module")
def records() -> list[PuzzleRecord]:
    return make_records()


def make_records() -> list[PuzzleRecord]:
    """Real puzzles from the engine, shaped like the lines of puzzles.jsonl, in book order."""
    book = spec()
    out = []
    for s, section in enumerate(book.sections):
        for i in range(1, section.count + 1):
            shape = section.shapes[(i - 1) % len(section.shapes)]
            adjacency = ADJACENCY_OF[section.kind]
            mask = make_mask(shape.name, shape.size, adjacency=adjacency)
            level = section.difficulty[(i - 1) % len(section.difficulty)]
            record = generate(mask, adjacency, level, 100 * s + i, shape=shape.name)
            out.append(PuzzleRecord.from_json({**record, "section": section.name, "index": i, "section_index": s,
                                               "fingerprint": "f"}))
    return out


def serpentine(size: int) -> PuzzleRecord:
    """A hand-made size x size record (1 and N given, the rest empty): only its layout matters here."""
    solution = [[r * size + (c if r % 2 == 0 else size - 1 - c) + 1 for c in range(size)] for r in range(size)]
    grid = [[v if v in (1, size * size) else 0 for v in row] for row in solution]
    return PuzzleRecord("hidato", 1, "hard", grid, solution, {"level": "hard"}, 1,
                        {"adjacency": "king", "shape": "square"}, Place("Squares", 0, 1), "f")


def build(tmp_path: Path, book: BookSpec, records: list[PuzzleRecord], name: str = "book.pdf", **kw: bool) -> PdfReader:
    out = tmp_path / name
    pages = typeset_book(book, records, out, **kw)
    reader = PdfReader(out)
    assert len(reader.pages) == pages
    return reader


def texts(reader: PdfReader) -> list[str]:
    return [page.extract_text() for page in reader.pages]


def test_print_edition_follows_the_print_rules(tmp_path: Path, records: list[PuzzleRecord]) -> None:
    reader = build(tmp_path, spec(), records)
    assert len(reader.pages) >= 24 and len(reader.pages) % 2 == 0
    assert "/Outlines" not in reader.trailer["/Root"]
    for page in reader.pages:
        assert [float(v) for v in page.mediabox] == [0, 0, 612, 792]
        assert [float(v) for v in page.trimbox] == [0, 0, 612, 792]
        assert "/Annots" not in page
        for font in page.get("/Resources", {}).get("/Font", {}).values():
            font = font.get_object()
            assert "Helvetica" not in font["/BaseFont"]
            assert font["/Subtype"] == "/TrueType" and "/FontFile2" in font["/FontDescriptor"]
        content = page.get_contents()
        if content is None:
            continue
        stream = content.get_data().decode("latin-1")
        assert all(float(size) >= 7 for size in re.findall(r"([\d.]+) Tf", stream))
        assert all(float(width) >= 0.75 for width in re.findall(r"([\d.]+) w\b", stream))


def test_pages_in_order_with_numbers_headings_and_answers(tmp_path: Path, records: list[PuzzleRecord]) -> None:
    pages = texts(build(tmp_path, spec(), records))
    assert "Test Book" in pages[0] and "A. Tester" in pages[0]
    # The back of the title page is the copyright page, without a page number.
    assert "Copyright \u00a9 A. Tester" in pages[1] and "All rights reserved." in pages[1]
    assert f"Made with puzzlebook {__version__} from book seed 1" in pages[1]
    assert not re.search(r"^\s*2\s*$", pages[1], re.M)
    assert "Contents" in pages[2] and "Squares" in pages[2] and "Answers" in pages[2]
    assert "How to play Hidato" in pages[3] and "How to play Numbrix" in pages[4]
    first = {name: next(n for n, text in enumerate(pages, 1) if name in text and "Puzzle" in text)
             for name in ("Squares", "Paths")}
    assert all(n % 2 == 1 for n in first.values()), first  # sections start on a right-hand page
    for number in range(1, len(records) + 1):
        assert any(f"Puzzle {number}" in text for text in pages[first["Squares"] - 1:])
    answers = next(n for n, text in enumerate(pages, 1) if text.lstrip().startswith("Answers"))
    assert answers % 2 == 1 and answers > first["Paths"]
    assert "Puzzle 7" in "".join(pages[answers - 1:])
    assert str(answers) in pages[answers - 1].split()  # its page number


def test_howto_page_explains_the_difficulty_scale(tmp_path: Path, records: list[PuzzleRecord]) -> None:
    howto = " ".join(texts(build(tmp_path, spec(), records))[3].split())
    for level in ("Easy:", "Medium:", "Hard:", "Expert:"):
        assert level in howto
    assert "hardest reasoning" in howto and "try a number" in howto


def test_contents_page_is_optional(tmp_path: Path, records: list[PuzzleRecord]) -> None:
    pages = texts(build(tmp_path, spec(contents=False), records))
    assert "How to play Hidato" in pages[2]
    assert not any("Contents" in text for text in pages)


def test_answers_after_each_section(tmp_path: Path, records: list[PuzzleRecord]) -> None:
    pages = texts(build(tmp_path, spec(answers={"where": "section", "per_page": 4}), records))
    assert "Answers: Squares" in pages[2]  # listed in the contents
    order = [next(n for n, text in enumerate(pages) if n > 2 and heading in text)
             for heading in ("Puzzle 1", "Answers: Squares", "Puzzle 5", "Answers: Paths")]
    assert order == sorted(order)


def test_bleed_mirrors_the_trim_away_from_the_spine(tmp_path: Path, records: list[PuzzleRecord]) -> None:
    reader = build(tmp_path, spec(page={"size": "6x9", "bleed": True, "outside": "0.375in"}), records)
    recto, verso = reader.pages[0], reader.pages[1]
    for page in (recto, verso):
        assert [float(v) for v in page.mediabox] == [0, 0, 441, 666]
        assert [float(v) for v in page.bleedbox] == [0, 0, 441, 666]
    assert [float(v) for v in recto.trimbox] == [0, 9, 432, 657]
    assert [float(v) for v in verso.trimbox] == [9, 9, 441, 657]


def test_a4_page_size(tmp_path: Path, records: list[PuzzleRecord]) -> None:
    box = build(tmp_path, spec(page={"size": "a4"}), records).pages[5].mediabox
    assert (round(float(box.width)), round(float(box.height))) == (595, 842)


def test_mirrored_margins_put_the_gutter_on_the_spine_side() -> None:
    geo = geometry(spec(page={"inside": "1in", "outside": "0.5in"}).page, 24)
    assert geo.frame(1).x == 72 and geo.frame(1).right == 612 - 36
    assert geo.frame(2).x == 36 and geo.frame(2).right == 612 - 72
    assert geometry(spec().page, 24).inside == 27 and geometry(spec().page, 400).inside == 45


def test_page_count_padding() -> None:
    assert [padded_page_count(n) for n in (1, 23, 24, 25, 101)] == [24, 24, 24, 26, 102]


def test_screen_edition_has_bookmarks(tmp_path: Path, records: list[PuzzleRecord]) -> None:
    reader = build(tmp_path, spec(), records, screen=True)
    titles = [entry.title for entry in reader.outline]
    assert titles[:2] == ["Test Book", "Contents"]
    assert {"Squares", "Paths", "Answers", "How to play Hidato"} <= set(titles)
    assert all("/Annots" not in page for page in reader.pages)


def test_same_input_same_bytes(tmp_path: Path, records: list[PuzzleRecord]) -> None:
    for screen in (False, True):
        book = spec(large_print=True, answers={"per_page": 4})
        build(tmp_path, book, records, "a.pdf", screen=screen)
        build(tmp_path, book, records, "b.pdf", screen=screen)
        assert (tmp_path / "a.pdf").read_bytes() == (tmp_path / "b.pdf").read_bytes()


def test_failed_typeset_leaves_the_old_book_and_no_temp_file(tmp_path: Path, records: list[PuzzleRecord]) -> None:
    out = tmp_path / "book.pdf"
    typeset_book(spec(), records, out)
    before = out.read_bytes()
    big, six = [serpentine(16)], spec(sections=[{**SECTIONS[0], "per_page": 6}], answers={"per_page": 4})
    with pytest.raises(PuzzleBookError) as error:
        typeset_book(six, big, out)
    assert error.value.field == "sections[0].per_page" and "section 'Squares'" in str(error.value)
    assert out.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["book.pdf"]
    advice = int(re.search(r"use per_page: (\d)", str(error.value))[1])
    typeset_book(spec(sections=[{**SECTIONS[0], "per_page": advice}], answers={"per_page": 4}), big, out)


def test_answers_too_small_name_their_field(tmp_path: Path) -> None:
    sections = [{**SECTIONS[0], "per_page": 1}]
    with pytest.raises(PuzzleBookError) as error:
        typeset_book(spec(sections=sections, answers={"per_page": 12}), [serpentine(14)], tmp_path / "x.pdf")
    assert error.value.field == "answers.per_page" and "use per_page: 4" in str(error.value)
    assert not list(tmp_path.iterdir())


def test_large_print_numbers_are_bigger_and_must_fit(tmp_path: Path) -> None:
    box = slots(Rect(0, 0, 540, 650), 4, 16)[0]
    grid = serpentine(8).grid
    assert fit_grid(grid, box, LARGE_PRINT).number_size > fit_grid(grid, box, REGULAR).number_size
    sections = [{**SECTIONS[0], "per_page": 6}]
    with pytest.raises(PuzzleBookError, match="in large print"):
        book = spec(sections=sections, large_print=True, page={"size": "6x9"})
        typeset_book(book, [serpentine(12)], tmp_path / "x.pdf")


def test_records_must_come_in_book_order(tmp_path: Path, records: list[PuzzleRecord]) -> None:
    with pytest.raises(ValueError, match="book order"):
        typeset_book(spec(), records[::-1], tmp_path / "x.pdf")


@pytest.mark.parametrize("kind", ["hidato", "numbrix"])
def test_worked_examples_are_unique_puzzles(kind: str) -> None:
    path_kind = registry.kind(kind)
    howto = path_kind.guide
    result = solve(Board.from_json(howto.puzzle, path_kind.adjacency), limit=2)
    assert result.status == "unique"
    assert result.solutions[0] == tuple(tuple(row) for row in howto.solution)


def test_holes_shade_enclosed_blocked_cells_but_not_the_outline() -> None:
    from pipeline.shapes import make_mask
    from pipeline.kinds.hidato.draw import holes

    mirror = [[0 if is_open else None for is_open in row] for row in make_mask("mirror", 5)]
    assert holes(mirror) == [(1, 1), (2, 2), (3, 3)]
    cross = [[0 if is_open else None for is_open in row] for row in make_mask("cross", 5)]
    assert holes(cross) == []
