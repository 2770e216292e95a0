"""Solve a Hidato/Numbrix puzzle the way a person does: named techniques, simplest first.

The solver applies the first technique (in the order of `TECHNIQUES`, simplest first) that makes
progress, then starts again from the simplest, so the hardest technique it needed is the
hardest a person needs on the easiest route. Every placement and elimination is a valid deduction
(true in every solution), so reasoning that fills the board proves the solution unique.

Levels: easy (forced step, only cell, only number), medium (+ distance window), hard (+ dead end,
two neighbours, pairs, region, gap routes), expert (+ trial: assume a candidate, reason on with the
techniques below expert, and rule it out when that reaches a contradiction).

For the generator, `solvable` and `solvable_candidates` answer "does reasoning up to this level
finish the puzzle?" with no text built, and `level_of_candidates` gives the lowest such level.
Techniques never get weaker with fewer candidates, so that answer does not depend on the order
they run in: the fast path and the graded path agree.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field, replace

from pipeline.errors import PuzzleBookError
from pipeline.kinds.hidato import explain
from pipeline.kinds.hidato.board import Board, check_board
from pipeline.kinds.hidato.explain import Step
from pipeline.kinds.hidato.probe import (
    OutOfWork,
    Probes,
    fails,
    number_on_cells,
    probe_base,
    ranked,
)
from pipeline.kinds.hidato.solve import Geometry, geometry, initial_candidates
from pipeline.kinds.hidato.techniques import (
    FAST_EASY,
    LEVELS,
    TECHNIQUES,
    Contradiction,
    State,
    Technique,
)

__all__ = [
    "LEVELS",
    "TECHNIQUE_LEVEL",
    "TECHNIQUE_NAMES",
    "Logic",
    "level_of_candidates",
    "solvable",
    "solvable_candidates",
    "solve_candidates",
    "solve_logically",
]

TECHNIQUE_NAMES: tuple[str, ...] = tuple(name for name, _, _ in TECHNIQUES) + ("trial",)
TECHNIQUE_LEVEL: dict[str, str] = {name: level for name, level, _ in TECHNIQUES} | {"trial": "expert"}
_RANK = {level: rank for rank, level in enumerate(LEVELS)}
_EXPERT = _RANK["expert"]


@dataclass
class Logic:
    """Where reasoning up to some level got: solved or stuck, and what it took."""

    solved: bool
    contradiction: bool
    """The givens admit no solution at all (found while reasoning)."""
    counts: dict[str, int]
    """Steps per technique, in technique order, only those used."""
    steps: int
    cells: list[int]
    """Each number's cell bit (index 0 unused), 0 where reasoning did not place it."""
    log: list[Step] | None
    """The steps in order, when asked to explain."""
    exhausted: bool = False
    """Trial ran out of its work budget (probe.WORK): reasoning stopped there, unsolved."""
    remaining: list[int] = field(default_factory=list)
    """Where reasoning left the candidates (`State.remaining`), for a search to go on from; empty after
    a contradiction."""

    @property
    def hardest(self) -> str | None:
        used = [name for name in TECHNIQUE_NAMES if self.counts.get(name)]
        return used[-1] if used else None

    @property
    def level(self) -> str:
        """The level of the hardest technique used (easy when none was needed)."""
        hardest = self.hardest
        return TECHNIQUE_LEVEL[hardest] if hardest else LEVELS[0]


def _rank(max_level: str) -> int:
    if max_level not in _RANK:
        raise PuzzleBookError(f"unknown level {max_level!r}; allowed: {', '.join(LEVELS)}")
    return _RANK[max_level]


def _techniques(rank: int, fast: bool = False) -> list[tuple[str, Technique]]:
    table = FAST_EASY + tuple(t for t in TECHNIQUES if t[1] != "easy") if fast else TECHNIQUES
    active = [(name, fn) for name, level, fn in table if _RANK[level] <= rank]
    if rank >= _EXPERT:
        active.append(("trial", trial))
    return active



