"""puzzlebook: provably unique Hidato, Numbrix and Sudoku puzzles, typeset as print-ready books."""

__version__ = "0.3.0"
