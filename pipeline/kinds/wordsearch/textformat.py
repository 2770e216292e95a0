"""Word searches as text, both ways. One puzzle a block, blocks apart by blank lines:

    ; kind=wordsearch language=en level=hard
    C A T S X
    # D O G Z
    words: CAT, DOG
    solution:
    CAT r1c1 E
    DOG r2c2 E
    message: SXZ

Metadata lines start with ';' (key=value pairs: `language`, `umlauts`, `show`, ...); grid lines are
letters (or '#' for a blocked cell) apart by spaces; `words:` lists the words; after `solution:`,
each word's first letter's cell (from 1) and direction (E, S, SE, SW, W, N, NW, NE), and for a
hidden message, what it says. Mistakes name the file, line and column.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field

from pipeline.errors import PuzzleBookError
from pipeline.textfile import Block, meta_pairs, text_blocks
from pipeline.kinds.wordsearch.grid import BLOCKED, DIRECTIONS, SHOW, Placement, Solution, WordSearch
from pipeline.kinds.wordsearch.letters import LANGUAGE_NAMES, LANGUAGES, UMLAUTS, alphabet, normalize

KIND_MARK = re.compile(r"^\s*;.*\bkind=wordsearch\b", re.MULTILINE)
PLACEMENT = re.compile(r"^(\S+)\s+r(\d+)c(\d+)\s+([NESW]{1,2})$")


@dataclass(frozen=True)
class WordSearchText:
    """One puzzle read from text."""

    puzzle: WordSearch
    solution: Solution | None
    line: int
    meta: dict[str, str] = field(default_factory=dict)


def looks_like_wordsearch(text: str) -> bool:
    return bool(KIND_MARK.search(text)) or any(line.strip().lower().startswith("words:") for line in text.splitlines()[:80])


def parse_wordsearches(text: str, source: str) -> list[WordSearchText]:
    """Every puzzle in `text`; PuzzleBookError naming `source`, line and column for a mistake."""
    return [_block(block, source) for block in text_blocks(text)]


def _block(block: Block, source: str) -> WordSearchText:
    meta: dict[str, str] = {}
    rows: list[str] = []
    words: list[str] = []
    placements: list[Placement] | None = None
    message = ""
    start = block[0][0]
    for number, line in block:
        stripped = line.strip()
        if stripped.startswith(";"):
            if rows:
                raise PuzzleBookError("a metadata line must come before the grid", source=source, line=number)
            meta.update(meta_pairs(stripped))
            continue
        language, umlauts = meta.get("language", "en"), meta.get("umlauts", "keep")
        if language not in LANGUAGES or umlauts not in UMLAUTS:
            raise PuzzleBookError(f"unknown language={language} or umlauts={umlauts}; allowed: language "
                                  f"{', '.join(LANGUAGES)}, umlauts {', '.join(UMLAUTS)}", source=source, line=start)
        lower = stripped.lower()
        if lower.startswith("words:"):
            for part in re.split(r"[,\s]+", stripped[6:].strip()):
                if part:
                    try:
                        words.append(normalize(part, language, umlauts))
                    except ValueError as err:
                        raise PuzzleBookError(str(err), source=source, line=number) from None
        elif lower == "solution:":
            placements = []
        elif lower.startswith("message:"):
            message = stripped[8:].strip()
            try:
                normalize(message, language, umlauts)
            except ValueError as err:
                raise PuzzleBookError(str(err), source=source, line=number) from None
        elif placements is not None:
            match = PLACEMENT.match(stripped)
            if match is None or match[4] not in DIRECTIONS:
                raise PuzzleBookError("a solution line is WORD rRcC DIRECTION, like 'CAT r1c1 E' (E, S, SE, SW, W, N, "
                                      "NW or NE)", source=source, line=number)
            placements.append(Placement(normalize(match[1], language, umlauts), int(match[2]) - 1, int(match[3]) - 1,
                                        match[4]))
        elif words:
            raise PuzzleBookError("the grid comes before its words: line", source=source, line=number)
        else:
            letters = alphabet(language, umlauts)
            cells = stripped.split()
            for column, cell in enumerate(cells, 1):
                if len(cell) != 1 or (cell != BLOCKED and cell not in letters):
                    raise PuzzleBookError(f"{cell!r} is not among the letters of {LANGUAGE_NAMES[language]} grids; a cell is one capital letter "
                                          f"or '#' for a blocked cell", source=source, line=number, column=column)
            rows.append("".join(cells))
    if not rows:
        raise PuzzleBookError("a puzzle needs a grid of letters", source=source, line=start)
    if len({len(row) for row in rows}) != 1:
        raise PuzzleBookError("every grid line needs the same number of cells", source=source, line=start)
    if not words:
        raise PuzzleBookError("a puzzle needs its words: a line 'words: CAT, DOG, ...'", source=source, line=start)
    show = meta.get("show", "list")
    if show not in SHOW:
        raise PuzzleBookError(f"show={show} is not one of {', '.join(SHOW)}", source=source, line=start)
    puzzle = WordSearch(tuple(rows), tuple(words), message, show, meta.get("language", "en"), meta.get("umlauts", "keep"))
    solution = None
    if placements is not None:
        by_word = {placement.word: placement for placement in placements}
        missing = [word for word in words if word not in by_word]
        if missing:
            raise PuzzleBookError(f"the solution does not place {', '.join(missing)}", source=source, line=start)
        solution = tuple(by_word[word] for word in words)
    return WordSearchText(puzzle, solution, start, meta)


def grid_text(puzzle: WordSearch) -> str:
    return "\n".join(" ".join(row) for row in puzzle.rows)


def solution_lines(puzzle: WordSearch, solution: Solution) -> str:
    """Each word's place, a line each (`WORD rRcC DIRECTION`), then the hidden message if any."""
    out = [f"{p.word} r{p.row + 1}c{p.column + 1} {p.direction}" for p in solution]
    if puzzle.message:
        out.append(f"message: {puzzle.message}")
    return "\n".join(out)


def format_wordsearches(items: Iterable[WordSearchText]) -> str:
    """The puzzles as text: parse_wordsearches(format_wordsearches(items)) gives them back."""
    blocks = []
    for item in items:
        meta = {"kind": "wordsearch", **item.meta, "language": item.puzzle.language}
        if item.puzzle.umlauts != "keep":
            meta["umlauts"] = item.puzzle.umlauts
        if item.puzzle.show != "list":
            meta["show"] = item.puzzle.show
        lines = ["; " + " ".join(f"{key}={value}" for key, value in meta.items()), grid_text(item.puzzle),
                 "words: " + ", ".join(item.puzzle.words)]
        if item.solution is not None:
            lines += ["solution:", solution_lines(item.puzzle, item.solution)]
        elif item.puzzle.message:
            lines.append(f"message: {item.puzzle.message}")
        blocks.append("\n".join(lines))
    return "\n\n".join(blocks) + ("\n" if blocks else "")
