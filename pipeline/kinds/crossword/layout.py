"""Lay words out on a freeform grid, every word interlocking, two words touching only where they cross.

A greedy builder after the classic compilers (and genxword): the longest word goes across first; each
next word goes where it crosses the most letters already down while growing the grid's bounding box
least, the box never past the size asked. A word with no place yet waits for the others and is tried
again; when none of the waiting ones fits, each may make room by lifting out a word that crosses the
grid once and laying that one down again elsewhere; an attempt fails when a word still finds no place,
and the next attempt takes the words that failed right after the first. Attempts differ by the order of
equal-length words and a small random share of each score; of the first full layout and a few more, the
densest wins (letters per square of the box, then crossings). Every rule a printed grid keeps is checked
here as each word goes in: no letter beside a letter but along a word, a square before and after every
word left empty, and no square in two words running the same way, so every run of letters in the grid is
a placed word.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from pipeline.kinds.crossword.grid import BLOCK, Cell, Direction, STEP

NOISE = 0.35
"""How much chance moves a score, as a share of one crossing's worth."""
EXTRA = 10
"""Attempts made after the first full layout, for a denser one."""
CROSSING = 4.0
"""What a crossing is worth against a grown row or column of the box."""


@dataclass(frozen=True)
class Placed:
    """A word on the grid: its first letter's square and its direction."""

    word: str
    row: int
    col: int
    direction: Direction

    def cells(self) -> tuple[Cell, ...]:
        dr, dc = STEP[self.direction]
        return tuple((self.row + i * dr, self.col + i * dc) for i in range(len(self.word)))


@dataclass(frozen=True)
class Layout:
    """Placed words, 0-based in their bounding box, and the grid they make."""

    placed: tuple[Placed, ...]
    rows: tuple[str, ...]

    @property
    def width(self) -> int:
        return len(self.rows[0])

    @property
    def height(self) -> int:
        return len(self.rows)

    @property
    def letters(self) -> int:
        return sum(1 for row in self.rows for char in row if char != BLOCK)

    @property
    def crossings(self) -> int:
        return sum(len(p.word) for p in self.placed) - self.letters

    @property
    def density(self) -> float:
        """Letters per square of the box."""
        return self.letters / (self.width * self.height)

    @property
    def crossings_per_word(self) -> float:
        """Crossings each word takes part in, on average (each crossing counts for both its words)."""
        return 2 * self.crossings / len(self.placed)


class _Board:
    """A growing layout on an unbounded plane."""

    def __init__(self) -> None:
        self.letters: dict[Cell, str] = {}
        self.across: set[Cell] = set()
        self.down: set[Cell] = set()
        self.by_letter: dict[str, list[Cell]] = {}
        self.placed: list[Placed] = []
        self.top = self.left = 0
        self.bottom = self.right = -1

    def put(self, placed: Placed) -> None:
        used = self.across if placed.direction == "across" else self.down
        for cell, char in zip(placed.cells(), placed.word):
            if cell not in self.letters:
                self.letters[cell] = char
                self.by_letter.setdefault(char, []).append(cell)
            used.add(cell)
        self.placed.append(placed)
        cells = placed.cells()
        if len(self.placed) == 1:
            (self.top, self.left), (self.bottom, self.right) = cells[0], cells[-1]
        else:
            self.top, self.left = min(self.top, cells[0][0]), min(self.left, cells[0][1])
            self.bottom, self.right = max(self.bottom, cells[-1][0]), max(self.right, cells[-1][1])

    def lift(self, placed: Placed) -> None:
        """Take a placed word out again (its crossing squares stay, held by the words across them)."""
        used = self.across if placed.direction == "across" else self.down
        other = self.down if placed.direction == "across" else self.across
        for cell in placed.cells():
            used.discard(cell)
            if cell not in other:
                self.by_letter[self.letters.pop(cell)].remove(cell)
        self.placed.remove(placed)
        cells = [cell for each in self.placed for cell in (each.cells()[0], each.cells()[-1])]
        self.top, self.left = min(r for r, _ in cells), min(c for _, c in cells)
        self.bottom, self.right = max(r for r, _ in cells), max(c for _, c in cells)

    def shared(self, placed: Placed) -> int:
        """Squares of a placed word that a word across it holds too."""
        other = self.down if placed.direction == "across" else self.across
        return sum(1 for cell in placed.cells() if cell in other)

    def crossings_if(self, word: str, r: int, c: int, direction: Direction) -> int:
        """How many letters the word would share if written here, or -1 where a rule forbids it."""
        dr, dc = STEP[direction]
        letters = self.letters
        n = len(word)
        if (r - dr, c - dc) in letters or (r + n * dr, c + n * dc) in letters:
            return -1
        same_way = self.across if direction == "across" else self.down
        shared = 0
        for i in range(n):
            cell = (r + i * dr, c + i * dc)
            have = letters.get(cell)
            if have is not None:
                if have != word[i] or cell in same_way:
                    return -1
                shared += 1
            elif (cell[0] + dc, cell[1] + dr) in letters or (cell[0] - dc, cell[1] - dr) in letters:
                return -1
        return shared if shared < n else -1

    def grown_box(self, word: str, r: int, c: int, direction: Direction) -> tuple[int, int]:
        dr, dc = STEP[direction]
        end_r, end_c = r + (len(word) - 1) * dr, c + (len(word) - 1) * dc
        return (max(self.bottom, end_r) - min(self.top, r) + 1, max(self.right, end_c) - min(self.left, c) + 1)


