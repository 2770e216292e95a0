"""A Sudoku section of a book: its grid size (by box) and the symmetry its givens keep.

Validation only: it makes no puzzle.
"""

from __future__ import annotations

from typing import ClassVar, Literal

from pydantic import Field, model_validator

from pipeline.kinds.section import SectionSpec
from pipeline.kinds.sudoku.generate import SYMMETRIES, level_problem
from pipeline.kinds.sudoku.grade import BANDS, BY_NAME_ONLY, LEVELS
from pipeline.kinds.sudoku.grid import BOXES
from pipeline.specs import FieldError


class SudokuSection(SectionSpec[Literal[LEVELS]]):  # type: ignore[valid-type]
    """Every puzzle of the section has the same box size and symmetry."""

    misplaced_hint: ClassVar[str] = "a sudoku section's grid is set by 'box' (2 to 5; default 3, a 9x9 grid)"
    by_name_only: ClassVar[tuple[str, ...]] = BY_NAME_ONLY

    kind: Literal["sudoku"] = Field(description="sudoku: each row, column and box holds every symbol once")
    box: int = Field(3, ge=BOXES[0], le=BOXES[-1], description="box size k for a k*k by k*k grid (default 3: 9x9)")
    symmetry: Literal[SYMMETRIES] = Field(  # type: ignore[valid-type]
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

    @model_validator(mode="after")
    def _check_ratings(self) -> SudokuSection:
        """Every level the section makes can be made at its box size with a rating in the bounds."""
        if self.min_rating is not None and self.max_rating is not None and self.min_rating > self.max_rating:
            raise FieldError(f"min_rating {self.min_rating} is above max_rating {self.max_rating}", ("min_rating",))
        for level in dict.fromkeys(self.level_of(i) for i in range(1, self.count + 1)):
            problem = level_problem(self.box, level, self.min_rating, self.max_rating)
            if problem:
                field = "box" if "made up to" in problem else "min_rating" if self.min_rating is not None else "max_rating"
                raise FieldError(problem, (field,))
        return self
