"""Crosswords and fill-ins: our layout against genxword (PyPI, a Python crossword generator) on the same
word lists, and every printed fill-in's uniqueness checked by an outside model, in one run.

- Lists: for each of the 12 shipped themes, lists of 20 clued words of 3 to 8 letters (what a themed
  15x15 crossword takes) drawn with a seeded random.Random from the theme's usable clued words; in
  English and, fewer, in German (umlauts kept as letters).
- Ours: the product's themed crossword, `generate_crossword` on a job of exactly the list's words (no
  spares, so no word can be swapped out), hard (16 to 20 words), size 15: a word with no place, or a
  grid below the level's crossings per word in all its tries, is a failure, counted and named. The
  lists it fails are laid out again at 17x17 by both, to show what size they need.
- genxword 2.2.0: its `Crossword` class on a 15x15 grid (its own default for 20 words is 17x17), the
  words longest first as its command line orders them, `compute_crossword` with its default time
  budget (1 s: it stops at its first layout with every word, else keeps the one with most words after
  1 s); seeded through the global `random`. It leaves out silently the words it cannot place.
- Both grids are measured here alike (`measure`): letters per square of the bounding box of the
  letters, crossings (squares in an across and a down run), crossings per word (2 x crossings / runs),
  and the list's words missing from the grid's runs; a run that is not a listed word, or a letter in
  none, makes a grid invalid. genxword's letters per square of its whole fixed grid are shown too.
- Fill-ins: `generate_fillin` at every level, 30 words dealt as the product deals a theme's (its
  usable words shuffled from the seed, the rest spares), kept to 3 to 8 letters as for the
  crosswords, size 19 (at 17, 30 such words rarely all fit: tried while writing this bench, 3 of 4
  themes failed, each after 70 to 130 s of tries), made in 2 processes, each given up after 20 s (the
  bench's cap, not the product's: it keeps the run near 3 minutes); then, one at a time in this
  process, the printed grid's proof `fillings(grid, words, 2)` timed (best of 3), and its fillings
  counted again by a CP-SAT model read from the record alone (`count_cpsat`: its own slots, never the
  product's solver), up to two. A printed fill-in with two fillings, or where the two disagree, is a miss.
Targets (2 cores): ours median at most 0.5 s; denser than genxword (mean letters per square) at equal
or better mean crossings per word; no word ever left out; the fill-in proof median at most 50 ms; no
printed fill-in with two fillings. Every timed call runs in this one process. Measures only: misses
are listed, never raised. Written to bench/results/crosswords.md (raw per-list numbers to crosswords.json).
"""

from __future__ import annotations

import importlib
import importlib.util
import json
import multiprocessing
import random
import signal
import statistics
import sys
import threading
import time
import types
from collections import Counter
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from contextlib import ExitStack
from dataclasses import asdict, dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from bench.cpsat import ortools_available
from bench.machine import load_average
from bench.studio import percentile
from bench.table import Report, emit_targets, markdown_header, markdown_row

RESULTS = Path(__file__).resolve().parent / "results"
BLOCK, EMPTY = "#", "."
Cell = tuple[int, int]

WORDS, SIDE, WIDER, SHORTEST, LONGEST = 20, 15, 17, 3, 8
LEVEL = "hard"
"""A crossword of 16 to 20 words is hard; its level's grid is 15x15."""
PEER_SECONDS = 1.0
"""genxword's own default `time_permitted` for compute_crossword."""
TIME_TARGET = 0.5
PROOF_TARGET = 0.05
FILLIN_WORDS = 30
FILLIN_LEVELS = ("easy", "medium", "hard", "expert")
FILLIN_CAP = 20.0
"""Seconds the bench lets one fill-in take to make (all its sizes), then gives it up: the product has no
such limit (a 30-word fill-in of the jobs theme took 96 and 151 s while this bench was written)."""
CPSAT_SECONDS = 60.0


@dataclass(frozen=True)
class CrosswordPlan:
    languages: tuple[tuple[str, int], ...] = (("en", 4), ("de", 1))
    """(language, lists per theme): 12 themes each."""
    fillins: int = 8
    """Fill-ins per level."""
    fillin_sizes: tuple[int, ...] = (19,)
    """Sizes tried in turn for each fill-in until one is made."""
    peer_seconds: float = PEER_SECONDS
    retry_wider: bool = True
    """Lay the lists ours failed at 15x15 out again at 17x17, both generators."""
    workers: int = 2
    """Processes making the fill-ins (their proofs and counts run in this one, one at a time)."""
    fillin_cap: float | None = FILLIN_CAP
    themes: tuple[str, ...] = ()
    """The themes to use (none: all 12)."""

    def theme_names(self, language: str = "en") -> list[str]:
        from pipeline.kinds.crossword.clues import clue_themes

        return sorted(self.themes or clue_themes(language))


