"""Which font plays which part in a book: a plain record, so a drawing's Style can carry it without reportlab.

The shipped faces are DejaVu Sans and DejaVu Sans Bold (fonts.py registers them); a config's own
fonts replace them (fonts.py checks and registers those too).
"""

from __future__ import annotations

from dataclasses import dataclass

REGULAR = "DejaVuSans"
BOLD = "DejaVuSans-Bold"
DIGIT_HEIGHT = 0.729
"""Height of DejaVu's digits (Vera's) as a share of the font size, for centring numbers in cells."""


@dataclass(frozen=True)
class Fonts:
    """The four parts a book's type plays, each a registered font name, and the files behind them.

    text: running text; bold: titles, headings and labels; number: the numbers a solver writes
    (answer pages); given: the printed numbers of a puzzle.
    """

    text: str = REGULAR
    bold: str = BOLD
    number: str = REGULAR
    given: str = BOLD
    digit_height: float = DIGIT_HEIGHT
    """Height of the number faces' digits as a share of their size."""
    files: tuple[tuple[str, str], ...] = ()
    """(font name, file as the config gave it) for a config's own fonts, for messages that name them."""

    def file_of(self, name: str) -> str:
        return dict(self.files).get(name, f"the shipped {name}")


DEFAULT_FONTS = Fonts()
