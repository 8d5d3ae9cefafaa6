"""Document kinds: every definitions file is a YAML mapping with a ``kind:`` key naming one of these.

A kind owns its cerberus schema and a ``build`` function that turns the validated plain data into model
objects inside :class:`~bpdsl.model.Definitions`.  Areas of the project register their own kinds (the
engine registers ``flow``, bpdsl.games.blackpoker.regulation registers ``regulations``) so the loader never needs to know
them.  Build functions report problems through ``ctx.error(path, CODE, message, hint)`` where ``path`` is
the key path inside the document, e.g. ``("actions", 3, "key")``; the loader maps it to file:line:col.
"""
from bpdsl.dsl.document import KINDS, BuildContext, Document, DocumentKind, KeyPath, register_kind

__all__ = ["KINDS", "BuildContext", "Document", "DocumentKind", "KeyPath", "register_kind"]