def full_plan() -> CrosswordPlan:
    return CrosswordPlan()


def quick_plan() -> CrosswordPlan:
    return CrosswordPlan(languages=(("en", 1),), fillins=2, workers=1)


# --- the word lists ---------------------------------------------------------------------------------

@dataclass(frozen=True)
class WordList:
    language: str
    theme: str
    index: int
    pairs: tuple[tuple[str, str], ...]
    """(word as written, clue)."""
    answers: tuple[str, ...]
    """The words in the grid's letters, in the pairs' order."""

    @property
    def label(self) -> str:
        return f"{self.language} {self.theme} #{self.index}"


def theme_pool(language: str, theme: str) -> list[tuple[str, str, str]]:
    """(written, clue, answer) of the theme's usable clued words of SHORTEST..LONGEST letters, each answer once."""
    from pipeline.kinds.crossword.clues import clued_problem, theme_clues
    from pipeline.kinds.wordsearch.letters import normalize

    pool, seen = [], set()
    for item in theme_clues(language, theme):
        if clued_problem(item, language) is not None:
            continue
        answer = normalize(item.word, language)
        if SHORTEST <= len(answer) <= LONGEST and answer not in seen:
            seen.add(answer)
            pool.append((item.word, item.clue, answer))
    return pool


def word_lists(plan: CrosswordPlan) -> list[WordList]:
    out = []
    for language, per_theme in plan.languages:
        for theme in plan.theme_names(language):
            pool = theme_pool(language, theme)
            for index in range(1, per_theme + 1):
                drawn = random.Random(f"crosswords {language} {theme} {index}").sample(pool, WORDS)
                out.append(WordList(language, theme, index, tuple((w, c) for w, c, _ in drawn),
                                    tuple(a for _, _, a in drawn)))
    return out


# --- measures, the same for both generators ---------------------------------------------------------

def runs(rows: Sequence[str]) -> list[tuple[str, tuple[Cell, ...]]]:
    """Every maximal run of two or more squares, across then down: (its letters, its squares)."""
    found = []
    height = len(rows)
    width = max((len(row) for row in rows), default=0)

    def square(r: int, c: int) -> bool:
        return 0 <= r < height and 0 <= c < len(rows[r]) and rows[r][c] != BLOCK

    for dr, dc in ((0, 1), (1, 0)):
        for r in range(height):
            for c in range(width):
                if not square(r, c) or square(r - dr, c - dc) or not square(r + dr, c + dc):
                    continue
                cells: list[Cell] = []
                while square(r + len(cells) * dr, c + len(cells) * dc):
                    cells.append((r + len(cells) * dr, c + len(cells) * dc))
                found.append(("".join(rows[a][b] for a, b in cells), tuple(cells)))
    return found


@dataclass(frozen=True)
class Measures:
    letters: int
    box: tuple[int, int]
    """Height and width of the letters' bounding box."""
    area: int
    """Squares of the whole grid as the generator returned it."""
    words: int
    """Runs in the grid."""
    crossings: int
    left_out: tuple[str, ...]
    """Listed words no run spells."""
    unlisted: tuple[str, ...]
    """Runs that are no listed word, and letters in no run: a grid with any is not a valid crossword."""

    @property
    def letters_per_cell(self) -> float:
        return self.letters / (self.box[0] * self.box[1]) if self.letters else 0.0

    @property
    def letters_per_grid_cell(self) -> float:
        return self.letters / self.area if self.area else 0.0

    @property
    def crossings_per_word(self) -> float:
        return 2 * self.crossings / self.words if self.words else 0.0


def measure(rows: Sequence[str], words: Sequence[str]) -> Measures:
    """A grid's measures against its list of words ('#' where there is no letter)."""
    letters = [(r, c) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch != BLOCK]
    found = runs(rows)
    across = {cell for text, cells in found if cells[0][0] == cells[-1][0] for cell in cells}
    down = {cell for text, cells in found if cells[0][0] != cells[-1][0] for cell in cells}
    spelled = Counter(text for text, _ in found)
    listed = Counter(words)
    lone = [rows[r][c] for r, c in letters if (r, c) not in across and (r, c) not in down]
    if letters:
        top, bottom = min(r for r, _ in letters), max(r for r, _ in letters)
        left, right = min(c for _, c in letters), max(c for _, c in letters)
        box = (bottom - top + 1, right - left + 1)
    else:
        box = (0, 0)
    return Measures(len(letters), box, sum(len(row) for row in rows), len(found), len(across & down),
                    tuple(sorted((listed - spelled).elements())),
                    tuple(sorted((spelled - listed).elements())) + tuple(lone))


