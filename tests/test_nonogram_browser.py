"""A nonogram book reviewed in the studio, in a real browser (tests/browser.py): a hard puzzle's
explanation stepped through to its end, line by line, the picture appearing in pencil marks (a black
square a filled cell, a dot an empty one) until every cell is marked as its answer has it."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.browser import NEEDS_CHROMIUM, browser, running_studio, shots, watch  # noqa: F401 (fixtures)

pytestmark = [NEEDS_CHROMIUM, pytest.mark.slow]
WAIT = 90_000
BOOK = """\
title: Pictures
seed: 3
page: {size: 8.5x11}
sections:
  - name: Pictures
    kind: nonogram
    pictures: [heart]
    difficulty: [easy]
    count: 1
  - name: Trials
    kind: nonogram
    pictures: [cup]
    difficulty: [hard]
    count: 1
"""


@pytest.fixture(scope="module")
def studio(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    place = tmp_path_factory.mktemp("nonograms")
    (place / "configs").mkdir()
    (place / "configs" / "pictures.yaml").write_text(BOOK, encoding="utf-8")
    subprocess.run([sys.executable, "-m", "pipeline", "build", "configs/pictures.yaml", "--quiet"], cwd=place,
                   check=True)
    with running_studio(place) as address:
        yield address, place


def test_a_nonograms_steps_pencil_its_picture_in(browser, studio, shots) -> None:  # type: ignore[no-untyped-def]
    address, place = studio
    base = address.split("/?")[0]
    cup = json.loads((place / "output" / "pictures" / "puzzles.jsonl").read_text().splitlines()[1])
    tab = browser.new_context(viewport={"width": 1400, "height": 900}).new_page()
    errors = watch(tab)
    tab.goto(address)
    tab.goto(f"{base}/books/pictures/review/2")
    tab.wait_for_selector("#steps li", timeout=WAIT)
    steps = tab.locator("#steps li").count()
    assert steps == cup["grade"]["steps"]
    texts = tab.locator("#steps li").all_inner_texts()
    assert texts[0].startswith("Row ") and any("following the lines" in text for text in texts), "a contradiction"
    for _ in range(steps):
        tab.keyboard.press("ArrowRight")
    tab.wait_for_timeout(300)
    tab.screenshot(path=str(shots / "studio-nonogram.png"))
    marks = tab.locator("#marks .mark-place").evaluate_all("marks => marks.map(m => m.textContent.trim())")
    filled = sum(row.count("#") for row in cup["solution"])
    empty = sum(row.count(".") for row in cup["solution"])
    assert marks.count("\u25a0") == filled and marks.count("\u00b7") == empty
    assert not errors
