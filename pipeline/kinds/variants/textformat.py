"""The variants' text format (Killer, Jigsaw, Sudoku X), many puzzles a file, and the one-line and JSON
forms their records store grids, regions and cages in.

    ; kind=killer seed=3
    . . . .
    . . . .
    . . . .
    . . . .
    cages:
    3 r1c1 r1c2
    7 r1c3 r1c4
    ...

    ; role=solution
    1 2 3 4
    ...

A puzzle is a paragraph: metadata naming its rule (a Sudoku X grid alone reads as a classic Sudoku),
the grid as n rows of n tokens ('.' or '0' empty, digits 1..n), then a Jigsaw's `regions:` block (n
rows of n region numbers 1..n) or a Killer's `cages:` block (a cage a line: its total, then its cells
as rRcC from 1). A `; role=solution` paragraph right after a puzzle is its solution, as in the Sudoku
format; `;` lines of other words are comments. Reading locates every mistake by source, line and
column, and canonicalises (regions numbered by first appearance row by row, cages ordered by their
first cell, cells ascending); writing is canonical, so parse(format(x)) == x and
format(parse(text)) == text. Nothing here searches for solutions.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from pipeline.errors import PuzzleBookError
from pipeline.kinds.sudoku.houses import Cage
from pipeline.kinds.variants.puzzle import (
    BOX_SHAPES,
    JIGSAW_SIZES,
    MAX_CAGE,
    RULES,
    Variant,
    VariantError,
    boxed,
    cell_name,
    check_variant,
)
from pipeline.kinds.variants.regions import canonical_regions
from pipeline.textfile import (
    META_KEY,
    META_TOKEN,
    TOKEN,
    Place,
    located,
    read_meta_line,
    read_text_file,
    stray_metadata,
)

SOLUTION_ROLE = "solution"
EMPTY = frozenset(".0")
REGIONS, CAGES = "regions:", "cages:"
BLOCKS: dict[str, str] = {REGIONS: "jigsaw", CAGES: "killer"}
"""Each block's header line, and the one rule whose puzzles have that block (and must)."""
CELL = re.compile(r"r(\d+)c(\d+)", re.IGNORECASE)
"""A cage's cell in text: rRcC, row and column from 1."""

Tokens = list[tuple[str, Place]]
"""One line's tokens, each with where it starts."""


def sides(rule: str) -> tuple[int, ...]:
    """The grid sides a rule allows."""
    return JIGSAW_SIZES if rule == "jigsaw" else tuple(BOX_SHAPES)


@dataclass(frozen=True)
class VariantText:
    """One puzzle as read from (or to be written to) text: the puzzle, its metadata and optional solution.

    `meta` always names the rule, since the grid alone does not: `kind` is added first when missing,
    and a `kind` contradicting the puzzle's rule is a ValueError (a programming error).
    """

    puzzle: Variant
    meta: dict[str, str] = field(default_factory=dict)
    solution: tuple[int, ...] | None = None
    line: int = 0
    """The line where the puzzle (or its metadata) starts; 0 when it did not come from text."""

    def __post_init__(self) -> None:
        kind = self.meta.get("kind")
        if kind is None:
            object.__setattr__(self, "meta", {"kind": self.puzzle.rule, **self.meta})
        elif kind != self.puzzle.rule:
            raise ValueError(f"metadata kind={kind} contradicts the puzzle's rule {self.puzzle.rule!r}")


@dataclass
class _Item:
    """A paragraph being read: its metadata, grid rows and blocks, every token with its place."""

    line: int
    meta: dict[str, str] = field(default_factory=dict)
    meta_at: dict[str, Place] = field(default_factory=dict)
    rows: list[Tokens] = field(default_factory=list)
    blocks: dict[str, tuple[Place, list[Tokens]]] = field(default_factory=dict)
    """Per block header (lower case): where the header is, and the block's lines."""
    block: str | None = None
    """The block new lines belong to; None while still in the grid."""

    def current(self) -> list[Tokens]:
        return self.rows if self.block is None else self.blocks[self.block][1]


# ---------------------------------------------------------------------------------------- canonical


