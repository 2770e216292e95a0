"""The one face: every registered kind keeps the same promises, and the rest of the program names none.

Each kind is exercised only through pipeline.kinds.base.Kind, so a new kind gets these tests by
adding one EXAMPLES line. The architecture tests read the source: no module outside the kinds (their
registry included) names a kind; no import cycles; the core imports no reportlab,
joblib or command line.
"""

from __future__ import annotations

import ast
import io
import json
import re
import sys
from pathlib import Path
from typing import Any

import pytest

from pipeline.book.plan import Job
from pipeline.cli import main
from pipeline.cli.main import build_parser
from pipeline.kinds import registry
from pipeline.kinds.crossword.clues import theme_clues
from pipeline.kinds.record import PuzzleRecord

PIPELINE = Path(__file__).resolve().parent.parent / "pipeline"

ANIMALS = [[item.word, item.clue] for item in theme_clues("en", "animals")[:24]]
EXAMPLES: dict[str, tuple[dict[str, Any], str, list[str]]] = {
    # kind: (job parameters, a level they reach, `generate` flags for a like puzzle)
    "hidato": ({"adjacency": "king", "shape": {"name": "square", "size": 5}}, "medium", ["--size", "5"]),
    "numbrix": ({"adjacency": "orthogonal", "shape": {"name": "cross", "size": 8, "arm": 4}}, "hard",
                ["--shape", "cross", "--size", "8", "--arm", "4"]),
    "sudoku": ({"box": 2, "symmetry": "none"}, "easy", ["--box", "2", "--symmetry", "none"]),
    "hexhidato": ({"adjacency": "hex", "shape": {"name": "hexagon", "size": 4}}, "hard",
                  ["--shape", "hexagon", "--size", "4"]),
    "wordsearch": ({"shape": {"name": "square", "size": 9}, "language": "en", "umlauts": "keep",
                    "words": ["TIGER", "ZEBRA", "OTTER", "CAMEL", "HORSE", "MOUSE"], "show": "list",
                    "list_style": "alphabetical"}, "hard", ["--size", "9", "--theme", "animals",
                                                              "--words-per-puzzle", "6"]),
    "maze": ({"shape": {"name": "heart", "size": 12}, "goal": "centre"}, "hard", ["--shape", "heart", "--size", "12"]),
    "killer": ({"size": 6, "symmetry": "rotate180"}, "easy", ["--size", "6"]),
    "jigsaw": ({"size": 6, "symmetry": "rotate180", "shade": True}, "medium", ["--size", "6", "--shade"]),
    "sudokux": ({"size": 6, "symmetry": "none"}, "medium", ["--size", "6", "--symmetry", "none"]),
    "crossword": ({"language": "en", "umlauts": "keep", "theme": "animals", "words": ANIMALS, "count": None,
                   "whole": False, "size": 11, "starter": True}, "easy", ["--theme", "animals", "--size", "11"]),
    "fillin": ({"language": "en", "umlauts": "keep", "theme": "animals", "words": ANIMALS, "count": 12,
                "whole": False, "size": 13, "starter": True}, "medium",
               ["--theme", "animals", "--size", "13", "--words-per-puzzle", "12"]),
    "nonogram": ({"picture": None, "image": None, "width": 10, "height": 10, "changes": "hints"}, "easy",
                 ["--size", "10"]),
}
KINDS = sorted(EXAMPLES)


def test_every_registered_kind_has_an_example() -> None:
    assert set(registry.names()) == set(EXAMPLES)


def test_families_group_kinds_and_add_their_options_once() -> None:
    assert [kind.name for kind in registry.families()] == ["hidato", "sudoku", "wordsearch", "maze", "killer",
                                                               "crossword", "nonogram"]
    assert registry.family_names("hidato") == ("hidato", "numbrix", "hexhidato")
    assert {kind.family for kind in registry.KINDS} == {kind.family for kind in registry.families()}
    assert all(kind.section_model is registry.kind(registry.family_names(kind.family)[0]).section_model
               for kind in registry.KINDS)
    build_parser()  # two families adding the same option would raise argparse.ArgumentError


