"""``bpdsl lsp``: the language server (pygls) over :mod:`bpdsl.lsp`'s editor-neutral answers.

Every change of a buffer is checked with the whole selection after a short pause (typing does not start a
check per keystroke), and diagnostics are published for every file that has some -- an edit in one file
can break another (an id an edition's actions name) -- and cleared for files that no longer do.
"""
from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from lsprotocol import types as T
from pygls.lsp.server import LanguageServer
from pygls.uris import from_fs_path, to_fs_path

from bpdsl.diagnostics import Diagnostic
from bpdsl.lsp.complete import complete
from bpdsl.lsp.definition import definition
from bpdsl.lsp.fixes import fixes, word_at
from bpdsl.lsp.hover import hover
from bpdsl.lsp.workspace import Workspace

# the pause after a change before the check: with a check of about 150 ms (``bpdsl bench``, "editor check";
# files not changed are not read again) the diagnostics are published within 300 ms of a keystroke
DEBOUNCE_SECONDS = 0.08
SOURCE = "bpdsl"
_KINDS = {"op": T.CompletionItemKind.Function, "key": T.CompletionItemKind.Property,
          "value": T.CompletionItemKind.EnumMember, "id": T.CompletionItemKind.Reference,
          "term": T.CompletionItemKind.Constant}


def _pos(line: int, col: int) -> T.Position:
    return T.Position(line=max(line - 1, 0), character=max(col - 1, 0))


def _range(start: tuple[int, int], end: tuple[int, int]) -> T.Range:
    return T.Range(start=_pos(*start), end=_pos(*end))


def to_lsp(d: Diagnostic, text: str) -> T.Diagnostic:
    """A diagnostic as LSP: code, ``message`` + hint, and the word at its position as its range."""
    word = word_at(text, d.pos.line, d.pos.col)
    end = (d.pos.line, word[1]) if word and word[0] <= d.pos.col + 1 else (d.pos.line, d.pos.col + 1)
    message = d.message + (f"\nhint: {d.hint}" if d.hint else "")
    severity = T.DiagnosticSeverity.Error if d.severity == "error" else T.DiagnosticSeverity.Warning
    return T.Diagnostic(range=_range((d.pos.line, d.pos.col), end), message=message, severity=severity,
                        code=d.code, source=SOURCE, data={"hint": d.hint, "message": d.message})


class BpdslServer(LanguageServer):
    def __init__(self, workspace: Workspace | None = None) -> None:
        from bpdsl import __version__

        super().__init__("bpdsl", __version__)
        self.defs = workspace
        self.generation = 0
        self.published: set[Path] = set()

    def definitions_workspace(self) -> Workspace:
        if self.defs is None:
            self.defs = Workspace()
        return self.defs

    async def recheck(self) -> None:
        self.generation += 1
        mine = self.generation
        await asyncio.sleep(DEBOUNCE_SECONDS)
        if mine != self.generation:
            return
        snap = await asyncio.to_thread(self.definitions_workspace().check)
        if mine != self.generation:
            return
        by_file = snap.diagnostics_by_file()
        for path in self.definitions_workspace().buffers:  # an open file without problems is told so
            by_file.setdefault(path, [])
        for path in self.published - set(by_file):
            self.text_document_publish_diagnostics(T.PublishDiagnosticsParams(uri=from_fs_path(str(path)) or "",
                                                                             diagnostics=[]))
        for path, diags in by_file.items():
            text = snap.text(path)
            self.text_document_publish_diagnostics(T.PublishDiagnosticsParams(
                uri=from_fs_path(str(path)) or "", diagnostics=[to_lsp(d, text) for d in diags]))
        self.published = set(by_file)


def _path(uri: str) -> Path:
    return Path(to_fs_path(uri) or uri).resolve()


