"""Reading a request's body, in one place: every route reads its body through :func:`read_json` or
:func:`read_body`, bounded in bytes before it is parsed (``tests/web/test_routes_shape.py`` checks that no
route reads ``request.body()`` or ``request.json()`` itself).  What a value must be once parsed is
:mod:`bpdsl.web.guard`'s."""
from __future__ import annotations

from typing import Any

from starlette.requests import ClientDisconnect, Request

from bpdsl.web.guard import parse_json, text
from bpdsl.web.tables import Refused

MAX_JSON = 64 * 1024  # a request body of the API (a scenario file's text included)
MAX_SMALL = 4096  # a choice, a note, quit, undo: a few fields
MAX_TEXT = 200  # an edition, format, opponent, regulation or scenario file name


async def read_body(request: Request, limit: int) -> bytes:
    """The request body, refused with 413 beyond ``limit`` bytes (read no further than that)."""
    declared = request.headers.get("content-length")
    if declared is not None and declared.isdigit() and int(declared) > limit:
        raise Refused(413, f"the request body is larger than {limit} bytes")
    body = bytearray()
    try:
        async for chunk in request.stream():
            body += chunk
            if len(body) > limit:
                raise Refused(413, f"the request body is larger than {limit} bytes")
    except ClientDisconnect:  # nobody is left to answer; the answer says why, for the record
        raise Refused(400, "the client went away before the request body was sent") from None
    return bytes(body)


async def read_json(request: Request, limit: int = MAX_JSON) -> dict[str, Any]:
    """The request body as a JSON object (:func:`bpdsl.web.guard.parse_json`: depth, numbers, text)."""
    data = parse_json(await read_body(request, limit) or b"{}")
    if not isinstance(data, dict):
        raise Refused(400, "the request body must be a JSON object")
    return data


def optional_text(data: dict[str, Any], key: str, default: str, limit: int = MAX_TEXT) -> str:
    """A text field that may be left out (or empty): ``default`` then."""
    value = data.get(key)
    return default if value is None or value == "" else text(value, key, limit)


__all__ = ["MAX_JSON", "MAX_SMALL", "MAX_TEXT", "optional_text", "read_body", "read_json"]
