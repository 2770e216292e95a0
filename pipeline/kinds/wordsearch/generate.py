"""Make a word search of exactly the level asked, from a seed alone, keeping its promise: every listed
word occurs exactly once in the grid (in any of the eight directions), inside the board, and no word
of the language's blocklist reads anywhere but inside one listed word's own letters, along it (GRASS
may hold ASS; filler letters, letters across words and decoys may not spell it).

Per attempt (its own random.Random from the seed): the words go in longest first, each at the best of
a few hundred sampled starts in the level's directions (easy: apart; medium: crossing allowed, one
word, the longest that fits, on a downward diagonal; hard: a third of the words backwards; expert:
the most crossing start, and decoys, near-copies one letter off, planted where a line's letters agree
with a listed word but one, or leave room to change one). A hidden message fills the cells
no word uses, row by row (more words from the section's pool go in first, until exactly enough cells
are left); otherwise filler letters are drawn by the language's letter frequencies, cell by cell,
among the letters that complete no listed or blocked word with the letters already around them (so
three-letter words such as ASS need no redraws). Then the verifier counts every word, the safety net:
an extra occurrence or a stray blocked word is broken by drawing one of its filler letters again; one
made of placed letters alone ends the attempt. The grade must be the level asked, or the next attempt
runs.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any, NotRequired, TypedDict

from pipeline.errors import PuzzleBookError
from pipeline.grids import Mask
from pipeline.kinds.wordsearch.blocklist import blocked_as, blocked_message, blocked_words
from pipeline.kinds.wordsearch.board import board_mask, runs
from pipeline.kinds.wordsearch.grade import DECOY_LENGTH, LEVELS, crossing_least, decoy_least, grade_placed
from pipeline.kinds.wordsearch.grid import (
    BACKWARD,
    BLOCKED,
    DIRECTIONS,
    FORWARD,
    ListStyle,
    Placement,
    Show,
    WordSearch,
)
from pipeline.kinds.wordsearch.letters import Language, Umlauts, alphabet, normalize, weights
from pipeline.kinds.wordsearch.search import Line, lines, occurrences
from pipeline.seeds import derive_seed
from pipeline.shapes import ShapeGiven

ATTEMPTS = 80
SAMPLES = 300
"""Random starts tried per word before every start is listed."""
TOP = 8
"""The best starts a word tries, in turn, until one spells nothing unwanted."""
FIXES = 400
"""Filler letters drawn again, at most, to break extra occurrences."""
ALL = tuple(DIRECTIONS)
LEVEL_DIRECTIONS: dict[str, tuple[str, ...]] = {
    "easy": ("E", "S"), "medium": ("E", "S", "SE", "SW"), "hard": ALL, "expert": ALL,
}

Cell = tuple[int, int]
Spoilers = tuple[dict[tuple[str, str], str], frozenset[str]]
"""Made by `_completions`: which letters would complete an unwanted word at a filler cell, given the
letters on either side of it along a line; and every piece of such a word."""


class _Board:
    """The grid being filled: letters by cell (None while free), and which cells are fixed."""

    def __init__(self, mask: Mask) -> None:
        self.height, self.width = len(mask), max(len(row) for row in mask)
        self.open = [(r, c) for r in range(self.height) for c in range(len(mask[r])) if mask[r][c]]
        self.letters: dict[Cell, str | None] = {cell: None for cell in self.open}
        self.fixed: set[Cell] = set()
        """Cells of words, decoys and the message: never drawn again."""

    def fits(self, word: str, r: int, c: int, direction: str, share: bool) -> int | None:
        """How many of the word's cells it would share with letters already there, or None if it
        does not fit (off the board, or a clash; with `share` False, any shared cell)."""
        dr, dc = DIRECTIONS[direction]
        shared = 0
        for i, letter in enumerate(word):
            cell = (r + i * dr, c + i * dc)
            if cell not in self.letters:
                return None
            there = self.letters[cell]
            if there is None:
                continue
            if there != letter or not share:
                return None
            shared += 1
        return shared

    def put(self, word: str, r: int, c: int, direction: str) -> int:
        """Write the word in; the number of cells it newly fills."""
        dr, dc = DIRECTIONS[direction]
        new = 0
        for i, letter in enumerate(word):
            cell = (r + i * dr, c + i * dc)
            if self.letters[cell] is None:
                new += 1
            self.letters[cell] = letter
            self.fixed.add(cell)
        return new

    def lines_through(self, cells: Sequence[Cell]) -> list[Line]:
        """The runs of letters through any of `cells` along each line, as `lines` reads them from
        `rows` (a free cell ends a run): the only lines where writing `cells` can spell a word."""
        found: dict[tuple[str, Cell], Line] = {}
        for direction in FORWARD:
            dr, dc = DIRECTIONS[direction]
            for r, c in cells:
                while self.letters.get((r - dr, c - dc)) is not None:
                    r, c = r - dr, c - dc
                if (direction, (r, c)) in found:
                    continue
                start, run = (r, c), []
                while self.letters.get((r, c)) is not None:
                    run.append((r, c))
                    r, c = r + dr, c + dc
                if len(run) > 1:
                    found[(direction, start)] = Line("".join(str(self.letters[cell]) for cell in run), tuple(run),
                                                     direction)
        return list(found.values())

    def free(self) -> list[Cell]:
        return [cell for cell in self.open if self.letters[cell] is None]

    def rows(self) -> tuple[str, ...]:
        return tuple("".join(self.letters.get((r, c)) or BLOCKED for c in range(self.width)) for r in range(self.height))


def _starts(board: _Board, word: str, directions: Sequence[str], rng: random.Random, *, share: bool,
            dense: bool, new_at_most: int | None = None) -> list[Placement]:
    """The word's best starts, best first: the top few of SAMPLES random ones (of every start when
    none of those fits)."""
    scored: dict[Placement, float] = {}

    def consider(r: int, c: int, direction: str) -> None:
        if (r, c) not in board.letters:
            return
        shared = board.fits(word, r, c, direction, share)
        if shared is None or shared == len(word):
            return
        if new_at_most is not None and len(word) - shared > new_at_most:
            return
        score = (shared * 4 if dense else shared * 0.5) + rng.random()
        if new_at_most is not None:
            score += (len(word) - shared) * 8  # fill the gap as closely as possible
        scored[Placement(word, r, c, direction)] = score

    if new_at_most is not None:  # filling the last gaps: every start that covers a free cell
        for r, c in board.free():
            for direction in directions:
                dr, dc = DIRECTIONS[direction]
                for k in range(len(word)):
                    consider(r - k * dr, c - k * dc, direction)
        return sorted(scored, key=lambda placement: -scored[placement])[:TOP]
    for _ in range(SAMPLES):
        r, c = rng.choice(board.open)
        consider(r, c, rng.choice(directions))
    if not scored:
        for r, c in board.open:
            for direction in directions:
                consider(r, c, direction)
    return sorted(scored, key=lambda placement: -scored[placement])[:TOP]


@dataclass(frozen=True)
class _Unwanted:
    """What fixed letters may not spell: a listed word but in its own cells, a blocked word but inside
    one listed word's cells."""

    words: tuple[str, ...]
    """The listed words, the pool's and the blocked words, for one search."""
    blocked: frozenset[str]

    def spelled(self, found_lines: list[Line], own: dict[str, frozenset[Cell]]) -> list[Placement]:
        """Every reading along `found_lines` that breaks the promise, given each listed word's own cells."""
        found = occurrences((), self.words, found_lines)
        return [reading for word, where in found.items() for reading in where
                if not self._allowed(word, frozenset(reading.cells()), own)]

    def _allowed(self, word: str, cells: frozenset[Cell], own: dict[str, frozenset[Cell]]) -> bool:
        if word in self.blocked:
            return any(cells <= listed for listed in own.values())
        return cells == own.get(word)


