"""The exact solver of a fill-in: every way to put the listed words in the grid's slots, counted up to a
limit. It is the proof of uniqueness, so it never gives up silently: a search stopped by its node
limit says so (`complete` False), and it never guesses what a person would do (fillgrade.py does).

Norvig's recipe on bitmasks: each slot keeps a mask of the words (distinct words of its length, a
count of copies each) that can still go there; placing a word narrows its crossings through a
(length, position, letter) index; propagation places every slot with one candidate and every word
with one slot left; the search branches on the slot with the fewest candidates.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from pipeline.kinds.crossword.grid import BLOCK, EMPTY, Cell, Slot, read, slots_of

__all__ = ["FillResult", "Problem", "State", "compile_problem", "fillings", "is_filling", "place", "wanting"]

Mask = int
"""A set of words of one length as bits: bit j is the group's j-th distinct word."""


def bits(mask: Mask) -> Iterator[int]:
    """The indices of the set bits, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def is_single(mask: Mask) -> bool:
    return mask != 0 and mask & (mask - 1) == 0


def only_bit(mask: Mask) -> int:
    """The index of a mask's one set bit."""
    return mask.bit_length() - 1


def lowest_bit(mask: Mask) -> int:
    """The index of a mask's lowest set bit (mask not 0)."""
    return (mask & -mask).bit_length() - 1


@dataclass(frozen=True)
class Problem:
    """A fill-in compiled for search: its slots grouped by length, each group's distinct words and
    copies, the letter index and the crossings. Built once; the search only reads it."""

    rows: tuple[str, ...]
    slots: tuple[Slot, ...]
    group_of: tuple[int, ...]
    """Each slot's length group."""
    words: tuple[tuple[str, ...], ...]
    """Each group's distinct words, alphabetical: bit j of a mask is words[g][j]."""
    copies: tuple[tuple[int, ...], ...]
    """How often each distinct word is listed."""
    members: tuple[tuple[int, ...], ...]
    """Each group's slots."""
    index: tuple[tuple[dict[str, Mask], ...], ...]
    """index[g][i][x]: the group's words with letter x at position i."""
    crossings: tuple[tuple[tuple[int, int, int], ...], ...]
    """Each slot's crossings as (its position, the crossing slot, that slot's position)."""
    fitting: tuple[Mask, ...]
    """Each slot's words that keep its given letters."""


def compile_problem(rows: Sequence[str], words: Sequence[str]) -> Problem | None:
    """The problem, or None when no filling can exist: slots and words of some length differ in
    number, or an empty square lies in no slot."""
    slots = slots_of(rows)
    covered = {cell for slot in slots for cell in slot.cells()}
    if any(char == EMPTY and (r, c) not in covered for r, row in enumerate(rows) for c, char in enumerate(row)):
        return None
    if Counter(slot.length for slot in slots) != Counter(len(word) for word in words):
        return None
    lengths = sorted({slot.length for slot in slots})
    group = {length: g for g, length in enumerate(lengths)}
    listed = Counter(words)
    vocab = tuple(tuple(sorted(w for w in listed if len(w) == length)) for length in lengths)
    index = tuple(_letter_index(group_words, length) for group_words, length in zip(vocab, lengths))
    group_of = tuple(group[slot.length] for slot in slots)
    at: dict[Cell, list[tuple[int, int]]] = {}
    for s, slot in enumerate(slots):
        for i, cell in enumerate(slot.cells()):
            at.setdefault(cell, []).append((s, i))
    crossings = tuple(tuple((i, t, j) for i, cell in enumerate(slot.cells()) for t, j in at[cell] if t != s)
                      for s, slot in enumerate(slots))
    fitting = []
    for s, slot in enumerate(slots):
        mask = (1 << len(vocab[group_of[s]])) - 1
        for i, char in enumerate(read(rows, slot)):
            if char != EMPTY:
                mask &= index[group_of[s]][i].get(char, 0)
        fitting.append(mask)
    return Problem(tuple(rows), slots, group_of, vocab,
                   tuple(tuple(listed[w] for w in group_words) for group_words in vocab),
                   tuple(tuple(s for s in range(len(slots)) if group_of[s] == g) for g in range(len(lengths))),
                   index, crossings, tuple(fitting))


def _letter_index(words: Sequence[str], length: int) -> tuple[dict[str, Mask], ...]:
    index: tuple[dict[str, Mask], ...] = tuple({} for _ in range(length))
    for j, word in enumerate(words):
        for i, char in enumerate(word):
            index[i][char] = index[i].get(char, 0) | 1 << j
    return index


@dataclass
class State:
    """Where a filling stands: each slot's candidates (one bit once placed), its word or -1, and the
    copies of each word still to place. Copied at each branch, so cheap to copy."""

    cands: list[Mask]
    word_of: list[int]
    left: list[list[int]]
    unplaced: list[Mask]
    """Per group, the words with copies left."""

    @staticmethod
    def start(problem: Problem) -> State:
        return State(list(problem.fitting), [-1] * len(problem.slots), [list(c) for c in problem.copies],
                     [(1 << len(group_words)) - 1 for group_words in problem.words])

    def copy(self) -> State:
        return State(self.cands[:], self.word_of[:], [left[:] for left in self.left], self.unplaced[:])

    def solved(self) -> bool:
        return -1 not in self.word_of

    def grid(self, problem: Problem) -> tuple[str, ...]:
        """The grid with every placed word written in."""
        rows = [list(row) for row in problem.rows]
        for s, w in enumerate(self.word_of):
            if w >= 0:
                for (r, c), char in zip(problem.slots[s].cells(), problem.words[problem.group_of[s]][w]):
                    rows[r][c] = char
        return tuple("".join(row) for row in rows)


