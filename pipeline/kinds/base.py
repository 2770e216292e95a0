"""The one face every puzzle kind shows the rest of the program.

After Simon Tatham's puzzle collection, where each game is one back end filling in the same table of
functions while a shared middle does seeds, files and printing: a kind is one package under
pipeline/kinds/ with a class that fills in `Kind`, and the command line, the config, planning,
running, verifying and typesetting talk to it only through this table. A family of kinds that share
an engine (Hidato and Numbrix: one board, two adjacencies) is one class with an instance per kind.

Kinds never import reportlab, joblib or the command line; a kind's parameters are one typed model
(`params`), from which its section, its JSON Schema and its command-line options are derived; grids
are stored the way each kind's records store them.
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar

from pipeline.i18n import N_
from pipeline.kinds.record import Fingerprint as Fingerprint, digest as digest  # kinds compute them
from pipeline.kinds.result import SolveResult
from pipeline.textfile import read_text_file

if TYPE_CHECKING:  # pydantic loads only for the commands that read configs or make puzzles
    from pipeline.drawing import Drawing
    from pipeline.kinds.params import Params
    from pipeline.kinds.record import PuzzleRecord
    from pipeline.kinds.section import SectionSpec
    from pipeline.specs import Spec

Puzzle = TypeVar("Puzzle")
"""A kind's own puzzle object (a Board, a Sudoku): what its solver, grader and prover take."""
Solution = TypeVar("Solution")
"""A kind's own solution object: what its solver returns and its records' `solution` reads back as."""
Job = TypeVar("Job", bound=Mapping[str, Any])
"""A kind's job parameters (a TypedDict): what one puzzle is made from besides its level and seed."""

PuzzleRead = TypeVar("PuzzleRead", covariant=True)
SolutionRead = TypeVar("SolutionRead", covariant=True)


class TextPuzzle(Protocol[PuzzleRead, SolutionRead]):
    """One puzzle read from text: what the generic commands need of every kind's parsed items."""

    @property
    def puzzle(self) -> PuzzleRead: ...

    @property
    def solution(self) -> SolutionRead | None: ...

    @property
    def line(self) -> int: ...

    @property
    def meta(self) -> dict[str, str]: ...


@dataclass(frozen=True)
class ExplainedStep:
    """One step of a person's solution: the technique, the sentence, and the step as JSON."""

    technique: str
    text: str
    record: dict[str, object]
    place: tuple[tuple[int, int, str], ...] = ()
    """(row, column, symbol as printed) of what the step writes in, 0-based: what a viewer shows."""
    remove: tuple[tuple[int, int, str], ...] = ()
    """(row, column, symbol) of the candidates the step rules out."""
    cells: tuple[tuple[int, int], ...] = ()
    """(row, column) of the cells the step reasons about (its pattern), beyond those."""


@dataclass(frozen=True)
class Explanation:
    """A solve by reasoning, step by step, as `solve --steps` prints it."""

    solved: bool
    level: str
    """The level of the hardest technique used (meaningful when `solved`)."""
    contradiction: bool
    """Reasoning proved the givens admit no solution."""
    exhausted: bool
    """Reasoning stopped because its work budget ran out (so it says nothing about the puzzle)."""
    counts: dict[str, int]
    """Steps per technique, in the kind's technique order."""
    step_count: int
    steps: tuple[ExplainedStep, ...]
    names: Mapping[str, str]
    """How each technique is named in print."""
    self_named: bool = False
    """The steps' texts name their technique themselves (so a printout does not prefix the name)."""


def record_meta(record: PuzzleRecord) -> dict[str, str]:
    """What a record says about itself, as a text form's metadata line would say it."""
    return {"kind": record.kind, "seed": str(record.seed), "difficulty": record.difficulty, "level": record.level}


LEVEL_NAMES: dict[str, str] = {"easy": N_("Easy"), "medium": N_("Medium"), "hard": N_("Hard"), "expert": N_("Expert")}
"""How books print the levels every kind has so far; a kind with other levels gives its own names."""