def _best_place(board: _Board, word: str, width: int, height: int, rng: random.Random) -> Placed | None:
    """The word's best legal place crossing the grid within the box, or None."""
    return _places(board, word, width, height, rng)[0]


def _places(board: _Board, word: str, width: int, height: int, rng: random.Random) -> tuple[Placed | None, int]:
    """The word's best legal place crossing the grid within the box (or None), and how many it has."""
    count = 0
    best: Placed | None = None
    best_score = float("-inf")
    area = (board.bottom - board.top + 1) * (board.right - board.left + 1)
    seen: set[tuple[int, int, str]] = set()
    for i, char in enumerate(word):
        for (r, c) in board.by_letter.get(char, ()):
            in_across, in_down = (r, c) in board.across, (r, c) in board.down
            if in_across and in_down:
                continue
            direction: Direction = "down" if in_across else "across"
            dr, dc = STEP[direction]
            start = (r - i * dr, c - i * dc, direction)
            if start in seen:
                continue
            seen.add(start)
            shared = board.crossings_if(word, start[0], start[1], direction)
            if shared <= 0:
                continue
            rows, cols = board.grown_box(word, start[0], start[1], direction)
            if rows > height or cols > width:
                continue
            grown = rows * cols - area
            count += 1
            score = CROSSING * shared - grown / max(len(word), 1) - abs(rows / height - cols / width) \
                + NOISE * CROSSING * rng.random()
            if score > best_score:
                best, best_score = Placed(word, start[0], start[1], direction), score
    return best, count


def attempt(words: Sequence[str], width: int, height: int, rng: random.Random,
            first_after: Sequence[str] = ()) -> tuple[Layout | None, list[str]]:
    """One greedy layout of every word in a box of at most width x height, the longest first, then the
    words `first_after` names (those an earlier attempt could not place), then the rest longest first;
    (None, the words that found no place) when some never fit."""
    urgent = set(first_after)
    order = sorted(words, key=lambda word: (-len(word), rng.random()))
    order = order[:1] + [w for w in order[1:] if w in urgent] + [w for w in order[1:] if w not in urgent]
    first = order[0]
    across = len(first) <= width and (len(first) > height or rng.random() < width / (width + height))
    board = _Board()
    if len(first) > (width if across else height):
        return None, [first]
    board.put(Placed(first, 0, 0, "across" if across else "down"))
    waiting = order[1:]
    while waiting:
        left: list[str] = []
        for word in waiting:
            place = _best_place(board, word, width, height, rng)
            if place is None:
                left.append(word)
            else:
                board.put(place)
        if len(left) == len(waiting):
            left = [word for word in left if not _make_room(board, word, width, height, rng)]
            if left:
                return None, left
        waiting = left
    return _framed(board), []


def _make_room(board: _Board, word: str, width: int, height: int, rng: random.Random) -> bool:
    """Place `word` by lifting out one word that crosses the grid only once (so the rest stays joined),
    writing `word` in, and laying the lifted word down again elsewhere; the board as it was and False
    when no such move works."""
    for lifted in [each for each in board.placed[1:] if board.shared(each) == 1]:
        board.lift(lifted)
        place = _best_place(board, word, width, height, rng)
        if place is not None:
            board.put(place)
            again = _best_place(board, lifted.word, width, height, rng)
            if again is not None:
                board.put(again)
                return True
            board.lift(place)
        board.put(lifted)
    return False


def _framed(board: _Board) -> Layout:
    """The board moved to row 0, column 0 of its bounding box, as a grid."""
    top, left = board.top, board.left
    rows = [[BLOCK] * (board.right - left + 1) for _ in range(board.bottom - top + 1)]
    for (r, c), char in board.letters.items():
        rows[r - top][c - left] = char
    placed = tuple(Placed(p.word, p.row - top, p.col - left, p.direction) for p in board.placed)
    return Layout(placed, tuple("".join(row) for row in rows))


def quality(layout: Layout) -> tuple[float, int]:
    """What makes one layout better than another: denser, then more crossings."""
    return (round(layout.density, 6), layout.crossings)


def lay_out(words: Sequence[str], width: int, height: int, rng: random.Random, attempts: int,
            extra: int = EXTRA) -> tuple[Layout | None, list[str]]:
    """The best of `attempts` layouts of every word in the box (the first full one and `extra` more);
    when no attempt places them all, None
    and the words at fault: those sharing no letter with any other, else those most often left out."""
    best: Layout | None = None
    missed: dict[str, int] = {}
    urgent: list[str] = []
    made = 0
    for tried in range(1, attempts + 1):
        if best is not None and tried > made + extra:
            break
        layout, left = attempt(words, width, height, rng, urgent)
        if layout is None:
            for word in left:
                missed[word] = missed.get(word, 0) + 1
            urgent = [word for word in urgent if word not in left] + left
            continue
        if best is None:
            made = tried
        if best is None or quality(layout) > quality(best):
            best = layout
    if best is not None:
        return best, []
    alone = sorted(word for word in words if not any(set(word) & set(other) for other in words if other is not word))
    if alone:
        return None, alone
    most = max(missed.values(), default=0)
    return None, sorted(word for word, count in missed.items() if count == most)
