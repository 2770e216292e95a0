"""What a book is: the config's models (BookSpec and its parts), as pydantic validates them.

Below both the build stages and the typesetter (and the studio), which read them; loading a YAML file
into them is pipeline/book/config.py's job. Pure data and checks: it never reads or writes files,
except that a font field checks its file can be used.
"""

from __future__ import annotations

import re
import string
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Literal, Union

from pydantic import (
    BeforeValidator,
    Field,
    ValidationInfo,
    field_validator,
    model_validator,
)

from pipeline.fontfile import font_problem
from pipeline.i18n import languages
from pipeline.kinds import registry
from pipeline.kinds.section import SectionSpec
from pipeline.specs import FieldError, Spec

POINTS_PER_INCH = 72.0
UNITS = {"in": POINTS_PER_INCH, "mm": POINTS_PER_INCH / 25.4, "cm": POINTS_PER_INCH / 2.54, "pt": 1.0}
TrimSize = Literal["letter", "8.5x11", "a4", "6x9", "8x10", "5x8", "a5"]
TRIM_SIZES: dict[TrimSize, tuple[float, float]] = {
    "letter": (8.5, 11.0),
    "8.5x11": (8.5, 11.0),
    "a4": (210 / 25.4, 297 / 25.4),
    "6x9": (6.0, 9.0),
    "8x10": (8.0, 10.0),
    "5x8": (5.0, 8.0),
    "a5": (148 / 25.4, 210 / 25.4),
}
"""Trim sizes by name, (width, height) in inches."""
MIN_TRIM_INCHES = 3.0
MAX_LENGTH_INCHES = 24.0
"""No length in a config (trim side or margin) may be longer: no print service makes larger books."""
MAX_CONFIG_BYTES = 1024 * 1024
"""Configs larger than this are refused unread (the largest sensible one is a few kilobytes)."""
MAX_SEED = 2**63 - 1
MAX_JOBS = 1024
MAX_TITLE = 150
MAX_TEXT = 300
"""Characters of a title or author, and of a subtitle: a title page holds no more."""
MIN_CONTENT_INCHES = 1.0
"""What the margins must leave of the page on each axis (with the widest gutter)."""
GUTTER_RULE = ((150, 0.375), (300, 0.5), (500, 0.625), (700, 0.75))
"""Print-on-demand inside margin: up to this many pages, this many inches; more than 700: 0.875."""
WIDEST_GUTTER = 0.875
MIN_OUTSIDE = 0.25
MIN_OUTSIDE_BLEED = 0.375

_LENGTH = re.compile(r"\s*(\d+(?:\.\d*)?|\.\d+)\s*(in|mm|cm|pt)\s*")
_SCHEDULER = re.compile(r"(?:[a-z][a-z0-9+]*://)?(?:\[[0-9A-Fa-f:.]+\]|[^\s/:\[\]]+)(?::[0-9]{1,5})?/?")


def length_points(text: object) -> float:
    """A length such as '0.5in', '12mm', '1.5cm' or '36pt' in points (72 per inch); must be positive."""
    if not isinstance(text, str) or (match := _LENGTH.fullmatch(text)) is None:
        raise ValueError(
            f"must be a length with a unit (in, mm, cm or pt), like '0.5in' or '12mm'; got {text!r}"
        )
    points = float(match[1]) * UNITS[match[2]]
    if points <= 0:
        raise ValueError(f"must be a positive length, got {text!r}")
    if points > MAX_LENGTH_INCHES * POINTS_PER_INCH:
        raise ValueError(f"must be at most {MAX_LENGTH_INCHES:g}in (609.6mm), got {_short(text)}")
    return points


def _short(text: str) -> str:
    return repr(text) if len(text) <= 40 else repr(text[:30] + "...")


def _length(value: object) -> object:
    length_points(value)
    return value


Length = Annotated[str, BeforeValidator(_length)]
if TYPE_CHECKING:
    Section = SectionSpec[Any]
else:
    Section = Annotated[Union[registry.section_models()], Field(discriminator="kind")]
