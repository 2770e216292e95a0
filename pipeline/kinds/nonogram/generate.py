"""Making one nonogram of exactly the level asked: from the job's picture, or from nothing.

A picture (the library's, a mask, a user's file, scaled when the job was made) is made solvable by
the level's techniques (unique.py: hints or flips), then graded; a picture whose puzzle grades easier
than asked cannot be made harder, and says so. From nothing, each attempt (its own random.Random from
the seed) draws a doodle (doodle.py), freckles it for the harder levels (symmetric pairs of pixels
flipped, the detail that makes a solver try cells), and keeps it when its grade is the level.
"""

from __future__ import annotations

import random
from typing import Any, TypedDict

from pipeline.errors import PuzzleBookError
from pipeline.kinds.nonogram.doodle import doodle
from pipeline.kinds.nonogram.grade import DEEPEST, grade
from pipeline.kinds.nonogram.reason import CONTRADICTION
from pipeline.kinds.nonogram.puzzle import EMPTY, FILLED, Picture
from pipeline.kinds.nonogram.unique import Settled, settle
from pipeline.seeds import derive_seed

ATTEMPTS = 120
"""Random pictures tried for one puzzle before giving up: an expert 25 x 25 takes some tens."""
FRECKLES = {"easy": (0.0,), "medium": (0.02, 0.04, 0.06), "hard": (0.08, 0.12, 0.16), "expert": (0.18, 0.24, 0.3)}
"""The shares of symmetric pixel pairs flipped in a doodle, per level, taken in turn by the attempts: a
smooth blob is easy, detail is what asks for longer chains and contradictions."""
TECHNIQUES = {**DEEPEST, "expert": CONTRADICTION}
"""What making a puzzle of each level lets reasoning use: an expert puzzle is made with many plain
contradictions (a deep one would cost seconds on every picture that fails; it stays in the grade)."""


class NonogramJob(TypedDict):
    """One nonogram's job: the picture (its name and rows, already at the asked size) or None for a
    random one of width x height, and how a picture is made unique."""

    picture: str | None
    image: list[str] | None
    width: int
    height: int
    changes: str


def freckled(picture: Picture, rng: random.Random, share: float) -> Picture:
    """The picture with about `share` of its cells flipped in mirror pairs (it stays symmetric)."""
    grid = [list(row) for row in picture]
    width = len(grid[0])
    for row in grid:
        for c in range((width + 1) // 2):
            if rng.random() < share:
                mark = EMPTY if row[c] == FILLED else FILLED
                row[c] = row[width - 1 - c] = mark
    made = tuple("".join(row) for row in grid)
    return made if FILLED in "".join(made) else picture


def article(level: str) -> str:
    """'an easy', 'a hard': the level as a sentence names it."""
    return f"{'an' if level[0] in 'aeiou' else 'a'} {level}"


def _record(job: NonogramJob, difficulty: str, seed: int, settled: Settled, graded: dict[str, object],
            attempts: int) -> dict[str, Any]:
    puzzle = settled.puzzle
    return {
        "kind": "nonogram", "picture": job["picture"], "width": job["width"], "height": job["height"],
        "changes": job["changes"],
        "rows": [list(clue) for clue in puzzle.rows], "cols": [list(clue) for clue in puzzle.cols],
        "flipped": [list(cell) for cell in puzzle.flipped],
        "seed": seed, "difficulty": difficulty, "grid": list(puzzle.givens), "solution": list(settled.picture),
        "grade": graded,
        "attempts": attempts,
    }


def picture_level(picture: Picture, difficulty: str, changes: str) -> tuple[Settled, dict[str, object]]:
    """The picture made solvable at `difficulty`'s techniques, and its grade."""
    settled = settle(picture, TECHNIQUES[difficulty], changes)
    return settled, grade(settled.puzzle)


def generate_nonogram(job: NonogramJob, difficulty: str, seed: int) -> dict[str, Any]:
    """A nonogram of exactly `difficulty`, solvable by its techniques alone (so unique)."""
    if job["image"] is not None:
        settled, graded = picture_level(tuple(job["image"]), difficulty, job["changes"])
        if graded["level"] != difficulty:
            raise PuzzleBookError(
                f"the picture {job['picture']!r} at {job['width']} x {job['height']} makes "
                f"{article(str(graded['level']))} nonogram, not {difficulty}; choose another picture or size, or the level {graded['level']}")
        return _record(job, difficulty, seed, settled, graded, 1)
    for attempt in range(1, ATTEMPTS + 1):
        rng = random.Random(derive_seed(seed, "nonogram", attempt))
        shares = FRECKLES[difficulty]
        picture = freckled(doodle(job["width"], job["height"], rng), rng, shares[attempt % len(shares)])
        settled, graded = picture_level(picture, difficulty, job["changes"])
        if graded["level"] == difficulty:
            return _record(job, difficulty, seed, settled, graded, attempt)
    raise PuzzleBookError(f"no random {difficulty} nonogram of {job['width']} x {job['height']} came of "
                          f"{ATTEMPTS} pictures; a larger board gives the harder levels room")
