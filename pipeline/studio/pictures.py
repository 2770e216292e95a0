"""A built book's pages as PNG thumbnails, rendered from the real PDF (pipeline/raster.py), so what the
studio shows is what prints.

Thumbnails are cached by file, size and modification time, so a page is rendered once per build
however often it is shown; the cache is bounded, so the server's memory stays flat over many builds.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from pathlib import Path

from pipeline.raster import page_count, pdf_bytes_png, pdf_file_image, png

__all__ = ["CACHE", "PictureCache", "page_count", "pdf_bytes_png", "pdf_page_png"]

CACHE_BYTES = 64 * 1024 * 1024
"""About how many bytes of rendered PNGs are kept; the least recently used go first."""


class PictureCache:
    """PNGs by key, least recently used dropped past CACHE_BYTES."""

    def __init__(self, limit: int = CACHE_BYTES) -> None:
        self.limit = limit
        self.items: OrderedDict[tuple, bytes] = OrderedDict()
        self.size = 0
        self.lock = threading.Lock()

    def get(self, key: tuple) -> bytes | None:
        with self.lock:
            found = self.items.get(key)
            if found is not None:
                self.items.move_to_end(key)
            return found

    def put(self, key: tuple, data: bytes) -> None:
        with self.lock:
            if key in self.items:
                return
            self.items[key] = data
            self.size += len(data)
            while self.size > self.limit and len(self.items) > 1:
                _, dropped = self.items.popitem(last=False)
                self.size -= len(dropped)


CACHE = PictureCache()


def pdf_page_png(pdf: Path, index: int, *, width: int = 300) -> bytes:
    """Page `index` (0-based) of the PDF file, `width` pixels wide; cached by file, size and time."""
    stat = pdf.stat()
    key = ("file", str(pdf), stat.st_size, stat.st_mtime_ns, index, width)
    found = CACHE.get(key)
    if found is not None:
        return found
    data = png(pdf_file_image(pdf, index, width=width))
    CACHE.put(key, data)
    return data
