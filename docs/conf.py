"""Sphinx configuration of the BlackPoker rulebook and the bpdsl manual.

Build with ``bpdsl docs --out DIR`` (warnings are errors).  The ``bpdsl`` extension inserts the action
lists, format table, core-flow diagrams and the DSL reference from the definitions.
"""
from __future__ import annotations

project = "BlackPoker ルールブック (bpdsl)"
author = "BlackPoker"
copyright = "2013 BlackPoker"
language = "ja"

extensions = [
    "myst_parser",
    "bpdsl.render.sphinxext",
    "sphinx.ext.autodoc",  # the scenario format: the docstring of bpdsl.scenarios.runner
]
source_suffix = {".rst": "restructuredtext", ".md": "markdown"}
root_doc = "index"
exclude_patterns = ["_build", ".doctrees"]

html_theme = "alabaster"
html_static_path: list[str] = []
html_title = "BlackPoker ルールブック"
html_theme_options = {"page_width": "1100px", "sidebar_width": "240px"}

graphviz_output_format = "svg"
graphviz_dot_args = ["-Gfontname=IPAexGothic", "-Nfontname=IPAexGothic", "-Efontname=IPAexGothic"]

bpdsl_definitions = None  # None = the bundled definitions/
bpdsl_default_edition = "act8.0"

myst_heading_anchors = 3
