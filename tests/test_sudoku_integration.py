"""Sudoku through the whole pipeline: config fields, jobs (hidato fingerprints unchanged), verify, a mixed
Hidato + Sudoku book read back with pypdf, the how-to example, and the command line with kind detection.

Books here are a few 4x4/9x9 Sudokus and 5x5 Hidatos built sequentially into tmp_path: seconds, not minutes.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from pypdf import PdfReader

import pipeline.book.plan
from pipeline.book.build import build
from pipeline.book.config import load_config, load_config_text
from pipeline.book.make import run_job
from pipeline.book.plan import Job, plan
from pipeline.book.verify import verify_record
from pipeline.kinds.record import PuzzleRecord
from pipeline.cli import main
from pipeline.errors import PuzzleBookError
from pipeline.kinds import registry
from pipeline.kinds.sudoku.generate import generate
from pipeline.kinds.sudoku.grid import Sudoku, is_solution
from pipeline.kinds.sudoku.solve import solve
from pipeline.kinds.sudoku.textformat import from_line, parse_sudokus

Capture = pytest.CaptureFixture[str]
MIXED = """\
title: Mixed test book
seed: 3
sections:
  - name: Paths
    kind: hidato
    shapes: square:5
    difficulty: easy
    count: 2
  - name: Nines
    kind: sudoku
    difficulty: [easy, medium]
    count: 2
  - name: Fours
    kind: sudoku
    box: 2
    symmetry: none
    difficulty: easy
    count: 1
answers: {per_page: 6}
parallel: {backend: sequential}
"""


def section_error(text: str) -> PuzzleBookError:
    with pytest.raises(PuzzleBookError) as caught:
        load_config_text("title: T\nsections:\n  - name: A\n" + text, "book.yaml")
    return caught.value


def run(capsys: Capture, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


# ------------------------------------------------------------------------------------ config


def test_a_sudoku_section_defaults_to_9x9_with_half_turn_symmetry() -> None:
    book = load_config_text(MIXED)
    nines, fours = book.sections[1], book.sections[2]
    assert (nines.kind, nines.box, nines.symmetry) == ("sudoku", 3, "rotate180")
    assert (fours.box, fours.symmetry) == (2, "none")
    assert not hasattr(nines, "shapes") and not hasattr(book.sections[0], "box")


@pytest.mark.parametrize("text, line, field, words", [
    ("    kind: sudoku\n    shapes: square:5\n    difficulty: easy\n    count: 2\n", 5, "sections[0].shapes",
     "only a hidato, numbrix, hexhidato, wordsearch or maze section takes 'shapes'; a sudoku section's grid is set by "
     "'box'"),
    ("    kind: sudoku\n    box: 6\n    difficulty: easy\n    count: 2\n", 5, "sections[0].box", "from 2 to 5"),
    ("    kind: sudoku\n    symmetry: spiral\n    difficulty: easy\n    count: 2\n", 5, "sections[0].symmetry",
     "'rotate180'"),
    ("    kind: hidato\n    shapes: square:5\n    box: 3\n    difficulty: easy\n    count: 2\n", 6, "sections[0].box",
     "only a sudoku section takes 'box'; a hidato, numbrix or hexhidato section's boards come from 'shapes'"),
    ("    kind: numbrix\n    shapes: square:6\n    symmetry: none\n    difficulty: easy\n    count: 2\n", 6,
     "sections[0].symmetry", "only a sudoku, killer, jigsaw or sudokux section takes 'symmetry'"),
    ("    kind: hidato\n    difficulty: easy\n    count: 2\n", 3, "sections[0].shapes",
     "missing required key 'shapes'"),
])
def test_kind_specific_fields_are_checked(text: str, line: int, field: str, words: str) -> None:
    err = section_error(text)
    assert (err.source, err.line, err.field) == ("book.yaml", line, field)
    assert words in err.message


def test_the_shipped_sudoku_book_keeps_its_promises() -> None:
    book = load_config(Path(__file__).resolve().parents[1] / "configs" / "sudoku.yaml")
    nines = [section for section in book.sections if section.box == 3]
    assert {section.kind for section in book.sections} == {"sudoku"}
    assert [level for section in nines for level in section.difficulty] == ["easy", "medium", "hard", "expert",
                                                                            "extreme"]
    assert any(section.box == 4 for section in book.sections)
    assert sum(section.count for section in book.sections) <= 64, "builds in a couple of minutes on 2 cores"


# ------------------------------------------------------------------------------------ jobs


PATH_BOOK = """\
title: T
sections:
  - {name: A, kind: hidato, shapes: [square:6], difficulty: easy, count: 2}
  - {name: B, kind: numbrix, shapes: [square:6], difficulty: medium, count: 1}
