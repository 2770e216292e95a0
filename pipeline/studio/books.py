"""The books of the studio's folder: each config's card, its text, saving it (valid, or as a draft),
and new books from the shipped examples.

Reads and writes only inside the folder, every path through `security.inside`, with the program's
atomic writes. A config with mistakes may be kept as a draft (.drafts/NAME.yaml), which never
replaces the last valid file. It builds nothing and draws nothing.
"""

from __future__ import annotations

import json
import re
from dataclasses import asdict, dataclass, field
from datetime import datetime, timezone
from importlib import resources
from pathlib import Path
from typing import Any

from pipeline.atomic import write_text_atomic
from pipeline.book.build import output_folder
from pipeline.book.volumes import shown_folder
from pipeline.book.config import config_problems, load_config_text
from pipeline.errors import PuzzleBookError
from pipeline.kinds import registry
from pipeline.studio.security import NAME, Refused, inside

DRAFTS = ".drafts"
SUFFIX = ".yaml"
FONT_SUFFIXES = (".ttf", ".otf", ".TTF", ".OTF")
_TITLE = re.compile(r"^title:\s*(.+?)\s*$", re.M)


@dataclass
class BookCard:
    """What the books page shows of one config, built or not."""

    name: str
    title: str
    kinds: list[str] = field(default_factory=list)
    puzzles: int = 0
    sections: int = 0
    pages: int | None = None
    """The last build's page count (manifest.json), None before any build."""
    built: str | None = None
    """When the book was last built (the manifest's time, UTC, ISO 8601), None before any build."""
    cover: bool = False
    """Whether the last build's cover.pdf is there to show."""
    problem: str | None = None
    """The config's first mistake, when it has one (the card shows it instead of the counts)."""
    draft: bool = False

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


def config_path(folder: Path, name: str) -> Path:
    return inside(folder, name, SUFFIX)


def config_source(folder: Path, name: str, cwd: Path) -> str:
    """How messages name the config: as `puzzlebook build` run in `cwd` would (configs/NAME.yaml)."""
    path = config_path(folder, name)
    return str(path.relative_to(cwd)) if path.is_relative_to(cwd) else str(path)


def draft_path(folder: Path, name: str) -> Path:
    inside(folder, name, SUFFIX)
    drafts = folder / DRAFTS
    return drafts / f"{name}{SUFFIX}"


def book_names(folder: Path) -> list[str]:
    """The configs in the folder (NAME.yaml, plain names only), sorted."""
    return sorted(path.stem for path in folder.glob(f"*{SUFFIX}") if NAME.fullmatch(path.stem) and path.is_file())


def card(folder: Path, name: str, cwd: Path) -> BookCard:
    """The card of one book: title, kinds and counts from its config; pages, build time and cover from
    its last build (in output/NAME below `cwd`, where builds run)."""
    path = config_path(folder, name)
    text = path.read_text(encoding="utf-8", errors="replace")
    found = _TITLE.search(text)
    result = BookCard(name=name, title=found[1].strip("'\"") if found else name,
                      draft=draft_path(folder, name).exists())
    try:
        book = load_config_text(text, config_source(folder, name, cwd))
    except PuzzleBookError as err:
        result.problem = str(err)
        return result
    result.title = book.title
    result.kinds = list(dict.fromkeys(registry.kind(section.kind).title for section in book.sections))
    result.puzzles = sum(section.count for section in book.sections)
    result.sections = len(book.sections)
    out = shown_folder(cwd / output_folder(path, None))
    manifest = out / "manifest.json"
    try:
        data = json.loads(manifest.read_text(encoding="utf-8"))
        result.pages = int(data["pages"])
        stamp = datetime.fromtimestamp(manifest.stat().st_mtime, timezone.utc)
        result.built = stamp.replace(microsecond=0).isoformat()
    except (OSError, ValueError, KeyError, TypeError):
        pass
    result.cover = (out / "cover.pdf").is_file()
    return result


