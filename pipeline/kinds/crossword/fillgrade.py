"""How a person solves a fill-in, step by step in English, and the grade that follows: the level of the
hardest technique the easiest route needs. Every step holds in every filling (trial only rules out a
word that leads to a contradiction), so the grader never guesses; proving uniqueness is fill.py's job.

The classic grader loop: find a step with the easiest technique that has one, take it, start again
from the easiest. An effort budget (technique scans) bounds the work, so no input hangs.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import NamedTuple

from pipeline.kinds.crossword.fill import (
    Mask,
    Problem,
    State,
    bits,
    compile_problem,
    is_single,
    only_bit,
    place,
    wanting,
)
from pipeline.kinds.crossword.grid import Cell, Slot, numbers

__all__ = ["EFFORT", "LEVELS", "level_of", "NAMES", "TECHNIQUES", "Explanation", "Step", "explain", "grade"]

LEVELS = ("easy", "medium", "hard", "expert")
TECHNIQUES = ("only_length", "one_candidate", "one_slot", "crossing_elimination", "trial")
FEW_ELIMINATIONS = 2
"""Crossing eliminations a medium fill-in may need: one or two look-aheads at a crossing are what a
solver of medium puzzles does unprompted; a chain of them is hard work."""


def level_of(counts: dict[str, int]) -> str:
    """A solved fill-in's level by what it took: a trial makes it expert; more than FEW_ELIMINATIONS
    crossing eliminations hard; the one place for a word, or a few eliminations, medium; else easy."""
    if counts.get("trial"):
        return "expert"
    if counts.get("crossing_elimination", 0) > FEW_ELIMINATIONS:
        return "hard"
    if counts.get("crossing_elimination") or counts.get("one_slot"):
        return "medium"
    return "easy"


NAMES: dict[str, str] = {
    "only_length": "a length only one word has",
    "one_candidate": "the only word that fits",
    "one_slot": "the only place for a word",
    "crossing_elimination": "a crossing rules words out",
    "trial": "trial and contradiction",
}
"""How each technique is named for people."""

EFFORT = 1_000_000
"""Work one explanation may spend, a technique scan costing the grid's slots and crossings (so about 10,000
scans of a 30-word grid, where a hard one needs a few hundred): past it the puzzle is beyond the grader."""

Contradiction = tuple[str, int, int]
"""("slot", slot, -1): a slot no word fits; ("word", group, word): a word with too few places left."""


class Move(NamedTuple):
    """What a technique found, as indices (no text): a word for a slot, or words ruled out of it."""

    technique: str
    slot: int
    word: int = -1
    removed: Mask = 0
    crossing: int = -1
    """crossing_elimination: the crossing slot whose candidates leave no room for the removed words."""
    reason: Contradiction | None = None
    """trial: the contradiction the supposed word led to."""


class OutOfEffort(Exception):
    """The effort budget is spent."""


class Budget:
    """Technique scans left to spend; spending past zero raises OutOfEffort."""

    def __init__(self, scans: int) -> None:
        self.left = scans

    def spend(self) -> None:
        self.left -= 1
        if self.left < 0:
            raise OutOfEffort


Technique = Callable[[Problem, State, Budget], Move | None]


def _open(state: State, s: int) -> bool:
    return state.word_of[s] < 0


# ---------------------------------------------------------------- the techniques, easiest first


def only_length(problem: Problem, state: State, budget: Budget) -> Move | None:
    """One open slot of a length and one word of it left: the word goes there."""
    for g, members in enumerate(problem.members):
        open_slots = [t for t in members if _open(state, t)]
        if len(open_slots) == 1 and is_single(state.cands[open_slots[0]]):
            return Move("only_length", open_slots[0], only_bit(state.cands[open_slots[0]]))
    return None


def one_candidate(problem: Problem, state: State, budget: Budget) -> Move | None:
    """A slot where the letters written (and the words ruled out) leave one word left that fits."""
    for s, mask in enumerate(state.cands):
        if _open(state, s) and is_single(mask):
            return Move("one_candidate", s, only_bit(mask))
    return None


def _homes(problem: Problem, state: State, g: int, w: int) -> list[int]:
    """The open slots word w of group g still fits."""
    return [t for t in problem.members[g] if _open(state, t) and state.cands[t] >> w & 1]


def one_slot(problem: Problem, state: State, budget: Budget) -> Move | None:
    """A word that fits only one open slot (or, listed k times, only k of them): it goes there."""
    for g in range(len(problem.members)):
        for w in bits(state.unplaced[g]):
            homes = _homes(problem, state, g, w)
            if homes and len(homes) == state.left[g][w]:
                return Move("one_slot", homes[0], w)
    return None


def letters_allowed(problem: Problem, state: State, t: int, j: int) -> set[str]:
    """The letters slot t's candidates can put at its position j."""
    mask = state.cands[t]
    return {char for char, words in problem.index[problem.group_of[t]][j].items() if words & mask}