def canonical_cages(cages: Iterable[Cage]) -> tuple[Cage, ...]:
    """Cages with their cells ascending, ordered by first cell: one partition, one spelling."""
    tidy = (Cage(cage.total, tuple(sorted(cage.cells))) for cage in cages)
    return tuple(sorted(tidy, key=lambda cage: cage.cells[:1]))


def canonical_variant(v: Variant) -> Variant:
    """The puzzle as text and records spell it (see canonical_regions, canonical_cages)."""
    return replace(v, regions=canonical_regions(v.regions), cages=canonical_cages(v.cages))


# ---------------------------------------------------------------------------------------- reading


def read_variant_file(path: str | Path, rule: str | None = None) -> list[VariantText]:
    """Parse a variants file; a missing, unreadable or non-UTF-8 file is a PuzzleBookError naming it."""
    return parse_variants(read_text_file(path), str(path), rule)


def _lines(text: str) -> list[str]:
    return text.removeprefix("\ufeff").replace("\r\n", "\n").replace("\r", "\n").split("\n")


def parse_variants(text: str, source: str = "<input>", rule: str | None = None) -> list[VariantText]:
    """Read every puzzle in `text`; an item with `; role=solution` solves the one before it.

    Each puzzle's `; kind=...` names its rule. With `rule`, puzzles that do not say are taken to be
    of that rule and a puzzle naming another is a mistake (a file read as one kind holds that kind);
    without it, every puzzle must say. Solutions are checked for size, fullness and repeats; whether
    they keep the givens and make the cages' totals is the verifier's question.
    """
    if rule is not None and rule not in RULES:
        raise PuzzleBookError(f"unknown variant {rule!r}; allowed: {', '.join(RULES)}", source=source)
    puzzles: list[VariantText] = []
    after_puzzle = False
    pending: _Item | None = None

    def finish(item: _Item) -> None:
        nonlocal after_puzzle
        role = item.meta.get("role")
        if role is not None and role != SOLUTION_ROLE:
            raise located(f"unknown role {role!r}; allowed: {SOLUTION_ROLE}", source, item.meta_at["role"])
        if role == SOLUTION_ROLE:
            if not after_puzzle:
                message = "a role=solution puzzle must come right after the puzzle it solves"
                raise located(message, source, item.meta_at["role"])
            puzzles[-1] = replace(puzzles[-1], solution=_solution(puzzles[-1].puzzle, item, source))
            after_puzzle = False
        else:
            puzzles.append(VariantText(_variant(item, rule, source), dict(item.meta), None, item.line))
            after_puzzle = True

    for number, line in enumerate(_lines(text), start=1):
        stripped = line.strip()
        if not stripped:
            if pending is not None:
                _end(pending, finish, source)
            pending = None
            continue
        if pending is None:
            pending = _Item(number)
        if stripped.startswith(";"):
            read_meta_line(pending.meta, pending.meta_at, line, number, source, after_rows=bool(pending.rows))
            continue
        tokens = [(m.group(), (number, m.start() + 1)) for m in TOKEN.finditer(line)]
        comment = next((place for token, place in tokens[1:] if token.startswith(";")), None)
        if comment is not None:
            raise located("a comment needs a line of its own", source, comment)
        if tokens[0][0].endswith(":"):
            _open_block(pending, tokens, source)
        else:
            pending.current().append(tokens)
    if pending is not None:
        _end(pending, finish, source)
    return puzzles


def _end(item: _Item, finish: Callable[[_Item], None], source: str) -> None:
    """A paragraph ends: its puzzle is finished, and metadata left without a puzzle is a mistake."""
    if item.rows:
        finish(item)
    elif item.meta:
        raise stray_metadata(item.meta_at, source)


