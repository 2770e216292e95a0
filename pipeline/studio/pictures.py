"""PDF pages as PNG pictures, rendered from the real PDF (pypdfium2), so what the studio shows is what prints.

pdfium is not thread-safe: every call into it holds one lock. Thumbnails of a built book are cached
by file, size and modification time, so a page is rendered once per build however often it is shown;
the cache is bounded, so the server's memory stays flat over many builds.
"""

from __future__ import annotations

import io
import threading
from collections import OrderedDict
from pathlib import Path

import pypdfium2
from PIL import Image, ImageChops

_LOCK = threading.Lock()
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


def page_count(pdf: Path) -> int:
    with _LOCK:
        document = pypdfium2.PdfDocument(str(pdf))
        try:
            return len(document)
        finally:
            document.close()


def _render(document: pypdfium2.PdfDocument, index: int, width: int | None, scale: float | None) -> Image.Image:
    page = document[index]
    try:
        if scale is None:
            scale = (width or 300) / page.get_width()
        return page.render(scale=scale).to_pil().convert("RGB")
    finally:
        page.close()


def png(image: Image.Image) -> bytes:
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=False)
    return out.getvalue()


def pdf_page_png(pdf: Path, index: int, *, width: int = 300) -> bytes:
    """Page `index` (0-based) of the PDF file, `width` pixels wide; cached by file, size and time."""
    stat = pdf.stat()
    key = ("file", str(pdf), stat.st_size, stat.st_mtime_ns, index, width)
    found = CACHE.get(key)
    if found is not None:
        return found
    with _LOCK:
        document = pypdfium2.PdfDocument(str(pdf))
        try:
            if not 0 <= index < len(document):
                raise IndexError(index)
            image = _render(document, index, width, None)
        finally:
            document.close()
    data = png(image)
    CACHE.put(key, data)
    return data


def pdf_bytes_png(data: bytes, *, dpi: float = 96.0, trim: bool = False, crop: tuple[float, float, float, float] | None = None) -> bytes:
    """The first page of PDF `data` as PNG at `dpi`. `crop` (x, y, w, h in PDF points, origin at the
    bottom left) keeps that part only; `trim` cuts the white margin away."""
    with _LOCK:
        document = pypdfium2.PdfDocument(data)
        try:
            height_pt = document[0].get_height()
            image = _render(document, 0, None, dpi / 72.0)
        finally:
            document.close()
    if crop is not None:
        scale = dpi / 72.0
        x, y, w, h = crop
        image = image.crop((round(x * scale), round((height_pt - y - h) * scale),
                            round((x + w) * scale), round((height_pt - y) * scale)))
    if trim:
        box = ImageChops.difference(image, Image.new("RGB", image.size, (255, 255, 255))).getbbox()
        if box:
            image = image.crop((max(box[0] - 2, 0), max(box[1] - 2, 0), box[2] + 2, box[3] + 2))
    return png(image)
