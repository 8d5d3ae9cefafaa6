"""The build backend's hook: the hot modules compiled with Cython whenever the package is built.

Hatchling runs this hook for every wheel it builds and for the editable install, so ``pip install .``, a
built wheel and ``pip install -e .`` (``scripts/setup.sh``) all run the compiled modules.  The build itself
is :mod:`build_speedups` (beside this file): it compiles into ``bpdsl/_compiled/<ABI>/`` of the tree with a
manifest of the sources' hashes, again only for the modules whose source changed.  A wheel ships that
directory inside the package; an editable install reads it where it is.  bpdsl serves a compiled module only
while its source still hashes to the manifest's value (bpdsl/speedups.py), so an edited checkout never runs a
stale build.

Without Cython, setuptools or a C compiler (``BPDSL_PURE=1`` at build time does the same), nothing is
compiled and the package is pure Python; it then runs as is, only slower.
"""
from __future__ import annotations

import importlib.util
import os
import sys
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

HERE = Path(__file__).resolve().parent


def _builder() -> Any:
    spec = importlib.util.spec_from_file_location("build_speedups", HERE / "build_speedups.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class CompiledModulesHook(BuildHookInterface):
    """Compiles the hot modules and, for a wheel, ships them as package data with a platform tag."""

    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if self.target_name != "wheel":
            return
        builder = _builder()
        root = Path(self.root)
        out = builder.default_out(root)
        why = "BPDSL_PURE is set" if os.environ.get("BPDSL_PURE", "").strip().lower() not in ("", "0", "no", "false") \
            else builder.no_compiler()
        if why:
            self.app.display_warning(f"bpdsl is built as pure Python: the hot modules are not compiled ({why}).")
            return
        jobs = max(1, os.cpu_count() or 1)
        done = builder.build(root, out, list(builder.MODULES), jobs, report=lambda m: self.app.display_info(f"bpdsl: {m}"))
        self.app.display_info(f"bpdsl: {len(done)} hot modules compiled, the others up to date ({out})")
        if version == "editable":
            return  # read in place by the editable install
        for path in sorted(out.rglob("*")):
            if path.is_file() and (path.suffix in (".so", ".pyd") or path.name == "manifest.json"):
                build_data["force_include"][str(path)] = str(Path("bpdsl") / path.relative_to(root / "bpdsl"))
        build_data["pure_python"] = False
        build_data["infer_tag"] = True


def _main() -> int:  # pragma: no cover - a hook module is not run
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":  # pragma: no cover
    sys.exit(_main())