# --- the two generators -------------------------------------------------------------------------------

@dataclass
class Made:
    """One generator on one list."""

    seconds: float
    rows: tuple[str, ...] | None
    measures: Measures | None
    error: str | None = None
    tries: int | None = None


@cache
def peer_class() -> Any:
    """genxword's Crossword class, or None when genxword is not installed. Its module imports gi
    (PyGObject) and cairo for drawing files, which the class never uses: where they are missing (or
    gi lacks Pango), empty stand-ins serve that import alone and the modules before it are put back."""
    if importlib.util.find_spec("genxword") is None:
        return None
    try:
        return importlib.import_module("genxword.calculate").Crossword
    except (ImportError, ValueError):
        sys.modules.pop("genxword.calculate", None)
    names = ("gi", "gi.repository", "cairo")
    before = {name: sys.modules.get(name) for name in names}
    gi, repository, cairo = (types.ModuleType(name) for name in names)
    vars(gi).update(require_version=lambda *args: None, repository=repository)
    vars(repository).update(Pango=None, PangoCairo=None)
    sys.modules.update({"gi": gi, "gi.repository": repository, "cairo": cairo})
    try:
        return importlib.import_module("genxword.calculate").Crossword
    finally:
        for name, module in before.items():
            if module is None:
                sys.modules.pop(name, None)
            else:
                sys.modules[name] = module


def peer_version() -> str | None:
    try:
        from importlib.metadata import version

        return version("genxword") if peer_class() is not None else None
    except Exception:
        return None


def peer_crossword(words: Sequence[str], side: int, seconds: float, seed: int) -> Made:
    """genxword's grid for the words (its global random seeded, then restored), as rows with '#'."""
    crossword = peer_class()
    pairs = [[word, ""] for word in sorted(words, key=len, reverse=True)]
    saved = random.getstate()
    random.seed(seed)
    try:
        calc = crossword(side, side, "-", pairs)
        start = time.perf_counter()
        calc.compute_crossword(seconds)
        elapsed = time.perf_counter() - start
    finally:
        random.setstate(saved)
    rows = tuple("".join(BLOCK if ch == "-" else ch for ch in row) for row in calc.best_grid)
    return Made(elapsed, rows, measure(rows, words))


def our_crossword(wordlist: WordList, seed: int, side: int = SIDE) -> Made:
    """The product's themed crossword of exactly the list's words in a side x side grid, timed."""
    from pipeline.errors import PuzzleBookError
    from pipeline.kinds.crossword.generate import WordsJob, generate_crossword

    job = WordsJob(language=wordlist.language, umlauts="keep", theme=wordlist.theme,
                   words=[[w, c] for w, c in wordlist.pairs], count=WORDS, whole=False, size=side, starter=False)
    start = time.perf_counter()
    try:
        record = generate_crossword(job, LEVEL, seed)
    except PuzzleBookError as err:
        return Made(time.perf_counter() - start, None, None, str(err))
    elapsed = time.perf_counter() - start
    rows = tuple(record["solution"])
    return Made(elapsed, rows, measure(rows, wordlist.answers), tries=record.get("attempts"))


# --- the outside model for fill-ins ---------------------------------------------------------------------

@dataclass(frozen=True)
class Counted:
    count: int
    complete: bool
    first: tuple[str, ...] | None
    seconds: float