"""A section of any kind: the kinds' section models, told apart by their `kind`."""


class PageSpec(Spec):
    """Trim size, bleed and margins; lengths are text with units ('0.5in', '12mm', '1cm', '36pt')."""

    size: TrimSize | None = Field(
        "8.5x11", description="a trim size by name; or give width and height instead"
    )
    width: Length | None = Field(None, description="custom trim width, like '6in' or '152.4mm'")
    height: Length | None = Field(None, description="custom trim height, like '9in' or '228.6mm'")
    bleed: bool = Field(False, description="art runs 0.125in past the trim edge")
    inside: Length | None = Field(
        None, description="gutter margin; default by page count (24-150: 0.375in ... 701-828: 0.875in)"
    )
    outside: Length = Field("0.5in", description="outer margin: at least 0.25in, 0.375in with bleed")
    top: Length = Field("0.5in", description="top margin: at least 0.25in, 0.375in with bleed")
    bottom: Length = Field("0.5in", description="bottom margin: at least 0.25in, 0.375in with bleed")

    @model_validator(mode="before")
    @classmethod
    def _custom_size(cls, data: Any) -> Any:
        """Width and height replace the default size; giving them with a size is ambiguous."""
        if not isinstance(data, dict) or ("width" not in data and "height" not in data):
            return data
        if "width" not in data or "height" not in data:
            missing = "height" if "width" in data else "width"
            raise FieldError("a custom trim size needs both width and height", (missing,))
        if data.get("size") is not None:
            raise FieldError("give either size or width and height, not both", ("size",))
        return {**data, "size": None}

    @model_validator(mode="after")
    def _check(self) -> PageSpec:
        if self.size is None and self.width is None:
            raise FieldError("give a trim size name or width and height", ("size",))
        for side, points in zip(("width", "height"), self.trim_points()):
            if points < MIN_TRIM_INCHES * POINTS_PER_INCH:
                where = ("size",) if self.size else (side,)
                raise FieldError(f"the trim {side} must be at least {MIN_TRIM_INCHES:g}in", where)
        least = MIN_OUTSIDE_BLEED if self.bleed else MIN_OUTSIDE
        for margin in ("outside", "top", "bottom"):
            if length_points(getattr(self, margin)) < least * POINTS_PER_INCH - 1e-9:
                rule = "with bleed" if self.bleed else "without bleed"
                message = f"must be at least {least:g}in {rule}, got {getattr(self, margin)!r}"
                raise FieldError(message, (margin,))
        width, height = self.trim_points()
        inside = length_points(self.inside) if self.inside else WIDEST_GUTTER * POINTS_PER_INCH
        spare = MIN_CONTENT_INCHES * POINTS_PER_INCH
        if width - inside - length_points(self.outside) < spare:
            message = f"inside and outside margins leave less than {MIN_CONTENT_INCHES:g}in of the width"
            raise FieldError(message, ("outside",))
        if height - length_points(self.top) - length_points(self.bottom) < spare:
            message = f"top and bottom margins leave less than {MIN_CONTENT_INCHES:g}in of the height"
            raise FieldError(message, ("bottom",))
        return self

    def trim_points(self) -> tuple[float, float]:
        """The trim (finished page) size in points, bleed excluded."""
        if self.size is not None:
            width, height = TRIM_SIZES[self.size]
            return width * POINTS_PER_INCH, height * POINTS_PER_INCH
        assert self.width is not None and self.height is not None  # _custom_size and _check see to it
        return length_points(self.width), length_points(self.height)

    def gutter_points(self, page_count: int) -> float:
        """The inside margin: as given, else the print-on-demand rule for a book of `page_count` pages."""
        if self.inside is not None:
            return length_points(self.inside)
        inches = next((gutter for pages, gutter in GUTTER_RULE if page_count <= pages), WIDEST_GUTTER)
        return inches * POINTS_PER_INCH


class AnswersSpec(Spec):
    """The answer pages."""

    per_page: Literal[1, 2, 4, 6, 9, 12] = Field(6, description="solutions per answer page")
    where: Literal["back", "section"] = Field("back", description="all at the back, or after each section")


