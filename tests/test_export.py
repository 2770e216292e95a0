"""`puzzlebook export`: a file per puzzle (and answer), drawn by the book's code at its printed size.

Checked on real files: the count and names, the dpi a PNG records, SVG that parses and keeps its
numbers as text in the named font, a one-page PDF with its font embedded, and a puzzle cropped from
the rendered book page matching its export pixel for pixel (up to anti-aliasing).
"""

from __future__ import annotations

import io
import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from PIL import Image, ImageChops, ImageFilter
from pypdf import PdfReader

from pipeline.book.store import read_records
from pipeline.kinds.record import PuzzleRecord
from pipeline.book.config import load_config
from pipeline.book.export import book_records, file_batch, slug
from pipeline.cli.main import main
from pipeline.errors import PuzzleBookError
from pipeline.raster import pdf_file_image
from pipeline.typeset.placement import placements
from pipeline.typeset.single import MARGIN

DATA = Path(__file__).parent / "data"
SVG = "{http://www.w3.org/2000/svg}"
DPI = 150


@pytest.fixture(scope="module")
def book(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A tiny book of three kinds, built and exported once as PNG at DPI with answers."""
    folder = tmp_path_factory.mktemp("export")
    (folder / "tiny.yaml").write_text((DATA / "tiny-three-kinds.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    with pytest.MonkeyPatch.context() as patch:
        patch.chdir(folder)
        assert main(["export", "tiny.yaml", "--dpi", str(DPI), "--solutions", "--quiet"]) == 0
    return folder


def _records(folder: Path) -> list[PuzzleRecord]:
    return read_records(folder / "output" / "tiny" / "puzzles.jsonl")[0]


def test_every_puzzle_and_answer_is_a_file_named_by_section_and_number(book: Path) -> None:
    records = _records(book)
    files = sorted(path.name for path in (book / "output" / "tiny" / "export").iterdir())
    expected = sorted(name for i, record in enumerate(records, 1)
                      for name in (f"{slug(record.section)}-{i:03d}.png", f"{slug(record.section)}-{i:03d}-answer.png"))
    assert files == expected
    assert "warm-up-001.png" in files and "sudoku-013-answer.png" in files


def test_the_checkpoint_is_read_as_every_reader_reads_it_a_torn_last_line_left_out(book: Path, tmp_path: Path) -> None:
    """A half-written line after the book's records (another build appending) is left out, not a crash;
    a book record cut off is an error naming the file, never a book exported with a puzzle missing."""
    lines = (book / "output" / "tiny" / "puzzles.jsonl").read_bytes().splitlines(keepends=True)
    book_lines = [json.loads(line) for line in lines]
    for record in book_lines:
        del record["checksum"]
    torn = tmp_path / "puzzles.jsonl"
    torn.write_bytes(b"".join(lines) + lines[0][: len(lines[0]) // 2])
    assert [record.to_json() for record in book_records(torn, len(lines))] == book_lines
    torn.write_bytes(b"".join(lines[:-1]) + lines[-1][:-9])
    with pytest.raises(PuzzleBookError) as caught:
        book_records(torn, len(lines))
    assert caught.value.source == str(torn)
    assert f"holds {len(lines) - 1} readable puzzles but the book has {len(lines)}" in caught.value.message
    assert f"line {len(lines)}: cut off" in caught.value.message


def test_a_png_records_its_dpi_and_is_the_printed_size(book: Path) -> None:
    config = load_config(book / "tiny.yaml")
    records = _records(book)
    place = placements(config, records)[0]
    with Image.open(book / "output" / "tiny" / "export" / "warm-up-001.png") as image:
        dpi = image.info["dpi"]
        assert round(dpi[0]) == round(dpi[1]) == DPI
        assert abs(image.width - (place.puzzle.drawn.w + 2 * MARGIN) * DPI / 72) <= 1
        assert abs(image.height - (place.puzzle.drawn.h + 2 * MARGIN) * DPI / 72) <= 1


def _blurred_difference(page: Image.Image, left: float, top: float, export: Image.Image) -> int:
    """The largest difference between `export` and the page at (left, top) pixels, each blurred a little
    (anti-aliasing differs at other sub-pixel offsets), at the best whole-pixel alignment nearby."""
    ours = export.convert("L").filter(ImageFilter.GaussianBlur(2))
    best = 255
    for dx in (-1, 0, 1):
        for dy in (-1, 0, 1):
            x, y = round(left) + dx, round(top) + dy
            crop = page.crop((x, y, x + export.width, y + export.height)).convert("L").filter(ImageFilter.GaussianBlur(2))
            best = min(best, ImageChops.difference(crop, ours).getextrema()[1])
    return best


@pytest.mark.slow  # renders a book page for every puzzle and answer to compare it with the export
def test_a_puzzle_cropped_from_the_book_page_is_its_export(book: Path) -> None:
    config = load_config(book / "tiny.yaml")
    records = _records(book)
    out = book / "output" / "tiny"
    scale = DPI / 72
    stems = [f"{slug(record.section)}-{i:03d}" for i, record in enumerate(records, 1)]
    for i, place in enumerate(placements(config, records)):
        neighbour = i + 1 if i + 1 < len(records) and records[i + 1].section == records[i].section else i - 1
        for answer in (False, True):
            spot = place.answer if answer else place.puzzle
            page = pdf_file_image(out / "book.pdf", spot.page - 1, dpi=DPI)
            left = (spot.drawn.x - MARGIN) * scale
            top = page.height - (spot.drawn.y + spot.drawn.h + MARGIN) * scale
            tail = "-answer.png" if answer else ".png"
            with Image.open(out / "export" / f"{stems[i]}{tail}") as export:
                assert _blurred_difference(page, left, top, export.convert("RGB")) < 100, stems[i]
            with Image.open(out / "export" / f"{stems[neighbour]}{tail}") as wrong:  # the check can fail
                assert _blurred_difference(page, left, top, wrong.convert("RGB")) >= 100, stems[i]


def test_svg_is_vectors_with_the_numbers_as_text_in_the_books_font(book: Path, tmp_path: Path) -> None:
    with pytest.MonkeyPatch.context() as patch:
        patch.chdir(book)
        assert main(["export", "tiny.yaml", "--format", "svg", "-o", str(tmp_path), "--quiet"]) == 0
    records = _records(book)
    files = sorted(tmp_path.glob("*.svg"))
    assert len(files) == len(records)
    root = ET.parse(tmp_path / "warm-up-001.svg").getroot()
    assert root.tag == f"{SVG}svg" and not root.findall(f".//{SVG}image")
    texts = root.findall(f".//{SVG}text")
    shown = {text.text for text in texts}
    faces = {group.get("font-family") for group in root.iter(f"{SVG}g") if group.find(f"{SVG}text") is not None}
    givens = {str(v) for row in records[0].grid for v in row if v}
    assert givens <= shown and "Puzzle 1" in shown
    assert faces == {"DejaVu Sans"}  # every text sits in a group that names its face
    assert root.findall(f".//{SVG}path")


def test_pdf_is_one_page_with_its_font_embedded(book: Path, tmp_path: Path) -> None:
    with pytest.MonkeyPatch.context() as patch:
        patch.chdir(book)
        assert main(["export", "tiny.yaml", "--format", "pdf", "--solutions", "-o", str(tmp_path), "--quiet"]) == 0
    reader = PdfReader(tmp_path / "sudoku-010.pdf")
    assert len(reader.pages) == 1
    assert "Puzzle 10" in reader.pages[0].extract_text()
    fonts = reader.pages[0]["/Resources"]["/Font"]
    for ref in fonts.values():
        descriptor = ref.get_object()["/FontDescriptor"].get_object()
        assert "/FontFile2" in descriptor and "DejaVuSans" in descriptor["/FontName"]
    assert not [p for p in tmp_path.iterdir() if p.suffix not in (".pdf",)]  # no temporary file left behind


def test_a_puzzle_file_is_exported_once_each_puzzle_is_proved(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    first, second = " . 12  2  1\n .  . 14  .\n 9 16  .  .\n 8  .  .  .\n", " 6  .  .  2\n 7  .  1  .\n 9  .  . 16\n . 11 15 14\n"
    good = tmp_path / "two.txt"
    good.write_text(f"{first}\n{second}", encoding="utf-8")
    assert main(["export", str(good), "--format", "svg", "--solutions", "-o", str(tmp_path / "out"), "--quiet"]) == 0
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == [
        "two-001-answer.svg", "two-001.svg", "two-002-answer.svg", "two-002.svg"]
    bad = tmp_path / "open.txt"
    bad.write_text(f"{first}\n 1  .  .  .\n .  .  .  .\n .  .  .  .\n .  .  . 16\n", encoding="utf-8")
    assert main(["export", str(bad), "-o", str(tmp_path / "none")]) == 2
    error = capsys.readouterr().err
    assert "open.txt, line 6" in error and "puzzle 2 has more than one solution" in error
    assert not (tmp_path / "none").exists() or not list((tmp_path / "none").iterdir())


def test_a_puzzle_files_kind_is_guessed_from_its_start(tmp_path: Path) -> None:
    """Without --kind the file's first bytes (read as text, a byte-order mark dropped) name its kind."""
    line = json.loads((DATA / "sudoku.jsonl").read_text(encoding="utf-8").splitlines()[0])["puzzle"]
    path = tmp_path / "one.txt"
    path.write_bytes(b"\xef\xbb\xbf" + line.encode() + b"\n")
    batch = file_batch(str(path))
    assert [(item.kind, item.stem) for item in batch.items] == [("sudoku", "one-001")]


@pytest.mark.parametrize("argv, words", [
    (["--dpi", "20"], "--dpi: the dpi must be from 36 to 1200"),
    (["--format", "gif"], "invalid choice: 'gif'"),
    (["--kind", "sudoku"], "--kind is for a puzzle file"),
])
def test_bad_flags_are_refused_with_exit_2(book: Path, argv: list[str], words: str,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.MonkeyPatch.context() as patch:
        patch.chdir(book)
        assert main(["export", "tiny.yaml", *argv]) == 2
    assert words in capsys.readouterr().err
