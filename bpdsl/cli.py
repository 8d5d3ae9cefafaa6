"""The ``bpdsl`` command line: validate, render, docs, play, simulate, replay, scenario, diff, schema, bench,
regulation, deck.

Each command lives in its own module under bpdsl.commands; this module only assembles them and makes sure
no Python traceback reaches the user (usage errors exit 2, invalid definitions 1).
"""
from __future__ import annotations

import importlib
import pkgutil
import sys

import typer

import bpdsl.commands as commands_pkg
from bpdsl.commands import _help

app = typer.Typer(
    name="bpdsl",
    help="BlackPoker rules as a validated YAML DSL: validate, play and print them.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


def _show_version(value: bool) -> None:
    if value:
        from bpdsl import __version__, speedups

        typer.echo(f"bpdsl {__version__}, {speedups.summary()}")
        raise typer.Exit(0)


@app.callback()
def _root(
    version: bool = typer.Option(False, "--version", callback=_show_version, is_eager=True,
                                 help="Print the version of bpdsl and which build runs (compiled or pure Python), and exit."),
) -> None:
    """BlackPoker rules as a validated YAML DSL: validate, play and print them."""
    from bpdsl.dsl import project

    project.reset()  # each invocation chooses its definitions afresh (-d, --no-bundled, the project)


def _register_all() -> None:
    for info in sorted(pkgutil.iter_modules(commands_pkg.__path__), key=lambda i: i.name):
        module = importlib.import_module(f"bpdsl.commands.{info.name}")
        register = getattr(module, "register", None)
        if register is not None:
            register(app)


_register_all()
_help.install(app)


def main() -> None:
    try:
        app()
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        raise SystemExit(130)
    except SystemExit:
        raise
    except OSError as exc:  # the machine refused a read or write (disk full, permissions): not a bug
        where = f"{exc.filename}: " if exc.filename else ""
        print(f"bpdsl: {where}{exc.strerror or exc}", file=sys.stderr)
        raise SystemExit(1)
    except Exception as exc:  # a bug must still not print a traceback at the user
        from bpdsl.sim.backends import WorkerDied

        if isinstance(exc, WorkerDied):  # a run that cannot be completed: said plainly, a failed run
            print(f"bpdsl: {exc}", file=sys.stderr)
            raise SystemExit(1) from None
        print(f"bpdsl: internal error: {type(exc).__name__}: {exc}", file=sys.stderr)
        print("  set BPDSL_DEBUG=1 to see the traceback", file=sys.stderr)
        import os

        if os.environ.get("BPDSL_DEBUG"):
            raise
        raise SystemExit(3)


if __name__ == "__main__":
    main()
