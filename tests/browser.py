"""What the browser tests share: Debian's chromium driven by Playwright (its bundled driver only; no
browser is ever downloaded), a page that fails its test on any script error, and where screenshots go.

Modules with browser tests set `pytestmark = NEEDS_CHROMIUM` and import the `browser` and `shots`
fixtures from here.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

CHROMIUM = Path("/usr/bin/chromium")
NEEDS_CHROMIUM = pytest.mark.skipif(
    not CHROMIUM.exists(),
    reason="browser tests need Debian's chromium at /usr/bin/chromium (apt-get install chromium; .ci/run installs it)",
)
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]
ANSWERED = "Failed to load resource: the server responded with a status of 4"
"""The console line for a request the server refused on purpose (409, 422): not an error of the page."""


@pytest.fixture(scope="module")
def browser() -> Iterator[object]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        yield chromium
        chromium.close()


def watch(tab: object) -> list[str]:
    """The page's script errors and console errors (other than answered refusals), as they come."""
    errors: list[str] = []

    def console(message: object) -> None:
        if message.type == "error" and not message.text.startswith(ANSWERED):  # type: ignore[attr-defined]
            errors.append(message.text)  # type: ignore[attr-defined]

    tab.on("console", console)  # type: ignore[attr-defined]
    tab.on("pageerror", lambda error: errors.append(str(error)))  # type: ignore[attr-defined]
    return errors


@pytest.fixture
def shots(tmp_path: Path) -> Path:
    """$PUZZLEBOOK_SCREENSHOTS when set (docs/ holds the ones the README shows), else the test's folder."""
    folder = Path(os.environ["PUZZLEBOOK_SCREENSHOTS"]) if os.environ.get("PUZZLEBOOK_SCREENSHOTS") else tmp_path
    folder.mkdir(parents=True, exist_ok=True)
    return folder


@contextmanager
def running_studio(place: Path) -> Iterator[str]:
    """`puzzlebook studio configs --port 0` in `place`, as a person starts it: its printed address
    (with the token) while it runs, then Ctrl-C."""
    process = subprocess.Popen([sys.executable, "-m", "pipeline", "studio", "configs", "--port", "0"], cwd=place,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    address = process.stdout.readline().strip()  # type: ignore[union-attr]
    assert address.startswith("http://127.0.0.1:"), process.stderr.read()  # type: ignore[union-attr]
    try:
        yield address
    finally:
        process.send_signal(signal.SIGINT)
        process.communicate(timeout=60)
