"""Golden tests: what the program prints and the books it makes, pinned byte for byte.

Every shipped config's book.pdf, cover.pdf and puzzles.jsonl are pinned by SHA-256 (with the manual's
pictures of them, rendered again and compared pixel for pixel), and a set of command
outputs (generate, solve, grade, show, verify, shapes; text and --json; every kind) by their text in
tests/golden/cli/. A change that means to alter a book or an output updates the pin in the same
commit and says why; any other change must leave these tests passing untouched.

To re-record the command outputs after a deliberate change:
    PUZZLEBOOK_UPDATE_GOLDEN=1 .venv/bin/python -m pytest tests/test_golden.py
then read the diff (git diff tests/golden) before committing it.
"""

from __future__ import annotations

import hashlib
import io
import os
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from docsite.gallery import GALLERY_PAGE, entry, same_pixels
from docsite.pictures import DOCS, pictures_of, read_built, render
from pipeline.cli import main

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = Path(__file__).resolve().parent / "golden"
INPUTS = GOLDEN / "inputs"
UPDATE = os.environ.get("PUZZLEBOOK_UPDATE_GOLDEN") == "1"

BOOKS: dict[str, tuple[str, str]] = {
    # config name: (book.pdf SHA-256, puzzles.jsonl SHA-256)
    # puzzles.jsonl re-pinned when every line gained its checksum (hardening); the books did not change.
    # Every book re-pinned for the copyright page on the back of the title page (it was blank), the
    # classic book for its introduction, and every book again when DejaVu Sans (shipped in the package,
    # covering the five languages) replaced Bitstream Vera; the puzzles did not change.
    # grossdruck-de and pasatiempos-es: new with the five languages (German large print, Spanish).
    # wordsearch and sopa-de-letras-es: new with word search (themes in shapes, four levels, a hidden
    # message and "find N words"; a Spanish one).
    "classic": (
        "d512a8ca935d1927ef10af33ce31d33288c9a534e19e62dd55c8d3e1ca8c712d",
        "dbc7a5084e92102e91a61ec7d79904bbb815091ce67a0cbd2a7f74009b461f39",
    ),
    "grossdruck-de": (
        "b0c59fcda34cd7889f49cd91154c19e39fc37d4eb262f9d55ca3ce8bc1bb7a6b",
        "04f33a3fec8a9a1c354621fe89b603429f6b5c825ccc5560924b321b92d0d17b",
    ),
    "honeycomb": (
        "e256fdb2da907db981c95af4809d5e2ba0be0b45f684ae5f0c7e5ee9741f4faa",
        "a23a9b83fda1cd337e386a1207ee773ac29c5221f7d65ff56eebd4a88a9666ad",
    ),
    "large-print": (
        "f3720b7cc76afcb11a2a97d754da5b89fcb52a10366fdfedae92958f6ba4f35c",
        "ab09ffeab052dd437eb5efb8ceb2a884deb94b8a7fca435304e3e917d0389526",
    ),
    "numbrix": (
        "9e9168b1d3e9ba552e083a51cf584453b7ebe93d96530b6c2b88d60b11a669d4",
        "d2a6139c58dca487d44fc3b837474586302378028ece4d9b8bc21ad44e61199d",
    ),
    "pasatiempos-es": (
        "52127d3bbb34369c874970c8173167b02e83990120056003e2102fe4785c5e0d",
        "a17fe571acf5390d3190b05fae45eb77cfcf4dfef5a0cec24acb08fb7dd67e6b",
    ),
    "pocket-6x9": (
        "d87791864a53946c42e10a561fed59618ed9b16d0eb72d40725d0cb6191a1603",
        "356fbab90dc03b772238d69141127600666a0784953c87cf3f3fefaaa6188358",
    ),
    "sopa-de-letras-es": (
        "f4153c88f4f8d611cd750c89f31b7be5fb4db0ec950cf47918673ee6cc0dd270",
        "c3f82321764aaef3c9cff315b9f1768193e54be89006f4de370f149d6d23d4cb",
    ),
    "sudoku": (
        "3ef64eda73634c4714e30ecd9b38a31d384cd5034264a77e0843a1557fcd9d17",
        "179b4a5673f7f8cb0365b5bbaefa97f14a84e0b9ea38b4c117f432f3154ccec7",
    ),
    "wordsearch": (
        "f1e484ae76c8c38d1620d61b2e107c345919c0b5f43f4349ddc0492203ba95bf",
        "3a215c69349083cc7c4d71fd9538a35c0b4b6a9a375669eebc2e4bab28ae8c46",
    ),
}

