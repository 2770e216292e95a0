"""Languages: every catalog translates every message the code marks (and nothing else), keeps its
placeholders, and the shipped fonts have every letter it prints; books in Spanish and German hold no
English label, with numbers written the local way. PDFs are read back with pypdf."""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po
from pypdf import PdfReader

from pipeline.book.config import load_config_text
from pipeline.errors import PuzzleBookError
from pipeline.i18n import (
    KEYWORDS,
    LOCALE_DIR,
    Words,
    catalog_path,
    languages,
    ngettext_,
)
from pipeline.typeset.fonts import DEJAVU, DEJAVU_BOLD, characters

ROOT = Path(__file__).resolve().parent.parent
TRANSLATED = [language for language in languages() if language != "en"]
PLACEHOLDER = re.compile(r"\{[a-z_]+\}")


@functools.cache
def code_messages() -> frozenset[str | tuple[str, str]]:
    """Every message the code marks, as Babel's extractor finds them (read once per session)."""
    found: set[str | tuple[str, str]] = set()
    for _, _, message, _, _ in extract_from_dir(str(ROOT / "pipeline"), method_map=[("**.py", "python")],
                                                keywords=KEYWORDS):
        found.add(message if isinstance(message, str) else tuple(message))
    return frozenset(found)


def catalog(language: str):
    with catalog_path(language).open("rb") as handle:
        return read_po(handle, locale=language)


def test_five_languages_ship() -> None:
    assert set(languages()) >= {"en", "es", "de", "fr", "it"}
    assert len(code_messages()) > 60


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_catalog_translates_every_message_and_nothing_else(language: str) -> None:
    messages = code_messages()
    entries = {(m.id if isinstance(m.id, str) else tuple(m.id)): m for m in catalog(language) if m.id}
    assert sorted(map(str, messages - set(entries))) == [], f"{language} lacks these messages"
    assert sorted(map(str, set(entries) - messages)) == [], f"{language} has messages the code no longer has"
    for key, entry in entries.items():
        assert not entry.fuzzy, (language, key)
        strings = [entry.string] if isinstance(entry.string, str) else list(entry.string)
        assert all(s.strip() for s in strings), (language, key, "untranslated")
        wanted = set(PLACEHOLDER.findall(" ".join(key if isinstance(key, tuple) else [key])))
        for text in strings:
            assert set(PLACEHOLDER.findall(text)) == wanted, (language, key, text)


@pytest.mark.parametrize("language", TRANSLATED)
def test_the_shipped_fonts_have_every_letter_of_every_catalog(language: str) -> None:
    text = "".join(s for m in catalog(language) if m.id
                   for s in ([m.string] if isinstance(m.string, str) else m.string))
    for font in (DEJAVU, DEJAVU_BOLD):
        lacking = sorted({ch for ch in text if ch.isprintable() and ord(ch) not in characters(str(font))})
        assert lacking == [], f"{font.name} lacks {lacking} for {language}"


def test_numbers_plurals_and_lists_follow_the_locale() -> None:
    assert Words("en").number(1234.5, 1) == "1,234.5"
    assert Words("de").number(1234.5, 1) == "1.234,5"
    assert Words("es").number(0.125, 3) == "0,125"
    assert Words("fr").number(1234, 0).replace("\u202f", " ") == "1 234"
    forms = ngettext_("puzzle {span}", "puzzles {span}")
    assert Words("fr").plural(forms, 1, span="3") == "grille 3"
    assert Words("fr").plural(forms, 2, span="3–4") == "grilles 3–4"
    assert Words("de").plural(forms, 2, span="3–4") == "Rätsel 3–4"
    assert Words("it").listing(["Hidato", "Numbrix", "Sudoku"]) == "Hidato, Numbrix e Sudoku"
    assert Words("es").listing(["Hidato", "Sudoku"]) == "Hidato y Sudoku"


