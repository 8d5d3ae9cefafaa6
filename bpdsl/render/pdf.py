"""HTML -> PDF (weasyprint, the IPAex font embedded by family name) and the 2-up imposition (pypdf)."""
from __future__ import annotations

import io
from pathlib import Path

FONT_FAMILY = "IPAexGothic"

_PT_PER_MM = 72 / 25.4
# Landscape sheets of the 2-up, in points (width, height).
SHEETS: dict[str, tuple[float, float]] = {
    "A4": (297 * _PT_PER_MM, 210 * _PT_PER_MM),
    "A3": (420 * _PT_PER_MM, 297 * _PT_PER_MM),
}


_FONT_CONFIG: object | None = None


def html_to_pdf(html: str, base_url: str | Path | None = None) -> bytes:
    """Lay the HTML out on A4 pages. Fonts come from fontconfig; weasyprint subsets and embeds them.

    One font configuration is shared by every sheet of a run: looking the fonts up again for each
    document costs more than laying out a page.
    """
    import logging

    from weasyprint import HTML
    from weasyprint.text.fonts import FontConfiguration

    global _FONT_CONFIG
    logging.getLogger("weasyprint").setLevel(logging.ERROR)
    logging.getLogger("fontTools").setLevel(logging.ERROR)
    if _FONT_CONFIG is None:
        _FONT_CONFIG = FontConfiguration()
    document = HTML(string=html, base_url=str(base_url) if base_url else None)
    return document.write_pdf(font_config=_FONT_CONFIG)


def two_up(pdf: bytes, sheet: str = "A4") -> bytes:
    """Put pages two by two side by side on landscape sheets (``SHEETS``), each page scaled to fit its half.

    A4 pages are scaled down on A4 landscape and stay full size on A3 landscape; A5 pages stay full size
    on A4 landscape (as the official 2-up PDFs are).  An odd last page stands alone on the left half.  The
    result has ceil(n/2) pages.
    """
    n = _page_count(pdf)
    return impose(pdf, [(i, i + 1 if i + 1 < n else None) for i in range(0, n, 2)], sheet)


def booklet_order(n: int) -> list[tuple[int | None, int | None]]:
    """The sides of a saddle-stitched booklet of ``n`` pages (0-based page numbers, None for a blank):
    the pages are padded to a multiple of four; sheet k carries (last-2k, 2k) on its front and
    (2k+1, last-2k-1) on its back, so that the printed stack, folded in the middle, reads in order."""
    total = -(-n // 4) * 4 if n else 0
    sides: list[tuple[int | None, int | None]] = []
    for k in range(total // 4):
        front = (total - 1 - 2 * k, 2 * k)
        back = (2 * k + 1, total - 2 - 2 * k)
        for left, right in (front, back):
            sides.append((left if left < n else None, right if right < n else None))
    return sides


def booklet(pdf: bytes, sheet: str = "A4") -> bytes:
    """The pages imposed in folding order (:func:`booklet_order`) for double-sided printing, flipped on
    the short edge: fold the printed stack once and it is a booklet in page order."""
    return impose(pdf, booklet_order(_page_count(pdf)), sheet)


def impose(pdf: bytes, sides: list[tuple[int | None, int | None]], sheet: str = "A4") -> bytes:
    """One landscape sheet per (left, right) pair of page numbers (None leaves that half blank), each page
    scaled to fit its half and never enlarged.  Each original page becomes a form XObject drawn with a
    transformation (the usual imposition technique): its content is copied, never re-parsed, and its text
    stays text."""
    from pypdf import PdfReader, PdfWriter
    from pypdf.generic import ArrayObject, DecodedStreamObject, DictionaryObject, FloatObject, NameObject

    reader = PdfReader(io.BytesIO(pdf))
    pages = list(reader.pages)
    writer = PdfWriter()
    if not pages:
        return _write(writer)
    sheet_w, sheet_h = SHEETS[sheet.upper()]

    forms = []
    for page in pages:
        box = page.mediabox
        form = DecodedStreamObject()
        form.update({
            NameObject("/Type"): NameObject("/XObject"),
            NameObject("/Subtype"): NameObject("/Form"),
            NameObject("/BBox"): ArrayObject([FloatObject(float(v)) for v in (box.left, box.bottom, box.right, box.top)]),
        })
        resources = page.get("/Resources")
        if resources is not None:
            form[NameObject("/Resources")] = resources.get_object().clone(writer)
        contents = page.get_contents()
        form.set_data(contents.get_data() if contents is not None else b"")
        forms.append((writer._add_object(form.flate_encode()), float(box.width), float(box.height)))

    for pair in sides:
        target = writer.add_blank_page(width=sheet_w, height=sheet_h)
        xobjects = DictionaryObject()
        ops: list[str] = []
        for slot, number in enumerate(pair):
            if number is None:
                continue
            ref, pw, ph = forms[number]
            # Never enlarge: a page that fits its half (within rounding) is printed at its own size.
            scale = min((sheet_w / 2) / pw, sheet_h / ph, 1.0)
            x = slot * sheet_w / 2 + (sheet_w / 2 - pw * scale) / 2
            y = (sheet_h - ph * scale) / 2
            name = f"/P{slot}"
            xobjects[NameObject(name)] = ref
            ops.append(f"q {scale:.6f} 0 0 {scale:.6f} {x:.4f} {y:.4f} cm {name} Do Q")
        target[NameObject("/Resources")] = DictionaryObject({NameObject("/XObject"): xobjects})
        stream = DecodedStreamObject()
        stream.set_data("\n".join(ops).encode("ascii"))
        target[NameObject("/Contents")] = writer._add_object(stream)
    return _write(writer)


def _page_count(pdf: bytes) -> int:
    from pypdf import PdfReader

    return len(PdfReader(io.BytesIO(pdf)).pages)


def _write(writer: "object") -> bytes:
    buf = io.BytesIO()
    writer.write(buf)  # type: ignore[attr-defined]
    return buf.getvalue()
