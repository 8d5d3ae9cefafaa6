"""Safe YAML loading that remembers where every node came from.

Definitions are read with PyYAML's *safe* composer only (no Python tags, no ``eval``), and the plain data
is built here from the node graph so that the line and column of every mapping value, mapping key and list
item is kept in a :class:`~bpdsl.dsl.kinds.Document`.  Later stages report problems by key path; the
document turns the path back into ``file:line:col``.

Stricter than plain YAML, because a rules file is a designer's text and silent surprises are bugs:

* duplicate keys are errors (plain YAML keeps the last one silently),
* tab characters are errors (they are invisible and break indentation),
* booleans follow YAML 1.2: only ``true``/``false`` (``on``, ``yes``, ``no`` stay strings),
* dates stay as written (``date: 2025/3/x`` and ``date: 2024-04-01`` are both strings),
* one document per file.

Every problem is returned as a diagnostic; nothing here raises on bad input.
"""
from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import yaml
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from bpdsl.datafile import MAX_DEPTH, MAX_NODES, DataFileError, read_text, yaml_limits_problem
from bpdsl.diagnostics import Diagnostic, Pos, code
from bpdsl.dsl.document import Document, KeyPath

Y_SYNTAX = code("Y001", "YAML syntax error")
Y_TAB = code("Y002", "tab character in a definitions file")
Y_DUPLICATE = code("Y003", "duplicate key in a mapping")
Y_READ = code("Y004", "file cannot be read or is not UTF-8")
Y_MULTI = code("Y005", "more than one YAML document in a file")
Y_KEY = code("Y006", "mapping key is not a plain scalar")
Y_EMPTY = code("Y007", "empty definitions file")
Y_TAG = code("Y008", "unsupported YAML tag")
Y_DEPTH = code("Y009", "document nested too deeply")
Y_EXPANSION = code("Y010", "aliases expand to too many values")
Y_BIG = code("Y011", "file too large")
_LIMIT_CODES = {"depth": Y_DEPTH, "expansion": Y_EXPANSION, "size": Y_BIG}


class _TooBig(Exception):
    pass


_BASE = getattr(yaml, "CSafeLoader", None) if getattr(yaml, "__with_libyaml__", False) else None


class _Loader(_BASE or yaml.SafeLoader):  # type: ignore[misc]
    """Safe loader (libyaml's when available: ten times faster) with YAML 1.2 booleans (only true/false)."""


_Loader.yaml_implicit_resolvers = {
    first: [(tag, rx) for tag, rx in resolvers if tag != "tag:yaml.org,2002:bool"]
    for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
}
_BOOL = re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$")
for _first in "tTfF":
    _Loader.yaml_implicit_resolvers.setdefault(_first, []).insert(0, ("tag:yaml.org,2002:bool", _BOOL))


def load_text(text: str, file: str) -> tuple[Document | None, list[Diagnostic]]:
    """Load one definitions file's text; returns the document (None when unusable) and diagnostics."""
    diags: list[Diagnostic] = []
    if "\t" in text:
        for lineno, line in enumerate(text.splitlines(), 1):
            col = line.find("\t")
            if col >= 0:
                diags.append(Diagnostic(Pos(file, lineno, col + 1), Y_TAB, "tab character",
                                        "indent with spaces; YAML does not allow tabs for indentation"))
        text = text.replace("\t", " ")  # keep columns; go on to find the other mistakes
    problem = yaml_limits_problem(text)  # before the composer, which recurses (in C: deep nesting crashes)
    if problem is not None:
        diags.append(Diagnostic(Pos(file, problem.line, problem.col), _LIMIT_CODES[problem.kind], problem.message,
                                problem.hint))
        return None, diags
    loader = _Loader(text)
    try:
        node = loader.get_single_node()
    except yaml.composer.ComposerError as exc:  # a second document
        mark = exc.problem_mark or exc.context_mark
        diags.append(Diagnostic(_pos(file, mark), Y_MULTI, "a definitions file holds exactly one YAML document",
                                "split the file at '---' into separate files"))
        return None, diags
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        problem = exc.problem or "invalid YAML"
        context = f" ({exc.context})" if exc.context else ""
        diags.append(Diagnostic(_pos(file, mark), Y_SYNTAX, f"YAML syntax error: {problem}{context}", _syntax_hint(problem)))
        return None, diags
    except yaml.YAMLError as exc:
        diags.append(Diagnostic(Pos(file, 1, 1), Y_SYNTAX, f"YAML error: {exc}", ""))
        return None, diags
    finally:
        if hasattr(loader, "dispose"):
            loader.dispose()
    if node is None:
        diags.append(Diagnostic(Pos(file, 1, 1), Y_EMPTY, "empty definitions file",
                                "a definitions file is a mapping starting with 'kind:'"))
        return None, diags
    doc = Document(file=file, data=None)
    builder = _Builder(loader, doc, diags)
    try:
        doc.data = builder.build(node, ())
    except _TooBig as exc:  # a backstop: the limits were checked on the events above
        kind = "depth" if "nested" in str(exc) else "expansion"
        diags.append(Diagnostic(Pos(file, 1, 1), _LIMIT_CODES[kind], str(exc), ""))
        return None, diags
    return doc, diags


