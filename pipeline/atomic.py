"""Write a whole file so that readers see the old version or the new one, never half of either.

The one place the project writes complete files (books, checkpoints, manifests, puzzle files).
It must never leave a temporary file behind, whatever goes wrong.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path


def write_bytes_atomic(path: str | Path, data: bytes) -> None:
    """A temporary file in the same folder, synced to disk, then renamed over `path`."""
    target = Path(path)
    fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(tmp, 0o666 & ~_umask())
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def leftovers(path: str | Path) -> list[Path]:
    """Temporary files a write of `path` left behind when its process was killed mid-write."""
    target = Path(path)
    return sorted(target.parent.glob(f".{target.name}.*.tmp"))


def write_text_atomic(path: str | Path, text: str) -> None:
    """`text` as UTF-8 with '\\n' line ends, written like write_bytes_atomic."""
    write_bytes_atomic(path, text.encode("utf-8"))


def _umask() -> int:
    """The process umask (only readable by setting it): mkstemp's private 0600 is not what users expect."""
    current = os.umask(0)
    os.umask(current)
    return current
