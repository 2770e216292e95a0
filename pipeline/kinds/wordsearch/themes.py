"""The themed word lists shipped for every language (themes/LANG.txt, written for the project): at
least 60 words a theme, the same theme names in every language. A section picks one with `theme:`."""

from __future__ import annotations

from functools import lru_cache
from importlib import resources

from pipeline.errors import PuzzleBookError

MIN_LENGTH = 3
"""Shorter words (German EI, French OS) stay out of the themes' grids: they turn up by chance."""


@lru_cache(maxsize=8)
def themes(language: str) -> dict[str, tuple[str, ...]]:
    """Theme name -> its words as written (not yet in the grid's letters), in the file's order."""
    text = resources.files("pipeline.kinds.wordsearch").joinpath("themes", f"{language}.txt").read_text(encoding="utf-8")
    found: dict[str, tuple[str, ...]] = {}
    for line in text.splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        name, _, words = line.partition(":")
        found[name.strip()] = tuple(word.strip() for word in words.split(",") if word.strip())
    return found


def theme_words(language: str, name: str) -> tuple[str, ...]:
    """The words of theme `name` in `language`; PuzzleBookError listing the themes for another name."""
    shipped = themes(language)
    if name not in shipped:
        raise PuzzleBookError(f"unknown theme {name!r}; the themes (the same in every language) are: "
                              f"{', '.join(sorted(shipped))}")
    return shipped[name]
