"""Files bpdsl writes get the user's usual permissions (0666 less the umask), or keep those of the file they
replace -- never the private mode of the temporary file behind the atomic rename."""
from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from bpdsl.fsutil import umask, write_atomic


@pytest.mark.skipif(os.name != "posix", reason="POSIX permissions")
def test_a_new_file_has_the_usual_permissions(tmp_path: Path) -> None:
    old = os.umask(0o027)
    try:
        assert umask() == 0o027
        written = write_atomic(tmp_path / "a.yaml", "x: 1\n")
    finally:
        os.umask(old)
    assert stat.S_IMODE(written.stat().st_mode) == 0o640
    assert written.read_text(encoding="utf-8") == "x: 1\n"


@pytest.mark.skipif(os.name != "posix", reason="POSIX permissions")
def test_a_replaced_file_keeps_its_permissions(tmp_path: Path) -> None:
    target = tmp_path / "b.yaml"
    target.write_text("old\n", encoding="utf-8")
    target.chmod(0o604)
    write_atomic(target, "new\n")
    assert stat.S_IMODE(target.stat().st_mode) == 0o604 and target.read_text(encoding="utf-8") == "new\n"
    assert [p.name for p in tmp_path.iterdir()] == ["b.yaml"]  # no temporary file left
