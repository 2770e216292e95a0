"""The puzzle record: what `generate --json` prints, and what a build stores per puzzle (with its place).

One typed record, read and written here only: `PuzzleRecord.from_json` checks the common fields'
types (a bool is no number) and keeps the kind's own fields as they are, for the kind to read;
`to_json` writes them back in the order `generate --json` has always printed them. It never judges
a puzzle (the kinds do) and never touches a file (book/store.py keeps the checkpoint).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from pipeline.errors import PuzzleBookError

PLACE = ("section", "section_index", "index")
"""Where a book's record stands: its section's name and position, and its number in the section."""
PUZZLE = ("kind", "seed", "difficulty", "grid", "solution", "grade", "attempts")
"""The fields every record has; the kind's own come between `kind` and `seed`."""
FINGERPRINT = "fingerprint"
CANONICAL = "canonical"
CHECKSUM = "checksum"


class RecordError(ValueError):
    """A record that is not a puzzle record: a missing field, or one of the wrong type."""


@dataclass(frozen=True)
class Fingerprint:
    """A puzzle's identity up to sameness, as two short hex digests.

    Two puzzles are the same when one maps onto the other by the board's symmetries (rotations and
    reflections) and the kind's relabellings (Sudoku's digits, rows in a band...); a puzzle whose
    solution is another's, mapped the same way, is the same too (new givens on an old answer). Each
    kind computes both from an invariant of its puzzles, so sameness always gives equal digests:
    no two puzzles of a book or series may share either. Different puzzles share one by chance alone
    (a 64-bit hash), and the only cost of that is one seed passed over.
    """

    puzzle: str
    solution: str | None
    """None for a kind whose answers say nothing of their own (a word search's filled grid)."""

    def keys(self) -> tuple[str, ...]:
        """What a repeat is looked up by: a puzzle and a solution never share a namespace."""
        return (f"p:{self.puzzle}",) if self.solution is None else (f"p:{self.puzzle}", f"s:{self.solution}")


def digest(value: object) -> str:
    """A 16-hex-digit digest of a JSON-ready value (its canonical JSON): what fingerprints are made of."""
    text = json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


@dataclass(frozen=True)
class Place:
    """A book record's place: section name, section position (0-based) and puzzle number (1-based)."""

    section: str
    section_index: int
    index: int


