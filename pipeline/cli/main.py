"""The `puzzlebook` command line: parse arguments, call the library, print, choose the exit code.

Thin on purpose: no puzzle logic lives here. It is the only place that turns a PuzzleBookError
(or a missing file) into exit code 2 and a one-line message; it never prints a traceback for those.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import NoReturn

from pipeline import __version__, shapes
from pipeline.atomic import write_text_atomic
from pipeline.cli.output import (
    count_phrase,
    generated_block,
    grid_rows,
    json_line,
    key_values,
    puzzle_card,
    puzzle_label,
    shape_card,
    status_phrase,
    steps_record,
    steps_text,
    sudoku_card,
    sudoku_meta,
    sudoku_text,
)
from pipeline.errors import PuzzleBookError
from pipeline.kinds.hidato.board import Adjacency, Grid, is_solution
from pipeline.kinds.hidato.generate import generate
from pipeline.kinds.hidato.grade import LEVELS, grade
from pipeline.kinds.hidato.logic import Logic, solve_logically
from pipeline.kinds.hidato.prove import prove_unique
from pipeline.kinds.hidato.solve import solve
from pipeline.kinds.hidato.textformat import (
    PuzzleText,
    format_grid,
    parse_puzzles,
    read_puzzle_file,
)
from pipeline.kinds.result import SolveResult
from pipeline.kinds.sudoku import generate as sudoku_generate
from pipeline.kinds.sudoku import grade as sudoku_grade
from pipeline.kinds.sudoku import solve as sudoku_solve
from pipeline.kinds.sudoku.grid import BOXES, Sudoku
from pipeline.kinds.sudoku.grid import is_solution as is_sudoku_solution
from pipeline.kinds.sudoku.textformat import (
    SudokuText,
    from_line,
    looks_like_sudoku,
    parse_sudokus,
    read_sudoku_file,
    to_grid_text,
    to_line,
)

PROG = "puzzlebook"
SHAPE_OPTIONS = ("size", "width", "height", "arm", "ratio")
DEFAULT_SHAPE = "square"
KINDS = ("hidato", "numbrix", "sudoku")
SUDOKU_OPTIONS = ("box", "symmetry", "one_line")

Command = Callable[[argparse.Namespace], int]


# ---------------------------------------------------------------- reading and writing


def read_puzzles(args: argparse.Namespace) -> list[PuzzleText] | list[SudokuText]:
    """Every puzzle in FILE (or standard input for `-`), as Sudokus or as path puzzles.

    The kind is --kind (or --numbrix) when given, else Sudoku when the file looks like one (metadata
    kind=sudoku, or a first puzzle in a Sudoku form); a path block's own metadata beats --numbrix.
    """
    kind = stated_kind(args)
    path = args.file
    text = sys.stdin.read() if path == "-" else None
    if kind is None:
        kind = "sudoku" if looks_like_sudoku(text if text is not None else peek(path)) else "hidato"
    adjacency = default_adjacency(kind == "numbrix")
    puzzles: list[PuzzleText] | list[SudokuText]
    if kind == "sudoku":
        puzzles = parse_sudokus(text, "<stdin>") if text is not None else read_sudoku_file(path)
    else:
        puzzles = parse_puzzles(text, "<stdin>", adjacency) if text is not None else read_puzzle_file(path, adjacency)
    if not puzzles:
        raise PuzzleBookError("no puzzles found", source="<stdin>" if path == "-" else path)
    return puzzles


def peek(path: str) -> str:
    """The file's text, for guessing its kind only: a file that cannot be read is reported by its reader."""
    try:
        return Path(path).read_bytes().decode("utf-8-sig", errors="replace")
    except OSError:
        return ""


def stated_kind(args: argparse.Namespace) -> str | None:
    """--kind, or numbrix for --numbrix; the two must agree."""
    if args.numbrix and args.kind not in (None, "numbrix"):
        raise PuzzleBookError(f"--numbrix contradicts --kind {args.kind}; give one of them")
    return args.kind or ("numbrix" if args.numbrix else None)


