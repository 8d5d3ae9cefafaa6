"""Load a definitions tree into the validated model, collecting every diagnostic of the run.

    result = load()                 # the selected definitions (bpdsl.dsl.project: bundled + project + -d)
    result.ok, result.diagnostics   # all problems, sorted by file, line, column
    defs = load_or_raise()          # a valid Definitions or DefinitionError
    defs = load_definitions()       # the same, the bundled set cached per process (the one way in)

Stages, each reporting instead of raising:

1. read every ``*.yaml``/``*.yml`` file under the given paths (bpdsl.dsl.yamlload: positions, tabs,
   duplicate keys, syntax errors);
2. find each document's ``kind`` among the registered kinds (every module of bpdsl.dsl.kinds);
3. validate it with the kind's cerberus schema (bpdsl.dsl.schema) and prune what is wrong, so that the
   rest can still be built and checked;
4. build the documents in kind order (game < flow < edition < entries < regulations), editions
   parents-first; then run each kind's ``finish`` (edition inheritance, cross-document checks);
5. run the semantic checks of bpdsl.dsl.checks on the whole model.

A bug in a kind's build never escapes as a traceback: it becomes an L002 diagnostic at the document.
"""
from __future__ import annotations

import importlib
import pkgutil
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Mapping, Sequence

from bpdsl.diagnostics import DefinitionError, Diagnostic, DiagnosticSink, Pos, did_you_mean
from bpdsl.dsl import checks as C
from bpdsl.dsl import project
from bpdsl.dsl.doccache import Checked, DocumentCache, text_key
from bpdsl.dsl.document import KINDS, BuildContext, Document, DocumentKind
from bpdsl.dsl.schema import S_KIND, check, out_of_range, prune, report
from bpdsl.dsl.textchecks import text_problems
from bpdsl.dsl.yamlload import load_file, load_text
from bpdsl.model import Definitions
from bpdsl import plugins
from bpdsl.ops.registry import load_all
from bpdsl.dsl.entries import STATE_KEY
from bpdsl.dsl.entries import state
from bpdsl.dsl.kinds.edition import sort_documents

ENV_VAR = project.ENV_VAR
SUFFIXES = (".yaml", ".yml")


@dataclass
class LoadResult:
    definitions: Definitions
    diagnostics: list[Diagnostic]
    documents: list[Document] = field(default_factory=list)
    seconds: float = 0.0

    @property
    def errors(self) -> list[Diagnostic]:
        return [d for d in self.diagnostics if d.severity == "error"]

    @property
    def ok(self) -> bool:
        return not self.errors


def default_paths() -> list[Path]:
    """The definitions this process reads by default (bpdsl.dsl.project: bundled + project + ``-d``, or
    the paths in $BPDSL_DEFINITIONS)."""
    return project.current().roots()


_SELECTED: dict[tuple[str, ...], LoadResult] = {}


def load_selected() -> LoadResult:
    """:func:`load` of the selected definitions (:func:`default_paths`), once per process and selection."""
    key = project.current().key()
    if key not in _SELECTED:
        _SELECTED[key] = load(None)
    return _SELECTED[key]


_kinds_loaded = False
_kind_failures: list[tuple[str, str]] = []


def load_kinds() -> dict[str, DocumentKind]:
    """Import every module of bpdsl.dsl.kinds (each registers its kind); failures become diagnostics."""
    global _kinds_loaded
    if not _kinds_loaded:
        import bpdsl.dsl.kinds as pkg


        names = [f"bpdsl.dsl.kinds.{info.name}"
                 for info in sorted(pkgutil.iter_modules(pkg.__path__), key=lambda i: i.name)]
        try:
            names += [m for plugin in plugins.games().values() for m in plugin.kinds]  # kinds of a game (regulations)
        except Exception as exc:  # noqa: BLE001 - a broken game plugin is reported, the rest still loads
            _kind_failures.append(("bpdsl.plugins", f"{type(exc).__name__}: {exc}"))
        for name in names:
            try:
                importlib.import_module(name)
            except Exception as exc:  # noqa: BLE001 - one broken kind must not hide the others' diagnostics
                _kind_failures.append((name, f"{type(exc).__name__}: {exc}"))
        _kinds_loaded = True
    return KINDS