def count_cpsat(grid: Sequence[str], words: Sequence[str], limit: int = 2,
                time_limit: float = CPSAT_SECONDS) -> Counted:
    """The fillings of a fill-in (grid rows: '#' no square, '.' empty, a letter given), counted by CP-SAT up
    to `limit`: one Boolean per (slot, distinct word of its length), one word a slot, each word as often
    as listed, crossing slots agreeing letter by letter, givens kept. Each filling found is then
    forbidden and the model solved again. Built from the rows alone (`runs` here), on one worker."""
    from ortools.sat.python import cp_model

    start = time.perf_counter()
    rows = list(grid)
    slots = [cells for _, cells in runs(rows)]
    covered = {cell for cells in slots for cell in cells}
    empty_alone = any(ch == EMPTY and (r, c) not in covered for r, row in enumerate(rows) for c, ch in enumerate(row))
    listed = Counter(words)
    if empty_alone or Counter(len(s) for s in slots) != Counter(len(w) for w in words):
        return Counted(0, True, None, time.perf_counter() - start)
    model = cp_model.CpModel()
    choice: list[dict[str, Any]] = []
    for s, cells in enumerate(slots):
        options = {}
        for word in listed:
            if len(word) != len(cells):
                continue
            if any(rows[r][c] not in (EMPTY, ch) for (r, c), ch in zip(cells, word)):
                continue
            options[word] = model.NewBoolVar(f"s{s}_{word}")
        if not options:
            return Counted(0, True, None, time.perf_counter() - start)
        model.AddExactlyOne(options.values())
        choice.append(options)
    for word, copies in listed.items():
        model.Add(sum(options[word] for options in choice if word in options) == copies)
    at: dict[Cell, list[tuple[int, int]]] = {}
    for s, cells in enumerate(slots):
        for i, cell in enumerate(cells):
            at.setdefault(cell, []).append((s, i))
    for (s, i), *others in at.values():
        for t, j in others:
            for letter in {w[i] for w in choice[s]} | {w[j] for w in choice[t]}:
                model.Add(sum(v for w, v in choice[s].items() if w[i] == letter)
                          == sum(v for w, v in choice[t].items() if w[j] == letter))
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    solver.parameters.max_time_in_seconds = time_limit
    found: list[tuple[str, ...]] = []
    while len(found) < limit:
        status = solver.Solve(model)
        if status == cp_model.INFEASIBLE:
            break
        if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            return Counted(len(found), False, found[0] if found else None, time.perf_counter() - start)
        chosen = [next((w, v) for w, v in options.items() if solver.Value(v)) for options in choice]
        filled = [list(row) for row in rows]
        for (word, _), cells in zip(chosen, slots):
            for (r, c), ch in zip(cells, word):
                filled[r][c] = ch
        found.append(tuple("".join(row) for row in filled))
        model.Add(sum(v for _, v in chosen) <= len(chosen) - 1)
    return Counted(len(found), True, found[0] if found else None, time.perf_counter() - start)


# --- fill-ins ---------------------------------------------------------------------------------------------

@dataclass
class FillIn:
    level: str
    theme: str
    seed: int
    size: int | None = None
    gen_seconds: float = 0.0
    error: str | None = None
    record: dict[str, Any] | None = None
    proof_seconds: float | None = None
    proof_count: int | None = None
    proof_complete: bool | None = None
    cpsat: Counted | None = None
    tried: list[str] = field(default_factory=list)
    capped: str | None = None

    @property
    def given(self) -> int:
        return int(self.record["grade"].get("given", 0)) if self.record else 0


def fillin_job(language: str, theme: str, seed: int, size: int) -> Any:
    """A themed fill-in's job as the product deals it (the theme's usable words shuffled from the seed,
    the first FILLIN_WORDS taken and the rest spares), kept to SHORTEST..LONGEST letters."""
    from pipeline.kinds.crossword.generate import WordsJob
    from pipeline.kinds.crossword.params import WordsParams
    from pipeline.kinds.wordsearch.letters import normalize
    from pipeline.seeds import derive_seed

    params = WordsParams.model_validate({"theme": theme, "language": language})
    words = [item for item in params.usable("fillin")
             if SHORTEST <= len(normalize(item.word, language)) <= LONGEST]
    random.Random(derive_seed(seed, "words", language, theme)).shuffle(words)
    return WordsJob(language=language, umlauts="keep", theme=theme, words=[[i.word, i.clue] for i in words],
                    count=FILLIN_WORDS, whole=False, size=size, starter=True)


class OutOfTime(Exception):
    """The bench's cap on making one fill-in ran out."""


def _stop(signum: int, frame: Any) -> None:
    raise OutOfTime


def make_fillin(level: str, theme: str, seed: int, sizes: Sequence[int], cap: float | None = None) -> FillIn:
    """A fill-in of `level`, at the first of `sizes` that makes one, timed (the failed sizes' time too);
    given up after `cap` seconds where a timer signal can stop it (Unix, the main thread)."""
    from pipeline.errors import PuzzleBookError
    from pipeline.kinds.crossword.generate import generate_fillin

    made = FillIn(level, theme, seed)
    capped = cap if hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread() else None
    before = signal.signal(signal.SIGALRM, _stop) if capped else None
    if capped:
        signal.setitimer(signal.ITIMER_REAL, capped)
    try:
        for size in sizes:
            start = time.perf_counter()
            try:
                made.record = generate_fillin(fillin_job("en", theme, seed, size), level, seed)
            except PuzzleBookError as err:
                made.tried.append(f"{size}x{size}: {err}")
                continue
            finally:
                made.gen_seconds += time.perf_counter() - start
            made.size = size
            return made
        made.error = made.tried[-1] if made.tried else "no size to try"
    except OutOfTime:
        made.error = made.capped = f"given up after the bench's cap of {cap:g} s"
        made.tried.append(made.error)
    finally:
        if capped:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, before)
    return made