def crossing_elimination(problem: Problem, state: State, budget: Budget) -> Move | None:
    """A slot's candidates whose letter at a crossing no candidate of the crossing slot has: ruled out."""
    for s, mask in enumerate(state.cands):
        if not _open(state, s):
            continue
        index = problem.index[problem.group_of[s]]
        for i, t, j in problem.crossings[s]:
            if not _open(state, t):
                continue
            allowed = 0
            for char in letters_allowed(problem, state, t, j):
                allowed |= index[i].get(char, 0)
            if mask & ~allowed:
                return Move("crossing_elimination", s, removed=mask & ~allowed, crossing=t)
    return None


def contradiction(problem: Problem, state: State) -> Contradiction | None:
    """A slot no word fits, or a word with more copies left than places: no filling from here."""
    for s, mask in enumerate(state.cands):
        if mask == 0 and _open(state, s):
            return "slot", s, -1
    short = wanting(problem, state)
    return ("word",) + short if short else None


def trial(problem: Problem, state: State, budget: Budget) -> Move | None:
    """Suppose a candidate in a slot (slots with fewest candidates first) and reason on with the
    techniques below trial: a contradiction rules the candidate out."""
    order = sorted((mask.bit_count(), s) for s, mask in enumerate(state.cands) if _open(state, s) and mask.bit_count() > 1)
    for _, s in order:
        for w in bits(state.cands[s]):
            supposed = state.copy()
            place(problem, supposed, s, w)
            reached = reason(problem, supposed, BELOW_TRIAL, budget)
            if reached:
                return Move("trial", s, removed=1 << w, reason=reached)
    return None


FINDERS: dict[str, Technique] = {"only_length": only_length, "one_candidate": one_candidate, "one_slot": one_slot,
                                 "crossing_elimination": crossing_elimination, "trial": trial}
BELOW_TRIAL: tuple[Technique, ...] = tuple(FINDERS[name] for name in TECHNIQUES[:-1])
ALL: tuple[Technique, ...] = tuple(FINDERS[name] for name in TECHNIQUES)


def next_move(problem: Problem, state: State, techniques: tuple[Technique, ...], budget: Budget) -> Move | None:
    """The first step the easiest technique with one finds."""
    for technique in techniques:
        budget.spend()
        move = technique(problem, state, budget)
        if move:
            return move
    return None


def apply(problem: Problem, state: State, move: Move) -> None:
    if move.word >= 0:
        place(problem, state, move.slot, move.word)
    else:
        state.cands[move.slot] &= ~move.removed


def reason(problem: Problem, state: State, techniques: tuple[Technique, ...], budget: Budget) -> Contradiction | None:
    """Apply the techniques until the grid is full, nothing applies, or a contradiction is reached
    (returned)."""
    while not state.solved():
        reached = contradiction(problem, state)
        if reached:
            return reached
        move = next_move(problem, state, techniques, budget)
        if move is None:
            return None
        apply(problem, state, move)
    return None


# ---------------------------------------------------------------- the explanation


@dataclass(frozen=True)
class Step:
    """One step of a logical solution: a word placed in a slot, or words ruled out of it."""

    technique: str
    slot: Slot
    number: int
    word: str | None
    removed: tuple[str, ...]
    text: str

    def to_json(self) -> dict[str, object]:
        return {"technique": self.technique, "number": self.number, "direction": self.slot.direction,
                "row": self.slot.row, "col": self.slot.col, "word": self.word, "removed": list(self.removed),
                "text": self.text}


SOLVED, STUCK, NO_FILLING, OUT_OF_EFFORT = "solved", "stuck", "no filling", "out of effort"


@dataclass(frozen=True)
class Explanation:
    """The steps taken, whether they filled the grid, how often each technique was used, the hardest
    one and its level (None when logic did not finish), and why it stopped (`ended`)."""

    steps: tuple[Step, ...]
    solved: bool
    counts: dict[str, int]
    hardest: str | None
    level: str | None
    ended: str


