"""The commands behind `puzzlebook COMMAND`: each reads its arguments, asks the kind, prints.

Generic on purpose: a command picks the kind (cli/puzzles.py) and dispatches through its face
(pipeline.kinds.base.Kind); no kind is named here. Every command returns its exit code; user
mistakes are raised as PuzzleBookError and turned into exit code 2 by main.py alone.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator
from contextlib import suppress
from typing import Any

from pipeline import shapes
from pipeline.atomic import write_text_atomic
from pipeline.cli.output import (
    count_phrase,
    joined,
    json_line,
    puzzle_label,
    shape_card,
    square_shape_view,
    status_phrase,
    steps_record,
    steps_text,
)
from pipeline.cli.puzzles import read_puzzles
from pipeline.errors import PuzzleBookError
from pipeline.kinds import registry
from pipeline.kinds.record import PuzzleRecord
from pipeline.kinds.result import SolveResult
from pipeline.stopping import Stopped
from pipeline.textfile import key_values

PROG = "puzzlebook"


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


def cmd_generate(args: argparse.Namespace) -> int:
    """The kind's puzzles from its parameters as the command line states them (kindoptions.py)."""
    from pipeline.cli.kindoptions import judged, values

    kind = args.generate_kind
    params = judged(kind.params, lambda: kind.stated(values(args, kind.params)))
    judged(kind.params, lambda: params.check_for(kind.name, [args.difficulty]))
    form = None if kind.text_form is None else judged(
        kind.text_form, lambda: kind.text_form.model_validate(values(args, kind.text_form)))

    def records() -> Iterator[str]:
        for i in range(args.count):
            seed = args.seed + i
            made = kind.generate(kind.single_job(params, args.difficulty, seed), args.difficulty, seed)
            record = PuzzleRecord.from_json(made).to_json()  # the one record form, checked as a build checks it
            if args.json:
                yield json_line(record)
            else:
                yield kind.generated_text(record, params, form, solutions=args.solutions, first=i == 0)

    return emit_all(records(), args.output)


def cmd_solve(args: argparse.Namespace) -> int:
    kind, puzzles = read_puzzles(args)
    if args.steps and not kind.explains:
        explainers = [each.title for each in registry.KINDS if each.explains]
        raise PuzzleBookError(f"--steps explains {joined(explainers)} solutions only; drop it for {kind.title}")
    for index, item in enumerate(puzzles, start=1):
        budget = args.node_limit or kind.default_node_limit(item.puzzle)
        result = kind.solve(item.puzzle, max(2, args.limit), node_limit=budget)
        found = result.solutions[: args.limit]
        explained = kind.explain(item.puzzle) if args.steps else None
        if args.json:
            record: dict[str, object] = {"index": index, "line": item.line, "status": result.status,
                                         "nodes": result.nodes}
            if explained is not None:
                record |= steps_record(explained)
            record["solutions"] = [kind.solution_json(solution) for solution in found]
            print(json_line(record), flush=True)
            continue
        if index > 1:
            print()
        print(f"{puzzle_label(index, item.line)}: {status_phrase(result, budget)}")
        if explained is not None:
            print(steps_text(explained, result.status), flush=True)
        for number, solution in enumerate(found, start=1):
            if len(found) > 1:
                print(f"solution {number}:")
            print(kind.solution_text(item, solution).rstrip("\n"), flush=True)
    return 0


def cmd_verify(args: argparse.Namespace) -> int:
    failures = 0
    kind, puzzles = read_puzzles(args)
    for index, item in enumerate(puzzles, start=1):
        block = item.solution
        hint = block if block is not None and kind.is_solution(item.puzzle, block) else None
        budget = args.node_limit or kind.default_node_limit(item.puzzle)
        result = kind.prove(item.puzzle, node_limit=budget, hint=hint)
        verdict, ok = judge(result, block)
        failures += not ok
        print(f"{puzzle_label(index, item.line)}: {verdict}", flush=True)
    checked = count_phrase(len(puzzles), "puzzle")
    print(f"{failures} of {checked} failed" if failures else f"{checked} verified")
    return 1 if failures else 0


def judge(result: SolveResult[Any], block: object | None) -> tuple[str, bool]:
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
    kind, puzzles = read_puzzles(args)
    for index, item in enumerate(puzzles, start=1):
        try:
            record = kind.grade(item.puzzle)
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
    kind, puzzles = read_puzzles(args)
    for index, item in enumerate(puzzles, start=1):
        if index > 1:
            print()
        print(kind.card(item, index, len(puzzles), args.solutions), flush=True)
    return 0