@dataclass(frozen=True)
class PuzzleRecord:
    """One puzzle as the kinds make it: its kind, seed and level, its grid and solution as the kind
    stores them, its grade, the attempts it took, the kind's own fields, and in a book its place and
    its job's fingerprint."""

    kind: str
    seed: int
    difficulty: str
    grid: Any
    solution: Any
    grade: Mapping[str, Any]
    attempts: int
    fields: Mapping[str, Any] = field(default_factory=dict)
    """The kind's own fields (Kind.record_fields), e.g. a Sudoku's box and symmetry."""
    place: Place | None = None
    fingerprint: str | None = None
    """The fingerprint of the job it was made for (which puzzle of which book, from what)."""
    canonical: Fingerprint | None = None
    """Who the puzzle is up to sameness (Kind.fingerprint), once a build has worked it out."""

    @property
    def level(self) -> str:
        """The level its grade found (the one it is printed under)."""
        return str(self.grade.get("level"))

    @property
    def section(self) -> str:
        return self._placed().section

    @property
    def section_index(self) -> int:
        return self._placed().section_index

    @property
    def index(self) -> int:
        return self._placed().index

    def _placed(self) -> Place:
        if self.place is None:
            raise RecordError("a record made outside a book has no place in one")
        return self.place

    def placed(self, place: Place) -> PuzzleRecord:
        """The same puzzle at `place` (a section that moved keeps its puzzles, not its position)."""
        return replace(self, place=place)


    @classmethod
    def from_json(cls, data: object) -> PuzzleRecord:
        """The record a JSON object holds; RecordError naming the first field that is missing or wrong.
        A checksum beside it (the checkpoint's) is left for the store to check."""
        if not isinstance(data, Mapping):
            raise RecordError("a puzzle record is a JSON object")
        missing = [name for name in PUZZLE if name not in data]
        if missing:
            raise RecordError(f"it has no {missing[0]!r}")
        _typed(data, "kind", str)
        _typed(data, "seed", int)
        _typed(data, "difficulty", str)
        _typed(data, "attempts", int)
        if not isinstance(data["grade"], Mapping):
            raise RecordError(f"its grade {_shown(data['grade'])} is not an object")
        place = None
        if any(name in data for name in PLACE):
            for name, kind in zip(PLACE, (str, int, int)):
                _typed(data, name, kind)
            place = Place(data["section"], data["section_index"], data["index"])
        fingerprint = data.get(FINGERPRINT)
        if fingerprint is not None and not isinstance(fingerprint, str):
            raise RecordError(f"its {FINGERPRINT} {_shown(fingerprint)} is not text")
        own = {key: value for key, value in data.items()
               if key not in (*PUZZLE, *PLACE, FINGERPRINT, CANONICAL, CHECKSUM)}
        return cls(data["kind"], data["seed"], data["difficulty"], data["grid"], data["solution"], data["grade"],
                   data["attempts"], own, place, fingerprint, _canonical(data.get(CANONICAL)))

    def to_json(self) -> dict[str, Any]:
        """As JSON: its place first (in a book), then kind, the kind's fields, seed, difficulty, grid,
        solution, grade and attempts, then its fingerprint: the order records have always had."""
        out: dict[str, Any] = {}
        if self.place is not None:
            out |= {"section": self.place.section, "section_index": self.place.section_index,
                    "index": self.place.index}
        out["kind"] = self.kind
        out |= self.fields
        out |= {"seed": self.seed, "difficulty": self.difficulty, "grid": self.grid, "solution": self.solution,
                "grade": dict(self.grade), "attempts": self.attempts}
        if self.fingerprint is not None:
            out[FINGERPRINT] = self.fingerprint
        if self.canonical is not None:
            out[CANONICAL] = {"puzzle": self.canonical.puzzle, "solution": self.canonical.solution}
        return out


def looks_like_records(text: str) -> bool:
    """Whether a puzzle file's text is JSON Lines (its first line that is not blank opens an object),
    as `generate --json` and a build's puzzles.jsonl write it, rather than the kinds' text forms."""
    first = next((line.strip() for line in text.splitlines() if line.strip()), "")
    return first.startswith("{")


def parse_records(text: str, source: str) -> list[tuple[int, PuzzleRecord]]:
    """(line number, record) for every line of JSON Lines text; a line that is no puzzle record is a
    PuzzleBookError naming `source` and its line."""
    found = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            found.append((number, PuzzleRecord.from_json(json.loads(line))))
        except (json.JSONDecodeError, RecursionError):
            raise PuzzleBookError("not a JSON record (a file of JSON Lines holds one object a line)",
                                  source=source, line=number) from None
        except RecordError as err:
            raise PuzzleBookError(f"not a puzzle record: {err}", source=source, line=number) from None
    return found


def _canonical(value: object) -> Fingerprint | None:
    """A record's canonical fingerprint as stored: {"puzzle": hex, "solution": hex or null}."""
    if value is None:
        return None
    if not isinstance(value, Mapping) or set(value) != {"puzzle", "solution"}:
        raise RecordError(f"its {CANONICAL} {_shown(value)} is not an object of a puzzle and a solution digest")
    puzzle, solution = value["puzzle"], value["solution"]
    if not isinstance(puzzle, str) or not (solution is None or isinstance(solution, str)):
        raise RecordError(f"its {CANONICAL} {_shown(value)} holds something other than digests")
    return Fingerprint(puzzle, solution)


def _typed(data: Mapping[str, Any], name: str, kind: type) -> None:
    value = data.get(name)
    if type(value) is not kind:  # exactly: true and false are not numbers
        raise RecordError(f"its {name} {_shown(value)} is not {'a whole number' if kind is int else 'text'}")


def _shown(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."
