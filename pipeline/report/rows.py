"""A built book's puzzles as review rows (plain dicts, one per puzzle, in book order) and the
difficulty figures drawn from them, per section and for the whole book.

Rows come from the records and the page plan only: no puzzle is solved or graded again here.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Any

from pipeline.bookspec import BookSpec
from pipeline.kinds import registry
from pipeline.drawing.faces import DEFAULT_FONTS, Fonts
from pipeline.typeset.placement import placements
from pipeline.kinds.record import PuzzleRecord

COLUMNS = ("number", "section", "page", "level", "rating", "hardest", "givens_ratio", "steps")
"""The review's columns, in the order a person reads them."""


def review_rows(book: BookSpec, records: list[PuzzleRecord], *, fonts: Fonts = DEFAULT_FONTS) -> list[dict[str, Any]]:
    """One row per puzzle: where it prints, its grade, and its section's place in the book."""
    rows = []
    for record, place in zip(records, placements(book, records, fonts=fonts)):
        kind = registry.kind(record.kind)
        grade = record.grade
        hardest = grade.get("hardest")
        rows.append({
            "number": place.number,
            "section": record.section,
            "section_index": record.section_index,
            "index": record.index,
            "kind": record.kind,
            "page": place.puzzle.page,
            "answer_page": place.answer.page,
            "level": record.level,
            "level_rank": kind.levels.index(record.level),
            "rating": grade.get("rating"),
            "hardest": hardest,
            "hardest_name": kind.technique_names.get(hardest, hardest) if hardest else None,
            "hardest_rank": (list(kind.technique_names).index(hardest)
                             if hardest is not None and hardest in kind.technique_names else -1),
            "givens": grade.get("givens"),
            "givens_ratio": grade.get("givens_ratio"),
            "steps": grade.get("steps"),
            "fingerprint": record.fingerprint,
        })
    return rows


def _spread(values: Iterable[float]) -> dict[str, float] | None:
    """Least, middle and greatest, the middle taken as the manifest takes it (the upper one of an
    even count), so the report's numbers are the manifest's."""
    ordered = sorted(values)
    if not ordered:
        return None
    return {"min": ordered[0], "median": ordered[len(ordered) // 2], "max": ordered[-1], "count": len(ordered)}


def figures(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """The difficulty of `rows` (a section or a whole book): level mix, ratings, hardest techniques,
    and givens ratio and steps by level, each in the kinds' own orders."""
    kinds = list(dict.fromkeys(row["kind"] for row in rows))
    levels: list[str] = []
    techniques: list[tuple[str, str]] = []
    for name in kinds:
        kind = registry.kind(name)
        levels += [level for level in kind.levels if level not in levels]
        techniques += [(key, label) for key, label in kind.technique_names.items() if (key, label) not in techniques]
    mix = Counter(row["level"] for row in rows)
    hardest = Counter(row["hardest"] for row in rows if row["hardest"])
    ratings = [row["rating"] for row in rows if row["rating"] is not None]
    return {
        "puzzles": len(rows),
        "levels": {level: mix[level] for level in levels if mix[level]},
        "ratings": ratings,
        "rating_spread": _spread(ratings),
        "hardest": [(label, hardest[key]) for key, label in techniques if hardest[key]],
        "givens_ratio": {level: _spread(row["givens_ratio"] for row in rows
                                        if row["level"] == level and row["givens_ratio"] is not None)
                         for level in levels if mix[level]},
        "steps": {level: _spread(row["steps"] for row in rows if row["level"] == level and row["steps"] is not None)
                  for level in levels if mix[level]},
    }


def by_section(rows: list[dict[str, Any]]) -> list[tuple[str, list[dict[str, Any]]]]:
    """Rows grouped by section, in book order."""
    groups: dict[int, list[dict[str, Any]]] = {}
    for row in rows:
        groups.setdefault(row["section_index"], []).append(row)
    return [(group[0]["section"], group) for _, group in sorted(groups.items())]
