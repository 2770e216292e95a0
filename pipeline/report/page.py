"""report.html: a built book's review in one self-contained file (charts, the table of every puzzle
with its thumbnail) that opens with no server and no network, for an editor to send to a colleague.

Thumbnails are drawn by the book's drawing code (as SVG); the figures are rows.figures, whose
numbers are the manifest's. A Content-Security-Policy forbids every fetch, so the file cannot
reach the network even if asked.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from importlib import resources
from typing import Any

from jinja2 import Environment, FileSystemLoader, select_autoescape
from markupsafe import Markup

from pipeline import __version__
from pipeline.bookspec import BookSpec
from pipeline.i18n import words_for
from pipeline.kinds import registry
from pipeline.report.charts import difficulty_charts
from pipeline.report.thumbnails import Thumbnails
from pipeline.report.rows import by_section, figures, review_rows
from pipeline.drawing.faces import DEFAULT_FONTS, Fonts
from pipeline.typeset.howto import level_name
from pipeline.kinds.record import PuzzleRecord

REPORT = "report.html"

_ENV = Environment(
    loader=FileSystemLoader(str(resources.files("pipeline.report").joinpath("templates"))),
    autoescape=select_autoescape(["html"]),
    keep_trailing_newline=True,
)


def level_names(book: BookSpec) -> dict[str, str]:
    """Every level of the book's kinds as the book prints it (in its language)."""
    words = words_for(book.language)
    names: dict[str, str] = {}
    for section in book.sections:
        for level in registry.kind(section.kind).levels:
            names.setdefault(level, level_name(section.kind, level, words))
    return names


def report_html(book: BookSpec, records: list[PuzzleRecord], manifest: dict[str, Any], *, fonts: Fonts = DEFAULT_FONTS,
                thumbs: Sequence[str] | None = None) -> str:
    """The report of a book built from `records` (book order), whose manifest is `manifest`; `thumbs`,
    when given, are their thumbnails already drawn (Thumbnails, in a build's workers)."""
    rows = review_rows(book, records, fonts=fonts)
    names = level_names(book)
    whole = figures(rows)
    sections = [
        {"name": name, "kind": registry.kind(group[0]["kind"]).title, "figures": figures(group),
         "charts": [Markup(chart) for chart in difficulty_charts(figures(group), names)]}
        for name, group in by_section(rows)
    ]
    drawn = thumbs if thumbs is not None else Thumbnails.of(book, fonts)(records)
    pictures = [Markup(svg) for svg in drawn]
    data = {"book": manifest["book"], "puzzles": manifest["puzzles"], "pages": manifest["pages"],
            "figures": {"book": whole, "sections": {s["name"]: s["figures"] for s in sections}},
            "rows": rows}
    return _ENV.get_template(REPORT).render(
        book=book, manifest=manifest, version=__version__, rows=rows, thumbs=pictures, names=names,
        whole=whole, charts=[Markup(chart) for chart in difficulty_charts(whole, names)], sections=sections,
        techniques=sorted({(row["hardest_rank"], row["hardest_name"]) for row in rows if row["hardest_name"]}),
        data=Markup(json.dumps(data, ensure_ascii=True, sort_keys=True).replace("</", "<\\/")),
    )
