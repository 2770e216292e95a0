"""The studio in a real browser: Debian's chromium, driven by Playwright (its bundled driver only; no
browser is ever downloaded), against `puzzlebook studio` running as a person starts it.

Each test is something a person does: make a book from a template, change its title in the form and
see the YAML change, misspell a key and see the mistake at its line, look at a section's samples,
build with live progress and download the very PDF `puzzlebook build` makes, cancel a build and keep
the previous book. Screenshots go to $PUZZLEBOOK_SCREENSHOTS when it is set (docs/ holds the ones the
README shows), else to the test's own temporary folder.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.browser import NEEDS_CHROMIUM, browser, running_studio, shots, watch  # noqa: F401 (fixtures)

pytestmark = [NEEDS_CHROMIUM, pytest.mark.slow]
ROOT = Path(__file__).resolve().parent.parent
TINY = (Path(__file__).parent / "data" / "tiny-book.yaml").read_text(encoding="utf-8")
WAIT = 60_000
"""Milliseconds a step may take at most (a build of the tiny book takes a few seconds)."""


@pytest.fixture(scope="module")
def studio(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    """`puzzlebook studio configs --port 0` in a folder of its own: (its address with the token, the folder)."""
    place = tmp_path_factory.mktemp("studio")
    configs = place / "configs"
    configs.mkdir()
    shutil.copy(ROOT / "configs" / "classic.yaml", configs / "classic.yaml")
    for name in ("tiny", "edit", "cancel"):
        (configs / f"{name}.yaml").write_text(TINY, encoding="utf-8")
    with running_studio(place) as address:
        yield address, place


@pytest.fixture
def page(browser: object, studio: tuple[str, Path]) -> Iterator[object]:
    """A fresh browser page, logged in with the printed address. It fails the test on any script error
    or server error; a refusal the page shows (409 for a taken name, 422 for a config with mistakes)
    is the browser's console line for an answered request, not an error of the page."""
    context = browser.new_context(viewport={"width": 1400, "height": 900}, accept_downloads=True)  # type: ignore[attr-defined]
    tab = context.new_page()
    errors = watch(tab)
    tab.goto(studio[0])
    yield tab
    context.close()
    assert errors == []


def base(studio: tuple[str, Path]) -> str:
    return studio[0].split("/?")[0]


def test_a_book_is_made_from_a_template(page, studio, shots) -> None:  # type: ignore[no-untyped-def]
    page.wait_for_selector(".card[data-book=classic]")
    page.screenshot(path=str(shots / "studio-books.png"))
    page.click("#new-book")
    page.select_option("#template", "classic")
    page.fill("#book-name", "my-first-book")
    page.screenshot(path=str(shots / "studio-new-book.png"))
    page.click("#new-create")
    page.wait_for_url("**/books/my-first-book")
    page.wait_for_selector("#book-title:has-text('Classic Hidato')")
    made = studio[1] / "configs" / "my-first-book.yaml"
    assert made.read_text() == (ROOT / "configs" / "classic.yaml").read_text()
    page.goto(base(studio) + "/")
    page.click("#new-book")
    page.fill("#book-name", "my-first-book")
    page.click("#new-create")
    page.wait_for_selector("#new-error:has-text('already')")


def test_the_form_and_the_yaml_are_one_file(page, studio, shots) -> None:  # type: ignore[no-untyped-def]
    page.goto(base(studio) + "/books/edit")
    title = page.locator("[data-path=title] input")
    title.wait_for()
    title.fill("Tiny, in the form")
    title.press("Tab")
    page.wait_for_selector("#book-title:has-text('Tiny, in the form')")
    page.click("button[data-tab=yaml]")
    text = page.input_value("#yaml")
    assert "title: Tiny, in the form\n" in text and "# A tiny book: every test builds it in seconds." in text
    page.wait_for_selector("#state:has-text('Unsaved')")
    page.keyboard.press("Control+s")
    page.wait_for_selector("#state:text-is('Saved')")  # not has-text: "Unsaved changes" has 'saved' in it
    assert (studio[1] / "configs" / "edit.yaml").read_text() == TINY.replace("title: Tiny\n", "title: Tiny, in the form\n")
    count = page.locator("[data-path='sections.1.count'] input")
    page.click("button[data-tab=form]")
    count.fill("5")
    count.press("Tab")
    page.click("button[data-tab=yaml]")
    page.wait_for_function("document.getElementById('yaml').value.includes('count: 5')")
    page.click("button[data-tab=form]")
    page.wait_for_selector("#samples .tile img", timeout=WAIT)
    page.wait_for_selector("#page img.pagepic", timeout=WAIT)
    page.screenshot(path=str(shots / "studio-editor.png"))


