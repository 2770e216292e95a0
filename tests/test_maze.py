"""Mazes: every one perfect (checked by an independent counter), levels that separate, text and
records that read back exactly, proofs that say why a maze is not perfect, fingerprints that see
through turns and mirrors, and drawings whose walls are exactly the maze's."""

from __future__ import annotations

import json
import math
import random
import statistics
from collections.abc import Sequence
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pipeline.book.config import load_config_text
from pipeline.cli import main
from pipeline.drawing import Rect
from pipeline.errors import PuzzleBookError
from pipeline.kinds import registry
from pipeline.kinds.maze.board import Board, grid_board, ring_counts, round_board
from pipeline.kinds.maze.canon import maze_fingerprint
from pipeline.kinds.maze.carve import carve
from pipeline.kinds.maze.draw import draw_maze, fit_maze, maze_centres
from pipeline.kinds.maze.generate import RECIPES
from pipeline.kinds.maze.grade import LEVELS
from pipeline.kinds.maze.maze import Maze, from_passages, make_maze, prove
from pipeline.kinds.maze.record import maze_grid, read_maze
from pipeline.kinds.maze.shapes import board_for
from pipeline.kinds.maze.textformat import MazeText, format_mazes, parse_mazes
from pipeline.typeset.layout import REGULAR

MAZE = registry.kind("maze")

BOARDS: dict[str, tuple[str, dict[str, Any]]] = {
    "square": ("square", {"size": 12}),
    "rectangle": ("square", {"width": 15, "height": 6}),
    "heart": ("heart", {"size": 14}),
    "star": ("star", {"size": 14}),
    "ring": ("ring", {"size": 20}),
    "cloud": ("cloud", {"size": 10}),
    "random": ("random", {"size": 10, "ratio": 0.2}),
    "hexagon": ("hexagon", {"size": 5}),
    "hexstar": ("hexstar", {"size": 3}),
    "hexring": ("hexring", {"size": 5}),
    "flower": ("flower", {}),
    "round": ("round", {"size": 7}),
}
"""Every topology, parametric families and picture files among them, holes (ring, hexring) included."""