def test_an_unknown_language_lists_the_available_ones() -> None:
    text = "title: T\nlanguage: pt\nsections: [{name: s, kind: hidato, shapes: square:6, difficulty: easy, count: 1}]\n"
    with pytest.raises(PuzzleBookError) as caught:
        load_config_text(text, "book.yaml")
    message = str(caught.value)
    assert message.startswith("book.yaml, line 2, language: must be one of de, en, es, fr, it")
    assert "docs/translating.md" in message


def english_labels(language: str) -> list[str]:
    """Pieces of English the code prints that a book in `language` must not contain: each message's
    text between placeholders, where the translation differs (proper names like 'Sudoku' stay)."""
    pieces: set[str] = set()
    for entry in catalog(language):
        if not entry.id:
            continue
        ids = [entry.id] if isinstance(entry.id, str) else list(entry.id)
        strings = [entry.string] if isinstance(entry.string, str) else list(entry.string)
        for english in ids:
            if english in strings:
                continue
            for piece in re.split(r"\{[a-z_]+\}|(?<=[.:;])\s", english):  # between placeholders, per sentence
                piece = piece.strip(" :;.,()·")
                if len(piece) >= 4 and not any(piece in s for s in strings):
                    pieces.add(piece)
    return sorted(pieces, key=len)


def pdf_text(path: Path) -> str:
    return re.sub(r"\s+", " ", " ".join(page.extract_text() for page in PdfReader(path).pages))


@pytest.fixture
def spanish_book(shipped_book: Callable[[str], Path]) -> Path:
    """configs/pasatiempos-es.yaml built once per session (tests/conftest.py; test_golden.py pins it)."""
    return shipped_book("pasatiempos-es")


@pytest.mark.slow
def test_the_spanish_book_holds_no_english_label(spanish_book: Path) -> None:
    labels = english_labels("es")
    assert {"Answers", "Contents", "Puzzle", "How to play", "All rights reserved", "Levels"} <= set(labels)
    for name in ("book.pdf", "cover.pdf"):
        text = pdf_text(spanish_book / name)
        found = [label for label in labels if re.search(rf"\b{re.escape(label)}\b", text)]
        assert found == [], f"{name} prints English: {found}"
    listing = (spanish_book / "listing.txt").read_text(encoding="utf-8")
    assert [label for label in labels if re.search(rf"\b{re.escape(label)}\b", listing)] == []
    book = pdf_text(spanish_book / "book.pdf")
    for spanish in ("Índice", "Soluciones: Caminos", "Cómo se juega al Sudoku", "Puzle 1", "Fácil", "Introducción",
                    "Todos los derechos reservados", "El puzle", "Su solución"):
        assert spanish in book, spanish
    assert "Tamaño de corte: 6,000 x 9,000 in (152,4 x 228,6 mm)" in listing


@pytest.mark.slow
def test_the_german_large_print_book(shipped_book: Callable[[str], Path]) -> None:
    out = shipped_book("grossdruck-de")
    text = pdf_text(out / "book.pdf")
    for german in ("Inhalt", "So spielt man Hidato", "So spielt man Numbrix", "Lösungen", "Rätsel 1", "Leicht",
                   "Alle Rechte vorbehalten", "Das Rätsel", "Die Lösung", "Großdruck"):
        assert german in text, german
    found = [label for label in english_labels("de") if re.search(rf"\b{re.escape(label)}\b", text)]
    assert found == []
    listing = (out / "listing.txt").read_text(encoding="utf-8")
    assert "Innenteil: schwarz-weiß auf cremefarbenem Papier" in listing
    assert re.search(r"^Rückenbreite: 0,\d{4} in", listing, re.M)


def test_every_translated_catalog_is_read_the_same_way_twice() -> None:
    for language in TRANSLATED:
        assert Words(language)("Answers") != "Answers"
        assert (LOCALE_DIR / language / "LC_MESSAGES" / "puzzlebook.po").is_file()
