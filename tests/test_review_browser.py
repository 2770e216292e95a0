"""Reviewing a built book in the studio, in a real browser (tests/browser.py): the contact sheet
filtered to expert and walked with the keyboard, one puzzle's explanation stepped through with its
cells marked, a replacement that changes exactly that puzzle, and Undo bringing back the very same
book (its SHA-256). Screenshots go where tests/browser.py says (docs/studio holds the README's)."""

from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from pypdf import PdfReader

from tests.browser import NEEDS_CHROMIUM, browser, running_studio, shots, watch  # noqa: F401 (fixtures)

pytestmark = [NEEDS_CHROMIUM, pytest.mark.slow]
DATA = Path(__file__).parent / "data"
WAIT = 90_000


@pytest.fixture(scope="module")
def studio(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    """The review book built by the CLI, then `puzzlebook studio configs --port 0` over it."""
    place = tmp_path_factory.mktemp("review")
    (place / "configs").mkdir()
    shutil.copy(DATA / "review-book.yaml", place / "configs" / "review.yaml")
    subprocess.run([sys.executable, "-m", "pipeline", "build", "configs/review.yaml", "--quiet"], cwd=place, check=True)
    with running_studio(place) as address:
        yield address, place


def _texts(pdf: Path) -> list[str]:
    return [page.extract_text() for page in PdfReader(pdf).pages]


def _sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_review_step_through_replace_and_undo(browser, studio, shots) -> None:  # type: ignore[no-untyped-def]
    address, place = studio
    base = address.split("/?")[0]
    out = place / "output" / "review"
    original, lines, texts = _sha(out / "book.pdf"), (out / "puzzles.jsonl").read_text().splitlines(), _texts(out / "book.pdf")
    context = browser.new_context(viewport={"width": 1400, "height": 900})
    tab = context.new_page()
    errors = watch(tab)
    tab.goto(address)

    # the contact sheet, filtered to expert, walked with the keyboard
    tab.goto(f"{base}/books/review/review")
    tab.wait_for_function("document.querySelectorAll('.sheet-card').length === 12", timeout=WAIT)
    tab.wait_for_timeout(300)
    tab.screenshot(path=str(shots / "studio-review.png"))
    tab.select_option("#f-level", "expert")
    experts = [int(n) for n in tab.locator(".sheet-card").evaluate_all("cards => cards.map(c => c.dataset.number)")]
    assert experts == [4, 8]
    assert set(tab.locator(".sheet-card").evaluate_all("cards => cards.map(c => c.dataset.level)")) == {"expert"}
    tab.focus(".sheet-card[data-number='4']")
    tab.keyboard.press("ArrowRight")
    assert tab.evaluate("document.activeElement.dataset.number") == "8"
    tab.keyboard.press("ArrowLeft")
    tab.keyboard.press("Enter")
    tab.wait_for_url("**/books/review/review/4")

    # one puzzle: its explanation, each step marked on the board
    tab.wait_for_selector("#steps li", timeout=WAIT)
    steps = tab.locator("#steps li").count()
    assert steps > 0 and tab.locator("#marks *").count() == 0
    seen_place = seen_remove = shot = False
    for _ in range(steps):
        tab.keyboard.press("ArrowRight")
        seen_place = seen_place or tab.locator("#marks .mark-current").count() == 1
        cells = tab.locator("#marks .mark-cell").count()
        if tab.locator("#marks .mark-remove").count():
            seen_remove = True
            assert cells >= 1
            if not shot and cells <= 6 and tab.locator("#marks .mark-place").count():  # a step a reader can follow
                tab.screenshot(path=str(shots / "studio-puzzle.png"))
                shot = True
    assert seen_place and seen_remove
    assert tab.locator("#step-count").inner_text() == f"step {steps} of {steps}"
    assert tab.locator("#answer").evaluate("img => img.complete && img.naturalWidth > 0")

    # replace it: exactly that puzzle changes
    records = [json.loads(line) for line in lines]
    page, answer_page = (int(v) for v in tab.evaluate(
        "fetch('/api/review/review/puzzles/4').then(r => r.json()).then(d => [d.page, d.answer_page])"))
    tab.click("#replace")
    tab.wait_for_selector("#beside:not([hidden])", timeout=WAIT)
    tab.wait_for_selector("#puzzle-state:has-text('Built')", timeout=WAIT)
    tab.screenshot(path=str(shots / "studio-replaced.png"))
    now = (out / "puzzles.jsonl").read_text().splitlines()
    assert [i for i, (a, b) in enumerate(zip(lines, now)) if a != b] == [3] and len(now) == len(lines)
    assert json.loads(now[3])["grade"]["level"] == records[3]["grade"]["level"] == "expert"
    changed = [n for n, (a, b) in enumerate(zip(texts, _texts(out / "book.pdf")), 1) if a != b]
    assert page in changed and set(changed) <= {page, answer_page}
    assert "reroll: [4]" in (place / "configs" / "review.yaml").read_text()

    # undo: the book comes back byte for byte
    tab.click("#undo")
    tab.wait_for_selector("#undo[hidden]", state="attached", timeout=WAIT)
    tab.wait_for_selector("#puzzle-state:has-text('Built')", timeout=WAIT)
    assert _sha(out / "book.pdf") == original
    assert (place / "configs" / "review.yaml").read_text() == (DATA / "review-book.yaml").read_text()

    # the difficulty at a glance
    tab.goto(f"{base}/books/review/review")
    tab.click("[data-tab=charts]")
    tab.wait_for_selector("#charts svg.chart")
    assert tab.locator("#charts svg.chart").count() == 5  # levels, ratings, techniques, givens, steps
    tab.screenshot(path=str(shots / "studio-charts.png"))
    context.close()
    assert errors == []
