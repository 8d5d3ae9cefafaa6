"""Requests sent straight to the sandbox's ASGI app, in this process, on one event loop: no socket, no
HTTP client, no thread or event loop started per request.

Starlette's test client starts a portal thread with a fresh event loop for every request made outside a
``with`` block and goes through httpx; that costs tens of milliseconds a request, which is what bounded the
API fuzz to a few hundred examples.  Here a request is one ``app(scope, receive, send)`` call: the fuzz
drives the very app ``bpdsl serve`` runs (routing, the same-origin middleware, the handlers, their worker
threads) about a hundred times faster, so it runs thousands of examples per endpoint in seconds.

The scope is built as uvicorn builds it: ``path`` percent-decoded from ``raw_path``, header names
lower-cased, header values as bytes.
"""
from __future__ import annotations

import asyncio
import json
from dataclasses import dataclass
from typing import Any, Mapping
from urllib.parse import unquote, urlencode

Header = tuple[str, "str | bytes"]


@dataclass(frozen=True)
class Answer:
    status_code: int
    content: bytes

    @property
    def text(self) -> str:
        return self.content.decode("utf-8", "replace")

    def json(self) -> Any:
        return json.loads(self.content)


class DirectClient:
    """A client of ``app`` that calls it directly; ``headers`` are sent with every request (as the test
    client's ``headers=``), ``host`` is the ``Host`` header."""

    def __init__(self, app: Any, headers: Mapping[str, str] | None = None, host: str = "127.0.0.1:8000"):
        self.app = app
        self.loop = asyncio.new_event_loop()
        self.headers = {"host": host, **{k.lower(): v for k, v in (headers or {}).items()}}

    def close(self) -> None:
        self.loop.close()

    def request(self, method: str, path: str, *, params: Mapping[str, str] | None = None, content: bytes = b"",
                headers: Mapping[str, str | bytes] | None = None, json_body: Any = None) -> Answer:
        """``path`` as it goes on the wire (percent-encoded, may hold ``?query``); ``params`` appended to
        the query string."""
        if json_body is not None:
            content = json.dumps(json_body).encode()
            headers = {"content-type": "application/json", **(headers or {})}
        raw_path, _, query = path.partition("?")
        if params:
            query = "&".join(q for q in (query, urlencode(params)) if q)
        sent = {**self.headers, **{k.lower(): v for k, v in (headers or {}).items()}}
        if content:
            sent["content-length"] = str(len(content))
        scope = {
            "type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": method,
            "scheme": "http", "path": unquote(raw_path), "raw_path": raw_path.encode("ascii", "replace"),
            "query_string": query.encode("ascii", "replace"), "root_path": "",
            "server": ("127.0.0.1", 8000), "client": ("127.0.0.1", 50000),
            "headers": [(k.encode("latin-1"), v if isinstance(v, bytes) else v.encode("utf-8"))
                        for k, v in sent.items()],
        }
        return self.loop.run_until_complete(self._call(scope, content))

    async def _call(self, scope: dict[str, Any], body: bytes) -> Answer:
        incoming = [{"type": "http.request", "body": body, "more_body": False}]
        status: list[int] = []
        chunks: list[bytes] = []

        async def receive() -> dict[str, Any]:
            if incoming:
                return incoming.pop()
            await asyncio.Event().wait()  # as a server does: nothing more until the client goes away
            raise AssertionError("unreachable")

        async def send(message: dict[str, Any]) -> None:
            if message["type"] == "http.response.start":
                status.append(message["status"])
            elif message["type"] == "http.response.body":
                chunks.append(message.get("body", b""))

        try:
            await self.app(scope, receive, send)
        except Exception:  # noqa: BLE001 - re-raised by Starlette after its 500 was sent: the answer counts
            if not status:
                raise
        return Answer(status[0], b"".join(chunks))

    def get(self, path: str, **kw: Any) -> Answer:
        return self.request("GET", path, **kw)

    def post(self, path: str, **kw: Any) -> Answer:
        return self.request("POST", path, **kw)


__all__ = ["Answer", "DirectClient"]