def _open_block(item: _Item, tokens: Tokens, source: str) -> None:
    """A `regions:` or `cages:` line: the lines below it, to the paragraph's end, are that block."""
    (name, place), rest = tokens[0], tokens[1:]
    header = name.lower()
    if header not in BLOCKS:
        message = f"unknown block {name!r}; allowed: {REGIONS} (a jigsaw's regions) or {CAGES} (a killer's cages)"
        raise located(message, source, place)
    if rest:
        raise located(f"the {header} line stands alone; its rows follow on the lines below", source, rest[0][1])
    if not item.rows:
        raise located(f"the {header} block comes after the puzzle's grid", source, place)
    if header in item.blocks:
        first = item.blocks[header][0][0]
        raise located(f"a second {header} block (the first is on line {first}); a puzzle has one", source, place)
    item.blocks[header] = (place, [])
    item.block = header


def _rule(item: _Item, default: str | None, source: str) -> str:
    """The puzzle's rule: its `kind`, else the file's `default`; a puzzle with neither is a mistake."""
    kind = item.meta.get("kind")
    if kind is None:
        if default is None:
            message = ("the puzzle does not say which variant it is; put `; kind=killer`, `; kind=jigsaw` or "
                       "`; kind=sudokux` on a line above its grid")
            raise located(message, source, item.rows[0][0][1])
        return default
    if kind not in RULES:
        raise located(f"unknown kind {kind!r}; allowed: {', '.join(RULES)}", source, item.meta_at["kind"])
    if default is not None and kind != default:
        raise located(f"kind={kind} in a {default} file; allowed: kind={default}", source, item.meta_at["kind"])
    return kind


def _variant(item: _Item, default: str | None, source: str) -> Variant:
    """The paragraph as a checked, canonical puzzle, every mistake placed at its line and column."""
    rule = _rule(item, default, source)
    for header, (place, _) in item.blocks.items():
        if BLOCKS[header] != rule:
            message = f"a {rule} puzzle has no {header} block; only a {BLOCKS[header]} has one"
            raise located(message, source, place)
    n = _grid_side(item.rows, rule, source)
    cells = [cell for row in item.rows for cell in row]
    values = tuple(_value(text, n, source, place) for text, place in cells)
    grid_at = [place for _, place in cells]
    needed = {"jigsaw": (REGIONS, f"{n} rows of {n} region numbers 1-{n}"),
              "killer": (CAGES, "a cage a line, its total then its cells, like 15 r1c1 r1c2")}.get(rule)
    if needed is not None and needed[0] not in item.blocks:
        message = f"a {rule} puzzle needs a {needed[0]} block after its grid: {needed[1]}"
        raise located(message, source, grid_at[0])
    if rule == "jigsaw":
        regions_at = item.blocks[REGIONS][0]
        regions, region_at = _regions(item.blocks[REGIONS], n, source)
        _checked(Variant(rule, n, regions, (0,) * (n * n)), source, lambda i: region_at[i], regions_at)
        variant = Variant(rule, n, canonical_regions(regions), values)
    elif rule == "killer":
        cages_at = item.blocks[CAGES][0]
        cages, cage_at = _cages(item.blocks[CAGES], n, source)
        cage_of = {i: k for k, cage in enumerate(cages) for i in cage.cells}
        _checked(boxed(rule, n, None, tuple(cages)), source,
                 lambda i: cage_at[cage_of[i]] if i in cage_of else grid_at[i], cages_at)
        _cage_repeats(cages, cage_at, values, grid_at, source)
        variant = boxed(rule, n, values, canonical_cages(cages))
    else:
        variant = boxed(rule, n, values)
    _checked(variant, source, lambda i: grid_at[i], grid_at[0])
    return variant


def _checked(v: Variant, source: str, place_of: Callable[[int], Place], otherwise: Place) -> None:
    """check_variant, its mistake placed where its cell was written (else at `otherwise`)."""
    try:
        check_variant(v)
    except VariantError as err:
        place = otherwise if err.cell is None else place_of(err.cell)
        raise located(err.message, source, place) from None


