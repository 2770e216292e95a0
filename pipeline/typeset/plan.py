"""Plan a book's pages before any is drawn: which page holds what (the page count sets the gutter), and
the check that every grid prints its numbers large enough on its page.

Plain data out (Page records), no drawing: typeset.parts draws the planned pages, in pieces.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Literal, TypeAlias, get_args

from pipeline.kinds.record import PuzzleRecord
from pipeline.bookspec import AnswersSpec, BookSpec
from pipeline.errors import PuzzleBookError
from pipeline.i18n import N_, Words, ngettext_, words_for
from pipeline.kinds import registry
from pipeline.kinds.section import SectionSpec
from pipeline.drawing import GridFit
from pipeline.typeset.front import introduction_lines, lines_per_page
from pipeline.typeset.layout import (
    MAX_PAGES,
    MIN_PAGES,
    Geometry,
    Rect,
    Style,
    bands,
    geometry,
    padded_page_count,
    slots,
)
from pipeline.typeset.pages import contents_entry_height, plan_howto

Role = Literal["title", "copyright", "blank", "contents", "introduction", "howto", "puzzles", "answers"]
CONTENTS = N_("Contents")
INTRODUCTION = N_("Introduction")
HOW_TO_PLAY = N_("How to play {kind}")
ANSWERS = N_("Answers")
SECTION_ANSWERS = N_("Answers: {section}")
PUZZLE_LABEL = N_("Puzzle {number}")
PUZZLES_SPAN = ngettext_("puzzle {span}", "puzzles {span}")
TITLE_BLURB = ngettext_("{count} {kinds} puzzle with solutions", "{count} {kinds} puzzles with solutions")
PUZZLE_PER_PAGE = sorted(get_args(SectionSpec.model_fields["per_page"].annotation), reverse=True)
ANSWER_PER_PAGE = sorted(get_args(AnswersSpec.model_fields["per_page"].annotation), reverse=True)
"""The per_page values a config allows, most first: the candidates an error message may suggest."""
Records: TypeAlias = Sequence[PuzzleRecord] | Mapping[int, PuzzleRecord]
"""The book's records by position (puzzle number - 1): all of them, or those a part of the book shows."""


@dataclass(frozen=True)
class Page:
    """One planned page: what goes on it, before any geometry is known."""

    role: Role
    items: tuple[int, ...] = ()
    """Positions in the records (puzzle number - 1) of the puzzles or answers on the page."""
    per_page: int = 0
    heading: str = ""
    """Set on the first page of a part: printed large, listed in the contents, bookmarked on screen."""
    detail: str = ""
    running: str = ""
    kind: str = ""
    part: int = 0
    """Which page of the contents, for contents pages."""
    lines: tuple[str, ...] = ()
    """The introduction's lines on this page, wrapped when planned."""

    @property
    def numbered(self) -> bool:
        return self.role not in ("title", "copyright", "blank")


def section_groups(book: BookSpec, records: list[PuzzleRecord]) -> list[tuple[int, list[int]]]:
    """Record positions per section index, in book order; records out of order are a caller's bug."""
    keys = [(record.section_index, record.index) for record in records]
    if not records or keys != sorted(set(keys)):
        raise ValueError("typeset_book needs at least one record, in book order (section, then index), each once")
    groups: dict[int, list[int]] = {}
    for position, record in enumerate(records):
        if book.sections[record.section_index].name != record.section:
            raise ValueError(f"record {position} names section {record.section!r}, not the book's section there")
        groups.setdefault(record.section_index, []).append(position)
    return list(groups.items())


def plan_pages(book: BookSpec, records: list[PuzzleRecord], style: Style) -> list[Page]:
    """Every page in order, padded to the service's minimum and to an even count.

    Sections and the back answers start on a right-hand page; contents come right after the title leaf.
    """
    groups = section_groups(book, records)
    kinds = list(dict.fromkeys(book.sections[i].kind for i, _ in groups))
    words = words_for(book.language)
    pages = [Page("title"), Page("copyright")]

    def to_recto() -> None:
        if len(pages) % 2:
            pages.append(Page("blank"))

    if book.contents:
        entries = len(kinds) + len(groups) + (len(groups) if book.answers.where == "section" else 1)
        entries += 1 if book.introduction else 0
        for part in range(math.ceil(entries / contents_per_page(book, style))):
            contents = words(CONTENTS)
            pages.append(Page("contents", heading=contents if part == 0 else "", running=contents, part=part))
    if book.introduction:
        body = _narrowest_body(book, style)
        lines = introduction_lines(book.introduction, body.w, style)
        room = lines_per_page(body.h, style)
        for start in range(0, len(lines), room):
            chunk = tuple(lines[start : start + room])
            heading = words(INTRODUCTION)
            pages.append(Page("introduction", heading=heading if start == 0 else "", running=heading,
                              lines=chunk[1:] if chunk[0] == "" else chunk))
    for kind in kinds:
        pages.append(Page("howto", kind=kind, heading=words(HOW_TO_PLAY, kind=words(registry.kind(kind).title))))
    for i, positions in groups:
        section = book.sections[i]
        name = words(registry.kind(section.kind).title)
        to_recto()
        pages += _grid_pages("puzzles", positions, section.per_page, heading=section.name,
                             detail=f"{name} \u00b7 {_puzzles(positions, words)}",
                             running=f"{section.name} \u00b7 {name}")
        if book.answers.where == "section":
            heading = words(SECTION_ANSWERS, section=section.name)
            pages += _grid_pages("answers", positions, book.answers.per_page, heading=heading,
                                 detail=_puzzles(positions, words), running=heading)
    if book.answers.where == "back":
        to_recto()
        everything = [position for _, positions in groups for position in positions]
        pages += _grid_pages("answers", everything, book.answers.per_page, heading=words(ANSWERS),
                             detail=_puzzles(everything, words), running=words(ANSWERS))
    pages += [Page("blank")] * (padded_page_count(len(pages)) - len(pages))
    return pages


