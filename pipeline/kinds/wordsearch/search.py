"""Count every occurrence of every listed word in a grid, reading in all eight directions, with one
multi-pattern search (Aho-Corasick, pyahocorasick) over every row, column and diagonal; a blocked
cell ends a line. The verifier behind `verify`, the grader and the book's check before printing.

Lines are read forwards only (E, S, SE, SW) against each word and its reverse, which is the same as
reading all eight directions. An occurrence is a set of cells: a palindrome read both ways over the
same cells counts once; a listed word found inside another word's placement is an occurrence of its own.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache

import ahocorasick

from pipeline.kinds.wordsearch.grid import BLOCKED, DIRECTIONS, FORWARD, Placement

OPPOSITE = {"E": "W", "S": "N", "SE": "NW", "SW": "NE"}


@dataclass(frozen=True)
class Line:
    """A run of open cells along one forward direction: its letters and their cells."""

    text: str
    cells: tuple[tuple[int, int], ...]
    direction: str


def lines(rows: tuple[str, ...] | list[str]) -> list[Line]:
    """Every maximal run of open cells in each forward direction (runs of one cell left out)."""
    height = len(rows)
    width = max((len(row) for row in rows), default=0)

    def letter(r: int, c: int) -> str:
        return rows[r][c] if 0 <= r < height and 0 <= c < len(rows[r]) else BLOCKED

    found: list[Line] = []
    for direction in FORWARD:
        dr, dc = DIRECTIONS[direction]
        for r in range(height):
            for c in range(width):
                if letter(r, c) == BLOCKED or letter(r - dr, c - dc) != BLOCKED:
                    continue  # not the start of a run
                cells = []
                rr, cc = r, c
                while letter(rr, cc) != BLOCKED:
                    cells.append((rr, cc))
                    rr, cc = rr + dr, cc + dc
                if len(cells) > 1:
                    found.append(Line("".join(rows[a][b] for a, b in cells), tuple(cells), direction))
    return found


@lru_cache(maxsize=64)
def automaton(words: tuple[str, ...]) -> ahocorasick.Automaton:
    """Every word and its reverse, each mapped to the (word, reversed) readings it stands for."""
    table: dict[str, list[tuple[str, bool]]] = {}
    for word in words:
        table.setdefault(word, []).append((word, False))
        backwards = word[::-1]
        if backwards != word:
            table.setdefault(backwards, []).append((word, True))
    machine = ahocorasick.Automaton()
    for pattern, readings in table.items():
        machine.add_word(pattern, (len(pattern), tuple(readings)))
    machine.make_automaton()
    return machine


def occurrences(rows: tuple[str, ...] | list[str], words: Iterable[str],
                found_lines: list[Line] | None = None) -> dict[str, list[Placement]]:
    """Every word's occurrences, each once (a palindrome's two readings are one), as placements."""
    words = tuple(dict.fromkeys(words))
    out: dict[str, list[Placement]] = {word: [] for word in words}
    if not words:
        return out
    machine = automaton(words)
    seen: set[tuple[str, frozenset[tuple[int, int]]]] = set()
    for line in found_lines if found_lines is not None else lines(rows):
        for end, (length, readings) in machine.iter(line.text):
            start = end - length + 1
            cells = line.cells[start : end + 1]
            for word, backwards in readings:
                key = (word, frozenset(cells))
                if key in seen:
                    continue
                seen.add(key)
                if backwards:
                    (r, c), direction = cells[-1], OPPOSITE[line.direction]
                else:
                    (r, c), direction = cells[0], line.direction
                out[word].append(Placement(word, r, c, direction))
    return out
