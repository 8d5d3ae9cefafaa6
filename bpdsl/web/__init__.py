"""The browser sandbox (``bpdsl serve``): play, save and replay games in a web page.

``app`` (the Starlette app and its JSON API), ``tables`` (games in progress driven decision by decision),
``starts`` (how a game starts: edition and format, regulation, scenario, saved log), ``payload`` (what a
seat is sent — built from :mod:`bpdsl.engine.view` only), ``static/`` (the pages and their small scripts,
shipped in the package; no build step, no CDN).
"""