def load_file(path: Path, display: str | None = None) -> tuple[Document | None, list[Diagnostic]]:
    """Read and load a file; ``display`` is the name used in diagnostics (defaults to the path)."""
    name = display or str(path)
    try:
        text = read_text(path)
    except DataFileError as exc:
        return None, [Diagnostic(Pos(name, exc.line, exc.col), _LIMIT_CODES.get(exc.kind, Y_READ), exc.message,
                                 exc.hint)]
    return load_text(text, name)


def _pos(file: str, mark: Any) -> Pos:
    if mark is None:
        return Pos(file, 1, 1)
    return Pos(file, mark.line + 1, mark.column + 1)


def _syntax_hint(problem: str) -> str:
    if "found character '\\t'" in problem or "tab" in problem:
        return "indent with spaces"
    if "could not find expected ':'" in problem:
        return "a mapping entry is 'key: value'; check the previous line's quotes and indentation"
    if "mapping values are not allowed" in problem:
        return "quote text that contains ': ' or check the indentation"
    if "found undefined alias" in problem:
        return "define the anchor (&name) before using the alias (*name)"
    if "unacceptable character" in problem or "special characters" in problem:
        return "remove control characters from the file"
    return "check the indentation and quotes around this position"


_PLAIN_TAGS = {f"tag:yaml.org,2002:{t}" for t in
               ("str", "int", "float", "bool", "null", "timestamp", "seq", "map", "merge", "value")}


class _Builder:
    """Turns composed nodes into plain data, recording positions and reporting duplicate keys."""

    def __init__(self, loader: _Loader, doc: Document, diags: list[Diagnostic]):
        self.loader = loader
        self.doc = doc
        self.diags = diags
        self.depth = 0
        self.count = 0

    def build(self, node: Node, path: KeyPath) -> Any:
        self.count += 1
        if self.count > MAX_NODES:
            raise _TooBig(f"the document expands to more than {MAX_NODES} values")
        self.doc.positions[path] = _pos(self.doc.file, node.start_mark)
        self.doc.ends[path] = _pos(self.doc.file, node.end_mark)
        if isinstance(node, ScalarNode):
            if node.style in (None, "", "'", '"') and node.start_mark.line == node.end_mark.line:
                self.doc.styles[path] = node.style or ""
            return self.scalar(node)
        if node.tag not in _PLAIN_TAGS:
            self.diags.append(Diagnostic(_pos(self.doc.file, node.start_mark), Y_TAG, f"unsupported tag {node.tag!r}",
                                         "definitions use plain YAML values; remove the '!' tag"))
        if self.depth > MAX_DEPTH:
            raise _TooBig(f"the document is nested more than {MAX_DEPTH} levels deep")
        self.depth += 1
        try:
            if isinstance(node, SequenceNode):
                return [self.build(item, path + (i,)) for i, item in enumerate(node.value)]
            if isinstance(node, MappingNode):
                return self.mapping(node, path)
        finally:
            self.depth -= 1
        return None

    def scalar(self, node: ScalarNode) -> Any:
        if node.tag not in _PLAIN_TAGS:
            self.diags.append(Diagnostic(_pos(self.doc.file, node.start_mark), Y_TAG, f"unsupported tag {node.tag!r}",
                                         "definitions use plain YAML values; remove the '!' tag"))
            return node.value
        if node.tag == "tag:yaml.org,2002:str" or node.tag == "tag:yaml.org,2002:timestamp":
            return node.value
        if node.tag in ("tag:yaml.org,2002:binary", "tag:yaml.org,2002:set", "tag:yaml.org,2002:omap"):
            return node.value
        try:
            return self.loader.construct_object(node, deep=True)
        except (yaml.YAMLError, ValueError, TypeError, OverflowError):
            return node.value

    def mapping(self, node: MappingNode, path: KeyPath) -> dict[Any, Any]:
        out: dict[Any, Any] = {}
        seen: dict[Any, Pos] = {}
        for key_node, value_node in node.value:
            if key_node.tag == "tag:yaml.org,2002:merge":
                merged = self.build(value_node, path + ("<<",))
                for part in merged if isinstance(merged, list) else [merged]:
                    if isinstance(part, dict):
                        for k, v in part.items():
                            out.setdefault(k, v)
                continue
            key_pos = _pos(self.doc.file, key_node.start_mark)
            if not isinstance(key_node, ScalarNode):
                self.diags.append(Diagnostic(key_pos, Y_KEY, "a mapping key must be a plain word or number",
                                             "write 'name: value'; keys cannot be lists or mappings"))
                continue
            key = self.scalar(key_node)
            if key is None:
                key = ""
            try:
                hash(key)
            except TypeError:
                key = str(key)
            if key in seen:
                first = seen[key]
                self.diags.append(Diagnostic(key_pos, Y_DUPLICATE, f"duplicate key {key!r}",
                                             f"first defined at line {first.line}; remove one of them"))
                continue
            seen[key] = key_pos
            self.doc.key_positions[path + (key,)] = key_pos
            out[key] = self.build(value_node, path + (key,))
        return out
