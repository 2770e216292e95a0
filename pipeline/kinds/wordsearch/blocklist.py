"""The words no word search may show, in any direction: a shipped list per language (blocklist/LANG.txt,
written for the project; each file says what it covers), in the grid's own letters."""

from __future__ import annotations

from functools import lru_cache
from importlib import resources

from pipeline.kinds.wordsearch.letters import normalize


@lru_cache(maxsize=16)
def blocked_words(language: str, umlauts: str = "keep") -> tuple[str, ...]:
    """The language's blocked words, written as its grids write them."""
    text = resources.files("pipeline.kinds.wordsearch").joinpath("blocklist", f"{language}.txt").read_text(encoding="utf-8")
    words = (line.strip() for line in text.splitlines())
    return tuple(sorted({normalize(word, language, umlauts) for word in words if word and not word.startswith("#")}))


def blocked_inside(word: str, language: str, umlauts: str = "keep") -> str | None:
    """A blocked word that `word` (a grid's word) holds, read either way, or None."""
    for bad in blocked_words(language, umlauts):
        if bad in word or bad in word[::-1]:
            return bad
    return None
