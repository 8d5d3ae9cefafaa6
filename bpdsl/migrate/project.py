"""``bpdsl migrate``: a designer's project rewritten to today's forms — definitions and scenarios.

* definitions: retired and deprecated op calls with a mechanical replacement (:mod:`bpdsl.migrate.ops`);
* scenarios, lessons, saved positions: every option named by an earlier release's label gets the selector
  that names the same option (found by running the scenario: the option the old label chose is the one
  the selector must name).

The migration is tried on a copy of the project first: the copy's definitions are loaded and its
scenarios run, so the plan says whether the project stays valid and its scenarios keep passing before
anything is written.  Files are written atomically; lines nothing changed keep their text.
"""
from __future__ import annotations

import shutil
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bpdsl.migrate.ops import OpChange, migrate_ops
from bpdsl.migrate.roundtrip import Edit, flow

_SKIP = shutil.ignore_patterns(".git", ".venv", "__pycache__", "out", "node_modules", "*.pyc")


class MigrateError(Exception):
    """The project cannot be migrated (none found, a file that is no YAML …): the message says why.
    ``usage``: the command was pointed at the wrong place (no project there), not at a broken project."""

    def __init__(self, message: str, usage: bool = False):
        super().__init__(message)
        self.usage = usage


@dataclass
class FileChange:
    path: Path               # the project's file
    before: str
    after: str
    notes: list[str] = field(default_factory=list)

    @property
    def changed(self) -> bool:
        return self.before != self.after


@dataclass
class Outcome:
    """The project checked: its definitions' errors and each scenario's result (PASS / FAIL / ERROR …)."""

    errors: list[str] = field(default_factory=list)
    scenarios: dict[str, str] = field(default_factory=dict)

    @property
    def passed(self) -> int:
        return sum(1 for v in self.scenarios.values() if v in ("PASS", "XFAIL"))


@dataclass
class Plan:
    root: Path
    files: list[FileChange] = field(default_factory=list)
    left: list[str] = field(default_factory=list)      # what needs the designer's judgement
    before: Outcome = field(default_factory=Outcome)    # the project as it is (scenarios only: it may not load)
    after: Outcome = field(default_factory=Outcome)     # the migrated copy

    @property
    def changed(self) -> list[FileChange]:
        return [f for f in self.files if f.changed]

    @property
    def safe(self) -> bool:
        """The migrated project is valid and passes at least the scenarios that passed before."""
        return not self.after.errors and all(
            self.after.scenarios.get(k) in ("PASS", "XFAIL") for k, v in self.before.scenarios.items()
            if v in ("PASS", "XFAIL")) and not self.left


def _yaml_files(paths: Any) -> list[Path]:
    out: list[Path] = []
    for p in paths:
        p = Path(p)
        if p.is_dir():
            out += sorted(x for x in p.rglob("*") if x.suffix in (".yaml", ".yml") and x.is_file())
        elif p.is_file():
            out.append(p)
    return out


def _read(path: Path) -> Edit:
    from ruamel.yaml import YAMLError

    try:
        return Edit(path.read_text(encoding="utf-8"))
    except (YAMLError, UnicodeDecodeError) as exc:
        raise MigrateError(f"{path}: not readable as YAML ({type(exc).__name__}: {str(exc).splitlines()[0]})") from None


def plan(root: Path) -> Plan:
    """What migrating the project at ``root`` changes, checked on a copy (nothing is written)."""
    from bpdsl.dsl.project import find_project

    from bpdsl.dsl.project import Project

    root = root.resolve()
    project = find_project(root)
    if project is None:  # a folder of scenarios alone (a suite of rulings on the bundled editions)
        if not _yaml_files([root]):
            raise MigrateError(f"nothing to migrate at {root}: no bpdsl.toml, no definitions/ folder, no "
                               "scenario files (*.yaml)", usage=True)
        project = Project(root, None, (), True, (root,))
    base = project.root.resolve()
    out = Plan(base)
    for path in _yaml_files(project.definitions):
        edit = _read(path)
        changes = migrate_ops(edit)
        out.files.append(FileChange(path, edit.original, edit.text(), [c.describe() for c in changes]))
        out.left += [f"{path}: {c.describe()}" for c in changes if c.written is None]
    scenarios = _yaml_files(project.scenarios)
    out.before = check(base, scenarios, base)
    cache: dict[tuple[str, ...], Any] = {}  # definitions loaded once per selection (the copy's are its own)
    with tempfile.TemporaryDirectory(prefix="bpdsl-migrate-") as tmp:
        copy = Path(tmp) / "project"
        shutil.copytree(base, copy, ignore=_SKIP, symlinks=True)
        for f in out.changed:
            (copy / f.path.relative_to(base)).write_text(f.after, encoding="utf-8")
        for path in scenarios:
            out.files.append(_migrate_scenario(path, copy / path.relative_to(base), cache, copy, base))
        for f in out.changed:
            (copy / f.path.relative_to(base)).write_text(f.after, encoding="utf-8")
        out.after = check(copy, [copy / p.relative_to(base) for p in scenarios], copy, base, cache)
    return out


