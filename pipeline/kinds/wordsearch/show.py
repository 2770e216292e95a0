"""How the command line prints word searches: `generate` and `show` give the text form with a header;
`show` frames the grid and lists the words (and, with solutions, each word's place)."""

from __future__ import annotations

from pipeline.kinds.wordsearch.textformat import WordSearchText, format_wordsearches, solution_lines
from pipeline.textfile import key_values


def wordsearch_text(item: WordSearchText, first: bool) -> str:
    """A generated puzzle in the text form (a blank line before all but the first)."""
    return ("" if first else "\n") + format_wordsearches([item]).rstrip("\n")


def wordsearch_card(item: WordSearchText, index: int, total: int, with_solution: bool) -> str:
    """`show`'s view of a word search: a header line, its metadata, the framed grid, its words, maybe
    where each word lies."""
    puzzle = item.puzzle
    width = puzzle.width * 2 + 1
    lines = [f"Puzzle {index} of {total} (line {item.line}): word search, {puzzle.height}x{puzzle.width}, "
             f"{len(puzzle.words)} words, {puzzle.language}"]
    extra = key_values(item.meta, skip=("kind", "language"))
    if extra:
        lines.append(f"  {extra}")
    lines.append("  +" + "-" * width + "+")
    lines += ["  | " + " ".join(" " if char == "#" else char for char in row) + " |" for row in puzzle.rows]
    lines.append("  +" + "-" * width + "+")
    lines.append("  words: " + ", ".join(puzzle.words))
    if with_solution and item.solution is not None:
        lines += ["  solution:"] + ["    " + line for line in solution_lines(puzzle, item.solution).splitlines()]
    return "\n".join(lines)
