"""Official lists with the faults of the archived 2019 lists, made at test time from an official file.

The 2019 lists of the upstream action-list tool are not in ../shared/upstream/; the faults a designer met
in them are put into a copy of the 第六版 list (never kept in the repository):

- a comma after a quoted value at the end of a line (``actNote: '',``), which YAML refuses in a block
  mapping, and after plain values (``actCost: B,``), which YAML reads as part of the value;
- a stray ``}`` on a line of its own;
- the format ``master`` (the list's own spelling of ``mast``);
- アタック's second step written without its condition, as the 2019 lists wrote it:
  「ブロックアクションを起こす。」.
"""
from __future__ import annotations

import re
from pathlib import Path

ATTACK_STEP = "アタッカーが1体以上いる場合、ブロックアクションを起こす。"


def older_list(source: Path, dest: Path, *, attack_step: str = "ブロックアクションを起こす。",
               extra_faults: bool = False) -> dict[str, list[int]]:
    """Write ``source`` with the 2019 faults to ``dest``; returns the lines (1-based) of each fault put in.
    ``extra_faults`` adds two faults no official tool read past: a quote left open and text after a
    closing quote."""
    lines = source.read_text(encoding="utf-8").split("\n")
    out: list[str] = []
    faults: dict[str, list[int]] = {"comma": [], "plain comma": [], "brace": [], "master": [], "open quote": [],
                                    "after quote": []}
    commas = plains = 0
    for i, line in enumerate(lines):
        if re.search(r"^\s+act(Note|Target|S): '[^']*'$", line) and commas < 12 and i % 2 == 0:
            line += ","
            commas += 1
            faults["comma"].append(len(out) + 1)
        elif re.search(r"^\s+actCost: [A-Z]+$", line) and plains < 3:
            line += ","
            plains += 1
            faults["plain comma"].append(len(out) + 1)
        if "mast'" in line and not faults["master"]:
            line = line.replace("mast'", "master'")
            faults["master"].append(len(out) + 1)
        out.append(line.replace(ATTACK_STEP, attack_step))
        if line.strip() == "flavorSpeaker: ''" and not faults["brace"] and i > 200:
            out.append("    }")
            faults["brace"].append(len(out))
    if extra_faults:
        for kind, old, new in (("open quote", "actTarget: ''", "actTarget: 'abc"),
                               ("after quote", "actKey: ''", "actKey: 'x'y")):
            at = next(n for n, line in enumerate(out) if line.strip() == old and n > 400)
            out[at] = out[at].replace(old, new)
            faults[kind].append(at + 1)
    dest.write_text("\n".join(out), encoding="utf-8")
    return faults