@pytest.fixture(scope="module", params=KINDS)
def made(request: pytest.FixtureRequest) -> tuple[Any, dict[str, Any], dict[str, Any], str]:
    kind = registry.kind(request.param)
    params, level, _ = EXAMPLES[request.param]
    return kind, params, kind.generate(params, level, 3), level


def test_a_generated_record_is_the_job_it_was_made_for(made: tuple) -> None:
    kind, params, record, level = made
    assert (record["kind"], record["seed"], record["difficulty"], record["grade"]["level"]) == (
        kind.name, 3, level, level)
    assert kind.record_fields(params).items() <= record.items()
    assert record["seed"] in kind.record_seeds(params, 3)
    assert kind.generate(params, level, 3) == record, "the same job makes the same puzzle"


def test_a_record_has_exactly_the_fields_a_resumed_build_expects(made: tuple) -> None:
    """Its kind's job fields and the fields its generator decides: a saved record is kept on resume."""
    kind, params, record, _ = made
    own = set(PuzzleRecord.from_json(record).fields)
    assert own == set(kind.record_fields(params)) | set(kind.made_fields)


def test_a_record_reads_back_and_proves_unique(made: tuple) -> None:
    kind, _, record, level = made
    puzzle, solution = kind.read_record(record)
    assert kind.is_solution(puzzle, solution)
    assert kind.prove(puzzle, hint=solution).status == "unique"
    assert kind.prove(puzzle).solutions == (solution,)
    assert kind.solve(puzzle, 2).solutions == (solution,)
    assert kind.grade(puzzle) == record["grade"]
    written = kind.write_record(puzzle, solution)
    assert written.items() <= record.items()
    assert kind.read_record(written) == (puzzle, solution)
    assert kind.solution_json(solution) == record["solution"]


def test_a_blank_grid_is_the_board_of_the_record(made: tuple) -> None:
    kind, params, record, _ = made
    blank = kind.blank_grid(params, 3)
    if kind.board_cells(params) is None:  # a board laid out anew for each puzzle: its box holds the puzzle's
        extent = kind.drawing.extent
        assert all(a >= b for a, b in zip(extent(blank), extent(kind.drawing.bare(registry.drawn(
            PuzzleRecord.from_json(record))))))
        return
    board, solution = kind.read_record({**record, "grid": blank})
    assert kind.write_record(board, solution)["grid"] == blank
    extent = kind.drawing.extent
    assert extent(blank) == extent(record["grid"]), "a blank grid lays out as the puzzle will"
    assert kind.board_cells(params) is not None


def test_explanations_finish_at_the_graded_level(made: tuple) -> None:
    kind, _, record, level = made
    explained = kind.explain(kind.read_record(record)[0])
    if not kind.explains:
        assert explained is None
        return
    assert explained is not None and explained.solved and explained.level == level
    assert explained.step_count == len(explained.steps) == sum(explained.counts.values())
    assert all(step.technique in explained.names and step.text for step in explained.steps)