COVERS: dict[str, str] = {
    # config name: cover.pdf SHA-256 (new with the full-wrap cover; classic re-pinned when its
    # introduction added two pages, and so spine width; all re-pinned for DejaVu Sans; those listing
    # three levels or more re-pinned when lists followed the locale (CLDR English: "Hard, and Expert")
    "classic": "3502911002f11b6ac1dbef5afb0dafafac78a7ca7dd13775fef9d7c1c71f6bf2",
    "grossdruck-de": "7a09b9551919668ef1903316a7b9fa40760f6f0e718140c052db553a78b93d12",
    "honeycomb": "8f9026fc9efe03c13daf00c1cafb59db2a963aaad5e6d510c4cc54dbcf4f175b",
    "large-print": "e05ac221eac7355fdfead5f32ef8fe41d5cbd5dd83f324463852a055a8a6de98",
    "numbrix": "12b52a6fdd196ad04ac27eeb15d66f0894e0b1c51451aab62d0b3408482061a4",
    "pasatiempos-es": "299c7b98d450f62c8512dc8d44542cd49165831ad6c3c6bde7acc7c30bf80084",
    "pocket-6x9": "c65a020248152eb48be0438e319ccedfcf2770f3486cfc45f9e0842877eccf62",
    "sopa-de-letras-es": "30680f8d1f4c1e303a7613a4f2c5fa20855e76acf70c6115d4969648003599be",
    "sudoku": "f6c6347b4338313a522a0438fa3816adfad4cf87b000754b2347ba963ff0274d",
    "wordsearch": "120d940099e859d353dea08679417fce5a2fe30dfc36f7f2e18d85e190db31a4",
}

