"""The byte each character is set with, fixed per font: so pages drawn apart encode text alike.

reportlab's TrueType fonts give a character its code (the byte in the page's content stream, and
the place of its glyph in the embedded subset) in the order the document first sets it. Two runs of
pages drawn on separate canvases would then encode the same text differently, and their streams
could not share one font. Here every font gets one fixed table instead, the same in every process:
ASCII as reportlab keeps it (readable in the stream), then Latin-1, general punctuation and a few
signs (so the text of the languages a book is written in stays in the first 256-code subset, one
font object), then every other character of the font by code point. A canvas primed with the
tables (`prime`) sets text by them and notes what it set; the document that is finally written
embeds only the glyphs some page set (`embed`), each at its table's code. (A book that sets letters far
apart in the table, Greek beside Polish, embeds a small font for each 256-code subset between them too:
reportlab writes every subset up to the last one used.)

The names a page's content stream calls the fonts by (/F1+0, /F2+0, ...) are fixed too: by the
font's place in the book's list of faces, never by first use.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import lru_cache

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

from pipeline.drawing.faces import Fonts

__all__ = ["CodeTable", "Recorder", "book_faces", "code_table", "embed", "prime"]

FIRST = (*range(0xA1, 0x100), *range(0x2010, 0x2040), 0x20AC, 0x2122, 0x2212)
"""Characters after ASCII in table order: Latin-1, general punctuation (dashes, quotes, bullet,
ellipsis), the euro, trade mark and minus signs: what a book's text needs besides ASCII."""
SPACE = 32
NO_BREAK_SPACE = 0xA0
"""reportlab sets a no-break space as a space: it never gets a code of its own."""


@dataclass(frozen=True)
class CodeTable:
    """One font's fixed codes: a character's code is `code >> 8` (its subset) and `code & 0xFF` (the
    byte in the stream), as reportlab's own assignment would have made them, in table order."""

    codes: Mapping[int, int]
    """Code point -> code, for every character the font has a glyph for."""
    subsets: tuple[tuple[int, ...], ...]
    """For each subset, the code point at each code (0 where the code holds none: the .notdef glyph)."""
    next_code: int


@lru_cache(maxsize=32)
def code_table(name: str) -> CodeTable:
    """The table of the registered TrueType font `name`: reportlab's own assignment run over the
    font's characters in the fixed order, on a scratch document (so it is reportlab's rules, ASCII
    slots and the space in every subset included, not a copy of them)."""
    font = _font(name)
    state = TTFont.State(font._asciiReadable, font)
    if state.frozen:
        raise ValueError(f"font {name} is registered as a full font; the typesetter embeds subsets")
    have = set(font.face.charToGlyph) - set(state.assignments) - {NO_BREAK_SPACE}
    order = [code for code in FIRST if code in have] + sorted(have - set(FIRST))
    scratch = _Scratch()
    font.state[scratch] = state
    try:
        font.splitString("".join(map(chr, order)), scratch)
    finally:
        del font.state[scratch]
    return CodeTable(dict(state.assignments), tuple(tuple(subset) for subset in state.subsets), state.nextCode)


class _Scratch:
    """A document stand-in: reportlab keys a font's assignments by document (weakly)."""


class Recorder(dict[int, int]):
    """The assignments a font's state holds while pages are drawn: every character of its table
    answers (reportlab asks `code in assignments` before reading `assignments[code]`), and the ones
    asked stay, so after drawing the recorder's keys are exactly the characters the font set,
    whichever canvas call set them: the glyphs to embed."""

    def __init__(self, table: CodeTable) -> None:
        super().__init__()
        self.table = table.codes

    def __contains__(self, code: object) -> bool:
        if dict.__contains__(self, code):
            return True
        if isinstance(code, int) and code in self.table:
            self[code] = self.table[code]
            return True
        return False


def book_faces(fonts: Fonts) -> tuple[str, ...]:
    """The book's fonts, each once, in the fixed order that names them F1, F2, ...: text, bold,
    number, given. A name stands for the font reportlab registered it as: reportlab gives a font whose
    face another registered font has that other font's object, so two names may be one font (one
    table, one embedded font)."""
    return tuple(dict.fromkeys(_font(name).fontName for name in (fonts.text, fonts.bold, fonts.number, fonts.given)))


def prime(canvas: Canvas, faces: Iterable[str]) -> dict[str, Recorder]:
    """Make `canvas` set text in `faces` (book_faces) by their fixed tables, under their fixed names;
    returns each face's Recorder. The states are frozen: a character outside a table (one the font
    lacks) is set as .notdef, as reportlab does, and never gets a code of its own."""
    recorders = {}
    for number, name in enumerate(faces, 1):
        font, table = _font(name), code_table(name)
        state = TTFont.State(font._asciiReadable, font)
        state.assignments = recorders[name] = Recorder(table)
        state.subsets = [list(subset) for subset in table.subsets]
        state.nextCode = table.next_code
        state.frozen = True
        state.internalName = f"{state.namePrefix}{number}"
        font.state[canvas._doc] = state
    return recorders


def embed(canvas: Canvas, faces: Iterable[str], used: Mapping[str, Iterable[int]]) -> None:
    """Have `canvas`'s document embed, under the same names as `prime` gives, the glyphs of the
    characters `used` (code points by face) at their table codes: subsets past the last one used
    are left out, and a face nothing was set in is not embedded at all."""
    doc = canvas._doc
    for number, name in enumerate(faces, 1):
        set_in = set(used.get(name, ()))
        if not set_in:
            continue
        font, table = _font(name), code_table(name)
        keep = {table.codes[code] for code in set_in if code in table.codes}
        if not keep:
            continue
        subsets = [
            _trimmed([point if point in _ALWAYS or (n << 8) + code in keep else 0 for code, point in enumerate(subset)])
            for n, subset in enumerate(table.subsets[: (max(keep) >> 8) + 1])
        ]
        state = TTFont.State(font._asciiReadable, font)
        state.subsets = subsets
        state.nextCode = table.next_code
        state.internalName = f"{state.namePrefix}{number}"
        font.state[doc] = state
        doc.fontMapping[name] = f"/{state.internalName}"
        doc.delayedFonts.append(font)


_ALWAYS = frozenset(range(SPACE, 128))
"""ASCII, which reportlab embeds in the first subset of every font whether set or not."""


def _trimmed(subset: list[int]) -> list[int]:
    """The subset without the unused codes at its end (its font's widths and glyphs stop there)."""
    end = len(subset)
    while end > 1 and subset[end - 1] == 0:
        end -= 1
    return subset[:end]


def _font(name: str) -> TTFont:
    font = pdfmetrics.getFont(name)
    if not isinstance(font, TTFont):
        raise ValueError(f"font {name} is not a TrueType font: the typesetter embeds TrueType subsets only")
    return font
