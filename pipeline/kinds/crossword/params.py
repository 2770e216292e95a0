"""A crossword's and a fill-in's parameters: where the words come from (a shipped theme, the config,
or a file beside it), how many a puzzle holds, the grid's size, the letters' language, and whether a
fill-in may print a starter word. Declared once: a book's section and `generate` read it.

Checked when the config loads, naming the word at fault: letters no grid holds, a blocked word, a
clue holding its answer, a crossword word without a clue. Which words puzzle i of a section is dealt
is decided here too (`dealt`), from the book seed and the section alone.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from pathlib import Path
from typing import ClassVar

from pydantic import Field, PrivateAttr, ValidationInfo, field_validator, model_validator

from pipeline.errors import PuzzleBookError
from pipeline.kinds.crossword.clues import Clued, clue_themes, clued_problem, parse_clued, theme_clues
from pipeline.kinds.crossword.levels import CROSSWORD_BANDS, FILLIN_BANDS, MOST_WORDS, Band, crossword_level, words_per_puzzle
from pipeline.kinds.crossword.puzzle import MAX_SIDE
from pipeline.kinds.params import BookPart, Params, file_beside_config
from pipeline.kinds.wordsearch.letters import Language, Umlauts, normalize
from pipeline.kinds.wordsearch.themes import theme_words
from pipeline.seeds import derive_seed
from pipeline.specs import FieldError
from pipeline.textfile import read_text_file

MIN_WORDS = 4
MIN_SIZE = 7


def bands_for(kind: str) -> dict[str, Band]:
    return CROSSWORD_BANDS if kind == "crossword" else FILLIN_BANDS


class WordsParams(Params):
    """Puzzle i (from 1) takes the next words of the section's list (a theme's in an order drawn from the
    book seed, a user's in their order), as many as words_per_puzzle or its level's default."""

    kinds: ClassVar[dict[str, str]] = {
        "crossword": "write the answer to each numbered clue in the squares, across or down",
        "fillin": "fit every listed word into the grid, across or down, so that crossing words share letters",
    }
    misplaced_hint: ClassVar[str] = "a crossword's words come from 'theme', 'clues' or 'words_file'"
    theme: str | None = Field(None, description="a shipped theme: " + ", ".join(sorted(clue_themes("en"))))
    clues: dict[str, str] | None = Field(None, description="the words and their clues: in a config a mapping of word: "
                                                           "clue, on the command line 'word: clue; word: clue'")
    words: list[str] | None = Field(None, min_length=MIN_WORDS, description="the words to fit (a fill-in's)")
    words_file: str | None = Field(None, description="a text file beside the config: one 'word: clue' a line (a "
                                                     "fill-in's file may give words alone)")
    words_per_puzzle: int | None = Field(None, ge=MIN_WORDS, le=MOST_WORDS,
                                         description="words each puzzle holds (default its level's: crossword easy 8, "
                                                     "medium 13, hard 18, expert 26; fill-in easy 13, medium 18, hard 24, "
                                                     "expert 29)")
    size: int | None = Field(None, ge=MIN_SIZE, le=MAX_SIDE,
                             description="the grid's largest side in squares (default its level's: 11, 13, 15 or 19 for a "
                                         "crossword, 13 to 19 for a fill-in)")
    language: Language | None = Field(None, description="the words' language (default the book's)")
    umlauts: Umlauts = Field("keep", description="German only: keep Ä, Ö and Ü as letters or fold them to AE, OE, UE")
    no_starter: bool = Field(False, description="a fill-in prints no starter word: only grids that fill one way "
                                                "empty (else a grid that would fill two ways may print one word)")
    _book: BookPart = PrivateAttr(default_factory=lambda: BookPart("en", 0, "", 1, ()))
    _file: tuple[Clued, ...] = PrivateAttr(())

    @field_validator("words_file")
    @classmethod
    def _readable(cls, value: str | None, info: ValidationInfo) -> str | None:
        return file_beside_config(value, info.context)

    @field_validator("clues", mode="before")
    @classmethod
    def _clue_pairs(cls, value: object) -> object:
        """The command line's 'word: clue; word: clue' as the mapping a config gives."""
        if not isinstance(value, str):
            return value
        pairs = [part.partition(":") for part in value.split(";") if part.strip()]
        bad = next((word for word, colon, clue in pairs if not colon or not word.strip() or not clue.strip()), None)
        if bad is not None:
            raise ValueError(f"{bad.strip()!r} is not 'word: clue' (pairs are separated by ';')")
        return {word.strip(): clue.strip() for word, _, clue in pairs}

    @model_validator(mode="after")
    def _one_source(self) -> WordsParams:
        given = [key for key in ("theme", "clues", "words", "words_file") if getattr(self, key) is not None]
        if len(given) != 1:
            raise FieldError("give the words one way: theme, clues, words or words_file"
                             + (f", not {' and '.join(given)}" if given else ""),
                             (given[1] if len(given) > 1 else "theme",))
        return self

    @property
    def letters_language(self) -> Language:
        return self.language or "en"

    def in_book(self, book: BookPart) -> WordsParams:
        section = self.model_copy(update={"language": self.language or book.language})
        section._book = book
        section._file = section.read_file()
        section.usable()
        return section

    def read_file(self) -> tuple[Clued, ...]:
        """The clued words of `words_file` (a line without a colon is a word without a clue)."""
        if self.words_file is None:
            return ()
        text = read_text_file(Path(self.words_file))
        lines = [line if ":" in line or not line.strip() or line.strip().startswith("#") else f"{line}: -"
                 for line in text.splitlines()]
        found = parse_clued("\n".join(lines), self.words_file, sections=False)[""]
        return tuple(Clued(item.word, "" if item.clue == "-" else item.clue, item.line) for item in found)

    def written(self) -> tuple[Clued, ...]:
        """The section's clued words as written (a fill-in's words have the clue '')."""
        if self.theme is not None:
            try:
                clued = theme_clues(self.letters_language, self.theme)
            except PuzzleBookError as err:
                raise FieldError(err.message, ("theme",)) from None
            known = {normalize(item.word, self.letters_language, self.umlauts) for item in clued}
            extra = tuple(Clued(word, "") for word in theme_words(self.letters_language, self.theme)
                          if _answer(word, self.letters_language, self.umlauts) not in known)
            return clued + extra
        if self.clues is not None:
            return tuple(Clued(word, clue) for word, clue in self.clues.items())
        if self.words is not None:
            return tuple(Clued(word, "") for word in self.words)
        if not self._file:
            self._file = self.read_file()
        return self._file

    def usable(self, kind: str = "fillin") -> list[Clued]:
        """The words a puzzle may take, each answer once: for a theme those that pass every check (a
        crossword's with a clue); for the user's own, all of them, or FieldError naming the first that
        cannot go in."""
        language, umlauts = self.letters_language, self.umlauts
        out: list[Clued] = []
        seen: set[str] = set()
        field = next(key for key in ("theme", "clues", "words", "words_file") if getattr(self, key) is not None)
        for i, item in enumerate(self.written()):
            problem = clued_problem(item if item.clue else Clued(item.word, "-"), language, umlauts)
            if problem is None and kind == "crossword" and not item.clue:
                problem = f"{item.word!r} has no clue"
            answer = _answer(item.word, language, umlauts)
            if problem is None and answer in seen:
                problem = f"{item.word!r} is listed twice"
            if problem is not None:
                if self.theme is not None:
                    continue
                where: tuple[str | int, ...] = (field, item.word) if field == "clues" else (field, i) \
                    if field == "words" else (field,)
                raise FieldError(problem + (f" (line {item.line})" if item.line else ""), where)
            seen.add(answer)
            out.append(item)
        return out

    def check_for(self, kind: str, levels: Sequence[str]) -> None:
        """A crossword has clues; every level asked for can take the section's words."""
        if kind == "crossword" and self.words is not None:
            raise FieldError("a crossword needs a clue for each word: give 'clues' (word: clue), a words_file of "
                             "'word: clue' lines, or a theme", ("words",))
        available = len(self.usable(kind))
        if available < MIN_WORDS:
            field = next(key for key in ("theme", "clues", "words", "words_file") if getattr(self, key) is not None)
            raise FieldError(f"only {available} usable words; a puzzle needs at least {MIN_WORDS}", (field,))
        bands = bands_for(kind)
        for level in levels:
            wanted = self.per_puzzle(kind, level)
            if wanted > available:
                raise FieldError(f"{_a(level)} {kind} takes {wanted} words and only {available} are available: give "
                                 "more words or set words_per_puzzle", ("words_per_puzzle",))
            if kind == "crossword" and crossword_level(wanted) != level:
                low, high = bands[level].words
                raise FieldError(f"a crossword of {wanted} words is {crossword_level(wanted)}; {_a(level)} one holds "
                                 f"{low} to {high} words: set words_per_puzzle so, or ask for that level",
                                 ("words_per_puzzle",))

    def per_puzzle(self, kind: str, level: str) -> int:
        """The words a puzzle of `level` holds (levels.words_per_puzzle)."""
        return words_per_puzzle(bands_for(kind)[level], self.words_per_puzzle, len(self.usable(kind)),
                                self.theme is None)

    def dealt(self, kind: str, index: int) -> list[Clued]:
        """Puzzle `index`'s words in the order it tries them (the first ones it takes, the rest spares):
        the section's list turned so each puzzle starts past the previous ones' words; a theme's list
        shuffled once from the book seed first."""
        order = self.usable(kind)
        if self.theme is not None:
            random.Random(derive_seed(self._book.seed, "words", self._book.name, self.theme,
                                      self.letters_language)).shuffle(order)
        step = max(self.per_puzzle(kind, level) for level in self._book.levels or ("medium",))
        start = ((self._book.before + index - 1) * step) % len(order)
        return order[start:] + order[:start]



def _a(level: str) -> str:
    """'an easy', 'an expert', 'a hard': the level with its article."""
    return f"{'an' if level[0] in 'aeiou' else 'a'} {level}"


def _answer(word: str, language: str, umlauts: str) -> str:
    try:
        return normalize(word, language, umlauts)
    except ValueError:
        return ""
