"""Crosswords and fill-ins as text, both ways. One puzzle a paragraph, paragraphs apart by blank lines:

    ; kind=crossword seed=7 level=easy language=es
    AÑO
    J#S
    OSO
    across
    1 AÑO: Doce meses
    3 OSO: Animal que hiberna
    down
    1 AJO: Va en el alioli
    2 OSO: Pardo o polar

    ; kind=fillin seed=7 level=medium language=es
    A..
    .#.
    ...
    words: AJO AÑO OSO OSO
    solution:
    AÑO
    J#S
    OSO

A crossword is written solved: its letters, '#' where there is no square, then under `across` and
`down` every entry in number order, a line each: NUMBER ANSWER: CLUE. A fill-in's grid has '.' for an
empty square, '#' for none and a capital where a letter is given; `words:` lists its words (spaces or
commas between, shortest first once read), and after `solution:` comes the filled grid when the file
carries solutions. A blank line before a section's line is allowed; elsewhere it ends a puzzle. `;`
lines are metadata (key=value; `language` and `umlauts` choose the letters a grid may hold) or
comments. Every mistake names the source, line and column and says what is allowed; nothing here solves.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field

from pipeline.kinds.crossword.grid import (
    BLOCK,
    DIRECTIONS,
    EMPTY,
    Cell,
    Direction,
    Slot,
    lone_squares,
    numbers,
    read,
    slots_of,
)
from pipeline.kinds.crossword.puzzle import (
    MAX_SIDE,
    MIN_SIDE,
    Crossword,
    Entry,
    FillIn,
    crossword_problem,
    fillin_problem,
    shape_problem,
    word_order,
)
from pipeline.kinds.wordsearch.letters import LANGUAGE_NAMES, LANGUAGES, PLAIN, UMLAUTS, alphabet
from pipeline.textfile import META_KEY, META_TOKEN, TOKEN, Place, located, read_meta_line, stray_metadata

CROSSWORD, FILLIN = "crossword", "fillin"
NAMES = {CROSSWORD: "crossword", FILLIN: "fill-in"}
"""How messages name each kind."""
SECTIONS: dict[str, tuple[str, str]] = {CROSSWORD: ("across", "down"), FILLIN: ("words", "solution")}
"""Each kind's sections after its grid, in the order they come."""
HEADER = re.compile(r"\s*(across|down|words|solution)\s*(:?)(.*)", re.IGNORECASE)
"""A section's line: its name, any case, then maybe a colon (and for `words:`, words)."""
ENTRY = re.compile(r"([0-9]{1,9})\s+([^\s:]+)\s*(:?)[ \t]*(.*)")
"""An entry line: number, answer, colon, clue."""
WORD = re.compile(r"[^\s,]+")
EXAMPLE_ENTRY = "1 CAT: Small pet that purrs"
EXAMPLE_WORDS = "words: CAT DOG HORSE"
SCAN_CHARS = 100_000
"""How much of a file looks_like_* reads to guess its kind."""

Line = tuple[int, int, str]
"""A line as read: its number, the column of its first character (both from 1), its text stripped."""


def _with_kind(meta: Mapping[str, str], kind: str) -> dict[str, str]:
    """The metadata naming `kind` (first, when it did not); another kind is a programming error."""
    said = meta.get("kind")
    if said is None:
        return {"kind": kind, **meta}
    if said != kind:
        raise ValueError(f"metadata kind={said} on a {NAMES[kind]}")
    return dict(meta)


