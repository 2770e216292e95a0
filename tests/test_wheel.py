"""The package as a user installs it: the wheel, in a fresh virtual environment with the locked
dependencies, run from an empty folder. Shipped masks, example books, fonts, catalogs, templates and
the studio's static files must all come with it (package data, found through importlib.resources).

Only the package's own dependencies are installed (the lock's entries for them and what they need,
found from the installed distributions' metadata), not the test, docs and bench tools: a user's
install. pip's cache serves the files `make` installed; it is paid once for this module.
"""

from __future__ import annotations

import http.cookiejar
import re
import signal
from importlib.metadata import PackageNotFoundError, distribution, requires
import subprocess
import sys
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow  # builds the wheel and installs it with the lock into a new venv

ROOT = Path(__file__).resolve().parent.parent
TINY = "title: Hearts\nsections:\n  - name: Hearts\n    kind: hidato\n    shapes: heart\n    difficulty: easy\n    count: 2\n"


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """The `bin` folder of a new venv holding the locked dependencies and the wheel of this checkout."""
    work = tmp_path_factory.mktemp("wheel")
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--no-build-isolation", "-w",
                    str(work / "dist"), str(ROOT)], check=True, capture_output=True)
    wheel = next((work / "dist").glob("puzzlebook-*.whl"))
    venv = work / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    pip = [str(venv / "bin" / "python"), "-m", "pip", "install", "--quiet", "--no-deps"]
    runtime = work / "runtime.txt"
    runtime.write_text(locked_entries(ROOT / "requirements" / "lock.txt", runtime_closure()), encoding="utf-8")
    subprocess.run([*pip, "--require-hashes", "-r", str(runtime)], check=True, capture_output=True)
    subprocess.run([*pip, str(wheel)], check=True, capture_output=True)
    yield venv / "bin"


def _name(requirement: str) -> str:
    return re.sub(r"[-_.]+", "-", re.split(r"[\s;<>=!~\[(]", requirement, maxsplit=1)[0].lower())


def runtime_closure() -> set[str]:
    """The names of the package's own dependencies and everything they need (no extras), as the
    distributions installed here declare them."""
    todo = [_name(each) for each in requires("puzzlebook") or [] if "extra ==" not in each]
    found: set[str] = set()
    while todo:
        name = todo.pop()
        if name in found:
            continue
        found.add(name)
        try:
            needs = distribution(name).requires or []
        except PackageNotFoundError:
            continue
        todo += [_name(each) for each in needs if "extra ==" not in each]
    return found


def locked_entries(lock: Path, names: set[str]) -> str:
    """The lock's entries (a pin and its hashes) for `names`, as pip reads them."""
    out, keep = [], False
    for line in lock.read_text(encoding="utf-8").splitlines():
        if line and not line.startswith((" ", "#")):
            keep = _name(line) in names
        if keep and not line.lstrip().startswith("#"):
            out.append(line)
    return "\n".join(out) + "\n"


@pytest.fixture
def empty(tmp_path: Path) -> Path:
    folder = tmp_path / "empty"
    folder.mkdir()
    return folder


def test_the_wheel_carries_its_data(installed: Path) -> None:
    listing = subprocess.run([str(installed / "python"), "-c",
                              "import importlib.resources as r; p = r.files('pipeline');"
                              "print(sorted(x.name for x in (p / 'masks').iterdir()));"
                              "print(sorted(x.name for x in (p / 'examples').iterdir()));"
                              "print(sorted(x.name for x in (p / 'studio' / 'static').iterdir()));"
                              "print(sorted(x.name for x in (p / 'kinds' / 'nonogram' / 'pictures').iterdir()))"],
                             capture_output=True, text=True, check=True).stdout.splitlines()
    assert "heart.txt" in listing[0] and "flower.txt" in listing[0]
    assert "classic.yaml" in listing[1] and "sudoku.yaml" in listing[1]
    assert "editor.js" in listing[2] and "studio.css" in listing[2]
    assert "cat.txt" in listing[3] and len(eval(listing[3])) >= 40, "the nonogram picture library"


def test_the_installed_command_works_from_an_empty_folder(installed: Path, empty: Path) -> None:
    puzzlebook = str(installed / "puzzlebook")
    made = subprocess.run([puzzlebook, "generate", "--shape", "heart", "--difficulty", "easy"], cwd=empty,
                          capture_output=True, text=True)
    assert made.returncode == 0, made.stderr
    assert "shape=heart" in made.stdout
    drawn = subprocess.run([puzzlebook, "generate", "--kind", "nonogram", "--pictures", "cat", "--difficulty", "easy"],
                           cwd=empty, capture_output=True, text=True)
    assert drawn.returncode == 0 and "picture=cat" in drawn.stdout, drawn.stderr
    (empty / "hearts.yaml").write_text(TINY, encoding="utf-8")
    built = subprocess.run([puzzlebook, "build", "hearts.yaml", "--jobs", "1"], cwd=empty, capture_output=True, text=True)
    assert built.returncode == 0, built.stderr
    assert (empty / "output" / "hearts" / "book.pdf").stat().st_size > 10_000
    assert "<svg" in (empty / "output" / "hearts" / "report.html").read_text(encoding="utf-8")
    exported = subprocess.run([puzzlebook, "export", "hearts.yaml", "--format", "svg", "--quiet"], cwd=empty,
                              capture_output=True, text=True)
    assert exported.returncode == 0, exported.stderr
    assert sorted(p.name for p in (empty / "output" / "hearts" / "export").iterdir()) == ["hearts-001.svg", "hearts-002.svg"]
    assert sorted(path.name for path in empty.iterdir()) == ["hearts.yaml", "output"]


def test_the_installed_studio_serves_from_an_empty_folder(installed: Path, empty: Path) -> None:
    (empty / "configs").mkdir()
    (empty / "configs" / "hearts.yaml").write_text(TINY, encoding="utf-8")
    process = subprocess.Popen([str(installed / "puzzlebook"), "studio", "--port", "0"], cwd=empty,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        address = process.stdout.readline().strip()  # type: ignore[union-attr]
        assert address.startswith("http://127.0.0.1:"), process.stderr.read()  # type: ignore[union-attr]
        base = address.split("/?")[0]
        opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))
        with opener.open(address, timeout=30) as response:
            page = response.read().decode("utf-8")
        assert "Hearts" in page and "hearts.yaml" in page
        with opener.open(base + "/static/editor.js", timeout=30) as response:
            assert b"BookForm" in response.read()
        with opener.open(base + "/books/hearts", timeout=30) as response:
            assert response.status == 200
    finally:
        process.send_signal(signal.SIGINT)
        process.communicate(timeout=60)
    assert process.returncode in (0, 130)
