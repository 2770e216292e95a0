"""The Hidato/Numbrix grade record: its keys, its level rule, and refusing puzzles without one solution."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from pipeline.cli import main
from pipeline.errors import PuzzleBookError
from pipeline.kinds.hidato.board import Board
from pipeline.kinds.hidato.dig import dig
from pipeline.kinds.hidato.generate import number_path
from pipeline.kinds.hidato.grade import LEVEL_OF, LEVELS, grade
from pipeline.kinds.hidato.logic import TECHNIQUE_NAMES, solvable
from pipeline.kinds.hidato.path import hamiltonian_path
from pipeline.kinds.hidato.textformat import parse_puzzles
from pipeline.shapes import make_mask

KEYS = {"level", "hardest", "techniques", "steps", "givens_ratio", "givens", "cells", "search_nodes"}


def board(text: str, adjacency: str = "king") -> Board:
    return parse_puzzles(text, "<test>", adjacency)[0].board  # type: ignore[arg-type]


def dug(size: int, adjacency: str, seed: int) -> Board:
    rng = random.Random(seed)
    mask = make_mask("square", size)
    solution = number_path(mask, adjacency, hamiltonian_path(mask, adjacency, rng))  # type: ignore[arg-type]
    return dig(solution, rng, max_level="expert" if seed % 2 else "hard", node_limit=200).puzzle


def test_levels_are_the_four_names() -> None:
    assert LEVELS == ("easy", "medium", "hard", "expert")


def test_record_keys_and_consistency() -> None:
    for seed in range(6):
        for adjacency in ("king", "orthogonal"):
            b = dug(6, adjacency, seed)
            record = grade(b)
            assert set(record) == KEYS
            json.dumps(record)  # JSON-safe
            techniques = record["techniques"]
            assert isinstance(techniques, dict) and list(techniques) == [t for t in (*TECHNIQUE_NAMES, "search")
                                                                         if t in techniques]
            assert record["steps"] == sum(techniques.values())
            assert record["hardest"] == list(techniques)[-1]
            assert record["level"] == LEVEL_OF[str(record["hardest"])]
            assert record["givens"] == len(b.givens()) and record["cells"] == b.size
            assert record["givens_ratio"] == round(len(b.givens()) / b.size, 4)
            assert record["search_nodes"] == 0  # reasoning with trial finished: no search in the proof
            assert solvable(b, str(record["level"]))
            rank = LEVELS.index(str(record["level"]))
            assert rank == 0 or not solvable(b, LEVELS[rank - 1])


def test_a_fully_given_board_is_easy_and_needs_nothing() -> None:
    record = grade(board("1 2\n4 3\n"))
    assert (record["level"], record["hardest"], record["techniques"], record["steps"]) == ("easy", "none", {}, 0)


@pytest.mark.parametrize("text, status", [("1 .\n. 4\n", "multiple"), ("1 3 .\n", "none")])
def test_only_a_puzzle_with_one_solution_is_graded(text: str, status: str) -> None:
    with pytest.raises(PuzzleBookError, match=f"exactly one solution.*{status}"):
        grade(board(text))


def test_grade_command_prints_the_technique_histogram(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "p.txt"
    path.write_text("1 . 9\n. 7 .\n. . 5\n", encoding="utf-8")
    assert main(["grade", str(path)]) == 0
    assert capsys.readouterr().out == (
        "puzzle 1 (line 1): level=easy hardest=only_number techniques=forced_step:4,only_number:1 steps=5 "
        "givens_ratio=0.444 givens=4 cells=9 search_nodes=0\n"
    )
    assert main(["grade", str(path), "--json"]) == 0
    record = json.loads(capsys.readouterr().out)
    assert {k: record[k] for k in ("index", "level", "techniques", "steps", "givens_ratio")} == {
        "index": 1, "level": "easy", "techniques": {"forced_step": 4, "only_number": 1}, "steps": 5,
        "givens_ratio": 0.4444,
    }
