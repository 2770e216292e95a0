"""The `puzzlebook` command line: argument parsing, and the entry point that turns errors into exit codes.

Thin on purpose: the commands live in commands.py and dispatch through the kinds' one face. The
`generate` parser is built for one kind (chosen by --kind, or by a board only one kind plays on,
else the default kind), with that kind's options only, derived from its parameter model
(kindoptions.py): another kind's flag is refused by argparse like any unknown flag. This is the
only place that turns a PuzzleBookError (or a missing file) into exit code 2 and a one-line message;
it never prints a traceback for those.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Sequence
from contextlib import suppress
from typing import Any, NoReturn

from pipeline import __version__
from pipeline.cli.commands import (
    PROG,
    cmd_build,
    cmd_cover,
    cmd_export,
    cmd_generate,
    cmd_grade,
    cmd_schema,
    cmd_shapes,
    cmd_show,
    cmd_solve,
    cmd_studio,
    cmd_verify,
)
from pipeline.cli.argtypes import port_number, positive_int
from pipeline.cli.output import joined
from pipeline.errors import PuzzleBookError
from pipeline.kinds import registry
from pipeline.kinds.base import Kind
from pipeline.stopping import Stopped, StopSignals

Command = Callable[[argparse.Namespace], int]


class Parser(argparse.ArgumentParser):
    """argparse with the project's error line: usage, then `puzzlebook: error: ...`, exit code 2."""

    def error(self, message: str) -> NoReturn:
        self.print_usage(sys.stderr)
        self.exit(2, f"{PROG}: error: {message}\n")

    def add_notes(self, text: str) -> None:
        """Add `text` to the end of the help's epilog (a command's example)."""
        self.epilog = (self.epilog or "") + text


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
    sub.set_defaults(run=run, command_parser=sub)
    return sub


def add_kind_option(sub: argparse.ArgumentParser, default: str) -> None:
    sub.add_argument("--kind", choices=registry.names(), help=f"the puzzle kind ({default})")


def add_file_options(sub: argparse.ArgumentParser) -> None:
    sub.add_argument("file", metavar="FILE", help="a puzzle file in the text format, or - for standard input")
    add_kind_option(sub, f"default: guessed from the file, else {registry.DEFAULT.name}")


def add_node_limit(sub: argparse.ArgumentParser, outcome: str) -> None:
    sub.add_argument(
        "--node-limit", type=positive_int, metavar="N",
        help=f"give up after N search branchings ({outcome}); default: seconds of work for the board's size",
    )


def generate_kind(argv: Sequence[str]) -> Kind[Any, Any, Any]:
    """The kind a `generate` command line is about: --kind, else the kind whose own grid its --shape
    is drawn on (a honeycomb), else the default kind. Unknown names are left to the full parse to
    refuse, with argparse's message."""
    if list(argv[:1]) != ["generate"]:
        return registry.DEFAULT
    first = argparse.ArgumentParser(add_help=False)
    first.add_argument("--kind")
    first.add_argument("--shape")
    known, _ = first.parse_known_args(argv[1:])
    if known.kind in registry.names():
        return registry.kind(known.kind)
    owner = registry.shape_owner(known.shape) if known.kind is None and known.shape else None
    return owner or registry.DEFAULT


def add_kind_options(sub: argparse.ArgumentParser, kind: Kind[Any, Any, Any]) -> None:
    """The kind's own `generate` options: its parameters, then how its text is written."""
    from pipeline.cli.kindoptions import add_options  # pydantic loads only for generate

    add_options(sub, kind.params, kind.name, f"for --kind {kind.name}; another kind's: "
                f"puzzlebook generate --kind KIND --help")
    if kind.text_form is not None:
        add_options(sub, kind.text_form, f"{kind.name} text", "how the puzzles are written")


