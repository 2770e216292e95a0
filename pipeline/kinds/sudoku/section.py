"""A Sudoku section of a book: its grid size (by box) and the symmetry its givens keep.

Validation only: it makes no puzzle.
"""

from __future__ import annotations

from typing import ClassVar, Literal

from pydantic import Field

from pipeline.kinds.section import SectionSpec
from pipeline.kinds.sudoku.generate import SYMMETRIES
from pipeline.kinds.sudoku.grade import LEVELS
from pipeline.kinds.sudoku.grid import BOXES


class SudokuSection(SectionSpec[Literal[LEVELS]]):  # type: ignore[valid-type]
    """Every puzzle of the section has the same box size and symmetry."""

    misplaced_hint: ClassVar[str] = "a sudoku section's grid is set by 'box' (2 to 5; default 3, a 9x9 grid)"

    kind: Literal["sudoku"] = Field(description="sudoku: each row, column and box holds every symbol once")
    box: int = Field(3, ge=BOXES[0], le=BOXES[-1], description="box size k for a k*k by k*k grid (default 3: 9x9)")
    symmetry: Literal[SYMMETRIES] = Field(  # type: ignore[valid-type]
        "rotate180", description="the pattern the givens keep (default rotate180)"
    )
