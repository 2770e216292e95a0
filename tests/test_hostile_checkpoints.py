"""A damaged checkpoint never reaches the page: whatever is done to a saved record, the next build
says so in one line and makes the puzzle again, and the book comes out byte for byte as if nothing
had happened (an edited attempt count, which nothing can prove short of making the puzzle again, is
the one thing that may stay: it is never printed).

Damage is done two ways: as a careless editor would (the line's checksum recomputed, so every deeper
check must catch it on its own) and as a flipped byte would (the checksum left stale). The named
cases are the ones found by hand; the property test damages every field of records of both kinds.
"""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pipeline.book.build import build
from pipeline.book.store import checksummed_line
from pipeline.cli import main
from tests.treepaths import key_paths

CONFIG = """\
title: Damage test book
seed: 11
sections:
  - name: Paths
    kind: hidato
    shapes: [square:5, cross:7]
    difficulty: [easy, medium]
    count: 2
  - name: Sides
    kind: numbrix
    shapes: square:6
    difficulty: hard
    count: 1
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
"""
LINES = {"hidato": 0, "numbrix": 2, "sudoku": 3, "sudoku 4x4": 5}
"""Which line of the checkpoint holds a record of each kind."""


@pytest.fixture(scope="module")
def reference(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    folder = tmp_path_factory.mktemp("reference")
    config = folder / "damage.yaml"
    config.write_text(CONFIG, encoding="utf-8")
    build(config, jobs=1, out_dir=folder / "out", quiet=True)
    return config, folder / "out"


def files(folder: Path) -> tuple[bytes, bytes]:
    return (folder / "book.pdf").read_bytes(), (folder / "puzzles.jsonl").read_bytes()


def records(folder: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in (folder / "puzzles.jsonl").read_text(encoding="utf-8").splitlines()]


def rebuilt_after(damage: dict[int, str], reference: tuple[Path, Path], tmp_path: Path,
                  capsys: pytest.CaptureFixture[str]) -> list[str]:
    """Write the damaged lines into a copy of the reference output, build again, check the book is the
    reference's byte for byte; return the notes the build printed."""
    config, good = reference
    out = tmp_path / "out"
    shutil.copytree(good, out)
    lines = (out / "puzzles.jsonl").read_text(encoding="utf-8").splitlines(keepends=True)
    for index, text in damage.items():
        lines[index] = text
    (out / "puzzles.jsonl").write_text("".join(lines), encoding="utf-8")
    (out / "book.pdf").unlink()
    code = main(["build", str(config), "--out", str(out), "--jobs", "1", "--quiet"])
    err = capsys.readouterr().err
    assert code == 0 and "Traceback" not in err, err
    assert (out / "book.pdf").read_bytes() == (good / "book.pdf").read_bytes()
    assert undated(records(out)) == undated(records(good)), "the same puzzles, only the attempt counts may differ"
    return [line for line in err.splitlines() if line.startswith("puzzlebook: note: ")]


def undated(saved: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Records without their attempt counts (and so their checksums): how many fresh starts a puzzle
    took cannot be proved short of making it again, and it changes nothing printed."""
    return [{key: value for key, value in record.items() if key not in ("attempts", "checksum")} for record in saved]


def edited(record: dict[str, Any]) -> str:
    """A record written back as an editor would: a valid line with a fresh checksum."""
    return checksummed_line({key: value for key, value in record.items() if key != "checksum"})


def grid_as_solution(record: dict[str, Any]) -> dict[str, Any]:
    return {**record, "grid": record["solution"]}


def given_one_as_true(record: dict[str, Any]) -> dict[str, Any]:
    grid = [[True if cell == 1 else cell for cell in row] for row in record["grid"]]
    return {**record, "grid": grid}


def level_relabelled(record: dict[str, Any]) -> dict[str, Any]:
    return {**record, "grade": {**record["grade"], "level": "expert"}}


def one_more_clue(record: dict[str, Any]) -> dict[str, Any]:
    at = record["grid"].index(".")
    return {**record, "grid": record["grid"][:at] + record["solution"][at] + record["grid"][at + 1:]}


CASES = {
    "a Hidato grid replaced by its own solution": ("hidato", grid_as_solution, "no empty cell"),
    "a given 1 written as true": ("hidato", given_one_as_true, "not rows of whole numbers"),
    "an edited grade level": ("hidato", level_relabelled, "grade is not the one the grader finds"),
    "a malformed level": ("numbrix", lambda r: {**r, "grade": {**r["grade"], "level": 7}}, "grade is not the one"),
    "an empty grade": ("numbrix", lambda r: {**r, "grade": {}}, "grade is not the one"),
    "a Sudoku with one more clue": ("sudoku", one_more_clue, "grade is not the one"),
    "a seed given as true": ("sudoku 4x4", lambda r: {**r, "seed": True}, "seed True"),
    "an unknown extra field": ("sudoku", lambda r: {**r, "rating": 9.9}, "'rating'"),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_a_named_damage_is_noted_and_made_again(name: str, reference: tuple[Path, Path], tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    kind, damage, words = CASES[name]
    line = LINES[kind]
    record = records(reference[1])[line]
    notes = rebuilt_after({line: edited(damage(record))}, reference, tmp_path, capsys)
    assert len(notes) == 1 and f"line {line + 1}: section " in notes[0] and words in notes[0], notes


def test_a_bigger_board_in_a_smaller_slot_is_noted(reference: tuple[Path, Path], tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    """The 7x7 cross's record (same kind and level) moved into the 5x5 square's slot."""
    saved = records(reference[1])
    square, cross = saved[0], saved[1]
    moved = {**cross, **{key: square[key] for key in ("section", "index", "seed", "difficulty", "shape",
                                                        "fingerprint")}}
    notes = rebuilt_after({0: edited(moved)}, reference, tmp_path, capsys)
    assert len(notes) == 1 and "not the board its puzzle asks for" in notes[0]


def test_a_9x9_sudoku_in_the_4x4_section_is_noted(reference: tuple[Path, Path], tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    saved = records(reference[1])
    nine, four = saved[LINES["sudoku"]], saved[LINES["sudoku 4x4"]]
    moved = {**nine, **{key: four[key] for key in ("section", "index", "seed", "box", "symmetry", "fingerprint")}}
    notes = rebuilt_after({LINES["sudoku 4x4"]: edited(moved)}, reference, tmp_path, capsys)
    assert len(notes) == 1 and "not a 4x4 Sudoku" in notes[0]


def test_an_easy_puzzle_in_an_expert_slot_is_noted(reference: tuple[Path, Path], tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    """The easy 5x5 square's puzzle claiming to be the medium one's: the grader finds it easy."""
    saved = records(reference[1])
    easy, medium_slot = saved[0], saved[1]
    claimed = {**easy, **{key: medium_slot[key] for key in ("index", "seed", "difficulty", "fingerprint")},
               "grade": {**easy["grade"], "level": "medium"}}
    notes = rebuilt_after({1: edited(claimed)}, reference, tmp_path, capsys)
    assert len(notes) == 1 and "line 2: section " in notes[0]


def test_temp_files_left_by_a_kill_are_removed(reference: tuple[Path, Path], tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    config, good = reference
    out = tmp_path / "out"
    shutil.copytree(good, out)
    for name in (".puzzles.jsonl.x1y2.tmp", ".book.pdf.abc.tmp", ".manifest.json.q.tmp", ".write-test.z.tmp",
                 ".cover.pdf.c.tmp", ".listing.txt.l.tmp"):
        (out / name).write_text("half", encoding="utf-8")
    assert main(["build", str(config), "--out", str(out), "--quiet"]) == 0
    assert sorted(os.listdir(out)) == ["book.pdf", "cover.pdf", "listing.txt", "manifest.json", "puzzles.jsonl", "report.html"]


# ------------------------------------------------------------------------------------ every field

def damaged(value: Any, path: tuple, how: str, other: Any) -> Any:
    if len(path) > 1:
        copy = dict(value) if isinstance(value, dict) else list(value)
        copy[path[0]] = damaged(value[path[0]], path[1:], how, other)
        return copy
    copy = dict(value) if isinstance(value, dict) else list(value)
    key = path[0]
    if how == "delete":
        del copy[key]
    elif how == "nudge" and type(copy[key]) is int:
        copy[key] += 1
    elif how == "nudge" and isinstance(copy[key], str) and copy[key]:
        text = copy[key]
        copy[key] = text[:-1] + ("1" if text[-1] != "1" else "2")
    else:
        copy[key] = other
    return copy


KIND_LINES = sorted(set(LINES.values()))


@pytest.mark.slow
@settings(max_examples=40, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(line=st.sampled_from(KIND_LINES), pick=st.integers(0, 10**6),
       how=st.sampled_from(["delete", "nudge", "replace"]),
       other=st.sampled_from([None, True, False, 0, -1, 1.0, 10**20, "", "x", [], {}, [[None]], "." * 16]),
       stale=st.booleans())
def test_any_damage_to_any_field_is_made_again(line: int, pick: int, how: str, other: Any, stale: bool,
                                               reference: tuple[Path, Path], tmp_path_factory: pytest.TempPathFactory,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    text = (reference[1] / "puzzles.jsonl").read_text(encoding="utf-8").splitlines(keepends=True)[line]
    record = json.loads(text)
    places = [path for path in key_paths(record) if path[0] != "checksum"]
    path = places[pick % len(places)]
    try:
        broken = damaged(record, path, how, other)
    except (IndexError, KeyError, TypeError):
        return
    if stale:  # a flipped byte: the old checksum stays
        line_text = json.dumps({key: value for key, value in broken.items() if key != "checksum"}
                               | {"checksum": record["checksum"]}, ensure_ascii=False) + "\n"
    else:
        line_text = edited(broken)
    rebuilt_after({line: line_text}, reference, tmp_path_factory.mktemp("damage"), capsys)