def build_server(workspace: Workspace | None = None) -> BpdslServer:
    server = BpdslServer(workspace)

    @server.feature(T.TEXT_DOCUMENT_DID_OPEN)
    async def did_open(ls: BpdslServer, params: T.DidOpenTextDocumentParams) -> None:
        ls.definitions_workspace().open(_path(params.text_document.uri), params.text_document.text)
        await ls.recheck()

    @server.feature(T.TEXT_DOCUMENT_DID_CHANGE)
    async def did_change(ls: BpdslServer, params: T.DidChangeTextDocumentParams) -> None:
        doc = ls.workspace.get_text_document(params.text_document.uri)
        ls.definitions_workspace().change(_path(params.text_document.uri), doc.source)
        await ls.recheck()

    @server.feature(T.TEXT_DOCUMENT_DID_SAVE)
    async def did_save(ls: BpdslServer, params: T.DidSaveTextDocumentParams) -> None:
        await ls.recheck()

    @server.feature(T.TEXT_DOCUMENT_DID_CLOSE)
    async def did_close(ls: BpdslServer, params: T.DidCloseTextDocumentParams) -> None:
        ls.definitions_workspace().close(_path(params.text_document.uri))
        await ls.recheck()

    @server.feature(T.TEXT_DOCUMENT_HOVER)
    def on_hover(ls: BpdslServer, params: T.HoverParams) -> T.Hover | None:
        ws = ls.definitions_workspace()
        doc = ws.document(_path(params.text_document.uri))
        if doc is None:
            return None
        found = hover(ws.snapshot(), doc, params.position.line + 1, params.position.character + 1)
        if found is None:
            return None
        return T.Hover(contents=T.MarkupContent(kind=T.MarkupKind.Markdown, value=found.markdown),
                       range=_range(found.start, found.end))

    @server.feature(T.TEXT_DOCUMENT_COMPLETION, T.CompletionOptions(trigger_characters=[":", " ", "{", "-", ","]))
    def on_completion(ls: BpdslServer, params: T.CompletionParams) -> T.CompletionList:
        ws = ls.definitions_workspace()
        path = _path(params.text_document.uri)
        text = ls.workspace.get_text_document(params.text_document.uri).source
        doc = ws.document(path)
        items = complete(ws.snapshot(), text, doc.data if doc is not None else None,
                         params.position.line + 1, params.position.character + 1)
        return T.CompletionList(is_incomplete=False, items=[
            T.CompletionItem(label=i.label, kind=_KINDS.get(i.kind), detail=i.detail or None,
                             documentation=T.MarkupContent(kind=T.MarkupKind.Markdown, value=i.documentation)
                             if i.documentation else None, insert_text=i.insert)
            for i in items])

    @server.feature(T.TEXT_DOCUMENT_DEFINITION)
    def on_definition(ls: BpdslServer, params: T.DefinitionParams) -> T.Location | None:
        ws = ls.definitions_workspace()
        doc = ws.document(_path(params.text_document.uri))
        if doc is None:
            return None
        found = definition(ws.snapshot(), doc, params.position.line + 1, params.position.character + 1)
        if found is None:
            return None
        here = _pos(found.line, found.col)
        return T.Location(uri=from_fs_path(str(found.path)) or "", range=T.Range(start=here, end=here))

    @server.feature(T.TEXT_DOCUMENT_CODE_ACTION,
                    T.CodeActionOptions(code_action_kinds=[T.CodeActionKind.QuickFix]))
    def on_code_action(ls: BpdslServer, params: T.CodeActionParams) -> list[T.CodeAction]:
        ws = ls.definitions_workspace()
        uri = params.text_document.uri
        path = _path(uri)
        text = ls.workspace.get_text_document(uri).source
        doc = ws.document(path)
        out: list[T.CodeAction] = []
        for lsp_diag in params.context.diagnostics:
            if lsp_diag.source != SOURCE:
                continue
            diag = _from_lsp(lsp_diag, str(path))
            for fix in fixes(diag, text, doc):
                edits = [T.TextEdit(range=_range(e.start, e.end), new_text=e.text) for e in fix.edits]
                out.append(T.CodeAction(title=fix.title, kind=T.CodeActionKind.QuickFix, diagnostics=[lsp_diag],
                                        is_preferred=fix.preferred or None,
                                        edit=T.WorkspaceEdit(changes={uri: edits})))
        return out

    return server


def _from_lsp(d: T.Diagnostic, file: str) -> Diagnostic:
    from bpdsl.diagnostics import Pos

    data: Any = d.data if isinstance(d.data, dict) else {}
    message = data.get("message") or d.message.split("\nhint: ")[0]
    hint = data.get("hint") or (d.message.split("\nhint: ", 1)[1] if "\nhint: " in d.message else "")
    return Diagnostic(Pos(file, d.range.start.line + 1, d.range.start.character + 1), str(d.code or ""), message, hint)


def serve_stdio(workspace: Workspace | None = None) -> int:
    """Run the language server on standard input and output until the editor closes it; the exit status
    (1 when the editor's framing broke: :mod:`bpdsl.lsp.framing`)."""
    from bpdsl.lsp import framing

    return framing.serve_stdio(build_server(workspace))
