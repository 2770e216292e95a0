"""The proof that a new kind is one package and one line: a toy kind from tests/plugins/toykind,
registered through the `puzzlebook.kinds` entry point (its dist-info beside it), with no file under
pipeline/ edited or naming it, makes a book (puzzle, how-to and answer pages), exports its puzzles,
and generates, verifies and shows from the command line.

The commands run in processes of their own with tests/plugins on PYTHONPATH: the registry reads the
entry points once, when it is imported, and this test process must keep the kinds it has.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from pypdf import PdfReader

ROOT = Path(__file__).resolve().parent.parent
PLUGINS = Path(__file__).resolve().parent / "plugins"

pytestmark = pytest.mark.slow

CONFIG = """\
title: Strips for Testing
author: A Tester
seed: 5
page: {size: 6x9}
sections:
  - name: Strips
    kind: toy
    length: 7
    difficulty: [easy, medium]
    count: 6
    per_page: 2
"""


def puzzlebook(*argv: str, cwd: Path, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(PLUGINS), str(ROOT)])}
    return subprocess.run([sys.executable, "-m", "pipeline", *argv], cwd=cwd, env=env, input=stdin,
                          capture_output=True, text=True, timeout=300)


def test_no_file_under_pipeline_names_the_toy_kind() -> None:
    assert not [path for path in (ROOT / "pipeline").rglob("*.py") if "toykind" in path.read_text(encoding="utf-8")]


def test_the_toy_kind_makes_a_book_with_puzzles_howto_and_answers(tmp_path: Path) -> None:
    (tmp_path / "strips.yaml").write_text(CONFIG, encoding="utf-8")
    built = puzzlebook("build", "strips.yaml", "--quiet", "--jobs", "2", cwd=tmp_path)
    assert built.returncode == 0, built.stderr
    out = tmp_path / "output" / "strips"
    records = [json.loads(line) for line in (out / "puzzles.jsonl").read_text(encoding="utf-8").splitlines()]
    assert [record["kind"] for record in records] == ["toy"] * 6
    assert [record["grade"]["level"] for record in records] == ["easy", "medium"] * 3
    text = [" ".join(page.extract_text().split()) for page in PdfReader(out / "book.pdf").pages]
    howto = [i for i, page in enumerate(text) if "each number under the strip is the sum" in page]
    puzzles = [i for i, page in enumerate(text) if "Strips" in page and "Puzzle 1" in page]
    answers = [i for i, page in enumerate(text) if "Answers" in page or "ANSWERS" in page]
    assert howto and puzzles and answers and howto[0] < puzzles[0] < answers[-1]
    first = records[0]
    assert str(first["grid"]["sums"][0]) in text[puzzles[0]]
    assert len(PdfReader(out / "cover.pdf").pages) == 1 and "Strip" in (out / "report.html").read_text(encoding="utf-8")

    first_book = (out / "book.pdf").read_bytes()
    again = puzzlebook("build", "strips.yaml", "--quiet", "--jobs", "1", "--fresh", cwd=tmp_path)
    assert again.returncode == 0, again.stderr
    assert (out / "book.pdf").read_bytes() == first_book, "the same book whatever the number of workers"

    exported = puzzlebook("export", "strips.yaml", "--format", "svg", "--solutions", "-o", "svg", "--quiet",
                          cwd=tmp_path)
    assert exported.returncode == 0, exported.stderr
    files = sorted(path.name for path in (tmp_path / "svg").iterdir())
    assert len(files) == 12 and sum(name.endswith("-answer.svg") for name in files) == 6
    answer = next((tmp_path / "svg").glob("*-answer.svg")).read_text(encoding="utf-8")
    assert "<svg" in answer


def test_the_toy_kind_on_the_command_line(tmp_path: Path) -> None:
    made = puzzlebook("generate", "--kind", "toy", "--length", "5", "--count", "3", "--json", cwd=tmp_path)
    assert made.returncode == 0, made.stderr
    assert [len(json.loads(line)["solution"]) for line in made.stdout.splitlines()] == [5, 5, 5]
    checked = puzzlebook("verify", "-", cwd=tmp_path, stdin=made.stdout)
    assert checked.returncode == 0 and "3 puzzles verified" in checked.stdout
    text = puzzlebook("generate", "--kind", "toy", "--count", "2", "--solutions", "-o", "strips.txt", cwd=tmp_path)
    assert text.returncode == 0, text.stderr
    shown = puzzlebook("show", "strips.txt", cwd=tmp_path)
    assert shown.returncode == 0 and "Puzzle 2 of 2" in shown.stdout
    help_text = puzzlebook("generate", "--kind", "toy", "--help", cwd=tmp_path).stdout
    assert "--length N" in help_text and "[--box" not in help_text
    refused = puzzlebook("generate", "--kind", "toy", "--box", "3", cwd=tmp_path)
    assert refused.returncode == 2 and "unrecognized arguments: --box" in refused.stderr
    wrong = puzzlebook("generate", "--kind", "toy", "--length", "40", cwd=tmp_path)
    assert wrong.returncode == 2 and "--length" in wrong.stderr and "Traceback" not in wrong.stderr
    schema = json.loads(puzzlebook("schema", cwd=tmp_path).stdout)
    assert "toy" in json.dumps(schema) and "length" in json.dumps(schema)


def test_a_kind_plugin_that_cannot_load_is_one_error_line(tmp_path: Path) -> None:
    info = tmp_path / "broken-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: broken\nVersion: 1.0\n", encoding="utf-8")
    (info / "entry_points.txt").write_text("[puzzlebook.kinds]\nbroken = no_such_module:KIND\n", encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(tmp_path), str(ROOT)])}
    ran = subprocess.run([sys.executable, "-m", "pipeline", "generate"], cwd=tmp_path, env=env,
                         capture_output=True, text=True, timeout=60)
    assert ran.returncode == 2 and "Traceback" not in ran.stderr
    assert ran.stderr.strip() == ("puzzlebook: error: the kind plugin 'broken' (no_such_module:KIND) cannot be "
                                  "loaded: No module named 'no_such_module'")