@dataclass(frozen=True)
class Guide:
    """What a book's how-to-play page says about a kind, with its worked example."""

    rules: str
    tips: tuple[str, ...]
    puzzle: Any
    """The worked example, stored the way the kind's records store a grid."""
    solution: Any
    level_notes: Mapping[str, str]
    """One short paragraph per level, easiest first: what a solver needs at that level."""
    level_names: Mapping[str, str] = field(default_factory=lambda: dict(LEVEL_NAMES))
    """How a book prints each level's name (English, marked for translation)."""
    scale: str | None = None
    """The line before the level notes, when the kind's levels are not set by reasoning (else the book's)."""
    answers: tuple[str, str] | None = None
    """Where the answers are and how to read them, for answers at each section's end and at the back,
    when the kind's answer pages are not filled-in grids (else the book's)."""


class Kind(ABC, Generic[Puzzle, Solution, Job]):
    """A puzzle kind: everything the rest of the program asks of one.

    Subclasses set the class attributes and fill in the abstract methods; the defaults below suit
    a kind without shapes, explanations or options of its own.
    """

    name: str
    """As configs, records and `--kind` say it, e.g. 'numbrix'."""
    title: str
    """As a book prints it, e.g. 'Numbrix'."""
    family: str
    """The package the kind lives in; kinds of one family share an engine, options and section model."""
    levels: tuple[str, ...]
    """Difficulty levels, easiest first."""
    guide: Guide
    explains: bool = False
    """Whether `explain` can put a solution into words (`solve --steps`)."""
    technique_names: Mapping[str, str] = {}
    """How each technique a grade names is written for people, easiest first (reviews and charts)."""
    made_fields: tuple[str, ...] = ()
    """A record's own fields its generator decides, beside those its job does (`record_fields`): a
    Killer's cages, a crossword's entries. A saved record must have them; `board_problem` judges them."""

    # ------------------------------------------------------------------ parameters

    @property
    @abstractmethod
    def params(self) -> type[Params]:
        """The kind's parameters, declared once (a pydantic model on kinds.params.Params): what its
        section, its JSON Schema and its `generate` options are derived from. Kinds of one family share
        it. A property, so pydantic loads only for the commands that need it."""

    @property
    def section_model(self) -> type[SectionSpec[Any]]:
        """The config's section model: the common section fields joined to `params` (one per family)."""
        from pipeline.kinds.section import section_model

        return section_model(self.params, self.levels)

    @property
    def text_form(self) -> type[Spec] | None:
        """Choices of how `generate` writes the kind's text form (a Sudoku on one line), when it has any:
        not parameters of a puzzle, so not in `params`; the command line's options derive from it too."""
        return None

    def stated(self, options: Mapping[str, Any]) -> Params:
        """The parameters `generate` was given (only the options on its command line, in `params`'
        shape), filled in with what the kind assumes when nothing is said; ValidationError or
        FieldError when they are wrong."""
        return self.params.model_validate(dict(options))

    @abstractmethod
    def single_job(self, params: Any, difficulty: str, seed: int) -> Job:
        """The job parameters of the one puzzle `generate` makes from `params` at `difficulty` with
        `seed` (what `job_params` gives a book's puzzle)."""

    @abstractmethod
    def generated_text(self, record: Mapping[str, Any], params: Any, form: Any, *, solutions: bool, first: bool) -> str:
        """A generated record in the kind's text form, as `generate` prints it without --json (`form`
        an instance of `text_form`, or None)."""

    # ------------------------------------------------------------------ making puzzles for a book

    @abstractmethod
    def job_params(self, section: Any, index: int) -> Job:
        """What decides puzzle `index` (from 1) of `section` besides kind, level and seed: plain
        JSON-ready values, typed by the kind (a TypedDict: they travel to workers as they are and are
        part of the job's fingerprint, so keep their names stable)."""

    @abstractmethod
    def generate(self, params: Job, difficulty: str, seed: int) -> dict[str, Any]:
        """A unique puzzle of exactly `difficulty`, reproducible from the arguments alone, as the
        JSON-ready record `generate --json` prints: kind, seed, difficulty, grid, solution, grade,
        attempts and the kind's own fields. Raises PuzzleBookError when it cannot be made."""

    @abstractmethod
    def record_fields(self, params: Job) -> dict[str, Any]:
        """The fields a record made for `params` must carry, to tell a record from another job's."""

    @abstractmethod
    def board_problem(self, record: Mapping[str, Any], params: Job) -> str | None:
        """Why a saved record's `grid` and `solution` cannot be a puzzle made for `params` (its
        `seed` already checked): wrong types (a bool is no number), another board than the job's,
        givens that are not a proper part of the solution, a promise of the kind broken. None if fine."""

    def record_seeds(self, params: Job, seed: int) -> tuple[int, ...]:
        """The seeds a record of a job may carry (a kind that redraws its board may move on)."""
        return (seed,)

    @abstractmethod
    def blank_grid(self, params: Job, seed: int) -> Any:
        """An empty grid of the job's board, stored as records store grids: all layout needs."""

    @abstractmethod
    def board_cells(self, params: Job) -> int | None:
        """The cells of the job's board, or None when the board is drawn anew for each seed."""

    def holes(self, grid: Any) -> int:
        """How shaped a record's board looks: the cells of its bounding rectangle outside the board
        (a cover shows the most shaped board); 0 for a kind whose boards are all full rectangles."""
        return 0

    # ------------------------------------------------------------------ sameness

    def fingerprint(self, puzzle: Puzzle, solution: Solution) -> Fingerprint:
        """Who the puzzle is, whatever way up it is printed: equal for two puzzles that map onto each
        other by the board's symmetries and the kind's relabellings (see `Fingerprint`).

        This default knows no symmetry: only identical grids and solutions share it. A kind overrides
        it with its own canonical form."""
        return Fingerprint(
            puzzle=digest(["exact", self.name, self.write_record(puzzle, solution).get("grid")]),
            solution=digest(["exact", self.name, self.solution_json(solution)]),
        )

    def distinct_may_run_out(self, params: Job, difficulty: str) -> bool:
        """Whether so few distinct puzzles exist for `params` at `difficulty` that a book may ask for
        more (a 4x4 Sudoku): a build then samples the generator to count them before making any."""
        return False

    def pool_key(self, params: Job) -> str:
        """What two jobs must share to draw their puzzles from one pool: their parameters, as canonical
        JSON. A kind whose puzzles ignore how some parameter is written (a word search's word order)
        says so, so a build counting a small pool counts every job that draws on it."""
        return json.dumps(params, sort_keys=True)

    # ------------------------------------------------------------------ records and proofs

    @abstractmethod
    def read_record(self, record: Mapping[str, Any]) -> tuple[Puzzle, Solution]:
        """The record's puzzle and solution; raises KeyError, TypeError, ValueError or
        PuzzleBookError when they are not readable as this kind's."""

    @abstractmethod
    def write_record(self, puzzle: Puzzle, solution: Solution) -> dict[str, Any]:
        """The fields a record stores a puzzle and its solution in (`grid`, `solution` and what
        reading them back needs): read_record(write_record(p, s)) == (p, s)."""

    @abstractmethod
    def is_solution(self, puzzle: Puzzle, solution: Solution) -> bool:
        """Whether `solution` solves `puzzle` (keeps its givens and every rule)."""

    @abstractmethod
    def prove(self, puzzle: Puzzle, *, node_limit: int | None = None,
              hint: Solution | None = None) -> SolveResult[Solution]:
        """Up to two solutions, by the quickest proof the kind has (what verify and the book run)."""

    @abstractmethod
    def default_node_limit(self, puzzle: Puzzle) -> int:
        """The search budget for a puzzle whose caller gives none: seconds of work at most, far more
        than any published puzzle needs, so that no input hangs a command."""

    @abstractmethod
    def solve(self, puzzle: Puzzle, limit: int = 2, *, node_limit: int | None = None,
              hint: Solution | None = None) -> SolveResult[Solution]:
        """Up to `limit` solutions by search; never "unique" or "none" without a finished search."""

    @abstractmethod
    def grade(self, puzzle: Puzzle) -> Mapping[str, object]:
        """The difficulty record (level first); PuzzleBookError unless the puzzle has one solution."""

    def explain(self, puzzle: Puzzle) -> Explanation | None:
        """A person's solution step by step (kinds that set `explains`), else None."""
        return None

    # ------------------------------------------------------------------ print

    @property
    @abstractmethod
    def drawing(self) -> Drawing:
        """How a record's grid (and its answer) is measured and drawn on the typesetter's Surface
        (pipeline.drawing): the kind's own drawing module, loaded when something is printed."""

    # ------------------------------------------------------------------ text

    def claims(self, text: str) -> bool:
        """Whether a file's text is clearly this kind's (used to guess the kind of a file)."""
        return False

    @abstractmethod
    def parse(self, text: str, source: str) -> Sequence[TextPuzzle[Puzzle, Solution]]:
        """Every puzzle in `text`; mistakes are PuzzleBookErrors naming `source`, line and column."""

    def read_file(self, path: str | Path) -> Sequence[TextPuzzle[Puzzle, Solution]]:
        return self.parse(read_text_file(path), str(path))

    @abstractmethod
    def text_item(self, record: PuzzleRecord, line: int) -> TextPuzzle[Puzzle, Solution]:
        """A record (from `generate --json` or a book's puzzles.jsonl, on `line`) as the file commands
        take a puzzle read from text: its puzzle, its solution and its metadata. Raises as read_record."""

    @abstractmethod
    def format(self, items: Iterable[TextPuzzle[Puzzle, Solution]]) -> str:
        """Puzzles (with their metadata and solutions) as text: parse(format(items)) gives them back."""

    @abstractmethod
    def solution_text(self, item: TextPuzzle[Puzzle, Solution], solution: Solution) -> str:
        """A solution of `item` written as its file writes solutions."""

    @abstractmethod
    def solution_json(self, solution: Solution) -> object:
        """A solution as JSON Lines records hold it (the form of a record's `solution`)."""

    @abstractmethod
    def card(self, item: TextPuzzle[Puzzle, Solution], index: int, total: int, with_solution: bool) -> str:
        """`show`'s view of a puzzle: a header line, its metadata, the framed grid."""

    # ------------------------------------------------------------------ shapes

    def accepts_shape(self, name: str, options: Mapping[str, object], seed: int) -> bool | None:
        """Whether the shape can be this kind's board; None for a kind whose boards take no shapes, or
        (for a kind with shapes of its own) for a shape of another grid, which it does not judge."""
        return None

    def own_shapes(self) -> tuple[str, ...]:
        """Shapes of a grid of the kind's own (beyond pipeline.shapes' square grid), which `puzzlebook
        shapes` lists after the square ones; each kind of a family may have its own."""
        return ()

    def shape_view(self, name: str, options: Mapping[str, object], seed: int) -> ShapeView:
        """One of `own_shapes()` as `puzzlebook shapes` shows it; PuzzleBookError for bad options."""
        raise NotImplementedError(f"{self.name} has no shapes of its own")


@dataclass(frozen=True)
class ShapeView:
    """A board outline as `puzzlebook shapes` shows it, whichever grid it is drawn on."""

    cells: int
    """Open cells."""
    width: int
    height: int
    settings: Mapping[str, object]
    """The parameters it was made with: those given, plus a size its family chose."""
    takes: tuple[str, ...] | None
    """The options it takes (argparse destinations); None for a shape drawn in a picture file."""
    picture: str
    """Its text picture, '.' open and '#' blocked."""
