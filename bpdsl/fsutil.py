"""Atomic file writing: nothing is ever left written half-way."""
from __future__ import annotations

import os
import stat
import tempfile
from pathlib import Path


def write_atomic(path: str | os.PathLike[str], data: bytes | str, encoding: str = "utf-8") -> Path:
    """Write ``data`` to ``path`` through a temporary file in the same directory and an atomic rename.

    The file gets the permissions any program of the user gives a new file (``0666`` less the umask), or
    keeps those of the file it replaces: the temporary file behind the rename is private to its owner, the
    file written is not."""
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    raw = data.encode(encoding) if isinstance(data, str) else data
    try:
        mode = stat.S_IMODE(target.stat().st_mode)
    except OSError:
        mode = 0o666 & ~umask()
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(raw)
            fh.flush()
            if hasattr(os, "fchmod"):  # POSIX; elsewhere the new file has the usual permissions already
                os.fchmod(fh.fileno(), mode)
            os.fsync(fh.fileno())
        os.replace(tmp, target)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise
    return target


def umask() -> int:
    """The process's umask, read without changing it where the system tells it (Linux), since setting it to
    read it back races with other threads creating files."""
    try:
        with open("/proc/self/status", encoding="ascii") as fh:
            for line in fh:
                if line.startswith("Umask:"):
                    return int(line.split()[1], 8)
    except (OSError, ValueError):
        pass
    old = os.umask(0o022)
    os.umask(old)
    return old
