"""A scripted LSP client for the tests: starts ``bpdsl lsp`` as a subprocess and drives it over stdio with
pygls's client, collecting the diagnostics the server publishes."""
from __future__ import annotations

import asyncio
import os
import sys
from pathlib import Path
from typing import Any

from lsprotocol import types as T
from pygls.lsp.client import LanguageClient
from pygls.uris import from_fs_path

ROOT = Path(__file__).resolve().parents[2]


class ScriptedClient:
    def __init__(self, cwd: Path) -> None:
        self.cwd = cwd
        self.client = LanguageClient("bpdsl-tests", "1")
        self.diagnostics: dict[str, list[T.Diagnostic]] = {}
        self.published = asyncio.Event()
        self.versions: dict[str, int] = {}

        @self.client.feature(T.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
        def _diags(params: T.PublishDiagnosticsParams) -> None:
            self.diagnostics[params.uri] = list(params.diagnostics)
            self.published.set()

    async def start(self, *args: str) -> None:
        env = {**os.environ, "PYTHONPATH": str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", "")}
        env.pop("BPDSL_DEFINITIONS", None)
        await self.client.start_io(sys.executable, "-m", "bpdsl", "lsp", *args, cwd=str(self.cwd), env=env)
        await self.client.initialize_async(T.InitializeParams(
            capabilities=T.ClientCapabilities(), root_uri=from_fs_path(str(self.cwd)),
            process_id=os.getpid()))
        self.client.initialized(T.InitializedParams())

    async def stop(self) -> None:
        await self.client.shutdown_async(None)
        self.client.exit(None)
        await self.client.stop()

    def uri(self, path: Path) -> str:
        return from_fs_path(str(path.resolve())) or ""

    async def open(self, path: Path, text: str | None = None) -> str:
        uri = self.uri(path)
        self.versions[uri] = 1
        self.client.text_document_did_open(T.DidOpenTextDocumentParams(T.TextDocumentItem(
            uri=uri, language_id="yaml", version=1, text=path.read_text(encoding="utf-8") if text is None else text)))
        return uri

    async def change(self, uri: str, text: str) -> None:
        self.versions[uri] += 1
        self.client.text_document_did_change(T.DidChangeTextDocumentParams(
            text_document=T.VersionedTextDocumentIdentifier(uri=uri, version=self.versions[uri]),
            content_changes=[T.TextDocumentContentChangeWholeDocument(text=text)]))

    async def wait_diagnostics(self, uri: str, predicate: Any, timeout: float = 60.0) -> list[T.Diagnostic]:
        """Wait until the diagnostics published for ``uri`` satisfy ``predicate``."""
        async def loop() -> list[T.Diagnostic]:
            while True:
                if uri in self.diagnostics and predicate(self.diagnostics[uri]):
                    return self.diagnostics[uri]
                self.published.clear()
                await self.published.wait()

        return await asyncio.wait_for(loop(), timeout)

    async def hover(self, uri: str, line: int, col: int) -> T.Hover | None:
        return await self.client.text_document_hover_async(T.HoverParams(
            text_document=T.TextDocumentIdentifier(uri=uri), position=T.Position(line=line, character=col)))

    async def complete(self, uri: str, line: int, col: int) -> list[T.CompletionItem]:
        result = await self.client.text_document_completion_async(T.CompletionParams(
            text_document=T.TextDocumentIdentifier(uri=uri), position=T.Position(line=line, character=col)))
        if result is None:
            return []
        return list(result.items if isinstance(result, T.CompletionList) else result)

    async def definition(self, uri: str, line: int, col: int) -> Any:
        return await self.client.text_document_definition_async(T.DefinitionParams(
            text_document=T.TextDocumentIdentifier(uri=uri), position=T.Position(line=line, character=col)))

    async def code_actions(self, uri: str, diagnostic: T.Diagnostic) -> list[T.CodeAction]:
        result = await self.client.text_document_code_action_async(T.CodeActionParams(
            text_document=T.TextDocumentIdentifier(uri=uri), range=diagnostic.range,
            context=T.CodeActionContext(diagnostics=[diagnostic])))
        return [a for a in result or [] if isinstance(a, T.CodeAction)]


def apply_edits(text: str, edits: list[T.TextEdit]) -> str:
    """Apply LSP text edits (positions in characters) to ``text``."""
    lines = text.split("\n")
    offsets = [0]
    for line in lines:
        offsets.append(offsets[-1] + len(line) + 1)

    def at(p: T.Position) -> int:
        return offsets[p.line] + p.character

    for e in sorted(edits, key=lambda e: at(e.range.start), reverse=True):
        text = text[: at(e.range.start)] + e.new_text + text[at(e.range.end):]
    return text
