"""Carve a perfect maze: a spanning tree of a board's cells, drawn at random from a seeded generator.

One algorithm with one dial, the "growing tree": keep a list of cells that may still grow; each step
takes one of them, joins it to a neighbour not yet in the maze, and adds that neighbour to the list
(a cell with no such neighbour leaves it). Which cell a step takes is the dial, `newest`: the cell
added last with that chance, else one drawn from the whole list. At 1 it is the recursive
backtracker (long winding corridors, few and deep dead ends); at 0, Prim's algorithm (short corridors,
many short dead ends); between, a blend. Every cell joins exactly once by one passage, so the result
is always a tree: one route between any two cells, whatever the dial. Hot loop: plain lists and ints.
"""

from __future__ import annotations

import random

from pipeline.kinds.maze.board import Board


def carve(board: Board, rng: random.Random, newest: float) -> list[list[int]]:
    """The passages of a perfect maze on `board` as neighbour lists (links[i]: the cells i opens
    onto), grown from a cell drawn from `rng`."""
    neighbours = board.neighbours
    n = len(neighbours)
    links: list[list[int]] = [[] for _ in range(n)]
    joined = [False] * n
    draw = rng.random  # every choice from one uniform draw: a tenth the cost of randrange's
    start = int(draw() * n)
    joined[start] = True
    growing = [start]
    while growing:
        last = len(growing) - 1
        at = last if newest >= 1.0 or (newest > 0.0 and draw() < newest) else int(draw() * (last + 1))
        cell = growing[at]
        options = [other for other in neighbours[cell] if not joined[other]]
        if not options:
            growing.pop(at)
            continue
        other = options[int(draw() * len(options))] if len(options) > 1 else options[0]
        joined[other] = True
        links[cell].append(other)
        links[other].append(cell)
        growing.append(other)
    return links