def _place(board: _Board, word: str, directions: Sequence[str], rng: random.Random, unwanted: _Unwanted,
           own: dict[str, frozenset[Cell]], *, share: bool, dense: bool, new_at_most: int | None = None) -> Placement | None:
    """Write the word at its best start that spells no unwanted word with the letters already fixed
    (a listed word a second time, or a blocked word outside one listed word's cells): those could never
    be undone. None if none does."""
    for placement in _starts(board, word, directions, rng, share=share, dense=dense, new_at_most=new_at_most):
        if _write_if_clean(board, placement, unwanted, own):
            return placement
    return None


def _write_if_clean(board: _Board, placement: Placement, unwanted: _Unwanted,
                    own: dict[str, frozenset[Cell]], *, listed: bool = True) -> bool:
    """Write `placement` in (a listed word, or with `listed` False a decoy) and keep it if the fixed
    letters then break no promise; else undo it. True when kept."""
    word = placement.word
    before = {cell: board.letters[cell] for cell in placement.cells()}
    board.put(word, placement.row, placement.column, placement.direction)
    if listed:
        own[word] = frozenset(placement.cells())
    if not unwanted.spelled(board.lines_through(placement.cells()), own):  # the rest was clean before
        return True
    for cell, letter in before.items():
        board.letters[cell] = letter
        if letter is None:
            board.fixed.discard(cell)
    if listed:
        del own[word]
    return False


