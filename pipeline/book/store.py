"""The build's files: puzzles.jsonl (the checkpoint, one record a line) and manifest.json.

Appends are flushed and synced one record at a time, so a kill loses at most the line being written;
every rewrite goes through a temporary file and os.replace. Never leaves a half-written whole file.
Every line carries a checksum of its record's canonical content, so a flipped byte or an edit is
caught even where the rest still parses. The checkpoint is read only here, into typed records
(kinds.record.PuzzleRecord): build, resume, review, previews, export and the report all read it
through `read_records` or `read_numbered`.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from pipeline.atomic import write_text_atomic
from pipeline.errors import PuzzleBookError
from pipeline.kinds.record import CHECKSUM, PuzzleRecord, RecordError

CHECKPOINT = "puzzles.jsonl"
"""A book folder's record of every puzzle, saved as each is made: the checkpoint a build resumes from."""


def checksum(record: Mapping[str, Any]) -> str:
    """SHA-256 (first 16 hex digits) of the record's canonical JSON, its own checksum field left out."""
    content = {key: value for key, value in record.items() if key != CHECKSUM}
    text = json.dumps(content, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def record_line(record: PuzzleRecord) -> str:
    """A record as one line: its place, the fields `generate --json` prints in its order, its
    fingerprint, then its checksum."""
    return checksummed_line(record.to_json())


def checksummed_line(content: Mapping[str, Any]) -> str:
    """Any JSON object as a checkpoint line with its checksum (what record_line writes; tests write
    damaged records with it)."""
    content = {key: value for key, value in content.items() if key != CHECKSUM}
    return json.dumps({**content, CHECKSUM: checksum(content)}, ensure_ascii=False) + "\n"


def append_record(path: Path, record: PuzzleRecord, line: str | None = None) -> None:
    """Add one record at the end of the checkpoint and push it to the disk before returning; `line`,
    when given, is its record_line already written out (by the worker that made it)."""
    append_lines(path, [record_line(record) if line is None else line])


def append_lines(path: Path, lines: list[str]) -> None:
    """Add record lines (record_line's) at the end of the checkpoint and push them to the disk before
    returning: the records a worker sends together cost one write and one sync."""
    with open(path, "a", encoding="utf-8", newline="\n") as handle:
        handle.write("".join(lines))
        handle.flush()
        os.fsync(handle.fileno())


def read_records(path: Path) -> tuple[list[PuzzleRecord], list[str]]:
    """The readable records of a checkpoint (none if it is missing), and a note per line left out."""
    numbered, notes = read_numbered(path)
    return [record for _, record in numbered], notes


def read_numbered(path: Path) -> tuple[list[tuple[int, PuzzleRecord]], list[str]]:
    """(line number, record) for each line of the checkpoint that is a puzzle record whose checksum
    matches, and a note naming the file and line of every other line.

    A last line without its newline was cut off by a kill: it is left out like any line that is not
    a JSON object. The caller makes again what is missing, so nothing unreadable is ever printed.
    """
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        return [], []
    except OSError as err:
        raise PuzzleBookError(f"cannot read the checkpoint: {err.strerror or err}", source=str(path)) from None
    records: list[tuple[int, PuzzleRecord]] = []
    notes: list[str] = []
    lines = data.split(b"\n")
    torn = lines.pop()  # after the last newline: empty unless the last write was cut off
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            record = json.loads(line.decode("utf-8"))
        except (UnicodeDecodeError, json.JSONDecodeError, RecursionError):
            record = None
        if not isinstance(record, dict):
            notes.append(f"{path}, line {number}: not a puzzle record; it is left out and made again")
        elif record.get(CHECKSUM) != checksum(record):
            notes.append(f"{path}, line {number}: its checksum does not match its content (the line was edited "
                         "or damaged); it is left out and made again")
        else:
            try:
                records.append((number, PuzzleRecord.from_json(record)))
            except RecordError as err:
                notes.append(f"{path}, line {number}: {_named(record)}{err}; it is left out and made again")
    if torn:
        notes.append(f"{path}, line {len(lines) + 1}: cut off (the build was stopped); it is made again")
    return records, notes


def _named(record: Mapping[str, Any]) -> str:
    """'section 'S', puzzle N: ' for a record that says where it stands, so a note points at it."""
    section, index = record.get("section"), record.get("index")
    return f"section {section!r}, puzzle {index}: " if isinstance(section, str) and type(index) is int else ""


def write_records(path: Path, records: Iterable[PuzzleRecord]) -> None:
    """Replace the checkpoint with exactly these records, atomically."""
    write_text_atomic(path, "".join(record_line(record) for record in records))


def read_json(path: Path) -> Any | None:
    """A JSON file's content, or None when it is missing or unreadable (it is only informative)."""
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError):
        return None


def write_json_atomic(path: Path, value: Any) -> None:
    write_text_atomic(path, json.dumps(value, indent=2, ensure_ascii=False) + "\n")


