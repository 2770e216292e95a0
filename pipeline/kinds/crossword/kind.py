"""Crosswords and fill-ins behind the kinds' one face: a class per kind over one engine.

Each method hands over to this package's modules (puzzle, clues, params, generate, fill, fillgrade,
textformat, show, draw); nothing here searches or draws. Records keep `grid` and `solution` as one
string a row, a crossword's `entries` and a fill-in's `words` beside them.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping
from functools import cached_property
from typing import TYPE_CHECKING, Any

from pipeline.drawing import Drawing
from pipeline.errors import PuzzleBookError
from pipeline.i18n import N_, words_for
from pipeline.kinds.base import ExplainedStep, Explanation, Fingerprint, Kind, digest, record_meta
from pipeline.kinds.crossword.fill import fillings, is_filling
from pipeline.kinds.crossword.fillgrade import NAMES, explain as explain_fillin
from pipeline.kinds.crossword.generate import (
    WordsJob,
    crossword_grade,
    fillin_grade,
    generate_crossword,
    generate_fillin,
)
from pipeline.kinds.crossword.grid import BLOCK
from pipeline.kinds.crossword.guide import CROSSWORD_GUIDE, FILLIN_GUIDE, LENGTH_HEADING
from pipeline.kinds.crossword.layout import Layout, Placed
from pipeline.kinds.crossword.levels import LEVELS
from pipeline.kinds.crossword.puzzle import (
    Crossword,
    Entry,
    FillIn,
    crossword_problem,
    fillin_problem,
    shape_problem,
    word_order,
    written,
)
from pipeline.kinds.crossword.show import crossword_card, crossword_text, fillin_card, fillin_text
from pipeline.kinds.crossword.textformat import (
    CrosswordText,
    FillInText,
    format_crosswords,
    format_fillins,
    looks_like_crossword,
    looks_like_fillin,
    parse_crosswords,
    parse_fillins,
    solution_lines,
)
from pipeline.kinds.result import SolveResult
from pipeline.seeds import derive_seed

if TYPE_CHECKING:
    from pipeline.kinds.crossword.params import WordsParams
    from pipeline.kinds.record import PuzzleRecord

Rows = tuple[str, ...]
ACROSS, DOWN = N_("Across"), N_("Down")
NODE_LIMIT = 2_000_000
DEFAULT_THEME = "animals"


def _rows(value: Any, name: str) -> Rows:
    if not isinstance(value, list) or not value or not all(isinstance(row, str) for row in value):
        raise TypeError(f"its {name} is not a list of rows (strings)")
    return tuple(value)


class WordsKind(Kind[Any, Rows, WordsJob]):
    """What a crossword and a fill-in share: words from a theme or a list laid out on a freeform grid."""

    family = "crossword"
    levels = LEVELS

    @property
    def params(self) -> type[WordsParams]:
        from pipeline.kinds.crossword.params import WordsParams

        return WordsParams

    def stated(self, options: Mapping[str, Any]) -> WordsParams:
        """On the command line the words are the animals theme unless --clues, --words or --words-file say
        otherwise."""
        given = dict(options)
        if not any(given.get(key) is not None for key in ("theme", "clues", "words", "words_file")):
            given["theme"] = DEFAULT_THEME
        return self.params.model_validate(given)

    def _job(self, params: WordsParams, words: list[Any]) -> WordsJob:
        return WordsJob(language=params.letters_language, umlauts=params.umlauts, theme=params.theme,
                        words=[[item.word, item.clue] for item in words], count=params.words_per_puzzle,
                        whole=params.theme is None, size=params.size, starter=not params.no_starter)

    def single_job(self, params: WordsParams, difficulty: str, seed: int) -> WordsJob:
        params.check_for(self.name, (difficulty,))
        words = params.usable(self.name)
        if params.theme is not None:
            random.Random(derive_seed(seed, "words", params.letters_language, params.theme)).shuffle(words)
        return self._job(params, words)

    def job_params(self, section: Any, index: int) -> WordsJob:
        return self._job(section, section.dealt(self.name, index))

    def record_fields(self, params: WordsJob) -> dict[str, Any]:
        return {"language": params["language"], "umlauts": params["umlauts"], "theme": params["theme"]}

    def blank_grid(self, params: WordsJob, seed: int) -> list[str]:
        side = params["size"] or 13
        return ["." * side] * side

    def board_cells(self, params: WordsJob) -> int | None:
        return None

    def holes(self, grid: Any) -> int:
        return sum(row.count(BLOCK) for row in grid)

    def default_node_limit(self, puzzle: Any) -> int:
        return NODE_LIMIT

    def solution_json(self, solution: Rows) -> object:
        return list(solution)

    @cached_property
    def drawing(self) -> Drawing:
        """The package's drawing, its functions taking a grid as records store it too (a blank grid's
        preview, a planned page's measure): as the bare board then."""
        from pipeline.kinds.crossword import draw

        def boarded(function: Callable[..., Any]) -> Callable[..., Any]:
            def call(grid: Any, *args: Any, **options: Any) -> Any:
                return function(self._board(grid, {}), *args, **options)

            return call

        def draw_boarded(canvas: Any, grid: Any, *args: Any, **options: Any) -> None:
            draw.draw_words(canvas, self._board(grid, {}), *args, **options)

        return Drawing(boarded(draw.fit_words), draw_boarded, boarded(draw.words_extent), boarded(draw.words_centres),
                       boarded(draw.words_bare), board=self._board)

    def _board(self, grid: Any, fields: Mapping[str, Any]) -> Any:
        """A record's grid with what its kind prints beside it, as the drawing takes it."""
        raise NotImplementedError

    def _heading(self, fields: Mapping[str, Any]) -> Any:
        return words_for(str(fields.get("language") or "en"))


