"""The faces a book is set in: DejaVu Sans (shipped in the package) unless the config names its own.

Every font is a TrueType file, embedded and subset by reportlab; nothing here may name a base-14
font such as Helvetica. fontTools reads a font's character map, so a book whose text needs a
character its font lacks is refused with the characters named, before anything is written.
"""

from __future__ import annotations

import hashlib
from functools import lru_cache
from pathlib import Path

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.lib.rl_accel import fp_str
from reportlab.pdfgen.canvas import Canvas

from pipeline.errors import PuzzleBookError
from pipeline.drawing.faces import BOLD, DEFAULT_FONTS, DIGIT_HEIGHT, REGULAR, Fonts

__all__ = ["BOLD", "DEFAULT_FONTS", "DIGIT_HEIGHT", "REGULAR", "Fonts", "RecordingCanvas", "book_fonts",
           "characters", "check_glyphs", "font_family", "font_name", "font_path", "register_file", "register_fonts", "text_width"]

FONT_FOLDER = Path(__file__).resolve().parent / "fontfiles"
DEJAVU = FONT_FOLDER / "DejaVuSans.ttf"
DEJAVU_BOLD = FONT_FOLDER / "DejaVuSans-Bold.ttf"


def register_fonts() -> None:
    """Make the shipped DejaVu faces known to reportlab; safe to call for every book."""
    register_file(REGULAR, DEJAVU)
    register_file(BOLD, DEJAVU_BOLD)


_FILES: dict[str, Path] = {}
"""The file behind every font name registered here."""


def register_file(name: str, path: Path) -> None:
    if name in _FILES:  # registered here already: asked for with every text measure, so kept cheap
        return
    if name not in pdfmetrics.getRegisteredFontNames():
        pdfmetrics.registerFont(TTFont(name, str(path)))
    _FILES[name] = path


def font_path(name: str) -> Path | None:
    """The file behind a font name registered here (None for a name this module never registered)."""
    return _FILES.get(name)


@lru_cache(maxsize=32)
def font_family(name: str) -> tuple[str, int]:
    """(family name, CSS weight) of a registered font, read from its file's name and OS/2 tables:
    how an SVG names the face its text is set in."""
    from fontTools.ttLib import TTFont as ToolsFont

    path = _FILES.get(name)
    if path is None:
        return name, 400
    with ToolsFont(str(path), lazy=True) as font:
        family = font["name"].getBestFamilyName() or name
        weight = int(getattr(font.get("OS/2"), "usWeightClass", 400) or 400)
    return family, weight


def font_name(path: Path) -> str:
    """A registered name for the font file at `path`, from its bytes: the same file always gets the same
    name (so a book's bytes never depend on where the file lies), and two files never share one."""
    digest = hashlib.sha256(path.read_bytes()).hexdigest()[:12]
    return f"Book-{digest}"


def text_width(text: str, font: str, size: float) -> float:
    """Width of `text` set in `font` at `size` points."""
    register_fonts()
    return pdfmetrics.stringWidth(text, font, size)


@lru_cache(maxsize=32)
def characters(path: str) -> frozenset[int]:
    """The code points the font file at `path` has glyphs for (its best Unicode character map)."""
    from fontTools.ttLib import (
        TTFont as ToolsFont,  # read only when a book checks its fonts
    )

    with ToolsFont(path, lazy=True) as font:
        return frozenset(font.getBestCmap() or {})


ROLE_FIELDS = {"text": "fonts.text", "bold": "fonts.text_bold", "number": "fonts.numbers", "given": "fonts.numbers_bold"}
"""The config field behind each role (a bold role without its own file uses the regular one's field)."""


