"""The one safe reader of every file a user hands to bpdsl: definitions, decks, scenarios, logs.

A file is text a person (or a program, or an attacker) wrote, so before any parser builds data from it,
three limits are checked on the cheap:

* **size** — at most :data:`MAX_BYTES` bytes (a definitions file is a few KiB, a game's log a few hundred);
* **depth** — at most :data:`MAX_DEPTH` levels of nested lists and mappings.  The depth is first read
  from the characters (:mod:`bpdsl.yamldepth`), before any parser: so a PyYAML with a nesting limit of its
  own gives the same diagnostic as one without.  Then the YAML is read as a flat stream of parser events
  (libyaml's event parser keeps its own stack and never recurses), counting the open collections exactly;
  only a document within the limit reaches the composer, which does recurse (in C: 25,000 levels crash
  the process);
* **expansion** — at most :data:`MAX_NODES` values once every alias is expanded.  The same event pass
  records the size of each anchored node, so an alias bomb ("billion laughs", nine aliases of nine
  aliases ...) is refused after a few hundred events instead of filling the memory.

Every refusal is an :class:`InputError` with the file, line and column where the limit was crossed and a
hint that fits the cause.  Definitions go on through :mod:`bpdsl.dsl.yamlload` (positions for every value,
diagnostics with codes); decks and scenarios only need their data (:func:`read_yaml_file`), logs their
JSON lines (:func:`read_json_lines`).
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterator

import yaml

from bpdsl.yamldepth import first_too_deep

MAX_BYTES = 16 * 1024 * 1024  # far above any definitions file, deck, scenario or log of one game
MAX_DEPTH = 100  # definitions need about 8 levels; a log line 4
MAX_NODES = 200_000  # values after expanding aliases; the bundled definitions hold about 20,000
MAX_JSON_DEPTH = 32


@dataclass(frozen=True)
class InputProblem:
    """Why a text is refused before it is parsed: ``kind`` is ``size``, ``depth`` or ``expansion``."""

    kind: str
    line: int
    col: int
    message: str
    hint: str


class DataFileError(ValueError):
    """The file cannot be read, is not UTF-8 text, not YAML/JSON or over a limit; the message starts with
    ``file:line:col``.  ``kind``: ``read`` (unreadable, not UTF-8), ``syntax``, or the limit crossed
    (``size``, ``depth``, ``expansion``)."""

    def __init__(self, file: str, line: int, col: int, message: str, hint: str = "", kind: str = "read"):
        self.file, self.line, self.col, self.message, self.hint, self.kind = file, line, col, message, hint, kind
        where = f"{file}:{line}:{col}" if line else file
        super().__init__(f"{where}: {message}" + (f" ({hint})" if hint else ""))


_OPEN = (yaml.SequenceStartEvent, yaml.MappingStartEvent)
_CLOSE = (yaml.SequenceEndEvent, yaml.MappingEndEvent)
_LOADER = getattr(yaml, "CSafeLoader", None) if getattr(yaml, "__with_libyaml__", False) else None


def yaml_limits_problem(text: str, *, max_depth: int = MAX_DEPTH, max_nodes: int = MAX_NODES,
                        max_bytes: int = MAX_BYTES) -> InputProblem | None:
    """The first limit ``text`` crosses, or None.  Syntax errors are left to the real parse (the events
    before the error were within the limits, so the composer stays safe up to it)."""
    size = len(text.encode("utf-8", "surrogatepass"))
    if size > max_bytes:
        return InputProblem("size", 1, 1, f"the file has {size:,} bytes; at most {max_bytes:,} are read",
                            "split it into several files")
    deep = first_too_deep(text, max_depth)  # from the characters: the same for every parser version
    if deep is not None:
        return _too_deep(deep[0], deep[1], max_depth)
    depth = 0
    expanded = 0
    starts: list[tuple[str | None, int]] = []  # open collections: (anchor, expanded count at their start)
    anchored: dict[str, int] = {}  # anchor -> values it expands to
    try:
        for ev in _events(text):
            if isinstance(ev, _OPEN):
                depth += 1
                if depth > max_depth:
                    return _too_deep(ev.start_mark.line + 1, ev.start_mark.column + 1, max_depth)
                starts.append((ev.anchor, expanded))
                expanded += 1
            elif isinstance(ev, _CLOSE):
                depth -= 1
                anchor, start = starts.pop()
                if anchor is not None:
                    anchored[anchor] = expanded - start
            elif isinstance(ev, yaml.ScalarEvent):
                expanded += 1
                if ev.anchor is not None:
                    anchored[ev.anchor] = 1
            elif isinstance(ev, yaml.AliasEvent):
                expanded += anchored.get(ev.anchor, 1)
            else:
                continue
            if expanded > max_nodes:
                return InputProblem("expansion", ev.start_mark.line + 1, ev.start_mark.column + 1,
                                    f"the document expands to more than {max_nodes:,} values",
                                    "check the anchors (&) and aliases (*): they must not expand without end")
    except yaml.MarkedYAMLError as exc:  # a parser with a nesting limit of its own (libyaml's 1,000 levels)
        mark = exc.problem_mark
        if mark is not None and "nesting depth" in str(exc.problem or ""):
            return _too_deep(mark.line + 1, mark.column + 1, max_depth)
        return None
    except yaml.YAMLError:
        return None
    return None


def _too_deep(line: int, col: int, max_depth: int) -> InputProblem:
    return InputProblem("depth", line, col, f"nested more than {max_depth} levels deep",
                        "a document needs only a few levels of lists and mappings; check for an unclosed '[' or '{'")


def _events(text: str) -> Iterator[yaml.Event]:
    loader = (_LOADER or yaml.SafeLoader)(text)
    try:
        while loader.check_event():
            yield loader.get_event()
    finally:
        loader.dispose()


def read_text(path: str | Path, *, max_bytes: int = MAX_BYTES) -> str:
    """The UTF-8 text of ``path`` (a leading BOM dropped), refusing files over ``max_bytes``."""
    p = Path(path)
    try:
        with p.open("rb") as fh:
            raw = fh.read(max_bytes + 1)
    except OSError as exc:
        raise DataFileError(str(p), 0, 0, f"cannot read: {exc.strerror or exc}") from None
    if len(raw) > max_bytes:
        raise DataFileError(str(p), 1, 1, f"the file is larger than {max_bytes:,} bytes",
                            "split it into several files", kind="size")
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = raw[:exc.start].count(b"\n") + 1
        col = exc.start - (raw.rfind(b"\n", 0, exc.start) + 1) + 1
        raise DataFileError(str(p), line, col, f"not UTF-8 text ({exc.reason} at byte {exc.start})",
                            "save it as UTF-8") from None


def load_yaml_text(text: str, file: str) -> Any:
    """The plain data of one YAML document, after :func:`yaml_limits_problem` let it through."""
    problem = yaml_limits_problem(text)
    if problem is not None:
        raise DataFileError(file, problem.line, problem.col, problem.message, problem.hint, kind=problem.kind)
    try:
        return yaml.load(text, Loader=_LOADER or yaml.SafeLoader)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        line, col = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        raise DataFileError(file, line, col, f"not valid YAML: {getattr(exc, 'problem', None) or exc}",
                            kind="syntax") from None
    except ValueError as exc:  # e.g. an integer of more than 4,300 digits
        raise DataFileError(file, 1, 1, f"a value cannot be read: {exc}", kind="syntax") from None


def read_yaml_file(path: str | Path) -> Any:
    """The data of the YAML file at ``path`` (safe types only, within the limits)."""
    return load_yaml_text(read_text(path), str(path))


def json_depth(value: Any) -> int:
    """Nesting depth of decoded JSON (0 for a scalar), without recursion."""
    deepest = 0
    todo: list[tuple[Any, int]] = [(value, 0)]
    while todo:
        v, d = todo.pop()
        if isinstance(v, (list, dict)):
            deepest = max(deepest, d + 1)
            todo.extend((x, d + 1) for x in (v.values() if isinstance(v, dict) else v))
    return deepest


def read_json_lines(path: str | Path, *, max_depth: int = MAX_JSON_DEPTH) -> list[tuple[int, Any]]:
    """``(line number, value)`` of every non-blank line of a JSON Lines file; a line that is not JSON, too
    deep or holds a number too long to read is a :class:`DataFileError` at its line."""
    p = Path(path)
    out: list[tuple[int, Any]] = []
    for n, line in enumerate(read_text(p).splitlines(), 1):
        if not line.strip():
            continue
        try:
            value = json.loads(line)
        except json.JSONDecodeError as exc:
            raise DataFileError(str(p), n, exc.colno, f"not a JSON line ({exc.msg})", kind="syntax") from None
        except RecursionError:
            raise DataFileError(str(p), n, 1, f"nested more than {max_depth} levels deep", kind="depth") from None
        except ValueError as exc:  # e.g. an integer of more than 4,300 digits
            raise DataFileError(str(p), n, 1, f"not a JSON line ({exc})", kind="syntax") from None
        if json_depth(value) > max_depth:
            raise DataFileError(str(p), n, 1, f"nested more than {max_depth} levels deep", kind="depth")
        out.append((n, value))
    return out
