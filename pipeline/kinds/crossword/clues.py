"""The clued words crosswords are made from: the shipped lists (clues/LANG.txt, written for the
project: the word search's themes, at least 40 clued words each, in every book language) and a
user's own file of the same form.

A list is one clued word a line: the word as people write it, a colon, its clue; a shipped file
groups them under [theme] headers. Words are turned into the grid's letters (capitals, accents folded
as the language's puzzle books fold them) by wordsearch.letters.normalize.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources

from pipeline.errors import PuzzleBookError
from pipeline.kinds.wordsearch.blocklist import blocked_as, blocked_words
from pipeline.kinds.wordsearch.letters import LANGUAGE_NAMES, normalize

MIN_LETTERS, MAX_LETTERS = 3, 15
"""An answer's letters: shorter ones are codes, not words; longer ones crowd every grid."""
MAX_CLUE = 120


@dataclass(frozen=True)
class Clued:
    """A word and its clue, with the line it was read from."""

    word: str
    clue: str
    line: int = 0


def parse_clued(text: str, source: str, *, sections: bool) -> dict[str, tuple[Clued, ...]]:
    """`text`'s clued words (by [theme] when `sections`, else all under ''); PuzzleBookError naming the
    file and line of a line that is not `word: clue`."""
    found: dict[str, list[Clued]] = {} if sections else {"": []}
    current = None if sections else ""
    for number, line in enumerate(text.splitlines(), 1):
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continue
        if sections and stripped.startswith("[") and stripped.endswith("]"):
            current = stripped[1:-1].strip()
            found.setdefault(current, [])
            continue
        word, colon, clue = stripped.partition(":")
        if not colon or not word.strip() or not clue.strip():
            raise PuzzleBookError("not 'word: clue' (a word, a colon, its clue)",
                                  source=source, line=number)
        if current is None:
            raise PuzzleBookError("a clued word before any [theme] header", source=source, line=number)
        found[current].append(Clued(word.strip(), clue.strip(), number))
    return {name: tuple(words) for name, words in found.items()}


@lru_cache(maxsize=8)
def clue_themes(language: str) -> dict[str, tuple[Clued, ...]]:
    """Theme name -> its clued words, as the shipped file for `language` lists them."""
    text = resources.files("pipeline.kinds.crossword").joinpath("clues", f"{language}.txt").read_text(encoding="utf-8")
    return parse_clued(text, f"clues/{language}.txt", sections=True)


def theme_clues(language: str, name: str) -> tuple[Clued, ...]:
    """The clued words of theme `name`; PuzzleBookError listing the themes for another name."""
    shipped = clue_themes(language)
    if name not in shipped:
        raise PuzzleBookError(f"unknown theme {name!r}; the themes (the same in every language) are: "
                              f"{', '.join(sorted(shipped))}")
    return shipped[name]


def answer_of(word: str, language: str, umlauts: str = "keep") -> str:
    """The word in the grid's letters; ValueError naming what no grid holds."""
    return normalize(word, language, umlauts)


def clue_gives_away(answer: str, clue: str, language: str, umlauts: str = "keep") -> bool:
    """Whether a word of the clue holds the answer (its letters, accents folded): CAT in 'a cat's toy'."""
    for token in re.findall(r"\w+", clue):
        try:
            if answer in normalize(token, language, umlauts):
                return True
        except ValueError:
            continue
    return False


def clued_problem(item: Clued, language: str, umlauts: str = "keep") -> str | None:
    """Why a clued word cannot be a crossword's entry, or None: letters no grid holds, a length out of
    range, a blocked answer or clue word, a clue holding its answer, a clue too long."""
    try:
        answer = answer_of(item.word, language, umlauts)
    except ValueError as err:
        return str(err)
    if not MIN_LETTERS <= len(answer) <= MAX_LETTERS:
        return f"{item.word!r} has {len(answer)} letters; an answer has {MIN_LETTERS} to {MAX_LETTERS}"
    bad = blocked_as(answer, language, umlauts, backwards=False)
    if bad:
        return f"{item.word!r} is a word the {LANGUAGE_NAMES[language]} blocklist keeps out of every puzzle"
    blocked = set(blocked_words(language, umlauts))
    for token in re.findall(r"\w+", item.clue):
        try:
            if normalize(token, language, umlauts) in blocked:
                return f"the clue for {item.word!r} says {token!r}, a word the blocklist keeps out of every puzzle"
        except ValueError:
            continue
    if clue_gives_away(answer, item.clue, language, umlauts):
        return f"the clue for {item.word!r} holds the answer itself"
    if len(item.clue) > MAX_CLUE:
        return f"the clue for {item.word!r} is {len(item.clue)} characters; a clue has at most {MAX_CLUE}"
    return None
