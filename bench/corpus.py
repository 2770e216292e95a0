"""Reads the external puzzle corpus (tests/data/hidato.jsonl) into boards for the bench and its tests.

The corpus stores rows as space-separated tokens ('#' blocked, '0' empty, a number a given).
It must never rewrite or filter the file itself: selection happens in the callers.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from pipeline.kinds.hidato.board import Board

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "tests" / "data" / "hidato.jsonl"
SHARED_CORPUS = Path("/work/shared/corpus/hidato.jsonl")


def corpus_path() -> Path:
    """The corpus in tests/data, copied from the shared corpus when it is missing (same file)."""
    if not CORPUS.exists() and SHARED_CORPUS.exists():
        CORPUS.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(SHARED_CORPUS, CORPUS)
    return CORPUS


def load_corpus(path: Path | None = None) -> list[dict]:
    """All records, in file order."""
    with open(path or corpus_path(), encoding="utf-8") as handle:
        return [json.loads(line) for line in handle if line.strip()]


def record_board(record: dict) -> Board:
    """The corpus record's puzzle as a Board."""
    rows = [[None if tok == "#" else int(tok) for tok in row.split()] for row in record["grid"]]
    return Board.from_rows(rows, record["adjacency"])
