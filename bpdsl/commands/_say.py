"""Messages of a command to its user on stderr, each starting with the command that says it
(``bpdsl simulate: unknown edition 'x'``), as a user reading a script's output needs to know who spoke."""
from __future__ import annotations

import typer

try:  # the context of the running command: typer's own copy of click, or click
    from typer._click.globals import get_current_context
except ImportError:  # pragma: no cover - a typer that uses click itself
    from click import get_current_context  # type: ignore[no-redef]


def command_name() -> str:
    """``bpdsl simulate``, ``bpdsl balance compare``: the command running now (``bpdsl`` outside one)."""
    names = []
    ctx = get_current_context(silent=True)
    while ctx is not None and ctx.parent is not None:  # the root's name is how it was started (python -m …)
        names.append(ctx.info_name or "")
        ctx = ctx.parent
    return " ".join(["bpdsl", *reversed(names)])


def say_error(message: str) -> None:
    """``message`` on stderr after the command's name (unless it names it already)."""
    name = command_name()
    text = message if message.startswith(name + ":") or message.startswith("bpdsl") else f"{name}: {message}"
    typer.echo(text, err=True)