def prove_fillin(made: FillIn) -> None:
    """Our proof (best of 3, timed) and CP-SAT's count of the printed grid."""
    from pipeline.kinds.crossword.fill import fillings

    assert made.record is not None
    grid, words = made.record["grid"], made.record["words"]
    times = []
    for _ in range(3):
        start = time.perf_counter()
        result = fillings(grid, words, 2)
        times.append(time.perf_counter() - start)
    made.proof_seconds = min(times)
    made.proof_count, made.proof_complete = len(result.solutions), result.complete
    if ortools_available():
        made.cpsat = count_cpsat(grid, words, 2)


# --- the report -------------------------------------------------------------------------------------------

CROSS_COLUMNS = ("generator", "lists", "median ms", "p99 ms", "worst ms", "letters per square (mean)",
                 "crossings per word (mean)", "words left out", "lists with one left out", "failed",
                 "invalid grids", "letters per square of its whole grid")
PAIR_COLUMNS = ("lists both made", "ours denser", "equal", "genxword denser", "ours more crossings per word",
                "equal", "genxword more")
FILL_COLUMNS = ("level", "made", "size", "words", "make median s", "make worst s", "with a starter",
                "proof median ms", "proof p99 ms", "proof worst ms", "ours: not one filling",
                "CP-SAT: 1 / 2 / 0 fillings", "CP-SAT unsettled", "CP-SAT median ms")


def ms(values: Sequence[float], quantile: float | None = None) -> str:
    if not values:
        return "-"
    value = statistics.median(values) if quantile is None else percentile(list(values), quantile)
    return f"{value * 1e3:.1f}" if value >= 0.01 else f"{value * 1e3:.2f}"


def mean(values: Sequence[float]) -> str:
    return f"{statistics.fmean(values):.3f}" if values else "-"


def cross_row(name: str, made: Sequence[Made], peer: bool) -> list[object]:
    good = [m.measures for m in made if m.measures is not None]
    times = [m.seconds for m in made]
    return [name, len(made), ms(times), ms(times, 0.99), f"{max(times) * 1e3:.1f}" if times else "-",
            mean([g.letters_per_cell for g in good]), mean([g.crossings_per_word for g in good]),
            sum(len(g.left_out) for g in good), sum(1 for g in good if g.left_out),
            sum(1 for m in made if m.measures is None), sum(1 for g in good if g.unlisted),
            mean([g.letters_per_grid_cell for g in good]) if peer else "- (its grid is its box)"]


def compare(a: float, b: float) -> int:
    return (round(a, 6) > round(b, 6)) - (round(a, 6) < round(b, 6))


@dataclass
class Crosswords:
    lists: list[WordList]
    ours: list[Made]
    theirs: list[Made | None]
    wider: dict[int, tuple[Made, Made | None]] = field(default_factory=dict)
    """List index -> (ours, genxword) at WIDER, for the lists ours failed at SIDE."""


def make_crosswords(plan: CrosswordPlan, peer: bool, progress: Any) -> Crosswords:
    lists = word_lists(plan)
    done = Crosswords(lists, [], [])
    for k, wordlist in enumerate(lists):
        progress(f"crosswords: list {k + 1}/{len(lists)} {wordlist.label} ...")
        done.ours.append(our_crossword(wordlist, k + 1, SIDE))
        done.theirs.append(peer_crossword(wordlist.answers, SIDE, plan.peer_seconds, k + 1) if peer else None)
    if plan.retry_wider:
        for k, (wordlist, made) in enumerate(zip(lists, done.ours)):
            if made.measures is None:
                progress(f"crosswords: {wordlist.label} again at {WIDER}x{WIDER} ...")
                done.wider[k] = (our_crossword(wordlist, k + 1, WIDER),
                                 peer_crossword(wordlist.answers, WIDER, plan.peer_seconds, k + 1) if peer else None)
    return done


def _make_fillin(job: tuple[str, str, int, tuple[int, ...], float | None]) -> FillIn:
    return make_fillin(*job)


