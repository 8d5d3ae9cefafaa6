"""Rendering: the definitions printed as action lists (HTML, PDF, 2-up PDF) and as the Sphinx rulebook.

The pipeline runs one way, model -> text -> view -> HTML -> PDF:

* :mod:`.text`        printed text of each entry, from the op phrases of its executable definition;
* :mod:`.sheet`       which entries a format's sheet shows, grouped and marked, with its boxes and colophon;
* :mod:`.view`        the sheet as plain data for the templates (:mod:`.textadapter` reshapes the text);
* :mod:`.html`        jinja2 templates of ``templates/`` (autoescape on);
* :mod:`.pdf`         weasyprint (embedded IPAex font) and the 2-up imposition with pypdf;
* :mod:`.actionlist`  writes the three files of a sheet atomically;
* :mod:`.sphinxext`   the Sphinx extension whose directives put the same entries, counts, flow diagrams and
  the DSL reference into ``docs/``; :mod:`.docsbuild` runs the build with warnings as errors.
"""
