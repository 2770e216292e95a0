"""Sudoku on k^2 x k^2 grids (k = 2..5): grid, text formats, solver, grader and generator."""