def make_fillins(plan: CrosswordPlan, progress: Any) -> list[FillIn]:
    """plan.fillins per level, the themes in turn (each level starting three themes on), seeds 1..; made
    in plan.workers processes, then proved and counted here one at a time."""
    themes = plan.theme_names()
    jobs = [(level, themes[(k + 3 * i) % len(themes)], k + 1, plan.fillin_sizes, plan.fillin_cap)
            for i, level in enumerate(FILLIN_LEVELS) for k in range(plan.fillins)]
    progress(f"fill-ins: making {len(jobs)} in {plan.workers} process(es) ...")
    fills: list[FillIn] = []
    with ExitStack() as stack:
        if plan.workers > 1:  # spawned, not forked: CP-SAT's threads may be alive in this process
            pool = stack.enter_context(ProcessPoolExecutor(plan.workers, mp_context=multiprocessing.get_context("spawn")))
            made_all = pool.map(_make_fillin, jobs)
        else:
            made_all = map(_make_fillin, jobs)
        for made in made_all:
            fills.append(made)
            progress(f"  made {len(fills)}/{len(jobs)}: {made.level} {made.theme} seed {made.seed} "
                     f"{'in' if made.record else 'not made after'} {made.gen_seconds:.1f} s")
    progress("fill-ins: proving and counting ...")
    for made in fills:
        if made.record is not None:
            prove_fillin(made)
    return fills


def run(plan: CrosswordPlan | None = None, *, write: bool = True, out: Any = sys.stdout,
        err: Any = sys.stderr) -> str:
    """Measure, print the Markdown section, and save it to bench/results/crosswords.md when `write`."""
    plan = plan or full_plan()
    emit = Report(out)

    def progress(text: str) -> None:
        print(text, file=err, flush=True)

    begin = time.perf_counter()
    peer = peer_version()
    try:
        from ortools import __version__ as ortools_version
    except ImportError:
        ortools_version = "not installed"
    emit("## Crosswords: ours against genxword on the same lists; fill-ins proved unique, checked by CP-SAT\n")
    emit(f"load average at start {load_average()}; one process; genxword {peer or 'not installed'}; OR-tools "
         f"{ortools_version}\n")
    cw = make_crosswords(plan, peer is not None, progress)
    targets: list[tuple[str, bool, str]] = []
    report_crosswords(plan, cw, peer is not None, emit, targets)
    fills = make_fillins(plan, progress)
    report_fillins(plan, fills, emit, targets)

    emit_targets(emit, targets, "crossword")
    emit(f"section time {time.perf_counter() - begin:.0f} s (load average at end {load_average()})")
    report = emit.text()
    if write:
        RESULTS.mkdir(exist_ok=True)
        (RESULTS / "crosswords.md").write_text(report, encoding="utf-8")
        (RESULTS / "crosswords.json").write_text(json.dumps(raw(cw, fills), indent=1) + "\n", encoding="utf-8")
    return report