def _grid_side(rows: list[Tokens], rule: str, source: str) -> int:
    """The side a grid's shape implies: n rows of n tokens, n one the rule allows."""
    first = rows[0]
    n = len(first)
    allowed = sides(rule)
    if n not in allowed:
        message = f"a grid row of {_tokens(n)}; a {rule} grid has {_either(allowed)} in every row"
        raise located(message, source, first[0][1])
    block = {"jigsaw": f", its regions after a {REGIONS} line", "killer": f", its cages after a {CAGES} line"}
    for r, row in enumerate(rows):
        if r == n:
            message = (f"a {n}x{n} grid has {n} rows; this is row {n + 1} (a new puzzle starts after a blank line"
                       f"{block.get(rule, '')})")
            raise located(message, source, row[0][1])
        if len(row) != n:
            message = f"a grid row of {_tokens(len(row))}, but the first row (line {first[0][1][0]}) has {n}"
            raise located(message, source, row[0][1])
    if len(rows) < n:
        message = f"the grid has {len(rows)} rows but {n} tokens per row; a {n}x{n} {rule} needs {n} rows"
        raise located(message, source, first[0][1])
    return n


def _tokens(count: int) -> str:
    return f"{count} token" if count == 1 else f"{count} tokens"


def _either(values: Sequence[int]) -> str:
    return ", ".join(map(str, values[:-1])) + f" or {values[-1]}"


def _shown(text: str) -> str:
    """A number as a message quotes it, however long it was written."""
    return text if len(text) <= 12 else f"{text[:8]}... ({len(text)} digits)"


def _value(text: str, n: int, source: str, place: Place) -> int:
    """A cell's value from its text: '.' or '0' empty, else a digit 1..n."""
    if text in EMPTY:
        return 0
    if text.isascii() and text.isdecimal():
        digits = text.lstrip("0") or "0"
        if len(digits) > 2 or not 1 <= int(digits) <= n:  # no grid goes past 9: say so without reading any length
            raise located(f"value {_shown(text)} is out of range for a {n}x{n} grid (1-{n})", source, place)
        return int(digits)
    raise located(f"unknown symbol {text!r}; allowed: '.' or '0' for empty, 1-{n}", source, place)


def _regions(block: tuple[Place, list[Tokens]], n: int, source: str) -> tuple[tuple[int, ...], list[Place]]:
    """A `regions:` block's region per cell (0-based, as numbered there) and where each was written."""
    header, rows = block
    for r, row in enumerate(rows):
        if r == n:
            message = (f"a {n}x{n} jigsaw has {n} rows of regions; this is row {n + 1} (a new puzzle starts after "
                       "a blank line)")
            raise located(message, source, row[0][1])
        if len(row) != n:
            message = f"a regions row of {_tokens(len(row))}; a {n}x{n} jigsaw gives {n} region numbers in every row"
            raise located(message, source, row[0][1])
    if len(rows) < n:
        raise located(f"the {REGIONS} block has {len(rows)} rows; a {n}x{n} jigsaw needs {n}", source, header)
    cells = [cell for row in rows for cell in row]
    return tuple(_region(text, n, source, place) for text, place in cells), [place for _, place in cells]


def _region(text: str, n: int, source: str, place: Place) -> int:
    if text.isascii() and text.isdecimal():
        digits = text.lstrip("0") or "0"
        if len(digits) <= 2 and 1 <= int(digits) <= n:
            return int(digits) - 1
        raise located(f"region {_shown(text)} is out of range; a {n}x{n} jigsaw's regions are numbered 1-{n}",
                      source, place)
    raise located(f"unknown region {text!r}; a {n}x{n} jigsaw's regions are numbered 1-{n}", source, place)