def test_a_misspelt_key_shows_its_mistake_at_its_line(page, studio, shots) -> None:  # type: ignore[no-untyped-def]
    page.goto(base(studio) + "/books/edit")
    page.click("button[data-tab=yaml]")
    page.wait_for_function("document.getElementById('yaml').value.includes('difficulty: easy')")
    text = page.input_value("#yaml").replace("    difficulty: easy\n    count: 6", "    dificulty: easy\n    count: 6", 1)
    page.fill("#yaml", text)
    line = text.split("\n").index("    dificulty: easy") + 1
    page.wait_for_selector(f"#gutter div.bad:text-is('{line}')")
    problem = page.locator(f"#problems li[data-line='{line}']")
    assert "unknown key 'dificulty': did you mean 'difficulty'?" in problem.inner_text()
    assert f"line {line}" in problem.inner_text()
    page.wait_for_selector("#problem-count:has-text('1 mistake')")
    assert problem.inner_text().startswith(f"configs/edit.yaml, line {line}, sections[0]: unknown key")
    page.wait_for_selector("#preview-note:has-text('Fix the mistakes')", timeout=WAIT)
    page.screenshot(path=str(shots / "studio-mistake.png"))
    page.click("#save")
    page.wait_for_selector("#state:has-text('Not saved')")
    assert "dificulty" not in (studio[1] / "configs" / "edit.yaml").read_text()
    page.click("#save-draft")
    page.wait_for_selector("#state:has-text('Draft kept')")
    assert "dificulty" in (studio[1] / "configs" / ".drafts" / "edit.yaml").read_text()
    page.click("button[data-tab=form]")
    page.wait_for_selector("[data-path='sections.0'] .field-problem")


def test_a_sections_samples_and_first_page_are_shown(page, studio, shots) -> None:  # type: ignore[no-untyped-def]
    page.goto(base(studio) + "/books/tiny")
    # The page draws its previews on opening and again once the text is checked: read each set of tiles
    # in one step when it is all there, never tile by tile while it may be drawn again.
    samples = shown(page, "#samples .tile", 4)
    assert {level for level, _ in samples} == {"easy"}
    assert "givens" in samples[0][1] and "hardest" in samples[0][1]
    page.wait_for_selector("#page img.pagepic", timeout=WAIT)
    assert len(shown(page, "#boards .tile", 2)) == 2
    page.select_option("#section-pick", "1")
    page.wait_for_selector("#boards .cap:has-text('box=3')", timeout=WAIT)
    page.wait_for_selector("#samples .tile img", timeout=WAIT)
    page.screenshot(path=str(shots / "studio-preview.png"), full_page=True)


def shown(page, selector: str, count: int) -> list[tuple[str, str]]:  # type: ignore[no-untyped-def]
    """The (data-level, text) of the `count` elements `selector` finds, read at once as soon as there are
    that many (each with its picture)."""
    found = page.wait_for_function(
        """([selector, count]) => {
             const tiles = [...document.querySelectorAll(selector)];
             return tiles.length === count && tiles.every(t => t.querySelector("img"))
               && tiles.map(t => [t.dataset.level || "", t.innerText]);
           }""", arg=[selector, count], timeout=WAIT)
    return [tuple(pair) for pair in found.json_value()]


def test_a_build_shows_its_progress_and_gives_the_clis_pdf(page, studio, shots, tmp_path) -> None:  # type: ignore[no-untyped-def]
    page.goto(base(studio) + "/books/tiny")
    page.click("button[data-tab=build]")
    page.click("#build")
    page.wait_for_selector("#progress .line[data-section='Sudoku']", timeout=WAIT)
    page.wait_for_selector("#build-state:text-is('built')", timeout=WAIT)
    for section, total in (("Warm-up", 6), ("Sudoku", 4)):
        facts = page.locator(f"#progress .line[data-section='{section}'] .facts").inner_text()
        assert facts.startswith(f"{total} of {total}")
    page.wait_for_selector(".pages img", timeout=WAIT)
    page.wait_for_selector(".cover-wrap .outline.barcode")
    page.locator(".pages figure").nth(6).scroll_into_view_if_needed()
    page.screenshot(path=str(shots / "studio-built.png"), full_page=True)
    with page.expect_download() as download:
        page.click("a[data-file='book.pdf']")
    saved = tmp_path / "downloaded.pdf"
    download.value.save_as(saved)
    cli = tmp_path / "cli"
    cli.mkdir()
    (cli / "tiny.yaml").write_text(TINY, encoding="utf-8")
    subprocess.run([sys.executable, "-m", "pipeline", "build", "tiny.yaml", "--quiet"], cwd=cli, check=True)
    assert saved.read_bytes() == (cli / "output" / "tiny" / "book.pdf").read_bytes()


def test_a_cancelled_build_keeps_the_previous_book(page, studio) -> None:  # type: ignore[no-untyped-def]
    page.goto(base(studio) + "/books/cancel")
    page.click("button[data-tab=build]")
    page.click("#build")
    page.wait_for_selector("#build-state:text-is('built')", timeout=WAIT)
    book = studio[1] / "output" / "cancel" / "book.pdf"
    before = book.read_bytes()
    page.click("button[data-tab=yaml]")
    longer = TINY.replace("count: 4\n", "count: 4\n  - name: Long\n    kind: hidato\n    shapes: square:10\n"
                          "    difficulty: expert\n    count: 40\n")
    page.fill("#yaml", longer)
    page.wait_for_selector("#problem-count", state="hidden")
    page.click("button[data-tab=build]")
    page.click("#build")
    try:
        page.wait_for_selector("#progress .line[data-section='Long']", timeout=WAIT)
    except PlaywrightTimeout:  # say what the page showed instead (this wait once timed out under a full run)
        shown = {name: page.inner_text(name) for name in ("#build-state", "#build-message", "#progress", "#state")}
        raise AssertionError(f"no progress line for 'Long'; the page showed {shown}") from None
    page.click("#cancel")
    page.wait_for_selector("#build-state:text-is('cancelled')", timeout=WAIT)
    assert "kept" in page.inner_text("#build-message")
    assert book.read_bytes() == before
    assert (studio[1] / "configs" / "cancel.yaml").read_text() == longer  # the build saved it first