def default_adjacency(numbrix: bool) -> Adjacency:
    return "orthogonal" if numbrix else "king"


def refuse_options(args: argparse.Namespace, names: tuple[str, ...], kind: str, instead: str) -> None:
    """A flag that does not apply to the kind is a mistake, not something to ignore silently."""
    for name in names:
        if getattr(args, name) not in (None, False):
            flag = "--" + name.replace("_", "-")
            raise PuzzleBookError(f"{flag} does not apply to {kind} puzzles; {instead}")


def emit_all(chunks: Iterator[str], output: str | None) -> int:
    """Print each chunk as soon as it is ready, or write them all at once to `output` (atomically)."""
    if output is None:
        for chunk in chunks:
            print(chunk, flush=True)
        return 0
    collected: list[str] = []
    counter = ""
    try:
        for chunk in chunks:
            collected.append(chunk)
            if sys.stderr.isatty():  # a live count for people, never for logs or pipes
                counter = f"\r{PROG}: {len(collected)} done"
                print(counter, end="", file=sys.stderr, flush=True)
    finally:
        if counter:
            print("\r" + " " * len(counter) + "\r", end="", file=sys.stderr, flush=True)
    try:
        write_text_atomic(output, "".join(chunk + "\n" for chunk in collected))
    except OSError as err:
        raise PuzzleBookError(f"cannot write the file: {err.strerror or err}", source=output) from None
    print(f"{PROG}: wrote {count_phrase(len(collected), 'puzzle')} to {output}", file=sys.stderr)
    return 0


# ---------------------------------------------------------------- commands


def cmd_generate(args: argparse.Namespace) -> int:
    kind = stated_kind(args) or "hidato"
    if kind == "sudoku":
        refuse_options(args, ("shape", *SHAPE_OPTIONS), kind, "a Sudoku's size comes from --box")
        return emit_all(sudoku_records(args), args.output)
    refuse_options(args, SUDOKU_OPTIONS, kind, "it is for --kind sudoku")
    adjacency = default_adjacency(kind == "numbrix")
    shape = args.shape or DEFAULT_SHAPE
    options = shape_options(args)
    settings = shape_settings(shape, options)

    def records() -> Iterator[str]:
        for i in range(args.count):
            seed = args.seed + i
            mask = shapes.make_mask(shape, **options, seed=seed, adjacency=adjacency)
            record = generate(mask, adjacency, args.difficulty, seed, shape=shape)
            if args.json:
                yield json_line(record)
            else:
                yield generated_block(record, settings, args.solutions, first=i == 0)

    return emit_all(records(), args.output)


def sudoku_records(args: argparse.Namespace) -> Iterator[str]:
    """Each generated Sudoku as JSON, or as text in the grid form (the one-line form with --one-line)."""
    box, symmetry = args.box or 3, args.symmetry or "rotate180"
    for i in range(args.count):
        record = sudoku_generate.generate(box, args.difficulty, args.seed + i, symmetry=symmetry)
        if args.json:
            yield json_line(record)
            continue
        solution = from_line(record["solution"]).cells if args.solutions else None
        item = SudokuText(from_line(record["grid"]), sudoku_meta(record), solution, 0,
                          "line" if args.one_line else "grid")
        yield sudoku_text(item, first=i == 0)


def shape_options(args: argparse.Namespace) -> dict[str, object]:
    """Only the shape parameters the user gave: each shape has its own defaults and refuses the rest."""
    return {name: getattr(args, name) for name in SHAPE_OPTIONS if getattr(args, name) is not None}


def shape_settings(name: str, options: dict[str, object]) -> dict[str, object]:
    """The parameters to record in metadata: those given, plus the size a family chose by itself."""
    takes_size = "size" in shapes.OPTIONS.get(name, ())
    if takes_size and "size" not in options:
        return {"size": shapes.DEFAULT_SIZE[name], **options}
    return dict(options)


