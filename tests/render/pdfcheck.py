"""Helpers to look inside produced PDFs with pypdf: embedded fonts and extracted text."""
from __future__ import annotations

import unicodedata
from pathlib import Path

from pypdf import PdfReader

from bpdsl.model import Edition


def embedded_fonts(path: Path) -> dict[str, bool]:
    """BaseFont name -> whether its font program is embedded (/FontFile, /FontFile2 or /FontFile3)."""
    fonts: dict[str, bool] = {}
    reader = PdfReader(str(path))
    for page in reader.pages:
        resources = page.get("/Resources")
        if resources is None:
            continue
        _collect(resources.get_object(), fonts, set())
    return fonts


def _collect(resources, fonts: dict[str, bool], seen: set[int]) -> None:
    font_dict = resources.get("/Font")
    if font_dict is not None:
        for ref in font_dict.get_object().values():
            font = ref.get_object()
            name = str(font.get("/BaseFont", ""))
            descriptors = []
            if "/FontDescriptor" in font:
                descriptors.append(font["/FontDescriptor"].get_object())
            for desc in font.get("/DescendantFonts", []) or []:
                d = desc.get_object()
                if "/FontDescriptor" in d:
                    descriptors.append(d["/FontDescriptor"].get_object())
            embedded = any(any(k in d for k in ("/FontFile", "/FontFile2", "/FontFile3")) for d in descriptors)
            fonts[name] = fonts.get(name, False) or embedded
    xobjects = resources.get("/XObject")
    if xobjects is not None:  # 2-up pages hold the original pages as form XObjects
        for ref in xobjects.get_object().values():
            obj = ref.get_object()
            if id(obj) in seen:
                continue
            seen.add(id(obj))
            inner = obj.get("/Resources")
            if inner is not None:
                _collect(inner.get_object(), fonts, seen)


def pdf_text(path: Path) -> str:
    reader = PdfReader(str(path))
    return "".join(page.extract_text() or "" for page in reader.pages)


def squash(text: str) -> str:
    """NFKC, white space removed: extracted PDF text breaks lines and may space CJK glyphs."""
    return "".join(unicodedata.normalize("NFKC", text).split())


def page_count(path: Path) -> int:
    return len(PdfReader(str(path)).pages)


def assert_font_and_names(pdf: Path, edition: Edition, fid: str) -> str:
    """The IPAex font is embedded and every entry name of the format is in the text; returns the text."""
    fonts = embedded_fonts(pdf)
    ipa = {name: emb for name, emb in fonts.items() if "IPAex" in name}
    assert ipa and all(ipa.values()), (pdf.name, fonts)
    text = squash(pdf_text(pdf))
    for entry in [*edition.actions_in(fid), *edition.characters_in(fid), *edition.fogs_in(fid)]:
        assert squash(entry.name) in text, (pdf.name, entry.name)
    return text
