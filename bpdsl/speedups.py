"""Compiled builds of the hot modules, used only while they are builds of the sources as they are now.

The build backend compiles the modules where play spends its time with Cython whenever the package is built
(``scripts/build_hook.py`` runs ``scripts/build_speedups.py``: for a wheel, ``pip install .`` and the editable
install of ``scripts/setup.sh``) into ``bpdsl/_compiled/<ABI>/`` inside the package, and writes a manifest there:
for each module, the SHA-256 of the source it was built from (the ``.py`` file and the ``.pxd`` declaring its
classes' C fields, if any), the extension file, and the modules whose C fields it reads.  Importing
``bpdsl`` installs a finder (:class:`SpeedupFinder`) at the front of ``sys.meta_path`` that serves a
module's extension only when the current source hashes to the manifest's value; otherwise -- an edited
source, a build for another Python, a missing file -- the pure module is imported as if nothing were
built.  So a compiled module is never used stale, and the ``.py`` files stay the one definition of the
behaviour (the compiled modules play the same games; a test compares them).

``BPDSL_PURE=1`` turns compiled modules off; ``BPDSL_SPEEDUPS_DIR`` names another build directory.

This module is imported with ``bpdsl`` itself, so it imports only what the interpreter has loaded anyway.
"""
from __future__ import annotations

import importlib.machinery
import importlib.util
import os
import sys

TYPE_CHECKING = False
if TYPE_CHECKING:  # typing is not imported at run time (see above)
    from types import ModuleType
    from typing import Sequence

PURE_ENV = "BPDSL_PURE"
DIR_ENV = "BPDSL_SPEEDUPS_DIR"
COMPILED_DIR = "_compiled"  # inside the package: bpdsl/_compiled/<ABI>/
MANIFEST = "manifest.json"
FORMAT = 1


def abi_tag() -> str:
    """The interpreter's extension-module tag (``cpython-311-x86_64-linux-gnu``): builds for another Python
    live in another directory."""
    suffix = importlib.machinery.EXTENSION_SUFFIXES[0]  # ".cpython-311-x86_64-linux-gnu.so"
    return suffix.strip(".").rsplit(".", 1)[0]


def build_dir() -> str:
    """Where the compiled modules of this installation are (``BPDSL_SPEEDUPS_DIR`` overrides): inside the
    package, where a wheel ships them and the editable install builds them."""
    env = os.environ.get(DIR_ENV)
    if env:
        return env
    return os.path.join(os.path.dirname(os.path.abspath(__file__)), COMPILED_DIR, abi_tag())


def pure_requested() -> bool:
    return os.environ.get(PURE_ENV, "").strip().lower() not in ("", "0", "no", "false")


def source_hash(path: str) -> str:
    """SHA-256 of a module's source: the ``.py`` file and, when there is one, the ``.pxd`` beside it (the
    compile-time declarations of its classes' C fields, see build_speedups.py)."""
    import hashlib

    h = hashlib.sha256()
    with open(path, "rb") as fh:
        h.update(fh.read())
    pxd = path[:-3] + ".pxd"
    if os.path.isfile(pxd):
        with open(pxd, "rb") as fh:
            h.update(b"\0pxd\0" + fh.read())
    return h.hexdigest()


def module_source(name: str) -> str:
    """The ``.py`` file of one of bpdsl's modules (``bpdsl.engine.state`` -> ``.../bpdsl/engine/state.py``)."""
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    return os.path.join(root, *name.split(".")) + ".py"


class CompiledLoader(importlib.machinery.ExtensionFileLoader):
    """Loads a compiled build; its source is the ``.py`` file it was built from, so that tracebacks (which
    look a frame's lines up through its module's loader), ``inspect`` and debuggers show the real lines."""

    def __init__(self, fullname: str, path: str, source_path: str):
        super().__init__(fullname, path)
        self.source_path = source_path

    def get_source(self, fullname: str) -> str | None:
        with open(self.source_path, "rb") as fh:
            return importlib.util.decode_source(fh.read())


