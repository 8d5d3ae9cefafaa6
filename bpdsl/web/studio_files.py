"""The studio's files: the definitions of the selection as a tree, read with a version, saved atomically
and only over the version the editor started from (a file another editor changed is never overwritten
silently: the save is refused with 409 and the editor offers to reload).

A file is named by the name the diagnostics use (:func:`bpdsl.dsl.loader.display_name`), and only files
found under the selection's roots are served: a name that is not one of them is a 404, whatever it holds
(``..``, an absolute path, another case).  The bundled definitions are read-only: a designer's changes go
into their project, which extends them.

Every path is confined to the folders it was found in (:func:`inside`): a file that is a symlink leading
out of them (``definitions/passwd.yaml`` -> ``/etc/passwd``), or below a symlinked folder leading out, is
not listed, and each read and save checks again at the moment it happens (a file swapped for a symlink
after the tree was listed is refused with 403, and the last component is opened with ``O_NOFOLLOW``).  A
symlink that stays inside the project is followed: it is the file it names.
"""
from __future__ import annotations

import errno
import hashlib
import os
import time
from dataclasses import dataclass
from pathlib import Path

from bpdsl.diagnostics import DiagnosticSink
from bpdsl.dsl.loader import display_name, find_files
from bpdsl.fsutil import write_atomic
from bpdsl.web.tables import Refused

MAX_FILE = 1024 * 1024  # a definitions file the studio reads or saves
LISTING_SECONDS = 1.0  # the tree is listed from the disk again at most this often (a request names a file)


def inside(path: Path, roots: list[Path]) -> bool:
    """Whether ``path``, every symlink of it followed, is one of ``roots`` (resolved) or below one."""
    resolved = path.resolve()
    return any(resolved == r or r in resolved.parents for r in roots)


def read_confined(path: Path, roots: list[Path], limit: int) -> bytes:
    """The bytes of ``path`` (at most ``limit`` + 1), refused with 403 unless it is still inside ``roots``
    with no symlink as its last component: the check and the open happen together, at the time of use."""
    if not inside(path, roots) or path.resolve() != path:
        raise Refused(403, f"{path.name} now leads out of the project (a symlink); it is not read")
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0))
    except OSError as exc:
        if exc.errno == errno.ELOOP:  #: the file became a symlink between the check and the open
            raise Refused(403, f"{path.name} is a symlink; it is not read") from None
        raise
    with os.fdopen(fd, "rb") as fh:
        return fh.read(limit + 1)


def version_of(data: bytes) -> str:
    """A file's version: the hash of its bytes (an editor saving over another version is refused)."""
    return hashlib.sha256(data).hexdigest()[:20]


@dataclass(frozen=True)
class StudioFile:
    name: str  # as in the diagnostics: relative to the working directory when below it
    path: Path
    editable: bool


class FileTree:
    def __init__(self, roots: list[Path], read_only: list[Path]):
        self.roots = [r.resolve() for r in roots]
        self.read_only = [r.resolve() for r in read_only]
        self._listed: tuple[float, list[StudioFile]] | None = None

    @property
    def confines(self) -> list[Path]:
        """The folders every file of the tree must stay inside: the project's roots and the bundled ones."""
        return self.roots + self.read_only

    def files(self) -> list[StudioFile]:
        """The files of the tree; listed from the disk at most every :data:`LISTING_SECONDS` (every request
        names a file: a page asking for a file's version every two seconds, a burst of requests, do not
        each walk the folders)."""
        now = time.monotonic()
        if self._listed is None or now - self._listed[0] >= LISTING_SECONDS:
            self._listed = (now, self._scan())
        return self._listed[1]

    def _scan(self) -> list[StudioFile]:
        out = []
        for path in find_files(self.roots, DiagnosticSink()):
            resolved = path.resolve()
            if not inside(resolved, self.confines):  # a symlink leading out of the project: never served
                continue
            editable = not any(r == resolved or r in resolved.parents for r in self.read_only)
            out.append(StudioFile(display_name(resolved), resolved, editable))
        return out

    def label(self, f: StudioFile) -> str:
        """How the tree shows a file: a bundled one by its place in the bundled definitions."""
        for r in self.read_only:
            if r in f.path.parents:
                return "同梱: " + str(f.path.relative_to(r))
        return f.name

    def get(self, name: str) -> StudioFile:
        for f in self.files():
            if f.name == name:
                return f
        raise Refused(404, f"no definitions file {name!r} in this project")

    def read(self, name: str) -> tuple[StudioFile, str, str]:
        """The file, its text and its version."""
        f = self.get(name)
        try:
            data = read_confined(f.path, self.confines, MAX_FILE)
        except OSError as exc:
            raise Refused(404, f"{name}: cannot be read ({exc.strerror})") from None
        if len(data) > MAX_FILE:
            raise Refused(413, f"{name} is larger than {MAX_FILE} bytes")
        try:
            return f, data.decode("utf-8"), version_of(data)
        except UnicodeDecodeError:
            raise Refused(400, f"{name} is not UTF-8 text") from None

    def version(self, name: str) -> str:
        f = self.get(name)
        try:
            return version_of(read_confined(f.path, self.confines, MAX_FILE))
        except OSError:
            return ""

    def save(self, name: str, text: str, base: str) -> str:
        """Write ``text`` atomically if the file is still at version ``base``; the new version."""
        f = self.get(name)
        if not f.editable:
            raise Refused(403, f"{name} is one of the bundled definitions (read-only); write your change in "
                               "your project's edition, which extends it")
        data = text.encode("utf-8")
        if len(data) > MAX_FILE:
            raise Refused(413, f"the text is larger than {MAX_FILE} bytes")
        current = self.version(name)
        if current != base:
            raise Refused(409, f"{name} was changed on disk by another program since you opened it; reload it "
                               "(your text stays in the editor until you do)")
        if not inside(f.path, self.roots) or f.path.resolve() != f.path:  # swapped for a symlink since listed
            raise Refused(403, f"{name} now leads out of the project (a symlink); it is not written")
        write_atomic(f.path, data)  # a new file renamed over the name: never written through a link
        return version_of(data)
