"""output/NAME/series.json: where every puzzle of a series appeared, by its fingerprint.

So an editor can answer "where did this puzzle appear?" with a search for its fingerprint (the
`canonical` digests each volume's puzzles.jsonl also carries), and a later book can exclude the
whole series by naming its folder. Volumes this build did not reach (after a `--volume K`) are read
from their folders when they exist; their records carry their fingerprints, else these are worked out.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pipeline.book.repeats import with_fingerprint
from pipeline.book.store import CHECKPOINT, read_records, write_json_atomic
from pipeline.book.volumes import SERIES_INDEX, Volume, volume_of
from pipeline.book.writing import writing
from pipeline.bookspec import BookSpec
from pipeline.kinds.record import PuzzleRecord


def series_index(book: BookSpec, folder: Path, made: dict[int | None, list[PuzzleRecord]]) -> dict[str, Any]:
    """The index of every volume's puzzles: those `made` now, and the rest read from their folders."""
    assert book.series is not None
    first = book.series.first
    listed: list[dict[str, Any]] = []
    volumes = []
    for number in range(first, first + book.series.volumes):
        part: Volume = volume_of(book, folder, number)
        records = made.get(number)
        if records is None:
            records, notes = read_records(part.folder / CHECKPOINT)
            if notes or not records:
                continue
        volumes.append({"volume": number, "title": part.book.title, "folder": part.folder.name,
                        "puzzles": len(records)})
        for record in records:
            canonical = (record if record.canonical is not None else with_fingerprint(record)).canonical
            assert canonical is not None
            listed.append({"puzzle": canonical.puzzle, "solution": canonical.solution, "volume": number,
                           "section": record.section, "index": record.index, "kind": record.kind,
                           "level": record.level})
    return {"title": book.title, "volumes": volumes, "puzzles": listed}


def write_series_index(folder: Path, book: BookSpec, records: dict[int | None, list[PuzzleRecord]]) -> None:
    """Write series.json atomically beside the volumes' folders (`records`: the volumes made now)."""
    with writing(folder / SERIES_INDEX):
        write_json_atomic(folder / SERIES_INDEX, series_index(book, folder, records))
