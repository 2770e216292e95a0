"""Word search behind the kinds' one face: letters in a shaped grid, every listed word there exactly once.

Each method hands over to this package's engine (letters, board, search, generate, grade, textformat,
show); nothing here searches or draws. A record's grid is {"rows", "words", "show", "list_style",
"message" (what the unused letters spell, "" for none; printed with the answer only), and "prompt"
when the list is not shown}; its solution is [[word, row, column, direction], ...].
"""

from __future__ import annotations

import json

import random
from collections.abc import Iterable, Mapping
from functools import cached_property
from typing import TYPE_CHECKING, Any

from pipeline.drawing import Drawing
from pipeline.errors import PuzzleBookError
from pipeline.i18n import N_, words_for
from pipeline.kinds.base import Fingerprint, Kind, record_meta
from pipeline.kinds.result import SolveResult
from pipeline.kinds.wordsearch.blocklist import blocked_as, blocked_message, stray_blocked
from pipeline.kinds.wordsearch.board import board_mask, runs
from pipeline.kinds.wordsearch.canon import wordsearch_fingerprint
from pipeline.kinds.wordsearch.generate import LEVEL_DIRECTIONS, WordSearchJob, generate
from pipeline.kinds.wordsearch.grade import LEVELS, NAMES, as_placements, grade
from pipeline.kinds.wordsearch.grid import (
    BLOCKED,
    DIRECTIONS,
    EMPTY,
    SHOW,
    Solution,
    WordSearch,
    contained,
    grid_problem,
    message_letters,
    unused_letters,
)
from pipeline.kinds.wordsearch.guide import FIND_COUNT, WORDSEARCH_GUIDE
from pipeline.kinds.wordsearch.letters import LANGUAGE_NAMES, LANGUAGES, UMLAUTS, alphabet, normalize
from pipeline.kinds.wordsearch.search import occurrences
from pipeline.kinds.wordsearch.show import wordsearch_card, wordsearch_text
from pipeline.kinds.wordsearch.textformat import (
    WordSearchText,
    format_wordsearches,
    looks_like_wordsearch,
    parse_wordsearches,
    solution_lines,
)
from pipeline.kinds.wordsearch.themes import theme_words
from pipeline.seeds import derive_seed
from pipeline.shapes import DEFAULT_SHAPE, ShapeGiven

if TYPE_CHECKING:
    from pipeline.kinds.record import PuzzleRecord
    from pipeline.kinds.wordsearch.params import WordSearchParams

DEFAULT_WORDS = 15
DEFAULT_THEME = "animals"


def _job(params: WordSearchParams, shape: ShapeGiven, words: list[str], pool: list[str]) -> WordSearchJob:
    """One puzzle's job from the kind's parameters: its board and words, and for a hidden message the
    message and the pool of words it may add (a book's plan or `generate` chose both)."""
    job = WordSearchJob(shape=shape, language=params.letters_language, umlauts=params.umlauts, words=words,
                        show=params.show, list_style=params.list_style)
    if params.message is not None:
        job["message"], job["pool"] = params.message.strip(), pool
    return job


def _grid(puzzle: WordSearch) -> dict[str, Any]:
    grid: dict[str, Any] = {"rows": list(puzzle.rows), "words": list(puzzle.words), "show": puzzle.show,
                            "list_style": puzzle.list_style, "message": puzzle.message}
    if puzzle.show == "count":
        grid["prompt"] = words_for(puzzle.language)(FIND_COUNT, count=len(puzzle.words))
    return grid


