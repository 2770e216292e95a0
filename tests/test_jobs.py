"""Planning (config -> jobs) and running one job (-> puzzle record), in this process on tiny boards.

Seeds must depend only on (book seed, section name, index, rerolls): no other section, position or
order may change a puzzle. A record must be what `puzzlebook generate` makes from its own seed.
"""

from __future__ import annotations

from typing import Any

import pytest

from pipeline.bookspec import BookSpec
from pipeline.book.make import run_job
from pipeline.book.plan import Job, plan
from pipeline.errors import PuzzleBookError
from pipeline.kinds.hidato.generate import generate
from pipeline.seeds import derive_seed
from pipeline.shapes import make_mask

GENERATE_KEYS = ("kind", "adjacency", "shape", "seed", "difficulty", "grid", "solution", "grade", "attempts")


def section(name: str, **fields: Any) -> dict[str, Any]:
    return {"name": name, "kind": "hidato", "shapes": "square:5", "difficulty": "easy", "count": 4, **fields}


def book(*sections: dict[str, Any], seed: int = 1) -> BookSpec:
    return BookSpec.model_validate({"title": "Test", "seed": seed, "sections": list(sections)})


def by_place(jobs: list[Job]) -> dict[tuple[str, int], dict[str, Any]]:
    return {(job.section, job.index): job.to_dict() for job in jobs}


def test_plan_is_one_job_per_puzzle_in_book_order() -> None:
    jobs = plan(book(section("A", count=3), section("B", kind="numbrix", count=2)))
    assert [(job.section, job.section_index, job.index) for job in jobs] == [
        ("A", 0, 1), ("A", 0, 2), ("A", 0, 3), ("B", 1, 1), ("B", 1, 2),
    ]
    assert [job.params["adjacency"] for job in jobs] == ["king"] * 3 + ["orthogonal"] * 2
    assert jobs[0].seed == derive_seed(1, "A", 1, 0)
    assert len({job.seed for job in jobs}) == len(jobs)


def test_shapes_and_levels_cycle_by_index() -> None:
    spec = section("A", count=5, shapes=["square:5", {"name": "cross", "size": 7, "arm": 3}],
                   difficulty=["easy", "medium", "hard"])
    jobs = plan(book(spec))
    assert [job.params["shape"] for job in jobs] == [
        {"name": "square", "size": 5}, {"name": "cross", "size": 7, "arm": 3}, {"name": "square", "size": 5},
        {"name": "cross", "size": 7, "arm": 3}, {"name": "square", "size": 5},
    ]
    assert [job.difficulty for job in jobs] == ["easy", "medium", "hard", "easy", "medium"]


def test_changing_one_section_leaves_the_others_alone() -> None:
    before = by_place(plan(book(section("A"), section("B"))))
    after = by_place(plan(book(section("A"), section("B", count=6, shapes="cross:7", difficulty="hard"))))
    for index in range(1, 5):
        assert after[("A", index)] == before[("A", index)]
        assert after[("B", index)]["fingerprint"] != before[("B", index)]["fingerprint"]


def test_moving_a_section_keeps_its_puzzles() -> None:
    first = {(job.section, job.index): job for job in plan(book(section("A"), section("B")))}
    swapped = {(job.section, job.index): job for job in plan(book(section("B"), section("A")))}
    for place, job in first.items():
        assert (swapped[place].seed, swapped[place].fingerprint) == (job.seed, job.fingerprint)
        assert swapped[place].section_index != job.section_index


def test_book_seed_changes_every_puzzle() -> None:
    one = plan(book(section("A")))
    two = plan(book(section("A"), seed=2))
    assert all(a.seed != b.seed and a.fingerprint != b.fingerprint for a, b in zip(one, two))


def test_reroll_changes_only_that_puzzle_and_again_when_listed_twice() -> None:
    plain = plan(book(section("A")))
    once = plan(book(section("A", reroll=[3])))
    twice = plan(book(section("A", reroll=[3, 3])))
    for job, rerolled, again in zip(plain, once, twice):
        if job.index == 3:
            assert len({job.seed, rerolled.seed, again.seed}) == 3
            assert rerolled.seed == derive_seed(1, "A", 3, 1)
        else:
            assert job == rerolled == again


def test_a_record_is_what_generate_makes_from_its_seed() -> None:
    job = plan(book(section("A", shapes="cross:7", difficulty="medium")))[1]
    made = run_job(job.to_dict())
    record = made.to_json()
    assert list(record) == ["section", "section_index", "index", *GENERATE_KEYS, "fingerprint", "canonical"]
    assert (record["section"], record["section_index"], record["index"]) == ("A", 0, 2)
    assert record["fingerprint"] == job.fingerprint and record["seed"] == job.seed
    mask = make_mask("cross", 7, seed=job.seed, adjacency="king")
    assert {key: record[key] for key in GENERATE_KEYS} == generate(mask, "king", "medium", job.seed, shape="cross")
    assert run_job(job.to_dict()) == made


def test_a_random_mask_without_a_path_is_drawn_again_from_a_derived_seed() -> None:
    """Seed 1 draws a 4x4 Numbrix mask with a dead-end problem; a derived seed's mask works."""
    job = Job("R", 0, 1, "numbrix", "easy", 1,
              {"adjacency": "orthogonal", "shape": {"name": "random", "size": 4, "ratio": 0.3}})
    first = make_mask("random", 4, ratio=0.3, seed=1, adjacency="orthogonal")
    with pytest.raises(PuzzleBookError, match="cannot be a numbrix puzzle"):
        generate(first, "orthogonal", "easy", 1, shape="random")
    record = run_job(job.to_dict()).to_json()
    assert record["seed"] in {derive_seed(1, "retry", i) for i in range(1, 8)}
    mask = make_mask("random", 4, ratio=0.3, seed=record["seed"], adjacency="orthogonal")
    assert record["grid"] == generate(mask, "orthogonal", "easy", record["seed"], shape="random")["grid"]


def test_an_impossible_puzzle_names_its_section_and_number() -> None:
    """A 2x2 board has 4 cells and 1 and 4 are always given: never under 36% givens, so never hard."""
    job = plan(book(section("Tiny boards", shapes="square:2", difficulty="hard", count=1)))[0]
    with pytest.raises(PuzzleBookError, match=r"^section 'Tiny boards', puzzle 1: could not make a hard"):
        run_job(job.to_dict())
