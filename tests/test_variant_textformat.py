"""The variants' text format (Killer, Jigsaw, Sudoku X) and their record forms: exact round trips both
ways, lenient reading, and every mistake located with a message saying what is allowed."""

from __future__ import annotations

import json
from dataclasses import replace
from functools import cache
from pathlib import Path
from random import Random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pipeline.errors import PuzzleBookError
from pipeline.kinds.sudoku.houses import Cage
from pipeline.kinds.variants.puzzle import (
    BOX_SHAPES,
    JIGSAW_SIZES,
    RULES,
    Variant,
    boxed,
    check_variant,
    is_solution,
)
from pipeline.kinds.variants.textformat import (
    VariantText,
    canonical_cages,
    canonical_regions,
    canonical_variant,
    cages_from_json,
    cages_json,
    format_variants,
    from_line,
    looks_like_variant,
    parse_variants,
    read_variant_file,
    regions_from_rows,
    regions_rows,
    to_line,
)

KILLER = """\
; kind=killer seed=3 level=easy
. . . .
. . . .
. . . .
. . . .
cages:
3 r1c1 r1c2
7 r1c3 r1c4
7 r2c1 r2c2
3 r2c3 r2c4
3 r3c1 r3c2
7 r3c3 r3c4
7 r4c1 r4c2
3 r4c3 r4c4

; role=solution
1 2 3 4
3 4 1 2
2 1 4 3
4 3 2 1
"""

JIGSAW = """\
; kind=jigsaw
1 . . . .
. . . . .
. . . . 3
. . . . .
. . . . .
regions:
1 1 1 2 2
1 1 2 2 2
3 3 3 3 3
4 4 4 4 5
4 5 5 5 5
"""

SUDOKUX = """\
; kind=sudokux seed=9
1 . . .
. . . .
. . . .
. . . 3
"""

CANONICAL = KILLER + "\n" + JIGSAW + "\n" + SUDOKUX
SOLUTION = (1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1)


def test_canonical_text_reads_and_writes_back_exactly() -> None:
    killer, jigsaw, sudokux = parse_variants(CANONICAL, "book.txt")
    assert killer.puzzle == boxed("killer", 4, None, tuple(
        Cage(SOLUTION[i] + SOLUTION[i + 1], (i, i + 1)) for i in range(0, 16, 2)))
    assert killer.meta == {"kind": "killer", "seed": "3", "level": "easy"}
    assert (killer.solution, killer.line) == (SOLUTION, 1)
    assert jigsaw.puzzle.regions == (0, 0, 0, 1, 1, 0, 0, 1, 1, 1, 2, 2, 2, 2, 2, 3, 3, 3, 3, 4, 3, 4, 4, 4, 4)
    assert jigsaw.puzzle.cells[0] == 1 and jigsaw.puzzle.cells[14] == 3 and jigsaw.puzzle.givens == 2
    assert (jigsaw.meta, jigsaw.solution, jigsaw.line) == ({"kind": "jigsaw"}, None, 22)
    assert sudokux.puzzle == boxed("sudokux", 4, (1,) + (0,) * 14 + (3,))
    assert sudokux.line == 35
    assert format_variants([killer, jigsaw, sudokux]) == CANONICAL
    assert format_variants([]) == ""


def test_lenient_spellings_read_as_the_canonical_text() -> None:
    messy = (
        "; a comment before the metadata\r\n; kind=killer seed=3 level=easy\r\n0 . 0 .\r\n. . . .\r\n"
        ". .\t. .\r\n. . . .\r\nCages:\r\n; a comment among the cages\r\n7 r3c4 r3c3\r\n3 R1C2 r1c1\r\n"
        "7 r1c4 r1c3\r\n7 r2c2 r2c1\r\n3 r2c3 r2c4\r\n3 r3c1 r3c2\r\n3 r4c4 r4c3\r\n7 r4c2 r4c1\r\n"
    )
    (item,) = parse_variants(messy)
    (canonical,) = parse_variants(KILLER.split("\n\n")[0])
    assert (item.puzzle, item.meta) == (canonical.puzzle, canonical.meta)
    assert format_variants([item]) == KILLER.split("\n\n")[0] + "\n"
    renumbered = JIGSAW.replace("1 1 1 2 2\n1 1 2 2 2\n3 3 3 3 3\n4 4 4 4 5\n4 5 5 5 5",
                                "5 5 5 2 2\n5 5 2 2 2\n4 4 4 4 4\n3 3 3 3 1\n3 1 1 1 1")
    assert renumbered != JIGSAW
    assert parse_variants(renumbered) == parse_variants(JIGSAW)


