"""What "a puzzle seen before" means to a build, and where each one was seen.

Each kind gives every puzzle a Fingerprint: a digest of the puzzle and one of its solution, both
unchanged by the board's symmetries and the kind's relabellings. A puzzle repeats another when either
digest is one already taken (a puzzle digest by a puzzle, a solution digest by a solution): the same
puzzle turned or relabelled, or new givens on an old answer. `Seen` holds the digests taken, by a
book's earlier puzzles, by the earlier volumes of its series, or by the books a config excludes.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from pathlib import Path

from pipeline.book.store import CHECKPOINT, read_records
from pipeline.errors import PuzzleBookError
from pipeline.kinds import registry
from pipeline.kinds.record import Fingerprint, PuzzleRecord


@dataclass(frozen=True)
class Where:
    """Where a puzzle was printed: its volume (None outside a series), section and number, and the
    book folder it came from when that is an excluded book."""

    volume: int | None
    section: str
    index: int
    source: str | None = None

    def words(self) -> str:
        place = f"section {self.section!r}, puzzle {self.index}"
        if self.volume is not None:
            place = f"volume {self.volume}, {place}"
        return f"{place} of {self.source}" if self.source else place


class Seen:
    """The fingerprints taken so far, each with where it was taken."""

    def __init__(self) -> None:
        self._where: dict[str, Where] = {}

    def clash(self, fingerprint: Fingerprint) -> Where | None:
        """Where the puzzle was seen before, or None if it is new."""
        for key in fingerprint.keys():
            if key in self._where:
                return self._where[key]
        return None

    def take(self, fingerprint: Fingerprint, where: Where) -> None:
        for key in fingerprint.keys():
            self._where.setdefault(key, where)

    def __len__(self) -> int:
        return len(self._where)


def fingerprint_of(record: PuzzleRecord) -> Fingerprint:
    """The record's Fingerprint, worked out by its kind (never read from the record's own word)."""
    kind = registry.kind(record.kind)
    puzzle, solution = kind.read_record(record.to_json())
    return kind.fingerprint(puzzle, solution)


def with_fingerprint(record: PuzzleRecord) -> PuzzleRecord:
    """The record with its Fingerprint worked out."""
    return replace(record, canonical=fingerprint_of(record))


def excluded(paths: Iterable[tuple[Path, str]], *, own: Path) -> tuple[Seen, int]:
    """The puzzles of earlier books a build must not repeat, and how many there were.

    Each path (with the field or flag that names it) is a book folder (its puzzles.jsonl), a series
    folder (every volume-K/puzzles.jsonl in it), or a puzzles.jsonl file. A path that is none of these,
    or that is the build's own output folder `own` (whose puzzles it is about to make), is a
    PuzzleBookError naming it.
    """
    seen = Seen()
    count = 0
    for path, field in paths:
        for records_file in _records_files(path, own, field):
            records, notes = read_records(records_file)
            if notes:
                raise PuzzleBookError(f"cannot exclude its puzzles: {notes[0]}", source=str(records_file))
            for record in records:
                try:
                    fingerprint = fingerprint_of(record)
                except (KeyError, TypeError, ValueError, AttributeError, PuzzleBookError) as err:
                    raise PuzzleBookError(f"cannot exclude a puzzle that is not readable ({err})",
                                          source=str(records_file)) from None
                volume = _volume_number(records_file.parent)
                where = Where(volume, record.section, record.index, source=str(records_file.parent))
                seen.take(fingerprint, where)
                count += 1
    return seen, count


def _records_files(path: Path, own: Path, field: str) -> list[Path]:
    if path.is_dir():
        if _inside(path, own) or _inside(own, path):
            raise PuzzleBookError("an excluded book cannot be the one being built (or hold it): "
                                  "its puzzles are the ones being made", source=str(path), field=field)
        if (path / CHECKPOINT).is_file():
            return [path / CHECKPOINT]
        volumes = sorted(path.glob(f"volume-*/{CHECKPOINT}"), key=lambda p: _volume_number(p.parent) or 0)
        if volumes:
            return volumes
        raise PuzzleBookError(f"no {CHECKPOINT} here, nor in volume-K/ folders: give a book's or a series' "
                              "output folder, or a puzzles.jsonl file", source=str(path), field=field)
    if path.is_file():
        if _inside(path, own):
            raise PuzzleBookError("an excluded book cannot be the one being built", source=str(path),
                                  field=field)
        return [path]
    raise PuzzleBookError("no such file or folder", source=str(path), field=field)


def _inside(path: Path, folder: Path) -> bool:
    try:
        path.resolve().relative_to(folder.resolve())
    except ValueError:
        return False
    return True


def _volume_number(folder: Path) -> int | None:
    name = folder.name
    if name.startswith("volume-") and name[7:].isdigit():
        return int(name[7:])
    return None
