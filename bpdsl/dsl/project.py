"""Which definitions a command reads: the bundled ones, plus a designer's project, plus ``-d`` folders.

A designer's edition *extends* the bundled definitions (``extends: act8.2`` needs act8.2 loaded), so every
way of naming definitions adds to the bundled tree unless told otherwise:

1. the bundled definitions (:func:`bpdsl.resources.definitions_dir`), unless ``--no-bundled`` is given or
   the project's ``bpdsl.toml`` says ``bundled = false``;
2. the project's definitions: the nearest ``bpdsl.toml`` in the working directory or above it
   (``[definitions] paths``, relative to that file; default ``["definitions"]``); without a ``bpdsl.toml``,
   a ``definitions/`` folder in the working directory;
3. every ``-d/--definitions PATH`` of the command line, in order.

``BPDSL_DEFINITIONS`` (paths separated by ``os.pathsep``) replaces all of this: exactly those paths are read,
neither the bundled definitions nor a project.  It is meant for scripts and tests that load a few files alone.

A ``bpdsl.toml``::

    [definitions]
    paths = ["definitions"]   # relative to this file
    bundled = true            # false: the project replaces the bundled definitions

    [scenarios]
    paths = ["scenarios"]     # what `bpdsl scenario` runs when given no file

    [defaults]
    edition = "my"            # what simulate, play, render, diff ... use when not given --edition
    format = "std"
"""
from __future__ import annotations

import os
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable, Sequence

ENV_VAR = "BPDSL_DEFINITIONS"
PROJECT_FILE = "bpdsl.toml"
PROJECT_DIR = "definitions"


class ProjectError(Exception):
    """A ``bpdsl.toml`` that cannot be read or has the wrong shape (a usage error of the designer)."""


@dataclass(frozen=True)
class Project:
    """A designer's project folder: its definitions, scenarios and default edition/format."""

    root: Path
    file: Path | None                       # the bpdsl.toml, or None for a bare definitions/ folder
    definitions: tuple[Path, ...]
    bundled: bool = True
    scenarios: tuple[Path, ...] = ()
    edition: str | None = None
    format: str | None = None


@dataclass(frozen=True)
class Selection:
    """The definitions one command reads, and where that choice came from (shown by ``bpdsl validate``)."""

    bundled: bool
    paths: tuple[Path, ...] = ()            # added to (or, without bundled, replacing) the bundled tree
    project: Project | None = None
    from_env: bool = False

    def roots(self) -> list[Path]:
        from bpdsl.resources import definitions_dir

        roots = [definitions_dir()] if self.bundled else []
        seen = {r.resolve() for r in roots}
        for p in self.paths:
            if p.resolve() not in seen:
                seen.add(p.resolve())
                roots.append(p)
        return roots

    def key(self) -> tuple[str, ...]:
        return tuple(str(p.resolve()) for p in self.roots())

    def describe(self) -> str:
        """One line for a summary: what is read, and why."""
        if self.from_env:
            return f"definitions from ${ENV_VAR}: " + ", ".join(str(p) for p in self.paths)
        parts = ["bundled definitions" if self.bundled else "no bundled definitions (--no-bundled)"]
        if self.project is not None:
            where = self.project.file or self.project.root / PROJECT_DIR
            parts.append(f"project {where}")
        extra = [p for p in self.paths if self.project is None or p not in self.project.definitions]
        if extra:
            parts.append("added: " + ", ".join(str(p) for p in extra))
        return "; ".join(parts)



def _str_list(value: object, where: str) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        return list(value)
    raise ProjectError(f"{where} must be a list of paths")


