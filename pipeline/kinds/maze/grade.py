"""How hard a maze is, from what its solver meets (measure.py), never from how it was carved.

The level is read from the corridors: how many cells a walker goes, on average, between two places
where the way forks or ends. It does not grow with the board (a 10x10 and a 100x100 maze of one
texture measure alike; the size is the book's own choice), and it says what a solver feels:
- easy: corridors under CORRIDOR["medium"] cells: the way forks every other step, and nearly every
  wrong turn ends within sight;
- medium: corridors up to CORRIDOR["hard"] cells: wrong turns run a few cells before they end;
- hard: up to CORRIDOR["expert"] cells: fewer choices, but false leads run well into the maze;
- expert: longer still: long winding passages, the route itself among them, and few but deep
  wrong turns, each a long way to walk before it ends.
The route's share of the maze and how deep its side branches run rise with the level too (the
generator's recipes see to it at every size; the bench and the tests check the medians).
"""

from __future__ import annotations

from pipeline.kinds.maze.measure import Measures

LEVELS = ("easy", "medium", "hard", "expert")
CORRIDOR = {"medium": 2.05, "hard": 2.8, "expert": 4.0}
"""The shortest mean corridor (cells per corridor) of each level above easy."""
TECHNIQUES = ("glance", "forks", "false_leads", "long_leads")
"""What a solver meets at each level, easiest first: the grade's `hardest`."""
NAMES = {"glance": "dead ends seen at a glance", "forks": "forks", "false_leads": "false leads",
         "long_leads": "long false leads"}


def level_of(measures: Measures) -> str:
    """The level whose corridor band holds the maze's mean corridor."""
    corridor = round(measures.corridor, 3)
    for level in reversed(LEVELS[1:]):
        if corridor >= CORRIDOR[level]:
            return level
    return LEVELS[0]


def grade_measures(measures: Measures) -> dict[str, object]:
    """The difficulty record (level first): the level, what it means, and every measure."""
    level = level_of(measures)
    hardest = TECHNIQUES[LEVELS.index(level)]
    return {
        "level": level,
        "hardest": hardest,
        "techniques": {"forks": measures.decisions, "false_leads": measures.false_leads},
        "steps": measures.route,
        **measures.to_json(),
    }
