"""Draw a crossword or a fill-in into a box: its squares floating on white (thin lines between squares,
a heavier outline around them), a crossword's numbers small in their squares' corners, a fill-in's
starter letters bold; beside or below the grid, whichever prints it larger, the clues (Across, Down)
or the words grouped by length, in columns. An answer shows every letter and no list.

The list is laid out in ems of its own type, a fixed share of a cell, and wrapped by counting
characters (an upper bound on their average width), all from the grid record alone: measuring (fit,
extent, centres) and drawing agree, and a box that would print the list too small is refused by the
page-fit check, which reads the list's type size.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any

from pipeline.drawing import Centres, Rect, Style, Surface
from pipeline.drawing.grid import GridFit, board_corner, join_segments, label_height, place_board
from pipeline.kinds.crossword.grid import BLOCK, is_square, numbers, slots_of

Grid = Mapping[str, Any]

NUMBER_SHARE = 0.3
"""A square's clue number, as a share of its cell (in the text face, in the top left corner)."""
CORNER = 0.07
"""The corner number's distance from the square's left and top sides, in cells."""
LETTER_SHARE = 0.56
"""A letter's size in its square (a fill-in's starter letters, an answer's letters)."""
LETTER_DROP = 0.06
"""How far below the middle of its square a crossword's letter sits, in cells, clear of the corner
number (in every square, so a word's letters stand level)."""
TEXT_SHARE = 0.5
"""The list's type (clues, words) as a share of a cell, as crossword books set it (9 pt clues beside
18 pt squares); the list is capped at the edition's body size, so small grids don't shout."""
LEADING = 1.25
"""A list line's height, in ems of the list's type."""
BASELINE = 0.95
"""A line's baseline below its top, in ems: room for accented capitals (DejaVu reaches 0.93)."""
HEADING = 1.1
"""A heading's type (Across, '3 letters') against the list's."""
CLUE_GAP = 0.3
"""Ems of air between two clues."""
HEAD_GAP = 0.8
"""Ems of air above a heading that does not start its column."""
GUTTER = 1.5
"""Ems between two columns."""
NUMBER_GAP = 0.5
"""Ems between a clue's number (right-aligned in its column) and its text."""
DIGIT = 0.7
"""A digit's width in the bold face, in ems (DejaVu Sans Bold: 0.696)."""
CHAR_WIDTH = 0.63
"""An upper bound on the average width of a clue line's characters, in ems: the widest full lines of
the shipped clues in five languages measure 0.61 in DejaVu Sans (0.51 on average); a line still too
wide (another face, an odd clue) is narrowed as it is drawn."""
CAPITAL = 0.84
"""An upper bound on the average width of a listed word's capitals, in ems: the shipped answers reach
0.83 in DejaVu Sans (WOOD, MÖWE)."""
BOLD_CHAR = 0.72
"""An upper bound on a heading's characters in the bold face, in ems."""
LEAST_CHARS = 18
"""A clue column below the grid holds at least this many characters a line."""
THREE_CHARS = 22
"""Clues below the grid go in three columns when each then holds this many characters a line."""
SPANS = (1.0, 1.25, 1.5, 2.0)
"""How wide a list below the grid may be, in widths of the grid (or of the least list): a wider one is
shorter, and prints larger in a box too short for the narrow one."""
BESIDE_CHARS = (20, 26, 34)
"""Characters a line of a clue column beside the grid may hold."""
BESIDE_COLUMNS = {"crossword": (1, 2), "fillin": (1, 2, 3, 4)}
"""How many columns a list beside the grid may take."""
KEPT = 4
"""A fill-in's group of this many words or fewer is never split between columns."""
LIST_GAP = 0.6
"""Cells between the grid and a list below it."""
SIDE_GAP = 0.8
"""Cells between the grid and a list beside it."""


@dataclass(frozen=True)
class Line:
    """One line of the list: a heading, a clue's line (its number on the first) or a word; `top` is
    its top below the list's top, in ems."""

    role: str
    """'heading', 'clue' or 'word'."""
    number: str
    text: str
    top: float


Block = tuple[float, tuple[tuple[str, str, str], ...]]
"""Lines kept together in one column (a heading with the first clue or word under it), and the air
above them when they do not start a column, in ems: (gap, ((role, number, text), ...))."""


Option = tuple[str, int, float, float, float]
"""One way to lay the list out: (where: 'below' or 'beside', columns, a column's width and the step
from one column to the next in ems, the width a list below spans in cells)."""


