"""PDF pages as pixels (pypdfium2, no poppler), so every picture of a page is rendered from the real PDF.

Shared by the studio's thumbnails, `puzzlebook export --format png` and report.html's thumbnails.
pdfium is not thread-safe: every call into it holds one lock.
"""

from __future__ import annotations

import io
import threading
from pathlib import Path

import pypdfium2
from PIL import Image, ImageChops

LOCK = threading.Lock()
POINTS_PER_INCH = 72.0


def render(document: pypdfium2.PdfDocument, index: int, *, width: int | None = None,
           scale: float | None = None) -> Image.Image:
    """Page `index` of an open document, `width` pixels wide or at `scale` pixels per point (caller holds LOCK)."""
    page = document[index]
    try:
        if scale is None:
            scale = (width or 300) / page.get_width()
        return page.render(scale=scale).to_pil().convert("RGB")
    finally:
        page.close()


def png(image: Image.Image, dpi: float | None = None) -> bytes:
    """PNG bytes of `image`, with its resolution recorded (pHYs) when `dpi` is given."""
    out = io.BytesIO()
    if dpi is None:
        image.save(out, format="PNG", optimize=False)
    else:
        image.save(out, format="PNG", optimize=False, dpi=(dpi, dpi))
    return out.getvalue()


def page_count(pdf: Path) -> int:
    with LOCK:
        document = pypdfium2.PdfDocument(str(pdf))
        try:
            return len(document)
        finally:
            document.close()


def pdf_file_image(pdf: Path, index: int, *, width: int | None = None, dpi: float | None = None) -> Image.Image:
    """Page `index` (0-based) of the PDF file, `width` pixels wide or at `dpi`; IndexError past its end."""
    with LOCK:
        document = pypdfium2.PdfDocument(str(pdf))
        try:
            if not 0 <= index < len(document):
                raise IndexError(index)
            return render(document, index, width=width, scale=None if dpi is None else dpi / POINTS_PER_INCH)
        finally:
            document.close()


def pdf_bytes_image(data: bytes, *, dpi: float = 96.0, index: int = 0,
                    crop: tuple[float, float, float, float] | None = None, trim: bool = False) -> Image.Image:
    """Page `index` of PDF `data` at `dpi`. `crop` (x, y, w, h in PDF points, origin at the bottom
    left) keeps that part only; `trim` cuts the white margin away (leaving 2 pixels)."""
    with LOCK:
        document = pypdfium2.PdfDocument(data)
        try:
            height_pt = document[index].get_height()
            image = render(document, index, scale=dpi / POINTS_PER_INCH)
        finally:
            document.close()
    if crop is not None:
        scale = dpi / POINTS_PER_INCH
        x, y, w, h = crop
        image = image.crop((round(x * scale), round((height_pt - y - h) * scale),
                            round((x + w) * scale), round((height_pt - y) * scale)))
    if trim:
        box = ImageChops.difference(image, Image.new("RGB", image.size, (255, 255, 255))).getbbox()
        if box:
            image = image.crop((max(box[0] - 2, 0), max(box[1] - 2, 0), box[2] + 2, box[3] + 2))
    return image


def pdf_bytes_png(data: bytes, *, dpi: float = 96.0, trim: bool = False,
                  crop: tuple[float, float, float, float] | None = None, record_dpi: bool = False) -> bytes:
    """The first page of PDF `data` as PNG at `dpi` (see pdf_bytes_image); `record_dpi` writes the
    resolution into the file, as a print-quality export must."""
    return png(pdf_bytes_image(data, dpi=dpi, crop=crop, trim=trim), dpi if record_dpi else None)
