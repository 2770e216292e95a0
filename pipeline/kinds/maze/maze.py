"""A maze: passages on a board, an entrance and an exit; and its one route, proved.

A maze is perfect when its passages form a spanning tree of the board's cells: every cell can be
reached, and by one way only. Then there is exactly one route from the entrance to the exit, and
`prove` says "unique". Otherwise it says why not, in the words every kind's verifier uses: "none"
when the exit, or any cell, cannot be reached (a perfect maze reaches every cell); "multiple" when
the passages close a loop, which gives a walker two ways through: the route, and the route that
goes round it. Pure data and graph walks: no drawing, no randomness.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass

from pipeline.grids import Coord
from pipeline.kinds.maze.board import Board
from pipeline.kinds.result import SolveResult

Route = tuple[Coord, ...]
"""The cells from the entrance to the exit, in walking order: a maze's solution."""


@dataclass(frozen=True)
class Maze:
    """Passages on a board (links[i]: the cells cell i opens onto, ascending), an entrance, an exit."""

    board: Board
    links: tuple[tuple[int, ...], ...]
    entrance: int
    exit: int
    cell_mm: float | None = None
    """How wide its cells print at the least, in millimetres (a children's book's large cells); None:
    as wide as its place on the page allows."""

    @property
    def size(self) -> int:
        return self.board.size

    def passages(self) -> list[tuple[int, int]]:
        """Each passage once, as (lower cell, higher cell), in order."""
        return [(i, j) for i, around in enumerate(self.links) for j in around if i < j]

    def opens(self, i: int, j: int) -> bool:
        return j in self.links[i]


def make_maze(board: Board, links: list[list[int]], entrance: int, exit_: int, cell_mm: float | None = None) -> Maze:
    return Maze(board, tuple(tuple(sorted(around)) for around in links), entrance, exit_, cell_mm)


def from_passages(board: Board, passages: list[tuple[int, int]], entrance: int, exit_: int,
                  cell_mm: float | None = None) -> Maze:
    """A maze from its passages; ValueError for one between cells that do not touch, or given twice."""
    links: list[list[int]] = [[] for _ in range(board.size)]
    for i, j in passages:
        if j not in board.neighbours[i]:
            raise ValueError(f"cells {list(board.cells[i])} and {list(board.cells[j])} do not touch")
        if j in links[i]:
            raise ValueError(f"the passage between {list(board.cells[i])} and {list(board.cells[j])} is given twice")
        links[i].append(j)
        links[j].append(i)
    return make_maze(board, links, entrance, exit_, cell_mm)


def ends_problem(board: Board, entrance: int, exit_: int) -> str | None:
    """Why these cannot be a maze's entrance and exit, or None: both are gaps in the outer wall (a round
    maze's exit may be its centre instead), and two different cells."""
    if entrance == exit_:
        return "the entrance and the exit are one cell"
    if entrance not in board.outward and board.topology != "round" or \
            board.topology == "round" and board.cells[entrance][0] != len(board.rings) - 1:
        return f"the entrance {list(board.cells[entrance])} is not on the outer edge"
    if exit_ not in board.outward and board.topology != "round" or \
            board.topology == "round" and exit_ != 0 and board.cells[exit_][0] != len(board.rings) - 1:
        return f"the exit {list(board.cells[exit_])} is not on the outer edge" + \
            (" nor the centre" if board.topology == "round" else "")
    return None


def walk(maze: Maze, start: int, avoid: tuple[int, int] = (-1, -1)) -> list[int]:
    """parent[i]: the cell before i on the way from `start` (start's own: itself; -1: not reached),
    never through the passage `avoid`."""
    parent = [-1] * maze.size
    parent[start] = start
    todo = deque([start])
    links = maze.links
    a, b = avoid
    while todo:
        cell = todo.popleft()
        for other in links[cell]:
            if parent[other] < 0 and not (cell == a and other == b or cell == b and other == a):
                parent[other] = cell
                todo.append(other)
    return parent


