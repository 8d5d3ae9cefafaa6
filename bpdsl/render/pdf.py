"""HTML -> PDF (weasyprint, the IPAex font embedded by family name) and the 2-up imposition (pypdf)."""
from __future__ import annotations

import io
from pathlib import Path

FONT_FAMILY = "IPAexGothic"


def html_to_pdf(html: str, base_url: str | Path | None = None) -> bytes:
    """Lay the HTML out on A4 pages. Fonts come from fontconfig; weasyprint subsets and embeds them."""
    import logging

    from weasyprint import HTML

    logging.getLogger("weasyprint").setLevel(logging.ERROR)
    logging.getLogger("fontTools").setLevel(logging.ERROR)
    return HTML(string=html, base_url=str(base_url) if base_url else None).write_pdf()


def two_up(pdf: bytes, sheet: str = "A4") -> bytes:
    """Put pages two by two side by side on landscape sheets (A4 landscape: each page scaled to fit).

    ``sheet="A3"`` keeps the pages at full size on A3 landscape.  An odd last page stands alone on the
    left half.  The result has ceil(n/2) pages; text stays text (pages are merged, not rasterised).
    """
    from pypdf import PageObject, PdfReader, PdfWriter, Transformation

    reader = PdfReader(io.BytesIO(pdf))
    pages = list(reader.pages)
    writer = PdfWriter()
    if not pages:
        return _write(writer)
    w0 = float(pages[0].mediabox.width)
    h0 = float(pages[0].mediabox.height)
    if sheet.upper() == "A3":
        sheet_w, sheet_h = 2 * w0, h0
    else:  # A4 landscape: the long side of a portrait page becomes the sheet's width
        sheet_w, sheet_h = h0, w0
    for i in range(0, len(pages), 2):
        target = PageObject.create_blank_page(width=sheet_w, height=sheet_h)
        for slot, page in enumerate(pages[i : i + 2]):
            pw, ph = float(page.mediabox.width), float(page.mediabox.height)
            scale = min((sheet_w / 2) / pw, sheet_h / ph)
            x = slot * sheet_w / 2 + (sheet_w / 2 - pw * scale) / 2
            y = (sheet_h - ph * scale) / 2
            target.merge_transformed_page(page, Transformation().scale(scale, scale).translate(x, y))
        writer.add_page(target)
    return _write(writer)


def _write(writer: "object") -> bytes:
    buf = io.BytesIO()
    writer.write(buf)  # type: ignore[attr-defined]
    return buf.getvalue()
