"""puzzlebook: provably unique logic puzzles, typeset as print-ready books.

The kinds it makes are listed in pipeline.kinds.registry."""

__version__ = "0.3.0"
