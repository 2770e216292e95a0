"""Checks a build makes before it starts any worker, so an impossible config fails in seconds.

Three checks: every planned board must print legibly on the page (the same layout rule the
typesetter enforces, run on blank boards of the planned sizes); every character the book will print
has a glyph in its font (the pages that show every kind of text the book has, typeset in memory on
those blank boards, plus the digits the grids will hold); and the first puzzle
of each small board and level is made here, in this process, so a level that board cannot reach (a
hard puzzle on a 5-cell rhombus) stops the build before hours of other puzzles are made. A probed
record is a real result: the caller keeps it like any other.
"""

from __future__ import annotations

import json
from typing import Any

from pipeline.bookspec import BookSpec
from pipeline.book.make import run_job
from pipeline.book.plan import Job
from pipeline.kinds import registry
from pipeline.kinds.record import Place, PuzzleRecord
from pipeline.typeset.book import Page, plan_pages
from pipeline.typeset.plan import check_page_fit
from pipeline.typeset.parts import Part, draw_part, layout_book
from pipeline.typeset.fonts import DEFAULT_FONTS, Fonts, check_glyphs, register_fonts
from pipeline.typeset.layout import geometry, style_for

DIGITS = "0123456789"
"""What every grid's numbers are written with (a kind that adds letters has them checked when typeset)."""
PROBE_CELLS = 25
"""Boards with at most this many cells are probed: their puzzles take milliseconds, and they are the
ones where a level can be out of reach (too few cells for the reasoning a level needs)."""


def check_layout(book: BookSpec, planned: list[Job], fonts: Fonts = DEFAULT_FONTS) -> None:
    """Raise PuzzleBookError (naming the section's per_page or the page, or the font and the field that
    names it) when a planned board would print its numbers below the minimum size, or the book would
    print a character its font lacks, before any puzzle exists.

    The fit is checked on the pages that stand for every page's (`fitting_pages`), the glyphs on the
    pages that can show text no other page shows (`telling_pages`), drawn on blank boards: cheap, so
    planning a 2000-puzzle book stays a fraction of a second of this process's time. The typesetter
    checks every page again as it draws it.
    """
    if not planned:
        return
    register_fonts()
    style = style_for(book.large_print, fonts)
    blanks = Blanks()
    records = [blanks.record(job) for job in planned]
    pages = plan_pages(book, records, style)
    geo = geometry(book.page, len(pages))
    for number in fitting_pages(pages, records):
        check_page_fit(book, records, pages[number - 1], number, geo, style)
    layout = layout_book(book, records, pages, geo, style, screen=False, part_pages=len(pages)).layout
    used: dict[str, set[str]] = {name: set(DIGITS) for name in (fonts.number, fonts.given)}
    for number in telling_pages(pages, records):
        page = pages[number - 1]
        drawn = draw_part(layout, Part(0, number, (page,), {i: records[i] for i in page.items}))
        if drawn.problem is not None:
            raise drawn.problem
        for name, characters in drawn.text:
            used.setdefault(name, set()).update(characters)
    check_glyphs(used, fonts)


def fitting_pages(pages: list[Page], records: list[PuzzleRecord]) -> list[int]:
    """The page numbers whose fit stands for every page's: each page but the grid pages, and the first
    grid page to put each blank board in each size of slot (every slot of a page is the same size, on
    either side of the spread; Blanks makes each board once, so a board is its grid object)."""
    chosen: list[int] = []
    met: set[tuple[object, ...]] = set()
    for number, page in enumerate(pages, 1):
        keys = {(page.role, page.per_page, id(records[i].grid)) for i in page.items}
        if page.role not in ("puzzles", "answers") or not keys <= met:
            met |= keys
            chosen.append(number)
    return chosen


def telling_pages(pages: list[Page], records: list[PuzzleRecord]) -> list[int]:
    """The page numbers whose text covers the book's: every page but the grid pages, and of those the
    first of each section and role, the first to show each level of each section, and the first whose
    boards hold a character no earlier one did (a grid page's own words are its heading, labels, level
    names, numbers and what its boards print, like a list of words: the rest repeat)."""
    chosen: list[int] = []
    met: set[tuple[object, ...]] = set()
    seen: dict[int, set[str]] = {}

    def characters(grid: object) -> set[str]:
        """What a board prints, as characters (Blanks makes a board once: its grids repeat)."""
        if id(grid) not in seen:
            seen[id(grid)] = set(json.dumps(grid, ensure_ascii=False))
        return seen[id(grid)]

    for number, page in enumerate(pages, 1):
        if page.role not in ("puzzles", "answers"):
            chosen.append(number)
            continue
        first = records[page.items[0]]
        keys: set[tuple[object, ...]] = {(page.role, first.section_index)}
        keys |= {(page.role, "character", character) for i in page.items for character in characters(records[i].grid)}
        if page.role == "puzzles":
            keys |= {(page.role, records[i].section_index, records[i].difficulty) for i in page.items}
        if not keys <= met:
            met |= keys
            chosen.append(number)
    return chosen


class Blanks:
    """Empty grids of the planned boards, each board built once (a fixed one once, a drawn one per seed)."""

    def __init__(self) -> None:
        self.grids: dict[tuple[str, str, int | None], Any] = {}
        self.cells: dict[tuple[str, str], int | None] = {}

    def record(self, job: Job) -> PuzzleRecord:
        """A record with the job's place and an empty grid of its board (the size is all layout needs)."""
        kind = registry.kind(job.kind)
        params = _key(job.params)
        fixed = self.board_cells(job, params) is not None
        key = (job.kind, params, None if fixed else job.seed)
        if key not in self.grids:
            self.grids[key] = kind.blank_grid(job.params, job.seed)
        grid = self.grids[key]
        return PuzzleRecord(job.kind, job.seed, job.difficulty, grid, grid, {"level": job.difficulty}, attempts=0,
                            place=Place(job.section, job.section_index, job.index), fingerprint=job.fingerprint)

    def board_cells(self, job: Job, params: str | None = None) -> int | None:
        """The job's board's cells (None for a board drawn anew per seed); `params` is _key(job.params)."""
        key = (job.kind, _key(job.params) if params is None else params)
        if key not in self.cells:
            self.cells[key] = registry.kind(job.kind).board_cells(job.params)
        return self.cells[key]


def _key(params: dict[str, Any]) -> str:
    return json.dumps(params, sort_keys=True)


def probe(missing: list[Job]) -> list[PuzzleRecord]:
    """Make, here, the first missing puzzle of each small board and level, and return them.

    A board is small when its kind says it has at most PROBE_CELLS cells (a board drawn anew for each
    seed is never probed). A PuzzleBookError from run_job (which names the section and puzzle)
    propagates: the build stops before starting workers.
    """
    seen: set[str] = set()
    made: list[PuzzleRecord] = []
    blanks = Blanks()
    for job in missing:
        key = json.dumps([job.section, job.kind, job.params, job.difficulty], sort_keys=True)
        cells = blanks.board_cells(job)
        if key in seen or cells is None or cells > PROBE_CELLS:
            continue
        seen.add(key)
        made.append(run_job(job.to_dict()))
    return made