class CrosswordKind(WordsKind):
    """Write the answer to each numbered clue in the squares, across or down."""

    name = "crossword"
    title = N_("Crossword")
    made_fields = ("entries",)
    guide = CROSSWORD_GUIDE

    def generated_text(self, record: Mapping[str, Any], params: WordsParams, form: Any, *, solutions: bool,
                       first: bool) -> str:
        puzzle, solution = self.read_record(record)
        return crossword_text(CrosswordText(puzzle, solution if solutions else None, 0, _meta(record)), first)

    def generate(self, params: WordsJob, difficulty: str, seed: int) -> dict[str, Any]:
        return generate_crossword(params, difficulty, seed)

    def board_problem(self, record: Mapping[str, Any], params: WordsJob) -> str | None:
        try:
            puzzle, solution = self.read_record(record)
        except (KeyError, TypeError, ValueError, PuzzleBookError) as err:
            return f"it is not a crossword record ({err})"
        if solution != puzzle.solution:
            return "its solution is not the answers of its entries"
        return None

    def fingerprint(self, puzzle: Crossword, solution: Rows) -> Fingerprint:
        """Its answers, whatever the grid: a crossword of the same words is the same puzzle to a solver."""
        answers = sorted(entry.answer for entry in puzzle.entries)
        return Fingerprint(puzzle=digest(["crossword", answers, sorted(puzzle.solution)]),
                           solution=digest(["crossword", list(solution)]))

    def read_record(self, record: Mapping[str, Any]) -> tuple[Crossword, Rows]:
        """The crossword its grid and entries make (their answers written in), and its solution."""
        grid, solution = _rows(record["grid"], "grid"), _rows(record["solution"], "solution")
        entries = record["entries"]
        if not isinstance(entries, list):
            raise TypeError("its entries are not a list")
        puzzle = written(grid, [Entry.from_json(entry) for entry in entries])
        problem = crossword_problem(puzzle)
        if problem:
            raise ValueError(problem)
        return puzzle, solution

    def write_record(self, puzzle: Crossword, solution: Rows) -> dict[str, Any]:
        return {"grid": list(puzzle.blank), "solution": list(solution),
                "entries": [entry.to_json() for entry in puzzle.entries]}

    def is_solution(self, puzzle: Crossword, solution: Rows) -> bool:
        return tuple(solution) == puzzle.solution

    def solve(self, puzzle: Crossword, limit: int = 2, *, node_limit: int | None = None,
              hint: Rows | None = None) -> SolveResult[Rows]:
        """The grid each clue's answer writes: one, when every answer fits its squares and agrees with
        those it crosses and every run of squares is a clued entry; none otherwise."""
        cells: dict[tuple[int, int], str] = {}
        for entry in puzzle.entries:
            for cell, letter in zip(entry.slot.cells(), entry.answer):
                if cells.setdefault(cell, letter) != letter:
                    return SolveResult((), complete=True, nodes=1)
        rows = tuple("".join(cells.get((r, c), BLOCK) for c in range(len(row))) for r, row in enumerate(puzzle.solution))
        if rows != puzzle.solution or crossword_problem(puzzle):
            return SolveResult((), complete=True, nodes=1)
        return SolveResult((rows,) if limit else (), complete=True, nodes=1)

    def prove(self, puzzle: Crossword, *, node_limit: int | None = None, hint: Rows | None = None) -> SolveResult[Rows]:
        return self.solve(puzzle, 2)

    def grade(self, puzzle: Crossword) -> Mapping[str, object]:
        problem = crossword_problem(puzzle)
        if problem:
            raise PuzzleBookError(f"the crossword cannot be graded: {problem}")
        placed = tuple(Placed(entry.answer, entry.row, entry.col, entry.direction) for entry in puzzle.entries)
        return crossword_grade(Layout(placed, puzzle.solution))


    def _board(self, grid: Any, fields: Mapping[str, Any]) -> Any:
        """A record's grid with its numbered clues, as the drawing takes it."""
        if isinstance(grid, dict):
            return grid
        words = self._heading(fields)
        clues: dict[str, list[list[Any]]] = {"across": [], "down": []}
        for entry in fields.get("entries", ()):
            clues[entry["direction"]].append([entry["number"], entry["clue"], len(entry["answer"])])
        board: dict[str, Any] = {"kind": "crossword", "rows": list(grid)}
        if clues["across"] or clues["down"]:
            board |= {"clues": clues, "headings": {"across": words(ACROSS), "down": words(DOWN)}}
        return board

    def claims(self, text: str) -> bool:
        return looks_like_crossword(text)

    def parse(self, text: str, source: str) -> list[CrosswordText]:
        return parse_crosswords(text, source)

    def text_item(self, record: PuzzleRecord, line: int) -> CrosswordText:
        puzzle, solution = self.read_record(record.to_json())
        return CrosswordText(puzzle, solution, line, _record_meta(record))

    def format(self, items: Iterable[Any]) -> str:
        return format_crosswords(items)

    def solution_text(self, item: Any, solution: Rows) -> str:
        return solution_lines(solution)

    def card(self, item: Any, index: int, total: int, with_solution: bool) -> str:
        return crossword_card(item, index, total, with_solution)


