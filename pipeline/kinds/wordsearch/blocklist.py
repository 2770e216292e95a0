"""The words no puzzle may print: a shipped list per language (blocklist/LANG.txt, written for the
project; each file says what it covers, which source informed it and under which licence), in the
grid's own letters.

A word search may show a blocked word only inside one listed word's own letters, along it (GRASS
holds ASS, PEACOCK holds COCK: the word is printed in the list anyway); anywhere else, in any of the
eight directions, never. A word that is itself a blocked word, either way round, is never listed.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from importlib import resources

from pipeline.kinds.wordsearch.grid import Placement
from pipeline.kinds.wordsearch.letters import LANGUAGE_NAMES, normalize
from pipeline.kinds.wordsearch.search import occurrences


@lru_cache(maxsize=16)
def blocked_words(language: str, umlauts: str = "keep") -> tuple[str, ...]:
    """The language's blocked words, written as its grids write them."""
    text = resources.files("pipeline.kinds.wordsearch").joinpath("blocklist", f"{language}.txt").read_text(encoding="utf-8")
    words = (line.strip() for line in text.splitlines())
    return tuple(sorted({normalize(word, language, umlauts) for word in words if word and not word.startswith("#")}))


@lru_cache(maxsize=16)
def _blocked_set(language: str, umlauts: str) -> frozenset[str]:
    return frozenset(blocked_words(language, umlauts))


def blocked_as(word: str, language: str, umlauts: str = "keep", *, backwards: bool = True) -> str | None:
    """The blocked word that `word` (a grid's word) is, or (with `backwards`) reads as from its last
    letter to its first, or None. Only whole words count: PEACOCK is not COCK."""
    blocked = _blocked_set(language, umlauts)
    for reading in (word, word[::-1]) if backwards else (word,):
        if reading in blocked:
            return reading
    return None


def blocked_message(word: str, grid_word: str, bad: str, language: str) -> str:
    """Why a word to list that is a blocked word (or reads as one backwards) cannot go in, naming it."""
    reads = f"is {bad!r}" if bad == grid_word else f"reads {bad!r} backwards"
    return (f"{word!r} {reads}, a word the {LANGUAGE_NAMES[language]} blocklist keeps out of every grid: leave it "
            "out (a word that only holds one, as GRASS holds ASS, is fine)")


def stray_blocked(rows: tuple[str, ...] | list[str], listed: Iterable[Placement], language: str,
                  umlauts: str = "keep") -> list[Placement]:
    """Every blocked word reading in `rows` that does not lie inside the cells of one `listed` word
    (so along it, either way): the readings that keep a grid from print."""
    inside = [frozenset(placement.cells()) for placement in listed]
    return [reading for where in occurrences(rows, blocked_words(language, umlauts)).values()
            for reading in where if not any(frozenset(reading.cells()) <= cells for cells in inside)]