class SpeedupFinder:
    """A meta path finder (``importlib.abc.MetaPathFinder``'s protocol) that serves a module's compiled
    build when its source's hash equals the manifest's, and otherwise the pure module."""

    def __init__(self, directory: str, modules: dict[str, dict[str, str]]):
        self.directory = directory
        # module name -> {"source_sha256": ..., "file": path under directory, "requires": {module: sha256}}
        self.modules = modules
        self.served: list[str] = []
        self.stale: list[str] = []

    def find_spec(self, fullname: str, path: Sequence[str] | None,
                  target: ModuleType | None = None) -> importlib.machinery.ModuleSpec | None:
        entry = self.modules.get(fullname)
        if entry is None:
            return None
        pure = importlib.machinery.PathFinder.find_spec(fullname, path)
        if pure is None or not pure.origin or not pure.origin.endswith(".py"):
            return pure
        ext = os.path.join(self.directory, entry["file"])
        try:
            fresh = source_hash(pure.origin) == entry["source_sha256"] and os.path.isfile(ext)
            # a build reads the C fields of the classes it cimports: it holds only with their builds (the
            # layout it was compiled against), so those must be unchanged and served too
            for dep, sha in entry.get("requires", {}).items():
                fresh = fresh and dep in self.modules and self.modules[dep]["source_sha256"] == sha == \
                    source_hash(module_source(dep))
        except OSError:
            fresh = False
        if not fresh:
            self.stale.append(fullname)
            return pure
        spec = importlib.util.spec_from_file_location(fullname, ext,
                                                      loader=CompiledLoader(fullname, ext, pure.origin))
        if spec is None:  # pragma: no cover - a location and a loader always give a spec
            return pure
        self.served.append(fullname)
        return spec

    def invalidate_caches(self) -> None:
        pass


def read_manifest(directory: str) -> dict[str, dict[str, str]]:
    """The manifest's modules, or none when it is missing, unreadable, or of another format or Python."""
    path = os.path.join(directory, MANIFEST)
    if not os.path.isfile(path):
        return {}
    import json

    try:
        with open(path, encoding="utf-8") as fh:
            data = json.load(fh)
    except (OSError, ValueError):
        return {}
    if not isinstance(data, dict) or data.get("format") != FORMAT or data.get("abi") != abi_tag():
        return {}
    modules = data.get("modules")
    return modules if isinstance(modules, dict) else {}


def _finder() -> SpeedupFinder | None:
    return next((f for f in sys.meta_path if isinstance(f, SpeedupFinder)), None)


def install() -> SpeedupFinder | None:
    """Put the finder in front of ``sys.meta_path`` (once), unless ``BPDSL_PURE`` is set or nothing is
    built."""
    if pure_requested():
        return None
    finder = _finder()
    if finder is None:
        directory = build_dir()
        modules = read_manifest(directory)
        if not modules:
            return None
        finder = SpeedupFinder(directory, modules)
        sys.meta_path.insert(0, finder)
    return finder


def usable() -> list[str]:
    """The modules a process of this checkout imports compiled (their build matches their source), whether or
    not this one has imported them yet; none under ``BPDSL_PURE``."""
    finder = _finder()
    if finder is None:
        return []
    names = []
    for name, entry in sorted(finder.modules.items()):
        spec = importlib.util.find_spec(name) if name not in sys.modules else sys.modules[name].__spec__
        if spec is not None and isinstance(spec.loader, importlib.machinery.ExtensionFileLoader):
            names.append(name)
    return names


def status() -> dict[str, object]:
    """What is compiled in this process: the modules imported from their compiled build (``active``), the
    ones imported pure because their source changed since the build or the build is missing (``stale``),
    and why nothing is compiled when so (``note``)."""
    finder = _finder()
    active = sorted(name for name in (finder.served if finder else [])
                    if isinstance(getattr(sys.modules.get(name), "__loader__", None),
                                  importlib.machinery.ExtensionFileLoader))
    note = ""
    if pure_requested():
        note = f"{PURE_ENV} is set"
    elif finder is None:
        note = "no compiled build installed (installing the package compiles it where Cython and a C compiler are)"
    return {"active": active, "stale": sorted(set(finder.stale)) if finder else [], "note": note}


def describe() -> str:
    """One line for people: ``compiled: 9 modules (bpdsl.engine.core, ...)`` or ``pure Python (why)``."""
    s = status()
    active: list[str] = s["active"]  # type: ignore[assignment]
    stale: list[str] = s["stale"]  # type: ignore[assignment]
    if active:
        text = f"compiled: {len(active)} modules ({', '.join(active)})"
    else:
        text = f"pure Python ({s['note'] or 'no compiled module imported'})"
    if stale:
        text += f"; imported pure, source changed since the build: {', '.join(stale)}"
    return text


def summary() -> str:
    """Which build this installation runs, in a few words, before anything is imported: ``compiled (27 of 27
    hot modules)``, or ``pure Python (why)``: for ``bpdsl --version`` and the set-up."""
    if pure_requested():
        return f"pure Python ({PURE_ENV} is set)"
    finder = _finder()
    if finder is None:
        return f"pure Python ({status()['note']})"
    names = usable()
    if not names:
        return "pure Python (the compiled build does not match the sources; install the package again)"
    return f"compiled ({len(names)} of {len(finder.modules)} hot modules)"

