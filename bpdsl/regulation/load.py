"""Getting the regulation systems: from the full definitions loader, or from the regulation files alone.

The commands use the project's loader (``bpdsl.dsl.loader``) so that a regulation is always checked
against the same definitions that are played.  :func:`load_regulation_files` builds only the
``regulations`` documents of a directory through the same document kind (schema + build + finish); the
tests use it to exercise the data without depending on every other definitions file.
"""
from __future__ import annotations

from pathlib import Path
from typing import Sequence

import yaml

from bpdsl.diagnostics import DefinitionError, Diagnostic, DiagnosticSink, Pos, code
from bpdsl.model import Definitions
from bpdsl.regulation.model import RegulationSystem

R_NOT_FOUND = code("R107", "no regulation system is defined")

_SAFE = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

REGULATIONS_DIR = Path(__file__).resolve().parent.parent.parent / "definitions" / "blackpoker" / "regulations"


def load_definitions() -> Definitions:
    """The bundled (or BPDSL_DEFINITIONS) definitions through the project's loader.

    Raises DefinitionError with the loader's diagnostics when they are invalid.
    """
    from bpdsl.dsl.loader import load_or_raise

    return load_or_raise()


def load_regulation_files(paths: Sequence[Path] | None = None) -> Definitions:
    """Build only the ``kind: regulations`` documents of ``paths`` (default: the bundled directory)."""
    import cerberus

    from bpdsl.dsl.kinds import BuildContext, Document
    from bpdsl.dsl.kinds.regulations import KIND, finish

    files: list[Path] = []
    for p in paths or [REGULATIONS_DIR]:
        p = Path(p)
        files.extend(sorted(p.rglob("*.yaml")) if p.is_dir() else [p])
    definitions = Definitions()
    sink = DiagnosticSink()
    for f in files:
        data = yaml.load(f.read_text(encoding="utf-8"), Loader=_SAFE)  # noqa: S506 (a safe loader)
        if not isinstance(data, dict) or data.get("kind") != "regulations":
            continue
        body = {k: v for k, v in data.items() if k != "kind"}
        validator = cerberus.Validator(KIND.schema)
        if not validator.validate(body):
            sink.error(Pos(str(f), 1, 1), "R100", f"schema: {validator.errors}")
            continue
        doc = Document(file=str(f), data=body)
        KIND.build(BuildContext(doc, definitions, sink))
        definitions.files.append(str(f))
    finish(definitions, sink)
    if sink.errors:
        raise DefinitionError(sink.sorted())
    return definitions


def systems(definitions: Definitions) -> dict[str, RegulationSystem]:
    """The regulation systems of ``definitions`` (newest first: bp2024 before bp2021)."""
    found = {k: v for k, v in definitions.regulations.items() if isinstance(v, RegulationSystem)}
    if not found:
        raise DefinitionError([Diagnostic(Pos("<definitions>"), R_NOT_FOUND, "no regulation system is defined",
                                          "add definitions/blackpoker/regulations/*.yaml")])
    return dict(sorted(found.items(), key=lambda kv: kv[0], reverse=True))
