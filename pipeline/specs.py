"""What every record of a book's config shares: a strict, frozen pydantic base, and the error a
validator raises to point below its own field.

The book's models (bookspec.py) and each kind's parameter model (kinds/*/params.py) build on it,
so a config reads the same way whatever kind a section holds. It never reads files.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict


class Spec(BaseModel):
    """Unknown keys are errors, values keep their YAML types (no '3' for 3), and a loaded spec never changes."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


class FieldError(ValueError):
    """A ValueError that points below the field that raised it (`path`, e.g. ("shapes", 1)).

    Pydantic keeps the exception in the error's context, so the loader can name the exact YAML line.
    """

    def __init__(self, message: str, path: tuple[str | int, ...]) -> None:
        super().__init__(message)
        self.path = path
