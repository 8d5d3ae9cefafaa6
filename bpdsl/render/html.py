"""SheetView -> HTML through the jinja2 templates in ``templates/`` (autoescape always on)."""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import jinja2

from bpdsl.render.view import SheetView

TEMPLATES_DIR = Path(__file__).resolve().parents[2] / "templates"


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


def render_sheet_html(sheet: SheetView, templates_dir: Path = TEMPLATES_DIR) -> str:
    """The action list as one self-contained HTML document (the print CSS is inlined)."""
    env = environment(str(templates_dir))
    template = env.get_template("actionlist.html.j2")
    # The CSS is trusted project text; Markup keeps it from being escaped inside <style>.
    css = jinja2.utils.markupsafe.Markup(stylesheet(templates_dir=templates_dir))
    return template.render(sheet=sheet, css=css)