CASES: dict[str, tuple[list[str], str | None]] = {
    # name: (arguments after `puzzlebook`, a file in inputs/ to feed on standard input, or None)
    "generate-hidato-text": (["generate", "--shape", "cross", "--size", "7", "--difficulty", "hard",
                              "--seed", "7", "--count", "2", "--solutions"], None),
    "generate-hidato-json": (["generate", "--shape", "cloud", "--size", "8", "--difficulty", "expert",
                              "--seed", "3", "--json"], None),
    "generate-hidato-random": (["generate", "--shape", "random", "--size", "7", "--ratio", "0.15",
                                "--difficulty", "medium", "--seed", "5", "--count", "2"], None),
    "generate-hidato-picture": (["generate", "--shape", "heart", "--difficulty", "easy", "--seed", "1"], None),
    "generate-numbrix-text": (["generate", "--kind", "numbrix", "--size", "6", "--difficulty", "hard", "--seed", "2",
                               "--count", "2", "--solutions"], None),
    "generate-numbrix-json": (["generate", "--kind", "numbrix", "--shape", "rhombus", "--size", "8",
                               "--difficulty", "easy", "--seed", "4", "--json"], None),
    "generate-sudoku-line": (["generate", "--kind", "sudoku", "--difficulty", "hard", "--symmetry", "mirror",
                              "--seed", "4", "--one-line", "--count", "3"], None),
    "generate-sudoku-grid": (["generate", "--kind", "sudoku", "--difficulty", "medium", "--seed", "2",
                              "--count", "2", "--solutions"], None),
    "generate-sudoku-json": (["generate", "--kind", "sudoku", "--box", "2", "--difficulty", "easy", "--seed", "9",
                              "--count", "2", "--json"], None),
    "generate-sudoku-16": (["generate", "--kind", "sudoku", "--box", "4", "--difficulty", "easy", "--seed", "1",
                            "--one-line", "--solutions"], None),
    "generate-sudoku-expert-json": (["generate", "--kind", "sudoku", "--difficulty", "expert", "--seed", "5",
                                     "--json"], None),
    "solve-hidato": (["solve", "hidato.txt"], None),
    "solve-hidato-json": (["solve", "hidato.txt", "--json"], None),
    "solve-hidato-steps": (["solve", "hidato.txt", "--steps"], None),
    "solve-expert-steps-json": (["solve", "expert.txt", "--steps", "--json"], None),
    "solve-numbrix-steps": (["solve", "numbrix.txt", "--steps"], None),
    "solve-ambiguous": (["solve", "ambiguous.txt", "--limit", "3"], None),
    "solve-ambiguous-json": (["solve", "ambiguous.txt", "--json"], None),
    "solve-ambiguous-node-limit": (["solve", "ambiguous.txt", "--node-limit", "1"], None),
    "solve-ambiguous-steps": (["solve", "ambiguous.txt", "--steps"], None),
    "solve-stdin-numbrix": (["solve", "-", "--kind", "numbrix"], "plain.txt"),
    "solve-stdin-hidato": (["solve", "-"], "plain.txt"),
    "solve-sudoku-lines": (["solve", "sudoku-lines.txt"], None),
    "solve-sudoku-lines-json": (["solve", "sudoku-lines.txt", "--json"], None),
    "solve-sudoku-grid": (["solve", "sudoku-grid.txt"], None),
    "solve-sudoku-stdin": (["solve", "-", "--kind", "sudoku"], "sudoku-lines.txt"),
    "verify-hidato": (["verify", "hidato.txt"], None),
    "verify-numbrix": (["verify", "numbrix.txt"], None),
    "verify-ambiguous": (["verify", "ambiguous.txt"], None),
    "verify-sudoku-grid": (["verify", "sudoku-grid.txt"], None),
    "verify-sudoku-lines": (["verify", "sudoku-lines.txt", "--node-limit", "50"], None),
    "grade-hidato": (["grade", "hidato.txt"], None),
    "grade-hidato-json": (["grade", "hidato.txt", "--json"], None),
    "grade-expert": (["grade", "expert.txt"], None),
    "grade-numbrix-json": (["grade", "numbrix.txt", "--json"], None),
    "grade-ambiguous": (["grade", "ambiguous.txt"], None),
    "grade-sudoku-lines": (["grade", "sudoku-lines.txt"], None),
    "grade-sudoku-grid-json": (["grade", "sudoku-grid.txt", "--json"], None),
    "show-hidato": (["show", "hidato.txt", "--solutions"], None),
    "show-numbrix": (["show", "numbrix.txt"], None),
    "show-ambiguous": (["show", "ambiguous.txt"], None),
    "show-sudoku-lines": (["show", "sudoku-lines.txt"], None),
    "show-sudoku-grid": (["show", "sudoku-grid.txt", "--solutions"], None),
    "shapes": (["shapes"], None),
    "shapes-cross": (["shapes", "cross", "--size", "11", "--arm", "3"], None),
    "shapes-random": (["shapes", "random", "--size", "6", "--seed", "4"], None),
    "error-sudoku-shape": (["generate", "--kind", "sudoku", "--shape", "cross"], None),
    "error-hidato-box": (["generate", "--box", "3"], None),
    "solve-sudoku-steps": (["solve", "sudoku-lines.txt", "--steps"], None),
    "error-kind-choice": (["solve", "hidato.txt", "--kind", "kakuro"], None),
    "error-unknown-shape": (["generate", "--shape", "hart"], None),
    "error-sudoku-as-hidato": (["solve", "sudoku-grid.txt", "--kind", "hidato"], None),
    "error-hidato-as-sudoku": (["show", "hidato.txt", "--kind", "sudoku"], None),
    "generate-hex-text": (["generate", "--shape", "hexagon", "--size", "4", "--difficulty", "hard", "--seed", "5",
                           "--count", "2", "--solutions"], None),
    "generate-hex-json": (["generate", "--shape", "hexstar", "--size", "3", "--difficulty", "expert", "--seed", "2",
                           "--json"], None),
    "generate-hex-random": (["generate", "--kind", "hexhidato", "--shape", "hexrandom", "--size", "5", "--ratio",
                             "0.2", "--difficulty", "medium", "--seed", "8"], None),
    "generate-hex-default-shape": (["generate", "--kind", "hexhidato", "--difficulty", "easy", "--seed", "1"], None),
    "solve-hex-steps": (["solve", "hex.txt", "--steps"], None),
    "solve-hex-plain-stdin": (["solve", "-", "--kind", "hexhidato"], "hex-plain.txt"),
    "verify-hex": (["verify", "hex.txt"], None),
    "grade-hex-json": (["grade", "hex.txt", "--json"], None),
    "show-hex": (["show", "hex.txt", "--solutions"], None),
    "shapes-hexring": (["shapes", "hexring", "--size", "5", "--width", "2"], None),
    "shapes-hexrandom": (["shapes", "hexrandom", "--size", "4", "--ratio", "0.2", "--seed", "3"], None),
    "error-hidato-hex-shape": (["generate", "--kind", "hidato", "--shape", "triangle"], None),
    "error-hex-square-shape": (["generate", "--kind", "hexhidato", "--shape", "cross"], None),
    "error-hex-option": (["generate", "--shape", "hexagon", "--arm", "3"], None),
    "generate-wordsearch-text": (["generate", "--kind", "wordsearch", "--shape", "heart", "--theme", "animals",
                                  "--difficulty", "hard", "--seed", "3", "--words-per-puzzle", "10", "--solutions"],
                                 None),
    "generate-wordsearch-json": (["generate", "--kind", "wordsearch", "--size", "8", "--words", "golf,hotel,kiwi,taxi",
                                  "--difficulty", "easy", "--seed", "1", "--json"], None),
    "generate-wordsearch-spanish": (["generate", "--kind", "wordsearch", "--size", "10", "--language", "es", "--theme",
                                     "food", "--words-per-puzzle", "8", "--difficulty", "medium", "--seed", "6"], None),
    "solve-wordsearch": (["solve", "wordsearch.txt"], None),
    "solve-wordsearch-twice": (["solve", "wordsearch-twice.txt"], None),
    "verify-wordsearch": (["verify", "wordsearch.txt"], None),
    "verify-wordsearch-twice": (["verify", "wordsearch-twice.txt"], None),
    "grade-wordsearch-json": (["grade", "wordsearch.txt", "--json"], None),
    "show-wordsearch": (["show", "wordsearch.txt", "--solutions"], None),
    "error-wordsearch-steps": (["solve", "wordsearch.txt", "--steps"], None),
    "error-wordsearch-contained": (["generate", "--kind", "wordsearch", "--words", "cat,catalog,dog,bird"], None),
    "error-wordsearch-box": (["generate", "--kind", "wordsearch", "--box", "3"], None),
    "error-wordsearch-blocked": (["generate", "--kind", "wordsearch", "--words", "shitake,dog,bird,frog"], None),
}


