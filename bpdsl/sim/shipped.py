"""A run's definitions carried to workers that share no files with this process (Ray tasks).

A local pool forks this process and inherits its definitions; a Ray worker is a fresh process, possibly on
another machine, in another working directory, and knows neither the command line's ``-d`` folders nor the
designer's project.  So the driver reads the files of every definitions folder the run uses besides the
bundled ones and sends their contents with the job; each worker writes them once into a private temporary
folder and plays with exactly those definitions (plus its own bundled ones when the run uses them), whatever
its working directory holds.
"""
from __future__ import annotations

import hashlib
import tempfile
from dataclasses import dataclass, replace
from pathlib import Path

from bpdsl.sim.job import SimJob, play_range, played_definitions
from bpdsl.sim.tally import Tally

@dataclass(frozen=True)
class ShippedDefinitions:
    """The definitions of a run as data: per added root, its YAML files as (relative path, bytes)."""

    bundled: bool
    roots: tuple[tuple[str, tuple[tuple[str, bytes], ...]], ...]  # (root name, files)

    def digest(self) -> str:
        h = hashlib.sha256(repr(self.bundled).encode())
        for name, files in self.roots:
            h.update(name.encode())
            for rel, data in files:
                h.update(rel.encode() + b"\0" + hashlib.sha256(data).digest())
        return h.hexdigest()[:16]


def _files(root: Path) -> tuple[tuple[str, bytes], ...]:
    from bpdsl.engine.logdefs import definition_files

    if root.is_file():
        return ((root.name, root.read_bytes()),)
    return tuple((f.relative_to(root).as_posix(), f.read_bytes()) for f in definition_files(root))


def pack(job: SimJob) -> ShippedDefinitions:
    """The definitions ``job`` plays with, read here: its own folders, or the process's selection
    (bundled + project + ``-d``, or $BPDSL_DEFINITIONS) when it names none."""
    played = played_definitions(job)
    roots = tuple((f"{n}-{p.name}", _files(p)) for n, p in enumerate(played.paths))
    return ShippedDefinitions(played.bundled, roots)


_UNPACKED: dict[str, tuple[str, ...]] = {}


def unpack(shipped: ShippedDefinitions) -> tuple[str, ...]:
    """Write the shipped files into a private folder (once per process) and return every root to load,
    the worker's own bundled definitions first when the run uses them."""
    from bpdsl.resources import definitions_dir

    key = shipped.digest()
    if key not in _UNPACKED:
        base = Path(tempfile.mkdtemp(prefix=f"bpdsl-defs-{key}-"))
        roots: list[str] = [str(definitions_dir())] if shipped.bundled else []
        for name, files in shipped.roots:
            root = base / name
            for rel, data in files:
                target = root / rel
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_bytes(data)
            root.mkdir(parents=True, exist_ok=True)
            roots.append(str(root))
        _UNPACKED[key] = tuple(roots)
    return _UNPACKED[key]


def worker_job(job: SimJob, shipped: ShippedDefinitions) -> SimJob:
    """``job`` as a worker plays it: exactly the shipped definitions, not the worker's selection."""
    return replace(job, definitions=unpack(shipped), bundled=False)


def play_shipped(job: SimJob, shipped: ShippedDefinitions, start: int, stop: int) -> Tally:
    """What a Ray task runs: games ``start .. stop - 1`` of ``job`` with the shipped definitions."""
    return play_range(worker_job(job, shipped), start, stop)
