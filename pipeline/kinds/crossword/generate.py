"""Make a crossword or a fill-in from a seed alone, keeping every promise before a record leaves.

A job brings the puzzle's words (dealt by the section, each with its clue for a crossword), spare
words of the same list, and whether the words are fixed (a user's exact list: none may be swapped).
Each attempt (its own random.Random from the seed) lays the words out (layout.lay_out) in the level's
grid; a word that finds no place in any of its layouts is swapped for a spare when the words are not
fixed, and named in the error when they are: never dropped (the printed list is the placed words).
A crossword is done when every word crosses and the grid is as interlocked as its level asks. A
fill-in must then fill only one way (fill.fillings proves it); if the empty grid fills two ways, the
starter word that makes it unique (the fewest letters given) is printed in it, when the section allows
one; and the person's grade (fillgrade) must be the level asked, or the next attempt runs with the
words in another order (and every SWAP_EVERY attempts, one word swapped for a spare).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, TypedDict

from pipeline.errors import PuzzleBookError
from pipeline.kinds.crossword.fill import fillings
from pipeline.kinds.crossword.fillgrade import grade as grade_fillin
from pipeline.kinds.crossword.grid import BLOCK, EMPTY
from pipeline.kinds.crossword.layout import EXTRA, Layout, Placed, lay_out
from pipeline.kinds.crossword.levels import CROSSWORD_BANDS, FILLIN_BANDS, Band, crossword_level, words_per_puzzle
from pipeline.kinds.crossword.puzzle import Crossword, entries_for, word_order
from pipeline.kinds.wordsearch.letters import normalize
from pipeline.seeds import derive_seed

LAYOUTS = 300
"""Greedy layouts an attempt tries at most (it stops sooner once it has a full one and some better)."""
CROSSWORD_ATTEMPTS = 12
FILLIN_ATTEMPTS = 150
SWAP_EVERY = 8
"""Attempts after which a puzzle that has words to spare swaps one for another, when its words have not
given the level asked (some sets of words cannot)."""
SAME_LENGTHS = {"expert": range(4, 7)}
"""The word lengths an expert fill-in takes first: many words of a few lengths leave a solver more
candidates in every run, so that only a trial settles some of them."""
PROOF_NODES = 200_000
"""The fill-in proof's budget: far past what a printed grid needs; a grid it cannot settle is skipped."""


class WordsJob(TypedDict):
    """One puzzle's job: its language, its words in the order it tries them ([word as written, clue]
    pairs, the clue '' for a fill-in: the first ones it takes, the rest spares), how many it takes
    (None: its level's), whether they are the user's own list (`whole`), the grid's largest side (None:
    its level's), and for a fill-in whether a starter word may be given."""

    language: str
    umlauts: str
    theme: str | None
    words: list[list[str]]
    count: int | None
    whole: bool
    size: int | None
    starter: bool


def _answers(pairs: Sequence[Sequence[str]], language: str, umlauts: str) -> dict[str, str]:
    """Answer (in the grid's letters) -> clue, in the pairs' order."""
    return {normalize(word, language, umlauts): clue for word, clue in pairs}


def _swap_missed(chosen: dict[str, str], missed: Sequence[str], spare: dict[str, str]) -> bool:
    """Swap the first of `missed` (a word that found no place) for the next spare not yet in; False when
    none is left."""
    for answer, clue in spare.items():
        if answer not in chosen:
            chosen.pop(missed[0])
            chosen[answer] = clue
            del spare[answer]
            return True
    return False


def _never_placed(missed: Sequence[str], width: int, height: int) -> PuzzleBookError:
    return PuzzleBookError(
        f"{', '.join(missed)} found no place crossing the other words in a {width}x{height} grid: use a larger "
        "size, fewer words, or leave "
        + ("it" if len(missed) == 1 else "them") + " out (no word is ever dropped silently)")


def _laid_out(job: WordsJob, band: Band, difficulty: str, seed: int, kind: str, attempts: int,
              accept: Any, *, extra: int = EXTRA, lengths: range | None = None) -> tuple[Layout, dict[str, str], Any, int]:
    """The first layout `accept(layout, fixed)` takes (it returns what to keep, or None); each attempt the
    best of its greedy layouts, `extra` more after the first full one. With `lengths`, a puzzle whose
    words are not fixed takes words of those lengths first."""
    language, umlauts = job["language"], job["umlauts"]
    every = _answers(job["words"], language, umlauts)
    count = words_per_puzzle(band, job["count"], len(every), job["whole"])
    if lengths is not None and not (job["whole"] and count >= len(every)):
        every = dict(sorted(every.items(), key=lambda item: len(item[0]) not in lengths))
    chosen = dict(list(every.items())[:count])
    spare = dict(list(every.items())[count:])
    fixed = job["whole"] and not spare
    side = job["size"] or band.side
    missed: list[str] = []
    for tries in range(1, attempts + 1):
        rng = random.Random(derive_seed(seed, kind, difficulty, tries))
        layout, missed = lay_out(list(chosen), side, side, rng, LAYOUTS, extra)
        if layout is None:
            if fixed or not _swap_missed(chosen, missed, spare):
                raise _never_placed(missed, side, side)
            continue
        kept = accept(layout, fixed)
        if kept is not None:
            return layout, chosen, kept, tries
        if not fixed and tries % SWAP_EVERY == 0:
            _swap_missed(chosen, [rng.choice(sorted(chosen))], spare)
    raise PuzzleBookError(
        f"no {difficulty} {kind} of {len(chosen)} words came out in {attempts} tries in a {side}x{side} grid: use "
        "another level, more words to choose from, or a larger size")


