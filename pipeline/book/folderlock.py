"""One build at a time per output folder.

Two builds appending to the same puzzles.jsonl would interleave their records and race to replace
the book. The lock is an advisory `flock` on the folder itself: no lock file to leave behind, and
the system drops it the moment its holder exits, even on SIGKILL, so a killed build never blocks
the next one. Where `fcntl` does not exist (Windows) builds are not locked.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from pipeline.errors import PuzzleBookError

if sys.platform != "win32":  # told apart by the platform, as type checkers read it
    import fcntl


@contextmanager
def exclusive(folder: Path) -> Iterator[None]:
    """Hold the folder's lock for the duration; raise PuzzleBookError at once if another build holds it."""
    if sys.platform == "win32":  # pragma: no cover - Windows
        yield
        return
    fd = os.open(folder, os.O_RDONLY)
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise PuzzleBookError(
                "another build is writing this folder; wait for it to finish, or build into another "
                "folder with --out",
                source=str(folder),
            ) from None
        yield
    finally:
        os.close(fd)  # closing the descriptor releases the lock
