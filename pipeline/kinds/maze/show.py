"""How the command line prints mazes: `generate` gives the text form; `show` adds a header line, the
metadata and, with solutions, the route marked through the maze."""

from __future__ import annotations

from pipeline.kinds.maze.textformat import MazeText, format_mazes, maze_lines
from pipeline.textfile import key_values


def maze_text(item: MazeText, first: bool) -> str:
    """A generated maze in the text form (a blank line before all but the first)."""
    return ("" if first else "\n") + format_mazes([item]).rstrip("\n")


def maze_card(item: MazeText, index: int, total: int, with_solution: bool) -> str:
    """`show`'s view of a maze: a header line, its metadata, the drawing (with solutions, the route's
    cells marked o)."""
    board = item.puzzle.board
    size = f"{len(board.rings)} rings" if board.topology == "round" else f"{board.height}x{board.width}"
    lines = [f"Puzzle {index} of {total} (line {item.line}): maze, {board.topology}, {size}, {board.size} cells"]
    extra = key_values(item.meta, skip=("kind", "topology", "rings"))
    if extra:
        lines.append(f"  {extra}")
    route = item.solution if with_solution and item.solution is not None else ()
    lines += ["  " + line for line in maze_lines(item.puzzle, route)]
    return "\n".join(lines)