class FillInKind(WordsKind):
    """Fit every listed word into the grid, across or down, crossing words sharing letters."""

    name = "fillin"
    title = N_("Fill-in")
    made_fields = ("words",)
    guide = FILLIN_GUIDE
    explains = True
    technique_names = NAMES

    def generated_text(self, record: Mapping[str, Any], params: WordsParams, form: Any, *, solutions: bool,
                       first: bool) -> str:
        puzzle, solution = self.read_record(record)
        return fillin_text(FillInText(puzzle, solution if solutions else None, 0, _meta(record)), first)

    def generate(self, params: WordsJob, difficulty: str, seed: int) -> dict[str, Any]:
        return generate_fillin(params, difficulty, seed)

    def board_problem(self, record: Mapping[str, Any], params: WordsJob) -> str | None:
        try:
            puzzle, solution = self.read_record(record)
        except (KeyError, TypeError, ValueError, PuzzleBookError) as err:
            return f"it is not a fill-in record ({err})"
        return fillin_problem(puzzle, solution)

    def fingerprint(self, puzzle: FillIn, solution: Rows) -> Fingerprint:
        """Its words and its filled grid, as printed or mirrored across its diagonal (across and down
        swapped: the same puzzle to a solver)."""
        forms = [solution, tuple("".join(column) for column in zip(*solution))]
        return Fingerprint(puzzle=digest(["fillin", list(puzzle.words), min(forms)]),
                           solution=digest(["fillin", min(forms)]))

    def read_record(self, record: Mapping[str, Any]) -> tuple[FillIn, Rows]:
        grid, solution = _rows(record["grid"], "grid"), _rows(record["solution"], "solution")
        words = record["words"]
        if not isinstance(words, list) or not all(isinstance(word, str) for word in words):
            raise TypeError("its words are not a list of words")
        puzzle = FillIn(grid, word_order(words))
        problem = shape_problem(grid)
        if problem:
            raise ValueError(f"its grid: {problem}")
        return puzzle, solution

    def write_record(self, puzzle: FillIn, solution: Rows) -> dict[str, Any]:
        return {"grid": list(puzzle.grid), "solution": list(solution), "words": list(puzzle.words)}

    def is_solution(self, puzzle: FillIn, solution: Rows) -> bool:
        return is_filling(puzzle.grid, puzzle.words, solution)

    def solve(self, puzzle: FillIn, limit: int = 2, *, node_limit: int | None = None,
              hint: Rows | None = None) -> SolveResult[Rows]:
        result = fillings(puzzle.grid, puzzle.words, limit, node_limit or NODE_LIMIT)
        return SolveResult(tuple(result.solutions), complete=result.complete, nodes=result.nodes)

    def prove(self, puzzle: FillIn, *, node_limit: int | None = None, hint: Rows | None = None) -> SolveResult[Rows]:
        return self.solve(puzzle, 2, node_limit=node_limit)

    def grade(self, puzzle: FillIn) -> Mapping[str, object]:
        proof = self.prove(puzzle)
        if proof.status != "unique":
            raise PuzzleBookError(f"only a fill-in with exactly one filling can be graded; this one is {proof.status!r}")
        try:
            return fillin_grade(puzzle.grid, list(puzzle.words))
        except ValueError as err:
            raise PuzzleBookError(f"the fill-in cannot be graded: {err}") from None

    def explain(self, puzzle: FillIn) -> Explanation:
        solved = explain_fillin(puzzle.grid, list(puzzle.words))
        steps = tuple(ExplainedStep(step.technique, step.text, {"technique": step.technique, "text": step.text},
                                    place=_placed(step), cells=tuple(step.slot.cells()))
                      for step in solved.steps)
        return Explanation(solved=solved.solved, level=solved.level or "", contradiction=False, exhausted=False,
                           counts=dict(solved.counts), step_count=len(steps), steps=steps, names=NAMES,
                           self_named=True)


    def _board(self, grid: Any, fields: Mapping[str, Any]) -> Any:
        """A record's grid with its words, as the drawing takes it."""
        if isinstance(grid, dict):
            return grid
        board: dict[str, Any] = {"kind": "fillin", "rows": list(grid)}
        if fields.get("words"):
            board |= {"words": list(fields["words"]), "heading": self._heading(fields)(LENGTH_HEADING)}
        return board

    def claims(self, text: str) -> bool:
        return looks_like_fillin(text)

    def parse(self, text: str, source: str) -> list[FillInText]:
        return parse_fillins(text, source)

    def text_item(self, record: PuzzleRecord, line: int) -> FillInText:
        puzzle, solution = self.read_record(record.to_json())
        return FillInText(puzzle, solution, line, _record_meta(record))

    def format(self, items: Iterable[Any]) -> str:
        return format_fillins(items)

    def solution_text(self, item: Any, solution: Rows) -> str:
        return solution_lines(solution)

    def card(self, item: Any, index: int, total: int, with_solution: bool) -> str:
        return fillin_card(item, index, total, with_solution)


def _record_meta(record: PuzzleRecord) -> dict[str, str]:
    """What a record says about itself, with the letters' language (so its text form checks them)."""
    fields = record.fields
    meta = record_meta(record) | {"language": str(fields.get("language") or "en")}
    if fields.get("umlauts") == "fold":
        meta["umlauts"] = "fold"
    return meta


def _meta(record: Mapping[str, Any]) -> dict[str, str]:
    meta = {"seed": str(record["seed"]), "level": str(record["grade"]["level"]), "language": str(record["language"])}
    if record.get("umlauts") == "fold":
        meta["umlauts"] = "fold"
    if record.get("theme"):
        meta["theme"] = str(record["theme"])
    return meta


def _placed(step: Any) -> tuple[tuple[int, int, str], ...]:
    """The letters a step writes in (none for a step that rules words out)."""
    word = getattr(step, "word", None)
    if not isinstance(word, str):
        return ()
    return tuple((r, c, letter) for (r, c), letter in zip(step.slot.cells(), word))


CROSSWORD = CrosswordKind()
FILLIN = FillInKind()