def test_the_rule_argument_reads_puzzles_that_do_not_say() -> None:
    grid = ". . . .\n" * 4
    (item,) = parse_variants(grid, rule="sudokux")
    assert item.meta == {"kind": "sudokux"}
    assert format_variants([item]) == "; kind=sudokux\n" + grid
    assert parse_variants(SUDOKUX, rule="sudokux")[0].meta["kind"] == "sudokux"


def test_meta_always_names_the_rule() -> None:
    item = VariantText(boxed("sudokux", 4), {"seed": "1"})
    assert list(item.meta.items()) == [("kind", "sudokux"), ("seed", "1")]
    assert format_variants([item]).startswith("; kind=sudokux seed=1\n")
    with pytest.raises(ValueError, match="kind=killer contradicts the puzzle's rule 'sudokux'"):
        VariantText(boxed("sudokux", 4), {"kind": "killer"})


def test_writing_is_canonical_and_refuses_what_it_cannot_say() -> None:
    (jigsaw,) = parse_variants(JIGSAW)
    shuffled = Variant("jigsaw", 5, tuple(4 - r for r in jigsaw.puzzle.regions), jigsaw.puzzle.cells)
    assert format_variants([replace(jigsaw, puzzle=shuffled)]) == JIGSAW
    (killer, *_) = parse_variants(KILLER)
    backwards = tuple(Cage(c.total, c.cells[::-1]) for c in killer.puzzle.cages[::-1])
    assert format_variants([replace(killer, puzzle=replace(killer.puzzle, cages=backwards))]) == KILLER
    for meta in ({"role": "solution"}, {"note": "two words"}, {"bad key": "1"}):
        with pytest.raises(ValueError):
            format_variants([VariantText(boxed("sudokux", 4), meta)])
    with pytest.raises(ValueError, match="a sudokux puzzle has no cages"):
        format_variants([VariantText(replace(boxed("sudokux", 4), cages=killer.puzzle.cages))])
    with pytest.raises(ValueError, match="a killer puzzle's regions are its boxes"):
        format_variants([VariantText(replace(killer.puzzle, regions=tuple(i // 4 for i in range(16))))])


def test_looks_like_variant() -> None:
    for text, rule in ((KILLER, "killer"), (JIGSAW, "jigsaw"), (SUDOKUX, "sudokux")):
        assert [looks_like_variant(text, r) for r in RULES] == [r == rule for r in RULES]
    no_kind = "; just a note\n\n" + KILLER.replace("; kind=killer seed=3 level=easy\n", "")
    assert looks_like_variant(no_kind, "killer") and not looks_like_variant(no_kind, "sudokux")
    assert looks_like_variant(JIGSAW.replace("; kind=jigsaw\n", ""), "jigsaw")
    classic = [SUDOKUX.replace("kind=sudokux", "kind=sudoku"), SUDOKUX.replace("; kind=sudokux seed=9\n", ""),
               "1.3.....2..1....\n", "; seed=1\n" + "." * 81 + "\n\n; kind=killer\n" + "." * 81, ""]
    for text in classic:
        assert not any(looks_like_variant(text, r) for r in RULES), text
    assert not looks_like_variant(KILLER, "sudoku")


def test_read_variant_file(tmp_path: Path) -> None:
    path = tmp_path / "v.txt"
    path.write_text(CANONICAL, encoding="utf-8")
    assert read_variant_file(path) == parse_variants(CANONICAL)
    with pytest.raises(PuzzleBookError, match="file not found"):
        read_variant_file(tmp_path / "missing.txt")
    with pytest.raises(PuzzleBookError) as err:
        read_variant_file(path, "sudokux")
    assert (err.value.source, err.value.line, err.value.column) == (str(path), 1, 3)


# ------------------------------------------------------------------------------------ random puzzles


@cache
def filled(rule: str, n: int) -> tuple[int, ...]:
    """A full grid keeping every house of a boxed rule (diagonals too): a tiny search, once per size."""
    v = boxed(rule, n)
    peers: list[set[int]] = [set() for _ in range(n * n)]
    for unit in v.houses().units():
        for i in unit:
            peers[i].update(unit)
    cells = [0] * (n * n)

    def fill() -> bool:
        best, options = -1, set[int]()
        for i in range(n * n):
            if not cells[i]:
                left = set(range(1, n + 1)) - {cells[j] for j in peers[i]}
                if best < 0 or len(left) < len(options):
                    best, options = i, left
        if best < 0:
            return True
        for digit in sorted(options):
            cells[best] = digit
            if fill():
                return True
        cells[best] = 0
        return False

    assert fill()
    return tuple(cells)


@st.composite
def boxed_solved(draw: st.DrawFn, rule: str) -> tuple[Variant, tuple[int, ...]]:
    """A Killer (cages of singletons and dominoes, totals from the solution) or a Sudoku X, digits relabelled."""
    n = draw(st.sampled_from(tuple(BOX_SHAPES)))
    names = draw(st.permutations(range(1, n + 1)))
    solution = tuple(names[v - 1] for v in filled("sudokux", n))
    cages: list[Cage] = []
    if rule == "killer":
        shapes = draw(st.integers(0, 3 ** (n * n) - 1))  # a digit a cell: 0 alone, 1 with the right, 2 below
        taken: set[int] = set()
        for i in range(n * n):
            shapes, shape = divmod(shapes, 3)
            if i in taken:
                continue
            right, below = i + 1, i + n
            cells = ((i, right) if shape == 1 and i % n < n - 1 and right not in taken else
                     (i, below) if shape == 2 and below < n * n else (i,))
            taken.update(cells)
            cages.append(Cage(sum(solution[j] for j in cells), cells))
    return boxed(rule, n, None, tuple(cages)), solution


@st.composite
def jigsaw_solved(draw: st.DrawFn) -> tuple[Variant, tuple[int, ...]]:
    """A Jigsaw of shifted bands: rows 2k and 2k+1 split into the first s and n-s cells of each (one
    region) and the rest (the other), solved by rows that are cyclic shifts, row 2k+1 shifted s more
    than row 2k. Maybe transposed, regions and digits numbered at random."""
    n = draw(st.sampled_from(JIGSAW_SIZES))
    free = list(range(n))
    shifts = [0] * n
    regions = [0] * (n * n)
    for k in range(0, n - 1, 2):
        s = draw(st.integers(0, n - 1))
        starts = [t for t in free if (t + s) % n in free and s > 0]
        if starts:
            shifts[k] = draw(st.sampled_from(starts))
            shifts[k + 1] = (shifts[k] + s) % n
        else:
            s = 0
            shifts[k], shifts[k + 1] = free[0], free[1]
        free = [t for t in free if t not in (shifts[k], shifts[k + 1])]
        for c in range(n):
            regions[k * n + c] = k if c < s else k + 1
            regions[(k + 1) * n + c] = k if c < n - s else k + 1
    if n % 2:
        shifts[n - 1] = free[0]
        regions[(n - 1) * n:] = [n - 1] * n
    solution = [(c + shifts[r]) % n + 1 for r in range(n) for c in range(n)]
    if draw(st.booleans()):
        regions = [regions[c * n + r] for r in range(n) for c in range(n)]
        solution = [solution[c * n + r] for r in range(n) for c in range(n)]
    labels = draw(st.permutations(range(n)))
    names = draw(st.permutations(range(1, n + 1)))
    puzzle = Variant("jigsaw", n, tuple(labels[r] for r in regions), (0,) * (n * n))
    return puzzle, tuple(names[v - 1] for v in solution)


@st.composite
def items(draw: st.DrawFn) -> VariantText:
    """A puzzle of any rule with givens from its solution (often none for a Killer), maybe solved."""
    rule = draw(st.sampled_from(RULES))
    v, solution = draw(jigsaw_solved() if rule == "jigsaw" else boxed_solved(rule))
    assert is_solution(v, solution)
    keep = draw(st.just(0) | st.integers(0, 2 ** len(solution) - 1))  # a bit a cell: given or not
    v = canonical_variant(v.with_cells(tuple(d if keep >> i & 1 else 0 for i, d in enumerate(solution))))
    check_variant(v)
    words = st.from_regex(r"[a-z0-9]{1,5}", fullmatch=True)
    meta = draw(st.dictionaries(st.sampled_from(["seed", "level", "note"]), words, max_size=2))
    return VariantText(v, meta, solution if draw(st.booleans()) else None)


@settings(max_examples=60, deadline=None)
@given(st.lists(items(), min_size=1, max_size=3))
def test_format_then_parse_gives_the_same_puzzles(puzzles: list[VariantText]) -> None:
    text = format_variants(puzzles)
    again = parse_variants(text, "random.txt")
    assert [replace(item, line=0) for item in again] == puzzles
    assert format_variants(again) == text
    rule = puzzles[0].puzzle.rule
    assert [looks_like_variant(text, r) for r in RULES] == [r == rule for r in RULES]


@settings(max_examples=30, deadline=None)
@given(items(), st.randoms(use_true_random=False))
def test_any_order_of_cages_and_region_numbers_reads_canonically(item: VariantText, random: Random) -> None:
    v = item.puzzle
    cages = [Cage(c.total, tuple(random.sample(c.cells, len(c.cells)))) for c in v.cages]
    random.shuffle(cages)
    labels = random.sample(range(v.n), v.n)
    text = format_variants([item])
    lines = text.split("\n")
    if v.rule == "killer":
        start = lines.index("cages:") + 1
        lines[start:start + len(cages)] = [
            " ".join([str(c.total), *(f"r{i // v.n + 1}c{i % v.n + 1}" for i in c.cells)]) for c in cages]
    if v.rule == "jigsaw":
        start = lines.index("regions:") + 1
        lines[start:start + v.n] = [" ".join(str(labels[v.regions[r * v.n + c]] + 1) for c in range(v.n))
                                    for r in range(v.n)]
    (again,) = parse_variants("\n".join(lines))
    assert again.puzzle == v
    assert canonical_cages(cages) == v.cages
    assert canonical_regions(labels[r] for r in v.regions) == v.regions


@settings(max_examples=30, deadline=None)
@given(items())
def test_record_forms_round_trip(item: VariantText) -> None:
    v = item.puzzle
    n = v.n
    assert from_line(to_line(v.cells), n) == v.cells
    assert len(to_line(v.cells)) == n * n and set(to_line(v.cells)) <= set(".123456789")
    if item.solution is not None:
        assert from_line(to_line(item.solution), n, "solution") == item.solution
    rows = regions_rows(v)
    assert len(rows) == n and all(len(row) == n for row in rows)
    assert regions_from_rows(json.loads(json.dumps(rows)), n) == v.regions
    data = json.loads(json.dumps(cages_json(v.cages, n)))
    assert all(set(cage) == {"sum", "cells"} for cage in data)
    assert cages_from_json(data, n) == v.cages
    backwards = [{"sum": c["sum"], "cells": c["cells"][::-1]} for c in data[::-1]]
    assert cages_from_json(backwards, n) == v.cages


def test_record_forms_of_a_known_puzzle() -> None:
    killer, jigsaw, _ = parse_variants(CANONICAL)
    assert to_line(jigsaw.puzzle.cells) == "1" + "." * 13 + "3" + "." * 10
    assert regions_rows(jigsaw.puzzle) == ["11122", "11222", "33333", "44445", "45555"]
    assert cages_json(killer.puzzle.cages, 4)[:2] == [{"sum": 3, "cells": [[0, 0], [0, 1]]},
                                                      {"sum": 7, "cells": [[0, 2], [0, 3]]}]
    assert from_line("  1.3.....2..1...0 ", 4) == (1, 0, 3, 0, 0, 0, 0, 0, 2, 0, 0, 1, 0, 0, 0, 0)


# ------------------------------------------------------------------------------------ mistakes

GRID4 = ". . . .\n" * 4
GRID5 = ". . . . .\n" * 5
ROWS5 = "regions:\n1 1 1 1 1\n2 2 2 2 2\n3 3 3 3 3\n4 4 4 4 4\n5 5 5 5 5\n"
"""Line 7 is the header, lines 8-12 the rows, after `; kind=jigsaw` and GRID5."""
DOMINOES = ["3 r1c1 r1c2", "7 r1c3 r1c4", "7 r2c1 r2c2", "3 r2c3 r2c4",
            "3 r3c1 r3c2", "7 r3c3 r3c4", "7 r4c1 r4c2", "3 r4c3 r4c4"]
"""The 4x4 Killer's cages, lines 7-14 after `; kind=killer`, GRID4 and `cages:` on line 6."""


def killer(*cages: str, grid: str = GRID4) -> str:
    return "; kind=killer\n" + grid + "cages:\n" + "".join(cage + "\n" for cage in (cages or DOMINOES))


def jigsaw(regions: str = ROWS5, grid: str = GRID5) -> str:
    return "; kind=jigsaw\n" + grid + regions


def sudokux(grid: str = GRID4) -> str:
    return "; kind=sudokux\n" + grid


def singletons_but(cage: tuple[int, ...], grid: str) -> str:
    """A 4x4 Killer: `cage` (its total from SOLUTION, written first, line 7) and singletons elsewhere."""
    lines = [" ".join([str(sum(SOLUTION[i] for i in cage)), *(f"r{i // 4 + 1}c{i % 4 + 1}" for i in cage)])]
    lines += [f"{SOLUTION[i]} r{i // 4 + 1}c{i % 4 + 1}" for i in range(16) if i not in cage]
    return killer(*lines, grid=grid)


SOLVED = "\n; role=solution\n"
"""After a 4x4 puzzle of five lines, the solution's metadata is on line 7 and its rows on 8-11."""

BAD: list[tuple[str, str | None, int, int | None, str]] = [
    # metadata, rules and roles
    ("; kind=sudoku\n" + GRID4, None, 1, 3, "unknown kind 'sudoku'; allowed: killer, jigsaw, sudokux"),
    (GRID4, None, 1, 1, "the puzzle does not say which variant it is; put `; kind=killer`"),
    ("; seed=2\n" + GRID4, None, 2, 1, "the puzzle does not say which variant it is"),
    (jigsaw(), "killer", 1, 3, "kind=jigsaw in a killer file; allowed: kind=killer"),
    ("; kind=sudokux kind=killer\n" + GRID4, None, 1, 16, "metadata key 'kind' is given twice"),
    ("; kind=sudokux\n. . . .\n; seed=1\n" + ". . . .\n" * 3, None, 3, 3, "metadata must come before the grid rows"),
    ("; kind=sudokux\n\n" + GRID4, None, 1, 3, "metadata with no puzzle below it"),
    ("; kind=sudokux role=answer\n" + GRID4, None, 1, 16, "unknown role 'answer'; allowed: solution"),
    ("; role=solution\n" + GRID4, "sudokux", 1, 3, "must come right after the puzzle it solves"),
    (sudokux() + SOLVED + "1 2 3 4\n3 4 1 2\n4 3 2 1\n2 1 4 3\n" + SOLVED + GRID4, None, 13, 3,
     "must come right after the puzzle it solves"),
    ("; kind=sudokux\n. . . . ; note\n" + ". . . .\n" * 3, None, 2, 9, "a comment needs a line of its own"),
    # the grid
    ("; kind=sudokux\n" + GRID5, None, 2, 1, "a grid row of 5 tokens; a sudokux grid has 4, 6, 8 or 9 in every row"),
    ("; kind=jigsaw\n" + GRID4, None, 2, 1, "a grid row of 4 tokens; a jigsaw grid has 5, 6, 7, 8 or 9 in every row"),
    (sudokux(". . . .\n. . .\n. . . .\n. . . .\n"), None, 3, 1,
     r"a grid row of 3 tokens, but the first row \(line 2\) has 4"),
    (sudokux(GRID4 + ". . . .\n"), None, 6, 1,
     r"a 4x4 grid has 4 rows; this is row 5 \(a new puzzle starts after a blank line\)"),
    (killer(grid=GRID4 + "3 r1c1 r1c2\n"), None, 6, 1, "this is row 5 .*, its cages after a cages: line"),
    (jigsaw(grid=GRID5 + "1 1 1 1 1\n"), None, 7, 1, "this is row 6 .*, its regions after a regions: line"),
    (sudokux(". . . .\n" * 3), None, 2, 1, "the grid has 3 rows but 4 tokens per row; a 4x4 sudokux needs 4 rows"),
    (sudokux(". . x .\n" + ". . . .\n" * 3), None, 2, 5, "unknown symbol 'x'; allowed: '.' or '0' for empty, 1-4"),
    (sudokux(". . 5 .\n" + ". . . .\n" * 3), None, 2, 5, r"value 5 is out of range for a 4x4 grid \(1-4\)"),
    (sudokux(". 12345678901234 . .\n" + ". . . .\n" * 3), None, 2, 3,
     r"value 12345678... \(14 digits\) is out of range"),
    (sudokux("1 . . 1\n" + ". . . .\n" * 3), None, 2, 7, r"1 appears twice in one house \(r1c1 and r1c4\)"),
    (sudokux("1 . . .\n. . . .\n. . 1 .\n. . . .\n"), None, 4, 5, r"1 appears twice in one house \(r1c1 and r3c3\)"),
    # blocks
    ("; kind=killer\n" + GRID4 + "cage:\n3 r1c1\n", None, 6, 1,
     r"unknown block 'cage:'; allowed: regions: \(a jigsaw's regions\) or cages: \(a killer's cages\)"),
    ("; kind=killer\n" + GRID4 + "cages: 3 r1c1 r1c2\n", None, 6, 8, "the cages: line stands alone"),
    ("; kind=killer\ncages:\n" + GRID4, None, 2, 1, "the cages: block comes after the puzzle's grid"),
    (killer() + "cages:\n", None, 15, 1, r"a second cages: block \(the first is on line 6\); a puzzle has one"),
    (sudokux() + "cages:\n3 r1c1 r1c2\n", None, 6, 1, "a sudokux puzzle has no cages: block; only a killer has one"),
    ("; kind=killer\n" + GRID4 + "regions:\n", None, 6, 1,
     "a killer puzzle has no regions: block; only a jigsaw has one"),
    ("; kind=jigsaw\n" + GRID5, None, 2, 1,
     "a jigsaw puzzle needs a regions: block after its grid: 5 rows of 5 region"),
    ("; kind=killer\n" + GRID4, None, 2, 1, "a killer puzzle needs a cages: block after its grid"),
    # regions
    (jigsaw(ROWS5.replace("5 5 5 5 5\n", "")), None, 7, 1, "the regions: block has 4 rows; a 5x5 jigsaw needs 5"),
    (jigsaw(ROWS5.replace("1 1 1 1 1", "1 1 1 1")), None, 8, 1,
     "a regions row of 4 tokens; a 5x5 jigsaw gives 5 region numbers in every row"),
    (jigsaw(ROWS5 + "5 5 5 5 5\n"), None, 13, 1, "a 5x5 jigsaw has 5 rows of regions; this is row 6"),
    (jigsaw(ROWS5.replace("1 1 1 1 1", "1 1 1 1 6")), None, 8, 9,
     "region 6 is out of range; a 5x5 jigsaw's regions are numbered 1-5"),
    (jigsaw(ROWS5.replace("1 1 1 1 1", "0 1 1 1 1")), None, 8, 1, "region 0 is out of range"),
    (jigsaw(ROWS5.replace("1 1 1 1 1", "1 a 1 1 1")), None, 8, 3,
     "unknown region 'a'; a 5x5 jigsaw's regions are numbered 1-5"),
    (jigsaw(ROWS5.replace("1 1 1 1 1", "1 1 1 1 2")), None, 7, 1,
     "region 1 has 4 cells; each of the 5 regions needs 5"),
    (jigsaw(ROWS5.replace("1 1 1 1 1\n2 2 2 2 2", "1 1 1 1 2\n2 2 2 2 1")), None, 8, 1,
     "region 1 is not one connected shape"),
    (jigsaw(ROWS5.replace("4 4 4 4 4\n5 5 5 5 5", "4 4 4 5 4\n5 5 5 4 5")), None, 11, 1,
     "region 4 is not one connected shape"),
    (jigsaw(grid="1 . . . .\n. . . . .\n1 . . . .\n. . . . .\n. . . . .\n"), None, 4, 1,
     r"1 appears twice in one house \(r1c1 and r3c1\)"),
    (jigsaw(grid="1 . . . 1\n" + ". . . . .\n" * 4), None, 2, 9, r"1 appears twice in one house \(r1c1 and r1c5\)"),
    # cages
    (killer("x r1c1 r1c2", *DOMINOES[1:]), None, 7, 1, "cage total 'x' is not a number; a cage line is its total"),
    (killer("12345 r1c1 r1c2", *DOMINOES[1:]), None, 7, 1, "cage total 12345 is out of range"),
    (killer("3", *DOMINOES[1:]), None, 7, 1, "the cage lists no cells; a cage line is its total, then its cells"),
    (killer("3 r1c1 a1", *DOMINOES[1:]), None, 7, 8,
     r"'a1' is not a cell; a cage's cells are rRcC \(row and column from 1\)"),
    (killer("3 r1c1 r5c1", *DOMINOES[1:]), None, 7, 8, r"r5c1 is outside the 4x4 grid \(rows and columns 1-4\)"),
    (killer("3 r0c1 r1c2", *DOMINOES[1:]), None, 7, 3, "r0c1 is outside the 4x4 grid"),
    (killer("3 r1c1 r1c1", *DOMINOES[1:]), None, 7, 8, "r1c1 is already in this cage; a cell is in one cage"),
    (killer(*DOMINOES, "1 r1c2"), None, 15, 3, "r1c2 is already in the cage on line 7; a cell is in one cage"),
    (killer("10 r1c1 r1c2 r1c3 r1c4 r2c1", *DOMINOES[2:]), None, 7, 24, "a cage has 1 to 4 cells; this one has 5"),
    ("; kind=killer\n" + GRID4 + "cages:\n", None, 6, 1, "the cages: block lists no cages"),
    (killer("2 r1c1 r1c2", *DOMINOES[1:]), None, 7, 1,
     "the cage at r1c1 sums to 2; 2 different digits 1..4 make 3 to 7"),
    (killer(*DOMINOES[:5], "8 r3c4 r3c3", *DOMINOES[6:]), None, 12, 1,
     "the cage at r3c3 sums to 8; 2 different digits 1..4 make 3 to 7"),
    (killer("4 r1c1 r1c3", "6 r1c2 r1c4", *DOMINOES[2:]), None, 7, 1, "the cage at r1c1 is not one connected shape"),
    (killer(*DOMINOES[:-1]), None, 5, 5, "r4c3 is in no cage: a Killer's cages cover the grid"),
    (killer("4 r1c1 r1c2", *DOMINOES[1:]), None, 6, 1, "the cages sum to 41; a 4x4 grid's digits sum to 40"),
    (singletons_but((1, 5, 6), ". 1 . .\n. . 1 .\n. . . .\n. . . .\n"), None, 3, 5,
     r"1 appears twice in the cage on line 7 \(also at line 2, column 3\)"),
    (killer(grid="1 . . 1\n" + ". . . .\n" * 3), None, 2, 7, r"1 appears twice in one house \(r1c1 and r1c4\)"),
    # solutions
    (sudokux() + SOLVED + ". . . . . .\n" * 6, None, 7, 3, "the solution is 6x6 but its puzzle is 4x4"),
    (sudokux() + SOLVED + "1 . 3 4\n3 4 1 2\n2 1 4 3\n4 3 2 1\n", None, 8, 3,
     "the solution leaves row 1, column 2 empty; fill every cell"),
    (sudokux() + SOLVED + "1 2 3 4\n3 4 1 2\n2 1 4 3\n4 3 2 1\n", None, 10, 5,
     r"4 appears twice in one house \(r2c2 and r3c3\)"),
    (killer() + SOLVED + "1 2 3 4\n3 4 1 2\n2 1 4 3\n4 3 2 1\ncages:\n", None, 21, 1,
     "a solution is its grid alone; the cages: block belongs to its puzzle"),
    (killer() + "\n; role=solution kind=sudokux\n" + GRID4, None, 16, 17,
     "kind=sudokux on the solution of a killer puzzle; allowed: kind=killer"),
    (sudokux() + SOLVED + "1 2 3 4\n3 4 1 2\n2 1 4 3\n4 3 2 x\n", None, 11, 7, "unknown symbol 'x'"),
]


@pytest.mark.parametrize(("text", "rule", "line", "column", "message"), BAD)
def test_every_mistake_is_located(text: str, rule: str | None, line: int, column: int | None, message: str) -> None:
    with pytest.raises(PuzzleBookError, match=message) as err:
        parse_variants(text, "bad.txt", rule)
    assert (err.value.source, err.value.line, err.value.column) == ("bad.txt", line, column)
    assert str(err.value).startswith(f"bad.txt, line {line}, column {column}: ")


def test_an_unknown_rule_argument() -> None:
    with pytest.raises(PuzzleBookError, match="unknown variant 'classic'; allowed: killer, jigsaw, sudokux"):
        parse_variants(GRID4, "bad.txt", "classic")


BAD_LINES: list[tuple[str, int, int | None, str]] = [
    ("1" * 15, 4, None, "15 characters; a one-line 4x4 grid has 16"),
    (" x" + "." * 15, 4, 2, "unknown symbol 'x'; allowed: '.' or '0' for empty, 1-4"),
    ("." * 35 + "7", 6, 36, r"value 7 is out of range for a 6x6 grid \(1-6\)"),
]


@pytest.mark.parametrize(("text", "n", "column", "message"), BAD_LINES)
def test_one_line_mistakes_name_the_field_and_column(text: str, n: int, column: int | None, message: str) -> None:
    with pytest.raises(PuzzleBookError, match=message) as err:
        from_line(text, n, "grid")
    assert (err.value.source, err.value.line, err.value.column) == ("grid", 1, column)


BAD_REGIONS: list[tuple[object, str, str]] = [
    ("11111", "regions", "the regions are 5 strings of 5 digits 1-5, a string a row; got '11111'"),
    (["11111"] * 4, "regions", "got 4 rows"),
    (None, "regions", "got None"),
    (["11111", "2222", "33333", "44444", "55555"], "regions[1]", "'2222' is not a row; a row is 5 digits 1-5"),
    (["11111", "22222", "33333", "44444", 55555], "regions[4]", "55555 is not a row"),
    (["1111x", "22222", "33333", "44444", "55555"], "regions[0]",
     "'x' at column 5 is not a region; regions are numbered 1-5"),
    (["11111", "22222", "33363", "44444", "55555"], "regions[2]", "'6' at column 4 is not a region"),
]


@pytest.mark.parametrize(("rows", "field", "message"), BAD_REGIONS)
def test_malformed_record_regions_name_the_row(rows: object, field: str, message: str) -> None:
    with pytest.raises(PuzzleBookError) as err:
        regions_from_rows(rows, 5)
    assert err.value.field == field and message in err.value.message
    assert str(err.value) == f"{field}: {err.value.message}"


ONE = {"sum": 3, "cells": [[0, 0], [0, 1]]}
BAD_CAGES: list[tuple[object, str, str]] = [
    ({"sum": 3}, "cages", 'the cages are a list of {"sum": S, "cells": [[row, column], ...]}, not'),
    ([5], "cages[0]", 'a cage is {"sum": S, "cells": [[row, column], ...]}, not 5'),
    ([{"cells": [[0, 0]]}], "cages[0].sum", "missing; a cage's sum is a whole number"),
    ([ONE, {"sum": "7", "cells": [[0, 2]]}], "cages[1].sum", "'7' is not a whole number"),
    ([{"sum": True, "cells": [[0, 0]]}], "cages[0].sum", "True is not a whole number"),
    ([{"sum": 3}], "cages[0].cells", "None; a cage's cells are a list of one or more [row, column]"),
    ([ONE, {"sum": 3, "cells": []}], "cages[1].cells", "[]; a cage's cells are a list"),
    ([{"sum": 3, "cells": [[0, 0], [1]]}], "cages[0].cells[1]",
     "[1] is not a cell; a cell is [row, column], two whole"),
    ([{"sum": 3, "cells": [[0, 0.5]]}], "cages[0].cells[0]", "[0, 0.5] is not a cell"),
    ([{"sum": 3, "cells": [[4, 0]]}], "cages[0].cells[0]", "[4, 0] is outside the 4x4 grid (rows and columns 0-3)"),
    ([{"sum": 3, "cells": [[0, -1]]}], "cages[0].cells[0]", "[0, -1] is outside the 4x4 grid"),
    ([{"sum": 3, "cells": [[0, 0], [0, 1], [0, 0]]}], "cages[0].cells[2]", "[0, 0] is listed twice in this cage"),
]


@pytest.mark.parametrize(("data", "field", "message"), BAD_CAGES)
def test_malformed_record_cages_name_the_cage_and_field(data: object, field: str, message: str) -> None:
    with pytest.raises(PuzzleBookError) as err:
        cages_from_json(data, 4)
    assert err.value.field == field and message in err.value.message
    assert str(err.value) == f"{field}: {err.value.message}"
