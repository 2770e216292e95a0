"""How hard a word search is, from what the solver must look for: which directions the words read
in, whether words cross and share letters, and whether near-copies of listed words (one letter off)
hide in the grid as decoys. Graded from the puzzle alone, never from how it was made.

Levels (each described on the how-to page):
- easy: words read left to right or top to bottom only, and no two share a cell;
- medium: the two downward diagonals too (at least one word uses one), or words cross;
- hard: any of the eight directions, so words also read backwards and upwards;
- expert: any direction, words crossing densely, and decoys planted among the letters.
A puzzle is graded only when every listed word occurs exactly once (the promise of the kind).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from functools import lru_cache
from typing import Any

import ahocorasick

from pipeline.errors import PuzzleBookError
from pipeline.kinds.wordsearch.grid import BACKWARD, DIAGONAL, Placement, Solution, WordSearch
from pipeline.kinds.wordsearch.search import lines, occurrences

LEVELS = ("easy", "medium", "hard", "expert")
TECHNIQUES = ("across", "down", "diagonal", "crossing", "backwards", "decoys")
"""What a solver looks for, easiest first: the grade's `techniques` counts and `hardest`."""
NAMES = {"across": "left to right", "down": "top to bottom", "diagonal": "diagonals",
         "crossing": "crossing words", "backwards": "backwards and upwards", "decoys": "near-copies"}


DECOY_LENGTH = 5
"""Near-copies of shorter words turn up by chance too often to count as decoys."""


def decoy_least(words: int) -> int:
    """Decoys an expert puzzle holds at least (well above what chance leaves in a grid)."""
    return max(3, words // 4)


def crossing_least(words: int) -> int:
    """Shared cells an expert puzzle holds at least (dense crossing)."""
    return max(2, words // 3)


@lru_cache(maxsize=64)
def _near_copies(words: tuple[str, ...], alphabet: str) -> ahocorasick.Automaton | None:
    """Every string one letter off a listed word (of DECOY_LENGTH letters or more), and its reverse."""
    listed = set(words) | {word[::-1] for word in words}
    machine = ahocorasick.Automaton()
    added = False
    for word in words:
        if len(word) < DECOY_LENGTH:
            continue
        for i, letter in enumerate(word):
            for other in alphabet:
                if other == letter:
                    continue
                copy = word[:i] + other + word[i + 1:]
                for pattern in (copy, copy[::-1]):
                    if pattern not in listed:
                        machine.add_word(pattern, len(pattern))
                        added = True
    if not added:
        return None
    machine.make_automaton()
    return machine


def decoys(puzzle: WordSearch, alphabet: str) -> int:
    """Near-copies of listed words in the grid (each set of cells once)."""
    machine = _near_copies(puzzle.words, alphabet)
    if machine is None:
        return 0
    seen: set[frozenset[tuple[int, int]]] = set()
    for line in lines(puzzle.rows):
        for end, length in machine.iter(line.text):
            seen.add(frozenset(line.cells[end - length + 1 : end + 1]))
    return len(seen)


def placements(puzzle: WordSearch) -> Solution:
    """Every word's one placement; PuzzleBookError naming the words found twice or not at all."""
    found = occurrences(puzzle.rows, puzzle.words)
    missing = [word for word, where in found.items() if not where]
    twice = [word for word, where in found.items() if len(where) > 1]
    if missing or twice:
        parts = []
        if missing:
            parts.append(f"{', '.join(missing)} not found")
        if twice:
            parts.append(f"{', '.join(twice)} found more than once")
        raise PuzzleBookError(f"the puzzle breaks the one-occurrence promise: {'; '.join(parts)}")
    return tuple(found[word][0] for word in puzzle.words)


def crossings(solution: Solution) -> int:
    """Cells two or more words share."""
    used = Counter(cell for placement in solution for cell in placement.cells())
    return sum(1 for count in used.values() if count > 1)


def grade(puzzle: WordSearch, alphabet: str) -> dict[str, object]:
    """The difficulty record (level first); PuzzleBookError unless every word occurs exactly once."""
    solution = placements(puzzle)
    return grade_placed(puzzle, solution, alphabet)


def grade_placed(puzzle: WordSearch, solution: Solution, alphabet: str) -> dict[str, object]:
    """The grade of a puzzle whose placements are known to be its only ones."""
    directions = Counter(placement.direction for placement in solution)
    shared = crossings(solution)
    planted = decoys(puzzle, alphabet)
    backwards = sum(directions[d] for d in BACKWARD)
    diagonal = sum(directions[d] for d in DIAGONAL)
    words = len(solution)
    if backwards and planted >= decoy_least(words) and shared >= crossing_least(words):
        level = "expert"
    elif backwards:
        level = "hard"
    elif diagonal or shared:
        level = "medium"
    else:
        level = "easy"
    techniques = {"across": directions["E"], "down": directions["S"], "diagonal": diagonal, "crossing": shared,
                  "backwards": backwards, "decoys": planted if planted >= decoy_least(words) else 0}
    used = {name: count for name, count in techniques.items() if count}
    cells = len(puzzle.open_cells())
    return {
        "level": level,
        "hardest": next(name for name in reversed(TECHNIQUES) if used.get(name)) if used else "across",
        "techniques": used,
        "steps": words,
        "words": words,
        "cells": cells,
        "letters_used": len({cell for placement in solution for cell in placement.cells()}),
        "near_copies": planted,
        "directions": {d: directions[d] for d in sorted(directions)},
    }


def as_placements(records: Iterable[Sequence[Any]]) -> Solution:
    """Placements from their JSON form ([word, row, column, direction]): values as a record read
    them, of any JSON type until str() and int() take them (TypeError or ValueError if they cannot)."""
    return tuple(Placement(str(w), int(r), int(c), str(d)) for w, r, c, d in records)
