"""The puzzles a file holds, whichever form it is in: a kind's text form, or the JSON Lines records
`generate --json` prints and a build keeps (told apart by the first line).

What the file commands and `export FILE` read through, so both doors take the same files. The kind
is the one named, else the records', else the first kind that claims the text, else the default.
Reading errors name the file and line; it never solves anything.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pipeline.errors import PuzzleBookError
from pipeline.kinds import registry
from pipeline.kinds.base import Kind, TextPuzzle
from pipeline.kinds.record import looks_like_records, parse_records

Puzzles = tuple[Kind[Any, Any, Any], Sequence[TextPuzzle[Any, Any]]]


def read_text(text: str, source: str, named: str | None) -> Puzzles:
    """The kind of a puzzle file's `text` (read from `source`) and every puzzle in it."""
    if looks_like_records(text):
        return read_records(text, source, named)
    kind = registry.kind(named) if named else registry.detect(text)
    return kind, kind.parse(text, source)


def read_records(text: str, source: str, named: str | None) -> Puzzles:
    """JSON Lines records as puzzles of one kind: the one named, else the first record's."""
    records = parse_records(text, source)
    kind = registry.kind(named or (records[0][1].kind if records else registry.DEFAULT.name))
    puzzles = []
    for line, record in records:
        if record.kind != kind.name:
            raise PuzzleBookError(f"a {record.kind} record among {kind.name} puzzles: a file holds puzzles of one "
                                  "kind", source=source, line=line)
        try:
            puzzles.append(kind.text_item(record, line))
        except (KeyError, TypeError, ValueError, AttributeError) as err:
            raise PuzzleBookError(f"not a readable {kind.name} record ({err})", source=source, line=line) from None
        except PuzzleBookError as err:
            raise PuzzleBookError(f"not a readable {kind.name} record ({err.message})", source=source,
                                  line=line) from None
    return kind, puzzles
