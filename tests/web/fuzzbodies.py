"""What the API fuzz sends, drawn from one string of bytes per value.

Hypothesis's own work per drawn choice (recording it, steering the next ones) costs more than the request
the sandbox answers; a request body built from nested strategies (a dictionary of optional keys, each a
choice of JSON values) makes dozens of choices.  Here Hypothesis draws one ``bytes`` value and a small
decoder reads it as a recipe — the way byte-oriented fuzzers (libFuzzer's FuzzedDataProvider) build
structured input: each byte picks what comes next (a key the API knows, a value that is valid somewhere, a
number at a limit, a string with a lone surrogate or a NUL, nesting past the depth limit, or raw bytes).
Hypothesis still shrinks a failing example by shrinking the bytes, and the bodies cover what the nested
strategies covered, at about a tenth of the cost per example.
"""
from __future__ import annotations

import json

from hypothesis import strategies as st

KEYS = ["seed", "seat", "opponent", "edition", "format", "regulation", "scenario", "scenario_file", "decision",
        "option", "name", "text", "line", "col", "kind", "id", "entry", "version", "games", "t", "i", ""]
WORDS = ["act8.0", "act8.2", "act6.1", "bd1", "std", "lite", "pro", "random", "first", "person", "judge", "0",
         "1", "", " 7", "7e3", "\u0000", "\ud800", "\udfff", "a\u0000b", "../../etc/passwd", "/etc/passwd",
         "a/" * 120, "ＡＢＣ", "スタン\u202eダード", "\r\n", "x" * 300, "scenarios/",
         "edition: act8.0\nformat: std\nseed: 1\n", "edition: act8.0\nformat: std\nseed: " + "9" * 60,
         "actions: []\n", "kind: actions\nedition: act8.2\nactions:\n  - id: x\n", "{", "- a\n"]
NUMBERS = ["0", "1", "-1", "2", "7", "1.5", "7.0", "-0", "1e400", "-1e400", "1e-400", "Infinity", "-Infinity",
           "NaN", "9" * 30, "2147483648", "9223372036854775807", "9223372036854775808", "18446744073709551616",
           "1e3", "0.0", "10000000"]


class _Recipe:
    def __init__(self, data: bytes, keys: list[str]):
        self.data = data
        self.at = 0
        self.keys = keys

    def byte(self) -> int:
        b = self.data[self.at] if self.at < len(self.data) else 0
        self.at += 1
        return b

    def left(self) -> bool:
        return self.at < len(self.data)

    def chunk(self) -> bytes:
        n = self.byte() % 24
        out = self.data[self.at:self.at + n]
        self.at += n
        return out

    def word(self) -> str:
        b = self.byte()
        if b < 200:
            return WORDS[b % len(WORDS)]
        return any_text(self.chunk())

    def value(self, depth: int) -> str:
        """JSON text: valid JSON except for the number literals JSON has not (NaN, Infinity)."""
        b = self.byte() % 16 if self.left() and depth < 6 else self.byte() % 6
        if b == 0:
            return "null"
        if b == 1:
            return "true" if self.byte() % 2 else "false"
        if b == 2:
            return NUMBERS[self.byte() % len(NUMBERS)]
        if b == 3:
            return str(int.from_bytes(self.chunk() or b"\0", "big", signed=True))
        if b in (4, 5):
            return json.dumps(self.word())
        if b == 6:
            n = self.byte()
            return "[" * n + "]" * n  # at the depth limit (32) and past it
        if b < 11:
            return "[" + ", ".join(self.value(depth + 1) for _ in range(self.byte() % 4)) + "]"
        return self.obj(depth)

    def obj(self, depth: int, first: str = "") -> str:
        pairs = [first] if first else []
        for _ in range(1 + self.byte() % 4):  # {} is a valid request nearly everywhere: tried, not repeated
            k = self.byte()
            key = self.keys[k % len(self.keys)] if k < 220 else self.word()
            pairs.append(f"{json.dumps(key)}: {self.value(depth + 1)}")
        return "{" + ", ".join(pairs) + "}"


def any_text(data: bytes) -> str:
    """Text of any script from bytes (UTF-8, Latin-1 or UTF-16 as the first byte says; what does not decode
    becomes U+FFFD, so the text is always valid)."""
    if not data:
        return ""
    codec = ("utf-8", "latin-1", "utf-16-le")[data[0] % 3]
    return data[1:].decode(codec, "replace")


def body_of(data: bytes, first: str = "", keys: list[str] = KEYS) -> bytes:
    """A request body from a recipe: mostly an object of ``keys`` (the API's), else any JSON value, else
    the recipe's own bytes (not JSON, not UTF-8); ``first``: a ``"key": value`` the object starts with."""
    if not data:
        return b""
    recipe = _Recipe(data[1:], keys)
    kind = data[0] % 8
    if kind == 0 and not first:
        return data[1:]
    text = recipe.value(0) if kind == 1 and not first else recipe.obj(0, first)
    return text.encode("utf-8", "surrogatepass")


def bodies_of(keys: list[str]) -> st.SearchStrategy[bytes]:
    """Bodies whose objects use ``keys`` (those of one endpoint: fewer bodies it ignores and accepts)."""
    return st.binary(max_size=160).map(lambda data: body_of(data, keys=keys))


bodies = st.binary(max_size=160).map(body_of)
texts = st.binary(max_size=32).map(any_text)

__all__ = ["any_text", "bodies", "bodies_of", "body_of", "texts"]