class ParallelSpec(Spec):
    """How puzzles are generated in parallel (joblib, or a Dask cluster); the result never depends on it."""

    n_jobs: int | None = Field(None, ge=1, le=MAX_JOBS,
                               description="worker count; empty: all cores (dask: local workers)")
    backend: Literal["loky", "threading", "sequential", "dask"] = Field(
        "loky", description="joblib's loky or threading pool, one process, or a Dask cluster (optional extra)"
    )
    scheduler: str | None = Field(
        None, max_length=MAX_TEXT,
        description="dask only: a running scheduler, like 'tcp://10.0.0.5:8786'; empty: a local cluster",
    )

    @field_validator("scheduler")
    @classmethod
    def _address(cls, value: str | None) -> str | None:
        if value is not None and not _SCHEDULER.fullmatch(value):
            raise ValueError(f"must be a scheduler address like 'tcp://HOST:8786', got {value!r}")
        return value

    @model_validator(mode="after")
    def _scheduler_needs_dask(self) -> ParallelSpec:
        if self.scheduler is not None and self.backend != "dask":
            raise FieldError("a scheduler is only used with backend: dask", ("scheduler",))
        return self


_COLOUR = re.compile(r"#[0-9a-fA-F]{6}")
MAX_PARAGRAPH = 1200
"""Characters of one paragraph of a cover's back text: a back cover holds a few hundred words."""


def _colour(value: object) -> object:
    if not isinstance(value, str) or not _COLOUR.fullmatch(value):
        raise ValueError(f"must be a colour written '#RRGGBB' (like '#1d3557'), got {value!r}")
    return value


Colour = Annotated[str, BeforeValidator(_colour)]


class CoverColors(Spec):
    """The cover's colours, each '#RRGGBB'."""

    background: Colour = Field("#1d3557", description="the wrap's ground, edge to edge")
    text: Colour = Field("#ffffff", description="title, author, spine and back text")
    accent: Colour = Field("#f4a259", description="the subtitle and the rules")
    card: Colour = Field("#fbf7ef", description="the panels the puzzles are drawn on")


class CoverSpec(Spec):
    """The paperback's full-wrap cover (cover.pdf) and the listing of what to type into the print service."""

    paper: Literal["white", "cream", "color"] = Field(
        "white", description="the interior's paper; it sets the spine's width (white 0.002252in a page)"
    )
    colors: CoverColors = Field(default_factory=CoverColors, description="the cover's colours")
    back_text: list[Annotated[str, Field(min_length=1, max_length=MAX_PARAGRAPH)]] = Field(
        default_factory=list, max_length=6, description="paragraphs for the back cover (one or a list)",
        json_schema_extra={"one_or_list": True},
    )

    @field_validator("back_text", mode="before")
    @classmethod
    def _one_or_list(cls, value: Any) -> Any:
        return [value] if isinstance(value, str) else value


MAX_PARAGRAPHS = 20
MAX_INTRO_PARAGRAPH = 2000


def _isbn(value: object) -> object:
    """An ISBN-10 or ISBN-13 as printed (hyphens or spaces allowed), its check digit verified; an
    unquoted ISBN-13 (a YAML number) is taken as its digits."""
    if isinstance(value, int) and not isinstance(value, bool):
        value = str(value)
    if not isinstance(value, str):
        return value
    digits = re.sub(r"[\s-]", "", value).upper()
    valid = False
    if re.fullmatch(r"\d{13}", digits):
        valid = sum(int(d) * (3 if i % 2 else 1) for i, d in enumerate(digits)) % 10 == 0
    elif re.fullmatch(r"\d{9}[\dX]", digits):
        valid = sum((10 - i) * (10 if d == "X" else int(d)) for i, d in enumerate(digits)) % 11 == 0
    if not valid:
        raise ValueError(
            f"must be an ISBN-13 or ISBN-10 with its check digit right, like '978-0-306-40615-7'; got {value!r}"
        )
    return value


