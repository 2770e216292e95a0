"""Fonts: the shipped DejaVu faces cover what the books print, a config's own fonts are embedded and
subset, and a font that lacks a character the book prints (or is no usable font) is refused with its
name, the characters and exit code 2, before anything is written. Fonts for the tests are made here
with fontTools from the shipped DejaVu file, so the tests need no font installed on the machine."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from fontTools import subset
from fontTools.fontBuilder import FontBuilder
from fontTools.pens.t2CharStringPen import T2CharStringPen
from pypdf import PdfReader

from pipeline.book.build import build
from pipeline.book.config import load_config_text
from pipeline.cli import main
from pipeline.errors import PuzzleBookError
from pipeline.typeset.fonts import DEJAVU, DEJAVU_BOLD, characters

LETTERS = {
    "en": "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789–·…©",
    "es": "áéíóúüñÁÉÍÓÚÜÑ¿¡«»",
    "de": "äöüßÄÖÜẞ„“‚‘",
    "fr": "àâæçéèêëîïôœùûüÿÀÂÆÇÉÈÊËÎÏÔŒÙÛÜŸ«» ",
    "it": "àèéìíîòóùúÀÈÉÌÒÙ",
}
"""Letters and marks the five languages print (their alphabets, quotes and the typographic signs)."""
CONFIG = """\
title: TITLE
author: A. Font
seed: 2
FONTS
page: {size: 6x9}
sections:
  - {name: Squares, kind: hidato, shapes: square:6, difficulty: easy, count: 2}
"""


def config(folder: Path, title: str = "Font Book", fonts: str = "") -> Path:
    path = folder / "fonts.yaml"
    path.write_text(CONFIG.replace("TITLE", title).replace("FONTS", fonts), encoding="utf-8")
    return path


def ascii_only(folder: Path) -> Path:
    """DejaVu Sans cut down to printable ASCII: a real font that lacks every accented letter."""
    out = folder / "AsciiSans.ttf"
    options = subset.Options()
    font = subset.load_font(str(DEJAVU), options)
    cutter = subset.Subsetter(options)
    cutter.populate(unicodes=range(0x20, 0x7F))
    cutter.subset(font)
    subset.save_font(font, str(out), options)
    return out


def cff_font(folder: Path) -> Path:
    """A tiny OpenType font with PostScript (CFF) outlines, which the PDF writer cannot embed."""
    builder = FontBuilder(1000, isTTF=False)
    builder.setupGlyphOrder([".notdef", "zero"])
    builder.setupCharacterMap({ord("0"): "zero"})
    pen = T2CharStringPen(500, None)
    pen.moveTo((0, 0))
    pen.lineTo((0, 700))
    pen.lineTo((500, 700))
    pen.closePath()
    strings = {".notdef": pen.getCharString(), "zero": pen.getCharString()}
    builder.setupCFF("Tiny", {"FullName": "Tiny"}, strings, {})
    builder.setupHorizontalMetrics({".notdef": (500, 0), "zero": (500, 0)})
    builder.setupHorizontalHeader(ascent=800, descent=-200)
    builder.setupNameTable({"familyName": "Tiny", "styleName": "Regular"})
    builder.setupOS2()
    builder.setupPost()
    out = folder / "Tiny.otf"
    builder.save(str(out))
    return out


@pytest.mark.parametrize("language", sorted(LETTERS))
def test_the_shipped_fonts_cover_every_language(language: str) -> None:
    for font in (DEJAVU, DEJAVU_BOLD):
        lacking = [ch for ch in LETTERS[language] if ord(ch) not in characters(str(font))]
        assert lacking == [], f"{font.name} lacks {lacking} for {language}"


def test_a_config_font_is_embedded_and_subset(tmp_path: Path) -> None:
    mine = tmp_path / "fonts" / "MySans.ttf"
    mine.parent.mkdir()
    shutil.copy(DEJAVU, mine)
    path = config(tmp_path, fonts="fonts: {text: fonts/MySans.ttf, numbers: fonts/MySans.ttf}")
    build(path, out_dir=tmp_path / "out", quiet=True, jobs=1, backend="sequential")
    for name in ("book.pdf", "cover.pdf"):
        reader = PdfReader(tmp_path / "out" / name)
        for page in reader.pages:
            for ref in page["/Resources"].get("/Font", {}).values():
                font = ref.get_object()
                assert "/FontFile2" in font["/FontDescriptor"], font["/BaseFont"]
                assert re.fullmatch(r"/[A-Z]{6}\+.+", font["/BaseFont"])


def test_a_font_without_a_printed_character_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    ascii_only(tmp_path)
    path = config(tmp_path, title="Grüße aus Köln", fonts="fonts: {text: AsciiSans.ttf}")
    out = tmp_path / "out"
    with pytest.raises(PuzzleBookError) as caught:
        build(path, out_dir=out, quiet=True, jobs=1, backend="sequential")
    message = str(caught.value)
    assert message.startswith(f"{path}, line 4, fonts.text: the font 'AsciiSans.ttf' has no glyph for ")
    for ch in "üßö©":  # the title's letters, and the copyright page's sign
        assert f"{ch!r} (U+{ord(ch):04X})" in message
    # Found before any puzzle is made: the whole book is typeset in memory on blank boards first.
    assert not (out / "puzzles.jsonl").exists() and not (out / "book.pdf").exists()
    assert main(["build", str(path), "--out", str(out), "--quiet", "--jobs", "1"]) == 2
    err = capsys.readouterr().err
    assert "no glyph for" in err and "U+00FC" in err and "Traceback" not in err


def test_the_numbers_font_must_have_the_digits(tmp_path: Path) -> None:
    ascii_only(tmp_path)
    folder = tmp_path / "letters"
    folder.mkdir()
    options = subset.Options()
    font = subset.load_font(str(DEJAVU), options)
    cutter = subset.Subsetter(options)
    cutter.populate(unicodes=[ord(ch) for ch in "abcdefghijklmnopqrstuvwxyz "])
    cutter.subset(font)
    subset.save_font(font, str(folder / "Letters.ttf"), options)
    path = config(tmp_path, fonts="fonts: {numbers: letters/Letters.ttf}")
    with pytest.raises(PuzzleBookError, match=r"fonts.numbers: the font 'letters/Letters\.ttf' has no glyph for '0' \(U\+0030\) '1'"):
        build(path, out_dir=tmp_path / "out", quiet=True, jobs=1, backend="sequential")


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda folder: (folder / "fake.ttf").write_text("not a font", encoding="utf-8"),
         "is not a TrueType or OpenType font"),
        (lambda folder: cff_font(folder), "PostScript (CFF) outlines, which the PDF writer cannot embed"),
        (lambda folder: None, "no such font file"),
    ],
)
def test_files_that_cannot_serve_are_config_errors(tmp_path: Path, make, message: str) -> None:
    made = make(tmp_path)
    name = made.name if isinstance(made, Path) else "fake.ttf" if "TrueType" in message else "missing.ttf"
    text = CONFIG.replace("TITLE", "T").replace("FONTS", f"fonts: {{text: {name}}}")
    with pytest.raises(PuzzleBookError, match=re.escape(message)) as caught:
        load_config_text(text, str(tmp_path / "book.yaml"))
    assert str(caught.value).startswith(f"{tmp_path / 'book.yaml'}, line 4, fonts.text:")
