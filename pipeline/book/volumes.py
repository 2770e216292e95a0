"""A config's books: the book itself, or each volume of its series.

A series config (`series: {volumes: N}`) is N books made from one config: volume K has its own seed,
derived from the book seed and K alone (so a volume never depends on how many come after it), its
number in its title (so on the title page, the cover, the listing and the manifest), and its own
folder, output/NAME/volume-K/, a whole book folder like a plain build's.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from pipeline.bookspec import BookSpec
from pipeline.errors import PuzzleBookError
from pipeline.i18n import N_, words_for
from pipeline.seeds import derive_seed

VOLUME_TITLE = N_("{title}, Volume {number}")
"""A volume's title unless the config's series names its own pattern."""
SERIES_INDEX = "series.json"


@dataclass(frozen=True)
class Volume:
    """One book a build makes: its spec, its folder, and its number in the series (None: not a series)."""

    book: BookSpec
    folder: Path
    number: int | None = None


def volumes(book: BookSpec, folder: Path, only: int | None = None) -> list[Volume]:
    """The books `book` makes into `folder`: itself, or its series' volumes up to `only` (all when None).

    The volumes before `only` are listed too: a volume repeats no puzzle of an earlier one, so their
    puzzles must be known (made, or read from their folders) before its own are chosen.
    """
    if book.series is None:
        if only is not None:
            raise PuzzleBookError("--volume needs a series config (series: {volumes: N})", field="--volume")
        return [Volume(book, folder)]
    first, count = book.series.first, book.series.volumes
    last = first + count - 1
    if only is not None and not first <= only <= last:
        raise PuzzleBookError(f"this series has volumes {first} to {last}, not {only}", field="--volume")
    return [volume_of(book, folder, number) for number in range(first, (only or last) + 1)]


def volume_of(book: BookSpec, folder: Path, number: int) -> Volume:
    """Volume `number` of the series of `book`."""
    assert book.series is not None
    pattern = book.series.title or words_for(book.language)(VOLUME_TITLE)
    title = pattern.format(title=book.title, number=number)
    spec = book.volume(number, derive_seed(book.seed, "volume", number), title)
    return Volume(spec, folder / f"volume-{number}", number)


def shown_folder(out: Path) -> Path:
    """The book folder a viewer shows for output folder `out`: its own book, or else the first built
    volume of the series there (the studio shows a series by its first volume)."""
    if (out / "manifest.json").exists():
        return out
    built = [(int(path.name[len("volume-"):]), path) for path in out.glob("volume-*")
             if path.name[len("volume-"):].isdigit() and (path / "manifest.json").exists()]
    return min(built)[1] if built else out
