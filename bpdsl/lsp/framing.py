"""The language server's own reading of LSP frames (``Content-Length: N`` headers, a blank line, N bytes of
JSON), strict where pygls's loop is lenient.

pygls skips a header it cannot read and goes on reading lines: after ``Content-Length: abc``, ``-5`` or a
header block without a length, the body that follows is taken for header lines, the next frame's header is
glued to it, and the server waits forever without a word.  Here every frame either is read or ends the
session:

* a header that cannot be read (no ``Content-Length``, a length that is not a decimal number, one beyond
  :data:`MAX_BODY`, two different lengths, a header line without ``:`` or longer than
  :data:`MAX_HEADER_LINE`, the input ending inside a frame) leaves no way to know where the next frame
  starts: the server says why on standard error and closes (:class:`FramingError`, exit status 1);
* a frame whose body is not JSON, or JSON that is not a JSON-RPC message, is answered with the JSON-RPC
  error it is (-32700 parse error, -32600 invalid request; with the request's id when it has one) and the
  server reads on: the framing itself is intact.
"""
from __future__ import annotations

import asyncio
import json
import logging
import sys
from typing import Any, Awaitable, BinaryIO, Callable

MAX_HEADER_LINE = 8 * 1024  # bytes of one header line (real ones are under 100)
MAX_HEADERS = 32  # header lines of one frame
MAX_BODY = 64 * 1024 * 1024  # bytes of one message (a whole definitions file opened is well under 2 MB)
PARSE_ERROR = -32700
INVALID_REQUEST = -32600

logger = logging.getLogger(__name__)


class FramingError(Exception):
    """The input is not LSP framing any more: where the next message starts cannot be known."""


async def read_frame(readline: Callable[[int], Awaitable[bytes]], read: Callable[[int], Awaitable[bytes]]) -> bytes | None:
    """The body of the next frame; None when the input ends between frames.  ``readline(limit)`` and
    ``read(n)`` read the input (as :class:`io.BufferedReader` does, in a worker thread)."""
    length: int | None = None
    headers = 0
    while True:
        line = await readline(MAX_HEADER_LINE + 1)
        if not line:
            if headers:
                raise FramingError("the input ended inside a message's header")
            return None
        if len(line) > MAX_HEADER_LINE or not line.endswith(b"\n"):
            if not line.endswith(b"\n") and len(line) <= MAX_HEADER_LINE:
                raise FramingError("the input ended inside a message's header")
            raise FramingError(f"a header line longer than {MAX_HEADER_LINE} bytes")
        text = line.rstrip(b"\r\n")
        if not text:
            if headers:
                break
            continue  # blank lines between two messages: tolerated, as other servers do
        headers += 1
        if headers > MAX_HEADERS:
            raise FramingError(f"a message with more than {MAX_HEADERS} header lines")
        name, colon, value = text.partition(b":")
        if not colon:
            raise FramingError(f"a header line without ':' ({_show(text)})")
        if name.strip().lower() != b"content-length":
            continue  # Content-Type and others: nothing to do with them
        digits = value.strip()
        if not (digits.isdigit() and digits.isascii()) or len(digits) > 12:
            raise FramingError(f"Content-Length is not a number of bytes ({_show(digits)})")
        n = int(digits)
        if n > MAX_BODY:
            raise FramingError(f"Content-Length {n} is beyond the {MAX_BODY} bytes a message may have")
        if length is not None and n != length:
            raise FramingError(f"two different Content-Length headers ({length} and {n})")
        length = n
    if length is None:
        raise FramingError("a message header without Content-Length")
    body = await read(length)
    if len(body) < length:
        raise FramingError(f"the input ended inside a message's body ({len(body)} of {length} bytes)")
    return body


def _show(raw: bytes) -> str:
    shown = raw.decode("utf-8", "replace")
    return repr(shown if len(shown) <= 40 else shown[:37] + "...")


def _error_answer(msg_id: Any, code: int, message: str) -> dict[str, Any]:
    return {"jsonrpc": "2.0", "id": msg_id, "error": {"code": code, "message": message}}


def decode(body: bytes, protocol: Any) -> tuple[Any, dict[str, Any] | None]:
    """The message of a frame's body, or the JSON-RPC error to answer it with."""
    try:
        data = json.loads(body)
    except (ValueError, RecursionError) as exc:  # UnicodeDecodeError is a ValueError
        return None, _error_answer(None, PARSE_ERROR, f"the message is not JSON: {str(exc)[:200]}")
    if not isinstance(data, dict) or data.get("jsonrpc") != "2.0" or not (
            isinstance(data.get("method"), str) or "id" in data):
        msg_id = data.get("id") if isinstance(data, dict) and isinstance(data.get("id"), (int, str)) else None
        return None, _error_answer(msg_id, INVALID_REQUEST, "the message is not a JSON-RPC 2.0 request, "
                                                            "notification or response")
    msg_id = data.get("id") if isinstance(data.get("id"), (int, str)) else None
    try:
        return json.loads(body, object_hook=protocol.structure_message), None
    except Exception as exc:  # noqa: BLE001 - pygls's own structuring: parameters of the wrong shape
        code = getattr(exc, "CODE", INVALID_REQUEST)
        return None, _error_answer(msg_id, code, f"the message cannot be read: {type(exc).__name__}")


async def serve(server: Any, stdin: BinaryIO, stdout: BinaryIO) -> None:
    """Read frames from ``stdin`` and hand them to ``server``'s protocol until the input ends, the server
    is stopped, or the framing breaks (:class:`FramingError`)."""
    loop = asyncio.get_running_loop()
    pool = server.thread_pool

    def readline(limit: int) -> Awaitable[bytes]:
        return loop.run_in_executor(pool, stdin.readline, limit)

    def read(n: int) -> Awaitable[bytes]:
        return loop.run_in_executor(pool, stdin.read, n)

    protocol = server.protocol
    while not server._stop_event.is_set():
        body = await read_frame(readline, read)
        if body is None:
            return
        message, answer = decode(body, protocol)
        if answer is not None:
            logger.warning("bad message from the editor: %s", answer["error"]["message"])
            protocol._send_data(answer)
            continue
        try:
            protocol.handle_message(message)
        except Exception as exc:  # noqa: BLE001 - one message's failure is told, the session goes on
            logger.exception("the message could not be handled")
            server.report_server_error(exc, type(exc))


def serve_stdio(server: Any, stdin: BinaryIO | None = None, stdout: BinaryIO | None = None) -> int:
    """Run ``server`` (a pygls server) on standard input and output; the exit status: 0 when the editor
    closed the session, 1 when its framing broke (said on standard error)."""
    import threading

    from pygls.io_ import StdoutWriter

    server._stop_event = threading.Event()
    server.protocol.set_writer(StdoutWriter(stdout or sys.stdout.buffer))
    try:
        asyncio.run(serve(server, stdin or sys.stdin.buffer, stdout or sys.stdout.buffer))
    except FramingError as exc:
        print(f"bpdsl lsp: the editor sent a malformed message: {exc}; closing the session "
              "(the editor may start the server again)", file=sys.stderr, flush=True)
        return 1
    except BrokenPipeError:
        print("bpdsl lsp: the editor closed the connection", file=sys.stderr, flush=True)
        return 0
    except SystemExit as exc:  # the editor's exit notification: 0 after a shutdown request, else 1
        return exc.code if isinstance(exc.code, int) else 0
    except KeyboardInterrupt:
        return 0
    finally:
        server.shutdown()
    return 0


__all__ = ["FramingError", "MAX_BODY", "decode", "read_frame", "serve", "serve_stdio"]
