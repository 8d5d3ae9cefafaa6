"""``bpdsl schema``: the schema of every document kind (and, with --ops, of every op's arguments) as JSON;
``bpdsl schema --json-schema DIR``: JSON Schemas for editors (bpdsl.dsl.jsonschema).

The cerberus schemas the validator uses are printed as they are, so the printed schema cannot drift from
what ``bpdsl validate`` checks.  Custom value types: expr, pattern, opcall, ref (see bpdsl.dsl.schema).
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Optional

import typer


def register(app: typer.Typer) -> None:
    app.command("schema")(schema)


def schema(
    kind: Optional[str] = typer.Argument(None, help="only this document kind (e.g. actions)"),
    ops: bool = typer.Option(False, "--ops", help="also print the argument schema of every op"),
    json_schema: Optional[Path] = typer.Option(
        None, "--json-schema", metavar="DIR", help="write a JSON Schema (draft 2020-12) per document kind into "
        "DIR, op calls and their arguments included, for editors (# yaml-language-server: $schema=...)"),
) -> None:
    """Print the JSON-able schema of each document kind, or write JSON Schemas for editors (--json-schema)."""
    from bpdsl.diagnostics import did_you_mean
    from bpdsl.dsl.loader import load_kinds
    from bpdsl.dsl.schema import TYPE_WORDS

    kinds = load_kinds()
    if kind is not None and kind not in kinds:
        typer.echo(f"unknown kind {kind!r}; " + (did_you_mean(kind, kinds) or "kinds: " + ", ".join(sorted(kinds))),
                   err=True)
        raise typer.Exit(2)
    if json_schema is not None:
        return _write_json_schemas(json_schema, kind)
    out: dict[str, Any] = {
        "types": {k: TYPE_WORDS[k] for k in ("expr", "pattern", "opcall", "ref")},
        "kinds": {
            k.name: {"order": k.order, "schema": {"kind": {"type": "string", "allowed": [k.name], "required": True},
                                                   **k.schema}}
            for k in sorted(kinds.values(), key=lambda k: (k.order, k.name)) if kind is None or k.name == kind
        },
    }
    if ops:
        from bpdsl.ops.registry import load_all

        out["ops"] = {op.name: {"kind": op.kind, "summary": op.summary, "args": op.args, "example": op.example}
                      for op in sorted(load_all().values(), key=lambda o: (o.kind, o.name))}
    print(json.dumps(out, ensure_ascii=False, indent=2, default=str))


def _write_json_schemas(folder: Path, kind: str | None) -> None:
    from bpdsl.commands._paths import output_dir_or_exit
    from bpdsl.dsl.jsonschema import schema_files
    from bpdsl.fsutil import write_atomic

    output_dir_or_exit(folder, "schema")
    from bpdsl.scenarios.schema import json_schema

    every = {**schema_files(), "scenario.schema.json": json.dumps(json_schema(), ensure_ascii=False, indent=1) + "\n"}
    files = {name: text for name, text in every.items() if kind is None or name == f"{kind}.schema.json"}
    for name, text in files.items():
        write_atomic(folder / name, text)
    typer.echo(f"wrote {len(files)} JSON Schema(s) into {folder}: " + ", ".join(sorted(files)))
    typer.echo("point an editor at them with a first line '# yaml-language-server: $schema=<path>' in each YAML file")
