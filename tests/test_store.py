"""The checkpoint file: appended records survive, a line cut off by a kill or garbage in the middle is
left out with a note (never an exception), and whole-file writes are atomic."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from pipeline.book.store import (
    append_record,
    checksum,
    checksummed_line,
    read_records,
    record_line,
    write_json_atomic,
    write_records,
)
from pipeline.errors import PuzzleBookError
from pipeline.kinds.record import Place, PuzzleRecord

RECORDS = [PuzzleRecord("hidato", i, "easy", [[1, 0, None]], [[1, 2, None]], {"level": "easy"}, 1,
                        {"adjacency": "king"}, Place("A", 0, i), f"f{i}") for i in range(1, 4)]


def test_appended_records_read_back_in_order(tmp_path: Path) -> None:
    path = tmp_path / "puzzles.jsonl"
    for record in RECORDS:
        append_record(path, record)
    assert read_records(path) == (RECORDS, [])
    lines = path.read_text(encoding="utf-8").splitlines()
    as_json = [record.to_json() for record in RECORDS]
    assert [json.loads(line) for line in lines] == [{**record, "checksum": checksum(record)} for record in as_json]
    assert lines[0] == json.dumps({**as_json[0], "checksum": checksum(as_json[0])})
    assert list(json.loads(lines[0])) == ["section", "section_index", "index", "kind", "adjacency", "seed", "difficulty",
                                          "grid", "solution", "grade", "attempts", "fingerprint", "checksum"]


def test_a_missing_checkpoint_is_empty(tmp_path: Path) -> None:
    assert read_records(tmp_path / "none.jsonl") == ([], [])


def test_a_cut_off_last_line_is_left_out_with_a_note(tmp_path: Path) -> None:
    path = tmp_path / "puzzles.jsonl"
    write_records(path, RECORDS[:2])
    with open(path, "a", encoding="utf-8") as handle:
        handle.write(record_line(RECORDS[2])[:25])
    records, notes = read_records(path)
    assert records == RECORDS[:2]
    assert len(notes) == 1 and "line 3: cut off" in notes[0]


def test_a_complete_last_record_without_newline_is_still_torn(tmp_path: Path) -> None:
    """Without its newline we cannot know the write finished; making it again is always safe."""
    path = tmp_path / "puzzles.jsonl"
    path.write_text(record_line(RECORDS[0]).rstrip("\n"), encoding="utf-8")
    records, notes = read_records(path)
    assert records == [] and "line 1: cut off" in notes[0]


def test_garbage_lines_are_left_out_with_a_note_each(tmp_path: Path) -> None:
    path = tmp_path / "puzzles.jsonl"
    lines = [record_line(RECORDS[0]).rstrip("\n"), "{not json", "[1, 2]", "", record_line(RECORDS[1]).rstrip("\n")]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    records, notes = read_records(path)
    assert records == RECORDS[:2]
    assert len(notes) == 2 and "line 2: not a puzzle record" in notes[0] and "line 3:" in notes[1]


def test_a_line_that_is_not_utf8_is_left_out_with_a_note(tmp_path: Path) -> None:
    path = tmp_path / "puzzles.jsonl"
    path.write_bytes(b"\xff\xfe\n" + record_line(RECORDS[0]).encode())
    records, notes = read_records(path)
    assert records == RECORDS[:1]
    assert notes == [f"{path}, line 1: not a puzzle record; it is left out and made again"]


def test_an_unreadable_checkpoint_is_a_user_error(tmp_path: Path) -> None:
    path = tmp_path / "puzzles.jsonl"
    path.mkdir()
    with pytest.raises(PuzzleBookError, match="cannot read the checkpoint"):
        read_records(path)


def test_whole_file_writes_replace_atomically_and_leave_no_temporary(tmp_path: Path) -> None:
    path = tmp_path / "manifest.json"
    write_json_atomic(path, {"b": 1, "a": [1, 2]})
    write_json_atomic(path, {"pages": 3})
    assert json.loads(path.read_text(encoding="utf-8")) == {"pages": 3}
    assert os.listdir(tmp_path) == ["manifest.json"]
    assert path.stat().st_mode & 0o777 == 0o666 & ~current_umask()


def test_a_failed_write_keeps_the_old_file(tmp_path: Path) -> None:
    path = tmp_path / "puzzles.jsonl"
    write_records(path, RECORDS)
    with pytest.raises(TypeError):
        write_records(path, [PuzzleRecord("hidato", 1, "easy", object(), None, {}, 1)])
    assert read_records(path) == (RECORDS, [])
    assert os.listdir(tmp_path) == ["puzzles.jsonl"]


def current_umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def test_a_flipped_byte_or_an_edit_is_caught_by_the_checksum(tmp_path: Path) -> None:
    path = tmp_path / "puzzles.jsonl"
    write_records(path, RECORDS)
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    lines[0] = lines[0].replace('"index": 1', '"index": 7')  # still valid JSON, still a plausible record
    lines[1] = lines[1].replace('"checksum"', '"checksun"')
    lines[2] = lines[2].replace("[[1, 0, null]]", "[[1, 0, 0]]")
    path.write_text("".join(lines), encoding="utf-8")
    records, notes = read_records(path)
    assert records == []
    assert [note.split(": ", 1)[0] for note in notes] == [f"{path}, line {n}" for n in (1, 2, 3)]
    assert all("checksum does not match" in note for note in notes)


def test_a_line_with_its_checksum_but_no_puzzle_record_is_noted_at_its_place(tmp_path: Path) -> None:
    """The store reads typed records: a line whose checksum holds but whose fields are not a record's
    (a seed written as true, a field missing) is left out, its note naming the line and the puzzle."""
    path = tmp_path / "puzzles.jsonl"
    good = RECORDS[0].to_json()
    seeded = {**RECORDS[1].to_json(), "seed": True}
    gradeless = {key: value for key, value in RECORDS[2].to_json().items() if key != "grade"}
    path.write_text(checksummed_line(good) + checksummed_line(seeded) + checksummed_line(gradeless), encoding="utf-8")
    records, notes = read_records(path)
    assert records == RECORDS[:1]
    assert notes == [f"{path}, line 2: section 'A', puzzle 2: its seed True is not a whole number; it is left out and "
                     "made again",
                     f"{path}, line 3: section 'A', puzzle 3: it has no 'grade'; it is left out and made again"]