def cmd_solve(args: argparse.Namespace) -> int:
    for index, item in enumerate(read_puzzles(args), start=1):
        texts: list[str]
        logic: Logic | None = None
        if isinstance(item, SudokuText):
            if args.steps:
                raise PuzzleBookError("--steps explains Hidato and Numbrix solutions only; drop it for Sudoku")
            result = sudoku_solve.solve(item.sudoku, max(2, args.limit), node_limit=args.node_limit)
            found = [Sudoku(item.sudoku.box, cells) for cells in result.solutions[: args.limit]]
            as_json: list[object] = [to_line(s) for s in found]
            texts = [to_line(s) if item.form == "line" else to_grid_text(s) for s in found]
        else:
            result = solve(item.board, max(2, args.limit), node_limit=args.node_limit)
            grids = result.solutions[: args.limit]
            as_json, texts = [grid_rows(grid) for grid in grids], [format_grid(grid) for grid in grids]
            if args.steps:
                logic = solve_logically(item.board, explain=True)
        if args.json:
            record = {"index": index, "line": item.line, "status": result.status, "nodes": result.nodes}
            if logic is not None:
                record |= steps_record(logic)
            print(json_line({**record, "solutions": as_json}), flush=True)
            continue
        if index > 1:
            print()
        print(f"{puzzle_label(index, item.line)}: {status_phrase(result, args.node_limit)}")
        if logic is not None:
            print(steps_text(logic, result.status), flush=True)
        for number, text in enumerate(texts, start=1):
            if len(texts) > 1:
                print(f"solution {number}:")
            print(text.rstrip("\n"), flush=True)
    return 0


def cmd_verify(args: argparse.Namespace) -> int:
    failures = 0
    puzzles = read_puzzles(args)
    for index, item in enumerate(puzzles, start=1):
        block = item.solution
        result: SolveResult
        if isinstance(item, SudokuText):
            hint = block if block is not None and is_sudoku_solution(item.sudoku, block) else None
            result = sudoku_solve.solve(item.sudoku, 2, node_limit=args.node_limit, hint=hint)
        else:
            hint = block if block is not None and is_solution(item.board, block) else None
            result = prove_unique(item.board, node_limit=args.node_limit, hint=hint)
        verdict, ok = judge(result, block)
        failures += not ok
        print(f"{puzzle_label(index, item.line)}: {verdict}", flush=True)
    checked = count_phrase(len(puzzles), "puzzle")
    print(f"{failures} of {checked} failed" if failures else f"{checked} verified")
    return 1 if failures else 0


def judge(result: SolveResult, block: Grid | tuple[int, ...] | None) -> tuple[str, bool]:
    """The verdict for one puzzle and whether it passes: exactly one solution, equal to its block."""
    if result.status == "multiple":
        return "multiple solutions", False
    if result.status == "none":
        return "no solution", False
    if result.status == "unknown":
        return "unknown (the node limit stopped the proof)", False
    if block is None:
        return "unique", True
    if result.solutions[0] == block:
        return "unique, matches its solution block", True
    return "unique, but its solution block differs", False


def cmd_grade(args: argparse.Namespace) -> int:
    failed = 0
    for index, item in enumerate(read_puzzles(args), start=1):
        try:
            record = sudoku_grade.grade(item.sudoku) if isinstance(item, SudokuText) else grade(item.board)
        except PuzzleBookError as err:
            failed += 1
            print(f"{PROG}: error: {puzzle_label(index, item.line)}: {err}", file=sys.stderr)
            continue
        if args.json:
            print(json_line({"index": index, "line": item.line, **record}), flush=True)
        else:
            print(f"{puzzle_label(index, item.line)}: {key_values(record)}", flush=True)
    return 2 if failed else 0


def cmd_show(args: argparse.Namespace) -> int:
    puzzles = read_puzzles(args)
    for index, item in enumerate(puzzles, start=1):
        if index > 1:
            print()
        if isinstance(item, SudokuText):
            print(sudoku_card(item, index, len(puzzles), args.solutions), flush=True)
        else:
            print(puzzle_card(item, index, len(puzzles), args.solutions), flush=True)
    return 0