def _cages(block: tuple[Place, list[Tokens]], n: int, source: str) -> tuple[list[Cage], list[Place]]:
    """A `cages:` block's cages (cells ascending, in the order written) and where each line starts.

    What the text alone shows is checked here: the syntax, cells on the grid, no cell twice, the
    size; the rest (totals, shapes, covering the grid) is check_variant's."""
    header, lines = block
    if not lines:
        message = f"the {CAGES} block lists no cages; a cage a line: its total, then its cells, like 15 r1c1 r1c2"
        raise located(message, source, header)
    limit = min(MAX_CAGE, n)
    owner: dict[int, Place] = {}
    cages: list[Cage] = []
    starts: list[Place] = []
    for tokens in lines:
        (text, place), rest = tokens[0], tokens[1:]
        total = _total(text, n, source, place)
        if not rest:
            message = f"the cage lists no cells; a cage line is its total, then its cells as rRcC, like {text} r1c1"
            raise located(message, source, place)
        if len(rest) > limit:
            message = f"a cage has 1 to {limit} cells; this one has {len(rest)}"
            raise located(message, source, rest[limit][1])
        cells: list[int] = []
        for name, where in rest:
            i = _cage_cell(name, n, source, where)
            if i in owner:
                other = owner[i]
                what = "this cage" if other[0] == where[0] else f"the cage on line {other[0]}"
                raise located(f"{cell_name(i, n)} is already in {what}; a cell is in one cage", source, where)
            owner[i] = where
            cells.append(i)
        cages.append(Cage(total, tuple(sorted(cells))))
        starts.append(place)
    return cages, starts


def _total(text: str, n: int, source: str, place: Place) -> int:
    if not (text.isascii() and text.isdecimal()):
        message = f"cage total {text!r} is not a number; a cage line is its total, then its cells as rRcC"
        raise located(message, source, place)
    digits = text.lstrip("0") or "0"
    if len(digits) > 3:
        message = f"cage total {_shown(text)} is out of range; a {n}x{n} grid's digits sum to {n * n * (n + 1) // 2}"
        raise located(message, source, place)
    return int(digits)


def _cage_cell(text: str, n: int, source: str, place: Place) -> int:
    match = CELL.fullmatch(text)
    if match is None:
        message = f"{text!r} is not a cell; a cage's cells are rRcC (row and column from 1), like r1c2"
        raise located(message, source, place)
    r, c = (int(part) if len(part) <= 3 else 0 for part in match.groups())
    if not (1 <= r <= n and 1 <= c <= n):
        raise located(f"{text} is outside the {n}x{n} grid (rows and columns 1-{n})", source, place)
    return (r - 1) * n + c - 1


def _cage_repeats(cages: list[Cage], starts: list[Place], values: tuple[int, ...], grid_at: list[Place],
                  source: str) -> None:
    """A given twice in one cage, placed at its second cell in the grid (check_variant only names the cage)."""
    for cage, start in zip(cages, starts):
        seen: dict[int, int] = {}
        for i in cage.cells:
            value = values[i]
            if value and value in seen:
                first = grid_at[seen[value]]
                message = (f"{value} appears twice in the cage on line {start[0]} "
                           f"(also at line {first[0]}, column {first[1]})")
                raise located(message, source, grid_at[i])
            if value:
                seen[value] = i


def _solution(puzzle: Variant, item: _Item, source: str) -> tuple[int, ...]:
    """A solution paragraph's cells: the puzzle's size, full, and no digit twice in a house or cage."""
    place = item.meta_at["role"]
    kind = item.meta.get("kind")
    if kind is not None and kind != puzzle.rule:
        message = f"kind={kind} on the solution of a {puzzle.rule} puzzle; allowed: kind={puzzle.rule}"
        raise located(message, source, item.meta_at["kind"])
    for header, (at, _) in item.blocks.items():
        raise located(f"a solution is its grid alone; the {header} block belongs to its puzzle", source, at)
    n = _grid_side(item.rows, puzzle.rule, source)
    if n != puzzle.n:
        raise located(f"the solution is {n}x{n} but its puzzle is {puzzle.n}x{puzzle.n}", source, place)
    cells = [cell for row in item.rows for cell in row]
    values = tuple(_value(text, n, source, at) for text, at in cells)
    if not all(values):
        i = values.index(0)
        r, c = divmod(i, n)
        raise located(f"the solution leaves row {r + 1}, column {c + 1} empty; fill every cell", source, cells[i][1])
    _checked(puzzle.with_cells(values), source, lambda i: cells[i][1], place)
    return values


