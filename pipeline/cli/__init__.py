"""The `puzzlebook` command line; `main` is its entry point."""

from pipeline.cli.main import main

__all__ = ["main"]
