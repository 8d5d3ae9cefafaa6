"""``bpdsl studio``: the designer's studio — the sandbox server opened on its ``/studio`` page."""
from __future__ import annotations

import typer

from bpdsl.commands._definitions import with_definitions


def register(app: typer.Typer) -> None:
    app.command("studio")(with_definitions(studio))


def studio(
    port: int = typer.Option(8000, "--port", "-p", min=0, max=65535, help="TCP port (0: any free port)."),
    host: str = typer.Option("127.0.0.1", "--host", help="Address to bind (default: this machine only)."),
) -> None:
    """Edit the definitions in the browser: live diagnostics, the printed entry, play it, diff it."""
    import socket

    from bpdsl.commands._paths import definitions_or_exit
    from bpdsl.dsl.loader import load_selected

    result = load_selected()  # the studio opens invalid definitions too: that is what it is for
    if not result.definitions.files:
        definitions_or_exit(None, "studio", "the studio was not started")
    if host not in ("127.0.0.1", "localhost", "::1"):
        typer.echo(f"bpdsl studio: warning: binding {host} lets other machines edit your files", err=True)
    try:
        with socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET) as s:
            s.bind((host, port))
            port = s.getsockname()[1]
    except OSError as exc:
        typer.echo(f"bpdsl studio: cannot listen on {host}:{port}: {exc.strerror or exc}", err=True)
        raise typer.Exit(2)
    import uvicorn

    from bpdsl.web.app import create_app

    typer.echo(f"bpdsl studio: http://{host}:{port}/studio  (Ctrl+C stops)", err=True)
    uvicorn.run(create_app(result.definitions if result.ok else None), host=host, port=port,
                log_level="warning", access_log=False)