def _puzzles(positions: list[int], words: Words) -> str:
    return words.plural(PUZZLES_SPAN, len(positions), span=_span(positions))


def _span(positions: list[int]) -> str:
    return f"{positions[0] + 1}\u2013{positions[-1] + 1}" if len(positions) > 1 else str(positions[0] + 1)


def _grid_pages(
    role: Role, positions: list[int], per_page: int, *, heading: str, detail: str, running: str
) -> list[Page]:
    """Pages of `per_page` puzzles or answers; only the first carries the heading."""
    chunks = [tuple(positions[i : i + per_page]) for i in range(0, len(positions), per_page)]
    return [
        Page(role, items=chunk, per_page=per_page, heading=heading if j == 0 else "",
             detail=detail if j == 0 else "", running=f"{running} \u00b7 {_span(list(chunk))}")
        for j, chunk in enumerate(chunks)
    ]


def _narrowest_body(book: BookSpec, style: Style) -> Rect:
    """The body of a page with the widest gutter a book may get: text wrapped to it fits any page."""
    return bands(geometry(book.page, MAX_PAGES).frame(1), style).body


def contents_per_page(book: BookSpec, style: Style) -> int:
    """Contents entries a page holds; known before the page count (the gutter only changes widths)."""
    body = bands(geometry(book.page, MIN_PAGES).frame(1), style).body
    return max(1, int(body.h // contents_entry_height(style)))


def check_fit(
    book: BookSpec, records: Records, pages: list[Page], geo: Geometry, style: Style, *, only: int | None = None
) -> None:
    """Refuse a layout whose numbers would print below the minimum, suggesting a per_page that fits
    (on page number `only` alone, when given)."""
    for page_number, page in enumerate(pages, 1):
        if only is None or page_number == only:
            check_page_fit(book, records, page, page_number, geo, style)


def check_page_fit(book: BookSpec, records: Records, page: Page, page_number: int, geo: Geometry, style: Style) -> None:
    """`check_fit` on one page: what a part of the book checks of its own pages, wherever it is drawn."""
    body = bands(geo.frame(page_number), style).body
    words = words_for(book.language)
    if page.role == "howto" and plan_howto(body, style, page.kind, book.answers.where, words).number_size < (
        style.min_number
    ):
        raise PuzzleBookError(
            f"the page is too small for the worked example of the how-to-play page at {style.min_number:g} pt"
            f"{' in large print' if book.large_print else ''}: use a larger page size or smaller margins",
            field="page",
        )
    if page.role not in ("puzzles", "answers"):
        return
    least = style.min_number if page.role == "puzzles" else style.min_answer
    for box, position in zip(slots(body, page.per_page, style.gap), page.items):
        draw = registry.kind(records[position].kind).drawing
        grid, fit = registry.drawn(records[position]), draw.fit
        if page.role == "answers":
            grid = draw.bare(grid)
        measured = fit(grid, box, style)
        if measured.number_size < least:
            options = PUZZLE_PER_PAGE if page.role == "puzzles" else ANSWER_PER_PAGE
            fits = [n for n in options if fit(grid, slots(body, n, style.gap)[0], style).number_size >= least]
            raise _too_small(book, records[position], position, page, measured, least, fits)


def _too_small(
    book: BookSpec, record: PuzzleRecord, position: int, page: Page, fit: GridFit, least: float, fits: list[int]
) -> PuzzleBookError:
    size, board = fit.number_size * fit.scale, fit.board
    where = f"section {record.section!r}" if page.role == "puzzles" else "the answers"
    advice = (
        f"use per_page: {fits[0]}{' or fewer' if fits[0] != fits[-1] else ''}" if fits
        else "no per_page fits it: use a larger page size or a smaller board"
    )
    return PuzzleBookError(
        f"puzzle {position + 1} in {where} ({board}) would print its {fit.reads} at {size:.1f} pt with "
        f"{page.per_page} per page on this page size; the least allowed is {least * fit.scale:.3g} pt"
        f"{' in large print' if book.large_print else ''}: {advice}",
        field=f"sections[{record.section_index}].per_page" if page.role == "puzzles" else "answers.per_page",
    )

