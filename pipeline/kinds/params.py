"""A kind's parameters, declared once: the one typed model everything else is derived from.

A kind's `Params` (a pydantic model built on `Params`) lists what a person states about its puzzles:
a Sudoku's box and symmetry, a Hidato's board shapes, a word search's words. From it come the book
section's config model and JSON Schema (kinds/section.py, so the studio's form and the config
reference), the command line's options (cli/kindoptions.py) and, through the kind, each puzzle's job.
Validation only: it makes no puzzle.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar, Self

from pipeline.errors import PuzzleBookError
from pipeline.specs import Spec
from pipeline.textfile import read_text_file


@dataclass(frozen=True)
class BookPart:
    """What a book's section tells its parameters about their place: the book's language and seed, the
    section's name, how many puzzles it holds and the levels they are made at, and how many it held in
    a series' earlier volumes."""

    language: str
    seed: int
    name: str
    count: int
    levels: tuple[str, ...]
    before: int = 0
    """Puzzles of the section in the series' earlier volumes: a volume carries on where they left off
    (with the series' seed), so a word plan deals the whole series as one long book."""


class Params(Spec):
    """What a person states about a kind's puzzles; a kind's model adds its fields and checks."""

    kinds: ClassVar[dict[str, str]] = {}
    """The names of the kinds these parameters serve (a family shares them), each with its rule in a
    few words: what a config's `kind` may say, and how the config reference explains it."""
    by_name_only: ClassVar[tuple[str, ...]] = ()
    """Levels made only when named (in difficulty, min_level or max_level): a range's default top stops below them."""
    misplaced_hint: ClassVar[str] = ""
    """Said when another kind's option appears in this kind's section, e.g. where its boards come from."""

    def in_book(self, book: BookPart) -> Self:
        """These parameters as a book's section uses them: themselves, unless the kind takes something
        from the book (a word search's letters take its language, its word plan its seed)."""
        return self

    def check_for(self, kind: str, levels: Sequence[str]) -> None:
        """Raise FieldError (naming the field at fault) when these parameters cannot make `kind` puzzles
        at `levels`: what only the kind and the levels asked for tell (a Hidato board that holds no
        path, a Sudoku box too small for a level). Both doors call it: a book's section when it
        loads, and `generate` before it makes anything."""


def file_beside_config(value: str | None, context: dict[str, Any] | None) -> str | None:
    """A file a section names (a word list), as a path beside its config (the folder in the validation
    context's `base`), checked readable now; ValueError with the reader's message when it is not."""
    if value is None:
        return value
    base = (context or {}).get("base", Path("."))
    path = Path(value) if Path(value).is_absolute() else Path(base) / value
    try:
        read_text_file(path)
    except PuzzleBookError as err:
        raise ValueError(str(err)) from None
    return str(path)
