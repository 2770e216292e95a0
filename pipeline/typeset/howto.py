"""What every how-to-play page says whatever the kind: the difficulty scale, then where the answers are.

The kind's own words (rules, tips, worked example, one paragraph per level) come from its Guide;
this module only frames them, in the book's language. Text only: it never searches or draws.
"""

from __future__ import annotations

from pipeline.i18n import N_, Words
from pipeline.kinds import registry

SCALE = N_("Each puzzle is labelled with its level, set by the hardest reasoning it needs:")
LEVEL_NOTE = N_("{level}: {note}")
ANSWERS_IN_SECTIONS = N_(
    "Every puzzle has exactly one solution, proved by computer. The answers are at the end of each "
    "section: the printed numbers are bold on grey, the numbers you fill in are in lighter type."
)
ANSWERS_AT_BACK = N_(
    "Every puzzle has exactly one solution, proved by computer. The answers are at the back of the "
    "book: the printed numbers are bold on grey, the numbers you fill in are in lighter type."
)


def level_name(kind_name: str, level: str, words: Words) -> str:
    """A level's name as the book prints it, e.g. 'Hard' or 'Difícil'."""
    names = registry.kind(kind_name).guide.level_names
    return words(names[level]) if level in names else level.capitalize()


def scale_notes(kind_name: str, words: Words) -> list[str]:
    """The difficulty scale of a kind, one paragraph per level, easiest first."""
    notes = registry.kind(kind_name).guide.level_notes
    return [words(LEVEL_NOTE, level=level_name(kind_name, level, words), note=words(text))
            for level, text in notes.items()]


def closing_note(kind_name: str, answers_where: str, words: Words) -> str:
    """Where the reader finds the answers, and how to read them (the kind's own words if it has them)."""
    in_sections, at_back = registry.kind(kind_name).guide.answers or (ANSWERS_IN_SECTIONS, ANSWERS_AT_BACK)
    return words(in_sections if answers_where == "section" else at_back)


def howto_notes(kind_name: str, answers_where: str, words: Words) -> list[str]:
    """What every how-to page ends with, whatever the space: the difficulty scale and where the answers are."""
    scale = registry.kind(kind_name).guide.scale or SCALE
    return [words(scale), *scale_notes(kind_name, words), closing_note(kind_name, answers_where, words)]