def _reason(st: State, rank: int, counts: dict[str, int] | None, max_trials: int | None = None) -> bool:
    """Apply the first technique that makes progress, then start over; True once every number is placed.

    Without `counts` (and no log) it takes the fast path: same reach, fewer passes.
    With `max_trials`, reasoning gives up (False) once trial has ruled out more candidates than that.
    Raises Contradiction when the candidates admit no solution.
    """
    active = _FAST[rank] if counts is None and st.log is None else _ACTIVE[rank]
    trials = 0
    while st.left:
        for name, fn in active:
            if st.log is not None:
                mark, before = len(st.log), list(st.cand)
            done = fn(st)
            if st.log is not None and done:
                _mark_eliminations(st, mark, before)
            if done:
                if counts is not None:
                    counts[name] = counts.get(name, 0) + done
                if fn is trial and max_trials is not None:
                    trials += done
                    if trials > max_trials:
                        return False
                break
        else:
            return False
    return True


def _mark_eliminations(st: State, mark: int, before: list[int]) -> None:
    """Say which candidates a lone elimination step ruled out when its words did not (the candidates
    it took away), so a viewer can mark them; steps of a technique that logs several say their own."""
    assert st.log is not None
    new = st.log[mark:]
    if len(new) != 1 or new[0].cell is not None or new[0].ruled_out:
        return
    lost = [(k, before[k] & ~st.cand[k]) for k in range(1, st.n + 1) if not st.pos[k] and before[k] & ~st.cand[k]]
    st.log[mark] = replace(new[0], ruled_out=explain.ruled_out(st, lost))


def trial(st: State) -> int:
    """Assume one candidate, reason on with techniques below expert, and rule the candidate out if
    that reaches a contradiction. One step per candidate ruled out.

    Probes go in two rounds. First solve.py's propagation (its rules are a subset of the hard
    techniques, so this is still reasoning below expert, only faster; see probe.py for the order
    and for the memory that makes testing an assumption again cheap): the options that pay most
    (a number with two cells, a cell two numbers share), then new options by how few cells their
    number has, then every option in turn from the one the last trial ruled out. Only if no probe
    fails, the full set of hard techniques on every option. Which candidates fall, and so the
    level, does not depend on this order: an assumption that contradicts stays contradictory as
    candidates shrink, so reasoning ends in the same place; only the route (and the count) can.
    """
    free = st.geo.open_mask & ~st.taken
    n, geo = st.n, st.geo
    probes = st.probes
    if probes is None:
        probes = st.probes = Probes(n)
    got = probe_base(st.cand, st.pos, n, free)
    if got is not None:
        base, loose = got
        probes.update(base)
        taken = st.taken
        for k, bit in ranked(st.cand, loose, free, probes.tried):
            probes.spend()
            if fails(probes, k, bit, n, geo, taken, loose, fresh_only=True):
                return _rule_out(st, k, bit)
        for k, bit in _options(st, free):
            probes.spend()
            if fails(probes, k, bit, n, geo, taken, loose, fresh_only=False):
                return _rule_out(st, k, bit)
    below = _EXPERT - 1
    for k, bit in _options(st, free):
        probes.spend()
        state = st.copy()
        try:
            state.place(k, bit)
            _reason(state, below, None)
        except Contradiction:
            return _rule_out(st, k, bit)
    return 0


def _options(st: State, free: int) -> Iterator[tuple[int, int]]:
    """Every (number, candidate cell) once, in order, starting just after `st.cursor` and wrapping round."""
    last_k, last_bit = st.cursor
    loose = st.unplaced()
    start = next((i for i, k in enumerate(loose) if k >= last_k), 0)
    turn = loose[start:] + loose[:start]
    for i, k in enumerate(turn):
        options = st.cand[k] & free
        if i == 0 and k == last_k:
            options &= ~((last_bit << 1) - 1)  # the cells after the last one ruled out...
        yield from number_on_cells(k, options)
    if turn and turn[0] == last_k:
        before = st.cand[last_k] & free & ((last_bit << 1) - 1)  # ...and the ones before it, last
        yield from number_on_cells(last_k, before)


