"""Reading the seed action lists (OCR'd markdown/HTML) as comparable text.

Normalisation, applied to the seed and to the rendered text alike: HTML tags and table bars become line
breaks, markdown emphasis and escapes go, NFKC (full/half width), 〜/～/~ become one wave dash, list
markers at the start of a line (・ - * 1. (a) i.) go, white space goes.  Then the OCR artefacts listed in
DESIGN.md (and two more found while reading the seeds) are mapped to the intended text.
"""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from pathlib import Path

# OCR artefacts of the seeds -> intended text (DESIGN.md, "The seeds").
OCR_FIXES: list[tuple[str, str]] = [
    ("ドロークション", "ドローアクション"),  # 002 チャージ
    ("死の棺", "死の槍"),  # 003: the card is 死の槍 (death lance)
    # 003 防壁設置 "チャージ状態場で出す": every other put-onto-field sentence reads "チャージ状態で場に出す"
    ("状態場で出す", "状態で場に出す"),
    ("Joker.A.J.Q.K", "Joker,A,J,Q,K"),  # 002 世代交代: commas read as full stops (003 prints commas)
]
# 003 防壁補充 ends "「防壁の置き方」参照" without the full stop every other sentence of the sheets has.
OCR_PATTERNS: list[tuple[re.Pattern[str], str]] = [(re.compile("「防壁の置き方」参照(?!。)"), "「防壁の置き方」参照。")]

_TAG = re.compile(r"<[^>]*>")
_MARKER = re.compile(r"^(?:[-*・]|\d+\.(?!\d)|\([a-z]\)|(?:i|ii|iii|iv|v|vi)\.)\s*")
_WAVES = str.maketrans({"～": "〜", "~": "〜", "∼": "〜"})


def normalize(text: str) -> str:
    text = _TAG.sub("\n", text).replace("|", "\n").replace("**", "").replace("\\$", "$")
    text = unicodedata.normalize("NFKC", text).translate(_WAVES)
    out: list[str] = []
    for line in text.split("\n"):
        line = line.strip()
        while True:
            stripped = _MARKER.sub("", line).strip()
            if stripped == line:
                break
            line = stripped
        out.append("".join(line.split()))
    joined = "".join(out)
    for old, new in OCR_FIXES:
        joined = joined.replace(old, new)
    for pattern, new in OCR_PATTERNS:
        joined = pattern.sub(new, joined)
    return joined


PART_HEADINGS = {"action": "アクションリストActionList", "character": "キャラクターリストCharacterList",
                 "fog": "フォグリストFogList"}

# "■防壁設置(召喚)" in the normalised text of a list
HEADER = re.compile(r"([■○])([^■○()]+?)\(([^()]+)\)")


@dataclass
class Seed:
    path: Path
    raw: str
    text: str  # normalised

    @classmethod
    def read(cls, path: Path) -> "Seed":
        raw = path.read_text(encoding="utf-8")
        return cls(path, raw, normalize(raw))

    def preamble(self) -> str:
        """Everything before the action list: title, date, supplement boxes."""
        return self.text[: self.text.index(PART_HEADINGS["action"])]

    def part(self, part: str) -> str:
        """The normalised text of one list (action / character / fog) of the sheet."""
        start = self.text.index(PART_HEADINGS[part])
        ends = [self.text.find(h, start + 1) for p, h in PART_HEADINGS.items() if p != part]
        ends = [e for e in ends if e > start]
        return self.text[start: min(ends) if ends else len(self.text)]

    def headers(self, part: str) -> list[tuple[str, str, str]]:
        """(mark, name, type) of every entry header of one list, in order, repeated OCR blocks removed."""
        seen: list[tuple[str, str, str]] = []
        for m in HEADER.finditer(self.part(part)):
            key = (m.group(1), m.group(2), m.group(3))
            if key not in seen:
                seen.append(key)
        return seen


def find_seed(seeds_dir: Path, prefix: str) -> Seed:
    path = next(seeds_dir.glob(f"{prefix}_*.txt"))
    return Seed.read(path)
