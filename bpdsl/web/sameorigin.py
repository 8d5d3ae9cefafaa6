"""Only the sandbox's own pages may use it: an ASGI middleware in front of every route.

A sandbox listens on this machine, and any web page the user visits can make the browser send requests to
``http://127.0.0.1:8000``.  Three checks, each answering 403 with a JSON error before a route runs:

1. **Host** — the ``Host`` header must name this machine by address (``127.0.0.1``, ``[::1]``, any IP
   literal the server was reached at) or ``localhost``, or one of the names the app was given.  A page of
   ``evil.example`` whose name is made to resolve to 127.0.0.1 (DNS rebinding) sends ``Host: evil.example``
   and is refused, for reads as well as writes.
2. **Origin** — a request that changes state (any method but GET/HEAD/OPTIONS) that carries an ``Origin``
   must come from the same scheme, host and port as the request's ``Host``.  Browsers send ``Origin`` with
   every cross-site POST.
3. **A header no form can send** — a request that changes state must be ``Content-Type: application/json``
   or carry ``X-Bpdsl-Client``.  Neither can be sent across sites without a CORS preflight, which this
   server never grants; so a browser old enough to omit ``Origin`` is stopped as well.

Clients that are not browsers (curl, scripts) are unaffected as long as they send one of the two.
"""
from __future__ import annotations

import ipaddress
import json
from typing import Any, Awaitable, Callable, Iterable
from urllib.parse import urlsplit

CLIENT_HEADER = "x-bpdsl-client"
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
# Starlette's test client calls itself "testserver": a single-label name no public DNS can resolve, so a
# foreign page cannot rebind to it.
DEFAULT_NAMES = frozenset({"localhost", "testserver"})

Scope = dict[str, Any]
ASGIApp = Callable[[Scope, Callable[[], Awaitable[Any]], Callable[[Any], Awaitable[None]]], Awaitable[None]]


def split_host(host: str) -> tuple[str, str]:
    """(name, port) of a Host header value; the name lower-cased and without IPv6 brackets."""
    host = host.strip().lower()
    if host.startswith("["):
        name, _, rest = host[1:].partition("]")
        return name, rest[1:] if rest.startswith(":") else ""
    name, _, port = host.partition(":")
    return name, port


def host_allowed(host: str, names: frozenset[str]) -> bool:
    name, port = split_host(host)
    if port and not port.isdigit():
        return False
    if name in names:
        return True
    try:
        ipaddress.ip_address(name)
    except ValueError:
        return False
    return True


def same_origin(origin: str, host: str, scheme: str) -> bool:
    """Whether the ``Origin`` header names the server the request was sent to."""
    try:
        parts = urlsplit(origin)
        port = parts.port
    except ValueError:
        return False
    default = {"http": 80, "https": 443}.get(parts.scheme)
    name, host_port = split_host(host)
    want_port = int(host_port) if host_port.isdigit() else {"http": 80, "https": 443}.get(scheme)
    return (parts.scheme == scheme and (parts.hostname or "") == name
            and (port if port is not None else default) == want_port)


class SameOrigin:
    """The checks above, around ``app``; ``names``: further host names to accept (a ``--host`` given by
    name)."""

    def __init__(self, app: ASGIApp, names: Iterable[str] = ()):
        self.app = app
        self.names = DEFAULT_NAMES | {n.lower().strip("[]") for n in names}

    async def __call__(self, scope: Scope, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = {k.decode("latin-1"): v.decode("latin-1") for k, v in scope.get("headers", [])}
        host = headers.get("host", "")
        why = None
        if not host_allowed(host, self.names):
            why = (f"this sandbox answers only to this machine's own address, not to the host {host[:80]!r} "
                   "(open it at http://127.0.0.1:PORT/)")
        elif scope.get("method", "GET") not in SAFE_METHODS:
            origin = headers.get("origin")
            if origin is not None and not same_origin(origin, host, scope.get("scheme", "http")):
                why = f"a request from another site ({origin[:80]!r}) cannot change this sandbox"
            elif (headers.get("content-type", "").split(";")[0].strip().lower() != "application/json"
                  and CLIENT_HEADER not in headers):
                why = ("a request that changes the sandbox must be sent by its own page (JSON, or the "
                       f"{CLIENT_HEADER} header)")
        if why is None:
            await self.app(scope, receive, send)
            return
        body = json.dumps({"error": why}, ensure_ascii=False).encode("utf-8")
        await send({"type": "http.response.start", "status": 403,
                    "headers": [(b"content-type", b"application/json"),
                                (b"content-length", str(len(body)).encode())]})
        await send({"type": "http.response.body", "body": body})


__all__ = ["CLIENT_HEADER", "SameOrigin", "host_allowed", "same_origin"]