def independent_count(maze: Maze) -> tuple[int, int, bool]:
    """(pieces, loops, exit reached) by union-find over the passages alone, nothing of the kind's code
    but the passages themselves: a perfect maze is one piece with no loop."""
    parent = list(range(maze.size))

    def root(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    loops = 0
    for i, j in maze.passages():
        a, b = root(i), root(j)
        if a == b:
            loops += 1
        else:
            parent[a] = b
    pieces = len({root(i) for i in range(maze.size)})
    return pieces, loops, root(maze.entrance) == root(maze.exit)


def made(board: str, level: str, seed: int, goal: str = "centre") -> tuple[Maze, dict[str, Any]]:
    name, options = BOARDS[board]
    record = MAZE.generate({"shape": {"name": name, **options}, "goal": goal}, level, seed)
    maze, route = MAZE.read_record(record)
    return maze, record


@pytest.mark.parametrize("board", sorted(BOARDS))
@pytest.mark.parametrize("level", LEVELS)
def test_every_generated_maze_is_perfect_and_graded_as_asked(board: str, level: str) -> None:
    for seed in range(3):
        maze, record = made(board, level, seed)
        assert independent_count(maze) == (1, 0, True)
        assert record["grade"]["level"] == level
        assert MAZE.prove(maze).status == "unique"
        route = tuple(tuple(cell) for cell in record["solution"])
        assert MAZE.is_solution(maze, route) and MAZE.prove(maze).solutions[0] == route
        assert maze.entrance in maze.board.edge
        assert maze.exit in maze.board.edge or (maze.board.topology == "round" and maze.exit == 0)
        assert MAZE.board_problem(record, {"shape": {"name": BOARDS[board][0], **BOARDS[board][1]},
                                           "goal": "centre"}) is None


def test_a_board_too_narrow_for_a_level_is_refused_with_the_reason() -> None:
    """A 2 x 2 board's mazes are all one corridor of 3 passages: hard, never expert."""
    with pytest.raises(PuzzleBookError, match=r"could not make an expert maze on shape 'square' \(4 cells\) in 60 "
                                              r"attempts \(got hard\)"):
        MAZE.generate({"shape": {"name": "square", "size": 2}, "goal": "centre"}, "expert", 0)


def test_a_config_asking_a_level_a_board_rarely_reaches_is_refused_when_it_loads() -> None:
    """The shipped ring is a band two cells wide: its corridors seldom run long enough for expert, so a
    book could stop halfway; the config says so at once, naming the shape."""
    text = ("title: T\nsections:\n  - name: Rings\n    kind: maze\n    shapes: [heart:20, ring]\n"
            "    difficulty: [easy, expert]\n    count: 4\n")
    with pytest.raises(PuzzleBookError) as caught:
        load_config_text(text, "book.yaml")
    assert caught.value.field == "sections[0].shapes[1]" and caught.value.line == 5
    assert "shape 'ring' (56 cells) made no expert maze in 20 tries (only easy, medium, hard ones)" in caught.value.message
    assert "try another difficulty or a larger shape" in caught.value.message


def test_a_round_maze_may_run_edge_to_edge() -> None:
    maze, record = made("round", "medium", 4, goal="edge")
    assert maze.exit != 0 and maze.exit in maze.board.edge and independent_count(maze) == (1, 0, True)
    assert "exit is not at the centre" in str(MAZE.board_problem(record, {"shape": {"name": "round", "size": 7},
                                                                          "goal": "centre"}))


CHIEF = ("corridor", "route_share", "branch_depth")
"""The measures each level must hold strictly between its neighbours' at a fixed size (medians)."""


SEPARATE = {"square": ("square", {"size": 20}), "heart": ("heart", {"size": 20}), "hexagon": ("hexagon", {"size": 8}),
            "round": ("round", {"size": 10})}
"""Boards of 169 to 400 cells: on the smallest boards hard and expert mazes can hardly differ."""


@pytest.mark.parametrize("board", sorted(SEPARATE))
def test_the_levels_separate_at_a_fixed_size(board: str) -> None:
    medians: dict[str, dict[str, float]] = {}
    name, options = SEPARATE[board]
    for level in LEVELS:
        grades = [MAZE.generate({"shape": {"name": name, **options}, "goal": "centre"}, level, seed)["grade"]
                  for seed in range(15)]
        medians[level] = {measure: statistics.median(float(g[measure]) for g in grades) for measure in CHIEF}
    for measure in CHIEF:
        values = [medians[level][measure] for level in LEVELS]
        assert values == sorted(values) and len(set(values)) == len(values), (board, measure, values)


def test_the_level_is_read_from_the_maze_alone() -> None:
    """grade() on a maze read back from its record gives the record's grade."""
    for board in ("heart", "hexagon", "round"):
        maze, record = made(board, "hard", 1)
        assert MAZE.grade(maze) == record["grade"]


def test_the_dial_spans_the_two_classic_algorithms() -> None:
    assert RECIPES["easy"] == 0.0 and RECIPES["expert"] == 1.0
    assert list(RECIPES.values()) == sorted(RECIPES.values())


# ------------------------------------------------------------------------------------ proofs


def _perfect(board: Board, seed: int = 1) -> Maze:
    return make_maze(board, carve(board, random.Random(seed), 0.5), board.edge[0], board.edge[-1])


def test_a_loop_is_multiple_and_a_cut_off_exit_or_cell_is_none() -> None:
    board = grid_board(tuple((True,) * 6 for _ in range(6)), "square")
    maze = _perfect(board)
    passages = maze.passages()
    extra = next((i, j) for i in range(board.size) for j in board.neighbours[i] if i < j and (i, j) not in passages)
    looped = from_passages(board, [*passages, extra], maze.entrance, maze.exit)
    result = prove(looped)
    assert result.status == "multiple" and len(result.solutions) == 2
    assert all(MAZE.is_solution(looped, route) or len(set(route)) < len(route) for route in result.solutions)
    assert result.solutions[1][0] == board.cells[maze.entrance] and result.solutions[1][-1] == board.cells[maze.exit]
    for dropped in passages:  # any passage removed cuts the tree in two: the exit or some cell is lost
        cut = from_passages(board, [p for p in passages if p != dropped], maze.entrance, maze.exit)
        assert prove(cut).status == "none"


def test_verify_says_multiple_for_a_loop_and_none_for_a_walled_off_exit(tmp_path: Any,
                                                                        capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "mazes.txt"
    path.write_text(
        "; kind=maze topology=square\n"
        "+---+---+---+\n| S   .   . |\n+   +   +   +\n| .   .   E |\n+---+---+---+\n\n"
        "; kind=maze topology=square\n"
        "+---+---+---+\n| S   . | . |\n+---+   +---+\n| .   . | E |\n+---+---+---+\n\n"
        "; kind=maze topology=square\n"
        "+---+---+---+\n| S   .   . |\n+---+---+   +\n| E   .   . |\n+---+---+---+\n"
        "route: r1c1 r1c2 r1c3 r2c3 r2c2 r2c1\n")
    assert main(["verify", str(path)]) == 1
    out = capsys.readouterr().out
    assert "puzzle 1 (line 1): multiple solutions" in out
    assert "puzzle 2 (line 8): no solution" in out
    assert "puzzle 3 (line 15): unique, matches its solution block" in out


# ------------------------------------------------------------------------------------ text and records


@st.composite
def small_mazes(draw: st.DrawFn) -> Maze:
    topology = draw(st.sampled_from(["square", "hex", "round"]))
    if topology == "round":
        board = round_board(draw(st.integers(2, 5)))
    else:
        height, width = draw(st.integers(1, 5)), draw(st.integers(1, 6))
        rows = [[draw(st.booleans()) or (r, c) == (0, 0) for c in range(width)] for r in range(height)]
        board = grid_board(tuple(tuple(row) for row in rows), topology)
        board = grid_board(board_mask_of_piece(board), topology)
    if len(board.edge) < 2:
        board = grid_board(((True, True),), topology if topology != "round" else "square")
    passages = [(i, j) for i in range(board.size) for j in board.neighbours[i] if i < j and draw(st.booleans())]
    ends = list(board.edge) + ([0] if board.topology == "round" else [])
    entrance = draw(st.sampled_from(board.edge))
    exit_ = draw(st.sampled_from([i for i in ends if i != entrance]))
    cell_mm = draw(st.sampled_from([None, 12.0, 8.5]))
    return from_passages(board, passages, entrance, exit_, cell_mm)


def board_mask_of_piece(board: Board) -> tuple[tuple[bool, ...], ...]:
    """The board's mask cut down to the piece holding its first cell, trimmed (a board is one piece)."""
    seen = {0}
    todo = [0]
    while todo:
        for j in board.neighbours[todo.pop()]:
            if j not in seen:
                seen.add(j)
                todo.append(j)
    cells = {board.cells[i] for i in seen}
    top, left = min(r for r, _ in cells), min(c for _, c in cells)
    bottom, right = max(r for r, _ in cells), max(c for _, c in cells)
    return tuple(tuple((r, c) in cells for c in range(left, right + 1)) for r in range(top, bottom + 1))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(maze=small_mazes(), with_route=st.booleans())
def test_text_and_records_read_back_exactly(maze: Maze, with_route: bool) -> None:
    """Any walls at all (loops, pockets, both ends on one cell): the text form and the record give the
    same maze back, entrance, exit and cell width included."""
    route = (maze.board.cells[maze.entrance], maze.board.cells[maze.exit]) if with_route else None
    item = MazeText(maze, route, 1, {"seed": "5"})
    text = format_mazes([item])
    (back,) = parse_mazes(text, "maze.txt")
    assert (back.puzzle, back.solution) == (maze, route)
    assert format_mazes([back]) == text
    assert read_maze(json.loads(json.dumps(maze_grid(maze)))) == maze


def test_generate_json_holds_what_the_issue_promises(capsys: pytest.CaptureFixture[str]) -> None:
    for shape in (["--shape", "heart", "--size", "10"], ["--shape", "hexagon", "--size", "4"],
                  ["--shape", "round", "--size", "5"]):
        assert main(["generate", "--kind", "maze", *shape, "--difficulty", "medium", "--json"]) == 0
        record = json.loads(capsys.readouterr().out)
        grid = record["grid"]
        assert grid["topology"] in ("square", "hex", "round")
        assert {"cells", "passages", "entrance", "exit"} <= set(grid)
        assert all(len(cell) == 2 for cell in grid["cells"]) and all(len(p) == 4 for p in grid["passages"])
        assert record["solution"][0] == grid["entrance"] and record["solution"][-1] == grid["exit"]
        assert record["grade"]["level"] == "medium"


BAD_TEXT = [
    ("+---+---+---+\n| .   .   . |\n+   +   +   +\n| .   S   . |\n+   +   +   +\n| .   .   E |\n+---+---+---+\n",
     4, "the entrance [1, 1] is not on the outer edge: a maze's ends are gaps in its outer wall"),
    ("+---+---+\n| S   X |\n+---+---+\n", 2, "'X' in a cell"),
    ("+---+---+\n| S   . |\n+---+---+\n", 1, "exactly one exit (E); this one has 0"),
    ("+---+---+\n| S   S |\n+---+---+\n", 2, "exactly one entrance (S); this one has 2"),
    ("+---+---+\n  S   E |\n+---+---+\n", 2, "the outer wall is closed"),
    ("+---+---+\n| S * E |\n+---+---+\n", 2, "'*' where a side is drawn"),
    ("+---+---+\n| S   E |\n+---+---+\nroute: r1c1 r1c9\n", 4, "r1c9 is not a cell of the maze"),
    ("+---+---+\n| S   E |\n", 1, "odd number of lines"),
]


@pytest.mark.parametrize(("drawing", "line", "words"), BAD_TEXT)
def test_a_mistake_in_a_maze_file_names_its_line(drawing: str, line: int, words: str) -> None:
    with pytest.raises(PuzzleBookError) as caught:
        parse_mazes("; kind=maze topology=square\n" + drawing, "bad.txt")
    assert caught.value.source == "bad.txt" and caught.value.line == line + 1
    assert words in caught.value.message


def test_a_board_too_large_to_be_a_maze_is_refused_before_it_is_built() -> None:
    """A file or record names its board's size: one past 100 cells a side (or 50 rings) is refused at once."""
    wide = "+" + "---+" * 101 + "\n|" + " . |" * 101 + "\n+" + "---+" * 101 + "\n"
    with pytest.raises(PuzzleBookError, match="at most 100 cells on a side; this one is 1 x 101"):
        parse_mazes("; kind=maze topology=square\n" + wide, "wide.txt")
    with pytest.raises(PuzzleBookError, match="at most 50 rings"):
        parse_mazes("; kind=maze topology=round rings=" + ",".join(["1"] * 51) + "\n+\n", "rings.txt")
    huge = {"topology": "square", "height": 10**6, "width": 10**6, "cells": [[0, 0]], "passages": [],
            "entrance": [0, 0], "exit": [0, 0]}
    with pytest.raises(ValueError, match="at most 100 cells on a side"):
        read_maze(huge)
    with pytest.raises(TypeError, match="whole numbers"):
        read_maze({**huge, "topology": "round", "rings": [1, 0]})


def test_a_record_of_another_board_is_refused() -> None:
    _, record = made("heart", "easy", 2)
    problem = MAZE.board_problem(record, {"shape": {"name": "star", "size": 14}, "goal": "centre"})
    assert problem is not None and "board" in problem


# ------------------------------------------------------------------------------------ sameness


def turned(maze: Maze, turn: int, mirror: bool) -> Maze:
    """The maze turned by quarter turns (square boards) or cells of the first ring (round), maybe
    mirrored: built afresh from its cells' new places, apart from the fingerprint's own code."""
    board = maze.board
    if board.topology == "round":
        counts = board.rings

        def place(cell: tuple[int, int]) -> tuple[int, int]:
            k, j = cell
            if k == 0:
                return cell
            moved = (j + turn * counts[k] // counts[1]) % counts[k]
            return (k, counts[k] - 1 - moved) if mirror else (k, moved)
        new_board = board
    else:
        def place(cell: tuple[int, int]) -> tuple[int, int]:
            r, c = cell
            h, w = board.height, board.width
            if mirror:
                c = w - 1 - c
            for _ in range(turn):
                r, c, h, w = c, h - 1 - r, w, h
            return r, c
        cells = {place(cell) for cell in board.cells}
        height = max(r for r, _ in cells) + 1
        width = max(c for _, c in cells) + 1
        new_board = grid_board(tuple(tuple((r, c) in cells for c in range(width)) for r in range(height)), "square")
    index = new_board.index
    passages = [tuple(sorted((index[place(board.cells[i])], index[place(board.cells[j])]))) for i, j in maze.passages()]
    return from_passages(new_board, passages, index[place(board.cells[maze.entrance])],  # type: ignore[arg-type]
                         index[place(board.cells[maze.exit])])


@pytest.mark.parametrize("board", ["square", "round"])
def test_a_turned_or_mirrored_maze_is_the_same_maze(board: str) -> None:
    maze, _ = made(board, "hard", 3)
    mine = maze_fingerprint("maze", maze)
    turns = 6 if board == "round" else 4
    for turn in range(turns):
        for mirror in (False, True):
            assert maze_fingerprint("maze", turned(maze, turn, mirror)) == mine
    other, _ = made(board, "hard", 4)
    assert maze_fingerprint("maze", other) != mine


def test_a_heart_is_the_same_only_in_its_mirror() -> None:
    maze, _ = made("heart", "easy", 1)
    assert maze_fingerprint("maze", turned(maze, 0, True)) == maze_fingerprint("maze", maze)


# ------------------------------------------------------------------------------------ drawing


class Recorder:
    """A surface that keeps the straight lines drawn and the path pieces (arcs as their end points)."""

    def __init__(self) -> None:
        self.lines_drawn: list[tuple[float, float, float, float]] = []
        self.arcs: list[tuple[tuple[float, float], tuple[float, float]]] = []
        self.fills = 0
        self.stroked_paths = 0

    def __getattr__(self, name: str) -> Any:
        return lambda *args, **kwargs: None

    def lines(self, segments: Sequence[tuple[float, float, float, float]]) -> None:
        self.lines_drawn += list(segments)

    def beginPath(self) -> Any:
        recorder = self

        class Path:
            def __init__(self) -> None:
                self.at = (0.0, 0.0)

            def moveTo(self, x: float, y: float) -> None:
                self.at = (x, y)

            def lineTo(self, x: float, y: float) -> None:
                self.at = (x, y)

            def curveTo(self, *points: float) -> None:
                recorder.arcs.append((self.at, (points[4], points[5])))
                self.at = (points[4], points[5])

            def close(self) -> None:
                pass

        return Path()

    def drawPath(self, path: Any, stroke: int = 1, fill: int = 0) -> None:
        self.fills += fill
        self.stroked_paths += stroke


def _distance(px: float, py: float, segment: tuple[float, float, float, float]) -> float:
    x0, y0, x1, y1 = segment
    dx, dy = x1 - x0, y1 - y0
    t = max(0.0, min(1.0, ((px - x0) * dx + (py - y0) * dy) / ((dx * dx + dy * dy) or 1.0)))
    return math.hypot(px - x0 - t * dx, py - y0 - t * dy)


@pytest.mark.parametrize("board", ["square", "heart", "ring", "hexagon", "hexring"])
def test_the_walls_drawn_are_exactly_the_mazes(board: str) -> None:
    """Between two touching cells a wall is drawn exactly when they share no passage."""
    maze, record = made(board, "medium", 5)
    box = Rect(0, 0, 500, 500)
    surface = Recorder()
    draw_maze(surface, record["grid"], box, style=REGULAR)
    cell, centres = maze_centres(record["grid"], box, REGULAR, labelled=False)
    b = maze.board
    for i in range(b.size):
        for j in b.neighbours[i]:
            if i < j:
                (x0, y0), (x1, y1) = centres[b.cells[i]], centres[b.cells[j]]
                near = min(_distance((x0 + x1) / 2, (y0 + y1) / 2, s) for s in surface.lines_drawn)
                assert (near < 0.05 * cell) == (not maze.opens(i, j)), (b.cells[i], b.cells[j])
    assert surface.fills == 2  # the arrows at the entrance and the exit


def test_a_round_maze_draws_a_radial_wall_exactly_where_a_ring_has_no_passage() -> None:
    maze, record = made("round", "hard", 2)
    box = Rect(0, 0, 500, 500)
    surface = Recorder()
    draw_maze(surface, record["grid"], box, style=REGULAR, solution=record["solution"])
    b = maze.board
    walls_in_rings = sum(1 for k, count in enumerate(b.rings) if k for j in range(count)
                         if not maze.opens(b.index[(k, j)], b.index[(k, (j - 1) % count)]))
    assert len(surface.lines_drawn) == walls_in_rings
    assert surface.arcs and surface.fills == 2  # the entrance's arrow and the centre's disc


def test_a_giant_maze_fits_a_letter_page_and_is_refused_where_it_cannot_print() -> None:
    record = MAZE.generate({"shape": {"name": "square", "size": 100}, "goal": "centre"}, "expert", 1)
    letter = fit_maze(record["grid"], Rect(0, 0, 540, 680), REGULAR)
    assert letter.number_size >= REGULAR.min_number  # cells of about 5 pt: the walls still apart
    small = fit_maze(record["grid"], Rect(0, 0, 300, 450), REGULAR)
    assert small.number_size < REGULAR.min_number and small.reads == "cells"


def test_large_cells_for_children_are_asked_of_the_page() -> None:
    _, record = made("heart", "easy", 1)
    grid = {**record["grid"], "cell_mm": 30.0}
    fit = fit_maze(grid, Rect(0, 0, 250, 250), REGULAR)
    assert fit.number_size < REGULAR.min_number  # 30 mm cells do not fit a 250 pt box
    assert "cell_mm" not in MAZE.drawing.bare(grid)  # answers are looked up, not solved: no large cells


def test_rings_grow_where_the_circle_does() -> None:
    counts = ring_counts(12)
    assert counts[:4] == (1, 6, 12, 24) and all(b in (a, 2 * a) for a, b in zip(counts[1:], counts[2:]))
    board = round_board(6)
    assert all(len(board.neighbours[i]) >= 3 for i in range(1, board.size) if board.cells[i][0] < 5)


def test_hex_boards_use_hex_hidatos_coordinates() -> None:
    hidato = registry.kind("hexhidato")
    blank = hidato.blank_grid({"adjacency": "hex", "shape": {"name": "hexagon", "size": 4}}, 0)
    cells = [(r, c) for r, row in enumerate(blank) for c, value in enumerate(row) if value is not None]
    assert list(board_for("hexagon", {"size": 4}).cells) == cells


def test_a_maze_file_exports_its_mazes_and_answers_and_refuses_one_with_a_loop(tmp_path: Any,
                                                                              capsys: pytest.CaptureFixture[str]) -> None:
    good = tmp_path / "mazes.txt"
    records = [made(board, "medium", 1)[1] for board in ("heart", "hexagon", "round")]
    good.write_text("".join(json.dumps({"kind": "maze", "seed": 1, "difficulty": "medium", "grid": r["grid"],
                                         "solution": r["solution"], "grade": r["grade"], "attempts": 1}) + "\n"
                            for r in records), encoding="utf-8")
    assert main(["export", str(good), "--format", "svg", "--solutions", "-o", str(tmp_path / "out"), "--quiet"]) == 0
    names = sorted(path.name for path in (tmp_path / "out").iterdir())
    assert names == [f"mazes-00{n}{suffix}.svg" for n in (1, 2, 3) for suffix in ("-answer", "")]
    answer = (tmp_path / "out" / "mazes-003-answer.svg").read_text(encoding="utf-8")
    assert answer.startswith("<svg") and 'stroke-linejoin="round"' in answer  # the route, a line through the rings
    looped = tmp_path / "loop.txt"
    looped.write_text("; kind=maze topology=square\n+---+---+---+\n| S   .   . |\n+   +   +   +\n| .   .   E |\n"
                      "+---+---+---+\n", encoding="utf-8")
    assert main(["export", str(looped), "-o", str(tmp_path / "none")]) == 2
    assert "puzzle 1 has more than one solution" in capsys.readouterr().err


@st.composite
def maze_texts(draw: st.DrawFn) -> str:
    """Text in the maze form's own characters under a metadata line: mostly broken, now and then a maze."""
    topology = draw(st.sampled_from(["square", "hex", "round"]))
    rings = draw(st.sampled_from(["", " rings=1,6", " rings=1,6,12", " rings=1,2,x", " rings=1,0"]))
    lines = draw(st.lists(st.text(alphabet="+-|/\\ .SEo#", max_size=30), min_size=0, max_size=9))
    route = draw(st.sampled_from(["", "route: r1c1", "route: r1c2 r2c2", "route: x"]))
    return "\n".join([f"; kind=maze topology={topology}{rings}", *lines, route]) + "\n"


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(maze_texts())
def test_a_maze_file_of_any_characters_reads_or_says_where_it_is_wrong(text: str) -> None:
    try:
        mazes = parse_mazes(text, "fuzz.txt")
    except PuzzleBookError as err:
        assert err.source == "fuzz.txt" and err.message
        return
    assert [(m.puzzle, m.solution) for m in parse_mazes(format_mazes(mazes), "again.txt")] == \
        [(m.puzzle, m.solution) for m in mazes]
    for item in mazes:  # what reads also proves, grades or says why not
        assert MAZE.prove(item.puzzle).status in ("unique", "multiple", "none")


def test_a_loop_on_the_route_gives_a_second_route_that_visits_no_cell_twice() -> None:
    (on_route,) = parse_mazes("; kind=maze topology=square\n+---+---+---+\n| S   .   . |\n+   +---+   +\n"
                              "| .   .   E |\n+---+---+---+\n", "loop.txt")
    first, second = prove(on_route.puzzle).solutions
    assert first != second and len(set(second)) == len(second) and MAZE.is_solution(on_route.puzzle, second)
    (off_route,) = parse_mazes("; kind=maze topology=square\n+---+---+---+\n| S   .   E |\n+   +---+---+\n"
                               "| .   . | . |\n+   +   +   +\n| .   .   . |\n+---+---+---+\n", "aside.txt")
    first, second = prove(off_route.puzzle).solutions
    assert len(set(second)) < len(second)  # the only other way goes round the loop and back
    assert second[0] == first[0] and second[-1] == first[-1]


@pytest.mark.parametrize("name", ["random", "hexrandom", "ring"])
def test_an_entrance_or_exit_never_opens_onto_a_hole(name: str) -> None:
    """Boards with holes inside: each end's gap is drawn on a side toward the outside of the board."""
    from pipeline.kinds.maze.board import SQUARE_STEPS, HEX_STEPS, exterior
    from pipeline.kinds.maze.draw import _opening

    for seed in range(40 if name != "ring" else 1):
        options = {"size": 16 if name == "random" else 7, "ratio": 0.2} if name != "ring" else {}
        board = board_for(name, options, seed)
        outside = exterior(board.mask(), SQUARE_STEPS if board.topology == "square" else HEX_STEPS)
        for i in board.edge:
            r, c = board.cells[i]
            dr, dc = _opening(board, i)
            assert (r + dr, c + dc) in outside, (name, seed, board.cells[i])
