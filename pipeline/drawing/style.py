"""The type sizes, line weights and faces of one edition, as a drawing reads them.

Text is measured through the style (`measure`), so a drawing never loads font metrics itself: the
typesetter, which registers the fonts, hands its measure in.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from pipeline.drawing.faces import DEFAULT_FONTS, Fonts

Measure = Callable[[str, str, float], float]
"""(text, font name, size) -> width in points."""


@dataclass(frozen=True)
class Style:
    """Type sizes (pt) and line weights of one edition (typeset.layout holds the editions, every size
    and line weight printable)."""

    title: float
    subtitle: float
    heading: float
    body: float
    label: float
    folio: float
    number_share: float
    """A puzzle number's font size as a share of its cell."""
    min_number: float
    """Smallest number allowed in a puzzle grid."""
    min_answer: float
    """Smallest number allowed in an answer grid (answers are looked up, not solved, so may be smaller)."""
    max_cell: float
    thin: float
    thick: float
    gap: float
    measure: Measure
    """How wide a text is in a font at a size, in points: the typesetter's font metrics."""
    fonts: Fonts = DEFAULT_FONTS
    """The faces for text, headings, written and given numbers."""
