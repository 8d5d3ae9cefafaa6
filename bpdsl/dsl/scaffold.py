"""A new edition as a ready project folder (``bpdsl new edition ID --extends PARENT``).

The folder's files are jinja2 templates in ``templates/new-edition/``: ``common/`` for every game and
``<game>/`` for what only that game's editions get (an example action, a scenario that pins it).  The
example action is the parent's entry written out in full (every key, inherited ones included), so the
designer starts from a real, valid entry.  Nothing is written unless the whole folder could be prepared.
"""
from __future__ import annotations

import copy
import datetime
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import jinja2
import yaml

from bpdsl.dsl.kinds import Document
from bpdsl.model import Definitions, Edition
from bpdsl.resources import templates_dir

SCAFFOLD_DIR = "new-edition"
ID_PATTERN = re.compile(r"^[A-Za-z][A-Za-z0-9_.\-]*$")


class ScaffoldError(Exception):
    """The new edition cannot be written (bad id, unknown parent, existing folder)."""


@dataclass(frozen=True)
class NewEdition:
    id: str
    extends: str
    name: str
    date: str
    format: str


def newest_edition(defs: Definitions, game: str) -> str | None:
    """The newest edition of ``game``: the highest version number in its id (act8.2 > act8.0 > act6.1)."""
    def version(e: Edition) -> tuple[int, ...]:
        return tuple(int(n) for n in re.findall(r"\d+", e.id))

    candidates = [e for e in defs.editions.values() if e.game == game]
    return max(candidates, key=version).id if candidates else None


def _entry_text(documents: list[Document], defs: Definitions, edition: str, kind: str, entry_id: str) -> str:
    """Entry ``entry_id`` of ``edition`` written out in full as a YAML list item: the keys of the edition
    that first defines it, overridden by those of each edition below it down to ``edition``."""
    chain: list[str] = []
    current: str | None = edition
    while current is not None and current not in chain:
        chain.append(current)
        parent = defs.editions.get(current)
        current = parent.extends if parent is not None else None
    merged: dict[str, Any] = {}
    for eid in reversed(chain):  # the oldest first, so that newer keys win
        for doc in documents:
            data = doc.data
            if isinstance(data, dict) and data.get("kind") == kind and data.get("edition") == eid:
                for item in data.get(kind) or []:
                    if isinstance(item, dict) and item.get("id") == entry_id:
                        merged.update(copy.deepcopy(item))
    if not merged:
        raise ScaffoldError(f"no {kind} entry {entry_id!r} in {edition} or the editions it extends")
    merged.pop("after", None)  # the position among the parent's entries: an override keeps its place
    text = yaml.safe_dump([merged], allow_unicode=True, sort_keys=False, default_flow_style=None, width=100)
    return "\n".join("  " + line if line else "" for line in text.rstrip("\n").splitlines())


def plan(defs: Definitions, documents: list[Document], new: NewEdition) -> dict[str, str]:
    """Relative path -> text of every file of the new edition's folder."""
    parent = defs.editions[new.extends]
    env = jinja2.Environment(loader=jinja2.FileSystemLoader(str(templates_dir() / SCAFFOLD_DIR)),
                             undefined=jinja2.StrictUndefined, keep_trailing_newline=True, autoescape=False)
    env.globals["inherited_entry"] = lambda kind, entry_id: _entry_text(documents, defs, new.extends, kind, entry_id)
    files: dict[str, str] = {}
    for folder in ("common", parent.game):
        root = templates_dir() / SCAFFOLD_DIR / folder
        if not root.is_dir():
            continue
        for template in sorted(root.rglob("*.j2")):
            rel = template.relative_to(root).as_posix()
            text = env.get_template(f"{folder}/{rel}").render(
                id=new.id, extends=new.extends, name=new.name, date=new.date, format=new.format,
                parent_name=parent.name, game=parent.game)
            files[rel.removesuffix(".j2")] = text
    from bpdsl.dsl.jsonschema import schema_files

    files.update({f"schemas/{name}": text for name, text in schema_files().items()})
    return files


def new_edition(defs: Definitions, edition_id: str, extends: str | None,
                name: str | None = None, game: str | None = None) -> NewEdition:
    """Check the request and fill in the defaults (parent: the newest bundled edition; format: std if any)."""
    if not ID_PATTERN.match(edition_id):
        raise ScaffoldError(f"{edition_id!r} is not an edition id: letters, digits, '.', '_' and '-', "
                            "starting with a letter (e.g. my1.0)")
    if edition_id in defs.editions:
        raise ScaffoldError(f"edition {edition_id!r} exists already; choose another id")
    parent_id = extends or (newest_edition(defs, game) if game is not None else None)
    if parent_id is None or parent_id not in defs.editions:
        from bpdsl.diagnostics import did_you_mean

        raise ScaffoldError(f"unknown edition {parent_id!r} to extend; "
                            + (did_you_mean(parent_id or "", defs.editions) or "editions: " + ", ".join(defs.editions)))
    parent = defs.editions[parent_id]
    ids = [f.id for f in sorted(parent.formats, key=lambda f: f.order)]
    fmt = "std" if "std" in ids else (ids[-1] if ids else "std")
    return NewEdition(edition_id, parent_id, name or edition_id, datetime.date.today().strftime("%Y/%-m/%-d"), fmt)


def write(folder: Path, files: dict[str, str]) -> list[Path]:
    """Write ``files`` as the new folder ``folder`` (absent or empty): all of them or none, through a
    temporary sibling folder renamed into place."""
    import shutil
    import tempfile

    if folder.exists() and (not folder.is_dir() or any(folder.iterdir())):
        raise ScaffoldError(f"{folder} exists and is not an empty directory; choose another place (--dir)")
    folder.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=f".{folder.name}.", dir=folder.parent))
    try:
        for rel, text in files.items():
            path = staging / rel
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
        if folder.exists():
            folder.rmdir()
        staging.rename(folder)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    return [folder / rel for rel in files]
