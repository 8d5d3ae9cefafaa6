"""SheetView -> HTML through the jinja2 templates in ``templates/`` (autoescape always on)."""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import jinja2

from bpdsl.render import styles
from bpdsl.render.styles import Style, StyleError
from bpdsl.render.view import SheetView
from bpdsl.resources import templates_dir

TEMPLATES_DIR = templates_dir()

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


def render_sheet_html(sheet: SheetView, templates_dir: Path = TEMPLATES_DIR, paper: str | None = None,
                      style: str | Style | None = None) -> str:
    """The action list as one self-contained HTML document with the print CSS of ``style`` inlined (a
    :class:`Style` or its name; ``paper`` A4/A5 names the one-column style of that paper; neither: the
    one-column A4 style, the screen layout)."""
    try:
        chosen = styles.resolve(style, paper, default="a4")
    except StyleError as exc:
        raise ValueError(str(exc)) from None
    env = environment(str(templates_dir))
    template = env.get_template("actionlist.html.j2")
    # The CSS is trusted project text; Markup keeps it from being escaped inside <style>.
    css = jinja2.utils.markupsafe.Markup("\n".join(stylesheet(n, templates_dir) for n in chosen.stylesheets))
    return template.render(sheet=sheet, css=css, style=chosen)
