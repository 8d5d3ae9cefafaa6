"""SheetView -> HTML through the jinja2 templates in ``templates/`` (autoescape always on)."""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import jinja2

from bpdsl.render.view import SheetView
from bpdsl.resources import templates_dir

TEMPLATES_DIR = templates_dir()

# Paper sizes of the printed page -> the stylesheets laid one over the other for it. A5 keeps the A4
# rules and overrides page size, margins and type sizes, so the two never drift apart in structure.
PAPER_STYLESHEETS: dict[str, tuple[str, ...]] = {
    "A4": ("actionlist.css",),
    "A5": ("actionlist.css", "actionlist-a5.css"),
}
PAPERS: tuple[str, ...] = tuple(PAPER_STYLESHEETS)


@lru_cache(maxsize=4)
def environment(templates_dir: str = str(TEMPLATES_DIR)) -> jinja2.Environment:
    """The jinja2 environment: autoescaping for every template (never only for *.html), strict undefined."""
    return jinja2.Environment(
        loader=jinja2.FileSystemLoader(templates_dir),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        trim_blocks=False,
        lstrip_blocks=False,
        keep_trailing_newline=True,
    )


def stylesheet(name: str = "actionlist.css", templates_dir: Path = TEMPLATES_DIR) -> str:
    return (templates_dir / name).read_text(encoding="utf-8")


def render_sheet_html(sheet: SheetView, templates_dir: Path = TEMPLATES_DIR, paper: str = "A4") -> str:
    """The action list as one self-contained HTML document (the print CSS of ``paper`` is inlined)."""
    names = PAPER_STYLESHEETS.get(paper.upper())
    if names is None:
        raise ValueError(f"paper must be one of {', '.join(PAPERS)}, not {paper!r}")
    env = environment(str(templates_dir))
    template = env.get_template("actionlist.html.j2")
    # The CSS is trusted project text; Markup keeps it from being escaped inside <style>.
    css = jinja2.utils.markupsafe.Markup("\n".join(stylesheet(n, templates_dir) for n in names))
    return template.render(sheet=sheet, css=css)
