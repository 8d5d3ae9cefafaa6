"""Looking at the laid-out pages of a sheet (weasyprint's boxes): where every entry landed, and which
entries were split across columns or pages."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any


@dataclass
class Fragment:
    page: int
    column: int  # 0 = left (or the only) column
    top: float
    height: float


def entry_fragments(html: str, base_url: Path | str | None = None) -> tuple[dict[str, list[Fragment]], float]:
    """Lay the HTML out and return :func:`fragments_of` its document."""
    from weasyprint import HTML

    return fragments_of(HTML(string=html, base_url=str(base_url) if base_url else None).render())


def fragments_of(document: Any) -> tuple[dict[str, list[Fragment]], float]:
    """Every ``article.entry`` of a laid-out weasyprint document by its id, with the fragments it was set
    in, and the height of a page's content area (the longest a column can be)."""
    found: dict[str, list[Fragment]] = {}
    column_height = 0.0
    for number, page in enumerate(document.pages):
        root = page._page_box
        column_height = max(column_height, root.height)
        middle = root.content_box_x() + root.width / 2
        for box in root.descendants():
            element = getattr(box, "element", None)
            if element is None or element.tag != "article" or "entry" not in (element.get("class") or ""):
                continue
            if not hasattr(box, "children") or getattr(box, "element_tag", "article") != "article":
                continue
            column = 0 if box.position_x < middle - 1 else 1
            found.setdefault(element.get("id"), []).append(
                Fragment(number, column, box.position_y, box.margin_height()))
    return found, column_height


def split_entries(html: str, base_url: Path | str | None = None) -> list[str]:
    """The entries of the laid-out HTML that :func:`split_of` reports."""
    return split_of(*entry_fragments(html, base_url))


def split_of(found: dict[str, list[Fragment]], column_height: float) -> list[str]:
    """The entries set in more than one fragment (split across columns or pages), except one that is
    taller than a whole column and cannot be kept together."""
    return [eid for eid, parts in found.items()
            if len(parts) > 1 and sum(p.height for p in parts) <= column_height]