@dataclass(frozen=True)
class Arrangement:
    """Where the grid and its list go on the drawn board; lengths in cells unless named ems."""

    option: Option
    """How the list is laid out ('alone': there is none)."""
    across: float
    down: float
    grid_x: float
    """The grid's left edge from the board's."""
    list_x: float
    list_y: float
    """The list's top left corner from the board's (y down)."""
    number_width: float = 0.0
    """A clue column's number part, in ems (the text starts there)."""
    columns: tuple[tuple[Line, ...], ...] = ()


# ------------------------------------------------------------------------------------ the grid


def _size(grid: Grid) -> tuple[int, int]:
    rows = grid["rows"]
    return len(rows), max(len(row) for row in rows)


def _numbered(grid: Grid) -> dict[tuple[int, int], int]:
    """A crossword's square numbers (a fill-in has none)."""
    return numbers(slots_of(grid["rows"])) if grid.get("kind") == "crossword" else {}


def words_bare(grid: Grid) -> Grid:
    """The grid as answers and cover art lay it out: without its clues or words."""
    return {key: value for key, value in grid.items() if key not in ("clues", "words")}


# ------------------------------------------------------------------------------------ the list


def _wrap(text: str, chars: int) -> list[str]:
    """`text` in lines of at most `chars` characters, broken at spaces (a longer word kept whole, and
    narrowed when drawn)."""
    lines: list[str] = []
    for word in text.split(" "):
        if not word:
            continue
        if lines and len(lines[-1]) + 1 + len(word) <= chars:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines or [""]


def _clue_blocks(grid: Grid, chars: int) -> list[Block]:
    """Across then Down: each heading kept with its first clue; a clue's length glued to its last word."""
    blocks: list[Block] = []
    for direction in ("across", "down"):
        for i, (number, clue, length) in enumerate(grid["clues"].get(direction, [])):
            text = f"{clue.strip()}\u00a0({length})" if clue.strip() else f"({length})"
            wrapped = _wrap(text, chars)
            lines = (("clue", str(number), wrapped[0]), *(("clue", "", rest) for rest in wrapped[1:]))
            if i == 0:
                blocks.append((HEAD_GAP, (("heading", "", grid["headings"][direction]), *lines)))
            else:
                blocks.append((CLUE_GAP, lines))
    return blocks


def _word_blocks(grid: Grid) -> list[Block]:
    """The words by length, shortest first, each group under its heading ('3 letters'): a group of up to
    KEPT words stays in one column, a longer one breaks with at least two words on either side."""
    blocks: list[Block] = []
    words = list(grid["words"])
    for length in sorted({len(word) for word in words}):
        group = [("word", "", word) for word in words if len(word) == length]
        head = ("heading", "", grid["heading"].format(n=length))
        if len(group) <= KEPT:
            blocks.append((HEAD_GAP, (head, *group)))
            continue
        blocks.append((HEAD_GAP, (head, *group[:2])))
        blocks += [(0.0, (word,)) for word in group[2:-2]]
        blocks.append((0.0, tuple(group[-2:])))
    return blocks


def _height(lines: Sequence[tuple[str, str, str]]) -> float:
    return sum(LEADING * (HEADING if role == "heading" else 1.0) for role, _, _ in lines)


def _starts(gaps: Sequence[float], heights: Sequence[float], capacity: float) -> list[int]:
    """Where each column starts, blocks filling a column until the next would pass `capacity` ems."""
    starts, used = [0], heights[0] if heights else 0.0
    for i in range(1, len(heights)):
        if used + gaps[i] + heights[i] > capacity + 1e-9:
            starts.append(i)
            used = heights[i]
        else:
            used += gaps[i] + heights[i]
    return starts


def _balance(blocks: Sequence[Block], count: int) -> list[list[Block]]:
    """The blocks in at most `count` columns, as short as they can be: the least capacity (some run of
    consecutive blocks' height) that filling column by column fits."""
    if not blocks:
        return []
    gaps = [gap for gap, _ in blocks]
    heights = [_height(lines) for _, lines in blocks]
    runs = set()
    for i in range(len(blocks)):
        total = heights[i]
        runs.add(total)
        for j in range(i + 1, len(blocks)):
            total += gaps[j] + heights[j]
            runs.add(total)
    candidates = sorted(runs)
    low, high = 0, len(candidates) - 1
    while low < high:
        middle = (low + high) // 2
        if len(_starts(gaps, heights, candidates[middle])) <= count:
            high = middle
        else:
            low = middle + 1
    starts = _starts(gaps, heights, candidates[low])
    return [list(blocks[a:b]) for a, b in zip(starts, [*starts[1:], len(blocks)])]


