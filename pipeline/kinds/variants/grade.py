"""Grade a Sudoku variant as a person solves it: the Sudoku explainer's way (always the easiest
technique that helps), with the techniques that hold on the variant, rated on Sudoku's scale.

Jigsaw and Sudoku X use the classic techniques, which read their regions and diagonals, less the
uniqueness patterns (their swaps assume plain boxes). Killer adds the cage techniques (killer.py) and
weighs singles lighter. The levels are Sudoku's bands; a variant is made up to expert, and a puzzle
that only chains (7.0 and up) or search finish is extreme or unreasonable.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import TypedDict

from pipeline.errors import PuzzleBookError
from pipeline.kinds.result import require_unique
from pipeline.kinds.sudoku.explainer import Explained, explain_on, techniques_for
from pipeline.kinds.sudoku.grade import BANDS, BY_NAME_ONLY, LEVELS, UNREASONABLE_RATING, level_of
from pipeline.kinds.sudoku.marks import Broken, Geometry, Marks, Step, geometry_of
from pipeline.kinds.sudoku.techniques import NAMES as CLASSIC_NAMES
from pipeline.kinds.variants.killer import KILLER_TECHNIQUES, RERATED
from pipeline.kinds.variants.killer import NAMES as CAGE_NAMES
from pipeline.kinds.variants.puzzle import Variant
from pipeline.kinds.variants.search import default_node_limit, solve

__all__ = ["BANDS", "BY_NAME_ONLY", "LEVELS", "MADE", "NAMES", "VariantGrade", "explained", "grade", "level_of"]

MADE: tuple[str, ...] = ("easy", "medium", "hard", "expert")
"""The levels a variant is made at: up to expert, never one that needs a chain or a guess."""
NAMES: dict[str, str] = {**CLASSIC_NAMES, **CAGE_NAMES}
"""How each technique is printed."""


class VariantGrade(TypedDict):
    """A variant's difficulty record, as `grade` makes it and records keep it (in this order)."""

    level: str
    rating: float
    techniques: dict[str, int]
    """Steps per technique used, lightest first."""
    steps: int
    givens: int
    hardest: str | None
    """The technique of the hardest step; None when reasoning alone does not finish the grid."""


def techniques(puzzle: Variant, geo: Geometry) -> tuple[Callable[[Marks], Step | None], ...]:
    """The techniques that hold on the puzzle's rules, lightest first."""
    return KILLER_TECHNIQUES if puzzle.rule == "killer" else techniques_for(geo)


def explained(puzzle: Variant, cells: tuple[int, ...] | list[int] | None = None,
              using: tuple[Callable[[Marks], Step | None], ...] | None = None) -> Explained:
    """A person's solve of the puzzle (or of other givens `cells` under its rules), with all the
    techniques that hold on it or only `using`. Raises Broken when the givens contradict each other."""
    geo = geometry_of(puzzle.houses())
    return explain_on(geo, puzzle.cells if cells is None else cells, using or techniques(puzzle, geo))


def grade(puzzle: Variant, *, hint: tuple[int, ...] | None = None, up_to: str | None = None) -> VariantGrade:
    """The difficulty record of a variant with exactly one solution: level, rating, the techniques
    used (how many steps each), the hardest one, the step count and the givens.

    Reasoning that fills the grid is itself a proof of uniqueness (every technique here is sound and
    none assumes it); otherwise the search proves it. PuzzleBookError for a puzzle with no or many
    solutions: it has no honest grade.

    `up_to` (a generator's question, "is it this level?") leaves out the techniques heavier than that
    level's band: a puzzle they finish gets the grade all of them would give (the solve takes the same
    steps, since a lighter technique always helped first); one they cannot finish is graded
    "beyond" that level, without the chains that would say how far.
    """
    geo = geometry_of(puzzle.houses())
    using = techniques(puzzle, geo)
    if up_to is not None:
        top = BANDS[up_to][1]
        using = tuple(t for t in using if WEIGHTS[t.__name__] <= top)
    try:
        solve_by_hand: Explained | None = explain_on(geo, puzzle.cells, using)
    except Broken:
        solve_by_hand = None
    if solve_by_hand is None or not solve_by_hand.solved:
        budget = default_node_limit(len(puzzle.cells))
        require_unique(solve(puzzle.houses(), puzzle.cells, 2, hint=hint, node_limit=budget).status, budget,
                       f"a {puzzle.rule} puzzle")
    if solve_by_hand is None:
        raise PuzzleBookError("reasoning reached a contradiction on a puzzle the solver finds unique; please report it")
    steps = solve_by_hand.steps
    if solve_by_hand.solved:
        rating, level = solve_by_hand.rating, level_of(solve_by_hand.rating)
    elif up_to is not None:
        rating, level = UNREASONABLE_RATING, BEYOND
    else:
        rating, level = UNREASONABLE_RATING, level_of(UNREASONABLE_RATING)
    hardest = max(steps, key=lambda step: step.rating).technique if steps and solve_by_hand.solved else None
    return {
        "level": level,
        "rating": rating,
        "techniques": counts(steps),
        "steps": len(steps),
        "givens": puzzle.givens,
        "hardest": hardest,
    }


BEYOND = "beyond"
"""The level `grade(up_to=...)` gives a puzzle the techniques up to that level cannot finish."""
WEIGHTS: dict[str, float] = {
    "full_house": 1.0, "hidden_single_box": 1.2, "hidden_single_line": 1.5, "direct_pointing": 1.7,
    "direct_claiming": 1.9, "direct_hidden_pair": 2.0, "naked_single": 2.3, "direct_hidden_triple": 2.5,
    "pointing": 2.6, "claiming": 2.8, "naked_pair": 3.0, "x_wing": 3.2, "hidden_pair": 3.4, "naked_triple": 3.6,
    "swordfish": 3.8, "hidden_triple": 4.0, "skyscraper": 4.0, "two_string_kite": 4.1, "xy_wing": 4.2,
    "xyz_wing": 4.4, "naked_quad": 5.0, "jellyfish": 5.2, "hidden_quad": 5.4, "w_wing": 6.6, "forcing_chain": 6.6,
    "nishio": 7.5, "cell_forcing_chain": 8.5, "region_forcing_chain": 8.5,
    "one_cell_cage": 1.0, "cage_combination": 1.3, "rule_of_45": 1.7, "cage_pointing": 2.0, "hidden_cage": 2.2,
    "cage_splitting": 2.4, "rule_of_45_union": 3.0,
    "killer_naked_single": RERATED["naked_single"], "killer_hidden_single_line": RERATED["hidden_single_line"],
}
"""The lightest step each technique takes (its weight in techniques.py and killer.py): a level's band
leaves out those heavier than its top."""


def counts(steps: tuple[Step, ...]) -> dict[str, int]:
    """Steps per technique, lightest technique first (by the weight of its lightest step)."""
    used = Counter(step.technique for step in steps)
    weight: dict[str, float] = {}
    for step in steps:
        weight[step.technique] = min(weight.get(step.technique, step.rating), step.rating)
    return {name: used[name] for name in sorted(used, key=lambda name: (weight[name], name))}