def run_case(argv: list[str], stdin: str | None, capsys: pytest.CaptureFixture[str],
             monkeypatch: pytest.MonkeyPatch) -> str:
    """The command's exit status, standard output and standard error, as one text to compare."""
    monkeypatch.chdir(INPUTS)
    if stdin is not None:
        monkeypatch.setattr(sys, "stdin", io.StringIO((INPUTS / stdin).read_text(encoding="utf-8")))
    code = main(argv)
    out, err = capsys.readouterr()
    feed = f" < {stdin}" if stdin else ""
    return f"$ puzzlebook {' '.join(argv)}{feed}\nexit {code}\n--- stdout\n{out}--- stderr\n{err}"


@pytest.mark.parametrize("name", sorted(CASES))
def test_command_output_is_unchanged(name: str, capsys: pytest.CaptureFixture[str],
                                     monkeypatch: pytest.MonkeyPatch) -> None:
    argv, stdin = CASES[name]
    got = run_case(argv, stdin, capsys, monkeypatch)
    expected_file = GOLDEN / "cli" / f"{name}.txt"
    if UPDATE:
        expected_file.parent.mkdir(exist_ok=True)
        expected_file.write_text(got, encoding="utf-8")
    assert got == expected_file.read_text(encoding="utf-8")


def test_every_recorded_output_has_a_case() -> None:
    recorded = {path.stem for path in (GOLDEN / "cli").glob("*.txt")}
    assert recorded == set(CASES)


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_every_shipped_config_is_pinned() -> None:
    assert {path.stem for path in (ROOT / "configs").glob("*.yaml")} == set(BOOKS) == set(COVERS)


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(BOOKS))
def test_shipped_book_is_byte_identical(name: str, shipped_book: Callable[[str], Path]) -> None:
    out = shipped_book(name)  # built from nothing, once per session (tests/conftest.py)
    got = (sha256(out / "book.pdf"), sha256(out / "puzzles.jsonl"))
    assert got == BOOKS[name], f"{name}: book.pdf or puzzles.jsonl changed; if that is meant, pin {got} and say why"
    cover = sha256(out / "cover.pdf")
    assert cover == COVERS[name], f"{name}: cover.pdf changed; if that is meant, pin {cover!r} and say why"
    # The manual's pictures of this book (README.md, docs/gallery.md, a kind's page) are this book's
    # pages, rendered by the current code: else `make docs` renders them again.
    built = read_built(name, out)
    stale = [picture.file for picture in pictures_of(built)
             if not same_pixels(DOCS / picture.file, render(picture, built))]
    assert not stale, f"{name}: {stale} differ from the book; run `make docs` and look at them"
    gallery = GALLERY_PAGE.read_text(encoding="utf-8")
    assert entry(built) in gallery, f"{name}: docs/gallery.md is stale; run `make docs`"