def looks_like_variant(text: str, rule: str) -> bool:
    """True when `text`'s first puzzle is of `rule`: its metadata says kind=`rule`, or (saying no kind)
    it has the block only that rule has (`cages:` for killer, `regions:` for jigsaw).

    Only the first puzzle's paragraph is read, and a classic Sudoku file (no kind, or kind=sudoku,
    and no block) is never claimed: a Sudoku X must say what it is.
    """
    if rule not in RULES:
        return False
    started = False
    for line in _lines(text):
        stripped = line.strip()
        if not stripped:
            if started:
                return False
            continue
        if stripped.startswith(";"):
            tokens = stripped[1:].split()
            if tokens and all(META_TOKEN.fullmatch(t) for t in tokens):
                kind = dict(t.split("=", 1) for t in tokens).get("kind")
                if kind is not None:
                    return kind == rule
            continue
        started = True
        if stripped.lower() in BLOCKS:
            return BLOCKS[stripped.lower()] == rule
    return False


# ---------------------------------------------------------------------------------------- writing


def _symbols(values: Iterable[int]) -> list[str]:
    return [str(v) if v else "." for v in values]


def grid_text(values: Sequence[int], n: int) -> str:
    """n lines of n symbols separated by single spaces, '.' empty, each line ending in a newline."""
    return "".join(" ".join(_symbols(values[r * n : (r + 1) * n])) + "\n" for r in range(n))


def _cage_line(cage: Cage, n: int) -> str:
    return " ".join([str(cage.total), *(cell_name(i, n) for i in cage.cells)])


def _meta_line(meta: Mapping[str, str], role: bool = False) -> str:
    items = dict(meta)
    for key, value in items.items():
        if not META_KEY.fullmatch(key) or not TOKEN.fullmatch(value) or "=" in key:
            raise ValueError(f"metadata {key}={value!r} cannot be written: keys are words, values unspaced")
    if "role" in items:
        raise ValueError("'role' is reserved for solutions")
    if role:
        items = {"role": SOLUTION_ROLE}
    return "; " + " ".join(f"{key}={value}" for key, value in items.items()) + "\n" if items else ""


def _unsayable(v: Variant) -> str | None:
    """What of `v` its text could not say (so reading it back would give another puzzle), if anything."""
    if v.cages and v.rule != "killer":
        return f"a {v.rule} puzzle has no cages"
    if v.rule != "jigsaw" and v.n in BOX_SHAPES and v.regions != boxed(v.rule, v.n).regions:
        return f"a {v.rule} puzzle's regions are its boxes"
    return None


def format_variants(items: Iterable[VariantText]) -> str:
    """The puzzles, canonically, each followed by its `; role=solution` if it has one, paragraphs
    apart by blank lines. Metadata that cannot be read back, or cages or regions a rule has no room
    for, raise ValueError: a programming error, not a user's."""
    parts: list[str] = []
    for item in items:
        v = canonical_variant(item.puzzle)
        problem = _unsayable(v)
        if problem is not None:
            raise ValueError(f"cannot write the puzzle: {problem}")
        text = _meta_line(item.meta) + grid_text(v.cells, v.n)
        if v.rule == "jigsaw":
            text += REGIONS + "\n" + grid_text([r + 1 for r in v.regions], v.n)
        elif v.rule == "killer":
            text += CAGES + "\n" + "".join(_cage_line(cage, v.n) + "\n" for cage in v.cages)
        parts.append(text)
        if item.solution is not None:
            parts.append(_meta_line({}, role=True) + grid_text(item.solution, v.n))
    return "\n".join(parts)


# ---------------------------------------------------------------------------------------- records


def to_line(cells: Iterable[int]) -> str:
    """The one-line form records store grids and solutions in: n*n symbols row by row, '.' empty."""
    return "".join(_symbols(cells))


def from_line(text: str, n: int, source: str = "<input>") -> tuple[int, ...]:
    """The cells of a one-line grid of side n; surrounding whitespace is ignored, columns count from
    the line's start, mistakes name `source` (a record's field, say) at line 1."""
    offset = len(text) - len(text.lstrip())
    token = text.strip()
    if len(token) != n * n:
        raise PuzzleBookError(f"{len(token)} characters; a one-line {n}x{n} grid has {n * n}", source=source, line=1)
    return tuple(_value(ch, n, source, (1, offset + k + 1)) for k, ch in enumerate(token))


