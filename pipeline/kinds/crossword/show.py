"""How the command line prints crosswords and fill-ins: `generate` gives the text form; `show` adds a
header line and the metadata, frames the grid (blank, or solved when asked) and lists the clues or the
words by length. Formatting only: it never solves, grades or parses."""

from __future__ import annotations

from collections.abc import Iterable
from itertools import groupby

from pipeline.kinds.crossword.grid import BLOCK, DIRECTIONS
from pipeline.kinds.crossword.puzzle import word_order
from pipeline.kinds.crossword.textformat import CrosswordText, FillInText, format_crosswords, format_fillins
from pipeline.textfile import key_values


def crossword_text(item: CrosswordText, first: bool) -> str:
    """A generated crossword in the text form (a blank line before all but the first)."""
    return ("" if first else "\n") + format_crosswords([item]).rstrip("\n")


def fillin_text(item: FillInText, first: bool) -> str:
    """A generated fill-in in the text form (a blank line before all but the first)."""
    return ("" if first else "\n") + format_fillins([item]).rstrip("\n")


def framed(rows: tuple[str, ...]) -> list[str]:
    """The grid in a frame, a space between squares and none where there is no square."""
    rule = "  +" + "-" * (len(rows[0]) * 2 + 1) + "+"
    return [rule, *("  | " + " ".join(" " if char == BLOCK else char for char in row) + " |" for row in rows), rule]


def _header(item: CrosswordText | FillInText, index: int, total: int, what: str, count: str) -> list[str]:
    """The card's first line (what it is, rows x columns, how many entries or words), then its metadata."""
    rows = item.puzzle.solution if isinstance(item, CrosswordText) else item.puzzle.grid
    lines = [f"Puzzle {index} of {total} (line {item.line}): {what}, {len(rows)}x{len(rows[0])}, {count}"]
    extra = key_values(item.meta, skip=("kind",))
    if extra:
        lines.append(f"  {extra}")
    return lines


def crossword_card(item: CrosswordText, index: int, total: int, with_solution: bool) -> str:
    """`show`'s view of a crossword: a header line, its metadata, the framed grid ('.' on every
    square, or its letters with solutions), then the clues, across and down, each with its length
    (and with solutions, its answer)."""
    puzzle = item.puzzle
    lines = _header(item, index, total, "crossword", f"{len(puzzle.entries)} entries")
    lines += framed(puzzle.solution if with_solution else puzzle.blank)
    width = max((len(str(entry.number)) for entry in puzzle.entries), default=1)
    for direction in DIRECTIONS:
        lines.append(f"  {direction}:")
        for entry in puzzle.entries:
            if entry.direction == direction:
                answer = f"  {entry.answer}" if with_solution else ""
                lines.append(f"    {entry.number:>{width}}  {entry.clue} ({len(entry.answer)}){answer}")
    return "\n".join(lines)


def by_length(words: Iterable[str]) -> list[str]:
    """The words grouped by length, shortest first: '3 letters: CAT, DOG'."""
    return [f"{length} letters: " + ", ".join(group)
            for length, group in groupby(word_order(list(words)), key=len)]


def fillin_card(item: FillInText, index: int, total: int, with_solution: bool) -> str:
    """`show`'s view of a fill-in: a header line, its metadata, the framed grid (filled in with
    solutions, when the item has one), then its words by length."""
    puzzle = item.puzzle
    lines = _header(item, index, total, "fill-in", f"{len(puzzle.words)} words")
    lines += framed(item.solution if with_solution and item.solution is not None else puzzle.grid)
    lines += ["  " + line for line in by_length(puzzle.words)]
    return "\n".join(lines)