def find_files(paths: Sequence[Path], sink: DiagnosticSink) -> list[Path]:
    files: list[Path] = []
    for p in paths:
        if p.is_file():
            files.append(p)
        elif p.is_dir():
            found = sorted(f for f in p.rglob("*") if f.suffix in SUFFIXES and f.is_file()
                           and not any(part.startswith(".") for part in f.relative_to(p).parts))
            if not found:
                sink.error(Pos(str(p), 0, 0), C.L_PATH, "no definitions files (*.yaml) in this directory",
                           "point at a directory holding definitions, e.g. definitions/")
            files.extend(found)
        else:
            sink.error(Pos(str(p), 0, 0), C.L_PATH, "no such file or directory", "check the path")
    seen: set[Path] = set()
    unique = []
    for f in files:
        r = f.resolve()
        if r not in seen:
            seen.add(r)
            unique.append(f)
    return unique


def display_name(path: Path) -> str:
    """A short name for diagnostics: relative to the working directory when below it."""
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)


def load(paths: Sequence[Path | str] | None = None, documents: Sequence[Document] = (),
         texts: Mapping[Path, str] | None = None, cache: DocumentCache | None = None) -> LoadResult:
    """Load and check definitions; never raises on bad definitions.  ``documents`` are read documents added
    to the files' (a scenario's inline ``definitions:``, positioned in the scenario file).

    ``texts`` maps resolved file paths to the text to read instead of the file's (an editor's unsaved
    buffer: the language server and the studio check what the designer is typing).  ``cache`` keeps each
    file's read and schema-checked document for the next load (:mod:`bpdsl.dsl.doccache`): an editor that
    checks on every keystroke reads again only the file that changed."""
    start = time.perf_counter()
    sink = DiagnosticSink()
    kinds = load_kinds()
    for name, problem in _kind_failures:
        sink.error(Pos(name.replace(".", "/") + ".py", 1, 1), C.L_INTERNAL, f"document kind module {name!r} "
                   f"cannot be imported: {problem}", "this is a bug in bpdsl, not in the definitions")
    try:

        load_all()
    except Exception as exc:  # noqa: BLE001 - without the ops nothing can be checked; say why, briefly
        sink.error(Pos("bpdsl/ops", 1, 1), C.L_INTERNAL, f"the op modules cannot be imported: "
                   f"{type(exc).__name__}: {exc}", "this is a bug in bpdsl, not in the definitions")
        return LoadResult(Definitions(), sink.sorted(), [], time.perf_counter() - start)
    roots = [Path(p) for p in paths] if paths else default_paths()
    files = find_files(roots, sink)
    defs = Definitions()
    docs: list[tuple[DocumentKind, Document]] = []
    all_docs: list[Document] = []
    complete = True
    overlay = dict(texts or {})

    def read_one(f: Path) -> Checked:
        text = overlay.get(f.resolve()) if overlay else None
        name = display_name(f)
        if cache is None:
            return _checked(*(load_file(f, name) if text is None else load_text(text, name)), kinds)
        if text is None:
            try:
                data = f.read_bytes()
            except OSError:  # load_file says why
                return _checked(*load_file(f, name), kinds)
            key = text_key("file:" + name, data)
        else:
            data = text.encode("utf-8", "surrogatepass")
            key = text_key("text:" + name, data)
        hit = cache.get(key)
        if hit is not None and (hit.kind is None or kinds.get(hit.kind.name) is hit.kind):
            return hit
        checked = _checked(*(load_file(f, name) if text is None else load_text(text, name)), kinds)
        cache.put(key, checked, len(data))
        return checked

    read = [read_one(f) for f in files] + [_checked(d, [], kinds) for d in documents]
    for one in read:
        sink.extend(one.diagnostics)
        if one.document is None:
            complete = False
            continue
        defs.files.append(one.document.file)
        all_docs.append(one.document)
        if one.kind is None or not one.usable:
            complete = False
            continue
        docs.append((one.kind, one.document))
    _build(defs, docs, sink, complete)

    defs.extra.pop(STATE_KEY, None)  # scratch data of the kinds, not part of the model
    return LoadResult(defs, sink.sorted(), all_docs, time.perf_counter() - start)


def _checked(doc: Document | None, diags: Sequence[Diagnostic], kinds: dict[str, DocumentKind]) -> Checked:
    """A read document after stages 2 and 3 (its kind, its schema), with the diagnostics of all three."""
    local = DiagnosticSink(list(diags))
    if doc is None:
        return Checked(None, tuple(local.items), None, False)
    kind = _kind_of(doc, kinds, local)
    usable = kind is not None and _validate(doc, kind, local)
    return Checked(doc, tuple(local.items), kind, usable)


