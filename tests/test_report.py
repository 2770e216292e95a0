"""report.html: every build writes one self-contained file with the difficulty charts and every
puzzle; its numbers are the manifest's, and it opens in a real browser with the network blocked and
no console error."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from pipeline.book.store import read_records
from pipeline.book.config import load_config
from pipeline.typeset.placement import placements
from tests.browser import NEEDS_CHROMIUM, browser, shots, watch  # noqa: F401 (fixtures)


@pytest.fixture
def built(tiny_book: tuple[Path, Path]) -> Path:
    """The folder of tests/data/tiny-three-kinds.yaml as tiny.yaml and its output out/, built once for
    the session (tests/conftest.py)."""
    config, _ = tiny_book
    return config.parent


def _data(html: str) -> dict:
    found = re.search(r'<script type="application/json" id="report-data">(.*?)</script>', html, re.S)
    assert found
    return json.loads(found.group(1))


def test_the_reports_numbers_are_the_manifests(built: Path) -> None:
    out = built / "out"
    manifest = json.loads((out / "manifest.json").read_text(encoding="utf-8"))
    data = _data((out / "report.html").read_text(encoding="utf-8"))
    assert (data["puzzles"], data["pages"]) == (manifest["puzzles"], manifest["pages"])
    assert len(data["rows"]) == manifest["puzzles"]
    for section in manifest["sections"]:
        figures = data["figures"]["sections"][section["name"]]
        assert figures["puzzles"] == section["count"]
        assert figures["levels"] == section["levels"]
        if "ratings" in section:
            spread = figures["rating_spread"]
            assert {key: spread[key] for key in ("min", "median", "max")} == section["ratings"]
        else:
            assert figures["rating_spread"] is None
    assert sum(data["figures"]["book"]["levels"].values()) == manifest["puzzles"]


def test_each_row_names_the_page_the_puzzle_prints_on(built: Path) -> None:
    out = built / "out"
    records, _ = read_records(out / "puzzles.jsonl")
    data = _data((out / "report.html").read_text(encoding="utf-8"))
    places = placements(load_config(built / "tiny.yaml"), records)
    assert [(row["number"], row["page"], row["answer_page"]) for row in data["rows"]] == [
        (place.number, place.puzzle.page, place.answer.page) for place in places]
    assert [row["level"] for row in data["rows"]] == [record.level for record in records]


def test_the_report_carries_no_reference_to_anything_outside_itself(built: Path) -> None:
    html = (built / "out" / "report.html").read_text(encoding="utf-8")
    assert not re.search(r'(src|href)\s*=\s*"(?!data:|#)', html)
    assert "default-src 'none'" in html
    assert not list((built / "out").glob("report.html.*"))  # written atomically, nothing left over


@pytest.mark.slow
@NEEDS_CHROMIUM
def test_the_report_opens_offline_without_errors_and_filters(built: Path, browser, shots) -> None:  # type: ignore[no-untyped-def]
    context = browser.new_context(viewport={"width": 1280, "height": 900}, offline=True)
    requests: list[str] = []
    context.route("**/*", lambda route: (requests.append(route.request.url), route.continue_()
                                         if route.request.url.startswith("file:") else route.abort()))
    tab = context.new_page()
    errors = watch(tab)
    tab.goto((built / "out" / "report.html").as_uri())
    rows = tab.locator("#puzzles tbody tr")
    assert rows.count() == 13
    assert tab.locator("svg.chart").count() >= 4
    tab.screenshot(path=str(shots / "report.png"), full_page=False)
    tab.select_option("#f-section", "Sudoku")
    assert tab.locator("#puzzles tbody tr:not([hidden])").count() == 4
    tab.click("th[data-key=steps]")
    steps = [int(v) for v in tab.locator("#puzzles tbody tr:not([hidden])").evaluate_all(
        "rows => rows.map(r => r.dataset.steps)")]
    assert steps == sorted(steps)
    context.close()
    assert errors == []
    assert [url for url in requests if not url.startswith("file:")] == []
