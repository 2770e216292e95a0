"""Checks a build makes before it starts any worker, so an impossible config fails in seconds.

Two checks, both naming the section: every planned board must print legibly on the page (the same
layout rule the typesetter enforces, run on blank boards of the planned sizes), and the first puzzle
of each small board and level is made here, in this process, so a level that board cannot reach (a
hard puzzle on a 5-cell rhombus) stops the build before hours of other puzzles are made. A probed
record is a real result: the caller keeps it like any other.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from pipeline.book.config import BookSpec
from pipeline.book.plan import Job, run_job
from pipeline.kinds.hidato.board import Mask
from pipeline.shapes import make_mask
from pipeline.typeset.book import check_fit, plan_pages
from pipeline.typeset.fonts import register_fonts
from pipeline.typeset.layout import geometry, style_for

PROBE_CELLS = 25
"""Boards with at most this many cells are probed: their puzzles take milliseconds, and they are the
ones where a level can be out of reach (too few cells for the reasoning a level needs)."""


def check_layout(book: BookSpec, planned: list[Job]) -> None:
    """Raise PuzzleBookError (naming the section's per_page or the page) when a planned board would
    print its numbers below the minimum size, before any puzzle exists."""
    if not planned:
        return
    register_fonts()
    style = style_for(book.large_print)
    masks: Masks = {}
    blanks = [blank_record(job, masks) for job in planned]
    pages = plan_pages(book, blanks, style)
    check_fit(book, blanks, pages, geometry(book.page, len(pages)), style)


def blank_record(job: Job, masks: Masks) -> dict[str, Any]:
    """A record with the job's place and an empty grid of its board's size (the size is all layout needs)."""
    place = {"section": job.section, "section_index": job.section_index, "index": job.index, "kind": job.kind}
    if job.kind == "sudoku":
        assert job.box is not None
        return {**place, "grid": "." * job.box**4}
    mask = _mask(job, masks)
    return {**place, "grid": [[0 if is_open else None for is_open in row] for row in mask]}


Masks = dict[tuple[str, str, int], Mask]
"""Boards already built in this check: a fixed shape once, a 'random' one per seed."""


def _mask(job: Job, masks: Masks) -> Mask:
    assert job.shape is not None and job.adjacency is not None
    seed = job.seed if job.shape["name"] == "random" else 0
    key = (json.dumps(job.shape, sort_keys=True), job.adjacency, seed)
    if key not in masks:
        params = {name: value for name, value in job.shape.items() if name != "name"}
        masks[key] = make_mask(job.shape["name"], **params, seed=seed, adjacency=job.adjacency)  # type: ignore[arg-type]
    return masks[key]


def probe(missing: list[Job], keep: Callable[[dict[str, Any]], None]) -> set[str]:
    """Make, here, the first missing puzzle of each small board and level; return their fingerprints.

    A PuzzleBookError from run_job (which names the section and puzzle) propagates: the build stops
    before starting workers.
    """
    seen: set[str] = set()
    done: set[str] = set()
    masks: Masks = {}
    for job in missing:
        key = json.dumps([job.section, job.kind, job.shape, job.box, job.difficulty], sort_keys=True)
        if key in seen or not _small(job, masks):
            continue
        seen.add(key)
        keep(run_job(job.to_dict()))
        done.add(job.fingerprint)
    return done


def _small(job: Job, masks: Masks) -> bool:
    """A fixed board (not 'random', drawn anew per puzzle) of at most PROBE_CELLS cells."""
    if job.kind == "sudoku":
        return job.box is not None and job.box**4 <= PROBE_CELLS
    assert job.shape is not None
    if job.shape["name"] == "random":
        return False
    return sum(map(sum, _mask(job, masks))) <= PROBE_CELLS
