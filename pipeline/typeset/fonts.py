"""The two TrueType faces every page uses (Bitstream Vera, shipped inside reportlab), registered once.

Books must embed every font they use: nothing here may name a base-14 font such as Helvetica.
"""

from __future__ import annotations

from pathlib import Path

import reportlab
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

REGULAR = "Vera"
BOLD = "VeraBd"
_FILES = {REGULAR: "Vera.ttf", BOLD: "VeraBd.ttf"}
DIGIT_HEIGHT = 0.729
"""Height of Vera's digits as a share of the font size, for centring numbers on a cell's middle."""


def register_fonts() -> None:
    """Make Vera and Vera Bold known to reportlab; safe to call for every book."""
    folder = Path(reportlab.__file__).parent / "fonts"
    registered = set(pdfmetrics.getRegisteredFontNames())
    for name, file in _FILES.items():
        if name not in registered:
            pdfmetrics.registerFont(TTFont(name, str(folder / file)))


def text_width(text: str, font: str, size: float) -> float:
    """Width of `text` set in `font` at `size` points."""
    register_fonts()
    return pdfmetrics.stringWidth(text, font, size)