def _plant_decoy(board: _Board, long_words: Sequence[str], rng: random.Random, unwanted: _Unwanted,
                 own: dict[str, frozenset[Cell]], letters: str, cumulative: tuple[float, ...]) -> bool:
    """Write one near-copy of a listed word (one letter off) where it fits among the fixed letters:
    along a line whose fixed letters agree with the word, changing one of its free cells; or along a
    line whose fixed letters differ from the word in exactly one cell, taking that letter. Lines
    sharing more fixed letters come first, so decoys crowd in among the words. True when one is planted."""
    scored: list[tuple[float, Placement]] = []
    for _ in range(SAMPLES):
        word = rng.choice(long_words)
        (r, c), direction = rng.choice(board.open), rng.choice(ALL)
        dr, dc = DIRECTIONS[direction]
        cells = [(r + i * dr, c + i * dc) for i in range(len(word))]
        if any(cell not in board.letters for cell in cells):
            continue
        there = [board.letters[cell] for cell in cells]
        free = [i for i, letter in enumerate(there) if letter is None]
        off = [i for i, letter in enumerate(there) if letter is not None and letter != word[i]]
        if not free or len(off) > 1:
            continue
        if off:
            copy = word[: off[0]] + str(there[off[0]]) + word[off[0] + 1:]
        else:
            copy = _decoy(word, rng, letters, cumulative, at=rng.choice(free))
        scored.append((len(word) - len(free) + rng.random(), Placement(copy, r, c, direction)))
    for _, placement in sorted(scored, key=lambda pair: -pair[0])[:TOP]:
        if _write_if_clean(board, placement, unwanted, own, listed=False):  # fixed letters, not a word to find
            return True
    return False


