"""A build's finishing tasks, run in its workers: a part of a book's pages drawn, or a run of the
report's thumbnails. Both go out in one run, the longest first, so that the workers finish together.

Its own module, light to import (no config loading, no template engine): a worker imports what a
task's function lives in, and every worker draws.
"""

from __future__ import annotations

from pipeline.kinds.record import PuzzleRecord
from pipeline.report.thumbnails import Thumbnails
from pipeline.typeset.parts import BookLayout, DrawnPart, Part, draw_part, drawing_work

THUMBNAILS_PER_TASK = 64
"""Report thumbnails drawn per worker task: a few tenths of a second each, little to send."""
THUMBNAIL_WORK = 1.5
"""A thumbnail's drawing time in typeset.parts.drawing_work's units (a puzzle on a page): measured
about 1 ms against 0.7 ms."""

DrawTask = tuple[BookLayout, Part]
ThumbnailTask = tuple[Thumbnails, list[PuzzleRecord]]


def finishing_task(task: DrawTask | ThumbnailTask) -> DrawnPart | list[str]:
    """One part of one volume's book drawn, or a run of the report's thumbnails."""
    if isinstance(task[0], BookLayout):
        return draw_part(task[0], task[1])
    return task[0](task[1])


def finishing_work(task: DrawTask | ThumbnailTask) -> float:
    """A finishing task's time, roughly (drawing_work's units): to hand the longest out first."""
    if isinstance(task[0], BookLayout):
        return drawing_work(task[1])
    return THUMBNAIL_WORK * len(task[1])


def thumbnail_runs(records: list[PuzzleRecord]) -> list[list[PuzzleRecord]]:
    """The records in runs of THUMBNAILS_PER_TASK, in order."""
    return [records[start:start + THUMBNAILS_PER_TASK] for start in range(0, len(records), THUMBNAILS_PER_TASK)]
