"""What a solver meets in a maze, measured: its route, the choices on it and the wrong turns off it.

After published maze-difficulty measures (Kim and Crawfis on "perfect perfect mazes"; McClendon's
hallway complexity): not the board's size, but
- the route: its cells, its share of the maze's cells, and its turns;
- the decisions on it: route cells where a walker has more than one way on;
- the branches off it: every side passage leaving the route, how deep it runs (cells to its far
  end), and the false leads among them, those deeper than a glance (GLANCE cells), which a solver
  has to walk into to find they end;
- the corridors: cells walked per passage between two forks or ends, on average, over the whole
  maze. Long corridors mean few choices, each of which can lead far the wrong way; short ones mean
  many dead ends that a glance rules out. The level is read from it (grade.py).
A maze here is perfect (maze.prove says so first). Pure arithmetic over the passages; one pass each.
"""

from __future__ import annotations

from dataclasses import dataclass

from pipeline.kinds.maze.maze import Maze, route_cells

GLANCE = 2
"""A side branch no deeper than this many cells is seen to end at a glance: not a false lead."""


@dataclass(frozen=True)
class Measures:
    cells: int
    route: int
    """Cells on the route, the entrance and the exit included."""
    route_share: float
    turns: int
    """Changes of direction along the route."""
    decisions: int
    """Route cells (before the exit) with more than one way on."""
    branches: int
    """Side passages leaving the route."""
    false_leads: int
    """Branches deeper than GLANCE cells."""
    branch_depth: float
    """The branches' mean depth, in cells (0 when there are none)."""
    deepest: int
    """The deepest branch's depth."""
    dead_ends: int
    """Cells with one passage, the entrance and the exit not counted."""
    corridor: float
    """Cells per corridor: passages divided by the corridors (runs between forks and ends)."""

    def to_json(self) -> dict[str, float | int]:
        return {"cells": self.cells, "route": self.route, "route_share": round(self.route_share, 4),
                "turns": self.turns, "decisions": self.decisions, "branches": self.branches,
                "false_leads": self.false_leads, "branch_depth": round(self.branch_depth, 2),
                "deepest": self.deepest, "dead_ends": self.dead_ends, "corridor": round(self.corridor, 3)}


def step_kind(maze: Maze, a: int, b: int) -> tuple[int, int]:
    """The direction of a step from cell a to cell b: (d_row, d_column) on square and hex boards; on a
    round board (0, +-1) around the ring and (+-1, 0) out or in."""
    (ra, ca), (rb, cb) = maze.board.cells[a], maze.board.cells[b]
    if maze.board.topology != "round" or ra != rb:
        return (rb - ra, cb - ca) if maze.board.topology != "round" else (rb - ra, 0)
    count = maze.board.rings[ra]
    return (0, 1) if (ca + 1) % count == cb else (0, -1)


def measure(maze: Maze) -> Measures:
    """The measures of a perfect maze."""
    links = maze.links
    n = maze.size
    route = route_cells(maze)
    on_route = [False] * n
    for cell in route:
        on_route[cell] = True
    turns = sum(step_kind(maze, a, b) != step_kind(maze, b, c) for a, b, c in zip(route, route[1:], route[2:]))
    ends = {maze.entrance, maze.exit}
    decisions = sum(len(links[cell]) - (cell != maze.entrance) >= 2 for cell in route[:-1])
    depths = []
    for cell in route:
        for start in links[cell]:
            if not on_route[start]:
                depths.append(_depth(links, start, cell))
    corridors = sum(len(around) for around in links if len(around) != 2) / 2
    return Measures(
        cells=n,
        route=len(route),
        route_share=len(route) / n,
        turns=turns,
        decisions=decisions,
        branches=len(depths),
        false_leads=sum(depth > GLANCE for depth in depths),
        branch_depth=sum(depths) / len(depths) if depths else 0.0,
        deepest=max(depths, default=0),
        dead_ends=sum(len(around) == 1 and i not in ends for i, around in enumerate(links)),
        corridor=(n - 1) / corridors if corridors else float(n - 1),
    )


def _depth(links: tuple[tuple[int, ...], ...], start: int, came_from: int) -> int:
    """How many cells deep the branch entered at `start` (from `came_from`) runs, `start` counted."""
    deepest = 0
    todo = [(start, came_from, 1)]
    while todo:
        cell, back, depth = todo.pop()
        if depth > deepest:
            deepest = depth
        for other in links[cell]:
            if other != back:
                todo.append((other, cell, depth + 1))
    return deepest
