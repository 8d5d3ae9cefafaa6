"""``bpdsl migrate [PATH]``: rewrite a designer's project (definitions and scenarios) to today's forms."""
from __future__ import annotations

import difflib
import os
from pathlib import Path
from typing import Optional

import typer

from bpdsl.commands._say import say_error


def register(app: typer.Typer) -> None:
    @app.command("migrate")
    def migrate_cmd(
        path: Optional[Path] = typer.Argument(None, help="the project's folder, or a folder of scenarios (default: "
                                              "the working directory's project)"),
        dry_run: bool = typer.Option(False, "--dry-run", help="show the diff, write nothing"),
        check: bool = typer.Option(False, "--check", help="write nothing; exit 1 when something would change"),
        force: bool = typer.Option(False, "--force", help="write even when the migrated project would not be "
                                   "valid or would fail a scenario that passes now"),
    ) -> None:
        """Rewrite retired and deprecated ops and earlier releases' scenario labels to today's forms, keeping
        comments and layout; show the unified diff.  The migration is tried on a copy first: it is written
        only when the project stays valid and every scenario that passed still passes (or with --force).
        Exit 0 done or nothing to do, 1 with --check when something would change, when the migration is not
        safe or a file cannot be read, 2 for a usage error (no project there)."""
        from bpdsl.migrate.project import MigrateError, plan, write

        root = path or Path.cwd()
        if not root.is_dir():
            say_error(f"no such project folder: {root}")
            raise typer.Exit(2)
        try:
            p = plan(root)
        except MigrateError as exc:
            say_error(str(exc))
            raise typer.Exit(2 if exc.usage else 1)
        for f in p.changed:
            shown = os.path.relpath(f.path, Path.cwd())
            typer.echo("".join(difflib.unified_diff(f.before.splitlines(keepends=True),
                                                    f.after.splitlines(keepends=True),
                                                    f"a/{shown}", f"b/{shown}")), nl=False)
        for line in p.left:
            typer.echo(f"left for you: {line}", err=True)
        before, after = p.before, p.after
        n = len(after.scenarios)
        typer.echo(f"{len(p.changed)} file(s) {'would change' if dry_run or check else 'to change'}; "
                   f"migrated project: definitions {'valid' if not after.errors else 'INVALID'}, "
                   f"{after.passed}/{n} scenario(s) pass (before: {before.passed}/{n})", err=True)
        for e in after.errors[:10]:
            typer.echo(f"  {e}", err=True)
        for name, verdict in after.scenarios.items():
            if verdict not in ("PASS", "XFAIL"):
                typer.echo(f"  {verdict.split(' ', 1)[0]} {name}" + (f": {verdict.split(' ', 1)[1]}"
                                                                    if " " in verdict else ""), err=True)
        if check:
            raise typer.Exit(1 if p.changed or p.left else 0)
        if dry_run or not p.changed:
            raise typer.Exit(0 if p.safe or not p.changed else 1)
        if not p.safe and not force:
            say_error("not written: the migrated project would not be valid or would fail a scenario that passes "
                      "now (or something needs your judgement, above); --force writes it anyway")
            raise typer.Exit(1)
        for written in write(p):
            typer.echo(f"wrote {os.path.relpath(written, Path.cwd())}", err=True)