def add_series_options(sub: argparse.ArgumentParser) -> None:
    """--volume and --exclude, for the commands that build a book."""
    sub.add_argument("--volume", type=positive_int, metavar="K",
                     help="build only volume K of a series (the volumes before it are made or read, not typeset)")
    sub.add_argument("--exclude", action="append", default=[], metavar="PATH",
                     help="an earlier book's or series' output folder (or puzzles.jsonl) whose puzzles must not "
                     "come back; repeat for more (added to the config's exclude)")


def build_parser(kind: Kind[Any, Any, Any] | None = None, command: str | None = None) -> Parser:
    """The command line, its `generate` options those of `kind` (default: the default kind).

    The options derived from models (pydantic's) are added only to `command` when one is named (the
    one the command line runs), so `solve` or `verify` never pays for loading them."""
    kind = kind or registry.DEFAULT
    derived = {"generate", "shapes"} if command is None else {command}
    parser = Parser(
        prog=PROG,
        description=f"Make, solve, check and grade provably unique {joined([kind.title for kind in registry.KINDS])} "
        "puzzles.",
        epilog="example:\n  puzzlebook generate --shape cross --difficulty hard --count 10 -o cross.txt"
        "\n\nRun `puzzlebook COMMAND --help` for a command's options.",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"{PROG} {__version__}")
    subs = parser.add_subparsers(dest="command", metavar="COMMAND", required=True, parser_class=Parser)

    sub = add_command(
        subs, "generate", cmd_generate, "Make unique, graded puzzles as text (or JSON Lines).",
        "puzzlebook generate --shape cross --size 9 --difficulty hard --seed 7 --count 10 -o cross.txt"
        if kind is registry.DEFAULT else
        f"puzzlebook generate --kind {kind.name} --difficulty {kind.levels[1]} --seed 7 --count 10 -o {kind.name}.txt",
    )
    sub.add_notes(
        "\n\nseeds: puzzle i of a run (counting from 0) uses seed SEED+i, so --seed 7 --count 10 makes"
        "\nseeds 7..16, and --seed 12 alone reproduces the sixth of them."
    )
    add_kind_option(sub, f"default {registry.DEFAULT.name}; a honeycomb --shape means the kind that plays on it")
    sub.set_defaults(generate_kind=kind)
    sub.add_argument("--difficulty", default="medium", choices=kind.levels,
                     help=f"level to reach (default medium; {kind.name}: {', '.join(kind.levels)})")
    sub.add_argument("--seed", type=int, default=1, help="seed of the first puzzle (default 1)")
    sub.add_argument("--count", type=positive_int, default=1, metavar="N", help="puzzles to make (default 1)")
    sub.add_argument("--solutions", action="store_true", help="add each solution block (role=solution)")
    sub.add_argument("--json", action="store_true", help="JSON Lines: a record per puzzle, with solution")
    sub.add_argument("-o", "--output", metavar="FILE", help="write FILE (atomically), not standard output")
    if "generate" in derived:
        add_kind_options(sub, kind)

    sub = add_command(
        subs, "solve", cmd_solve, "Solve each puzzle in a file and say whether it is unique.",
        "puzzlebook solve cross.txt --limit 3",
    )
    sub.add_notes("\n\nstatus: unique | multiple | none | unknown (--node-limit stopped the proof)"
                  "\n\nexplained: puzzlebook solve cross.txt --steps")
    add_file_options(sub)
    sub.add_argument("--limit", type=positive_int, default=2, metavar="N", help="print up to N solutions (2)")
    add_node_limit(sub, "status unknown")
    explainers = "/".join(kind.title for kind in registry.KINDS if kind.explains)
    sub.add_argument("--steps", action="store_true",
                     help=f"explain the solution step by step, the way a person reasons ({explainers})")
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
    sub.add_notes("\n\nexit status: 0 when every puzzle passes, 1 when any fails, 2 for unreadable input")
    add_file_options(sub)
    add_node_limit(sub, "the puzzle fails")

    sub = add_command(
        subs, "grade", cmd_grade, "Print each puzzle's level, the techniques it needs and its steps.",
        "puzzlebook grade cross.txt --json",
    )
    levels = "".join(
        f"\n  {'/'.join(kind.title for kind in registry.KINDS if kind.family == family.family)}: "
        f"{', '.join(family.levels)}" for family in registry.families()
    )
    sub.add_notes(f"\n\nlevels, each named after the hardest reasoning a person needs:{levels}"
                  f"\n`puzzlebook solve FILE --steps` shows the reasoning step by step ({explainers}).")
    add_file_options(sub)
    sub.add_argument("--json", action="store_true", help="JSON Lines: index, line, then the grade record")

    sub = add_command(
        subs, "shapes", cmd_shapes, "List the board shapes with previews, or preview one shape.",
        "puzzlebook shapes cross --size 11 --arm 3",
    )
    sub.add_argument("name", nargs="?", metavar="NAME", help="preview only this shape, as set below")
    if "shapes" in derived:
        from pipeline.cli.kindoptions import add_options  # pydantic loads only for these commands
        from pipeline.kinds.section import ShapeSpec

        add_options(sub, ShapeSpec, "shape", "the board's outline; each shape takes only some of these",
                    exclude=("name",))
    sub.add_argument("--seed", type=int, default=0, help="seed for shapes drawn at random (default 0)")

    sub = add_command(
        subs, "build", cmd_build, "Build a print-ready PDF book from a YAML config.",
        "puzzlebook build configs/classic.yaml --jobs 2",
    )
    sub.add_notes(
        "\n\nwrites output/NAME/book.pdf, cover.pdf (the full wrap), listing.txt (what to type into the"
        "\nprint service's forms), report.html (every puzzle and the difficulty charts, to open in a"
        "\nbrowser), puzzles.jsonl (every puzzle, saved as it is made) and manifest.json"
        "\nfor configs/NAME.yaml. Stopped builds resume: run the same command again. A series config"
        "\n(series: {volumes: N}) builds output/NAME/volume-K/ for each volume and output/NAME/series.json;"
        "\nno puzzle repeats another of the book, of an earlier volume or of an --exclude'd book."
        "\n\nexit status: 0 built, 2 a problem to fix (config, output folder, disk full, lost workers;"
        "\nthe previous book is left as it was), 130 interrupted (Ctrl-C), 143 or 129 stopped by SIGTERM or"
        "\nSIGHUP (workers stopped, the puzzles made kept, the previous book left as it was)"
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
    sub.add_argument("--progress", choices=("bar", "json"), default="bar",
                     help="bar: a progress bar on a terminal (default); json: one JSON record a line on stdout "
                     "(the plan, each puzzle made with its section's count, rate and time left, each stage, the end)")
    add_series_options(sub)

    sub = add_command(
        subs, "cover", cmd_cover, "Make only the full-wrap cover (cover.pdf) and listing.txt of a config's book.",
        "puzzlebook cover configs/classic.yaml",
    )
    sub.add_notes(
        "\n\nThe puzzles are made (or reused from output/NAME/puzzles.jsonl) as by build: the cover"
        "\nshows two of them, and the book's page count sets the spine's width."
    )
    sub.add_argument("config", metavar="CONFIG", help="the book's YAML config")
    sub.add_argument("--seed", type=int, help="use this book seed instead of the config's")
    sub.add_argument("--jobs", type=positive_int, metavar="N", help="worker processes (default: the config's, else all cores)")
    sub.add_argument("--out", metavar="DIR", help="output folder (default output/NAME)")
    sub.add_argument("--quiet", action="store_true", help="no progress bar and no summary line")
    add_series_options(sub)

    sub = add_command(
        subs, "export", cmd_export, "Write every puzzle of a book or a puzzle file as a file of its own (PNG, SVG or PDF).",
        "puzzlebook export configs/classic.yaml --format svg --solutions -o puzzles/",
    )
    sub.add_notes(
        "\n\nFor a config (.yaml), the book's puzzles at their printed size and labels, named"
        "\nSECTION-NUMBER (the book is built first, reusing what is made); for a puzzle file, each"
        "\npuzzle, proved to have one solution, named FILE-NUMBER. Answers end in -answer."
        "\nPNG records its dpi; SVG keeps numbers as text in the book's font; PDF embeds the font."
    )
    sub.add_argument("source", metavar="CONFIG|FILE", help="a book config (.yaml) or a puzzle file")
    sub.add_argument("--format", choices=("png", "svg", "pdf"), default="png", help="the files' format (default png)")
    sub.add_argument("--dpi", type=int, default=300, metavar="N", help="PNG resolution, 36 to 1200 (default 300)")
    sub.add_argument("--solutions", action="store_true", help="also write each puzzle's answer")
    sub.add_argument("-o", "--out", metavar="DIR", help="the folder to write (default output/NAME/export)")
    sub.add_argument("--kind", choices=registry.names(), help="a puzzle file's kind (default: guessed from the file)")
    sub.add_argument("--quiet", action="store_true", help="no summary line")

    sub = add_command(
        subs, "studio", cmd_studio, "Make books in the browser: edit, preview and build the configs of a folder.",
        "puzzlebook studio configs --port 0",
    )
    sub.add_notes(
        "\n\nPrints one line, the studio's address with its login token: open it in a browser."
        "\nBuilds go to output/NAME/ here, as `puzzlebook build` makes them. Ctrl-C stops the studio"
        "\n(and a running build, as Ctrl-C stops one)."
    )
    sub.add_argument("folder", nargs="?", default="configs", metavar="FOLDER",
                     help="the folder of book configs (default configs/)")
    sub.add_argument("--port", type=port_number, default=8765, metavar="N", help="the port (default 8765; 0 picks a free one)")
    sub.add_argument("--host", default="127.0.0.1",
                     help="the address to listen on (default 127.0.0.1, this machine only; another one is warned about)")
    sub.add_argument("--open", action="store_true", help="open the studio in the default browser")

    sub = add_command(
        subs, "schema", cmd_schema, "Print the JSON Schema of a book config (for editors and checks).",
        "puzzlebook schema > puzzlebook-config.schema.json",
    )
    return parser


# ---------------------------------------------------------------- entry point


def main(argv: list[str] | None = None) -> int:
    """Run one command; return its exit code (0 fine, 1 a check failed, 2 a user error, 130 interrupted,
    128 + the signal's number stopped by SIGTERM or SIGHUP)."""
    words = list(sys.argv[1:] if argv is None else argv)
    try:
        registry.check_plugins()
    except PuzzleBookError as err:
        print(f"{PROG}: error: {err}", file=sys.stderr)
        return 2
    try:
        parser = build_parser(generate_kind(words), words[0] if words else "")
        args, unknown = parser.parse_known_args(words)
        if unknown:  # said by the command's own parser, so its usage names its options
            hint = " (another kind's option? see puzzlebook generate --kind KIND --help)" if args.command == "generate" else ""
            args.command_parser.error(f"unrecognized arguments: {' '.join(unknown)}{hint}")
    except SystemExit as stop:  # --help, --version and usage errors
        return stop.code if isinstance(stop.code, int) else (0 if stop.code is None else 2)
    code = 1
    with StopSignals(PROG) as signals:  # SIGTERM and SIGHUP stop a command as Ctrl-C does
        try:
            code = args.run(args)
        except PuzzleBookError as err:
            print(f"{PROG}: error: {err}", file=sys.stderr)
            code = 2
        except KeyboardInterrupt as interrupt:
            if isinstance(interrupt, Stopped):  # Ctrl-C stays quiet: whoever pressed it knows
                with suppress(OSError):  # a closed terminal
                    print(f"{PROG}: stopped by {interrupt.name}", file=sys.stderr)
            code = 130
        except BrokenPipeError:
            # The reader went away (e.g. `| head`): stop quietly; point stdout at /dev/null so the
            # interpreter's final flush does not complain either.
            try:
                os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
            except (OSError, ValueError):
                pass
            code = 1
    return signals.status(code)
