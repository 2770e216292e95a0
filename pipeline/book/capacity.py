"""Whether a board has as many distinct puzzles as a book asks of it, known before any is made.

Only boards whose kind says they may run out (`Kind.distinct_may_run_out`: the smallest grids, a
list of words no longer than a puzzle takes) and that more than one puzzle uses are asked. Their generator is
sampled on up to SAMPLE fixed seeds (a few milliseconds each); the
puzzles are taken in order by the build's own rule (one that repeats an earlier one is passed over),
and the count of distinct puzzles is estimated from how often the sample met each one again (Chao's
estimator: the puzzles seen once and twice tell how many were never met). A board asked for more
than that, over every section and volume that uses it at that level, is refused with the count.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from pipeline.book.plan import Job
from pipeline.book.repeats import Seen, Where
from pipeline.errors import PuzzleBookError
from pipeline.kinds import registry
from pipeline.kinds.record import Fingerprint
from pipeline.seeds import derive_seed

SAMPLE = 200
"""Seeds sampled per board and level at most: enough to see nearly all of a space of a few dozen puzzles."""
MIN_SAMPLE = 40
"""Seeds sampled at least: a board asked for few puzzles is sampled four times what it is asked."""

Sample = Callable[[list[Job]], list[Fingerprint]]
"""Makes every job's puzzle and returns their fingerprints, in the jobs' order."""


@dataclass(frozen=True)
class Estimate:
    """What a sample of a board's puzzles found: distinct ones met, and about how many exist."""

    sampled: int
    distinct: int
    about: int


def estimate(fingerprints: Sequence[Fingerprint]) -> Estimate:
    """Chao1 over the puzzles the build's rule would keep from this sample, in order."""
    seen = Seen()
    hits: Counter[int] = Counter()
    kept = 0
    for fingerprint in fingerprints:
        before = seen.clash(fingerprint)
        if before is None:
            kept += 1
            seen.take(fingerprint, Where(None, "", kept))
            hits[kept] += 1
        else:
            hits[before.index] += 1
    once = sum(1 for count in hits.values() if count == 1)
    twice = sum(1 for count in hits.values() if count == 2)
    unseen = once * once / (2 * twice) if twice else once * (once - 1) / 2
    return Estimate(len(fingerprints), kept, kept + round(unseen))


def check_capacity(jobs: Sequence[Job], sample: Sample, *, series: bool = False) -> None:
    """Refuse (PuzzleBookError naming the section) a board asked for more distinct puzzles than it
    has, at one level or at all its levels together (two levels share their answers: new givens on an
    old answer are a repeat), counting every job that uses it (in every volume of a `series`); say
    about how many it has."""
    every: dict[str, list[Job]] = {}
    asked: dict[str, bool] = {}
    for job in jobs:
        key = json.dumps([job.kind, registry.kind(job.kind).pool_key(job.params), job.difficulty])
        if key not in asked:
            asked[key] = registry.kind(job.kind).distinct_may_run_out(job.params, job.difficulty)
        if asked[key]:
            every.setdefault(key, []).append(job)
    groups = {key: group for key, group in every.items() if len(group) > 1}  # one puzzle always exists
    if not groups:
        return
    sizes = {key: min(SAMPLE, max(MIN_SAMPLE, 4 * len(group))) for key, group in groups.items()}
    samples = [replace(group[0], seed=derive_seed(0, "distinct puzzles", key, i))
               for key, group in groups.items() for i in range(sizes[key])]
    fingerprints = iter(sample(samples))
    found = {key: [next(fingerprints) for _ in range(sizes[key])] for key in groups}
    boards: dict[str, list[str]] = {}
    for key, group in groups.items():
        first = group[0]
        boards.setdefault(json.dumps([first.kind, registry.kind(first.kind).pool_key(first.params)]), []).append(key)
        _refuse_beyond(group, estimate(found[key]), series, level=group[0].difficulty)
    for keys in boards.values():
        if len(keys) > 1:  # the levels' samples interleaved: the order a book's cycling levels take them
            mixed = [fingerprint for row in zip(*(found[key] for key in keys)) for fingerprint in row]
            _refuse_beyond([job for key in keys for job in groups[key]], estimate(mixed), series, level=None)


def _refuse_beyond(group: list[Job], found: Estimate, series: bool, level: str | None) -> None:
    if len(group) <= found.about:
        return
    sections = list(dict.fromkeys(job.section for job in group))
    first = group[0]
    asked = f"{len(group)} distinct {level + ' ' if level else ''}puzzles"
    where = f"section {sections[0]!r} asks" if len(sections) == 1 else \
        f"sections {', '.join(map(repr, sections))} together ask"
    levels = "" if level else " at all its levels together"
    raise PuzzleBookError(
        f"{where} for {asked} of the {first.kind} board {_board(first)}{levels}"
        f"{' over every volume' if series else ''}, but only about {found.about} exist ({found.distinct} "
        f"distinct in {found.sampled} tries; a puzzle turned, mirrored or relabelled is the same puzzle, "
        f"and so is one on the same answer): ask for at most {found.about}, or give it more to vary (a bigger "
        "board, more words or shapes)",
        field=f"sections[{first.section_index}].count",
    )


def _board(job: Job) -> str:
    """The job's board in a few words (its kind's parameters that are set)."""
    shown = {key: value for key, value in job.params.items() if value is not None}
    return json.dumps(shown, sort_keys=True, separators=(", ", ": ")) if shown else "(default)"
