"""Where BlackPoker's beginner's course lives: lesson files (bpdsl.scenarios.lesson) shipped in this package."""
from __future__ import annotations

from pathlib import Path


def course_dir() -> Path:
    """The folder of the bundled lessons (ライト of act8.0 and act8.2)."""
    return Path(__file__).resolve().parent / "lessons"


__all__ = ["course_dir"]