def route_cells(maze: Maze, parent: list[int] | None = None) -> list[int]:
    """The cells from the entrance to the exit (a shortest way: in a perfect maze, the only one);
    empty when the exit cannot be reached."""
    parent = walk(maze, maze.entrance) if parent is None else parent
    if parent[maze.exit] < 0:
        return []
    cells = [maze.exit]
    while cells[-1] != maze.entrance:
        cells.append(parent[cells[-1]])
    cells.reverse()
    return cells


def as_route(maze: Maze, cells: list[int]) -> Route:
    return tuple(maze.board.cells[i] for i in cells)


def second_route(maze: Maze, parent: list[int], route: list[int]) -> list[int]:
    """Another way from the entrance to the exit when the passages close a loop. When the route uses a
    passage that lies on a loop (no bridge), the shortest way without that passage: a second route that
    visits no cell twice. Otherwise the loop lies off the route, and the second way goes round it on its
    way: to the loop, once round it and on to the exit (a walker's way, that passes some cells twice)."""
    cut = bridges(maze)
    for a, b in zip(route, route[1:]):
        if (min(a, b), max(a, b)) not in cut:
            return route_cells(maze, walk(maze, maze.entrance, avoid=(a, b)))
    return loop_detour(maze, parent)


def bridges(maze: Maze) -> set[tuple[int, int]]:
    """The passages whose removal cuts what the entrance reaches in two, as (lower, higher) cells:
    Tarjan's low points over a depth-first walk (kept on a list, not Python's stack)."""
    links = maze.links
    order = [-1] * maze.size
    low = [0] * maze.size
    found: set[tuple[int, int]] = set()
    start = maze.entrance
    order[start] = 0
    count = 1
    stack: list[tuple[int, int, int]] = [(start, -1, 0)]  # (cell, the cell it was reached from, next link)
    while stack:
        cell, came, at = stack[-1]
        if at < len(links[cell]):
            stack[-1] = (cell, came, at + 1)
            other = links[cell][at]
            if order[other] < 0:
                order[other] = low[other] = count
                count += 1
                stack.append((other, cell, 0))
            elif other != came:
                low[cell] = min(low[cell], order[other])
            continue
        stack.pop()
        if came >= 0:
            low[came] = min(low[came], low[cell])
            if low[cell] > order[came]:
                found.add((min(cell, came), max(cell, came)))
    return found


def loop_detour(maze: Maze, parent: list[int]) -> list[int]:
    """A second way from the entrance to the exit when the passages close a loop off the route: the way
    to the loop, once round it, and on to the exit."""
    links = maze.links
    # A passage the walk did not arrive by closes a loop: it joins u to v, each reached another way.
    u, v = next((i, j) for i in range(maze.size) if parent[i] >= 0 for j in links[i]
                if parent[j] != i and parent[i] != j)

    def up(cell: int) -> list[int]:
        way = [cell]
        while way[-1] != maze.entrance:
            way.append(parent[way[-1]])
        return way

    from_u, from_v = up(u), up(v)
    on_v = set(from_v)
    top = next(cell for cell in from_u if cell in on_v)  # where the two ways up meet
    loop = from_u[: from_u.index(top) + 1][::-1] + from_v[: from_v.index(top) + 1]  # top .. u, v .. top
    onward = route_cells(Maze(maze.board, maze.links, top, maze.exit))
    return up(top)[::-1] + loop[1:] + onward[1:]


def prove(maze: Maze, limit: int = 2) -> SolveResult[Route]:
    """The maze's route when it is perfect; "none" when the exit or some cell cannot be reached;
    "multiple" (the route and a way round a loop) when the passages close a loop. A walk over the
    passages: no search, so always complete, with the cells walked as its work."""
    parent = walk(maze, maze.entrance)
    reached = sum(p >= 0 for p in parent)
    route = route_cells(maze, parent)
    if not route or reached < maze.size:
        return SolveResult((), complete=True, nodes=reached)
    passages = sum(len(around) for around in maze.links) // 2
    if passages == maze.size - 1:  # connected with n - 1 passages: a tree
        return SolveResult((as_route(maze, route),), complete=True, nodes=reached)
    second = as_route(maze, second_route(maze, parent, route))
    return SolveResult((as_route(maze, route), second)[: max(limit, 1)], complete=True, nodes=reached)
