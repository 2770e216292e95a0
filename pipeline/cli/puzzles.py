"""Which kind the command line is about, and the puzzles a FILE argument holds.

A kind is chosen by --kind or by a family's own flag (Kind.stated), else guessed from the file (the
first kind that claims its text, else the default kind). Reading errors name the file, line and
column. It never solves anything.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from pipeline.errors import PuzzleBookError
from pipeline.kinds import registry
from pipeline.kinds.base import Kind, TextPuzzle


def stated_kind(args: argparse.Namespace) -> Kind[Any, Any] | None:
    """The kind --kind or a family's flag names; the two must agree."""
    named = args.kind
    for family in registry.families():
        stated = family.stated(args)
        if stated is None:
            continue
        flag, name = stated
        if named not in (None, name):
            raise PuzzleBookError(f"{flag} contradicts --kind {named}; give one of them")
        named = name
    return registry.kind(named) if named else None


def read_puzzles(args: argparse.Namespace) -> tuple[Kind[Any, Any], list[TextPuzzle[Any, Any]]]:
    """The kind of FILE (or standard input for `-`) and every puzzle in it."""
    path = args.file
    text = sys.stdin.read() if path == "-" else None
    kind = stated_kind(args) or registry.detect(text if text is not None else peek(path))
    puzzles = kind.parse(text, "<stdin>") if text is not None else kind.read_file(path)
    if not puzzles:
        raise PuzzleBookError("no puzzles found", source="<stdin>" if path == "-" else path)
    return kind, puzzles


def peek(path: str) -> str:
    """The file's text, for guessing its kind only: a file that cannot be read is reported by its reader."""
    try:
        return Path(path).read_bytes().decode("utf-8-sig", errors="replace")
    except OSError:
        return ""
