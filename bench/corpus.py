"""Reads the repository's puzzle corpus (tests/data/hidato.jsonl) into boards for the bench and its tests.

The corpus stores rows as space-separated tokens ('#' blocked, '0' empty, a number a given).
It reads only files inside the repository, and never rewrites or filters them: selection happens in
the callers.
"""

from __future__ import annotations

import json
from pathlib import Path

from pipeline.kinds.hidato.board import Board

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "tests" / "data" / "hidato.jsonl"


def load_corpus(path: Path | None = None) -> list[dict]:
    """All records of `path` (the corpus by default), in file order."""
    with open(path or CORPUS, encoding="utf-8") as handle:
        return [json.loads(line) for line in handle if line.strip()]


def record_board(record: dict) -> Board:
    """The corpus record's puzzle as a Board."""
    rows = [[None if tok == "#" else int(tok) for tok in row.split()] for row in record["grid"]]
    return Board.from_rows(rows, record["adjacency"])
