"""``bpdsl serve``: the browser sandbox on this machine (http://127.0.0.1:8000 by default)."""
from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer

from bpdsl.commands._definitions import with_definitions


def register(app: typer.Typer) -> None:
    app.command("serve")(with_definitions(serve))


def serve(
    port: int = typer.Option(8000, "--port", "-p", min=0, max=65535, help="TCP port (0: any free port)."),
    host: str = typer.Option("127.0.0.1", "--host", help="Address to bind (default: this machine only)."),
    tables: Optional[Path] = typer.Option(None, "--tables", help="SQLite file the games in progress are kept in "
                                          "(a restarted server resumes them); default: kept in memory only."),
) -> None:
    """Play, save and replay games in the browser; each seat is sent only what it may see (3.12.1)."""
    import socket

    from bpdsl.commands._paths import definitions_or_exit

    defs = definitions_or_exit(None, "serve", "the server was not started")  # bundled, project and -d ones
    if host not in ("127.0.0.1", "localhost", "::1"):
        typer.echo(f"bpdsl serve: warning: binding {host} lets other machines open the sandbox", err=True)
    try:  # a port in use is a usage error, said plainly before uvicorn starts
        with socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET) as s:
            s.bind((host, port))
            port = s.getsockname()[1]
    except OSError as exc:
        typer.echo(f"bpdsl serve: cannot listen on {host}:{port}: {exc.strerror or exc}", err=True)
        raise typer.Exit(2)
    import uvicorn

    from bpdsl.web.app import create_app

    typer.echo(f"bpdsl serve: http://{host}:{port}/  (Ctrl+C stops)", err=True)
    # the bound name is one the pages may be opened at (bpdsl.web.sameorigin refuses other host names)
    store = None
    if tables is not None:
        import sqlite3

        from bpdsl.web.store import StoreError, TableStore

        try:
            store = TableStore(tables)
        except StoreError as exc:
            typer.echo(f"bpdsl serve: {exc}", err=True)
            raise typer.Exit(2)
        except (OSError, sqlite3.Error) as exc:
            typer.echo(f"bpdsl serve: cannot keep the tables in {tables}: {exc}", err=True)
            raise typer.Exit(2)
    try:
        uvicorn.run(create_app(defs, hosts=(host,), store=store), host=host, port=port, log_level="warning",
                    access_log=False, timeout_graceful_shutdown=2)  # open pushed-update streams do not hold the stop
    finally:
        if store is not None:
            store.close()