def cmd_shapes(args: argparse.Namespace) -> int:
    names = [args.name] if args.name else shapes.shape_names()
    options = shape_options(args) if args.name else {}
    for number, name in enumerate(names):
        mask = shapes.make_mask(name, **options, seed=args.seed)
        if number:
            print()
        print(shape_card(name, mask, shape_settings(name, options), hidato_only(name, options, args.seed)))
    return 0


def hidato_only(name: str, options: dict[str, object], seed: int) -> bool:
    """True when the shape falls apart under orthogonal steps, so it cannot be a Numbrix board."""
    try:
        shapes.make_mask(name, **options, seed=seed, adjacency="orthogonal")
    except PuzzleBookError:
        return True
    return False


def cmd_build(args: argparse.Namespace) -> int:
    from pipeline.book.build import (  # joblib and reportlab load only for this command
        build,
        output_folder,
    )

    folder = output_folder(args.config, args.out)
    try:
        report = build(args.config, seed=args.seed, jobs=args.jobs, out_dir=args.out, quiet=args.quiet,
                       fresh=args.fresh, screen=args.screen, backend=args.backend, scheduler=args.scheduler)
    except KeyboardInterrupt:
        print(f"{PROG}: interrupted; the puzzles made so far are kept in {folder / 'puzzles.jsonl'}: "
              "run the same command again to resume", file=sys.stderr)
        return 130
    for note in report.notes:
        print(f"{PROG}: note: {note}", file=sys.stderr)
    if not args.quiet:
        print(f"{PROG}: {report.summary()}", file=sys.stderr)
    return 0


def cmd_schema(args: argparse.Namespace) -> int:
    from pipeline.book.config import (
        config_schema,  # pydantic loads only for the commands that need it
    )

    print(json.dumps(config_schema(), indent=2))
    return 0


# ---------------------------------------------------------------- argument parsing


class Parser(argparse.ArgumentParser):
    """argparse with the project's error line: usage, then `puzzlebook: error: ...`, exit code 2."""

    def error(self, message: str) -> NoReturn:
        self.print_usage(sys.stderr)
        self.exit(2, f"{PROG}: error: {message}\n")


def positive_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, got {value}")
    return value


def fraction(text: str) -> float:
    try:
        return float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number such as 0.5, got {text!r}") from None


