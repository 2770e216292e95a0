"""A Sudoku variant's parameters: its side, the symmetry its givens keep, and whether a Jigsaw's
regions are shaded. Declared once: a book's section and `generate` read it.

Validation only: it makes no puzzle.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from pydantic import Field

from pipeline.kinds.params import Params
from pipeline.kinds.sudoku.generate import Symmetry
from pipeline.kinds.variants.generate import level_problem
from pipeline.kinds.variants.puzzle import BOX_SHAPES, JIGSAW_SIZES
from pipeline.specs import FieldError


class VariantParams(Params):
    """Every puzzle of the section has the same side and symmetry."""

    kinds: ClassVar[dict[str, str]] = {
        "killer": "each row, column and box holds every digit once; each dashed cage's digits differ and "
                  "add up to its sum",
        "jigsaw": "each row, column and outlined region holds every digit once",
        "sudokux": "each row, column, box and long diagonal holds every digit once",
    }
    misplaced_hint: ClassVar[str] = "a variant's grid is set by 'size' (9 by default)"

    size: int = Field(9, ge=min(*BOX_SHAPES, *JIGSAW_SIZES), le=max(*BOX_SHAPES, *JIGSAW_SIZES),
                      description="the grid's side: 4, 6, 8 or 9 for killer and sudokux, 5 to 9 for jigsaw (default 9)")
    symmetry: Symmetry = Field("rotate180", description="the pattern a jigsaw's or sudokux's givens keep (default "
                                                        "rotate180); a killer has no givens")
    shade: bool = Field(False, description="shade a jigsaw's regions in light greys, no two neighbours alike")

    def check_for(self, kind: str, levels: Sequence[str]) -> None:
        """The side suits the variant, and every level asked for can be made."""
        for level in levels:
            problem = level_problem(kind, self.size, level, self.symmetry)
            if problem:
                raise FieldError(problem.message, (problem.field,))
