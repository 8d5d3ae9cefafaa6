"""Compile the hot modules of bpdsl with Cython into bpdsl/_compiled/<ABI>/ (see bpdsl/speedups.py).

The build backend runs this for every wheel and editable install (scripts/build_hook.py); by hand, to
compile again without reinstalling:

    .venv/bin/python scripts/build_speedups.py [--jobs 2] [--out DIR] [--module NAME ...] [--force]

Only the modules whose source changed since their build are compiled again; the manifest records the
SHA-256 of the source each extension was built from, and bpdsl serves an extension only while its source
still hashes to that value.  Without Cython or a C compiler it says so and exits 0: bpdsl then runs pure.
A compile error exits 1.

A module's source is its ``.py`` file and, if there is one, the ``.pxd`` beside it: Cython's compile-time
declarations that make its classes extension types with their fields in C slots, and the ``cimport`` of the
types its ``@cython.locals`` declarations name (bpdsl.purecython stands in for Cython where it is not
installed).  The ``.py`` file stays the one definition of the behaviour.  A module that cimports another's
classes reads their fields at fixed offsets: it is compiled again whenever that module changes, and the
manifest records the hash it was built against (``requires``) so that it is served only with that build.

The modules are chosen by measured gain (the README's Benchmark section): those where random-vs-random play
spends its time.  The rest of the engine and the op modules each take about one per cent of it or less, and
the CLI modules must stay pure (typer reads their signatures).
"""
from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import sys
import sysconfig
import tempfile
import threading
import time
from pathlib import Path
from typing import Any, Callable

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from bpdsl import speedups  # noqa: E402

MODULES = (
    # where random-vs-random play spends its time (cProfile, own time per module): the flow walk, decisions
    # and legal actions (a third to a half), BlackPoker's hooks, targets and zone ops, key patterns (a fifth of
    # act8.2 mast), and the bound expressions, numbers and declared rules Black Doubt plays on
    "bpdsl.engine.core",
    # the walker's parts, split from core along the event spine (functions of the game's C fields)
    "bpdsl.engine.gamebase",
    "bpdsl.engine.legality",
    "bpdsl.engine.raising",
    "bpdsl.engine.dispatch",
    "bpdsl.engine.triggercheck",
    "bpdsl.engine.stepping",
    "bpdsl.engine.fused",
    "bpdsl.games.blackpoker.hooks",
    "bpdsl.games.blackpoker.field_rules",
    "bpdsl.games.blackpoker.combat_rules",
    "bpdsl.games.blackpoker.name_rules",
    "bpdsl.games.blackpoker.cost_rules",
    "bpdsl.games.blackpoker.view_rules",
    "bpdsl.games.blackpoker.ops.targets",
    "bpdsl.games.blackpoker.ops.zones",
    "bpdsl.dsl.cards",
    "bpdsl.dsl.expr",
    "bpdsl.engine.numbers",
    "bpdsl.engine.declared",
    "bpdsl.games.blackdoubt.hooks",
    "bpdsl.ops.conditions",
    # a few per cent more together (measured: 1.04x over the ten above, for a quarter more build time)
    "bpdsl.engine.compiled",
    "bpdsl.engine.decisions",
    "bpdsl.engine.state",
    "bpdsl.games.blackpoker.ops.triggers",
    "bpdsl.ops.args",
    "bpdsl.ops.field",
    "bpdsl.ops.counters",
    "bpdsl.games.blackdoubt.ops",
    # what stayed pure in play after the typed fields (cProfile of compiled play): expression names, the
    # shuffle, the end-state hash, BlackPoker's cost, turn, combat and magic ops, nested steps
    "bpdsl.engine.contract",
    "bpdsl.engine.rng",
    "bpdsl.engine.log",
    "bpdsl.games.blackpoker.ops.costs",
    "bpdsl.games.blackpoker.ops.turn",
    "bpdsl.games.blackpoker.ops.combat",
    "bpdsl.games.blackpoker.ops.magic",
    "bpdsl.ops._nested",
    # the copies of the state behind the step API's checkpoints and clones (the search agent's playouts)
    "bpdsl.engine.snapshot",
    # what エクストラ adds at every decision (cProfile of compiled play: a third of its time stayed pure): the
    # trumps' gates, target filters, effect wrappers and trigger sources, and their target and trigger ops
    "bpdsl.games.blackpoker.trumps",
    "bpdsl.games.blackpoker.ops.trumps",
)

