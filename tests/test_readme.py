"""The README's examples stay true: its config validates, and its puzzle example reads back as written
and has one solution. (tests/test_docs.py runs its console examples and checks its pictures.)"""

from __future__ import annotations

from pathlib import Path

from docsite.examples import steps
from pipeline.book.config import load_config_text
from pipeline.kinds.hidato.solve import solve
from pipeline.kinds.hidato.textformat import format_puzzles, parse_puzzles

README = (Path(__file__).parent.parent / "README.md").read_text()


def _block(opening: str) -> str:
    start = README.index(opening) + len(opening)
    return README[start : README.index("```", start)]


def test_readme_config_example_is_valid() -> None:
    book = load_config_text(_block("```yaml\n"), "README.md")
    assert book.sections[0].reroll == [7]
    assert [section.kind for section in book.sections] == ["hidato", "sudoku"]


def test_readme_puzzle_example_round_trips_and_is_unique() -> None:
    generated = steps(README)[0]
    assert generated.command.startswith("puzzlebook generate")
    text = "\n".join(generated.expected) + "\n"
    puzzles = parse_puzzles(text, "README.md")
    assert format_puzzles(puzzles) == text
    assert solve(puzzles[0].board).status == "unique"