"""
PATH_FINGERPRINTS = ["23c918533501184a", "361ad77310d622da", "018f80dac5a4595a"]
"""PATH_BOOK's fingerprints, recorded with engine 0.1.0 before Sudoku existed: old checkpoints stay valid."""


def test_hidato_fingerprints_did_not_change(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(pipeline.book.plan, "__version__", "0.1.0")
    job = Job("Warm-up", 0, 3, "hidato", "easy", 12345,
              {"adjacency": "king", "shape": {"name": "cross", "size": 9, "arm": 3}})
    assert job.fingerprint == "6223b57e745b9c6e"
    assert [job.fingerprint for job in plan(load_config_text(PATH_BOOK))] == PATH_FINGERPRINTS
    with_sudoku = PATH_BOOK + "  - {name: S, kind: sudoku, difficulty: easy, count: 1}\n"
    assert [job.fingerprint for job in plan(load_config_text(with_sudoku))][:3] == PATH_FINGERPRINTS


def test_sudoku_jobs_carry_box_and_symmetry_and_make_the_generate_record() -> None:
    jobs = plan(load_config_text(MIXED))
    sudoku = [job for job in jobs if job.kind == "sudoku"]
    assert [job.params for job in sudoku] == [
        {"box": 3, "symmetry": "rotate180"}, {"box": 3, "symmetry": "rotate180"}, {"box": 2, "symmetry": "none"},
    ]
    assert [job.difficulty for job in sudoku] == ["easy", "medium", "easy"]
    assert len({job.fingerprint for job in jobs}) == len(jobs)
    job = sudoku[2]
    record = run_job(job.to_dict()).to_json()
    canonical = record.pop("canonical")
    assert record == {"section": "Fours", "section_index": 2, "index": 1,
                      **generate(2, "easy", job.seed, symmetry="none"), "fingerprint": job.fingerprint}
    assert set(canonical) == {"puzzle", "solution"} and canonical["solution"] != canonical["puzzle"]


def test_changing_box_or_symmetry_changes_the_fingerprint() -> None:
    base = plan(load_config_text(MIXED))[-1]
    for old, new in (("box: 2", "box: 3"), ("symmetry: none", "symmetry: mirror")):
        changed = plan(load_config_text(MIXED.replace(old, new)))[-1]
        assert changed.seed == base.seed and changed.fingerprint != base.fingerprint


# ------------------------------------------------------------------------------------ verify


def test_verify_accepts_a_sudoku_record_and_rejects_tampered_ones() -> None:
    record = {"section": "S", "section_index": 0, "index": 1, **generate(3, "easy", 5)}
    verify_record(PuzzleRecord.from_json(record))
    relabelled = record["solution"].translate(str.maketrans("12", "21"))  # a valid grid, not this puzzle's
    with pytest.raises(PuzzleBookError, match="does not solve its grid"):
        verify_record(PuzzleRecord.from_json({**record, "solution": relabelled}))
    with pytest.raises(PuzzleBookError, match="not a readable puzzle record"):
        swapped = record["solution"][1] + record["solution"][0] + record["solution"][2:]
        verify_record(PuzzleRecord.from_json({**record, "solution": swapped}))
    with pytest.raises(PuzzleBookError, match="multiple solutions"):
        verify_record(PuzzleRecord.from_json({**record, "grid": "." * 81}))
    with pytest.raises(PuzzleBookError, match="not a readable puzzle record"):
        verify_record(PuzzleRecord.from_json({**record, "grid": record["grid"][:80]}))


# ------------------------------------------------------------------------------------ how-to


def test_the_worked_4x4_example_is_unique_and_its_tip_is_true() -> None:
    howto = registry.kind("sudoku").guide
    puzzle, solution = from_line(howto.puzzle), from_line(howto.solution)
    assert puzzle.box == 2 and puzzle.givens == 6
    result = solve(puzzle, 2)
    assert result.status == "unique" and result.solutions[0] == solution.cells
    assert "left of the 2 in the second row can only be 3" in howto.tips[0]
    row = puzzle.row(1)
    left_of_two = row.index(2) - 1
    assert row[left_of_two] == 0 and solution.row(1)[left_of_two] == 3
    candidates = set(range(1, 5)) - set(row) - set(puzzle.column(left_of_two)) - set(puzzle.box_values(0))
    assert candidates == {3}


# ------------------------------------------------------------------------------------ the book


@pytest.fixture(scope="module")
def mixed_book(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[dict], list[str], PdfReader]:
    folder = tmp_path_factory.mktemp("mixed")
    config = folder / "mixed.yaml"
    config.write_text(MIXED, encoding="utf-8")
    report = build(config, out_dir=folder / "out", quiet=True)
    records = [json.loads(line) for line in (folder / "out" / "puzzles.jsonl").read_text().splitlines()]
    reader = PdfReader(report.pdf)
    return report.pdf, records, [page.extract_text() for page in reader.pages], reader


def test_a_mixed_book_holds_both_kinds_with_their_howtos(mixed_book: tuple) -> None:
    _, records, pages, _ = mixed_book
    assert [record["kind"] for record in records] == ["hidato"] * 2 + ["sudoku"] * 3
    assert [len(record["grid"]) for record in records[2:]] == [81, 81, 16]
    assert any("How to play Hidato" in text for text in pages)
    assert any("How to play Sudoku" in text for text in pages)
    assert "5 Hidato and Sudoku puzzles" in pages[0]
    for number in range(1, 6):
        assert any(f"Puzzle {number}" in text for text in pages), number


def test_sudoku_records_and_manifest_keep_the_rating(mixed_book: tuple) -> None:
    pdf, records, _, _ = mixed_book
    sudoku = [record for record in records if record["kind"] == "sudoku"]
    assert all(isinstance(record["grade"]["rating"], float) for record in sudoku)
    manifest = json.loads((Path(pdf).parent / "manifest.json").read_text(encoding="utf-8"))
    for section in manifest["sections"]:
        ratings = sorted(r["grade"]["rating"] for r in sudoku if r["section"] == section["name"])
        if section["kind"] == "sudoku":
            assert section["ratings"] == {"min": ratings[0], "median": ratings[len(ratings) // 2], "max": ratings[-1]}
        else:
            assert "ratings" not in section


def test_sudoku_answers_print_their_solutions(mixed_book: tuple) -> None:
    _, records, pages, _ = mixed_book
    answers = "".join(text for text in pages if text.lstrip().startswith("Answers"))
    for number, record in enumerate(records, 1):
        if record["kind"] != "sudoku":
            continue
        after = answers.split(f"Puzzle {number}", 1)[1]
        symbols = re.sub(r"[^1-9A-G]", "", after)
        assert symbols.startswith(record["solution"]), number


def test_the_mixed_book_follows_the_print_rules(mixed_book: tuple) -> None:
    *_, reader = mixed_book
    for page in reader.pages:
        for font in page.get("/Resources", {}).get("/Font", {}).values():
            font = font.get_object()
            assert font["/Subtype"] == "/TrueType" and "/FontFile2" in font["/FontDescriptor"]
        content = page.get_contents()
        if content is None:
            continue
        stream = content.get_data().decode("latin-1")
        assert all(float(size) >= 7 for size in re.findall(r"([\d.]+) Tf", stream))
        assert all(float(width) >= 0.75 for width in re.findall(r"([\d.]+) w\b", stream))


# ------------------------------------------------------------------------------------ the command line


def test_generate_solve_verify_grade_round_trip(capsys: Capture, tmp_path: Path) -> None:
    target = tmp_path / "nines.txt"
    code, _, err = run(capsys, "generate", "--kind", "sudoku", "--difficulty", "easy", "--seed", "4", "--count", "2",
                       "--solutions", "-o", str(target))
    assert code == 0 and "wrote 2 puzzles" in err
    text = target.read_text()
    assert text.startswith("; kind=sudoku box=3 symmetry=rotate180 seed=4 difficulty=easy level=easy ")
    items = parse_sudokus(text)
    assert [item.sudoku.box for item in items] == [3, 3] and all(item.solution for item in items)
    record = generate(3, "easy", 4)
    assert items[0].sudoku == from_line(record["grid"])

    code, out, _ = run(capsys, "verify", str(target))
    assert code == 0 and out.splitlines()[-1] == "2 puzzles verified"
    code, out, _ = run(capsys, "solve", str(target), "--json")
    first = json.loads(out.splitlines()[0])
    assert (first["index"], first["status"], first["solutions"]) == (1, "unique", [record["solution"]])
    code, out, _ = run(capsys, "grade", str(target), "--json")
    graded = json.loads(out.splitlines()[0])
    assert {key: graded[key] for key in record["grade"]} == record["grade"]
    code, out, _ = run(capsys, "show", str(target))
    assert code == 0 and "sudoku, 9x9, box 3" in out and "+-------+-------+-------+" in out


def test_generate_json_and_one_line(capsys: Capture) -> None:
    code, out, _ = run(capsys, "generate", "--kind", "sudoku", "--box", "2", "--symmetry", "none",
                       "--difficulty", "easy", "--json")
    record = json.loads(out)
    assert code == 0 and record == generate(2, "easy", 1, symmetry="none")
    assert isinstance(record["grid"], str) and len(record["solution"]) == 16
    code, out, _ = run(capsys, "generate", "--kind", "sudoku", "--box", "2", "--symmetry", "none",
                       "--difficulty", "easy", "--one-line", "--count", "2")
    lines = out.splitlines()
    assert code == 0 and len(lines) == 4 and lines[1] == record["grid"]
    assert all(line.startswith("; kind=sudoku box=2 symmetry=none") for line in lines[::2])


def test_kind_is_detected_from_the_file(capsys: Capture, tmp_path: Path) -> None:
    puzzle = "..4..96.8.........9..85...2.6.1..57...2.7.4...97..4.2.8...62..3.........7.15..2..\n"
    bare = tmp_path / "bare.txt"
    bare.write_text(puzzle)
    code, out, _ = run(capsys, "solve", str(bare))
    assert code == 0 and out.startswith("puzzle 1 (line 1): unique") and len(out.splitlines()[1]) == 81
    hidato = tmp_path / "hidato.txt"
    hidato.write_text("1 . #\n# 3 .\n")
    code, out, _ = run(capsys, "solve", str(hidato))
    assert code == 0 and out.splitlines()[1:] == ["1 2 #", "# 3 4"]
    code, _, err = run(capsys, "solve", "--kind", "hidato", str(bare))
    assert code == 2 and "puzzlebook: error:" in err
    code, out, _ = run(capsys, "solve", "--kind", "sudoku", str(bare), "--json")
    assert json.loads(out)["status"] == "unique"


@pytest.mark.parametrize("argv, words", [
    (["generate", "--kind", "sudoku", "--size", "5"], "unrecognized arguments: --size"),
    (["generate", "--kind", "sudoku", "--shape", "cross"], "unrecognized arguments: --shape"),
    (["generate", "--box", "3"], "unrecognized arguments: --box"),
    (["generate", "--kind", "numbrix", "--one-line"], "unrecognized arguments: --one-line"),
    (["generate", "--kind", "sudoku", "--numbrix"], "unrecognized arguments: --numbrix"),
    (["generate", "--kind", "sudoku", "--box", "7"], "--box: Input should be less than or equal to 5"),
])
def test_flags_that_do_not_fit_the_kind_are_errors(capsys: Capture, argv: list[str], words: str) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == "" and words in err and "Traceback" not in err


def test_a_bad_sudoku_file_is_one_error_line(capsys: Capture, tmp_path: Path) -> None:
    bad = tmp_path / "bad.txt"
    bad.write_text("; kind=sudoku\n11" + "." * 79 + "\n")
    code, _, err = run(capsys, "verify", str(bad))
    assert code == 2 and err.count("\n") == 1 and "line 2" in err and "twice" in err


def test_a_sudoku_with_two_solutions_fails_verify(capsys: Capture, tmp_path: Path) -> None:
    two = tmp_path / "two.txt"
    two.write_text("; kind=sudoku\n" + "." * 16 + "\n")
    code, out, _ = run(capsys, "verify", str(two))
    assert code == 1 and "multiple solutions" in out
    code, out, _ = run(capsys, "solve", str(two), "--limit", "3", "--json")
    assert len(json.loads(out)["solutions"]) == 3
    empty = Sudoku.empty(2)
    assert all(is_solution(empty, from_line(line).cells) for line in json.loads(out)["solutions"])


def test_a_16x16_too_small_for_its_page_names_the_field(tmp_path: Path) -> None:
    config = tmp_path / "small.yaml"
    # 6x9 in: the how-to page's worked example still fits (a 5x8 page fails on that first), six 16x16 grids do not.
    config.write_text("title: Small\npage: {size: 6x9}\nsections:\n"
                      "  - {name: Giant, kind: sudoku, box: 4, difficulty: easy, count: 1, per_page: 6}\n"
                      "parallel: {backend: sequential}\n", encoding="utf-8")
    with pytest.raises(PuzzleBookError) as caught:
        build(config, out_dir=tmp_path / "out", quiet=True)
    assert caught.value.field == "sections[0].per_page"
    assert "(a 16x16 Sudoku)" in caught.value.message and "use per_page: 2 or fewer" in caught.value.message