def _kind_of(doc: Document, kinds: dict[str, DocumentKind], sink: DiagnosticSink) -> DocumentKind | None:
    data = doc.data
    if not isinstance(data, dict):
        sink.error(doc.pos(), S_KIND, "a definitions file must be a mapping with a 'kind:' key",
                   "start the file with 'kind: <" + "|".join(sorted(kinds)) + ">'")
        return None
    name = data.get("kind")
    if name is None:
        sink.error(doc.pos(), S_KIND, "missing 'kind:'", "kinds: " + ", ".join(sorted(kinds)))
        return None
    kind = kinds.get(name) if isinstance(name, str) else None
    if kind is None:
        sink.error(doc.pos(("kind",)), S_KIND, f"unknown kind {name!r}",
                   did_you_mean(str(name), kinds) or "kinds: " + ", ".join(sorted(kinds)))
    return kind


_SCHEMAS: dict[str, tuple[dict, dict]] = {}


def _full_schema(kind: DocumentKind) -> dict:
    """The kind's schema plus the ``kind`` key (one object per kind, so its validator is cached)."""
    hit = _SCHEMAS.get(kind.name)
    if hit is None or hit[0] is not kind.schema:
        hit = (kind.schema, {"kind": {"type": "string", "required": True}, **kind.schema})
        _SCHEMAS[kind.name] = hit
    return hit[1]


def _validate(doc: Document, kind: DocumentKind, sink: DiagnosticSink) -> bool:
    """Report schema problems, then prune until what is left is valid; False if nothing usable is left."""
    schema = _full_schema(kind)
    huge = out_of_range(doc.data)
    problems = huge + [p for p in check(doc.data, schema) if p.path not in {h.path for h in huge}]
    # texts that fit the schema but cannot be meant: errors, yet the value is kept (nothing else breaks)
    texts = [t for t in text_problems(doc.data, kind.name) if t.path not in {p.path for p in problems}]
    report(texts, doc, sink)
    if not problems:
        return True
    report(problems, doc, sink)
    for _ in range(4):  # pruning may expose a consequence (a required key removed with its bad value)
        if not prune(doc.data, problems, doc.invalid):
            return False
        problems = check(doc.data, schema)
        if not problems:
            return True
    return False


def _build(defs: Definitions, docs: list[tuple[DocumentKind, Document]], sink: DiagnosticSink,
           complete: bool = True) -> None:

    if not complete:
        state(defs).incomplete = True

    order = sorted({k.name: k for k, _ in docs}.values(), key=lambda k: (k.order, k.name))
    for kind in order:
        kind_docs = [d for k, d in docs if k is kind]
        if kind.name == "edition":
            kind_docs = sort_documents(kind_docs)
        for doc in kind_docs:
            try:
                kind.build(BuildContext(doc, defs, sink))
            except Exception as exc:  # noqa: BLE001
                state(defs).incomplete = True
                sink.error(doc.pos(), C.L_INTERNAL, f"cannot build this {kind.name} document: "
                           f"{type(exc).__name__}: {exc}", "this is a bug in bpdsl; the other documents are checked")
    for kind in sorted(load_kinds().values(), key=lambda k: (k.order, k.name)):
        if kind.finish is None:
            continue
        try:
            kind.finish(defs, sink)
        except Exception as exc:  # noqa: BLE001
            sink.error(Pos("<definitions>", 0, 0), C.L_INTERNAL, f"cross-document checks of kind {kind.name!r} "
                       f"failed: {type(exc).__name__}: {exc}", "this is a bug in bpdsl")
    try:
        C.run(defs, sink, state(defs))
    except Exception as exc:  # noqa: BLE001
        sink.error(Pos("<definitions>", 0, 0), C.L_INTERNAL, f"semantic checks failed: {type(exc).__name__}: {exc}",
                   "this is a bug in bpdsl")


def load_or_raise(paths: Sequence[Path | str] | None = None) -> Definitions:
    """A valid model, or :class:`~bpdsl.diagnostics.DefinitionError` listing every problem."""
    result = load(paths)
    if not result.ok:
        raise DefinitionError(result.errors)
    return result.definitions


def load_definitions(paths: Sequence[Path | str] = (), bundled: bool = True) -> Definitions:
    """THE way every command, the engine, the renderer and the regulations get definitions.

    ``paths`` (files or directories) are loaded together with the selected set (the bundled definitions,
    the project's and the command line's ``-d``: :mod:`bpdsl.dsl.project`; or $BPDSL_DEFINITIONS) when
    ``bundled`` is true, or alone when it is false.  Raises :class:`~bpdsl.diagnostics.DefinitionError`
    listing every problem.  The selected set alone is loaded once per process and selection.
    """
    if not paths:
        if not bundled:
            raise ValueError("load_definitions: no paths and bundled=False: nothing to load")
        result = load_selected()
        if not result.ok:
            raise DefinitionError(result.errors)
        return result.definitions
    return load_or_raise((default_paths() if bundled else []) + [Path(p) for p in paths])