def _migrate_scenario(path: Path, copied: Path, cache: dict[tuple[str, ...], Any], copy_root: Path,
                      base: Path) -> FileChange:
    """The scenario's old labels replaced by selectors (found by running the copy, migrated definitions)."""
    from bpdsl.scenarios.errors import ScenarioError
    from bpdsl.scenarios.runner import run_scenario

    edit = _read(path)
    notes: list[str] = []
    try:
        result = run_scenario(copied, _definitions_for(copied, cache, (copy_root, base)))
    except (ScenarioError, MigrateError) as exc:
        return FileChange(path, edit.original, edit.original, [f"not run: {exc}"])
    for old in result.old_labels:
        parent = edit.doc
        for key in old.path[:-1]:
            parent = parent[key]
        if isinstance(parent, list):
            edit.replace_item(parent, old.path[-1], [flow(old.new)])
        else:
            edit.replace_value(parent, old.path[-1], flow(old.new))
        notes.append(old.message())
    return FileChange(path, edit.original, edit.text(), notes)


def _definitions_for(path: Path, cache: dict[tuple[str, ...], Any] | None = None,
                     copy: tuple[Path, Path] | None = None) -> Any:
    """The definitions scenario ``path`` reads (None: the bundled ones).  ``copy`` = (the copy's root, the
    project's root) when ``path`` lies in a copy: paths are resolved from the project's own file (a
    ``definitions: [../../shared]`` outside the project still names the same folder), and folders inside
    the project are read from the copy (its migrated files)."""
    from bpdsl.datafile import DataFileError, read_yaml_file
    from bpdsl.dsl.loader import load
    from bpdsl.dsl.project import ProjectError, select_for_file

    where = copy[1] / path.relative_to(copy[0]) if copy is not None else path
    try:
        data = read_yaml_file(path)
        selection = select_for_file(where, data.get("definitions"), data.get("bundled")) if isinstance(data, dict) \
            else None
    except (DataFileError, ProjectError):
        return None
    if selection is None:
        return None
    roots = selection.roots()
    if copy is not None:
        roots = [copy[0] / r.resolve().relative_to(copy[1]) if r.resolve().is_relative_to(copy[1]) else r
                 for r in roots]
    key = tuple(str(r) for r in roots)
    if cache is not None and key in cache:
        if isinstance(cache[key], MigrateError):
            raise cache[key]
        return cache[key]
    result = load(roots)
    if not result.ok:
        error = MigrateError("its definitions are invalid: " + "; ".join(d.format() for d in result.errors[:3]))
        if cache is not None:
            cache[key] = error
        raise error
    if cache is not None:
        cache[key] = result.definitions
    return result.definitions


def check(root: Path, scenarios: list[Path], shown: Path, real: Path | None = None,
          cache: dict[tuple[str, ...], Any] | None = None) -> Outcome:
    """Load the project at ``root`` and run its scenarios; keys and messages name the project's own paths
    (``real`` when ``root`` is a copy of it)."""
    from bpdsl.dsl.loader import load
    from bpdsl.dsl.project import select
    from bpdsl.scenarios.errors import ScenarioError
    from bpdsl.scenarios.runner import run_scenario

    out = Outcome()
    cache = {} if cache is None else cache
    name = (lambda p: str(Path(real) / Path(p).relative_to(root))) if real is not None else str
    selection = select(cwd=root)
    result = load(selection.roots())
    out.errors = [d.format().replace(str(root), str(real or root)) for d in result.errors]
    cache[tuple(str(r) for r in selection.roots())] = result.definitions if result.ok else MigrateError(
        "its definitions are invalid: " + "; ".join(d.format() for d in result.errors[:3]))
    for path in scenarios:
        try:
            r = run_scenario(path, _definitions_for(path, cache, (root, Path(real)) if real is not None else None))
        except (ScenarioError, MigrateError) as exc:
            out.scenarios[name(path)] = f"ERROR {str(exc).replace(str(root), str(real or root))}"
            continue
        out.scenarios[name(path)] = ("XPASS" if r.ok else "XFAIL") if r.xfail else ("PASS" if r.ok else "FAIL")
    return out


def write(p: Plan) -> list[Path]:
    """Write every changed file atomically; the files written."""
    from bpdsl.fsutil import write_atomic

    done = []
    for f in p.changed:
        write_atomic(f.path, f.after)
        done.append(f.path)
    return done


__all__ = ["FileChange", "MigrateError", "OpChange", "Outcome", "Plan", "check", "plan", "write"]