# Python's semantics kept exactly: annotations are not read as C types (a hint is not a guarantee here),
# indexing keeps its bounds checks and negative indices, division and powers stay Python's; functions
# stay introspectable and picklable by name (binding).
DIRECTIVES = {"language_level": 3, "annotation_typing": False, "binding": True}
# no debugging symbols: a third of the compile time, and the C lines are not what one debugs here
CFLAGS = ["-g0"]


def default_out(root: Path) -> Path:
    """Where the build of the tree ``root`` goes: inside its package, so that a wheel can ship it."""
    return root / "bpdsl" / speedups.COMPILED_DIR / speedups.abi_tag()


def no_compiler() -> str:
    """Why nothing can be compiled here, or ""."""
    try:
        import Cython  # noqa: F401
        import setuptools  # noqa: F401
    except ImportError as e:
        return f"{e.name} is not installed (pip install -e '.[speed]')"
    cc = (os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc").split()[0]
    if not shutil.which(cc):
        return f"no C compiler ({cc}) on PATH"
    include = sysconfig.get_paths()["include"]
    if not os.path.isfile(os.path.join(include, "Python.h")):
        return f"no Python headers ({include}/Python.h; Debian: python3-dev)"
    return ""


def _signature() -> dict[str, object]:
    import Cython

    return {"cython": Cython.__version__, "directives": DIRECTIVES, "cflags": CFLAGS}


def _source(root: Path, module: str) -> Path:
    return root.joinpath(*module.split(".")).with_suffix(".py")


def _requires(root: Path, module: str) -> list[str]:
    """The modules whose ``.pxd`` declarations ``module``'s own ``.pxd`` cimports: its build reads their C
    fields, so it is rebuilt with them and served only with them (bpdsl.speedups)."""
    pxd = _source(root, module).with_suffix(".pxd")
    if not pxd.is_file():
        return []
    found = re.findall(r"^\s*(?:from\s+([\w.]+)\s+cimport|cimport\s+([\w.]+))", pxd.read_text(encoding="utf-8"), re.M)
    return sorted({a or b for a, b in found if (a or b).startswith("bpdsl.")})


Report = Callable[[str], None]


def _quiet(message: str) -> None:
    """The report of a build nobody watches."""


def _reporting_build_ext(base: type, total: int, report: Report, start: float) -> type:
    """setuptools' build_ext that says each module it compiled: ``module n of N: name (m:ss)`` (the C
    compiler takes most of a build, a minute or more per module on a busy machine)."""
    lock = threading.Lock()
    done = [0]

    class ReportingBuildExt(base):  # type: ignore[misc,valid-type]
        def build_extension(self, ext: Any) -> None:
            t0 = time.monotonic()
            super().build_extension(ext)
            with lock:
                done[0] += 1
                report(f"compiled module {done[0]} of {total}: {ext.name} ({time.monotonic() - t0:.0f} s; "
                       f"{_clock(time.monotonic() - start)} in all)")

    return ReportingBuildExt


def _clock(seconds: float) -> str:
    s = int(seconds)
    return f"{s // 60}:{s % 60:02d}"


def _compile(root: Path, modules: list[str], out: Path, jobs: int, report: Report = _quiet) -> dict[str, Path]:
    """Cythonize and compile ``modules`` (paths relative to ``root``, as tracebacks name them); returns the
    extension of each, under ``out``.  ``report`` is told each step as it ends."""
    from Cython.Build import cythonize
    from setuptools import Distribution, Extension
    from setuptools.command.build_ext import build_ext

    exts = [Extension(m, [str(_source(Path(), m))], extra_compile_args=CFLAGS) for m in modules]
    cwd = os.getcwd()
    os.chdir(root)
    start = time.monotonic()
    try:
        report(f"translating {len(exts)} modules to C with Cython ({jobs} at a time) ...")
        exts = cythonize(exts, compiler_directives=DIRECTIVES, build_dir=str(out / "c"), nthreads=jobs,
                         force=True, quiet=True)
        report(f"translated {len(exts)} modules to C in {_clock(time.monotonic() - start)}; compiling them "
               f"({jobs} at a time) ...")
        with tempfile.TemporaryDirectory(dir=out) as stage:
            cmd = _reporting_build_ext(build_ext, len(exts), report, start)(
                Distribution({"name": "bpdsl-speedups", "ext_modules": exts}))
            cmd.build_lib = str(Path(stage) / "lib")
            cmd.build_temp = str(Path(stage) / "tmp")
            cmd.parallel = jobs
            cmd.ensure_finalized()
            cmd.run()
            built = {}
            for ext in exts:
                rel = cmd.get_ext_filename(ext.name)
                dst = out / rel
                dst.parent.mkdir(parents=True, exist_ok=True)
                os.replace(Path(cmd.build_lib) / rel, dst)  # a new inode: running processes keep theirs
                built[ext.name] = dst
    finally:
        os.chdir(cwd)
    return built


def build(root: Path, out: Path, modules: list[str], jobs: int, force: bool = False,
          report: Report = _quiet) -> list[str]:
    """Bring the build in ``out`` up to date for ``modules``; returns the modules compiled now.  ``report``
    is told each step (the modules to compile, each one compiled with its time)."""
    out.mkdir(parents=True, exist_ok=True)
    manifest_path = out / speedups.MANIFEST
    try:
        old = json.loads(manifest_path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        old = {}
    signature = _signature()
    kept = old.get("modules", {}) if old.get("build") == signature and not force else {}
    hashes = {m: speedups.source_hash(str(_source(root, m))) for m in modules}
    requires = {m: {d: hashes.get(d) or speedups.source_hash(str(_source(root, d))) for d in _requires(root, m)}
                for m in modules}
    missing = sorted({d for m in modules for d in requires[m] if d not in hashes})
    if missing:
        raise ValueError(f"compiled modules cimport {', '.join(missing)}, which is not compiled (add it to MODULES)")
    entries = {m: kept[m] for m in modules
               if m in kept and kept[m]["source_sha256"] == hashes[m] and (out / kept[m]["file"]).is_file()
               and kept[m].get("requires", {}) == requires[m]}
    todo = [m for m in modules if m not in entries]
    if todo:
        report(f"{len(todo)} of {len(modules)} hot modules to compile (the others are up to date)")
        for m, path in _compile(root, todo, out, jobs, report).items():
            # a source edited while it was compiled is left to the next build
            if speedups.source_hash(str(_source(root, m))) == hashes[m]:
                entries[m] = {"source_sha256": hashes[m], "file": str(path.relative_to(out))}
                if requires[m]:
                    entries[m]["requires"] = requires[m]
    for m, entry in old.get("modules", {}).items():  # builds no longer listed (or replaced) go
        if entry.get("file") and (m not in entries or entries[m]["file"] != entry["file"]):
            (out / entry["file"]).unlink(missing_ok=True)
    manifest = {"format": speedups.FORMAT, "abi": speedups.abi_tag(), "build": signature,
                "modules": dict(sorted(entries.items()))}
    tmp = manifest_path.with_suffix(".tmp")
    tmp.write_text(json.dumps(manifest, indent=1) + "\n", encoding="utf-8")
    os.replace(tmp, manifest_path)
    return todo


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--jobs", "-j", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--out", type=Path, default=None, help="build directory (default: bpdsl/_compiled/<ABI>)")
    ap.add_argument("--root", type=Path, default=ROOT, help="the tree whose bpdsl/ is compiled")
    ap.add_argument("--module", action="append", help="compile this module (repeatable; default: the hot ones)")
    ap.add_argument("--force", action="store_true", help="compile every module again")
    a = ap.parse_args()
    why = no_compiler()
    if why:
        print(f"note: bpdsl runs as pure Python: the compiled speed-ups are not built ({why}).")
        return 0
    out = a.out or default_out(a.root.resolve())
    t0 = time.monotonic()
    try:
        done = build(a.root.resolve(), out.resolve(), a.module or list(MODULES), max(1, a.jobs), a.force,
                     report=lambda message: print(f"bpdsl speed-ups: {message}", file=sys.stderr, flush=True))
    except Exception as e:  # a compile error: Cython's and the compiler's messages are above
        print(f"error: building the compiled speed-ups failed: {e}", file=sys.stderr)
        return 1
    what = f"compiled {len(done)} modules in {time.monotonic() - t0:.0f} s" if done else "up to date"
    if done and len(done) == 1:
        what = f"compiled {done[0]} in {time.monotonic() - t0:.0f} s"
    print(f"bpdsl speed-ups ({out}): {what}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
