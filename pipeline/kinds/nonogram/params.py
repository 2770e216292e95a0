"""A nonogram section's parameters, declared once: its pictures (or none, for random ones), the
board's size and how a picture that is not unique is changed. Validation only: it makes no puzzle.

Each picture is read and graded when the config loads, at every level the section asks for, so a
picture that cannot be that level is named there (with the level it makes), not halfway through a
build.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any, ClassVar, Literal

from pydantic import Field, PrivateAttr, ValidationInfo, field_validator

from pipeline.errors import PuzzleBookError
from pipeline.kinds.nonogram.generate import NonogramJob, article, picture_level
from pipeline.kinds.nonogram.pictures import library_names, picture_source, scaled
from pipeline.kinds.nonogram.puzzle import MAX_SIDE, MIN_SIDE, Picture
from pipeline.kinds.params import Params
from pipeline.kinds.section import one_or_list
from pipeline.specs import FieldError

RANDOM_SIDE = 15
"""A random picture's side when the section gives no size."""
RANDOM_LEAST = {"easy": 5, "medium": 20, "hard": 12, "expert": 25}
"""The smallest side a random picture of each level comes of reliably (a small doodle is a blob a
solver reads off at once; detail enough for chains and contradictions needs room)."""


class NonogramParams(Params):
    """Puzzle i (from 1) takes pictures[(i-1) % n], or a random picture when there are none."""

    kinds: ClassVar[dict[str, str]] = {
        "nonogram": "fill the cells so that each row's and column's runs of filled cells are its numbers; "
                    "a picture appears",
    }
    misplaced_hint: ClassVar[str] = "a nonogram's pictures come from 'pictures' (or none, for random ones)"

    pictures: list[str] | None = Field(
        None, min_length=1,
        description="library pictures (" + ", ".join(library_names()[:6]) + ", ...: docs/nonograms.md lists "
                    "them), mask_NAME for a mask, or picture files beside the config (.txt, .png, .gif, .bmp, "
                    ".jpg); none: random pictures",
        json_schema_extra={"one_or_list": True},
    )
    size: int | None = Field(None, ge=MIN_SIDE, le=MAX_SIDE,
                             description="the board's columns and rows (default: a picture's own size, 15 for "
                                         "random ones)")
    width: int | None = Field(None, ge=MIN_SIDE, le=MAX_SIDE, description="the board's columns (instead of size)")
    height: int | None = Field(None, ge=MIN_SIDE, le=MAX_SIDE, description="the board's rows (instead of size)")
    changes: Literal["hints", "flips"] = Field(
        "hints", description="how a picture that logic alone does not solve is changed: cells printed as hints, "
                             "or single pixels of its outline flipped (then hints if still needed)")
    _base: Path = PrivateAttr(default_factory=lambda: Path("."))

    @field_validator("pictures", mode="before")
    @classmethod
    def _one_or_list(cls, value: Any) -> Any:
        return one_or_list(value)

    @field_validator("pictures")
    @classmethod
    def _readable(cls, value: list[str] | None, info: ValidationInfo) -> list[str] | None:
        """Library names stay names; a file becomes its path beside the config, checked readable now."""
        if value is None:
            return value
        base = Path((info.context or {}).get("base", Path(".")))
        out = []
        for i, name in enumerate(value):
            try:
                picture_source(name, base)
            except PuzzleBookError as err:
                raise FieldError(str(err), (i,)) from None
            is_file = Path(name).suffix != "" and not Path(name).is_absolute()
            out.append(str(base / name) if is_file else name)
        return out

    def board(self, picture: Picture | None) -> tuple[int, int]:
        """(columns, rows) a picture (or a random one, None) is made at."""
        if self.size is not None:
            return self.size, self.size
        if picture is None:
            return self.width or self.height or RANDOM_SIDE, self.height or self.width or RANDOM_SIDE
        own_w, own_h = len(picture[0]), len(picture)
        if self.width or self.height:
            return self.width or min(MAX_SIDE, max(MIN_SIDE, own_w)), self.height or min(MAX_SIDE, max(MIN_SIDE, own_h))
        shrink = max(own_w / MAX_SIDE, own_h / MAX_SIDE, 1.0)
        return (min(MAX_SIDE, max(MIN_SIDE, round(own_w / shrink))),
                min(MAX_SIDE, max(MIN_SIDE, round(own_h / shrink))))

    def job(self, index: int) -> NonogramJob:
        """Puzzle `index`'s job (from 1): its picture at the board's size, or a random picture's board."""
        if not self.pictures:
            width, height = self.board(None)
            return NonogramJob(picture=None, image=None, width=width, height=height, changes=self.changes)
        name = self.pictures[(index - 1) % len(self.pictures)]
        picture = picture_source(name)
        width, height = self.board(picture)
        shown = Path(name).name if Path(name).suffix else name
        return NonogramJob(picture=shown, image=list(scaled(picture, width, height)), width=width, height=height,
                           changes=self.changes)

    def check_for(self, kind: str, levels: Sequence[str]) -> None:
        """Every picture at every level asked: the level it makes with that level's techniques must be
        the level (a picture cannot be made harder); a random board must be large enough for its level."""
        if self.size is not None and (self.width is not None or self.height is not None):
            raise FieldError("give size, or width and height, not both", ("size",))
        if not self.pictures:
            width, height = self.board(None)
            for level in levels:
                if min(width, height) < RANDOM_LEAST[level]:
                    raise FieldError(f"random {level} nonograms need at least {RANDOM_LEAST[level]} cells each way; "
                                     f"this board is {width} x {height}", ("size",))
            return
        for i in range(len(self.pictures)):
            job = self.job(i + 1)
            assert job["image"] is not None
            for level in levels:
                made = picture_level(tuple(job["image"]), level, self.changes)[1]["level"]
                if made != level:
                    raise FieldError(f"the picture {job['picture']!r} at {job['width']} x {job['height']} makes "
                                     f"{article(str(made))} nonogram, not {level}: choose another picture, size or level",
                                     ("pictures", i))