class CopyrightSpec(Spec):
    """Who holds the copyright, and since when (printed on the back of the title page)."""

    holder: str | None = Field(None, min_length=1, max_length=MAX_TITLE, description="default: the author")
    year: int | None = Field(None, ge=1000, le=9999, description="the year of first publication, like 2026")


class FontsSpec(Spec):
    """The book's own fonts: TrueType or OpenType files, relative to the config file. Any not given
    keeps the shipped DejaVu Sans; a bold face not given is the regular one."""

    text: str | None = Field(None, min_length=1, max_length=MAX_TEXT, description="running text and headings")
    numbers: str | None = Field(None, min_length=1, max_length=MAX_TEXT, description="the numbers in the grids")
    text_bold: str | None = Field(None, min_length=1, max_length=MAX_TEXT, description="titles and headings")
    numbers_bold: str | None = Field(None, min_length=1, max_length=MAX_TEXT,
                                     description="the printed (given) numbers")

    @field_validator("text", "numbers", "text_bold", "numbers_bold")
    @classmethod
    def _a_font(cls, value: str | None, info: ValidationInfo) -> str | None:
        if value is None:
            return value
        base = (info.context or {}).get("base")
        problem = font_problem(Path(base or ".") / value)
        if problem:
            raise ValueError(problem)
        return value

    def files(self, base: Path) -> dict[str, Path]:
        """Each role's font file, found from the config's folder: text, bold, number, given."""
        text = base / self.text if self.text else None
        numbers = base / self.numbers if self.numbers else None
        roles = {
            "text": text,
            "bold": base / self.text_bold if self.text_bold else text,
            "number": numbers,
            "given": base / self.numbers_bold if self.numbers_bold else numbers,
        }
        return {role: path for role, path in roles.items() if path is not None}

    def shown(self) -> dict[str, str]:
        """Each role's file as the config wrote it, for messages."""
        return {role: str(path) for role, path in self.files(Path()).items()}


MAX_VOLUMES = 100
MAX_EXCLUDES = 100


class SeriesSpec(Spec):
    """A numbered series of volumes made from one config, no puzzle repeated in any of them."""

    volumes: int = Field(ge=1, le=MAX_VOLUMES, description="how many volumes (each a whole book)")
    title: str | None = Field(
        None, min_length=1, max_length=MAX_TITLE,
        description="each volume's title, with {title} and {number}; default like '{title}, Volume {number}'",
    )
    first: int = Field(1, ge=1, le=9999, description="the number of the first volume (to go on with a series)")

    @field_validator("title")
    @classmethod
    def _names_the_volume(cls, value: str | None) -> str | None:
        """Only {title} and {number}, plain (no format spec, no conversion), and {number} at least."""
        if value is None:
            return value
        try:
            fields = [(name, spec, conversion) for _, name, spec, conversion in string.Formatter().parse(value)
                      if name is not None]
        except ValueError:
            fields = [("", "", None)]
        if any(name not in ("title", "number") or spec or conversion for name, spec, conversion in fields):
            raise ValueError(f"may hold only {{title}} and {{number}} in braces (write {{{{ for a brace), got {value!r}")
        if "number" not in [name for name, _, _ in fields]:
            raise ValueError(f"must hold {{number}} (where the volume's number goes), got {value!r}")
        return value


