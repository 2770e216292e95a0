"""The `puzzlebook` command line; `main` is its entry point.

The commands load behind it, so that a kind plugin that cannot be loaded (the registry reads the
`puzzlebook.kinds` entry points when it is first imported) is one error line and exit code 2 like
any other user error, never a traceback.
"""

from __future__ import annotations

import sys

from pipeline.errors import PuzzleBookError

PROG = "puzzlebook"


def main(argv: list[str] | None = None) -> int:
    try:
        from pipeline.cli.main import main as run
    except PuzzleBookError as err:
        print(f"{PROG}: error: {err}", file=sys.stderr)
        return 2
    return run(argv)


__all__ = ["main"]