def read_project(file: Path) -> Project:
    """The project described by ``file`` (a bpdsl.toml)."""
    try:
        data = tomllib.loads(file.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as exc:
        raise ProjectError(f"{file}: cannot read: {exc}") from None
    except tomllib.TOMLDecodeError as exc:
        raise ProjectError(f"{file}: not valid TOML: {exc}") from None
    root = file.parent
    known = {"definitions", "scenarios", "defaults"}
    unknown = sorted(set(data) - known)
    if unknown:
        raise ProjectError(f"{file}: unknown table(s) {', '.join(unknown)}; known: {', '.join(sorted(known))}")
    defs = data.get("definitions", {})
    scen = data.get("scenarios", {})
    defaults = data.get("defaults", {})
    for name, table in (("definitions", defs), ("scenarios", scen), ("defaults", defaults)):
        if not isinstance(table, dict):
            raise ProjectError(f"{file}: [{name}] must be a table")
    bundled = defs.get("bundled", True)
    if not isinstance(bundled, bool):
        raise ProjectError(f"{file}: [definitions] bundled must be true or false")
    for key in ("edition", "format"):
        if key in defaults and not isinstance(defaults[key], str):
            raise ProjectError(f"{file}: [defaults] {key} must be a string")
    paths = _str_list(defs.get("paths", [PROJECT_DIR]), f"{file}: [definitions] paths")
    scenarios = _str_list(scen.get("paths", ["scenarios"]), f"{file}: [scenarios] paths")
    return Project(root, file, tuple(root / p for p in paths), bundled,
                   tuple(root / p for p in scenarios if (root / p).exists()),
                   defaults.get("edition"), defaults.get("format"))


def find_project(start: Path) -> Project | None:
    """The project of directory ``start``: the nearest bpdsl.toml at or above it, else ``start/definitions``."""
    from bpdsl.resources import definitions_dir

    start = start.resolve()
    for folder in (start, *start.parents):
        if (folder / PROJECT_FILE).is_file():
            return read_project(folder / PROJECT_FILE)
    bare = start / PROJECT_DIR
    if bare.is_dir() and bare.resolve() != definitions_dir().resolve():
        scenarios = start / "scenarios"
        return Project(start, None, (bare,), True, (scenarios,) if scenarios.is_dir() else ())
    return None


def select(paths: Iterable[Path] = (), no_bundled: bool = False, cwd: Path | None = None) -> Selection:
    """The definitions named by the environment, the project of ``cwd`` and the command line."""
    env = os.environ.get(ENV_VAR)
    given = tuple(Path(p) for p in paths)
    if env and not given and not no_bundled:
        return Selection(False, tuple(Path(p) for p in env.split(os.pathsep) if p), from_env=True)
    project = find_project(cwd or Path.cwd())
    added = (project.definitions if project else ()) + given
    bundled = not no_bundled and (project.bundled if project else True)
    return Selection(bundled, added, project)


def select_for_file(file: Path, declared: object = None, bundled: object = None) -> Selection | None:
    """The definitions a scenario (or other file) names: its own ``definitions:`` list (paths relative to the
    file; ``bundled: false`` to leave the bundled ones out), else the project the file lies in; None when the
    file names none (the process's selection applies).  A command line's ``-d``/``--no-bundled`` wins."""
    if command_line_chose():
        return None
    if declared is not None:
        paths = _str_list(declared, f"{file}: definitions")
        return Selection(bundled is not False, tuple(file.parent / p for p in paths))
    found = find_project(file.parent)
    if found is None or found.file is None:
        return None
    return Selection(found.bundled, found.definitions, found)


@dataclass
class _Choice:
    paths: tuple[Path, ...] = ()
    no_bundled: bool = False


_CHOICE = _Choice()


def choose(paths: Sequence[Path] | None = None, no_bundled: bool | None = None) -> None:
    """Record the command line's choice (``-d`` paths, ``--no-bundled``) for this process."""
    if paths is not None:
        _CHOICE.paths = tuple(Path(p) for p in paths)
    if no_bundled is not None:
        _CHOICE.no_bundled = no_bundled


def command_line_chose() -> bool:
    """Whether the command line named definitions itself (``-d`` or ``--no-bundled``): it then overrides the
    definitions a scenario or a log names."""
    return bool(_CHOICE.paths or _CHOICE.no_bundled)


def chosen_paths() -> tuple[Path, ...]:
    """The ``-d`` paths of the command line."""
    return _CHOICE.paths


def reset() -> None:
    """Forget the command line's choice (each CLI invocation starts from here)."""
    _CHOICE.paths = ()
    _CHOICE.no_bundled = False


def current() -> Selection:
    """The definitions this process reads by default."""
    return select(_CHOICE.paths, _CHOICE.no_bundled)