def crossword_grade(layout: Layout) -> dict[str, Any]:
    """A crossword's measures: its level (by its words), size, letters and crossings."""
    return {"level": crossword_level(len(layout.placed)), "words": len(layout.placed), "width": layout.width,
            "height": layout.height, "letters": layout.letters, "crossings": layout.crossings,
            "crossings_per_word": round(layout.crossings_per_word, 3),
            "letters_per_cell": round(layout.density, 3)}


def generate_crossword(job: WordsJob, difficulty: str, seed: int) -> dict[str, Any]:
    """The record of a crossword of `difficulty` from the job's words."""
    band = CROSSWORD_BANDS[difficulty]

    def accept(layout: Layout, fixed: bool) -> bool | None:
        return True if layout.crossings_per_word >= band.crossings or fixed else None

    layout, chosen, _, tries = _laid_out(job, band, difficulty, seed, "crossword", CROSSWORD_ATTEMPTS, accept)
    puzzle = Crossword(layout.rows, entries_for(layout.rows, chosen))
    grade = crossword_grade(layout)
    if grade["level"] != difficulty:
        low, high = band.words
        article = "an" if difficulty[0] in "aeiou" else "a"
        raise PuzzleBookError(f"a crossword of {grade['words']} words is {grade['level']}; {article} {difficulty} one "
                              f"holds {low} to {high} words")
    return {"kind": "crossword", "seed": seed, "difficulty": difficulty, "language": job["language"],
            "umlauts": job["umlauts"], "theme": job["theme"], "grid": list(puzzle.blank),
            "solution": list(puzzle.solution), "entries": [entry.to_json() for entry in puzzle.entries],
            "grade": grade, "attempts": tries}


def _given(rows: Sequence[str], placed: Placed | None) -> tuple[str, ...]:
    """The grid emptied, but for `placed`'s letters."""
    keep = set(placed.cells()) if placed else set()
    return tuple("".join(char if char == BLOCK or (r, c) in keep else EMPTY for c, char in enumerate(row))
                 for r, row in enumerate(rows))


def unique_grid(layout: Layout, words: Sequence[str], starter: bool) -> tuple[str, ...] | None:
    """The layout's grid as printed, filled only one way: empty if that is so, else with the starter
    word of fewest letters (then the first in number order) that makes it so, when allowed; None when
    no such grid is proved within the budget."""
    empty = _given(layout.rows, None)
    result = fillings(empty, words, 2, PROOF_NODES)
    if not result.complete:
        return None
    if len(result.solutions) == 1:
        return empty
    if not starter:
        return None
    for placed in sorted(layout.placed, key=lambda p: (len(p.word), p.row, p.col, p.direction)):
        grid = _given(layout.rows, placed)
        proof = fillings(grid, words, 2, PROOF_NODES)
        if proof.complete and len(proof.solutions) == 1:
            return grid
    return None


def fillin_grade(grid: Sequence[str], words: Sequence[str]) -> dict[str, Any]:
    """A fill-in's grade (fillgrade: level, hardest technique, steps) and its measures: words, size, and
    the letters of a starter word given. ValueError when logic does not finish it."""
    given = sum(1 for row in grid for char in row if char not in (BLOCK, EMPTY))
    return {**grade_fillin(grid, words), "words": len(words), "width": len(grid[0]), "height": len(grid),
            "given": given}


def generate_fillin(job: WordsJob, difficulty: str, seed: int) -> dict[str, Any]:
    """The record of a fill-in of exactly `difficulty`, filled only one way."""
    band = FILLIN_BANDS[difficulty]

    def accept(layout: Layout, fixed: bool) -> tuple[tuple[str, ...], dict[str, Any]] | None:
        if layout.crossings_per_word < band.crossings and not fixed:
            return None
        words = [p.word for p in layout.placed]
        grid = unique_grid(layout, words, job["starter"])
        if grid is None:
            return None
        try:
            grade = fillin_grade(grid, words)
        except ValueError:
            return None
        if grade["level"] != difficulty:
            return None
        return grid, grade

    layout, chosen, (grid, grade), tries = _laid_out(job, band, difficulty, seed, "fillin", FILLIN_ATTEMPTS, accept,
                                                     extra=0, lengths=SAME_LENGTHS.get(difficulty))
    return {"kind": "fillin", "seed": seed, "difficulty": difficulty, "language": job["language"],
            "umlauts": job["umlauts"], "theme": job["theme"], "grid": list(grid), "solution": list(layout.rows),
            "words": list(word_order([p.word for p in layout.placed])),
            "grade": grade, "attempts": tries}
