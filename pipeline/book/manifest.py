"""What a build did and leaves beside its book: its report, manifest.json (what was built from what,
with which software, how long each stage took), and the note a reprint with other libraries deserves.

Pure records in, plain dicts out (store.py writes them).
"""

from __future__ import annotations

import hashlib
import json
import platform
from collections import Counter
from dataclasses import dataclass, field
from importlib import metadata
from pathlib import Path
from typing import Any

from pipeline import __version__
from pipeline.bookspec import BookSpec
from pipeline.book.store import read_json
from pipeline.kinds import registry
from pipeline.kinds.record import PuzzleRecord

LIBRARIES = ("reportlab", "joblib", "pydantic", "tqdm", "pyyaml", "dask", "distributed")


@dataclass(frozen=True)
class BuildReport:
    """What a build did, for the one-line summary and for tests."""

    name: str
    pdf: Path | None
    """The book's PDF; None when only the cover was made."""
    cover: Path
    puzzles: int
    reused: int
    generated: int
    pages: int
    notes: tuple[str, ...]
    timings: dict[str, float]
    volumes: tuple[BuildReport, ...] = ()
    """A series' volumes built, each with its own book; empty for a book that is no series."""
    cpu: dict[str, float] = field(default_factory=dict)
    """Each stage's CPU seconds in the build's own process (the rest is the workers')."""

    def summary(self) -> str:
        if self.volumes:
            return "\n".join(volume.summary() for volume in self.volumes)
        return (
            f"{self.name}: {self.puzzles} puzzles ({self.reused} reused, {self.generated} generated) "
            f"verified, {self.pages} pages -> {', '.join(str(p) for p in (self.pdf, self.cover) if p)}"
        )


def manifest(
    book: BookSpec, config_path: str | Path, records: list[PuzzleRecord], report: BuildReport, screen: bool
) -> dict[str, Any]:
    """What was built from what, with which software, and how long each stage took."""
    sections = []
    for section in book.sections:
        own = [record for record in records if record.section == section.name]
        levels = Counter(record.level for record in own)
        entry = {
            "name": section.name,
            "kind": section.kind,
            "count": len(own),
            "levels": {level: levels[level] for level in registry.kind(section.kind).levels if levels[level]},
            "attempts": sum(record.attempts for record in own),
        }
        ratings = sorted(record.grade["rating"] for record in own if "rating" in record.grade)
        if ratings:  # kinds whose grade has a numeric rating
            entry["ratings"] = {"min": ratings[0], "median": ratings[len(ratings) // 2], "max": ratings[-1]}
        sections.append(entry)
    return {
        "book": report.name,
        "title": book.title,
        "config": str(config_path),
        "config_fingerprint": config_fingerprint(book),
        "layout_fingerprint": layout_fingerprint(book),
        "seed": book.seed,
        "language": book.language,
        "versions": versions(),
        "pdf": report.pdf.name if report.pdf else None,
        "cover": report.cover.name,
        "screen": screen,
        "pages": report.pages,
        "puzzles": report.puzzles,
        "sections": sections,
        "last_build": {"reused": report.reused, "generated": report.generated, "notes": list(report.notes)},
        "timings_seconds": report.timings,
        "main_cpu_seconds": report.cpu,
    }


def config_fingerprint(book: BookSpec) -> str:
    """sha256 of the config as validated (defaults filled in), in canonical JSON."""
    text = json.dumps(book.model_dump(mode="json"), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


def layout_fingerprint(book: BookSpec) -> str:
    """config_fingerprint with every section's rerolls left out: equal for two configs whose books
    differ only in which puzzles were made again (so every puzzle sits on the same page)."""
    plain = book.model_copy(update={"sections": [section.model_copy(update={"reroll": []}) for section in book.sections]})
    return config_fingerprint(plain)


def version_notes(manifest_path: Path) -> list[str]:
    """One note when the libraries the previous build recorded differ from the ones installed now.

    The puzzles cannot change with them (generation is pure Python, and the engine's version is in
    every fingerprint), but the PDF's bytes may: a reprint should say so rather than differ silently.
    """
    previous = read_json(manifest_path)
    recorded = previous.get("versions") if isinstance(previous, dict) else None
    if not isinstance(recorded, dict):
        return []
    now = versions()
    changed = [
        f"{name} {recorded[name]} -> {now[name]}"
        for name in now
        if name != "puzzlebook" and name in recorded and recorded[name] != now[name]
    ]
    if not changed:
        return []
    return [
        f"{manifest_path}: the installed libraries differ from the previous build's ({', '.join(changed)}); "
        "the puzzles are the same but the PDF's bytes may differ: install the locked versions "
        "(make install, from requirements/lock.txt) to reprint it byte for byte"
    ]


def versions() -> dict[str, str]:
    found = {"python": platform.python_version(), "puzzlebook": __version__}
    for name in LIBRARIES:
        try:
            found[name] = metadata.version(name)
        except metadata.PackageNotFoundError:
            found[name] = "not installed"
    return found