def _placed(columns: Sequence[Sequence[Block]]) -> tuple[tuple[tuple[Line, ...], ...], float]:
    """Every column's lines with their tops, and the tallest column's height, in ems."""
    placed, tallest = [], 0.0
    for column in columns:
        lines, y = [], 0.0
        for k, (gap, block) in enumerate(column):
            y += gap if k else 0.0
            for role, number, text in block:
                lines.append(Line(role, number, text, y))
                y += LEADING * (HEADING if role == "heading" else 1.0)
        placed.append(tuple(lines))
        tallest = max(tallest, y)
    return tuple(placed), tallest


def _number_width(grid: Grid) -> float:
    biggest = max((number for clues in grid["clues"].values() for number, _, _ in clues), default=1)
    return len(str(biggest)) * DIGIT + NUMBER_GAP


def _word_width(grid: Grid) -> float:
    """A word column's width in ems: its longest word, or its widest heading."""
    lengths = {len(word) for word in grid["words"]}
    longest = max(lengths, default=1) * CAPITAL
    heading = max((len(grid["heading"].format(n=n)) for n in lengths), default=1) * BOLD_CHAR * HEADING
    return max(longest, heading)


def _arrangement(grid: Grid, option: Option) -> Arrangement:
    """The board with its list laid out as `option` says: below the grid (the grid centred over the
    list's span) or beside it (their tops level)."""
    where, count, width, pitch, span = option
    rows, columns = _size(grid)
    number_width = 0.0
    if grid.get("kind") == "crossword":
        number_width = _number_width(grid)
        blocks = _clue_blocks(grid, max(1, int((width - number_width) / CHAR_WIDTH)))
    else:
        blocks = _word_blocks(grid)
    placed, tall = _placed(_balance(blocks, count))
    used = (len(placed) - 1) * pitch + width  # the columns filled, in ems
    if where == "below":
        across = max(float(columns), span)
        return Arrangement(option, across, rows + LIST_GAP + tall * TEXT_SHARE, (across - columns) / 2,
                           (across - used * TEXT_SHARE) / 2, rows + LIST_GAP, number_width, placed)
    return Arrangement(option, columns + SIDE_GAP + used * TEXT_SHARE, max(float(rows), tall * TEXT_SHARE), 0.0,
                       columns + SIDE_GAP, 0.0, number_width, placed)


def _below(grid: Grid, spread: float) -> Option:
    """The list under the grid, `spread` times as wide as the grid (or the least list): clues in two
    columns (three when each still holds THREE_CHARS a line) across that width; words in as many
    columns as it holds."""
    _, columns = _size(grid)
    if grid.get("kind") == "crossword":
        least = 2 * (_number_width(grid) + LEAST_CHARS * CHAR_WIDTH) + GUTTER
        span = max(columns / TEXT_SHARE, least) * spread  # in ems
        wide = (span - 2 * GUTTER) / 3 - _number_width(grid) >= THREE_CHARS * CHAR_WIDTH
        count = 3 if wide else 2
        pitch = (span + GUTTER) / count
        return ("below", count, pitch - GUTTER, pitch, span * TEXT_SHARE)
    width = _word_width(grid)
    span = max(columns / TEXT_SHARE, width) * spread
    count = max(1, int((span + GUTTER) / (width + GUTTER)))
    return ("below", count, width, width + GUTTER, span * TEXT_SHARE)


def _options(grid: Grid) -> list[Option]:
    """Every way the list may go: below first (the narrowest first: it wins ties), then beside."""
    below = [_below(grid, spread) for spread in SPANS]
    if grid.get("kind") == "crossword":
        widths = [_number_width(grid) + chars * CHAR_WIDTH for chars in BESIDE_CHARS]
        counts = BESIDE_COLUMNS["crossword"]
    else:
        widths, counts = [_word_width(grid)], BESIDE_COLUMNS["fillin"]
    return [*below, *(("beside", count, width, width + GUTTER, 0.0) for width in widths for count in counts)]


def _arrangements(grid: Grid) -> tuple[Arrangement, ...]:
    """Every arrangement of the board, in _options' order, without their lines (draw_words lays out
    the one it draws)."""
    return _sizes(json.dumps(grid, sort_keys=True, default=list))


@lru_cache(maxsize=4096)
def _sizes(key: str) -> tuple[Arrangement, ...]:
    """_arrangements of the grid `key` spells (a book measures each puzzle several times)."""
    grid = json.loads(key)
    rows, columns = _size(grid)
    if not _listed(grid):
        return (Arrangement(("alone", 0, 0.0, 0.0, 0.0), float(columns), float(rows), 0.0, 0.0, 0.0),)
    return tuple(replace(_arrangement(grid, option), columns=()) for option in _options(grid))


