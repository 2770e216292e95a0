"""A maze as its records hold it, both ways: plain JSON data.

A record's `grid` is {"topology": "square" | "hex" | "round", "height" and "width" (square and hex:
the rectangle the cells lie in) or "rings" (round: the cells of each ring, the centre's 1 first),
"cells": [[row, column], ...] (round: [ring, index]), "passages": [[row1, column1, row2, column2], ...],
"entrance": [row, column], "exit": [row, column], and "cell_mm" when its cells print at least so wide};
its `solution` is the route, [[row, column], ...]
from the entrance. Reading checks what a maze must be (cells on the board, passages between touching
cells); whether it is perfect is the prover's question (maze.prove).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from pipeline.grids import Coord
from pipeline.kinds.maze.board import (
    MAX_CELL_MM,
    MAX_CELLS,
    TOPOLOGIES,
    Board,
    board_problem,
    grid_board,
    rings_problem,
    round_board_of,
)
from pipeline.kinds.maze.maze import Maze, Route, ends_problem, from_passages


def maze_grid(maze: Maze) -> dict[str, Any]:
    board = maze.board
    cells = board.cells
    grid: dict[str, Any] = {"topology": board.topology}
    if board.topology == "round":
        grid["rings"] = list(board.rings)
    else:
        grid["height"], grid["width"] = board.height, board.width
    grid["cells"] = [list(cell) for cell in cells]
    grid["passages"] = [[*cells[i], *cells[j]] for i, j in maze.passages()]
    grid["entrance"] = list(cells[maze.entrance])
    grid["exit"] = list(cells[maze.exit])
    if maze.cell_mm is not None:
        grid["cell_mm"] = maze.cell_mm
    return grid


def _cell(value: Any) -> Coord:
    if not isinstance(value, Sequence) or isinstance(value, str) or len(value) != 2 or \
            not all(isinstance(part, int) and not isinstance(part, bool) for part in value):
        raise TypeError(f"a cell is [row, column] (two whole numbers), not {value!r}")
    return value[0], value[1]


def read_board(grid: Mapping[str, Any]) -> Board:
    """The board a record's grid is drawn on; ValueError or TypeError when it is not one."""
    topology = grid["topology"]
    if topology not in TOPOLOGIES:
        raise ValueError(f"topology {topology!r} is not one of {', '.join(TOPOLOGIES)}")
    cells = [_cell(cell) for cell in grid["cells"]]
    if len(cells) > MAX_CELLS:
        raise ValueError(f"a maze holds at most {MAX_CELLS} cells; this one has {len(cells)}")
    if topology == "round":
        counts = tuple(grid["rings"])
        if any(not isinstance(c, int) or isinstance(c, bool) or c < 1 for c in counts):
            raise TypeError("rings lists each ring's cells as whole numbers")
        problem = rings_problem(counts)
        if problem is not None:
            raise ValueError(f"rings: {problem}")
        board = round_board_of(counts)
        if tuple(cells) != board.cells:
            raise ValueError("a round maze's cells are every [ring, index] of its rings, in order")
        return board
    height, width = grid["height"], grid["width"]
    if not all(isinstance(v, int) and not isinstance(v, bool) and v > 0 for v in (height, width)):
        raise TypeError("height and width are whole numbers above 0")
    problem = board_problem(height, width)
    if problem is not None:
        raise ValueError(problem)
    if len(set(cells)) != len(cells) or any(not (0 <= r < height and 0 <= c < width) for r, c in cells):
        raise ValueError(f"cells lie within the {height} x {width} rectangle, each once")
    open_cells = set(cells)
    mask = tuple(tuple((r, c) in open_cells for c in range(width)) for r in range(height))
    board = grid_board(mask, topology)
    if tuple(cells) != board.cells:
        raise ValueError("cells are listed row by row, left to right")
    return board


def read_maze(grid: Mapping[str, Any]) -> Maze:
    """The maze of a record's grid; ValueError, TypeError or KeyError when it is not one."""
    board = read_board(grid)
    index = board.index
    passages = []
    for passage in grid["passages"]:
        if not isinstance(passage, Sequence) or len(passage) != 4:
            raise TypeError(f"a passage is [row1, column1, row2, column2], not {passage!r}")
        a, b = _cell(passage[:2]), _cell(passage[2:])
        if a not in index or b not in index:
            raise ValueError(f"the passage {list(passage)} leaves the board")
        i, j = index[a], index[b]
        passages.append((min(i, j), max(i, j)))
    ends = []
    for name in ("entrance", "exit"):
        cell = _cell(grid[name])
        if cell not in index:
            raise ValueError(f"the {name} {list(cell)} is not a cell of the maze")
        ends.append(index[cell])
    problem = ends_problem(board, ends[0], ends[1])
    if problem is not None:
        raise ValueError(problem)
    cell_mm = grid.get("cell_mm")
    if cell_mm is not None and (isinstance(cell_mm, bool) or not isinstance(cell_mm, (int, float))
                                or not 0 < cell_mm <= MAX_CELL_MM):  # (NaN fails every comparison)
        raise ValueError(f"cell_mm is a width in millimetres above 0 and up to {MAX_CELL_MM:g}, not {cell_mm!r}")
    return from_passages(board, passages, ends[0], ends[1], None if cell_mm is None else float(cell_mm))


def read_route(maze: Maze, solution: Any) -> Route:
    route = tuple(_cell(cell) for cell in solution)
    if any(cell not in maze.board.index for cell in route):
        raise ValueError("the route leaves the maze's cells")
    return route