def regions_rows(v: Variant) -> list[str]:
    """The record form of the regions: a string per row, each character a cell's region 1..n (canonical)."""
    n = v.n
    regions = "".join(str(r + 1) for r in canonical_regions(v.regions))
    return [regions[r * n : (r + 1) * n] for r in range(n)]


def regions_from_rows(rows: Any, n: int) -> tuple[int, ...]:
    """The regions (0-based, canonical) of regions_rows' form; PuzzleBookError naming the row for
    malformed data. Whether they are n connected shapes of n cells is check_variant's question."""
    allowed = "123456789"[:n]
    if isinstance(rows, str) or not isinstance(rows, Sequence) or len(rows) != n:
        got = f"{len(rows)} rows" if isinstance(rows, Sequence) and not isinstance(rows, str) else _short(rows)
        raise PuzzleBookError(f"the regions are {n} strings of {n} digits 1-{n}, a string a row; got {got}",
                              field="regions")
    regions: list[int] = []
    for r, row in enumerate(rows):
        if not isinstance(row, str) or len(row) != n:
            raise PuzzleBookError(f"{_short(row)} is not a row; a row is {n} digits 1-{n}", field=f"regions[{r}]")
        for c, ch in enumerate(row):
            if ch not in allowed:
                raise PuzzleBookError(f"{ch!r} at column {c + 1} is not a region; regions are numbered 1-{n}",
                                      field=f"regions[{r}]")
            regions.append(int(ch) - 1)
    return canonical_regions(regions)


def cages_json(cages: Iterable[Cage], n: int) -> list[dict[str, Any]]:
    """The record form of the cages, canonical: [{"sum": S, "cells": [[row, column], ...]}, ...], from 0."""
    return [{"sum": cage.total, "cells": [[i // n, i % n] for i in cage.cells]} for cage in canonical_cages(cages)]


CAGE_JSON = '{"sum": S, "cells": [[row, column], ...]}'
"""A cage as records hold it, for messages."""


def _short(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def cages_from_json(data: Any, n: int) -> tuple[Cage, ...]:
    """The cages (canonical) of cages_json's form; PuzzleBookError naming the cage and field for
    malformed data. Totals, shapes, overlaps and covering the grid are check_variant's question."""
    if not isinstance(data, list):
        raise PuzzleBookError(f"the cages are a list of {CAGE_JSON}, not {_short(data)}", field="cages")
    cages: list[Cage] = []
    for k, item in enumerate(data):
        where = f"cages[{k}]"
        if not isinstance(item, Mapping):
            raise PuzzleBookError(f"a cage is {CAGE_JSON}, not {_short(item)}", field=where)
        if "sum" not in item:
            raise PuzzleBookError("missing; a cage's sum is a whole number", field=f"{where}.sum")
        if not _whole(item["sum"]):
            raise PuzzleBookError(f"{_short(item['sum'])} is not a whole number", field=f"{where}.sum")
        cells = item.get("cells")
        if not isinstance(cells, list) or not cells:
            raise PuzzleBookError(f"{_short(cells)}; a cage's cells are a list of one or more [row, column]",
                                  field=f"{where}.cells")
        seen: list[int] = []
        for j, cell in enumerate(cells):
            at = f"{where}.cells[{j}]"
            if not isinstance(cell, (list, tuple)) or len(cell) != 2 or not all(_whole(part) for part in cell):
                message = f"{_short(cell)} is not a cell; a cell is [row, column], two whole numbers from 0"
                raise PuzzleBookError(message, field=at)
            r, c = cell
            if not (0 <= r < n and 0 <= c < n):
                message = f"[{r}, {c}] is outside the {n}x{n} grid (rows and columns 0-{n - 1})"
                raise PuzzleBookError(message, field=at)
            if r * n + c in seen:
                raise PuzzleBookError(f"[{r}, {c}] is listed twice in this cage", field=at)
            seen.append(r * n + c)
        cages.append(Cage(item["sum"], tuple(seen)))
    return canonical_cages(cages)
