"""A scenario's inline ``definitions:``: actions, characters and fogs written in the scenario file itself,
added to an edition of the scenario's own that extends the scenario's edition (so the entries reach no
other edition: a later edition that extends the same one is loaded as it is).

A ruling about a cost, a timing or a trigger the bundled lists never combine (no action costs ``S``) needs
an action of its own; keeping it in the scenario file keeps the ruling in one place.  Each list becomes a
document of its kind (``kind: actions, edition: <the scenario's edition>``) whose positions are those in
the scenario file, loaded with the definitions the scenario would otherwise use — so a mistake in an inline
action is reported like one in any definitions file, at its line and column in the scenario.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

from bpdsl.dsl.document import Document
from bpdsl.scenarios.errors import ScenarioError

KINDS = ("actions", "characters", "fogs")  # the inline lists and the document kind each becomes


def inline_documents(path: str, data: dict[str, Any]) -> list[Document]:
    """One document per inline list of ``data['definitions']``, positioned in the scenario file ``path``."""
    from bpdsl.dsl.yamlload import load_file

    inline = data.get("definitions")
    if not isinstance(inline, dict):
        return []
    source: Document | None = None
    if path and Path(path).is_file():
        source, _ = load_file(Path(path), path)
    name = path or str(data.get("name") or "scenario")
    parent = str(data.get("edition"))
    out = [Document(name, {"kind": "edition", "id": scenario_edition(parent), "name": parent, "extends": parent,
                           "date": "2000/1/1"})]
    for kind in KINDS:
        if kind not in inline:
            continue
        doc = Document(name, {"kind": kind, "edition": scenario_edition(parent), kind: inline[kind]})
        if source is not None:
            prefix = ("definitions", kind)
            for keys, pos in source.positions.items():
                if keys[:2] == prefix:
                    doc.positions[(kind,) + keys[2:]] = pos
            for keys, pos in source.key_positions.items():
                if keys[:2] == prefix:
                    doc.key_positions[(kind,) + keys[2:]] = pos
            doc.styles.update({(kind,) + k[2:]: v for k, v in source.styles.items() if k[:2] == prefix})
            doc.positions[()] = source.pos(("definitions", kind))
        out.append(doc)
    return out


def scenario_edition(edition: str) -> str:
    """The id of the edition that holds a scenario's inline entries on top of ``edition``."""
    return f"{edition}-scenario"


def load_with_inline(path: str, data: dict[str, Any]) -> Any:
    """The definitions the scenario uses (its project's, or the selected ones) with its inline entries in
    the edition :func:`scenario_edition` names; a ScenarioError listing the diagnostics
    (``file:line:col: CODE message``) when they are wrong."""
    from bpdsl.dsl.loader import default_paths, load
    from bpdsl.dsl.project import ProjectError, select_for_file

    try:
        selection = select_for_file(Path(path), None, data.get("bundled")) if path else None
    except ProjectError as exc:
        raise ScenarioError(str(exc)) from None
    roots = selection.roots() if selection is not None else default_paths()
    result = load(roots, inline_documents(path, data))
    if not result.ok:
        raise ScenarioError("its inline definitions are invalid: "
                            + "; ".join(d.format() for d in result.errors[:5]))
    return result.definitions


__all__ = ["KINDS", "inline_documents", "load_with_inline", "scenario_edition"]