def place(problem: Problem, state: State, s: int, w: int) -> None:
    """Write word w of its group in slot s: one copy fewer, and the crossings narrowed to its letters."""
    word_of, cands = state.word_of, state.cands
    g = problem.group_of[s]
    word_of[s] = w
    cands[s] = 1 << w
    left = state.left[g]
    left[w] -= 1
    if left[w] == 0:
        keep = ~(1 << w)
        state.unplaced[g] &= keep
        for t in problem.members[g]:
            if word_of[t] < 0:
                cands[t] &= keep
    word = problem.words[g][w]
    group_of, index = problem.group_of, problem.index
    for i, t, j in problem.crossings[s]:
        if word_of[t] < 0:
            cands[t] &= index[group_of[t]][j].get(word[i], 0)


def wanting(problem: Problem, state: State) -> tuple[int, int] | None:
    """A word (group, index) with more copies left than open slots it fits, or None."""
    for g, members in enumerate(problem.members):
        once = twice = 0  # the words that fit at least one open slot, and at least two
        for t in members:
            if state.word_of[t] < 0:
                m = state.cands[t]
                twice |= once & m
                once |= m
        need = state.unplaced[g]
        if need & ~once:
            return g, lowest_bit(need & ~once)
        for w in bits(need & ~twice):
            if state.left[g][w] > 1:
                return g, w
        for w in bits(need & twice):
            copies = state.left[g][w]
            if copies > 2 and copies > sum(1 for t in members if state.word_of[t] < 0 and state.cands[t] >> w & 1):
                return g, w
    return None


def _propagate(problem: Problem, state: State) -> bool:
    """Place what is forced until nothing is (hot loop, kept flat): a slot with one candidate, a word
    with one copy left that fits one open slot. False on a contradiction."""
    cands, word_of, slots = state.cands, state.word_of, range(len(problem.slots))
    while True:
        progress = False
        for s in slots:
            if word_of[s] < 0:
                m = cands[s]
                if m == 0:
                    return False
                if m & (m - 1) == 0:
                    place(problem, state, s, m.bit_length() - 1)
                    progress = True
        for g, members in enumerate(problem.members):
            once = twice = 0
            for t in members:
                if word_of[t] < 0:
                    m = cands[t]
                    twice |= once & m
                    once |= m
            need = state.unplaced[g]
            if need & ~once:
                return False
            lone = need & ~twice
            left = state.left[g]
            while lone:
                low = lone & -lone
                lone ^= low
                w = low.bit_length() - 1
                if left[w] > 1:
                    return False
                if left[w] == 0:
                    continue
                home = [t for t in members if word_of[t] < 0 and cands[t] & low]
                if len(home) != 1:
                    return False
                place(problem, state, home[0], w)
                progress = True
        if not progress:
            return True


@dataclass(frozen=True)
class FillResult:
    """The distinct fillings found (at most the limit asked), whether the search finished, its nodes."""

    solutions: tuple[tuple[str, ...], ...]
    complete: bool
    nodes: int


class _NodeLimit(Exception):
    pass


def fillings(rows: Sequence[str], words: Sequence[str], limit: int = 2, node_limit: int | None = None) -> FillResult:
    """The distinct fillings of the grid with the words, up to `limit` of them. Two equal words
    swapped give one filling: words are placed as distinct words with copies. `complete` is False
    only when `node_limit` (branches tried) stopped the search before it could answer."""
    problem = compile_problem(rows, words)
    if problem is None:
        return FillResult((), True, 0)
    found: list[tuple[str, ...]] = []
    nodes = 0

    def search(state: State) -> None:
        nonlocal nodes
        if not _propagate(problem, state):
            return
        best, fewest = -1, 1 << 30
        for s, w in enumerate(state.word_of):
            if w < 0:
                count = state.cands[s].bit_count()
                if count < fewest:
                    best, fewest = s, count
        if best < 0:
            found.append(state.grid(problem))
            return
        for w in bits(state.cands[best]):
            if node_limit is not None and nodes >= node_limit:
                raise _NodeLimit
            nodes += 1
            child = state.copy()
            place(problem, child, best, w)
            search(child)
            if len(found) >= limit:
                return

    try:
        search(State.start(problem))
    except _NodeLimit:
        return FillResult(tuple(found), False, nodes)
    return FillResult(tuple(found), True, nodes)


def is_filling(rows: Sequence[str], words: Sequence[str], solution: Sequence[str]) -> bool:
    """Whether `solution` fills the grid: same squares, givens kept, a letter on every square and
    the slots spelling exactly the listed words (as a multiset)."""
    if len(solution) != len(rows) or any(len(a) != len(b) for a, b in zip(rows, solution)):
        return False
    slots = slots_of(rows)
    covered = {cell for slot in slots for cell in slot.cells()}
    for r, (row, answer) in enumerate(zip(rows, solution)):
        for c, (given, char) in enumerate(zip(row, answer)):
            if (given == BLOCK) != (char == BLOCK) or char == EMPTY:
                return False
            if given not in (BLOCK, EMPTY) and char != given:
                return False
            if given == EMPTY and (r, c) not in covered:
                return False
    return Counter(read(solution, slot) for slot in slots) == Counter(words)