def _directions_for(words: Sequence[str], difficulty: str, rng: random.Random, diagonal: int) -> list[tuple[str, ...]]:
    """Each word's allowed directions (words longest first): medium makes its longest word that fits a
    diagonal (`diagonal` cells at most) run along one; hard and expert send a third of the words (at
    least one) backwards or upwards."""
    allowed = [LEVEL_DIRECTIONS[difficulty]] * len(words)
    if difficulty == "medium":
        fitting = next((i for i, word in enumerate(words) if len(word) <= diagonal), None)
        if fitting is not None:
            allowed[fitting] = ("SE", "SW")
    elif difficulty in ("hard", "expert"):
        backwards = max(1, len(words) // 3)
        for i in rng.sample(range(len(words)), backwards):
            allowed[i] = BACKWARD
    return allowed


def _decoy(word: str, rng: random.Random, letters: str, cumulative: tuple[float, ...], at: int | None = None) -> str:
    """`word` with one letter (at `at`, else anywhere) changed to another, drawn by frequency."""
    i = rng.randrange(len(word)) if at is None else at
    while True:
        other = rng.choices(letters, cum_weights=cumulative)[0]
        if other != word[i]:
            return word[:i] + other + word[i + 1:]


def attempt(mask: Mask, words: Sequence[str], pool: Sequence[str], message: str, difficulty: str,
            rng: random.Random, language: str, umlauts: str) -> tuple[WordSearch, tuple[Placement, ...]] | None:
    """One try at the puzzle; None when the words, the message or the promise do not work out."""
    board = _Board(mask)
    letters, cumulative = weights(language, umlauts)
    order = sorted(words, key=lambda word: (-len(word), rng.random()))
    placed: list[Placement] = []
    share = difficulty != "easy"
    dense = difficulty == "expert"
    own: dict[str, frozenset[Cell]] = {}
    blocked = blocked_words(language, umlauts)
    unwanted = _Unwanted((*words, *pool, *blocked), frozenset(blocked))
    diagonal = runs(mask, (DIRECTIONS["SE"], DIRECTIONS["SW"]))
    for word, directions in zip(order, _directions_for(order, difficulty, rng, diagonal)):
        placement = _place(board, word, directions, rng, unwanted, own, share=share, dense=dense)
        if placement is None:
            return None
        placed.append(placement)
    listed = list(order)
    if message:
        gap = len(board.free()) - len(message)
        spare = [word for word in pool if word not in listed]
        rng.shuffle(spare)
        while gap > 0:
            free = len(board.free())
            placement = next((p for word in spare if (p := _place(board, word, LEVEL_DIRECTIONS[difficulty], rng,
                                                                  unwanted, own, share=share, dense=dense,
                                                                  new_at_most=gap))), None)
            if placement is None:
                return None
            spare.remove(placement.word)
            gap -= free - len(board.free())
            placed.append(placement)
            listed.append(placement.word)
        if gap < 0:
            return None
        for cell, letter in zip(board.free(), message):
            board.letters[cell] = letter
            board.fixed.add(cell)
    elif difficulty == "expert":
        wanted, planted = decoy_least(len(listed)) + 1, 0
        long_words = [word for word in listed if len(word) >= DECOY_LENGTH]
        for _ in range(2 * wanted if long_words else 0):
            planted += _plant_decoy(board, long_words, rng, unwanted, own, letters, cumulative)
            if planted == wanted:
                break
    spoilers = _spoilers(tuple(listed), blocked)
    for cell in board.free():
        board.letters[cell] = _safe_letter(board, cell, spoilers, rng, language, umlauts)
    final = _Unwanted((*listed, *blocked), frozenset(blocked))
    if not _keep_promise(board, placed, final, spoilers, rng, language, umlauts):
        return None
    ordered = tuple(sorted(listed))
    by_word = {placement.word: placement for placement in placed}
    puzzle = WordSearch(board.rows(), ordered, message, language=language, umlauts=umlauts)
    return puzzle, tuple(by_word[word] for word in ordered)


def _keep_promise(board: _Board, placed: Sequence[Placement], unwanted: _Unwanted, spoilers: Spoilers,
                  rng: random.Random, language: str, umlauts: str) -> bool:
    """The safety net behind the fill: draw a filler letter of each broken promise again (a listed word
    a second time, a blocked word outside one listed word's cells) until none is left; False when one
    is made of fixed cells alone."""
    own = {placement.word: frozenset(placement.cells()) for placement in placed}
    for _ in range(FIXES):
        broken = unwanted.spelled(lines(board.rows()), own)
        if not broken:
            return True
        for reading in broken:
            loose = [cell for cell in reading.cells() if cell not in board.fixed]
            if not loose:
                return False
            cell = rng.choice(loose)
            board.letters[cell] = _safe_letter(board, cell, spoilers, rng, language, umlauts, other=True)
    return False


def _spoilers(listed: tuple[str, ...], blocked: tuple[str, ...]) -> Spoilers:
    """The listed words' completions and the blocked words' (made once a language) as one table."""
    table, pieces = _completions(blocked)
    mine, my_pieces = _completions(listed)
    merged = dict(table)
    for key, letters in mine.items():
        merged[key] = merged.get(key, "") + letters
    return merged, pieces | my_pieces


@lru_cache(maxsize=64)
def _completions(words: tuple[str, ...]) -> Spoilers:
    """For every word, read either way, and each of its letters: (the letters before it, the letters
    after it) -> that letter; with every piece of a word (beside a cell, letters that are no piece of
    any word end the look along that line)."""
    table: dict[tuple[str, str], str] = {}
    pieces: set[str] = set()
    for word in words:
        for reading in (word, word[::-1]):
            for k, letter in enumerate(reading):
                key = (reading[:k], reading[k + 1:])
                if letter not in table.get(key, ""):
                    table[key] = table.get(key, "") + letter
                for end in range(k, len(reading) + 1):
                    pieces.add(reading[k:end])
    return table, frozenset(pieces)


def _pieces_beside(board: _Board, cell: Cell, dr: int, dc: int, spoilers: Spoilers, *,
                   before: bool) -> list[str]:
    """The runs of letters already in place next to `cell` along (dr, dc) (the cells `before` it on its
    line, or after it) that are a piece of some unwanted word, in the line's order: "", then one letter,
    two, ... A free or blocked cell, the edge, or a run no word holds ends them."""
    found = [""]
    run = ""
    r, c = cell[0] + dr, cell[1] + dc
    while (letter := board.letters.get((r, c))) is not None:
        run = letter + run if before else run + letter
        if run not in spoilers[1]:
            break
        found.append(run)
        r, c = r + dr, c + dc
    return found


@lru_cache(maxsize=16)
def _chances(language: str, umlauts: str) -> tuple[str, tuple[float, ...]]:
    """The language's letters and how often each comes (not summed up)."""
    letters, cumulative = weights(language, umlauts)
    return letters, tuple(total - (cumulative[i - 1] if i else 0.0) for i, total in enumerate(cumulative))


def _safe_letter(board: _Board, cell: Cell, spoilers: Spoilers, rng: random.Random, language: str,
                 umlauts: str, *, other: bool = False) -> str:
    """A filler letter for `cell`, drawn by frequency among those that complete no unwanted word with the
    letters around it along any line (and, with `other`, not the letter there now); any letter when
    every one would."""
    letters, chances = _chances(language, umlauts)
    banned: set[str | None] = {board.letters[cell]} if other else set()
    table = spoilers[0]
    for dr, dc in (DIRECTIONS[direction] for direction in FORWARD):
        lefts = _pieces_beside(board, cell, -dr, -dc, spoilers, before=True)
        rights = _pieces_beside(board, cell, dr, dc, spoilers, before=False)
        for left in lefts:
            for right in rights:
                banned.update(table.get((left, right), ""))
    allowed = [i for i, letter in enumerate(letters) if letter not in banned]
    if not allowed:
        allowed = [i for i, letter in enumerate(letters) if not (other and letter == board.letters[cell])]
    return letters[rng.choices(allowed, weights=[chances[i] for i in allowed])[0]]


class WordSearchJob(TypedDict):
    """One word search's job: its board, its letters, its words (and for a hidden message the message
    and the pool of words it may add), and how its list is shown."""

    shape: ShapeGiven
    language: Language
    umlauts: Umlauts
    words: list[str]
    show: Show
    list_style: ListStyle
    message: NotRequired[str]
    pool: NotRequired[list[str]]


def generate(params: WordSearchJob, difficulty: str, seed: int) -> dict[str, Any]:
    """The record of a unique word search of exactly `difficulty` for the job's `params`."""
    if difficulty not in LEVELS:
        raise PuzzleBookError(f"unknown level {difficulty!r}; allowed: {', '.join(LEVELS)}")
    language, umlauts = params["language"], params.get("umlauts", "keep")
    mask = board_mask(params["shape"], seed)
    words, pool, message = list(params["words"]), list(params.get("pool", ())), params.get("message") or ""
    letters = alphabet(language, umlauts)
    spelled = normalize(message, language, umlauts)
    rude = next((word for word in words if blocked_as(word, language, umlauts)), None)
    if rude is not None:
        raise PuzzleBookError(blocked_message(rude, rude, str(blocked_as(rude, language, umlauts)), language))
    for tries in range(1, ATTEMPTS + 1):
        rng = random.Random(derive_seed(seed, "wordsearch", tries))
        made = attempt(mask, words, pool, spelled, difficulty, rng, language, umlauts)
        if made is None:
            continue
        puzzle, solution = made
        puzzle = replace(puzzle, message=message)
        grade = grade_placed(puzzle, solution, letters)
        if grade["level"] != difficulty:
            continue
        return {
            "kind": "wordsearch", "shape": dict(params["shape"]), "language": language, "umlauts": umlauts,
            "show": params.get("show", "list"), "seed": seed, "difficulty": difficulty,
            "grid": {"rows": list(puzzle.rows), "words": list(puzzle.words), "show": params.get("show", "list"),
                     "list_style": params.get("list_style", "alphabetical"), "message": message},
            "solution": [placement.to_json() for placement in solution],
            "grade": grade, "attempts": tries,
        }
    if message:
        raise PuzzleBookError(
            f"no {difficulty} word search of {len(words)} words with the message {message!r} fits a "
            f"{params['shape']['name']} board after {ATTEMPTS} tries: the words (and up to {len(pool)} more from the "
            f"section's list) must cover every cell but the message's {len(spelled)}: use a smaller board or a "
            "longer message"
        )
    raise PuzzleBookError(
        f"no {difficulty} word search of {len(words)} words fits a {params['shape']['name']} board after "
        f"{ATTEMPTS} tries: use fewer or shorter words, a larger board, or another level"
        + (f" (expert needs room for {crossing_least(len(words))} crossings and decoys)" if difficulty == "expert" else "")
    )