@pytest.mark.parametrize("name", KINDS)
def test_text_reads_back_as_written_and_its_kind_is_found(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    _, level, flags = EXAMPLES[name]
    assert main(["generate", "--kind", name, *flags, "--difficulty", level, "--count", "2", "--solutions"]) == 0
    text = capsys.readouterr().out
    kind = registry.kind(name)
    items = kind.parse(text, "generated.txt")
    assert len(items) == 2 and all(item.solution is not None for item in items)
    assert kind.format(items) == text
    assert kind.parse(kind.format(items), "again.txt") == items
    assert registry.detect(text).parse(text, "guessed.txt") == items
    for index, item in enumerate(items, start=1):
        assert kind.solution_text(item, item.solution) in text
        assert kind.card(item, index, len(items), True).startswith(f"Puzzle {index} of 2 (line {item.line}): ")


@pytest.mark.parametrize("name", KINDS)
def test_every_file_command_reads_the_json_lines_generate_writes(name: str, capsys: pytest.CaptureFixture[str],
                                                                 monkeypatch: pytest.MonkeyPatch,
                                                                 tmp_path: Path) -> None:
    """`generate --json | verify -` (and solve, grade, show) for every kind, the kind read from the records."""
    _, level, flags = EXAMPLES[name]
    assert main(["generate", "--kind", name, *flags, "--difficulty", level, "--count", "2", "--json"]) == 0
    lines = capsys.readouterr().out
    records = [json.loads(line) for line in lines.splitlines()]
    for command in ("verify", "solve", "grade", "show"):
        monkeypatch.setattr(sys, "stdin", io.StringIO(lines))
        assert main([command, "-"]) == 0, command
        out = capsys.readouterr().out
        assert "puzzle 2 (line 2)" in out or "Puzzle 2 of 2 (line 2)" in out
    monkeypatch.setattr(sys, "stdin", io.StringIO(lines))
    assert main(["grade", "-", "--json"]) == 0
    graded = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [each["level"] for each in graded] == [record["grade"]["level"] for record in records]
    monkeypatch.setattr(sys, "stdin", io.StringIO(lines))
    assert main(["solve", "-", "--json"]) == 0
    solved = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [each["solutions"] for each in solved] == [[record["solution"]] for record in records]
    wrong = dict(records[0], solution=records[1]["solution"])
    bad = tmp_path / "bad.jsonl"
    bad.write_text(json.dumps(wrong) + "\n", encoding="utf-8")
    assert main(["verify", str(bad)]) == 1, "a record whose solution is not the puzzle's fails"
    bad.write_text(lines + "{not json\n", encoding="utf-8")
    assert main(["verify", str(bad)]) == 2
    assert f"{bad}, line 3" in capsys.readouterr().err


def test_a_job_fingerprint_depends_on_the_kind_parameters_only_through_their_values() -> None:
    job = Job("S", 0, 1, "sudoku", "easy", 7, {"box": 2, "symmetry": "none"})
    same = Job("S", 4, 1, "sudoku", "easy", 7, {"symmetry": "none", "box": 2})
    other = Job("S", 0, 1, "sudoku", "easy", 7, {"box": 3, "symmetry": "none"})
    assert job.fingerprint == same.fingerprint != other.fingerprint


def test_unknown_kind_names_the_kinds() -> None:
    with pytest.raises(Exception, match=r"unknown kind 'kakuro'; allowed: hidato, numbrix, hexhidato, sudoku, wordsearch"):
        registry.kind("kakuro")


def kind_flags(kind: Any) -> set[str]:
    """The `generate` flags a kind adds, as its help lists them (derived from its parameter model)."""
    from pipeline.cli.kindoptions import options

    models = [kind.params, *([kind.text_form] if kind.text_form is not None else [])]
    return {option.flag for model in models for option in options(model)}


def test_generate_offers_each_kind_its_own_options_and_argparse_refuses_the_others(
        capsys: pytest.CaptureFixture[str]) -> None:
    every = {flag for name in KINDS for flag in kind_flags(registry.kind(name))}
    assert {"--shape", "--size", "--box", "--one-line", "--theme", "--words", "--language"} <= every
    for name in KINDS:
        kind = registry.kind(name)
        assert main(["generate", "--kind", name, "--help"]) == 0
        shown = capsys.readouterr().out
        assert all(f"[{flag}" in shown for flag in kind_flags(kind)), "the usage line lists the kind's options"
        for flag in sorted(every - kind_flags(kind)):
            assert f"[{flag}" not in shown
            assert main(["generate", "--kind", name, flag, "1"]) == 2
            assert f"unrecognized arguments: {flag}" in capsys.readouterr().err


# ------------------------------------------------------------------------------------ architecture

KIND_WORDS = re.compile("sudoku|hidato|numbrix|wordsearch|word search|maze", re.IGNORECASE)


def modules() -> dict[str, Path]:
    return {".".join(path.relative_to(PIPELINE.parent).with_suffix("").parts): path
            for path in PIPELINE.rglob("*.py")}


def test_no_module_outside_the_kinds_names_a_kind() -> None:
    allowed = ("pipeline.kinds.",)
    naming = sorted(name for name, path in modules().items()
                    if not name.startswith(allowed) and KIND_WORDS.search(path.read_text(encoding="utf-8")))
    assert naming == []


def imports(path: Path, name: str) -> set[str]:
    """The pipeline modules a module imports, type-checking imports included."""
    found: set[str] = set()
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    known = modules()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join(package.split(".")[: len(package.split(".")) - node.level + 1] + ([base] if base else []))
            found |= {f"{base}.{alias.name}" if f"{base}.{alias.name}" in known else base for alias in node.names}
    return {module for module in found if module in known}


@pytest.mark.slow  # parses every module of the package again for each one
def test_there_are_no_import_cycles() -> None:
    graph = {name: imports(path, name) for name, path in modules().items()}
    done: set[str] = set()

    def visit(name: str, trail: list[str]) -> None:
        if name in trail:
            cycle = trail[trail.index(name):] + [name]
            raise AssertionError("import cycle: " + " -> ".join(cycle))
        if name in done:
            return
        for other in sorted(graph[name]):
            visit(other, [*trail, name])
        done.add(name)

    for name in sorted(graph):
        visit(name, [])


LAYERS: tuple[tuple[str, ...], ...] = (
    ("pipeline", "pipeline.errors", "pipeline.seeds", "pipeline.textfile", "pipeline.atomic", "pipeline.grids",
     "pipeline.gridtext", "pipeline.shapes", "pipeline.luby", "pipeline.native", "pipeline.i18n",
     "pipeline.fontfile", "pipeline.specs", "pipeline.stopping"),
    ("pipeline.drawing",),
    ("pipeline.kinds",),
    ("pipeline.puzzlefiles", "pipeline.bookspec"),
    ("pipeline.raster", "pipeline.typeset", "pipeline.report"),
    ("pipeline.book",),
    ("pipeline.cli", "pipeline.studio", "pipeline.__main__"),
)
"""The program's layers, lowest first: a module may import its own layer and those below, never one
above (book/ never asks cli/, kinds/ never typeset/)."""


def layer(name: str) -> int:
    ranks = [rank for rank, prefixes in enumerate(LAYERS) for prefix in prefixes
             if name == prefix or (prefix != "pipeline" and name.startswith(prefix + "."))]
    assert ranks, f"{name} is in no layer: add it to LAYERS"
    return max(ranks)


def test_no_import_runs_back_up_the_layers() -> None:
    upward = sorted(f"{name} -> {module}" for name, path in modules().items()
                    for module in imports(path, name) if layer(module) > layer(name))
    assert upward == []


def third_party(path: Path) -> set[str]:
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
            found.add(node.module.split(".")[0])
    return found


CORE = sorted(name for name in modules()
              if name.startswith(("pipeline.kinds", "pipeline.drawing"))
              or name in ("pipeline.shapes", "pipeline.grids", "pipeline.book.plan"))


@pytest.mark.parametrize("name", CORE)
def test_the_core_imports_no_printing_parallelism_or_command_line(name: str) -> None:
    path = modules()[name]
    assert not third_party(path) & {"reportlab", "joblib", "tqdm", "dask", "distributed"}
    outer = ("pipeline.cli", "pipeline.typeset") if name.startswith("pipeline.book") else (
        "pipeline.cli", "pipeline.book", "pipeline.typeset")
    assert not {module for module in imports(path, name) if module.startswith(outer)}
