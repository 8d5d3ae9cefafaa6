"""The legend of the format marks printed at the head of a sheet, from the edition's data.

Each format declares its glyph (``formats: [{id: lite, mark: ■}, ...]``) and the edition how the legend
reads (``marks: {legend: ..., intro: ...}``, see :class:`bpdsl.model.MarkStyle`).  A sheet lists the
formats from the first up to its own: an entry on it first appears in one of them, and its mark says
which.  A sheet of the first format prints no legend (every entry carries the same mark).
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from bpdsl.model import Edition, Format

_PLACEHOLDER = re.compile(r"\{(mark|id|name|formats|format)\}")
SEPARATOR = "、"


@dataclass
class Legend:
    """What a sheet prints about its marks: the sentence above and one line per mark."""

    intro: str = ""
    lines: list[str] = field(default_factory=list)

    def __bool__(self) -> bool:
        return bool(self.intro or self.lines)


def fill(template: str, values: dict[str, str]) -> str:
    """Replace the known ``{placeholders}`` (the loader reports any other one, so none is left)."""
    return _PLACEHOLDER.sub(lambda m: values.get(m.group(1), m.group(0)), template)


def sheet_formats_up_to(edition: Edition, fmt: Format) -> list[Format]:
    """The formats of the edition in order, from the first through ``fmt``."""
    return [f for f in sorted(edition.formats, key=lambda f: f.order) if f.order <= fmt.order]


def legend(edition: Edition, fmt: Format) -> Legend:
    """The legend of the sheet of ``fmt``: one line for each format up to it that declares a mark."""
    formats = sheet_formats_up_to(edition, fmt)
    style = edition.marks
    if len(formats) < 2 or not style.legend:
        return Legend()
    lines = []
    for i, f in enumerate(formats):
        if not f.mark:
            continue
        names = SEPARATOR.join(g.name for g in formats[i:])
        lines.append(fill(style.legend, {"mark": f.mark, "id": f.id, "name": f.name, "formats": names}))
    intro = fill(style.intro, {"formats": SEPARATOR.join(f.name for f in formats), "format": fmt.name})
    return Legend(intro, lines)
