"""Reference pages of the designer's manual, generated from the registries so that they cannot drift:

``.. bpdsl-expr-names::``    every expression name the games declare: type, meaning, printed phrase
``.. bpdsl-key-patterns::``  the key-pattern grammar (from bpdsl.dsl.cards) and every pattern the definitions
                             use, parsed: canonical text, cards per choice, cards of a deck it accepts, users
``.. bpdsl-diagnostics::``   every diagnostic code with its meaning and, where a broken example exists, the
                             example's lines and the message the validator prints for it

The op reference (``.. bpdsl-ops::``, :mod:`.opsref`) lists which entries use each op through
:func:`op_users`; the scenario format is the docstring of bpdsl.scenarios.runner, shown by Sphinx's autodoc
(the renderer does not import the engine).
"""
from __future__ import annotations

import shutil
import tempfile
from pathlib import Path
from typing import Any, ClassVar

from docutils import nodes
from sphinx.util.docutils import SphinxDirective

from bpdsl.render.reference import op_users  # noqa: F401  (the manual's users of an op)
from bpdsl.render.sphinxext.data import definitions
from bpdsl.render.sphinxext.nodes import simple_table


def _docstring_block(doc: str | None, start: str, stop: str | None = None) -> str:
    """The lines of ``doc`` from the line containing ``start`` up to (not including) the one containing ``stop``."""
    lines = (doc or "").splitlines()
    first = next((i for i, line in enumerate(lines) if start in line), None)
    if first is None:
        raise ValueError(f"{start!r} not found in the docstring")
    rest = lines[first + 1:]
    end = next((i for i, line in enumerate(rest) if stop and stop in line), len(rest))
    import textwrap

    return textwrap.dedent("\n".join(rest[:end])).strip("\n")


def _literal(text: str, language: str = "text") -> nodes.literal_block:
    block = nodes.literal_block(text, text)
    block["language"] = language
    return block


class ExprNamesDirective(SphinxDirective):
    def run(self) -> list[nodes.Node]:
        from bpdsl.dsl import expr
        from bpdsl.dsl.expr_names import names

        table = names()
        if not table:
            raise self.error("no expression name is declared")
        syntax = _docstring_block(expr.__doc__, "Syntax::") + "\n"
        rows = [[nodes.literal(text=name), info.type, info.doc_en, info.phrase_ja]
                for name, info in sorted(table.items())]
        return [nodes.paragraph(text="Syntax (bpdsl.dsl.expr):"), _literal(syntax), simple_table(["name", "type", "meaning", "printed as"], rows, widths=[3, 1, 5, 4],
                             classes=["bpdsl-expr-names"])]


class KeyPatternsDirective(SphinxDirective):
    def run(self) -> list[nodes.Node]:
        from bpdsl.dsl import cards

        out: list[nodes.Node] = [nodes.paragraph(text="Grammar (bpdsl.dsl.cards):"),
                                 _literal(_docstring_block(cards.__doc__, "Grammar", "Cards are plain"))]
        defs = definitions(self.env)
        used: dict[str, list[str]] = {}
        for edition in defs.editions.values():
            for part in (edition.actions, edition.characters, edition.fogs):
                for entry in part.values():
                    text = getattr(entry, "key_text", None) or (str(entry.key) if getattr(entry, "key", None) else "")
                    if text:
                        used.setdefault(text, []).append(f"{edition.id}:{entry.id}")
        deck = cards.full_deck()
        rows = []
        for text, users in sorted(used.items()):
            pattern = cards.parse_pattern(text)
            low, high = pattern.size_range
            size = str(low) if low == high else f"{low}–{high}"
            accepted = sum(1 for c in deck if pattern.accepts(c))
            shown = ", ".join(users[:4]) + (f" … ({len(users)})" if len(users) > 4 else "")
            rows.append([nodes.literal(text=text), str(pattern), size, str(accepted), shown])
        out.append(nodes.paragraph(text="Every pattern the definitions use, parsed:"))
        out.append(simple_table(["written", "canonical", "cards", "cards of a deck it accepts", "used by"], rows,
                                widths=[3, 3, 1, 2, 5], classes=["bpdsl-key-patterns"]))
        return out