def read(folder: Path, name: str) -> dict[str, Any]:
    """The config's text, and the draft's when one is kept."""
    try:
        text = read_text(config_path(folder, name))
    except (FileNotFoundError, IsADirectoryError):  # gone since the route found it
        raise Refused(404, f"no book {name!r} in the folder") from None
    draft = draft_path(folder, name)
    return {"name": name, "text": text, "draft": read_text(draft) if draft.is_file() else None}


def read_text(path: Path) -> str:
    """A config's (or draft's) text; a file that is not UTF-8 is a PuzzleBookError naming it, as the
    config loader words it (the browser's text is Unicode: it could only show it garbled)."""
    try:
        return path.read_text(encoding="utf-8")
    except UnicodeDecodeError as err:
        raise PuzzleBookError(f"is not UTF-8 text ({err.reason} at byte {err.start})", source=path.name) from None


def save(folder: Path, name: str, text: str, *, as_draft: bool, cwd: Path) -> dict[str, Any]:
    """Write the config when `text` has no mistake (and drop any draft); else, when asked, keep it as a
    draft beside the last valid file, which stays as it was. Returns what was done and the problems."""
    path = config_path(folder, name)
    problems = config_problems(text, config_source(folder, name, cwd))
    if not problems:
        write_text_atomic(path, text)
        draft_path(folder, name).unlink(missing_ok=True)
        return {"saved": True, "draft": False, "problems": []}
    if not as_draft:
        return {"saved": False, "draft": False, "problems": [problem_json(p) for p in problems]}
    draft = draft_path(folder, name)
    draft.parent.mkdir(exist_ok=True)
    write_text_atomic(draft, text)
    return {"saved": False, "draft": True, "problems": [problem_json(p) for p in problems]}


def discard_draft(folder: Path, name: str) -> None:
    draft_path(folder, name).unlink(missing_ok=True)


def problem_json(problem: PuzzleBookError) -> dict[str, Any]:
    """A mistake as the browser shows it: where (line, column, field) and the CLI's whole message."""
    return {"line": problem.line, "column": problem.column, "field": problem.field, "message": problem.message,
            "text": str(problem)}


def templates() -> list[dict[str, str]]:
    """The shipped example books a new book may start from: name, title and the config's opening comment."""
    out = []
    for entry in sorted(resources.files("pipeline").joinpath("examples").iterdir(), key=lambda e: e.name):
        if not entry.name.endswith(SUFFIX):
            continue
        text = entry.read_text(encoding="utf-8")
        found = _TITLE.search(text)
        opening = []
        for line in text.splitlines():
            if not line.startswith("#"):
                break
            opening.append(line.lstrip("#").strip())
        comment = " ".join(part for part in opening if part)
        out.append({"name": entry.name[: -len(SUFFIX)], "title": found[1].strip("'\"") if found else entry.name,
                    "about": comment})
    return out


def template_text(template: str) -> str:
    if not NAME.fullmatch(template):
        raise Refused(404, f"no template {template[:40]!r}")
    entry = resources.files("pipeline").joinpath("examples", f"{template}{SUFFIX}")
    if not entry.is_file():
        raise Refused(404, f"no template {template!r}")
    return entry.read_text(encoding="utf-8")


def create(folder: Path, name: str, template: str) -> None:
    """A new book NAME.yaml in the folder, a copy of the shipped example `template`."""
    if not NAME.fullmatch(name) or name.endswith("."):
        raise Refused(400, "a book's name is letters, digits, '_', '-' and '.', starting with a letter or digit")
    path = config_path(folder, name)
    if path.exists():
        raise Refused(409, f"there is already a book called {name!r}")
    write_text_atomic(path, template_text(template))


def font_files(folder: Path) -> list[str]:
    """Font files in the folder and one level below, as a config names them (relative to it)."""
    found = [path for path in folder.glob("*") if path.suffix in FONT_SUFFIXES and path.is_file()]
    found += [path for path in folder.glob("*/*") if path.suffix in FONT_SUFFIXES and path.is_file()]
    return sorted(str(path.relative_to(folder)) for path in found)
