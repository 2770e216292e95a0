"""The variants bench's outside model and its report: CP-SAT, reading a record alone, must count one
solution for a made puzzle and two once the clues are gone, agree with the product's rules, and a
tiny plan must run end to end into tables with the promised columns. No timings are asserted."""

from __future__ import annotations

import io

import pytest

from bench import table, variants
from bench.variantcpsat import check_solution, read_model
from pipeline.kinds import registry
from pipeline.kinds.variants.generate import generate

RECORDS = [("killer", 6, "easy"), ("killer", 9, "easy"), ("jigsaw", 9, "easy"), ("sudokux", 9, "easy"),
           ("jigsaw", 6, "medium"), ("sudokux", 4, "easy")]


def made(rule: str, n: int, level: str, seed: int = 0) -> dict:
    return generate(rule, n, level, seed)


@pytest.mark.parametrize("rule,n,level", RECORDS)
def test_the_model_reads_the_same_houses_and_cages_as_the_product(rule: str, n: int, level: str) -> None:
    record = made(rule, n, level)
    model = read_model(record)
    puzzle, solution = registry.kind(rule).read_record(record)
    assert model.givens == puzzle.cells
    assert sorted(model.houses) == sorted(puzzle.houses().units())
    assert sorted(model.cages) == sorted((cage.total, cage.cells) for cage in puzzle.cages)
    assert check_solution(model, solution)
    broken = list(solution)
    broken[0], broken[1] = broken[1], broken[0]
    assert not check_solution(model, tuple(broken))


@pytest.mark.slow
@pytest.mark.parametrize("rule,n,level", RECORDS)
def test_cpsat_counts_one_solution_for_a_made_puzzle_and_two_without_clues(rule: str, n: int, level: str) -> None:
    pytest.importorskip("ortools")
    from bench.variantcpsat import count_cpsat

    record = made(rule, n, level)
    counted = count_cpsat(read_model(record), 2)
    assert counted.complete and counted.count == 1
    assert "".join(map(str, counted.solutions[0])) == record["solution"]
    bare = dict(record, grid="." * len(record["grid"]))
    if rule == "killer":
        bare["cages"] = []
    counted = count_cpsat(read_model(bare), 2)
    assert counted.complete and counted.count == 2


def test_the_peer_document_names_every_rule() -> None:
    doc = variants.peer_doc(made("sudokux", 9, "easy"))
    assert [r["type"] for r in doc["rules"]] == ["box_grid", "region", "region"]
    doc = variants.peer_doc(made("jigsaw", 9, "easy"))
    assert [r["type"] for r in doc["rules"]] == ["grid"] + ["box"] * 9
    assert sorted(len(r["cells"]) for r in doc["rules"][1:]) == [9] * 9
    record = made("killer", 6, "easy")
    doc = variants.peer_doc(record)
    assert sum(r["sum"] for r in doc["rules"] if r["type"] == "cage") == 6 * 21
    assert doc["givens"] == [0] * 36


@pytest.mark.slow
def test_a_tiny_variants_plan_runs_end_to_end() -> None:
    plan = variants.VariantPlan(seeds=1, killer_expert_seeds=1, peer=1, peer_killer9=0,
                                variants=(("sudokux", 9), ("killer", 6)), levels=("easy", "hard"), workers=1)
    report = variants.run(plan, write=False, out=io.StringIO(), err=io.StringIO())
    lines = report.splitlines()
    assert table.markdown_row(variants.GEN_COLUMNS) in lines
    assert table.markdown_row(variants.LEVEL_COLUMNS) in lines
    generated = [line.split(" | ") for line in lines if line.startswith("| Sudoku X 9x9 | hard |")]
    assert generated and generated[0][2] == "1" and generated[0][-1].rstrip(" |") in {"PASS", "MISS"}
    assert "variant targets missed:" in report and "BUG" not in report
    try:
        import ortools  # noqa: F401
    except ImportError:
        assert "CP-SAT checks and comparison are skipped" in report
    else:
        assert table.markdown_row(variants.UNIQUE_COLUMNS) in lines
        assert any(line.startswith("| Sudoku X 9x9 | 2 | 0 | 2 | 0 | 0 | 2/2 | 2/2 | PASS |") for line in lines)
        assert table.markdown_row(variants.PROOF_COLUMNS) in lines
    if variants.pencilmark_version() is None:
        assert "pencilmark is not installed" in report
    else:
        assert table.markdown_row(variants.PEER_COLUMNS) in lines


@pytest.mark.slow
def test_a_level_the_product_refuses_is_shown_not_made(monkeypatch: pytest.MonkeyPatch) -> None:
    from pipeline.kinds.variants import generate as module

    asked = module.level_problem

    def refuse_hard(rule: str, n: int, difficulty: str, symmetry: str) -> object:
        return "made up to medium" if difficulty == "hard" else asked(rule, n, difficulty, symmetry)

    monkeypatch.setattr(module, "level_problem", refuse_hard)
    plan = variants.VariantPlan(seeds=1, peer=0, peer_killer9=0, variants=(("killer", 6),),
                                levels=("easy", "medium", "hard"), workers=1)
    report = variants.run(plan, write=False, out=io.StringIO(), err=io.StringIO())
    assert "| Killer 6x6 | hard | - | not made: made up to medium |" in report
    levels = [line for line in report.splitlines() if line.startswith("| Killer 6x6 | ") and "not made" in line
              and " / " in line]
    assert levels and levels[0].split(" | ")[2] == "yes"