def _listed(grid: Grid) -> bool:
    return bool(grid.get("clues") if grid.get("kind") == "crossword" else grid.get("words"))


# ------------------------------------------------------------------------------------ measures


def words_extent(grid: Grid) -> tuple[float, float]:
    """The drawn board's width and height in cells with its list below the grid (as a page sized for
    the puzzle alone prints it)."""
    arrangement = _arrangements(grid)[0]
    return arrangement.across, arrangement.down


def _choose(grid: Grid, box: Rect, style: Style, labelled: bool) -> tuple[GridFit, Arrangement]:
    """The arrangement giving the largest cells in the box (ties: the first, the list below), its fit."""
    room = box.h - (label_height(style) if labelled else 0.0)
    listed = _listed(grid)
    most = min(style.max_cell, style.body / TEXT_SHARE) if listed else style.max_cell
    best, cell = None, -math.inf
    for arrangement in _arrangements(grid):
        size = min(box.w / arrangement.across, room / arrangement.down, most)
        if size > cell + 1e-9:
            best, cell = arrangement, size
    assert best is not None
    rows, columns = _size(grid)
    if grid.get("kind") == "crossword":
        board = f"a {columns}x{rows} crossword of {sum(len(c) for c in grid.get('clues', {}).values())} clues"
    else:
        board = f"a {columns}x{rows} fill-in of {len(grid.get('words', []))} words"
    if not listed:
        board = f"a {columns}x{rows} {grid.get('kind', 'crossword')} grid"
        return GridFit(cell=cell, number_size=cell * LETTER_SHARE, rows=best.down, board=board, reads="letters",
                       extent=(best.across, best.down)), best
    reads = "clues" if grid.get("kind") == "crossword" else "word list"
    return GridFit(cell=cell, number_size=cell * TEXT_SHARE, rows=best.down, board=board, reads=reads,
                   extent=(best.across, best.down)), best


def fit_words(grid: Grid, box: Rect, style: Style, *, labelled: bool = True) -> GridFit:
    """The largest square cells that fit the box with the list below or beside the grid, whichever is
    larger; number_size is the list's type (the clues or words must stay legible), or an answer's
    letters. `extent` is the chosen arrangement's."""
    return _choose(grid, box, style, labelled)[0]


def words_centres(grid: Grid, box: Rect, style: Style, *, labelled: bool = True) -> tuple[float, Centres]:
    """The cell size and every square's centre, where draw_words puts them."""
    fit, arrangement = _choose(grid, box, style, labelled)
    cell = fit.cell
    left, top = board_corner(box, arrangement.across * cell, arrangement.down * cell, style, labelled)
    left += arrangement.grid_x * cell
    return cell, {(r, c): (left + (c + 0.5) * cell, top - (r + 0.5) * cell)
                  for r, row in enumerate(grid["rows"]) for c, char in enumerate(row) if char != BLOCK}


# ------------------------------------------------------------------------------------ drawing


def draw_words(
    canvas: Surface,
    grid: Grid,
    box: Rect,
    *,
    style: Style,
    solution: Sequence[str] | None = None,
    label: str = "",
    note: str = "",
    example: bool = False,
) -> None:
    """A crossword or fill-in centred in `box`: its squares, numbers and starter letters, its list
    where fit_words puts it; with `solution`, every square's letter."""
    fit, arrangement = _choose(grid, box, style, bool(label or note))
    if arrangement.option[0] != "alone":
        arrangement = _arrangement(grid, arrangement.option)
    cell = fit.cell
    left, top = place_board(canvas, box, arrangement.across * cell, arrangement.down * cell, style, label, note)
    rows = grid["rows"]
    canvas.saveState()
    _squares(canvas, rows, left + arrangement.grid_x * cell, top, cell, style)
    _letters(canvas, grid, solution, left + arrangement.grid_x * cell, top, cell, style)
    if arrangement.columns:
        _list(canvas, arrangement, left + arrangement.list_x * cell, top - arrangement.list_y * cell,
              cell * TEXT_SHARE, style)
    canvas.restoreState()


HOLE_INK = 0.25
"""Grey of a hole the squares close in: left white, it would read as one more square."""


def holes(rows: Sequence[str]) -> list[tuple[int, int]]:
    """The non-squares that no path of non-squares joins to the grid's edge: enclosed by squares."""
    height, width = len(rows), max((len(row) for row in rows), default=0)
    outside = {(r, c) for r in range(height) for c in range(width)
               if not is_square(rows, r, c) and (r in (0, height - 1) or c in (0, width - 1))}
    todo = list(outside)
    while todo:
        r, c = todo.pop()
        for cell in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
            if 0 <= cell[0] < height and 0 <= cell[1] < width and cell not in outside \
                    and not is_square(rows, *cell):
                outside.add(cell)
                todo.append(cell)
    return [(r, c) for r in range(height) for c in range(width)
            if not is_square(rows, r, c) and (r, c) not in outside]