def _rule_out(st: State, k: int, bit: int) -> int:
    """Record and apply a trial's verdict: k is not on `bit`."""
    if st.log is not None:
        st.log.append(explain.trial(st, k, bit, _culprit(st, k, bit)))
    left = st.cand[k] & ~st.taken & ~bit
    if not left:
        raise Contradiction(k)
    st.cand[k] = left
    st.cursor = (k, bit)
    return 1


def _culprit(st: State, k: int, bit: int) -> int:
    """For the explanation only: the number the failed assumption leaves without a cell."""
    state = st.copy()
    try:
        state.place(k, bit)
        _reason(state, _EXPERT - 1, None)
    except Contradiction as err:
        return err.number
    return 0


_ACTIVE = [_techniques(rank) for rank in range(len(LEVELS))]
_FAST = [_techniques(rank, fast=True) for rank in range(len(LEVELS))]


def solve_candidates(
    cand: list[int], n: int, geo: Geometry, max_level: str = "expert", *, explain: bool = False
) -> Logic:
    """Reason from candidate lists as in solve.py (cand[0] unused; givens are single cells).

    `cand` is not modified. With `explain`, `Logic.log` holds every step in words.
    """
    rank = _rank(max_level)
    log: list[Step] | None = [] if explain else None
    counts: dict[str, int] = {}
    try:
        st = State(cand, n, geo, log)
    except Contradiction:
        return Logic(False, True, {}, 0, [0] * (n + 1), log)
    exhausted = False
    try:
        solved = _reason(st, rank, counts)
        contradiction = False
    except Contradiction:
        solved, contradiction = False, True
    except OutOfWork:
        solved, contradiction, exhausted = False, False, True
    ordered = {name: counts[name] for name in TECHNIQUE_NAMES if counts.get(name)}
    remaining = [] if contradiction else st.remaining()
    return Logic(solved, contradiction, ordered, sum(ordered.values()), st.solution(), log, exhausted, remaining)


def board_candidates(board: Board) -> tuple[list[int], Geometry]:
    """The board's starting candidates and geometry; raises PuzzleBookError for a malformed board."""
    check_board(board, connectivity=False)
    geo = geometry(board.mask(), board.adjacency)
    if not geo.connected:
        check_board(board)  # raises, naming the cut-off cell
    return initial_candidates(board, geo), geo


def solve_logically(board: Board, max_level: str = "expert", *, explain: bool = False) -> Logic:
    """Reason on `board` with the techniques up to `max_level`, simplest first."""
    cand, geo = board_candidates(board)
    return solve_candidates(cand, board.size, geo, max_level, explain=explain)


def solvable_candidates(
    cand: list[int], n: int, geo: Geometry, max_level: str, *, max_trials: int | None = None
) -> bool:
    """True when techniques up to `max_level` place every number (which proves the solution unique),
    with at most `max_trials` trial steps when given.

    Fast: no text, no step records. `cand` is not modified. A trial budget is counted on the graded
    route (the one `solve_candidates` takes), so it is the count `grade()` reports.
    """
    rank = _rank(max_level)
    try:
        return _reason(State(cand, n, geo), rank, None if max_trials is None else {}, max_trials)
    except (Contradiction, OutOfWork):
        return False


def solvable(board: Board, max_level: str, *, max_trials: int | None = None) -> bool:
    """True when techniques up to `max_level` finish `board` ("expert" allows trial, at most
    `max_trials` steps of it when given)."""
    cand, geo = board_candidates(board)
    return solvable_candidates(cand, board.size, geo, max_level, max_trials=max_trials)


def level_of_candidates(cand: list[int], n: int, geo: Geometry, max_level: str = "expert") -> str | None:
    """The lowest level whose techniques finish the puzzle, or None if none up to `max_level` does.

    Reasoning continues from where the level below got stuck, so this costs about one solve.
    """
    top = _rank(max_level)
    try:
        st = State(cand, n, geo)
        for rank in range(top + 1):
            if _reason(st, rank, None):
                return LEVELS[rank]
    except (Contradiction, OutOfWork):
        return None
    return None
