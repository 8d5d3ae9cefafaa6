"""Where the cursor is in YAML that may not parse yet (a designer in the middle of a line): the chain of keys
and list items from the document's root to the cursor, read from indentation and flow brackets alone.

Completion needs this because the text being typed is often not valid YAML (``- dam``, ``{to: ta``); the
loader's positions (:mod:`bpdsl.lsp.locate`) serve every other question.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Union

ITEM = 0  # a list item in a chain (keys are strings)
Step = Union[str, int]

_KEY = re.compile(r"""^(?P<key>[^\s:#{}\[\],'"][^:#{}\[\],]*?|"[^"]*"|'[^']*'):(?:\s+|$)(?P<rest>.*)$""")


@dataclass
class Where:
    """``chain``: keys (str) and list items (``ITEM``) from the root; ``mode``: "key" (a mapping key is being
    typed), "value" (the value of the chain's last key) or "item" (a list item); ``token``: what is typed."""

    chain: list[Step] = field(default_factory=list)
    mode: str = "key"
    token: str = ""


def _unquote(key: str) -> str:
    return key[1:-1] if len(key) >= 2 and key[0] == key[-1] and key[0] in "'\"" else key


def _parts(line: str) -> tuple[list[int], int, str]:
    """(dash columns, column of the rest, rest): the "- " markers a line starts with and what follows them."""
    dashes: list[int] = []
    i = len(line) - len(line.lstrip(" "))
    while line.startswith("-", i) and (i + 1 == len(line) or line[i + 1] == " "):
        dashes.append(i)
        i += 1
        while i < len(line) and line[i] == " ":
            i += 1
    return dashes, i, line[i:]


def _open(stack: list[tuple[int, Step]], dashes: list[int], col: int, key: str | None) -> None:
    """Apply one line's list items and key to the stack of open (column, step) pairs."""
    for dc in dashes:
        while stack and (stack[-1][0] > dc or (stack[-1][0] == dc and stack[-1][1] == ITEM)):
            stack.pop()
        stack.append((dc, ITEM))
    if key is not None:
        while stack and stack[-1][0] >= col and not (stack[-1][1] == ITEM and dashes and stack[-1][0] == dashes[-1]):
            stack.pop()
        stack.append((col, key))


def where(text: str, line: int, col: int) -> Where:
    """The chain at 1-based ``line`` and ``col`` (the cursor is before character ``col``)."""
    lines = text.split("\n")
    if line - 1 >= len(lines):
        lines += [""] * (line - len(lines))
    stack: list[tuple[int, Step]] = []
    for prev in lines[: line - 1]:
        if not prev.strip() or prev.lstrip().startswith("#"):
            continue
        dashes, at, rest = _parts(prev)
        m = _KEY.match(rest)
        _open(stack, dashes, at, _unquote(m.group("key").strip()) if m and not rest.startswith(("{", "[")) else None)
        if not m and not dashes:  # a continuation (a block scalar's text): nothing opens
            continue
    current = lines[line - 1][: max(col - 1, 0)]
    dashes, at, rest = _parts(current)
    out = Where()
    m = _KEY.match(rest)
    if m and not rest.startswith(("{", "[")):
        key = _unquote(m.group("key").strip())
        _open(stack, dashes, at, key)
        if _flow(m.group("rest"), out) is None:
            out.mode, out.token, out.chain = "value", m.group("rest").strip(), []
    elif rest.startswith(("{", "[")):
        _open(stack, dashes, at, None)
        if _flow(rest, out) is None:
            out.mode, out.token, out.chain = ("item" if dashes else "value"), rest, []
    else:
        _open(stack, dashes, at, None)
        if not dashes:  # a key of the mapping at this column
            while stack and stack[-1][0] >= at:
                stack.pop()
        out.mode, out.token, out.chain = ("item" if dashes else "key"), rest.strip(), []
    out.chain = [step for _, step in stack] + out.chain
    return out


def _flow(text: str, out: Where) -> str | None:
    """Follow flow brackets in ``text`` (the value after a key); sets ``out.chain`` to the keys/items inside
    them, the mode and the token.  None when ``text`` opens no bracket still open at its end."""
    stack: list[str] = []
    keys: list[list[Step]] = []
    current: list[Step] = []
    token = ""
    key: str | None = None
    quote = ""
    i = 0
    while i < len(text):
        ch = text[i]
        if quote:
            if ch == quote:
                quote = ""
            token += ch
        elif ch in "'\"":
            quote = ch
            token += ch
        elif ch == "{":
            keys.append(current[:])
            current = current + ([key] if key is not None and stack and stack[-1] == "{" else [])
            if stack and stack[-1] == "[":
                current = current + [ITEM]
            stack.append("{")
            key, token = None, ""
        elif ch == "[":
            keys.append(current[:])
            current = current + ([key] if key is not None and stack and stack[-1] == "{" else [])
            if stack and stack[-1] == "[":
                current = current + [ITEM]
            stack.append("[")
            key, token = None, ""
        elif ch in "}]":
            if stack:
                stack.pop()
                current = keys.pop() if keys else []
            key, token = None, ""
        elif ch == ",":
            key, token = None, ""
        elif ch == ":" and stack and stack[-1] == "{" and key is None and (i + 1 == len(text) or text[i + 1] == " "):
            key, token = _unquote(token.strip()), ""
        else:
            token += ch
        i += 1
    if not stack:
        return None
    out.chain = current + ([key] if key is not None else [])
    if stack[-1] == "[":
        out.chain.append(ITEM)
        out.mode = "item"
    else:
        out.mode = "value" if key is not None else "key"
    out.token = token.strip()
    return text
