"""``bpdsl lsp``: the language server for any editor (VS Code, Neovim, Emacs ...), on stdin/stdout.

It checks the same definitions the other commands read (the bundled ones, the project's, ``-d``) with the
editor's unsaved buffers laid over them; see docs/designer/editors.md for the editors' settings.
"""
from __future__ import annotations

import typer

from bpdsl.commands._definitions import with_definitions


def register(app: typer.Typer) -> None:
    app.command("lsp")(with_definitions(lsp))


def lsp(
    stdio: bool = typer.Option(True, "--stdio/--no-stdio", help="talk LSP on stdin/stdout (the only transport)"),
) -> None:
    """Language server: diagnostics, hover with the printed text, completion, go to definition, quick fixes."""
    if not stdio:
        raise typer.BadParameter("only --stdio is supported", param_hint="--stdio")
    from bpdsl.lsp.server import serve_stdio

    status = serve_stdio()
    if status:
        raise typer.Exit(status)