def explain(rows: Sequence[str], words: Sequence[str], effort: int = EFFORT) -> Explanation:
    """Solve the fill-in as a person would, easiest technique first, saying why at every step; `effort`
    bounds the work (see EFFORT)."""
    problem = compile_problem(rows, words)
    if problem is None:
        return Explanation((), False, {name: 0 for name in TECHNIQUES}, None, None, NO_FILLING)
    state = State.start(problem)
    numbered = numbers(problem.slots)
    budget = Budget(effort // (len(problem.slots) + sum(len(c) for c in problem.crossings)))
    steps: list[Step] = []
    ended = SOLVED
    try:
        while not state.solved():
            if contradiction(problem, state):
                ended = NO_FILLING
                break
            move = next_move(problem, state, ALL, budget)
            if move is None:
                ended = STUCK
                break
            steps.append(_described(problem, state, move, numbered))
            apply(problem, state, move)
    except OutOfEffort:
        ended = OUT_OF_EFFORT
    counts = {name: 0 for name in TECHNIQUES}
    for step in steps:
        counts[step.technique] += 1
    used = [name for name in TECHNIQUES if counts[name]]
    hardest = used[-1] if used else None
    solved = ended == SOLVED
    level = level_of(counts) if solved else None
    return Explanation(tuple(steps), solved, counts, hardest, level, ended)


def grade(rows: Sequence[str], words: Sequence[str]) -> dict[str, object]:
    """The difficulty record: level, hardest technique, step count and counts per technique. Raises
    ValueError when logic does not fill the grid (the caller proves uniqueness with fill.py)."""
    found = explain(rows, words)
    if not found.solved:
        done = len(found.steps)
        if found.ended == NO_FILLING:
            raise ValueError(f"this fill-in has no filling: logic reaches a contradiction after {done} steps")
        if found.ended == OUT_OF_EFFORT:
            raise ValueError(f"this fill-in is beyond the grader's effort budget ({done} steps found)")
        raise ValueError(f"this fill-in is beyond the grader: logic stops after {done} steps")
    return {"level": found.level, "hardest": found.hardest, "steps": len(found.steps), "counts": found.counts}


def _name(problem: Problem, s: int, numbered: dict[Cell, int]) -> str:
    slot = problem.slots[s]
    return f"{numbered[(slot.row, slot.col)]} {slot.direction}"


def _letters_fit(problem: Problem, state: State, s: int) -> Mask:
    """The words left that fit slot s's written letters alone (no earlier eliminations counted)."""
    g = problem.group_of[s]
    mask = problem.fitting[s] & state.unplaced[g]
    for i, t, j in problem.crossings[s]:
        w = state.word_of[t]
        if w >= 0:
            mask &= problem.index[g][i].get(problem.words[problem.group_of[t]][w][j], 0)
    return mask


def _listing(items: list[str], joiner: str = "and") -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + f" {joiner} " + items[-1]


def _why(problem: Problem, reached: Contradiction, numbered: dict[Cell, int]) -> str:
    kind, a, b = reached
    if kind == "slot":
        return f"{_name(problem, a, numbered)} would have no word left"
    return f"{problem.words[a][b]} would have too few places left"


def _described(problem: Problem, state: State, move: Move, numbered: dict[Cell, int]) -> Step:
    """The move as a Step with its English, told on the state before the move is applied."""
    s, g = move.slot, problem.group_of[move.slot]
    slot = problem.slots[s]
    here = f"{_name(problem, s, numbered)} ({slot.length} letters)"
    word = problem.words[g][move.word] if move.word >= 0 else None
    removed = tuple(problem.words[g][w] for w in bits(move.removed))
    technique = move.technique
    if technique == "only_length":
        text = f"{here}: {word} is the only {slot.length}-letter word left"
    elif technique == "one_candidate":
        if is_single(_letters_fit(problem, state, s)):
            text = f"{here}: only {word} fits the letters written so far"
        else:
            text = f"{here}: {word} is the only word left that fits, the others ruled out"
    elif technique == "one_slot":
        homes = _homes(problem, state, g, move.word)
        if len(homes) == 1:
            text = f"{word} ({slot.length} letters) fits only {_name(problem, s, numbered)}"
        else:
            places = _listing([_name(problem, t, numbered) for t in homes])
            text = f"the {len(homes)} copies of {word} left fit only {places}: one goes in {_name(problem, s, numbered)}"
    elif technique == "crossing_elimination":
        other = _name(problem, move.crossing, numbered)
        i = next(i for i, t, _ in problem.crossings[s] if t == move.crossing)
        j = next(j for _, t, j in problem.crossings[s] if t == move.crossing)
        letters = sorted(letters_allowed(problem, state, move.crossing, j))
        out = sorted({problem.words[g][w][i] for w in bits(move.removed)})
        text = (f"{here}: where it crosses {other}, the words left for {other} put "
                f"{_listing(letters, 'or')} there, never {_listing(out, 'or')}: "
                f"{_listing(list(removed))} {'is' if len(removed) == 1 else 'are'} ruled out")
    else:
        assert move.reason is not None
        text = (f"{here}: if {removed[0]} went here, {_why(problem, move.reason, numbered)}; "
                f"so {removed[0]} is ruled out")
    return Step(technique, slot, numbered[(slot.row, slot.col)], word, removed, text)