@dataclass(frozen=True)
class CrosswordText:
    """One crossword read from text (or to be written). Its text is always solved, so a crossword read
    from text has the puzzle's own rows as its solution (None stands for them); one read from a record
    may carry another (a wrong one, which `verify` refutes, and no text can write). `meta` names the
    kind, first when it did not."""

    puzzle: Crossword
    solution: tuple[str, ...] | None
    line: int
    meta: dict[str, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        object.__setattr__(self, "solution", self.puzzle.solution if self.solution is None else tuple(self.solution))
        object.__setattr__(self, "meta", _with_kind(self.meta, CROSSWORD))


@dataclass(frozen=True)
class FillInText:
    """One fill-in read from text (or to be written), with its solution rows when the text has them;
    `meta` names the kind, first when it did not."""

    puzzle: FillIn
    solution: tuple[str, ...] | None
    line: int
    meta: dict[str, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.solution is not None:
            object.__setattr__(self, "solution", tuple(self.solution))
        object.__setattr__(self, "meta", _with_kind(self.meta, FILLIN))


# ---------------------------------------------------------------------------------------- paragraphs


@dataclass
class _Paragraph:
    """A puzzle's lines as read: its metadata, grid rows, and each section's place and lines."""

    line: int
    end: int = 0
    meta: dict[str, str] = field(default_factory=dict)
    meta_at: dict[str, Place] = field(default_factory=dict)
    rows: list[Line] = field(default_factory=list)
    sections: dict[str, tuple[Place, list[Line]]] = field(default_factory=dict)
    current: str | None = None
    """The section new lines belong to; None while still in the grid."""


def _lines(text: str) -> list[str]:
    return text.removeprefix("\ufeff").replace("\r\n", "\n").replace("\r", "\n").split("\n")


def _header(raw: str, current: str | None) -> tuple[str, int, str, int] | None:
    """A section's line: (name, its column, what follows the colon, its column), else None. Without a
    colon, a line of capitals is a grid row (DOWN may be one) unless an entry section is open."""
    match = HEADER.fullmatch(raw)
    if match is None:
        return None
    name, colon, rest = match[1].lower(), match[2], match[3]
    if not colon and (rest.strip() or (match[1].isupper() and current not in SECTIONS[CROSSWORD])):
        return None
    return name, match.start(1) + 1, rest, match.start(3) + 1


def _paragraphs(text: str, source: str, kind: str) -> list[_Paragraph]:
    """The text's puzzles, line by line: metadata, grid rows, then sections."""
    found: list[_Paragraph] = []
    para: _Paragraph | None = None
    gap = False
    for number, raw in enumerate(_lines(text), 1):
        stripped = raw.strip()
        if not stripped:
            gap = para is not None
            continue
        header = _header(raw, para.current if para and not gap else None)
        if para is not None and gap and not (header and para.rows):
            _close(para, found, source)
            para = None
        gap = False
        if para is None:
            para = _Paragraph(number)
        para.end = number
        if stripped.startswith(";"):
            read_meta_line(para.meta, para.meta_at, raw, number, source, after_rows=bool(para.rows))
        elif header is not None:
            _open(para, header, kind, number, source)
        else:
            lines = para.rows if para.current is None else para.sections[para.current][1]
            lines.append((number, len(raw) - len(raw.lstrip()) + 1, stripped))
    if para is not None:
        _close(para, found, source)
    return found


def _close(para: _Paragraph, found: list[_Paragraph], source: str) -> None:
    if para.rows:
        found.append(para)
    elif para.meta:
        raise stray_metadata(para.meta_at, source)


def _open(para: _Paragraph, header: tuple[str, int, str, int], kind: str, number: int, source: str) -> None:
    """A section's line: what follows, to the next section's line, is that section."""
    name, column, rest, rest_column = header
    place = (number, column)
    allowed = SECTIONS[kind]
    if name not in allowed:
        _check_kind(para, kind, source)
        raise located(f"a {NAMES[kind]} has no {name} section; after its grid come {allowed[0]} and {allowed[1]}",
                      source, place)
    if not para.rows:
        raise located(f"the {name} line comes after the puzzle's grid", source, place)
    if name in para.sections:
        first = para.sections[name][0][0]
        raise located(f"a second {name} line (the first is on line {first}); a puzzle has one", source, place)
    later = allowed[allowed.index(name) + 1:]
    if any(other in para.sections for other in later):
        raise located(f"the {name} section comes before the {later[0]} section", source, place)
    lines: list[Line] = []
    if rest.strip():
        at = (number, rest_column + len(rest) - len(rest.lstrip()))
        if name != "words":
            raise located(f"the {name} line stands alone; its lines follow below it", source, at)
        lines.append((*at, rest.strip()))
    para.sections[name] = (place, lines)
    para.current = name


def _check_kind(para: _Paragraph, kind: str, source: str) -> None:
    said = para.meta.get("kind")
    if said is not None and said != kind:
        raise located(f"kind={said} in a {NAMES[kind]} file; allowed: kind={kind}", source, para.meta_at["kind"])


def _language(para: _Paragraph, source: str) -> tuple[str | None, str]:
    """The letters the metadata's language allows (None: any capital) and how messages say them."""
    language, umlauts = para.meta.get("language"), para.meta.get("umlauts", "keep")
    if umlauts not in UMLAUTS:
        raise located(f"umlauts={umlauts} is unknown; allowed: {', '.join(UMLAUTS)}", source, para.meta_at["umlauts"])
    if language is None:
        return None, "capital letters"
    if language not in LANGUAGES:
        raise located(f"language={language} is unknown; allowed: {', '.join(LANGUAGES)}", source,
                      para.meta_at["language"])
    letters = alphabet(language, umlauts)
    extra = [letter for letter in letters if letter not in PLAIN]
    said = "A-Z" + "".join(f", {letter}" for letter in extra) if set(PLAIN) <= set(letters) else ", ".join(letters)
    return letters, f"the capitals of {LANGUAGE_NAMES[language]}: {said}"


def _letter(char: str, letters: str | None) -> bool:
    """A capital (of `letters`, when given), as shape_problem takes one."""
    return char.isalpha() and char == char.upper() and (letters is None or char in letters)


# ---------------------------------------------------------------------------------------- grids


def _chars(lines: list[Line], source: str, fits: Callable[[str], bool], allowed: str) -> None:
    for number, column, text in lines:
        for k, char in enumerate(text):
            if not fits(char):
                raise located(f"{char!r} cannot be here; {allowed}", source, (number, column + k))


def _apart(grid: tuple[str, ...], squares: list[Cell]) -> Cell | None:
    """The first square (row by row) not joined to the first, if any."""
    todo = [squares[0]]
    seen = set(todo)
    while todo:
        r, c = todo.pop()
        for cell in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
            if cell not in seen and 0 <= cell[0] < len(grid) and 0 <= cell[1] < len(grid[0]) \
                    and grid[cell[0]][cell[1]] != BLOCK:
                seen.add(cell)
                todo.append(cell)
    return next((cell for cell in squares if cell not in seen), None)


def _shape(lines: list[Line], source: str, letters: str | None) -> tuple[str, ...]:
    """The grid of `lines` (characters already checked), its shape checked as shape_problem checks
    it, every mistake placed at its row and square."""
    first_line, first_column, first = lines[0]
    width = len(first)
    for number, column, text in lines[1:]:
        if len(text) != width:
            raise located(f"this row is {len(text)} characters long but the grid's first (line {first_line}) is "
                          f"{width}; every row is as long", source, (number, column + min(len(text), width)))
    if not MIN_SIDE <= width <= MAX_SIDE:
        raise located(f"the grid is {width} squares wide; a grid is {MIN_SIDE} to {MAX_SIDE} squares a side",
                      source, (first_line, first_column))
    if len(lines) > MAX_SIDE:
        raise located(f"row {MAX_SIDE + 1} of the grid; a grid has at most {MAX_SIDE} rows (a blank line ends a "
                      "puzzle)", source, lines[MAX_SIDE][:2])
    if len(lines) < MIN_SIDE:
        raise located(f"the grid has {len(lines)} rows; a grid is {MIN_SIDE} to {MAX_SIDE} squares a side",
                      source, (first_line, first_column))
    grid = tuple(text for *_, text in lines)

    def at(cell: Cell) -> Place:
        return lines[cell[0]][0], lines[cell[0]][1] + cell[1]

    squares = [(r, c) for r, row in enumerate(grid) for c, char in enumerate(row) if char != BLOCK]
    if not squares:
        raise located("the grid has no squares, only '#'", source, (first_line, first_column))
    lone = lone_squares(grid)
    if lone:
        raise located("this square is in no entry: a square has another beside it, across or down ('#' where "
                      "there is no square)", source, at(lone[0]))
    apart = _apart(grid, squares)
    if apart is not None:
        r, c = squares[0]
        raise located(f"this square is not joined to the one at row {r + 1}, column {c + 1}: every square reaches "
                      "the others through squares beside it", source, at(apart))
    _gate(shape_problem(grid, letters=letters), source, (first_line, first_column))
    return grid


def _gate(problem: str | None, source: str, place: Place) -> None:
    """The puzzle module's own check, after the located ones (so it should never speak)."""
    if problem:
        raise located(problem, source, place)


# ---------------------------------------------------------------------------------------- crosswords


def parse_crosswords(text: str, source: str) -> list[CrosswordText]:
    """Every crossword in `text`; PuzzleBookError naming `source`, line and column for a mistake."""
    return [_crossword(para, source) for para in _paragraphs(text, source, CROSSWORD)]


def _crossword(para: _Paragraph, source: str) -> CrosswordText:
    _check_kind(para, CROSSWORD, source)
    letters, said = _language(para, source)
    _chars(para.rows, source, lambda char: char == BLOCK or _letter(char, letters),
           f"a crossword's grid is written solved: a square holds its letter ({said}), '#' marks no square")
    rows = _shape(para.rows, source, letters)
    entries = tuple(entry for direction in DIRECTIONS for entry in _entries(para, direction, rows, source))
    puzzle = Crossword(rows, entries)
    _gate(crossword_problem(puzzle), source, para.rows[0][:2])
    return CrosswordText(puzzle, rows, para.line, dict(para.meta))


def _entries(para: _Paragraph, direction: Direction, rows: tuple[str, ...], source: str) -> list[Entry]:
    """A section's entries: exactly the grid's runs that way, in number order, answers as the grid
    spells them, each with a clue."""
    slots = slots_of(rows)
    numbered = numbers(slots)
    expected = [(numbered[(slot.row, slot.col)], slot) for slot in slots if slot.direction == direction]
    section = para.sections.get(direction)
    if section is None:
        if not expected:
            return []
        down = para.sections.get("down") if direction == "across" else None
        raise located(f"the grid has {direction} entries ({_listed(expected)}) but no {direction} line lists "
                      f"them; after the grid come across and down, an entry a line: {EXAMPLE_ENTRY}",
                      source, down[0] if down else (para.end, 1))
    header, lines = section
    found: list[Entry] = []
    for number, column, text in lines:
        n, n_at, answer, answer_column, clue = _entry_line(number, column, text, source)
        if any(entry.number == n for entry in found):
            raise located(f"{n} {direction} is listed twice", source, n_at)
        k = len(found)
        if k == len(expected) or n != expected[k][0]:
            raise located(_misplaced(n, direction, expected, k), source, n_at)
        slot = expected[k][1]
        word = read(rows, slot)
        if answer != word:
            at = next((i for i, (a, b) in enumerate(zip(answer, word)) if a != b), min(len(answer), len(word)))
            raise located(f"{n} {direction} reads {word} in the grid, not {answer}", source,
                          (number, answer_column + at))
        if not clue:
            raise located(f"{n} {direction} ({answer}) has no clue; it follows the colon: {EXAMPLE_ENTRY}", source,
                          (number, column + len(text)))
        found.append(Entry(n, direction, slot.row, slot.col, answer, clue))
    if len(found) < len(expected):
        n, slot = expected[len(found)]
        raise located(f"{n} {direction} ({read(rows, slot)}, row {slot.row + 1}, column {slot.col + 1}) is missing "
                      "after this line; every run of two or more letters is an entry, in number order", source,
                      lines[-1][:2] if lines else header)
    return found


def _listed(expected: list[tuple[int, Slot]]) -> str:
    return ", ".join(str(n) for n, _ in expected) or "none"


def _misplaced(n: int, direction: str, expected: list[tuple[int, Slot]], k: int) -> str:
    if any(number == n for number, _ in expected):
        return f"{n} {direction} is out of order: entries go up by number, and {expected[k][0]} {direction} comes next"
    following = f"; {expected[k][0]} comes next" if k < len(expected) else ""
    return f"there is no {n} {direction} in the grid: its {direction} entries are {_listed(expected)}{following}"


def _entry_line(number: int, column: int, text: str, source: str) -> tuple[int, Place, str, int, str]:
    """(number, where, answer, its column, clue) of an entry line."""
    match = ENTRY.fullmatch(text)
    if match is None:
        lacking = " (the answer is required)" if re.match(r"[0-9]+\s*:", text) else ""
        raise located(f"an entry line is its number, its answer, a colon and its clue, like '{EXAMPLE_ENTRY}'"
                      f"{lacking}", source, (number, column))
    if not match[3] and match[4]:
        raise located(f"a colon goes between the answer and the clue, like '{EXAMPLE_ENTRY}'", source,
                      (number, column + match.start(4)))
    return int(match[1]), (number, column + match.start(1)), match[2], column + match.start(2), match[4].strip()


# ---------------------------------------------------------------------------------------- fill-ins


def parse_fillins(text: str, source: str) -> list[FillInText]:
    """Every fill-in in `text`; PuzzleBookError naming `source`, line and column for a mistake. A
    fill-in without a solution is read as it is: whether it has one is for the solver to say."""
    return [_fillin(para, source) for para in _paragraphs(text, source, FILLIN)]


def _fillin(para: _Paragraph, source: str) -> FillInText:
    _check_kind(para, FILLIN, source)
    letters, said = _language(para, source)
    _chars(para.rows, source, lambda char: char in (BLOCK, EMPTY) or _letter(char, letters),
           f"a fill-in's grid has '.' for an empty square, '#' for none and a given letter ({said})")
    grid = _shape(para.rows, source, letters)
    words, word_at = _words(para, letters, said, source)
    _lengths(grid, words, word_at, para.sections["words"][0], source)
    solution = None
    if "solution" in para.sections:
        solution = _solution(para, grid, letters, said, source)
        _match(solution, words, word_at, source)
        _gate(fillin_problem(FillIn(grid, tuple(words)), solution), source, para.sections["solution"][0])
    return FillInText(FillIn(grid, word_order(words)), solution, para.line, dict(para.meta))


def _words(para: _Paragraph, letters: str | None, said: str, source: str) -> tuple[list[str], list[Place]]:
    """The words as listed, and where each is."""
    section = para.sections.get("words")
    if section is None:
        raise located(f"a fill-in lists its words after its grid, like '{EXAMPLE_WORDS}'", source, (para.end, 1))
    header, lines = section
    words: list[str] = []
    places: list[Place] = []
    for number, column, text in lines:
        for match in WORD.finditer(text):
            word, at = match.group(), column + match.start()
            for k, char in enumerate(word):
                if not _letter(char, letters):
                    raise located(f"{char!r} cannot be in a word; a word is written in {said}", source,
                                  (number, at + k))
            if len(word) < 2:
                raise located(f"{word} is one letter; a word has at least 2", source, (number, at))
            words.append(word)
            places.append((number, at))
    if not words:
        raise located(f"the words line lists no words; like '{EXAMPLE_WORDS}'", source, header)
    return words, places


def _lengths(grid: tuple[str, ...], words: list[str], word_at: list[Place], header: Place, source: str) -> None:
    """As many words of each length as the grid has slots."""
    slots = Counter(slot.length for slot in slots_of(grid))
    listed = Counter(len(word) for word in words)
    for length in sorted(slots.keys() | listed.keys()):
        have, room = listed[length], slots[length]
        if have > room:
            extra = [at for word, at in zip(words, word_at) if len(word) == length][room]
            raise located(f"{have} words of {length} letters but the grid has {room} places for one; this one is too "
                          "many", source, extra)
        if have < room:
            raise located(f"the grid has {room} places for a word of {length} letters but the words have {have}",
                          source, header)


def _solution(para: _Paragraph, grid: tuple[str, ...], letters: str | None, said: str,
              source: str) -> tuple[str, ...]:
    """The solution's rows: the grid's shape, a letter on every square, the givens kept."""
    header, lines = para.sections["solution"]
    if not lines:
        raise located("the solution line is followed by the filled grid, a row a line", source, header)
    _chars(lines, source, lambda char: char == BLOCK or _letter(char, letters),
           f"a solution holds a letter ({said}) on every square, '#' where there is none")
    width = len(grid[0])
    for r, (number, column, text) in enumerate(lines):
        if r == len(grid):
            raise located(f"the grid has {len(grid)} rows and so has its solution (a blank line ends a puzzle)",
                          source, (number, column))
        if len(text) != width:
            raise located(f"this solution row is {len(text)} characters long; the grid's rows are {width}", source,
                          (number, column + min(len(text), width)))
        for c, (given, char) in enumerate(zip(grid[r], text)):
            if (given == BLOCK) != (char == BLOCK):
                there = "no square ('#')" if given == BLOCK else "a square"
                raise located(f"the grid has {there} here; the solution keeps the grid's squares", source,
                              (number, column + c))
            if given not in (BLOCK, EMPTY) and char != given:
                raise located(f"the grid gives {given} here; the solution keeps every given letter", source,
                              (number, column + c))
    if len(lines) < len(grid):
        raise located(f"the solution has {len(lines)} rows; its grid has {len(grid)}", source, lines[-1][:2])
    return tuple(text for *_, text in lines)


def _match(solution: tuple[str, ...], words: list[str], word_at: list[Place], source: str) -> None:
    """The words are exactly those the solution's entries spell, a mistake placed at the word listed
    once too often (as many words as entries of each length are listed already, so there is one)."""
    spelled = Counter(read(solution, slot) for slot in slots_of(solution))
    listed = Counter(words)
    seen: Counter[str] = Counter()
    for word, at in zip(words, word_at):
        seen[word] += 1
        if seen[word] > spelled[word]:
            why = "is in no entry of the solution" if not spelled[word] else \
                f"is listed {listed[word]} times but the solution spells it {spelled[word]}"
            raise located(f"{word} {why}", source, at)


# ---------------------------------------------------------------------------------------- writing


def solution_lines(rows: Iterable[str]) -> str:
    """A solution grid as the files write it: its rows, a line each."""
    return "\n".join(rows)


def _meta_line(meta: Mapping[str, str]) -> str:
    for key, value in meta.items():
        if not META_KEY.fullmatch(key) or not TOKEN.fullmatch(value):
            raise ValueError(f"metadata {key}={value!r} cannot be written: keys are words, values unspaced")
    return "; " + " ".join(f"{key}={value}" for key, value in meta.items())


def _entry_text(entry: Entry) -> str:
    clue = entry.clue
    if "\n" in clue or "\r" in clue or clue != clue.strip():
        raise ValueError(f"the clue of {entry.number} {entry.direction} cannot be written as a line: {clue!r}")
    return f"{entry.number} {entry.answer}: {clue}"


def format_crosswords(items: Iterable[CrosswordText]) -> str:
    """The crosswords as text: parse_crosswords(format_crosswords(items)) gives them back. Metadata or
    clues a line cannot hold raise ValueError (a programming error)."""
    blocks = []
    for item in items:
        if item.solution is not None and item.solution != item.puzzle.solution:
            raise ValueError("a crossword's text writes its answers: it cannot hold another solution")
        lines = [_meta_line(item.meta), *item.puzzle.solution]
        for direction in DIRECTIONS:
            lines.append(direction)
            lines += [_entry_text(entry) for entry in item.puzzle.entries if entry.direction == direction]
        blocks.append("\n".join(lines))
    return "\n\n".join(blocks) + ("\n" if blocks else "")


def format_fillins(items: Iterable[FillInText]) -> str:
    """The fill-ins as text, words shortest first: parse_fillins(format_fillins(items)) gives them
    back (their words in word_order, as a FillIn keeps them)."""
    blocks = []
    for item in items:
        lines = [_meta_line(item.meta), *item.puzzle.grid, "words: " + " ".join(word_order(item.puzzle.words))]
        if item.solution is not None:
            lines += ["solution:", *item.solution]
        blocks.append("\n".join(lines))
    return "\n\n".join(blocks) + ("\n" if blocks else "")


# ---------------------------------------------------------------------------------------- guessing


def looks_like_crossword(text: str) -> bool:
    """Whether `text` is clearly crosswords: its first metadata says kind=crossword, or (naming no
    kind) an across or down line follows a grid row of capitals and '#'."""
    return _looks_like(text, CROSSWORD)


def looks_like_fillin(text: str) -> bool:
    """Whether `text` is clearly fill-ins: its first metadata says kind=fillin, or (naming no kind) a
    `words:` line follows a grid row of '.', '#' and capitals."""
    return _looks_like(text, FILLIN)


def _looks_like(text: str, kind: str) -> bool:
    previous = ""
    for raw in _lines(text[:SCAN_CHARS]):
        stripped = raw.strip()
        if not stripped:
            continue
        if stripped.startswith(";"):
            tokens = stripped[1:].split()
            if tokens and all(META_TOKEN.fullmatch(token) for token in tokens):
                said = dict(token.split("=", 1) for token in tokens).get("kind")
                if said is not None:
                    return said == kind
            continue
        header = _header(raw, None)
        if header is not None and header[0] in SECTIONS[kind] and _grid_row(previous, kind):
            return True
        previous = stripped
    return False


def _grid_row(text: str, kind: str) -> bool:
    marks = (BLOCK,) if kind == CROSSWORD else (BLOCK, EMPTY)
    return bool(text) and all(char in marks or _letter(char, None) for char in text) \
        and (kind == FILLIN or any(char != BLOCK for char in text))
