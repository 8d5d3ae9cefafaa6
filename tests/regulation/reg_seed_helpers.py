"""Helpers of the regulation tests: reading the seed rulebooks' tables straight from the OCR'd text."""
from __future__ import annotations

import re
from pathlib import Path

from bpdsl.games.blackpoker.regulation.check import normalize


def seed_text(seeds_dir: Path, prefix: str) -> str:
    return next(seeds_dir.glob(f"{prefix}_*.txt")).read_text(encoding="utf-8")


def seed_table(text: str, caption: str) -> list[list[str]]:
    """The markdown rows following ``caption`` in a seed, cells stripped, separator rows dropped."""
    start = text.index(caption)
    rows: list[list[str]] = []
    started = False
    for line in text[start:].splitlines()[1:]:
        s = line.strip()
        if s.startswith("|"):
            started = True
            cells = [c.strip() for c in s.strip("|").split("|")]
            if all(re.fullmatch(r":?-+:?", c) for c in cells if c):
                continue
            rows.append(cells)
        elif started and s:
            break
    return rows


def name_to_id(entries: dict, name: str) -> str:
    """Id of the entry whose printed name matches a seed cell like "ランダム 40" or "【フレーム】"."""
    key = normalize(name)
    for eid, e in entries.items():
        if key in {normalize(e.name), *(normalize(a) for a in e.aliases)}:
            return eid
    raise KeyError(name)


def soak_games() -> int:
    """``soak_games()`` of the suite's root conftest (tests/conftest.py), imported by path so that it works
    whether or not the checkout is on sys.path."""
    import importlib.util

    path = Path(__file__).resolve().parent.parent / "conftest.py"
    spec = importlib.util.spec_from_file_location("bpdsl_tests_root_conftest", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return int(module.soak_games())