def report_crosswords(plan: CrosswordPlan, cw: Crosswords, peer: bool, emit: Any,
                      targets: list[tuple[str, bool, str]]) -> None:
    lists, ours = cw.lists, cw.ours
    languages = ", ".join(f"{n} per theme in {lang}" for lang, n in plan.languages)
    emit(f"### Themed crosswords: {len(lists)} lists of {WORDS} clued words of {SHORTEST} to {LONGEST} letters "
         f"(what a themed {SIDE}x{SIDE} takes), from the 12 shipped themes ({languages})\n")
    emit(f"Ours: `generate_crossword`, {LEVEL}, size {SIDE}, exactly the list's words (no spares to swap in). "
         f"genxword: a {SIDE}x{SIDE} grid (its default for 20 words is 17x17), its default budget of "
         f"{plan.peer_seconds:g} s (it stops at its first layout with every word). Letters per square: of the "
         "bounding box of the letters, counted alike for both; crossings per word: 2 x crossings / words, from "
         "the grid. A failed list (ours: no grid) has no measures; its words count as left out in the targets.\n")
    emit(markdown_header(CROSS_COLUMNS))
    groups = [("all", list(range(len(lists))))]
    if len(plan.languages) > 1:
        groups += [(lang, [i for i, w in enumerate(lists) if w.language == lang]) for lang, _ in plan.languages]
    for name, where in groups:
        emit(markdown_row(cross_row(f"ours ({name})", [ours[i] for i in where], False)))
        if peer:
            emit(markdown_row(cross_row(f"genxword ({name})", [m for i in where if (m := cw.theirs[i])], True)))
    good = [m.measures for m in ours if m.measures is not None]
    median = statistics.median(m.seconds for m in ours)
    made_median = statistics.median(m.seconds for m in ours if m.measures) if good else float("nan")
    targets.append((f"ours median at most {TIME_TARGET * 1e3:g} ms (every list, failed ones too)",
                    median <= TIME_TARGET, f"{median * 1e3:.1f} ms (the lists made alone: {made_median * 1e3:.1f} ms)"))
    if peer:
        theirs = [m for m in cw.theirs if m is not None]
        pairs = [(a.measures, b.measures) for a, b in zip(ours, theirs) if a.measures and b.measures]
        dens = Counter(compare(a.letters_per_cell, b.letters_per_cell) for a, b in pairs)
        cross = Counter(compare(a.crossings_per_word, b.crossings_per_word) for a, b in pairs)
        emit("\nList by list, on the lists both made a grid for:\n")
        emit(markdown_header(PAIR_COLUMNS))
        emit(markdown_row([len(pairs), dens[1], dens[0], dens[-1], cross[1], cross[0], cross[-1]]))
        peer_good = [m.measures for m in theirs if m.measures is not None]
        ours_lpc = statistics.fmean(g.letters_per_cell for g in good) if good else 0.0
        peer_lpc = statistics.fmean(g.letters_per_cell for g in peer_good)
        ours_cpw = statistics.fmean(g.crossings_per_word for g in good) if good else 0.0
        peer_cpw = statistics.fmean(g.crossings_per_word for g in peer_good)
        targets.append(("denser than genxword (mean letters per square)", ours_lpc > peer_lpc,
                        f"{ours_lpc:.4f} vs {peer_lpc:.4f}"))
        targets.append(("crossings per word at least genxword's (mean)", ours_cpw >= peer_cpw,
                        f"{ours_cpw:.4f} vs {peer_cpw:.4f}"))
    else:
        emit("\ngenxword is not installed: its rows are skipped (`make bench` installs it from "
             "requirements/bench-peer.txt).")
    failed = [(w, m) for w, m in zip(lists, ours) if m.measures is None]
    left = sum(len(g.left_out) for g in good) + sum(len(w.answers) for w, _ in failed)
    targets.append(("ours never leaves a word out (a failed list counts all its words)", left == 0,
                    f"{left} words; {len(failed)} of {len(lists)} lists failed"))
    invalid = sum(1 for g in good if g.unlisted)
    targets.append(("our grids valid (every run a listed word, no lone letter)", invalid == 0, f"{invalid} invalid"))
    emit("")
    slow = sorted(zip(ours, lists), key=lambda t: -t[0].seconds)[:3]
    emit("slowest of ours: " + "; ".join(f"{w.label} {m.seconds * 1e3:.0f} ms"
                                         + (f" ({m.tries} tries)" if m.tries else " (failed)") for m, w in slow))
    for wordlist, made in failed:
        emit(f"- ours failed on {wordlist.label} in {made.seconds:.2f} s: {made.error}")
    if cw.wider:
        emit(f"\nThe {len(cw.wider)} lists ours failed at {SIDE}x{SIDE}, laid out again at {WIDER}x{WIDER} "
             "(genxword's own default size for 20 words):\n")
        emit(markdown_header(CROSS_COLUMNS))
        emit(markdown_row(cross_row(f"ours {WIDER}x{WIDER}", [a for a, _ in cw.wider.values()], False)))
        if peer:
            emit(markdown_row(cross_row(f"genxword {WIDER}x{WIDER}", [b for _, b in cw.wider.values() if b], True)))


