"""The manual stays true: the site builds with --strict, every console example prints what the page
shows, every picture named exists and is one the project renders, and the config reference lists
every key the loader accepts.

Whether the pictures of books are current is checked in tests/test_golden.py, which builds the
shipped books anyway and renders them again from those (docsite/pictures.py).
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from docsite.config_reference import config_reference, type_text
from docsite.examples import matches, prepare, run, steps
from docsite.pictures import EXTRA, GALLERY, shipped_books
from pipeline.book.config import config_schema

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
PAGES = sorted(DOCS.glob("*.md"))
README = ROOT / "README.md"
IMAGE = re.compile(r"\]\(([^)\s]+\.png)\)|<img [^>]*src=\"([^\"]+\.png)\"")
"""A picture shown (![...](x.png)) or linked to ([...](x.png))."""


@pytest.mark.slow
def test_the_site_builds_strictly(tmp_path: Path) -> None:
    """mkdocs build --strict, as `make docs` runs it: a broken link, anchor or missing page fails."""
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1")
    done = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(tmp_path / "site")],
                          cwd=ROOT, env=env, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    reference = (tmp_path / "site" / "reference" / "config.html").read_text(encoding="utf-8")
    assert "words_per_puzzle" in reference and "min_rating" in reference
    gallery = (tmp_path / "site" / "gallery.html").read_text(encoding="utf-8")
    for name in shipped_books():
        assert f"gallery/{name}-cover.png" in gallery
    # nothing is fetched from elsewhere: the pages work offline
    for page in (tmp_path / "site").glob("*.html"):
        assert not re.search(r"<(script|link)[^>]+(src|href)=\"https?://", page.read_text(encoding="utf-8")), page.name


def test_every_page_is_in_the_navigation() -> None:
    nav = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    for page in PAGES:
        assert f" {page.name}" in nav, f"{page.name} is not in mkdocs.yml's nav"


WITH_EXAMPLES = [page for page in [README, *PAGES] if steps(page.read_text(encoding="utf-8"))]


@pytest.mark.slow
@pytest.mark.parametrize("page", WITH_EXAMPLES, ids=lambda path: path.name)
def test_console_examples_print_what_the_page_shows(page: Path, tmp_path: Path) -> None:
    found = steps(page.read_text(encoding="utf-8"))
    folder = tmp_path / "work"
    prepare(folder, ROOT / "configs")
    for step in found:
        got = run(step, folder)
        assert matches(step.expected, got), (
            f"{page.name}, line {step.line}: `{step.command}` printed:\n" + "\n".join(got))


def test_the_pages_with_commands_and_output_have_console_examples() -> None:
    """Commands with their output belong in console blocks, where they are run."""
    assert len(steps((DOCS / "commands.md").read_text(encoding="utf-8"))) >= 10
    for page in (README, DOCS / "sudoku.md", DOCS / "wordsearch.md", DOCS / "hex-hidato.md"):
        assert steps(page.read_text(encoding="utf-8")), page.name


def test_an_example_whose_output_drifts_fails() -> None:
    (step,) = steps("```console\n$ echo one\ntwo\n```\n")
    assert not matches(step.expected, ["one"])
    (step,) = steps("```console\n$ seq 5\n1\n...\n5\n```\n")
    assert matches(step.expected, ["1", "2", "3", "4", "5"]) and not matches(step.expected, ["1", "2"])


def named_images() -> list[tuple[Path, Path]]:
    """(page, picture) for every picture README.md and the docs name."""
    found = []
    for page in [README, *PAGES]:
        for match in IMAGE.finditer(page.read_text(encoding="utf-8")):
            found.append((page, (page.parent / (match.group(1) or match.group(2))).resolve()))
    return found


def test_every_named_image_exists() -> None:
    images = named_images()
    assert len(images) > 30
    missing = [f"{page.name}: {image}" for page, image in images if not image.exists()]
    assert not missing


def test_every_image_is_rendered_by_the_project() -> None:
    """A picture of a book is one docsite renders (and the golden tests check); a picture of the
    studio is a screenshot a browser test takes. No picture is made by hand, and none is left over."""
    rendered = {DOCS / picture.file for picture in EXTRA}
    rendered |= {DOCS / GALLERY / f"{name}-{what}.png"
                 for name in shipped_books() for what in ("cover", "puzzles", "answers")}
    tests_text = "".join(path.read_text(encoding="utf-8") for path in (ROOT / "tests").glob("test_*.py"))
    named = {image for _, image in named_images()}
    for image in named:
        if image.parent.name == "studio":
            assert f'"{image.name}"' in tests_text, f"{image.name}: no browser test takes this screenshot"
        else:
            assert image in rendered, f"{image}: not rendered by docsite/pictures.py"
    on_disk = {path.resolve() for path in DOCS.glob("*/*.png")}
    assert on_disk - named == set(), "pictures no page shows"


def test_readme_is_a_front_door() -> None:
    text = README.read_text(encoding="utf-8")
    assert len(text.splitlines()) <= 150
    head = text[: text.index("## ")]
    for command in ("make book", "make test", "make studio"):
        assert command in head


def test_config_reference_lists_every_key_of_every_model() -> None:
    schema = config_schema()
    page = config_reference(schema)
    for model in [schema, *schema["$defs"].values()]:
        for key in model.get("properties", {}):
            assert f"| `{key}` |" in page
    for name in schema["$defs"]:
        assert f"{{#{name.lower()}}}" in page


def test_config_reference_says_values_in_words() -> None:
    assert type_text({"type": "integer", "minimum": 1, "maximum": 2000}) == "a whole number, 1 to 2000"
    assert type_text({"anyOf": [{"type": "string"}, {"type": "null"}]}) == "text"
    assert type_text({"type": "array", "items": {"type": "integer"}}) == "a list of whole numbers"
    assert type_text({"enum": ["back", "section"], "type": "string"}) == "one of `back`, `section`"
    assert type_text({"$ref": "#/$defs/PageSpec"}) == "[PageSpec](#pagespec)"