def _squares(canvas: Surface, rows: Sequence[str], left: float, top: float, cell: float, style: Style) -> None:
    """Thin lines between squares, a heavier one around them (half way to the edition's thick); holes
    the squares close in shaded, so none reads as a square."""
    canvas.setFillGray(HOLE_INK)
    for r, c in holes(rows):
        canvas.rect(left + c * cell, top - (r + 1) * cell, cell, cell, stroke=0, fill=1)
    canvas.setFillGray(0)
    inner, outer = [], []
    for r, row in enumerate(rows):
        for c, char in enumerate(row):
            if char == BLOCK:
                continue
            x, y = left + c * cell, top - (r + 1) * cell
            sides = ((r - 1, c, (x, y + cell, x + cell, y + cell)), (r + 1, c, (x, y, x + cell, y)),
                     (r, c - 1, (x, y, x, y + cell)), (r, c + 1, (x + cell, y, x + cell, y + cell)))
            for nr, nc, side in sides:
                if not is_square(rows, nr, nc):
                    outer.append(side)
                elif (nr, nc) > (r, c):  # each inner side once
                    inner.append(side)
    canvas.setStrokeGray(0)
    canvas.setLineWidth(style.thin)
    canvas.lines(join_segments(inner))
    canvas.setLineWidth((style.thin + style.thick) / 2)
    canvas.setLineCap(2)
    canvas.lines(join_segments(outer))
    canvas.setLineCap(0)


def _letters(canvas: Surface, grid: Grid, solution: Sequence[str] | None, left: float, top: float, cell: float,
             style: Style) -> None:
    """Corner numbers (a crossword's), starter letters bold, an answer's letters."""
    rows = grid["rows"]
    numbered = _numbered(grid)
    canvas.setFillGray(0)
    size = cell * NUMBER_SHARE
    canvas.setFont(style.fonts.text, size)
    for (r, c), number in sorted(numbered.items()):
        canvas.drawString(left + (c + CORNER) * cell, top - (r + CORNER) * cell - size * style.fonts.digit_height,
                          str(number))
    size = cell * LETTER_SHARE
    drop = LETTER_DROP * cell if numbered else 0.0
    for r, row in enumerate(rows):
        for c, char in enumerate(row):
            given = char.isalpha()
            shown = char if given else (solution[r][c] if solution and r < len(solution) and c < len(solution[r])
                                        else "")
            if char == BLOCK or not shown.isalpha():
                continue
            canvas.setFont(style.fonts.given if given else style.fonts.number, size)
            canvas.drawCentredString(left + (c + 0.5) * cell,
                                     top - (r + 0.5) * cell - drop - size * style.fonts.digit_height / 2, shown)


def _list(canvas: Surface, arrangement: Arrangement, left: float, top: float, size: float, style: Style) -> None:
    """The list's columns from (left, top): headings bold, clue numbers bold right-aligned before their
    text (a hanging indent), words; a line wider than its column narrowed to fit."""
    canvas.setFillGray(0)
    _, _, width, pitch, _ = arrangement.option
    for k, column in enumerate(arrangement.columns):
        x = left + k * pitch * size
        for line in column:
            if line.role == "heading":
                heading = size * HEADING
                _fitted(canvas, line.text, x, top - line.top * size - BASELINE * heading,
                        width * size, style.fonts.bold, heading, style)
                continue
            baseline = top - (line.top + BASELINE) * size
            if line.number:
                canvas.setFont(style.fonts.bold, size)
                canvas.drawRightString(x + (arrangement.number_width - NUMBER_GAP) * size, baseline, line.number)
            indent = arrangement.number_width * size
            _fitted(canvas, line.text.replace("\u00a0", " "), x + indent, baseline,
                    (width - arrangement.number_width) * size, style.fonts.text, size, style)


def _fitted(canvas: Surface, text: str, x: float, baseline: float, width: float, font: str, size: float,
            style: Style) -> None:
    """`text` from (x, baseline), narrowed if wider than `width`."""
    canvas.setFont(font, size)
    squeeze = width / max(style.measure(text, font, size), 1e-9)
    if squeeze >= 1:
        canvas.drawString(x, baseline, text)
        return
    canvas.saveState()
    canvas.translate(x, baseline)
    canvas.scale(squeeze, 1.0)
    canvas.drawString(0, 0, text)
    canvas.restoreState()