class DiagnosticsDirective(SphinxDirective):
    option_spec: ClassVar[dict[str, Any]] = {}

    def run(self) -> list[nodes.Node]:
        from bpdsl.diagnostics import CODES

        _import_code_modules()
        examples = diagnostic_examples()
        out: list[nodes.Node] = []
        for code in sorted(CODES):
            section = nodes.section(ids=[f"diag-{code.lower()}"], names=[f"diag-{code.lower()}"])
            section += nodes.title(text=f"{code} — {CODES[code]}")
            example = examples.get(code)
            if example is None:
                section += nodes.paragraph(text="(no broken example is bundled for this code)")
            else:
                section += nodes.paragraph(text=f"Broken example ({example.file}):")
                section += _literal(example.snippet)  # numbered lines: not YAML for the highlighter
                section += nodes.paragraph(text="bpdsl validate says:")
                section += _literal(example.message)
            out.append(section)
        return out


def _import_code_modules() -> None:
    """Every module that declares diagnostic codes (the kinds, ops, checks and the games' own)."""
    import importlib

    from bpdsl.dsl.loader import load_kinds
    from bpdsl.ops.registry import load_all

    load_kinds()
    load_all()
    for name in ("bpdsl.dsl.yamlload", "bpdsl.dsl.schema", "bpdsl.dsl.checks"):
        importlib.import_module(name)


class _Example:
    def __init__(self, file: str, snippet: str, message: str):
        self.file, self.snippet, self.message = file, snippet, message


_EXAMPLES: dict[str, _Example] | None = None


def diagnostic_examples() -> dict[str, _Example]:
    """code -> its broken example: the valid ``base`` tree with the files of ``<CODE>/`` laid over it,
    loaded with the bundled 2024 core flow; the example shows the lines around the reported position."""
    global _EXAMPLES
    if _EXAMPLES is not None:
        return _EXAMPLES
    from bpdsl.dsl.loader import load
    from bpdsl.resources import bundled, definitions_dir

    root = bundled("diagnostic-examples")
    found: dict[str, _Example] = {}
    flow = _bundled_flow_of(root / "base" / "edition.yaml", definitions_dir())
    if not (root / "base").is_dir() or flow is None:
        _EXAMPLES = found
        return found
    for case in sorted(p for p in root.iterdir() if p.is_dir() and p.name != "base"):
        with tempfile.TemporaryDirectory() as tmp:
            work = Path(tmp)
            for f in (root / "base").iterdir():
                shutil.copy(f, work / f.name)
            for f in case.iterdir():
                shutil.copy(f, work / f.name)
            result = load([work, flow])
            hits = [d for d in result.diagnostics if d.code == case.name]
            if not hits:
                continue
            d = hits[0]
            name = Path(d.pos.file).name
            try:
                lines = (work / name).read_text(encoding="utf-8").splitlines()
            except (OSError, UnicodeDecodeError):
                lines = ["(the file is not UTF-8 text)"]
            lo, hi = max(0, d.pos.line - 4), min(len(lines), d.pos.line + 2)
            snippet = "\n".join(f"{n + 1:>3} | {lines[n]}" for n in range(lo, hi)) or "(an empty file)"
            message = d.format().replace(str(work) + "/", "")
            found[case.name] = _Example(name, snippet, message)
    _EXAMPLES = found
    return found


def _bundled_flow_of(edition_file: Path, defs_dir: Path) -> Path | None:
    """The bundled flow file the examples' base edition names in its ``flow:`` (the examples carry no flow of
    their own), found by id among every bundled game's flows."""
    from bpdsl.datafile import DataFileError, read_yaml_file

    try:
        data = read_yaml_file(edition_file)
    except DataFileError:  # a broken or missing base edition: no examples rather than a failed docs build
        return None
    flow_id = data.get("flow") if isinstance(data, dict) else None
    if not isinstance(flow_id, str):
        return None
    return next(iter(sorted(defs_dir.glob(f"*/flows/{flow_id}.yaml"))), None)


def setup(app: Any) -> None:
    app.add_directive("bpdsl-expr-names", ExprNamesDirective, override=True)
    app.add_directive("bpdsl-key-patterns", KeyPatternsDirective, override=True)
    app.add_directive("bpdsl-diagnostics", DiagnosticsDirective, override=True)
