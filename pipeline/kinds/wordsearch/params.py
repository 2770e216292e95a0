"""A word search's parameters: its boards, its words (a list, a file, or a shipped theme), how many
a puzzle holds, its letters' language, and its variants (a hidden message; "find N words").

Declared once: a book's section and `generate` read it. Checked when the config loads, naming the
words at fault: words no board can hold, words that are a blocked word (either way round: one that
merely holds one, as GRASS holds ASS, is fine), and word pairs where one holds the other (the longer
would show the shorter twice). Which words puzzle i of a book's section gets is decided here too
(`puzzle_words`), from the book seed and the section alone, so no word comes back in a section before
its theme runs out.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from pathlib import Path
from typing import Any, ClassVar

from pydantic import Field, PrivateAttr, ValidationInfo, field_validator, model_validator

from pipeline.errors import PuzzleBookError
from pipeline.kinds.params import BookPart, Params, file_beside_config
from pipeline.kinds.section import ShapeSpec, one_or_list
from pipeline.kinds.wordsearch.blocklist import blocked_as, blocked_message
from pipeline.kinds.wordsearch.board import board_mask, runs
from pipeline.kinds.wordsearch.generate import LEVEL_DIRECTIONS
from pipeline.kinds.wordsearch.grade import LEVELS
from pipeline.kinds.wordsearch.grid import DIRECTIONS, ListStyle, Show, contained
from pipeline.kinds.wordsearch.letters import Language, Umlauts, normalize
from pipeline.kinds.wordsearch.themes import MIN_LENGTH, theme_words, themes
from pipeline.seeds import derive_seed
from pipeline.specs import FieldError
from pipeline.textfile import read_text_file

MIN_WORDS, MAX_WORDS = 4, 60
MAX_MESSAGE = 60
REDEALS = 20
"""Times a puzzle dealt an earlier puzzle's words is dealt again before it keeps them."""
POOL = 40
"""Words a hidden-message puzzle may add to its list to leave exactly the message's cells."""
FILL = {"easy": 0.5, "medium": 0.55, "hard": 0.6, "expert": 0.6}
"""The share of a board a puzzle's chosen words may fill, at most, when the section has words to spare:
less where words may not cross or run backwards, as they then need more room."""


