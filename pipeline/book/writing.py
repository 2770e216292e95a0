"""Writing a build's files: every failed write becomes a message naming the file and what to do.

Files written atomically keep their previous content, and the checkpoint keeps every finished
puzzle, so the message can promise both. It never writes anything itself but a probe file.
"""

from __future__ import annotations

import errno
import os
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from pipeline.errors import PuzzleBookError

WRITE_TEST = "write-test"
"""The probe file check_writable makes (as .write-test.*.tmp) and removes at once."""


def check_writable(folder: Path) -> None:
    """Create and remove a file in `folder`, so an unwritable folder fails before any puzzle is made."""
    with writing(folder):
        handle, name = tempfile.mkstemp(dir=folder, prefix=f".{WRITE_TEST}.", suffix=".tmp")
        os.close(handle)
        os.unlink(name)


@contextmanager
def writing(path: Path) -> Iterator[None]:
    """Turn a failed write into a PuzzleBookError naming the file and what to do; files written
    atomically keep their previous content, and the checkpoint keeps every finished puzzle."""
    try:
        yield
    except OSError as err:
        raise PuzzleBookError(write_problem(err), source=str(path)) from None


def write_problem(err: OSError) -> str:
    kept = "the previous book is unchanged and the puzzles made so far are kept"
    if err.errno in (errno.ENOSPC, errno.EDQUOT):
        return f"cannot write: the disk is full ({err.strerror}); {kept}. Free some space and run again"
    if err.errno == errno.EFBIG:
        return f"cannot write: the file would be too large for the disk or the file-size limit ({err.strerror}); {kept}"
    if err.errno in (errno.EACCES, errno.EPERM, errno.EROFS):
        return f"cannot write here ({err.strerror}); {kept}. Make the folder writable or choose another with --out"
    return f"cannot write: {err.strerror or err}; {kept}"
