"""Choose every puzzle of a book or a series so that none repeats an earlier one.

The rule, whatever the worker count: the slots (volume, section, number) are taken in book order,
volume by volume, and each slot gets the first of its job's seeds (its own, then the seeds derived for
attempts 1, 2, ...) whose puzzle repeats no puzzle of an earlier slot nor of an excluded book.

Made in parallel all the same: every slot's puzzle is made at once; then the slots are settled in
order as far as their puzzles allow (the frontier), and any later slot whose puzzle already repeats a
settled one is sent on to its next seed straight away, since no later event can save that puzzle. A
round makes all the puzzles those steps asked for, together. Each round settles the first unsettled
slot or moves it to its next seed, so the rounds end; the outcome is exactly the one the rule defines,
whatever order puzzles come back in.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from pipeline.book.plan import Job, retried
from pipeline.book.repeats import Seen, Where
from pipeline.errors import PuzzleBookError
from pipeline.kinds.record import Fingerprint, PuzzleRecord

MAX_ATTEMPTS = 60
"""Seeds one slot may try before the build says its settings have run out of distinct puzzles."""

Make = Callable[[list["Slot"]], dict[str, PuzzleRecord]]
"""Makes (or finds) the puzzle of every slot's current job: {job fingerprint: record with its canonical
fingerprint}."""


@dataclass
class Slot:
    """One puzzle's place in a book or series, and the seed it is at."""

    job: Job
    volume: int | None = None
    attempt: int = 0
    record: PuzzleRecord | None = None
    _current: tuple[int, Job] | None = field(default=None, init=False, repr=False, compare=False)

    @property
    def current(self) -> Job:
        """The job on the seed the slot is at (the same object until the slot moves on)."""
        if self._current is None or self._current[0] != self.attempt:
            self._current = (self.attempt, retried(self.job, self.attempt))
        return self._current[1]

    @property
    def where(self) -> Where:
        return Where(self.volume, self.job.section, self.job.index)


@dataclass(frozen=True)
class PassedOver:
    """A puzzle made and not printed: it repeats the puzzle at `repeats`."""

    record: PuzzleRecord
    slot: Where
    repeats: Where


def choose_unique(slots: Sequence[Slot], make: Make, seen: Seen) -> list[PassedOver]:
    """Give every slot its puzzle by the rule above (`seen` holds what is taken already, and gains every
    slot's puzzle); return the puzzles passed over, in the order they were found to repeat.

    Raises PuzzleBookError naming the slot when MAX_ATTEMPTS seeds in a row all repeat.
    """
    passed: list[PassedOver] = []
    frontier = 0
    while frontier < len(slots):
        wanted = [slot for slot in slots[frontier:] if slot.record is None]
        if wanted:
            made = make(wanted)
            for slot in wanted:
                slot.record = made[slot.current.fingerprint]
        while frontier < len(slots):
            slot = slots[frontier]
            before = seen.clash(_canonical(slot))
            if before is not None:
                passed.append(_pass_over(slot, before, slots))
                break
            seen.take(_canonical(slot), slot.where)
            frontier += 1
        for slot in slots[frontier + 1:]:
            before = seen.clash(_canonical(slot))
            if before is not None:
                passed.append(_pass_over(slot, before, slots))
    return passed


def _canonical(slot: Slot) -> Fingerprint:
    assert slot.record is not None and slot.record.canonical is not None, "made records carry their fingerprint"
    return slot.record.canonical


def _pass_over(slot: Slot, before: Where, slots: Sequence[Slot]) -> PassedOver:
    """Send `slot` on to its next seed, or give up when it has tried them all."""
    assert slot.record is not None
    gone = PassedOver(slot.record, slot.where, before)
    slot.attempt += 1
    slot.record = None
    if slot.attempt >= MAX_ATTEMPTS:
        section = [other for other in slots if other.job.section == slot.job.section and other.volume == slot.volume]
        where = slot.where.words()
        board = json.dumps({key: value for key, value in slot.job.params.items() if value is not None},
                           sort_keys=True)
        raise PuzzleBookError(
            f"{where}: each of {MAX_ATTEMPTS} seeds tried made a puzzle that repeats an earlier one (the last "
            f"repeats {before.words()}): its board {board} at {slot.job.difficulty} has too few distinct "
            f"puzzles (or answers) for the {len(section)} this section asks, with what came before it. "
            "Ask for fewer, or use a bigger board, another shape or another level"
        )
    return gone