def cmd_shapes(args: argparse.Namespace) -> int:
    """The square grid's shapes, then the shapes kinds bring for grids of their own (hex boards)."""
    owners = {name: kind for kind in registry.KINDS for name in kind.own_shapes()}
    names = [args.name] if args.name else [*shapes.shape_names(), *(name for name in owners if name not in shapes.FAMILIES)]
    options = shape_options(args) if args.name else {}
    for number, name in enumerate(names):
        owner = owners.get(name)
        if owner is not None:
            view = owner.shape_view(name, options, args.seed)
        else:
            mask = shapes.make_mask(name, **shapes.given_options(options), seed=args.seed)
            view = square_shape_view(name, mask, shapes.shape_settings(name, options))
        if number:
            print()
        print(shape_card(name, view, only_for(name, options, args.seed)))
    return 0


def shape_options(args: argparse.Namespace) -> dict[str, object]:
    """Only the shape parameters given: each shape has its own defaults and refuses the rest."""
    from pipeline.cli.kindoptions import values
    from pipeline.kinds.section import ShapeSpec

    return values(args, ShapeSpec, exclude=("name",))


def only_for(name: str, options: dict[str, object], seed: int) -> list[str]:
    """The kinds that can use the shape, when some kind with shapes cannot (else none: all can)."""
    verdicts = [(kind.title, kind.accepts_shape(name, options, seed)) for kind in registry.KINDS]
    judged = [(title, accepts) for title, accepts in verdicts if accepts is not None]
    if all(accepts for _, accepts in judged):
        return []
    return [title for title, accepts in judged if accepts]


def cmd_build(args: argparse.Namespace) -> int:
    return _build(args, fresh=args.fresh, screen=args.screen, backend=args.backend, scheduler=args.scheduler)


def cmd_cover(args: argparse.Namespace) -> int:
    return _build(args, cover_only=True)


def _build(args: argparse.Namespace, **options: Any) -> int:
    """Run a build (or a cover-only one) for the command line: its notes and summary on stderr."""
    from pipeline.book.build import (  # joblib and reportlab load only for these commands
        build,
        output_folder,
    )

    folder = output_folder(args.config, args.out)
    as_json = getattr(args, "progress", "bar") == "json"
    try:
        report = build(args.config, seed=args.seed, jobs=args.jobs, out_dir=args.out, quiet=args.quiet or as_json,
                       progress=(lambda record: print(json.dumps(record), flush=True)) if as_json else None,
                       volume=args.volume, exclude=args.exclude, **options)
    except KeyboardInterrupt as interrupt:  # Ctrl-C, or SIGTERM/SIGHUP (stopping.Stopped): main() sets the status
        how = f"stopped by {interrupt.name}" if isinstance(interrupt, Stopped) else "interrupted"
        with suppress(OSError):  # a closed terminal
            print(f"{PROG}: {how}; the puzzles made so far are kept in {folder}: run the same command again "
                  "to resume", file=sys.stderr)
        return 130
    for note in report.notes:
        print(f"{PROG}: note: {note}", file=sys.stderr)
    if not args.quiet:
        for line in report.summary().splitlines():  # a series: a line per volume
            print(f"{PROG}: {line}", file=sys.stderr)
    return 0


def cmd_export(args: argparse.Namespace) -> int:
    """Every puzzle of a book or a puzzle file as a file of its own (book.export)."""
    from pathlib import Path

    from pipeline.book.export import book_batch, export, file_batch, is_config

    source = args.source
    if is_config(source):
        if args.kind:
            raise PuzzleBookError("--kind is for a puzzle file; a config's sections name their kinds", field="--kind")
        batch = book_batch(source, quiet=args.quiet)
    else:
        batch = file_batch(source, args.kind)
    written = export(batch, fmt=args.format, dpi=args.dpi, solutions=args.solutions,
                     out=Path(args.out) if args.out else None)
    if not args.quiet:
        folder = written[0].parent if written else batch.folder
        print(f"{PROG}: {len(written)} {args.format.upper()} files -> {folder}", file=sys.stderr)
    return 0


def cmd_studio(args: argparse.Namespace) -> int:
    from pathlib import Path

    from pipeline.studio.server import (
        serve,  # the web server loads only for this command
    )

    return serve(Path(args.folder), port=args.port, host=args.host, open_browser=args.open)


def cmd_schema(args: argparse.Namespace) -> int:
    from pipeline.book.config import config_schema

    print(json.dumps(config_schema(), indent=2))
    return 0
