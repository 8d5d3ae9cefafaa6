"""The print styles of an action list: page size, columns and the stylesheets laid one over the other.

``official`` follows the official sheets (the LaTeX template of BlackPoker/BlackPoker ``tools/actionlist``):
A5 pages in two columns of 66.5 mm, the title block at the head of the first column, the supplement boxes
between rules, black category bars, a rule over each entry, the colophon at the end of the last page.
``a4`` is the one-column layout with bordered entries on A4, ``a5`` the same on A5.  Every style writes its
own file names (``<edition>-<format>-<style>.pdf``), so rendering one never overwrites another.
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Style:
    name: str
    paper: str  # page size of the PDF: A4 or A5
    columns: int  # text columns of a page
    stylesheets: tuple[str, ...]  # files of templates/, later ones override earlier ones
    sheet: str  # landscape sheet of the 2-up and the booklet (A4 pages are scaled to fit it, A5 pages are not)
    summary: str


STYLES: dict[str, Style] = {
    "official": Style("official", "A5", 2, ("actionlist.css", "actionlist-official.css"), "A4",
                      "A5, two columns, as the official sheets"),
    "a4": Style("a4", "A4", 1, ("actionlist.css",), "A4", "A4, one column, bordered entries"),
    "a5": Style("a5", "A5", 1, ("actionlist.css", "actionlist-a5.css"), "A4", "A5, one column, bordered entries"),
}
DEFAULT_STYLE = "official"
# ``--paper`` of earlier versions names the one-column style of that paper
PAPER_STYLES: dict[str, str] = {"A4": "a4", "A5": "a5"}


class StyleError(ValueError):
    """An unknown style or paper (a usage error)."""


def style(name: str) -> Style:
    found = STYLES.get(name.lower())
    if found is None:
        raise StyleError(f"style must be one of {', '.join(STYLES)}, not {name!r}")
    return found


def resolve(chosen: str | Style | None, paper: str | None = None, default: str = DEFAULT_STYLE) -> Style:
    """The style asked for: a :class:`Style` or its name, else the one-column style of ``paper``, else
    ``default``.  A style and a paper that disagree are a :class:`StyleError`."""
    if isinstance(chosen, Style):
        found = chosen
    elif chosen is not None:
        found = style(chosen)
    else:
        return style_for_paper(paper) if paper is not None else style(default)
    if paper is not None and found.paper != paper.upper():
        raise StyleError(f"style {found.name} prints on {found.paper} paper, not {paper.upper()}")
    return found


def style_for_paper(paper: str) -> Style:
    name = PAPER_STYLES.get(paper.upper())
    if name is None:
        raise StyleError(f"paper must be one of {', '.join(PAPER_STYLES)}, not {paper!r}")
    return STYLES[name]
