"""`python -m docsite.gallery`: build every shipped config and write the manual's pictures of it.

Each book is built (into build/docs-books/NAME, reusing its finished puzzles) and its pictures
(docsite/pictures.py) are rendered into docs/, together with docs/gallery.md, one entry per book. A
picture file is rewritten only when its pixels change, so a run that changes nothing changes no file.
"""

from __future__ import annotations

import json
import sys
from io import BytesIO
from pathlib import Path

from babel import Locale
from PIL import Image, ImageChops

from docsite.pictures import (
    DOCS,
    GALLERY,
    ROOT,
    BuiltBook,
    gallery_pictures,
    pictures_of,
    read_built,
    render,
    shipped_books,
    shown_puzzle,
)
from pipeline.atomic import write_bytes_atomic, write_text_atomic
from pipeline.book.build import MANIFEST, build
from pipeline.kinds import registry

WORK = ROOT / "build" / "docs-books"
GALLERY_PAGE = DOCS / "gallery.md"
HEADER = """# Gallery

Every book the project ships in `configs/`, as `make book CONFIG=configs/NAME.yaml` builds it: its
full-wrap cover (back, spine, front), the first page of its last section and that page's answers.
`make docs` renders these from the PDFs the current code makes (with pypdfium2, as the studio does),
and the golden tests check that they are still those of the books they pin.
"""


def trim(built: BuiltBook) -> str:
    """The trim size in inches, as a print service's form asks for it ('8.5 x 11 in')."""
    width, height = built.book.page.trim_points()
    return f"{width / 72:.4g} x {height / 72:.4g} in"


def sections_line(manifest: dict) -> str:
    """Each section with its kind and how many puzzles of each level it holds."""
    parts = []
    for section in manifest["sections"]:
        kind = registry.kind(section["kind"])
        levels = ", ".join(f"{count} {level}" for level, count in section["levels"].items())
        parts.append(f"{section['name']} ({kind.title}: {levels})")
    return "; ".join(parts)


def entry(built: BuiltBook) -> str:
    """The book's entry in docs/gallery.md."""
    manifest = json.loads((built.out / MANIFEST).read_text(encoding="utf-8"))
    cover, puzzles, answers = gallery_pictures(built)
    number = shown_puzzle(built)
    place = built.places[number - 1]
    language = Locale.parse(built.book.language).get_display_name("en")
    title = built.book.title
    return (
        f"## {title}\n\n"
        f"`configs/{built.name}.yaml`: {trim(built)}, {language}, {manifest['pages']} pages, "
        f"{manifest['puzzles']} puzzles. {sections_line(manifest)}.\n\n"
        f"![The cover of {title}]({cover.file})\n\n"
        f"| page {place.puzzle.page}: puzzle {number} | page {place.answer.page}: its answer |\n"
        f"| --- | --- |\n"
        f"| ![A puzzle page of {title}]({puzzles.file}) | ![An answer page of {title}]({answers.file}) |\n"
    )


def same_pixels(path: Path, data: bytes) -> bool:
    """Whether the PNG at `path` holds the picture `data` holds (the encoder's bytes may differ)."""
    if not path.exists():
        return False
    with Image.open(path) as old, Image.open(BytesIO(data)) as new:
        if old.size != new.size or old.mode != new.mode:
            return False
        return ImageChops.difference(old, new).getbbox() is None


def write_pictures(built: BuiltBook) -> list[str]:
    """Render the book's pictures into docs/; the files whose pixels changed."""
    changed = []
    for picture in pictures_of(built):
        target = DOCS / picture.file
        data = render(picture, built)
        if not same_pixels(target, data):
            target.parent.mkdir(parents=True, exist_ok=True)
            write_bytes_atomic(target, data)
            changed.append(picture.file)
    return changed


def main(argv: list[str] | None = None) -> int:
    names = argv if argv else shipped_books()
    entries = []
    for name in names:
        out = WORK / name
        build(ROOT / "configs" / f"{name}.yaml", out_dir=out, quiet=True)
        built = read_built(name, out)
        for file in write_pictures(built):
            print(f"docs/{file}: rendered again")
        entries.append(entry(built))
    if not argv:
        write_text_atomic(GALLERY_PAGE, HEADER + "".join(f"\n{item}" for item in entries))
    print(f"gallery: {len(names)} books, pictures in docs/{GALLERY}/")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
