"""The designer's help in any editor: diagnostics, hover, completion, go to definition and quick fixes over
the same loader, phrases and registries as ``bpdsl validate`` and the printed sheets.

The modules other than :mod:`bpdsl.lsp.server` know nothing of the Language Server Protocol: they answer in
plain dataclasses with 1-based lines and columns, so the studio's browser editor (bpdsl.web) asks them the
same questions the language server does.

* :mod:`~bpdsl.lsp.workspace` -- the open buffers over the files on disk, checked as one definitions set;
* :mod:`~bpdsl.lsp.locate` -- which node of a document the cursor is on, and the span of a node;
* :mod:`~bpdsl.lsp.hover` -- the printed text of an entry, an op call or a key pattern, and the op's manual;
* :mod:`~bpdsl.lsp.complete` -- keys from the kinds' schemas, op names and arguments from the op registry,
  ids, formats, categories and terms from the loaded definitions;
* :mod:`~bpdsl.lsp.definition` -- an inherited entry opens in its parent edition's file (``extends``);
* :mod:`~bpdsl.lsp.fixes` -- the edits a diagnostic's hint names ("did you mean", a retired op's composition).
"""
