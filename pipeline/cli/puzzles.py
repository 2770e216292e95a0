"""Which kind the command line is about, and the puzzles a FILE argument holds.

A kind is chosen by --kind, else guessed from the file (the first kind that claims its text, else
the default kind). Reading errors name the file, line and
column. It never solves anything.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from pipeline.errors import PuzzleBookError
from pipeline.kinds import registry
from pipeline.kinds.base import Kind, TextPuzzle
from pipeline.textfile import MAX_FILE_BYTES

PEEK_BYTES = 64 * 1024
"""Enough of a file to see its first puzzle, to guess its kind."""


def read_puzzles(args: argparse.Namespace) -> tuple[Kind[Any, Any], list[TextPuzzle[Any, Any]]]:
    """The kind of FILE (or standard input for `-`) and every puzzle in it."""
    path = args.file
    text = read_stdin() if path == "-" else None
    kind = registry.kind(args.kind) if args.kind else registry.detect(text if text is not None else peek(path))
    puzzles = kind.parse(text, "<stdin>") if text is not None else kind.read_file(path)
    if not puzzles:
        raise PuzzleBookError("no puzzles found", source="<stdin>" if path == "-" else path)
    return kind, puzzles


def read_stdin() -> str:
    """Standard input, refused past the size a puzzle file may have."""
    text = sys.stdin.read(MAX_FILE_BYTES + 1)
    if len(text) > MAX_FILE_BYTES:
        raise PuzzleBookError(f"the input is larger than {MAX_FILE_BYTES // 2**20} MB; split it", source="<stdin>")
    return text


def peek(path: str) -> str:
    """The start of a file's text, for guessing its kind only: a file that cannot be read is reported
    by its reader."""
    try:
        with open(path, "rb") as handle:
            return handle.read(PEEK_BYTES).decode("utf-8-sig", errors="replace")
    except OSError:
        return ""
