"""Which kind the command line is about, and the puzzles a FILE argument holds.

Either form of a puzzle file (pipeline.puzzlefiles): a kind's text, or JSON Lines records. The kind
is --kind, else the records', else guessed from the text. Reading errors name the file, line and
column. It never solves anything.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import Any

from pipeline.errors import PuzzleBookError
from pipeline.kinds.base import Kind, TextPuzzle
from pipeline.puzzlefiles import read_text
from pipeline.textfile import MAX_FILE_BYTES, read_text_file


def read_puzzles(args: argparse.Namespace) -> tuple[Kind[Any, Any, Any], Sequence[TextPuzzle[Any, Any]]]:
    """The kind of FILE (or standard input for `-`) and every puzzle in it (puzzlefiles.read_text)."""
    path = args.file
    source = "<stdin>" if path == "-" else path
    kind, puzzles = read_text(read_stdin() if path == "-" else read_text_file(path), source, args.kind)
    if not puzzles:
        raise PuzzleBookError("no puzzles found", source=source)
    return kind, puzzles


def read_stdin() -> str:
    """Standard input, refused past the size a puzzle file may have."""
    text = sys.stdin.read(MAX_FILE_BYTES + 1)
    if len(text) > MAX_FILE_BYTES:
        raise PuzzleBookError(f"the input is larger than {MAX_FILE_BYTES // 2**20} MB; split it", source="<stdin>")
    return text