def report_fillins(plan: CrosswordPlan, fills: list[FillIn], emit: Any, targets: list[tuple[str, bool, str]]) -> None:
    sizes = ", then ".join(f"{s}x{s}" for s in plan.fillin_sizes)
    emit(f"\n### Fill-ins: {FILLIN_WORDS} words of {SHORTEST} to {LONGEST} letters dealt from a theme (English, "
         f"the themes in turn, seeds 1..{plan.fillins}), `generate_fillin` at {sizes} in {plan.workers} process(es) "
         "(so the make times are under each other's load); the printed grid proved by `fillings(grid, words, 2)` "
         "(best of 3) and its fillings counted again by CP-SAT from the record alone, one at a time in this "
         "process\n")
    emit(markdown_header(FILL_COLUMNS))
    for level in FILLIN_LEVELS + ("all",):
        row = [f for f in fills if level in ("all", f.level)]
        done = [f for f in row if f.record is not None]
        proofs = [f.proof_seconds for f in done if f.proof_seconds is not None]
        counted = [f.cpsat for f in done if f.cpsat is not None]
        gen = [f.gen_seconds for f in done]
        made_sizes = Counter(f.size for f in done)
        emit(markdown_row([
            level, f"{len(done)} of {len(row)}",
            ", ".join(f"{s}x{s}: {n}" for s, n in sorted(made_sizes.items())) or "-",
            ", ".join(sorted({str(f.record["grade"].get("words")) for f in done if f.record})) or "-",
            f"{statistics.median(gen):.2f}" if gen else "-", f"{max(gen):.2f}" if gen else "-",
            sum(1 for f in done if f.given), ms(proofs), ms(proofs, 0.99),
            f"{max(proofs) * 1e3:.1f}" if proofs else "-",
            sum(1 for f in done if f.proof_count != 1 or not f.proof_complete),
            " / ".join(str(sum(1 for c in counted if c.complete and c.count == n)) for n in (1, 2, 0))
            if counted else "- (no OR-tools)",
            sum(1 for c in counted if not c.complete) if counted else "-",
            ms([c.seconds for c in counted]),
        ]))
    done = [f for f in fills if f.record is not None]
    proofs = [f.proof_seconds for f in done if f.proof_seconds is not None]
    if proofs:
        proof_median = statistics.median(proofs)
        targets.append((f"fill-in proof median at most {PROOF_TARGET * 1e3:g} ms", proof_median <= PROOF_TARGET,
                        f"{proof_median * 1e3:.1f} ms over {len(proofs)}"))
    twice = [f for f in done if f.cpsat is not None and (f.cpsat.count != 1 or not f.cpsat.complete)]
    other = [f for f in done if f.cpsat is not None and f.cpsat.count == 1 and f.record is not None
             and tuple(f.cpsat.first or ()) != tuple(f.record["solution"])]
    ours_not_one = [f for f in done if f.proof_count != 1 or not f.proof_complete]
    if ortools_available():
        targets.append(("no printed fill-in with two fillings (CP-SAT; ours and the record agreeing)",
                        not twice and not other and not ours_not_one,
                        f"{len(twice)} of {len(done)} not one filling by CP-SAT, {len(other)} another filling "
                        f"than the record's, {len(ours_not_one)} not one by ours"))
    else:
        emit("\nOR-tools is not installed: the outside count is skipped (`pip install -e '.[bench]'`).")
        targets.append(("no printed fill-in with two fillings (CP-SAT)", False, "not checked: no OR-tools"))
    unmade = [f for f in fills if f.record is None]
    capped = [f for f in unmade if f.capped]
    emit(f"\nfill-ins made: {len(done)} of {len(fills)} ({len(capped)} given up at the bench's cap of "
         f"{plan.fillin_cap:g} s, {len(unmade) - len(capped)} refused by the generator)" if plan.fillin_cap else
         f"\nfill-ins made: {len(done)} of {len(fills)}")
    for f in unmade:
        emit(f"- no {f.level} fill-in for seed {f.seed} ({f.theme}) after {f.gen_seconds:.1f} s: " + " | ".join(f.tried))
    for f in twice + other:
        emit(f"- fill-in {f.level} seed {f.seed} ({f.theme}): CP-SAT {f.cpsat}")
    slow = sorted(done, key=lambda f: -f.gen_seconds)[:3]
    if slow:
        emit("slowest to make: " + "; ".join(f"{f.level} {f.theme} seed {f.seed} {f.gen_seconds:.1f} s "
                                              f"({f.record['attempts'] if f.record else '-'} tries)" for f in slow))


def raw(cw: Crosswords, fills: list[FillIn]) -> dict[str, Any]:
    return {
        "lists": [{"list": w.label, "words": list(w.answers), "ours": _raw(a), "genxword": _raw(b) if b else None,
                   f"at {WIDER}": [_raw(m) if m else None for m in cw.wider[k]] if k in cw.wider else None}
                  for k, (w, a, b) in enumerate(zip(cw.lists, cw.ours, cw.theirs))],
        "fillins": [{"level": f.level, "theme": f.theme, "seed": f.seed, "size": f.size, "gen_seconds": f.gen_seconds,
                     "error": f.error, "proof_seconds": f.proof_seconds, "proof_count": f.proof_count,
                     "given": f.given, "cpsat": asdict(f.cpsat) if f.cpsat else None,
                     "grid": f.record["grid"] if f.record else None} for f in fills],
    }


def _raw(made: Made) -> dict[str, Any]:
    m = made.measures
    return {"seconds": made.seconds, "error": made.error, "tries": made.tries, "rows": made.rows,
            "letters_per_cell": m and round(m.letters_per_cell, 4),
            "crossings_per_word": m and round(m.crossings_per_word, 4), "left_out": m and m.left_out,
            "unlisted": m and m.unlisted}