class WordSearchParams(Params):
    """Puzzle i (from 1) takes shapes[(i-1) % n] and the next `words_per_puzzle` words of the section's list."""

    kinds: ClassVar[dict[str, str]] = {"wordsearch": "find every listed word in the grid of letters"}
    misplaced_hint: ClassVar[str] = "a wordsearch section's words come from 'words', 'words_file' or 'theme'"
    shapes: list[ShapeSpec] = Field(
        default_factory=lambda: [ShapeSpec(name="square", size=15)],
        description="one shape or a list (square, rectangles by width and height, cross, rhombus, cloud, a mask file "
        "such as heart); 8 to 30 cells a side, mask files scaled to size (default 15)",
        json_schema_extra={"one_or_list": True},
    )
    words: list[str] | None = Field(None, min_length=MIN_WORDS, description="the words to hide (or words_file, or theme)")
    words_file: str | None = Field(None, description="a text file of words, one a line, beside the config")
    theme: str | None = Field(None, description="a shipped theme: " + ", ".join(sorted(themes("en"))))
    words_per_puzzle: int | None = Field(
        None, ge=MIN_WORDS, le=MAX_WORDS, description="words each puzzle hides (default 15, or all words given when fewer)"
    )
    language: Language | None = Field(
        None, description="the letters' language (default the book's)"
    )
    umlauts: Umlauts = Field(
        "keep", description="German only: keep Ä, Ö and Ü as letters (as German puzzle books print them) or fold "
        "them to AE, OE and UE"
    )
    message: str | None = Field(None, min_length=1, max_length=MAX_MESSAGE,
                                description="a hidden message: the letters no word uses spell it, row by row")
    show: Show = Field(
        "list", description="list: print the words to find; count: print only how many words hide in the grid"
    )
    list_style: ListStyle = Field(
        "alphabetical", description="the word list in alphabetical columns, or grouped by length"
    )
    _book: BookPart = PrivateAttr(default_factory=lambda: BookPart("en", 0, "", 1, ()))
    _file_words: tuple[str, ...] = PrivateAttr(())
    _plan: list[tuple[list[str], list[str]]] = PrivateAttr(default_factory=list)
    _usable: tuple[str, ...] | None = PrivateAttr(None)

    @field_validator("shapes", mode="before")
    @classmethod
    def _one_shape_or_list(cls, value: Any) -> Any:
        return one_or_list(value)

    @field_validator("words_file")
    @classmethod
    def _readable(cls, value: str | None, info: ValidationInfo) -> str | None:
        return file_beside_config(value, info.context)

    @model_validator(mode="after")
    def _one_source_and_boards(self) -> WordSearchParams:
        given = [key for key in ("words", "words_file", "theme") if getattr(self, key) is not None]
        if len(given) != 1:
            raise FieldError("give the words one way: words (a list), words_file or theme"
                             + (f", not {' and '.join(given)}" if given else ""), (given[1] if len(given) > 1 else "words",))
        for i, shape in enumerate(self.shapes):
            try:
                board_mask(shape.given())
            except PuzzleBookError as err:
                raise FieldError(err.message, ("shapes", i)) from None
        return self

    def check_for(self, kind: str, levels: Sequence[str]) -> None:
        if self.message is not None and "expert" in levels:
            raise FieldError("a hidden-message puzzle cannot be expert (its free letters spell the message, "
                             "so no decoys can hide there): use easy, medium or hard", ("message",))

    # ------------------------------------------------------------------ the book's part

    def in_book(self, book: BookPart) -> WordSearchParams:
        """These parameters in their book: the book's language unless they name their own, their words
        read and checked in that language's letters."""
        section = self.model_copy(update={"language": self.language or book.language})
        section._book = book
        section._file_words = section.read_file_words()
        section._usable, section._plan = None, []
        section._check_words()
        return section

    def read_file_words(self) -> tuple[str, ...]:
        """The words of `words_file`, one a line (blank lines and # comments left out)."""
        if self.words_file is None:
            return ()
        lines = read_text_file(Path(self.words_file)).splitlines()
        return tuple(line.strip() for line in lines if line.strip() and not line.strip().startswith("#"))

    @property
    def letters_language(self) -> Language:
        return self.language or "en"

    def written(self) -> list[str]:
        """The section's words as written (before the grid's letters)."""
        if self.theme is not None:
            return list(theme_words(self.letters_language, self.theme))
        return list(self.words or self._file_words)

    def _longest(self) -> int:
        """The longest word every board takes in every level's directions."""
        longest = 99
        for shape in self.shapes:
            mask = board_mask(shape.given())
            for level in self._book.levels:
                directions = tuple(DIRECTIONS[d] for d in LEVEL_DIRECTIONS[level])
                longest = min(longest, runs(mask, directions))
        return longest

    def usable(self) -> list[str]:
        """`_find_usable`'s words, found once: the checks, the letter budget and the plan all ask."""
        if self._usable is None:
            self._usable = tuple(self._find_usable())
        return list(self._usable)

    def _find_usable(self) -> list[str]:
        """The words in the grid's letters that can go in: for a theme, those that fit and are no
        blocked word, either way round (each once); for a list, all of them (checked when loaded)."""
        language, umlauts = self.letters_language, self.umlauts
        out: list[str] = []
        longest = self._longest()
        for word in self.written():
            try:
                grid_word = normalize(word, language, umlauts)
            except ValueError:
                continue
            if MIN_LENGTH <= len(grid_word) <= longest and not blocked_as(grid_word, language, umlauts):
                if grid_word not in out:
                    out.append(grid_word)
        return out

    def _check_words(self) -> None:
        field = "theme" if self.theme is not None else "words" if self.words is not None else "words_file"
        language, umlauts = self.letters_language, self.umlauts
        if self.theme is not None:
            try:
                theme_words(language, self.theme)
            except PuzzleBookError as err:
                raise FieldError(err.message, ("theme",)) from None
        else:
            grid_words = []
            for i, word in enumerate(self.written()):
                where: tuple[str | int, ...] = ("words", i) if self.words is not None else ("words_file",)
                try:
                    grid_word = normalize(word, language, umlauts)
                except ValueError as err:
                    raise FieldError(str(err), where) from None
                if len(grid_word) < MIN_LENGTH:
                    raise FieldError(f"{word!r} is shorter than {MIN_LENGTH} letters", where)
                bad = blocked_as(grid_word, language, umlauts)
                if bad:
                    raise FieldError(blocked_message(word, grid_word, bad, language), where)
                grid_words.append(grid_word)
            longest = self._longest()
            too_long = [word for word, grid_word in zip(self.written(), grid_words) if len(grid_word) > longest]
            if too_long:
                raise FieldError(f"no board of the section holds {', '.join(map(repr, too_long))} in every level's "
                                 f"directions (at most {longest} letters): shorten them or use a larger shape", (field,))
            pair = contained(grid_words)
            if pair:
                raise FieldError(f"{pair[1]!r} holds {pair[0]!r}, so {pair[0]!r} would be found twice: keep them in "
                                 "different sections", (field,))
            twice = next((word for i, word in enumerate(grid_words) if word in grid_words[:i]), None)
            if twice is not None:
                raise FieldError(f"{twice!r} is listed twice", (field,))
        available = len(self.usable())
        if available < MIN_WORDS:
            raise FieldError(f"only {available} of the words fit the section's boards", (field,))
        if self.words_per_puzzle is not None and self.words_per_puzzle > available:
            raise FieldError(f"only {available} words are available, fewer than words_per_puzzle", ("words_per_puzzle",))
        if self.message is not None:
            try:
                normalize(self.message, language, umlauts)
            except ValueError as err:
                raise FieldError(str(err), ("message",)) from None

    def per_puzzle(self) -> int:
        available = len(self.usable())
        return self.words_per_puzzle or min(15, available)

    def letter_budget(self) -> int | None:
        """The most letters a puzzle's words may hold when the section has words to choose from:
        FILL of its smallest board at its easiest level, so words keep room to lie apart, to cross and
        for decoys; None when every puzzle holds all the section's words."""
        if len(self.usable()) <= self.per_puzzle():
            return None
        share = min(FILL[level] for level in self._book.levels)
        return int(share * min(sum(map(sum, board_mask(shape.given()))) for shape in self.shapes))

    def puzzle_words(self, index: int) -> tuple[list[str], list[str]]:
        """Puzzle `index`'s words, and (for a hidden message) the pool it may add from."""
        if len(self._plan) < self._book.count:
            self._plan = self._make_plan()[self._book.before:]
        return self._plan[index - 1]

    def _make_plan(self) -> list[tuple[list[str], list[str]]]:
        """Every puzzle's words, in book order (in a series, from its first volume's first puzzle): the
        section's usable words in an order drawn from the book seed and the section, each puzzle taking
        the next words_per_puzzle of them that fit
        together (none holding another, within the letter budget). A word passed over waits for the
        next puzzle, so none comes back before every word has had its turn.

        A puzzle dealt the same words as an earlier one on the same shape would be that puzzle again
        (a repeat, whatever its seed): it is dealt again from the words in a new order, drawn from its
        place, up to REDEALS times; no other puzzle's words change."""
        order = self.usable()
        if self.theme is not None:
            random.Random(derive_seed(self._book.seed, "words", self._book.name, self.theme,
                                      self.letters_language)).shuffle(order)
        wanted, budget = self.per_puzzle(), self.letter_budget()
        waiting: list[str] = []
        plan: list[tuple[list[str], list[str]]] = []
        dealt: set[tuple[frozenset[str], str]] = set()
        for index in range(self._book.before + self._book.count):
            shape = self.shapes[index % self._book.count % len(self.shapes)].model_dump_json()  # its volume's
            before = list(waiting)
            for redeal in range(REDEALS + 1):
                waiting, dealing = list(before), order
                if redeal:
                    dealing = list(order)
                    random.Random(derive_seed(self._book.seed, "words", self._book.name, index, redeal)).shuffle(dealing)
                    waiting = [word for word in dealing if word in before]
                chosen = self._deal(waiting, dealing, wanted, budget)
                if (frozenset(chosen), shape) not in dealt:
                    break
            dealt.add((frozenset(chosen), shape))
            pool: list[str] = []
            if self.message is not None:
                for word in [*waiting, *order]:
                    if len(pool) < POOL and word not in chosen and word not in pool and contained([*chosen, *pool, word]) is None:
                        pool.append(word)
            plan.append((chosen, pool))
        return plan

    @staticmethod
    def _deal(waiting: list[str], order: list[str], wanted: int, budget: int | None) -> list[str]:
        """One puzzle's words: the waiting ones first, then (when they run short) the rest in `order`,
        each taken when it fits with those chosen; `waiting` keeps the words passed over."""
        chosen: list[str] = []
        for refill in (False, True):
            if refill or not waiting:
                waiting += [word for word in order if word not in waiting and word not in chosen]
            for word in list(waiting):
                if len(chosen) == wanted:
                    break
                letters = sum(map(len, chosen)) + len(word) + (wanted - len(chosen) - 1) * MIN_LENGTH
                if (budget is None or letters <= budget) and contained([*chosen, word]) is None:
                    chosen.append(word)
                    waiting.remove(word)
            if len(chosen) == wanted:
                break
        return chosen
