"""Plan a book: its config becomes one Job per puzzle, in book order.

A job's seed is a hash of the book seed, its section's name, its index and its reroll count, so no
section, worker count or completion order can change another puzzle. What else decides a puzzle
(its board, its box...) is the kind's to say (`Kind.job_params`). Never makes a puzzle, never
writes files or starts processes: make.py and run.py do that.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field, fields, replace
from functools import cached_property
from typing import TYPE_CHECKING, Any

from pipeline import __version__
from pipeline.kinds import registry
from pipeline.seeds import derive_seed

if TYPE_CHECKING:
    from pipeline.bookspec import BookSpec


@dataclass(frozen=True)
class Job:
    """Everything one worker needs to make one puzzle, as plain data."""

    section: str
    section_index: int
    index: int
    kind: str
    difficulty: str
    seed: int
    params: dict[str, Any] = field(default_factory=dict)
    """The kind's own parameters (Kind.job_params), e.g. a board's adjacency and shape, or a box."""

    @cached_property
    def fingerprint(self) -> str:
        """Names the puzzle this job must yield: a hash of what decides it, and the engine version.

        `section_index` only places the puzzle, so it is left out: moving a section keeps its records.
        The kind's parameters sit beside the common fields (as they did before kinds had a face of
        their own), so existing checkpoints stay valid; parameters that are None are left out.
        """
        content = {key: value for key, value in self._fields().items() if key not in ("section_index", "params")}
        content |= {key: value for key, value in self.params.items() if value is not None}
        content["engine"] = __version__
        text = json.dumps(content, sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(text.encode()).hexdigest()[:16]

    def to_dict(self) -> dict[str, Any]:
        return {**self._fields(), "params": dict(self.params), "fingerprint": self.fingerprint}

    def _fields(self) -> dict[str, Any]:
        """The fields by name, as `asdict` gives them but without its deep copy (a build turns every
        job into a dict, in its own process: the copies were a tenth of that process's time)."""
        return {name: getattr(self, name) for name in _JOB_FIELDS}


_JOB_FIELDS = tuple(item.name for item in fields(Job))


def plan(book: BookSpec) -> list[Job]:
    """One Job per puzzle in book order; the kind says what each puzzle is made on."""
    jobs = []
    for section_index, section in enumerate(book.sections):
        kind = registry.kind(section.kind)
        for index in range(1, section.count + 1):
            jobs.append(Job(
                section=section.name,
                section_index=section_index,
                index=index,
                kind=section.kind,
                difficulty=section.level_of(index),
                seed=derive_seed(book.seed, section.name, index, section.reroll.count(index)),
                params=kind.job_params(section, index),
            ))
    return jobs


def retried(job: Job, attempt: int) -> Job:
    """The job on its `attempt`-th seed after its own (attempt 0: the job itself), for a puzzle that
    repeats an earlier one. Derived from the job's own seed, so a reroll moves its retries too."""
    return job if attempt == 0 else replace(job, seed=derive_seed(job.seed, "after a repeat", attempt))