class BookSpec(Spec):
    """A whole book: front matter, page geometry, sections of puzzles, answers."""

    title: str = Field(min_length=1, max_length=MAX_TITLE, description="printed on the title page")
    subtitle: str = Field("", max_length=MAX_TEXT, description="printed under the title")
    author: str = Field("", max_length=MAX_TITLE, description="printed on the title page")
    seed: int = Field(1, ge=0, le=MAX_SEED, description="the same config and seed always give the same book")
    page: PageSpec = Field(default_factory=PageSpec, description="trim size, bleed and margins")
    sections: list[Section] = Field(min_length=1, description="the puzzle sections, in book order")
    answers: AnswersSpec = Field(default_factory=AnswersSpec, description="the answer pages")
    contents: bool = Field(True, description="print a table of contents")
    large_print: bool = Field(False, description="bigger numbers and cells")
    parallel: ParallelSpec = Field(default_factory=ParallelSpec, description="parallel generation")
    cover: CoverSpec = Field(default_factory=CoverSpec, description="the full-wrap cover")
    fonts: FontsSpec = Field(default_factory=FontsSpec, description="your own font files (default DejaVu Sans)")
    language: str = Field("en", description="the language every printed word is in: en, es, de, fr or it")
    copyright: CopyrightSpec = Field(
        default_factory=CopyrightSpec, description="holder and year (or just the holder's name)"
    )
    isbn: Annotated[str, BeforeValidator(_isbn)] | None = Field(
        None, description="printed on the copyright page, like '978-0-306-40615-7'"
    )
    edition: str | None = Field(None, min_length=1, max_length=MAX_TEXT, description="like 'First edition, 2026'")
    introduction: list[Annotated[str, Field(min_length=1, max_length=MAX_INTRO_PARAGRAPH)]] = Field(
        default_factory=list, max_length=MAX_PARAGRAPHS,
        description="paragraphs printed before the how-to-play pages (one or a list)",
        json_schema_extra={"one_or_list": True},
    )
    series: SeriesSpec | None = Field(
        None, description="make a numbered series of volumes (output/NAME/volume-K/), none repeating a puzzle"
    )
    exclude: list[Annotated[str, Field(min_length=1, max_length=MAX_TEXT)]] = Field(
        default_factory=list, max_length=MAX_EXCLUDES,
        description="earlier books or series folders (or their puzzles.jsonl) whose puzzles must not come back",
        json_schema_extra={"one_or_list": True},
    )

    @field_validator("language")
    @classmethod
    def _known_language(cls, value: str) -> str:
        available = languages()
        if value not in available:
            raise ValueError(
                f"must be one of {', '.join(available)} (a catalog in pipeline/locale/; docs/translating.md "
                f"says how to add one), got {value!r}"
            )
        return value

    @field_validator("copyright", mode="before")
    @classmethod
    def _holder_only(cls, value: Any) -> Any:
        return {"holder": value} if isinstance(value, str) else value

    @field_validator("introduction", mode="before")
    @classmethod
    def _one_paragraph(cls, value: Any) -> Any:
        return [value] if isinstance(value, str) else value

    @field_validator("exclude", mode="before")
    @classmethod
    def _one_path(cls, value: Any) -> Any:
        return [value] if isinstance(value, str) else value

    def reseeded(self, seed: int) -> BookSpec:
        """The book with another seed, its sections told again (a kind may plan a section by it)."""
        sections = [section.for_book(self.language, seed) for section in self.sections]
        return self.model_copy(update={"seed": seed, "sections": sections})

    def volume(self, number: int, seed: int, title: str) -> BookSpec:
        """Volume `number` of this book's series: its own seed (its puzzles' seeds follow from it) and
        title; its sections carry on from the volumes before it under the series' seed (a kind that
        plans a whole section, like a list of words to deal out, deals the series as one long book)."""
        assert self.series is not None
        before = number - self.series.first
        sections = [section.for_book(self.language, self.seed, before * section.count) for section in self.sections]
        return self.model_copy(update={"seed": seed, "title": title, "sections": sections})

    @model_validator(mode="after")
    def _sections_in_the_book(self) -> BookSpec:
        """Each section told what it takes from the book (Params.in_book), its problems named at its place."""
        sections = []
        for i, section in enumerate(self.sections):
            try:
                sections.append(section.for_book(self.language, self.seed))
            except FieldError as err:
                raise FieldError(str(err), ("sections", i, *err.path)) from None
        self.__dict__["sections"] = sections  # a frozen model: set once, while it is being validated
        return self

    @model_validator(mode="after")
    def _unique_names(self) -> BookSpec:
        seen: dict[str, int] = {}
        for i, section in enumerate(self.sections):
            if section.name in seen:
                message = f"section name {section.name!r} is already used by sections[{seen[section.name]}]"
                raise FieldError(f"{message}; names must be unique", ("sections", i, "name"))
            seen[section.name] = i
        return self
