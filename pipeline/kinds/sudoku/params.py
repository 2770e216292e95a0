"""A Sudoku's parameters: its grid size (by box), the symmetry its givens keep, and the Sudoku
Explainer ratings its puzzles may have. Declared once: a book's section and `generate` read it.

Validation only: it makes no puzzle.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from pydantic import Field

from pipeline.kinds.params import Params
from pipeline.kinds.sudoku.generate import Symmetry, level_problem
from pipeline.kinds.sudoku.grade import BANDS, BY_NAME_ONLY
from pipeline.kinds.sudoku.grid import BOXES
from pipeline.specs import FieldError, Spec


class SudokuParams(Params):
    """Every puzzle of the section has the same box size and symmetry."""

    kinds: ClassVar[dict[str, str]] = {"sudoku": "each row, column and box holds every symbol once"}
    misplaced_hint: ClassVar[str] = "a sudoku section's grid is set by 'box' (2 to 5; default 3, a 9x9 grid)"
    by_name_only: ClassVar[tuple[str, ...]] = BY_NAME_ONLY

    box: int = Field(3, ge=BOXES[0], le=BOXES[-1], description="box size k for a k*k by k*k grid (default 3: 9x9)")
    symmetry: Symmetry = Field(
        "rotate180", description="the pattern the givens keep (default rotate180)"
    )
    min_rating: float | None = Field(
        None, ge=BANDS["easy"][0], le=BANDS["unreasonable"][1],
        description="the lowest Sudoku Explainer rating a puzzle may have (within its level's band)",
    )
    max_rating: float | None = Field(
        None, ge=BANDS["easy"][0], le=BANDS["unreasonable"][1],
        description="the highest Sudoku Explainer rating a puzzle may have (within its level's band)",
    )

    def check_for(self, kind: str, levels: Sequence[str]) -> None:
        """Every level asked for can be made at the box size with a rating in the bounds."""
        if self.min_rating is not None and self.max_rating is not None and self.min_rating > self.max_rating:
            raise FieldError(f"min_rating {self.min_rating} is above max_rating {self.max_rating}", ("min_rating",))
        for level in levels:
            problem = level_problem(self.box, level, self.min_rating, self.max_rating)
            if problem:
                raise FieldError(problem.message, (problem.field,))


class SudokuTextForm(Spec):
    """How `generate` writes a Sudoku: as a framed grid, or on one line."""

    one_line: bool = Field(False, description="write each grid on one line (81 symbols for 9x9)")
