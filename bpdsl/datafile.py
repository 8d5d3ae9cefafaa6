"""Small YAML data files that are not definitions (deck files, scenarios): read them or say plainly why not.

Definitions go through :mod:`bpdsl.dsl.yamlload` (positions for every value, diagnostics with codes); these
files only need their data, or one message with the file, line and column of what stopped the read.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml


class DataFileError(ValueError):
    """The file cannot be read, is not UTF-8 text or not YAML; the message starts with ``file[:line:col]``."""


def read_yaml_file(path: str | Path) -> Any:
    """The data of the YAML file at ``path`` (``yaml.safe_load``)."""
    p = Path(path)
    try:
        return yaml.safe_load(p.read_text(encoding="utf-8"))
    except OSError as exc:
        raise DataFileError(f"{p}: cannot read: {exc.strerror or exc}") from None
    except UnicodeDecodeError as exc:
        raise DataFileError(f"{p}: not UTF-8 text ({exc.reason} at byte {exc.start}); save it as UTF-8") from None
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f"{p}:{mark.line + 1}:{mark.column + 1}" if mark else str(p)
        raise DataFileError(f"{where}: not valid YAML: {getattr(exc, 'problem', None) or exc}") from None