def add_command(
    subs: argparse._SubParsersAction, name: str, run: Command, summary: str, example: str
) -> Parser:
    sub = subs.add_parser(
        name,
        help=summary,
        description=summary,
        epilog=f"example:\n  {example}",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    sub.set_defaults(run=run)
    return sub


def add_shape_options(sub: argparse.ArgumentParser, with_name: bool) -> None:
    """The shape flags; `with_name` adds --shape (left unset by default, so that Sudoku can refuse it)."""
    group = sub.add_argument_group("shape", "the board's outline; each shape takes only some of these")
    if with_name:
        group.add_argument(
            "--shape", metavar="NAME", help=f"a name from `puzzlebook shapes` (default {DEFAULT_SHAPE})",
        )
    group.add_argument("--size", type=positive_int, metavar="N", help="size in cells (default: the shape's)")
    group.add_argument("--width", type=positive_int, metavar="N", help="width in cells")
    group.add_argument("--height", type=positive_int, metavar="N", help="height in cells")
    group.add_argument("--arm", type=positive_int, metavar="N", help="arm width in cells")
    group.add_argument("--ratio", type=fraction, metavar="R", help="a proportion between 0 and 1")


def add_kind_option(sub: argparse.ArgumentParser, default: str) -> None:
    sub.add_argument("--kind", choices=KINDS, help=f"the puzzle kind ({default})")


def add_file_options(sub: argparse.ArgumentParser) -> None:
    sub.add_argument("file", metavar="FILE", help="a puzzle file in the text format, or - for standard input")
    add_kind_option(sub, "default: sudoku when the file looks like one, else hidato")
    sub.add_argument(
        "--numbrix", action="store_true",
        help="blocks without adjacency/kind metadata are Numbrix (4 neighbours), not Hidato",
    )


def add_node_limit(sub: argparse.ArgumentParser, outcome: str) -> None:
    sub.add_argument(
        "--node-limit", type=positive_int, metavar="N", help=f"give up after N search branchings ({outcome})"
    )


def build_parser() -> Parser:
    parser = Parser(
        prog=PROG,
        description="Make, solve, check and grade provably unique Hidato, Numbrix and Sudoku puzzles.",
        epilog="example:\n  puzzlebook generate --shape cross --difficulty hard --count 10 -o cross.txt"
        "\n\nRun `puzzlebook COMMAND --help` for a command's options.",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"{PROG} {__version__}")
    subs = parser.add_subparsers(dest="command", metavar="COMMAND", required=True, parser_class=Parser)

    sub = add_command(
        subs, "generate", cmd_generate, "Make unique, graded puzzles as text (or JSON Lines).",
        "puzzlebook generate --shape cross --size 9 --difficulty hard --seed 7 --count 10 -o cross.txt",
    )
    sub.epilog += (
        "\n\nseeds: puzzle i of a run (counting from 0) uses seed SEED+i, so --seed 7 --count 10 makes"
        "\nseeds 7..16, and --seed 12 alone reproduces the sixth of them."
    )
    add_kind_option(sub, "default hidato")
    add_shape_options(sub, with_name=True)
    group = sub.add_argument_group("sudoku", "for --kind sudoku only")
    group.add_argument("--box", type=int, choices=BOXES, metavar="K",
                       help="box size: a K*K by K*K grid, 2 to 5 (default 3: 9x9)")
    group.add_argument("--symmetry", choices=sudoku_generate.SYMMETRIES,
                       help="the pattern the givens keep (default rotate180)")
    group.add_argument("--one-line", action="store_true", help="write each grid on one line (81 symbols for 9x9)")
    sub.add_argument("--difficulty", default="medium", choices=LEVELS, help="level to reach (default medium)")
    sub.add_argument("--seed", type=int, default=1, help="seed of the first puzzle (default 1)")
    sub.add_argument("--count", type=positive_int, default=1, metavar="N", help="puzzles to make (default 1)")
    sub.add_argument("--numbrix", action="store_true", help="Numbrix (4 neighbours) instead of Hidato (8)")
    sub.add_argument("--solutions", action="store_true", help="add each solution block (role=solution)")
    sub.add_argument("--json", action="store_true", help="JSON Lines: a record per puzzle, with solution")
    sub.add_argument("-o", "--output", metavar="FILE", help="write FILE (atomically), not standard output")

    sub = add_command(
        subs, "solve", cmd_solve, "Solve each puzzle in a file and say whether it is unique.",
        "puzzlebook solve cross.txt --limit 3",
    )
    sub.epilog += ("\n\nstatus: unique | multiple | none | unknown (--node-limit stopped the proof)"
                   "\n\nexplained: puzzlebook solve cross.txt --steps")
    add_file_options(sub)
    sub.add_argument("--limit", type=positive_int, default=2, metavar="N", help="print up to N solutions (2)")
    add_node_limit(sub, "status unknown")
    sub.add_argument("--steps", action="store_true",
                     help="explain the solution step by step, the way a person reasons (Hidato/Numbrix)")
    sub.add_argument("--json", action="store_true",
                     help="JSON Lines: index, line, status, nodes (with --steps: level, steps), solutions")

    sub = add_command(
        subs, "show", cmd_show, "Print a file's puzzles as framed grids with their metadata.",
        "puzzlebook show cross.txt --solutions",
    )
    add_file_options(sub)
    sub.add_argument("--solutions", action="store_true", help="also print the file's solution blocks")

    sub = add_command(
        subs, "verify", cmd_verify, "Check each puzzle has one solution, equal to its solution block.",
        "puzzlebook verify cross.txt && echo all good",
    )
    sub.epilog += "\n\nexit status: 0 when every puzzle passes, 1 when any fails, 2 for unreadable input"
    add_file_options(sub)
    add_node_limit(sub, "the puzzle fails")

    sub = add_command(
        subs, "grade", cmd_grade, "Print each puzzle's level, the techniques it needs and its steps.",
        "puzzlebook grade cross.txt --json",
    )
    sub.epilog += ("\n\nlevels (Hidato/Numbrix): easy = forced steps and single cells/numbers, medium = distance"
                   "\nwindows, hard = dead ends, pairs, regions, gap routes, expert = trial."
                   "\n`puzzlebook solve FILE --steps` shows the reasoning step by step.")
    add_file_options(sub)
    sub.add_argument("--json", action="store_true", help="JSON Lines: index, line, then the grade record")

    sub = add_command(
        subs, "shapes", cmd_shapes, "List the board shapes with previews, or preview one shape.",
        "puzzlebook shapes cross --size 11 --arm 3",
    )
    sub.add_argument("name", nargs="?", metavar="NAME", help="preview only this shape, as set below")
    add_shape_options(sub, with_name=False)
    sub.add_argument("--seed", type=int, default=0, help="seed for shapes drawn at random (default 0)")

    sub = add_command(
        subs, "build", cmd_build, "Build a print-ready PDF book from a YAML config.",
        "puzzlebook build configs/classic.yaml --jobs 2",
    )
    sub.epilog += (
        "\n\nwrites output/NAME/book.pdf, puzzles.jsonl (every puzzle, saved as it is made) and"
        "\nmanifest.json for configs/NAME.yaml. Stopped builds resume: run the same command again."
        "\n\nexit status: 0 built, 2 a problem to fix (config, output folder, disk full, lost workers;"
        "\nthe previous book is left as it was), 130 interrupted"
    )
    sub.add_argument("config", metavar="CONFIG", help="the book's YAML config (`puzzlebook schema` describes it)")
    sub.add_argument("--seed", type=int, help="use this book seed instead of the config's")
    sub.add_argument("--jobs", type=positive_int, metavar="N", help="worker processes (default: the config's, else all cores)")
    sub.add_argument("--backend", choices=("loky", "threading", "sequential", "dask"),
                     help="how puzzles are made in parallel (default: the config's, else loky); "
                     "dask needs pip install '.[dask]'")
    sub.add_argument("--scheduler", metavar="ADDRESS",
                     help="run on the Dask cluster whose scheduler is at ADDRESS, e.g. tcp://10.0.0.5:8786 "
                     "(implies --backend dask; default: a local cluster started for this build)")
    sub.add_argument("--out", metavar="DIR", help="output folder (default output/NAME)")
    sub.add_argument("--quiet", action="store_true", help="no progress bar and no summary line")
    sub.add_argument("--fresh", action="store_true", help="discard saved puzzles and make them all again")
    sub.add_argument("--screen", action="store_true", help="a PDF for reading on screen (book-screen.pdf)")

    sub = add_command(
        subs, "schema", cmd_schema, "Print the JSON Schema of a book config (for editors and checks).",
        "puzzlebook schema > puzzlebook-config.schema.json",
    )
    return parser


# ---------------------------------------------------------------- entry point


def main(argv: list[str] | None = None) -> int:
    """Run one command; return its exit code (0 fine, 1 a check failed, 2 a user error, 130 interrupted)."""
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as stop:  # --help, --version and usage errors
        return stop.code if isinstance(stop.code, int) else (0 if stop.code is None else 2)
    try:
        return args.run(args)
    except PuzzleBookError as err:
        print(f"{PROG}: error: {err}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        # The reader went away (e.g. `| head`): stop quietly; point stdout at /dev/null so the
        # interpreter's final flush does not complain either.
        try:
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        except (OSError, ValueError):
            pass
        return 1
