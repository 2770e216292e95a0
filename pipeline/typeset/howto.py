"""What every how-to-play page says whatever the kind: the difficulty scale, then where the answers are.

The kind's own words (rules, tips, worked example, one paragraph per level) come from its Guide;
this module only frames them. Text only: it never searches or draws.
"""

from __future__ import annotations

from pipeline.kinds import registry

SCALE = "Each puzzle is labelled with its level, set by the hardest reasoning it needs:"


def scale_notes(kind_name: str) -> list[str]:
    """The difficulty scale of a kind, one paragraph per level, easiest first."""
    notes = registry.kind(kind_name).guide.level_notes
    return [f"{level.capitalize()}: {text}" for level, text in notes.items()]


def closing_note(answers_where: str) -> str:
    """Where the reader finds the answers, and how to read them."""
    place = "at the end of each section" if answers_where == "section" else "at the back of the book"
    return (
        f"Every puzzle has exactly one solution, proved by computer. The answers are {place}: "
        "the printed numbers are bold on grey, the numbers you fill in are in lighter type."
    )


def howto_notes(kind_name: str, answers_where: str) -> list[str]:
    """What every how-to page ends with, whatever the space: the difficulty scale and where the answers are."""
    return [SCALE, *scale_notes(kind_name), closing_note(answers_where)]