def book_fonts(files: dict[str, Path], shown: dict[str, str] | None = None) -> Fonts:
    """The Fonts of a book whose config gives `files` by role (text, bold, number, given); roles not
    given keep DejaVu. Each file is registered under a name made from its bytes. `shown` is how the
    config wrote each role's file, for messages."""
    register_fonts()
    names: dict[str, str] = {}
    labels: list[tuple[str, str]] = []
    for role, path in files.items():
        name = font_name(path)
        register_file(name, path)
        names[role] = name
        labels.append((name, (shown or {}).get(role, str(path))))
    number_file = files.get("number")
    return Fonts(
        text=names.get("text", REGULAR),
        bold=names.get("bold", BOLD),
        number=names.get("number", REGULAR),
        given=names.get("given", BOLD),
        digit_height=digit_height(number_file) if number_file else DIGIT_HEIGHT,
        files=tuple(labels),
    )


def digit_height(path: Path) -> float:
    """The height of the digit zero in the font at `path`, as a share of its em: to centre numbers."""
    from fontTools.ttLib import TTFont as ToolsFont

    with ToolsFont(str(path), lazy=True) as font:
        glyph = font.getBestCmap().get(ord("0"))
        if glyph is None or "glyf" not in font:
            return DIGIT_HEIGHT
        outline = font["glyf"][glyph]
        return outline.yMax / font["head"].unitsPerEm if getattr(outline, "yMax", None) else DIGIT_HEIGHT


class RecordingCanvas(Canvas):
    """A reportlab Canvas that notes every character it sets, by font, so `check_glyphs` can find
    the ones a font lacks (reportlab would print them as empty boxes without a word)."""

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)
        self.used: dict[str, set[str]] = {}

    def _note(self, text: str) -> None:
        self.used.setdefault(self._fontname, set()).update(text)

    def drawString(self, x: float, y: float, text: str, *args: object, **kwargs: object) -> None:
        self._note(text)
        super().drawString(x, y, text, *args, **kwargs)

    def drawCentredString(self, x: float, y: float, text: str, *args: object, **kwargs: object) -> None:
        """reportlab's, with its plain case (a TrueType font, left to right, no spacing) set here in one
        step: the same operators, byte for byte, without a text object per string (a book sets tens
        of thousands of numbers; this takes about half their time off)."""
        self._note(text)
        font = pdfmetrics.getFont(self._fontname)
        if args or kwargs or not text or not self.bottomup or not font._dynamicFont or isinstance(text, bytes):
            super().drawCentredString(x, y, text, *args, **kwargs)
            return
        size = self._fontsize
        width = font.stringWidth(text, size)
        code = ["BT", f"1 0 0 1 {fp_str(x - 0.5 * width, y)} Tm"]
        current = -1
        for subset, chars in font.splitString(text, self._doc):
            if subset != current:
                code.append(f"{font.getSubsetInternalName(subset, self._doc)} {fp_str(size)} Tf "
                            f"{fp_str(self._leading)} TL")
                current = subset
            code.append(f"({self._escape(chars)}) Tj")
        code.append("T* ET")
        self._code.append(" ".join(code))

    def drawRightString(self, x: float, y: float, text: str, *args: object, **kwargs: object) -> None:
        self._note(text)
        super().drawRightString(x, y, text, *args, **kwargs)


def check_glyphs(used: dict[str, set[str]], fonts: Fonts) -> None:
    """Raise PuzzleBookError naming the font and the characters when a font lacks one the book sets."""
    for name in sorted(used):
        path = _FILES.get(name)
        if path is None:
            continue
        lacking = sorted(ch for ch in used[name] if ch.isprintable() and ord(ch) not in characters(str(path)))
        if not lacking:
            continue
        shown = " ".join(f"{ch!r} (U+{ord(ch):04X})" for ch in lacking[:12]) + (" ..." if len(lacking) > 12 else "")
        role = next((role for role in ("text", "bold", "number", "given") if getattr(fonts, role) == name), "text")
        configured = name in dict(fonts.files)
        label = f"the font {fonts.file_of(name)!r}" if configured else f"the shipped font {path.name}"
        raise PuzzleBookError(
            f"{label} has no glyph for {shown}, which the book prints: choose a font that has "
            f"{'them' if len(lacking) > 1 else 'it'}",
            field=ROLE_FIELDS[role] if configured else "fonts",
        )
