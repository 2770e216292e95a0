"""Is a file a font the book can embed? Read with fontTools, before anything is made.

reportlab embeds TrueType outlines only, so an OpenType font with PostScript (CFF) outlines is
refused with that reason, as is anything that is not a font at all.
"""

from __future__ import annotations

from pathlib import Path

FONT_SUFFIXES = (".ttf", ".otf", ".ttc")
MAX_FONT_BYTES = 64 * 1024 * 1024
"""Larger files are refused unread: the largest fonts with every script are a few tens of megabytes."""


def font_problem(path: Path) -> str | None:
    """Why the file at `path` cannot serve as a book's font, or None when it can."""
    from fontTools.ttLib import (  # loaded only when a config names a font
        TTFont,
        TTLibError,
    )

    if not path.exists():
        return f"no such font file {str(path)!r}"
    if not path.is_file():
        return f"{str(path)!r} is not a file"
    if path.stat().st_size > MAX_FONT_BYTES:
        return f"{str(path)!r} is larger than {MAX_FONT_BYTES // (1024 * 1024)} MB; no font needs that much"
    try:
        with TTFont(str(path), lazy=True) as font:
            if "glyf" not in font:
                kind = "PostScript (CFF) outlines" if "CFF " in font or "CFF2" in font else "no TrueType outlines"
                return (f"{str(path)!r} is a font with {kind}, which the PDF writer cannot embed: "
                        "use a TrueType font (.ttf, or an .otf with TrueType outlines)")
            if not font.getBestCmap():
                return f"{str(path)!r} has no Unicode character map"
    except (TTLibError, OSError, ValueError, KeyError, AssertionError) as err:
        return f"{str(path)!r} is not a TrueType or OpenType font ({err.__class__.__name__}: {err})"
    return None