class WordSearchKind(Kind[WordSearch, Solution, WordSearchJob]):
    """Find every listed word in a grid of letters, in a straight line, in any allowed direction."""

    name = "wordsearch"
    title = N_("Word search")
    family = "wordsearch"
    levels = LEVELS
    technique_names = NAMES
    guide = WORDSEARCH_GUIDE

    @property
    def params(self) -> type[WordSearchParams]:
        from pipeline.kinds.wordsearch.params import WordSearchParams

        return WordSearchParams

    def stated(self, options: Mapping[str, Any]) -> WordSearchParams:
        """On the command line the words are the animals theme unless --words or --words-file say
        otherwise, and the board is a square of the shape's own default size unless a shape is given."""
        sources = ("words", "words_file", "theme")
        given = dict(options)
        if not any(given.get(key) is not None for key in sources):
            given["theme"] = DEFAULT_THEME
        given["shapes"] = [{"name": DEFAULT_SHAPE, **(given.get("shapes") or [{}])[0]}]
        return self.params.model_validate(given)

    def single_job(self, params: WordSearchParams, difficulty: str, seed: int) -> WordSearchJob:
        """One puzzle's words: the words given (or a file's) in their order, else the theme's in an order
        drawn from the seed; the first ones that fit the board in the level's directions and hold no
        other, up to words_per_puzzle (default all given words, or 15 of a theme)."""
        language, umlauts = params.letters_language, params.umlauts
        listed = params.words is not None or params.words_file is not None
        try:
            written = (list(params.words) if params.words is not None else list(params.read_file_words())
                       if params.words_file is not None else list(theme_words(language, params.theme or DEFAULT_THEME)))
            words = [normalize(word, language, umlauts) for word in written if word.strip()]
        except ValueError as err:
            raise PuzzleBookError(str(err), field="--words") from None
        if listed and (pair := contained(words)):
            raise PuzzleBookError(f"{pair[1]!r} holds {pair[0]!r}, so {pair[0]!r} would be found twice", field="--words")
        for word, grid_word in zip([word for word in written if word.strip()], words) if listed else ():
            if bad := blocked_as(grid_word, language, umlauts):
                raise PuzzleBookError(blocked_message(word.strip(), grid_word, bad, language), field="--words")
        if not listed:
            random.Random(derive_seed(seed, "words", language, params.theme or DEFAULT_THEME)).shuffle(words)
        shape = params.shapes[0].given()
        wanted = params.words_per_puzzle or (len(words) if listed else DEFAULT_WORDS)
        longest = runs(board_mask(shape, seed), tuple(DIRECTIONS[d] for d in LEVEL_DIRECTIONS[difficulty]))
        chosen: list[str] = []
        for word in words:
            if len(chosen) < wanted and len(word) <= longest and contained([*chosen, word]) is None:
                chosen.append(word)
        pool: list[str] = []
        if params.message is not None:
            from pipeline.kinds.wordsearch.params import POOL

            for word in words:
                if len(pool) < POOL and word not in chosen and contained([*chosen, *pool, word]) is None:
                    pool.append(word)
        return _job(params, shape, chosen, pool)

    def generated_text(self, record: Mapping[str, Any], params: WordSearchParams, form: Any, *, solutions: bool,
                       first: bool) -> str:
        puzzle, solution = self.read_record(record)
        meta = {"seed": str(record["seed"]), "level": str(record["grade"]["level"]), "shape": record["shape"]["name"]}
        item = WordSearchText(puzzle, solution if solutions else None, 0, meta)
        return wordsearch_text(item, first)

    # ------------------------------------------------------------------ making puzzles for a book

    def job_params(self, section: Any, index: int) -> WordSearchJob:
        words, pool = section.puzzle_words(index)
        return _job(section, section.shapes[(index - 1) % len(section.shapes)].given(), words, pool)

    def generate(self, params: WordSearchJob, difficulty: str, seed: int) -> dict[str, Any]:
        record = generate(params, difficulty, seed)
        if record["show"] == "count":
            puzzle, _ = self.read_record(record)
            record["grid"] = _grid(puzzle)
        return record

    def record_fields(self, params: WordSearchJob) -> dict[str, Any]:
        return {"shape": params["shape"], "language": params["language"], "umlauts": params["umlauts"],
                "show": params["show"]}

    def board_problem(self, record: Mapping[str, Any], params: WordSearchJob) -> str | None:
        """The job's board (blocked cells where its shape has none), its words (and for a hidden
        message, words of its pool only), in its letters."""
        try:
            puzzle, solution = self.read_record(record)
        except (KeyError, TypeError, ValueError, PuzzleBookError) as err:
            return f"it is not a word search record ({err})"
        mask = board_mask(params["shape"], int(record["seed"]))
        if len(puzzle.rows) != len(mask) or any(
            (char != "#") != bool(mask[r][c]) for r, row in enumerate(puzzle.rows) for c, char in enumerate(row)
        ):
            return "its grid is not the board its section asks for"
        allowed = set(params["words"]) | set(params.get("pool", ()))
        if not set(params["words"]) <= set(puzzle.words) or not set(puzzle.words) <= allowed:
            return "its words are not the ones its section gives it"
        if puzzle.message != params.get("message", ""):
            return "its hidden message is not its section's"
        return grid_problem(puzzle, alphabet(puzzle.language, puzzle.umlauts))

    def blank_grid(self, params: WordSearchJob, seed: int) -> dict[str, Any]:
        mask = board_mask(params["shape"], seed)
        rows = ["".join(EMPTY if open_ else BLOCKED for open_ in row) for row in mask]
        puzzle = WordSearch(tuple(rows), tuple(params["words"]), params.get("message", ""), params["show"],
                            params["language"], params["umlauts"], params["list_style"])
        return _grid(puzzle)

    def holes(self, grid: Any) -> int:
        return sum(row.count("#") for row in grid["rows"])

    def board_cells(self, params: WordSearchJob) -> int | None:
        if params["shape"]["name"] == "random":
            return None
        return sum(map(sum, board_mask(params["shape"])))

    # ------------------------------------------------------------------ sameness

    def fingerprint(self, puzzle: WordSearch, solution: Solution) -> Fingerprint:
        """The same words on the same shape, whichever way up (canon.py); the answer adds nothing."""
        return wordsearch_fingerprint(self.name, puzzle.rows, puzzle.words)

    def distinct_may_run_out(self, params: WordSearchJob, difficulty: str) -> bool:
        """Yes: a puzzle is its words and shape, which its job fixes whatever the seed, so puzzles that
        share a job's words (a list no longer than words_per_puzzle) are all one puzzle. A build
        counts them only where several jobs share every parameter."""
        return True

    def pool_key(self, params: WordSearchJob) -> str:
        """A puzzle's words are a set: jobs listing the same words in another order share a pool."""
        return json.dumps({**params, "words": sorted(params["words"])}, sort_keys=True)

    # ------------------------------------------------------------------ records and proofs

    def read_record(self, record: Mapping[str, Any]) -> tuple[WordSearch, Solution]:
        grid, answer = record["grid"], record["solution"]
        language, umlauts = record.get("language", "en"), record.get("umlauts", "keep")
        if language not in LANGUAGES or umlauts not in UMLAUTS:
            raise ValueError(f"unknown language {language!r} or umlauts {umlauts!r}")
        if grid.get("show", "list") not in SHOW:
            raise ValueError(f"unknown show {grid.get('show')!r}")
        rows = tuple(grid["rows"])
        words = tuple(grid["words"])
        if not all(isinstance(row, str) for row in rows) or not all(isinstance(word, str) for word in words):
            raise TypeError("rows and words are text")
        placements = as_placements(list(answer))
        if any(placement.direction not in DIRECTIONS for placement in placements):
            raise ValueError("a placement's direction is none of E, S, SE, SW, W, N, NW, NE")
        message = grid.get("message", "")
        if not isinstance(message, str):
            raise TypeError("the message is text")
        normalize(message, language, umlauts)  # ValueError when the grid's letters cannot spell it
        puzzle = WordSearch(rows, words, message, grid.get("show", "list"), language, umlauts,
                            grid.get("list_style", "alphabetical"))
        return puzzle, placements

    def write_record(self, puzzle: WordSearch, solution: Solution) -> dict[str, Any]:
        return {"language": puzzle.language, "umlauts": puzzle.umlauts, "grid": _grid(puzzle),
                "solution": self.solution_json(solution)}

    def is_solution(self, puzzle: WordSearch, solution: Solution) -> bool:
        """Every listed word placed where the grid spells it, the unused letters spelling the message
        (when there is one), and no blocked word reading anywhere but inside one listed word's cells."""
        if [placement.word for placement in solution] != list(puzzle.words):
            return False
        for placement in solution:
            if "".join(puzzle.letter(r, c) for r, c in placement.cells()) != placement.word:
                return False
        if puzzle.message and unused_letters(puzzle, solution) != message_letters(puzzle):
            return False
        return not stray_blocked(puzzle.rows, solution, puzzle.language, puzzle.umlauts)

    def prove(self, puzzle: WordSearch, *, node_limit: int | None = None,
              hint: Solution | None = None) -> SolveResult[Solution]:
        return self.solve(puzzle)

    def default_node_limit(self, puzzle: WordSearch) -> int:
        return 1

    def solve(self, puzzle: WordSearch, limit: int = 2, *, node_limit: int | None = None,
              hint: Solution | None = None) -> SolveResult[Solution]:
        """Every word's placements, found by the verifier: one solution when each word occurs once,
        two (differing in a word found twice) when one occurs more often, none when one is missing."""
        found = occurrences(puzzle.rows, puzzle.words)
        if any(not where for where in found.values()):
            return SolveResult((), complete=True, nodes=1)
        first = tuple(found[word][0] for word in puzzle.words)
        twice = next((word for word in puzzle.words if len(found[word]) > 1), None)
        if twice is None:
            if puzzle.message and unused_letters(puzzle, first) != message_letters(puzzle):
                return SolveResult((), complete=True, nodes=1)
            return SolveResult((first,), complete=True, nodes=1)
        second = tuple(found[word][1] if word == twice else found[word][0] for word in puzzle.words)
        return SolveResult((first, second)[:max(limit, 1)], complete=True, nodes=1)

    def grade(self, puzzle: WordSearch) -> dict[str, object]:
        listed = [placement for where in occurrences(puzzle.rows, puzzle.words).values() for placement in where]
        blocked = stray_blocked(puzzle.rows, listed, puzzle.language, puzzle.umlauts)
        if blocked:
            first = blocked[0]
            raise PuzzleBookError(f"a word of the {LANGUAGE_NAMES[puzzle.language]} blocklist reads at r{first.row + 1}c{first.column + 1} "
                                  f"({first.direction}): the puzzle cannot be printed")
        return grade(puzzle, alphabet(puzzle.language, puzzle.umlauts))

    # ------------------------------------------------------------------ print

    @cached_property
    def drawing(self) -> Drawing:
        from pipeline.kinds.wordsearch import draw

        return Drawing(draw.fit_wordsearch, draw.draw_wordsearch, draw.wordsearch_extent, draw.wordsearch_centres,
                       draw.wordsearch_bare)

    # ------------------------------------------------------------------ text

    def claims(self, text: str) -> bool:
        return looks_like_wordsearch(text)

    def parse(self, text: str, source: str) -> list[WordSearchText]:
        return parse_wordsearches(text, source)

    def text_item(self, record: PuzzleRecord, line: int) -> WordSearchText:
        puzzle, solution = self.read_record(record.to_json())
        return WordSearchText(puzzle, solution, line, record_meta(record))

    def format(self, items: Iterable[Any]) -> str:
        return format_wordsearches(items)

    def solution_text(self, item: Any, solution: Solution) -> str:
        return solution_lines(item.puzzle, solution)

    def solution_json(self, solution: Solution) -> object:
        return [placement.to_json() for placement in solution]

    def card(self, item: Any, index: int, total: int, with_solution: bool) -> str:
        return wordsearch_card(item, index, total, with_solution)

    # ------------------------------------------------------------------ shapes

    def accepts_shape(self, name: str, options: Mapping[str, object], seed: int) -> bool | None:
        try:
            board_mask({"name": name, **options}, seed)
        except PuzzleBookError:
            return False
        return True


WORDSEARCH = WordSearchKind()
